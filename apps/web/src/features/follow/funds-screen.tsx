import { fundList, fundManagerSearch } from '@piazza/contract/calls/fund';
import { pageSizeMax } from '@piazza/contract/wire';
import { Button, Skeleton } from 'antd-mobile';
import { RightOutline, SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useSession } from '../../shared/session/use-session';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import productStyles from '../../shared/ui/products.module.css';
import { TabRow } from '../../shared/ui/tab-row';
import styles from './follow.module.css';
import { followPaths } from './follow-calls';
import { FundCard } from './fund-card';
import { MyFunds } from './my-funds';

const tabs = ['funds', 'mine'] as const;
type Tab = (typeof tabs)[number];

/**
 * The funds on offer, most followed first, each with its manager and its live return; a signed-in investor
 * also has "My funds" (`?tab=mine`): their followings and their profit. Guests browse.
 */
export function FundsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = signedIn && params.get('tab') === 'mine' ? 'mine' : 'funds';
  return (
    <div className={productStyles.list}>
      <button
        type="button"
        className={styles.linkRow}
        onClick={() => navigate(followPaths.search)}
        data-testid="follow-to-search"
      >
        <span>
          <SearchOutline /> {t('follow.searchManagers')}
        </span>
        <RightOutline />
      </button>
      {signedIn && (
        <TabRow
          options={tabs}
          value={tab}
          onChange={(next) => setParams(next === 'mine' ? { tab: 'mine' } : {}, { replace: true })}
          label={(option) => t(option === 'mine' ? 'follow.tab.mine' : 'follow.tab.funds')}
          testId={(option) => `follow-tab-${option}`}
          classes={{ row: productStyles.tabs, tab: productStyles.tab, tabOn: productStyles.tabOn }}
        />
      )}
      {tab === 'mine' ? <MyFunds onBrowse={() => setParams({}, { replace: true })} /> : <FundList />}
    </div>
  );
}

/** The active funds, most followed first, with "show more" up to a page of the largest size. */
function FundList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [size, setSize] = useState(20);
  const funds = useApiQuery(fundList, { size }, { staleTime: 0, refetchInterval: 60_000 });
  // The fund's answer names its manager without their photo; the managers' list has it.
  const managers = useApiQuery(fundManagerSearch, { size: pageSizeMax });
  const photoOf = (managerId: number) =>
    managers.data?.list.find((m) => m.id === managerId)?.photoUrl ?? null;
  return (
    <>
      <p className={listing.note}>{t('follow.intro')}</p>
      <p className={productStyles.past}>{t('follow.pastResults')}</p>
      {funds.isError ? (
        <LoadFailed onRetry={() => void funds.refetch()} />
      ) : !funds.data ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : funds.data.list.length === 0 ? (
        <p className={listing.empty} data-testid="funds-empty">
          {t('follow.noFunds')}
        </p>
      ) : (
        <>
          {funds.data.list.map((f) => (
            <FundCard
              key={f.id}
              fund={f}
              photoUrl={photoOf(f.managerId)}
              onOpen={() => navigate(followPaths.detail(f.id))}
            />
          ))}
          {funds.data.total > funds.data.list.length && size < pageSizeMax && (
            <Button
              block
              onClick={() => setSize((n) => Math.min(n + 20, pageSizeMax))}
              data-testid="funds-more"
            >
              {t('follow.more')}
            </Button>
          )}
        </>
      )}
    </>
  );
}
