import type { FundingState } from '@piazza/contract/enums';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { moneyText } from '../../shared/money/money-text';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { Page } from '../../shared/ui/page';
import styles from './funding.module.css';
import { fundingPaths } from './funding-paths';
import { FundingStateTag } from './funding-state';

/*
 * What the deposit and withdrawal detail pages share: the page that reads its record's ?id=, the head with
 * the amount, the state as it moves and a failure's reason, and the two ways on.
 */

/** A signed-in page for the record `?id=`; a missing or malformed id says "not found". */
export function RecordPage(props: {
  title: string;
  missingTestId: string;
  children: (id: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  return (
    <Page title={props.title}>
      <RequireSession>
        {() =>
          Number.isSafeInteger(id) && id > 0 ? (
            props.children(id)
          ) : (
            <Card testId={props.missingTestId}>{t('funding.notFound')}</Card>
          )
        }
      </RequireSession>
    </Page>
  );
}

/** The amount and state of a request, what the state means, and why it failed when it did. */
export function RecordSummary(props: {
  amount: string;
  asset: string;
  state: FundingState;
  explain: string;
  reason: string | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const { testIdPrefix: id } = props;
  return (
    <>
      <div className={styles.recordHead}>
        <span className={styles.recordAmount} data-testid={`${id}-amount`}>
          {moneyText(props.amount, props.asset, lang)}
        </span>
        <FundingStateTag state={props.state} testId={`${id}-state`} />
      </div>
      <p className={styles.note}>{props.explain}</p>
      {props.state === 'fail' && props.reason && (
        <p className={styles.reason} data-testid={`${id}-reason`}>
          {t('funding.reason', { 0: props.reason })}
        </p>
      )}
    </>
  );
}

/** Back to the list the record belongs to, or to the assets page. */
export function RecordActions(props: { recordsLabel: string; recordsPath: string; testIdPrefix: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.actions}>
      <Button
        block
        color="primary"
        onClick={() => navigate(props.recordsPath)}
        data-testid={`${props.testIdPrefix}-records`}
      >
        {props.recordsLabel}
      </Button>
      <Button
        block
        onClick={() => navigate(fundingPaths.assets)}
        data-testid={`${props.testIdPrefix}-assets`}
      >
        {t('funding.toAssets')}
      </Button>
    </div>
  );
}
