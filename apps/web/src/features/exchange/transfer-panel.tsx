import { userAssets } from '@piazza/contract/calls/assets';
import type { coinTransfer, userTransfer } from '@piazza/contract/calls/funding';
import type { TransferAccount } from '@piazza/contract/enums';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Skeleton, Toast } from 'antd-mobile';
import { ArrowsAltOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { assetFigure } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { AmountBox } from './amount-box';
import { amountProblem, amountWire } from './amount-check';
import { accountBalance } from './balances';
import styles from './exchange.module.css';

interface TransferPanelProps {
  /** /user/transfer for currencies, /coin/transfer for coins: the same input and answer. */
  call: typeof userTransfer | typeof coinTransfer;
  assets: readonly string[];
}

/**
 * Moves an asset between the currency (spot) account and the contract account, free of charge (SPEC §1):
 * direction, asset, amount within what the source account holds.
 */
export function TransferPanel({ call, assets }: TransferPanelProps) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const overview = useApiQuery(userAssets, {}, { staleTime: 0 });
  useMoneyEvents([userAssets]);
  const ids = useSubmissionIds();
  const [from, setFrom] = useState<TransferAccount>('spot');
  const [asset, setAsset] = useState(assets[0] ?? 'EUR');
  const [typed, setTyped] = useState('');
  const [shownProblem, setShownProblem] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const to: TransferAccount = from === 'spot' ? 'contract' : 'spot';
  const source = accountBalance(overview.data, from, asset);
  const target = accountBalance(overview.data, to, asset);
  const problem = amountProblem(typed, source.scale, source.balance);

  const submit = async () => {
    setShownProblem(true);
    if (problem) return;
    const values = { from, to, asset, amount: amountWire(typed) };
    setSubmitting(true);
    try {
      const done = await api(call, { ...values, requestId: ids.idFor(values) });
      ids.settle();
      Toast.show({
        content: t(`exchange.transferDone.${done.to}`, {
          0: `${assetFigure(done.amount, done.asset, lang)} ${done.asset}`,
        }),
      });
      setTyped('');
      setShownProblem(false);
      await queryClient.invalidateQueries({ queryKey: [userAssets.path] });
    } catch {
      // Shown by the wrapper (balance, asset).
    }
    setSubmitting(false);
  };

  if (overview.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (overview.isError) return <LoadFailed onRetry={() => void overview.refetch()} />;

  return (
    <>
      <Card>
        <div className={styles.accounts}>
          <div className={styles.account} data-testid="transfer-from">
            <span className={styles.label}>{t('exchange.from')}</span>
            <span className={styles.accountName}>{t(`assets.purpose.${from}`)}</span>
            <span className={styles.label}>
              {assetFigure(source.balance, asset, lang)} {asset}
            </span>
          </div>
          <button
            type="button"
            className={styles.swap}
            onClick={() => {
              setFrom(to);
              setShownProblem(false);
            }}
            aria-label={t('exchange.swap')}
            data-testid="transfer-swap"
          >
            <ArrowsAltOutline />
          </button>
          <div className={styles.account} data-testid="transfer-to">
            <span className={styles.label}>{t('exchange.to')}</span>
            <span className={styles.accountName}>{t(`assets.purpose.${to}`)}</span>
            <span className={styles.label}>
              {assetFigure(target.balance, asset, lang)} {asset}
            </span>
          </div>
        </div>
      </Card>
      <Card>
        {assets.length > 1 && (
          <div className={styles.field}>
            <span className={styles.label}>{t('exchange.asset')}</span>
            <Selector
              columns={Math.min(assets.length, 3)}
              value={[asset]}
              onChange={(v) => v[0] && setAsset(v[0])}
              options={assets.map((a) => ({ label: a, value: a }))}
              data-testid="transfer-asset"
            />
          </div>
        )}
        <AmountBox
          label={t('exchange.transferAmount')}
          asset={asset}
          value={typed}
          onChange={setTyped}
          availableText={assetFigure(source.balance, asset, lang)}
          maxText={source.balance}
          error={shownProblem && problem ? t(problem) : null}
          testIdPrefix="transfer"
        />
        <p className={styles.freeNote}>
          <span className={styles.free} data-testid="transfer-no-fee">
            {t('exchange.noFee')}
          </span>
        </p>
        <Button
          block
          color="primary"
          size="large"
          loading={submitting}
          onClick={() => void submit()}
          data-testid="transfer-submit"
        >
          {t('exchange.transferSubmit')}
        </Button>
      </Card>
    </>
  );
}
