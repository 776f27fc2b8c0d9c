import { fundInfoCall, fundOrderList, fundOrderProfitList } from '@piazza/contract/calls/fund';
import type { FundView } from '@piazza/contract/calls/fund-shapes';
import { pageSizeMax } from '@piazza/contract/wire';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { Button, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { fractionPercent } from '../../shared/figures/figure-text';
import { MeasuredBlock } from '../../shared/figures/measured-block';
import { RiskScale } from '../../shared/figures/risk-scale';
import { moneyText } from '../../shared/money/money-text';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { paths } from '../../shared/navigation/paths';
import { useSession } from '../../shared/session/use-session';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { MissingRecord } from '../../shared/ui/missing-record';
import productStyles from '../../shared/ui/products.module.css';
import { AddTicket } from './add-ticket';
import styles from './follow.module.css';
import { followPaths, followRefreshCalls } from './follow-calls';
import { FollowTicket } from './follow-ticket';
import { FollowingCard } from './following-card';
import { FundBadges, FundNav, FundReturn } from './fund-card';
import { followingsOf } from './fund-figures';
import { ManagerCard } from './manager-card';
import { RedeemAction } from './redeem-action';

/**
 * One fund: what it is and its terms, its manager, its risk class, the live record measured from its closes
 * with its NAV line, the way to its trades and holdings; for a follower their followings with "add" and
 * "stop following", for anyone else the follow ticket, opened by "Follow".
 */
export function DetailScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [following, setFollowing] = useState(false);
  const ticket = useRef<HTMLDivElement>(null);
  const info = useApiQuery(fundInfoCall, { id }, { enabled: id > 0, staleTime: 0 });
  const orders = useApiQuery(fundOrderList, { size: pageSizeMax }, { enabled: signedIn, staleTime: 0 });
  const profits = useApiQuery(
    fundOrderProfitList,
    { size: pageSizeMax },
    { enabled: signedIn, staleTime: 0 },
  );
  useMoneyEvents(followRefreshCalls);
  useEffect(() => {
    if (following) ticket.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [following]);
  if (!(id > 0)) return <MissingRecord listPath={followPaths.index} />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton.Paragraph lineCount={12} animated />;
  const { fund: f, manager, live, liveSeries } = info.data;
  const mine = orders.data ? followingsOf(orders.data.list, f.id) : [];
  // Until a signed-in investor's followings are read, neither "Follow" nor "Add" is offered.
  const known = !signedIn || orders.data !== undefined || orders.isError;
  const follows = mine.some((o) => o.state === 'active');
  const offerFollow = known && !follows;
  const follow = () => (signedIn ? setFollowing(true) : navigate(paths.login));
  return (
    <>
      <Card testId="fund-head">
        <h2 className={listing.name}>{f.name}</h2>
        <span className={styles.byline}>{t('follow.by', { 0: f.managerName })}</span>
        <FundBadges fund={f} />
        <p className={listing.note}>
          {f.mode === 'strategy' && f.strategy !== null
            ? t(`follow.strategyAbout.${f.strategy}`)
            : t('follow.mode.manualAbout', { 0: f.managerName })}
        </p>
        <div className={productStyles.headline}>
          <FundReturn fund={f} />
          <FundNav fund={f} />
        </div>
        <p className={listing.note} data-testid="fund-nav-at">
          {f.navAt === null ? t('follow.navNone') : t('follow.navAt', { 0: formatDateTime(f.navAt) })}
        </p>
        {offerFollow && (
          <div className={productStyles.actions}>
            <Button
              block
              color="primary"
              disabled={f.status !== 'active'}
              onClick={follow}
              data-testid="fund-follow"
            >
              {t(
                f.status === 'active'
                  ? signedIn
                    ? 'follow.follow'
                    : 'follow.signInToFollow'
                  : 'follow.paused',
              )}
            </Button>
          </div>
        )}
      </Card>
      {mine.map((o) => (
        <FollowingCard key={o.id} order={o} profit={profits.data?.list.find((p) => p.orderId === o.id)}>
          {o.state === 'active' && (
            <div className={productStyles.actions}>
              <AddTicket order={o} fund={f} />
              <RedeemAction order={o} />
            </div>
          )}
        </FollowingCard>
      ))}
      <FundTerms fund={f} />
      <ManagerCard manager={manager} />
      {f.riskClass === null ? (
        <Card title={t('follow.unratedTitle')} testId="fund-risk">
          <p className={listing.note}>{t('follow.unratedAbout')}</p>
        </Card>
      ) : (
        <RiskScale
          riskClass={f.riskClass}
          how={t(f.mode === 'strategy' ? 'follow.risk.howStrategy' : 'follow.risk.howManual')}
          testPrefix="fund"
        />
      )}
      <p className={productStyles.past} data-testid="fund-past-results">
        {t('follow.pastResults')}
      </p>
      <MeasuredBlock kind="live" figures={live} series={liveSeries} currency={f.currency} testPrefix="fund" />
      <button
        type="button"
        className={styles.linkRow}
        onClick={() => navigate(followPaths.stockList(f.id))}
        data-testid="fund-to-trades"
      >
        <span>{t('follow.tradesLink')}</span>
        <RightOutline />
      </button>
      {following && signedIn && offerFollow ? (
        <div ref={ticket}>
          <FollowTicket fund={f} onDone={() => setFollowing(false)} />
        </div>
      ) : (
        offerFollow &&
        f.status === 'active' && (
          <Button block color="primary" onClick={follow} data-testid="fund-follow-bottom">
            {t(signedIn ? 'follow.follow' : 'follow.signInToFollow')}
          </Button>
        )
      )}
      {signedIn && (
        <div className={productStyles.actions}>
          <Button block fill="none" onClick={() => navigate(followPaths.mine)} data-testid="fund-to-mine">
            {t('follow.tab.mine')}
          </Button>
        </div>
      )}
    </>
  );
}

/** The fund's terms: how it trades, its minimum, its fee, its basket, when it launched, its size. */
function FundTerms({ fund: f }: { fund: FundView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const money = (amount: string) => moneyText(amount, f.currency, lang);
  const terms: Figure[] = [
    [
      t('follow.term.mode'),
      f.mode === 'strategy' && f.strategy !== null
        ? t('follow.mode.strategyOf', { 0: t(`follow.strategy.${f.strategy}`) })
        : t('follow.mode.manual'),
      'fund-mode',
    ],
    [t('follow.term.min'), money(f.minAmount), 'fund-min'],
    [t('follow.term.fee'), t('follow.perYear', { 0: fractionPercent(f.managementFee, lang) }), 'fund-fee'],
    [t('follow.term.basket'), f.basket.join(', '), 'fund-basket'],
    [t('follow.term.exit'), t('follow.exitAnyTime'), 'fund-exit'],
    [t('follow.term.launched'), formatDate(f.launchedAt), 'fund-launched'],
    [t('follow.term.bookValue'), money(f.bookValue), 'fund-book-value'],
    [t('follow.term.followers'), String(f.followers), 'fund-followers'],
  ];
  return (
    <Card title={t('follow.termsTitle')} testId="fund-terms">
      <FigureList figures={terms} />
      <p className={listing.note}>{t('follow.feeNote')}</p>
    </Card>
  );
}
