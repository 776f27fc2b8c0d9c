import { stockAiInfo } from '@piazza/contract/calls/robot';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { fractionPercent, navText } from '../../shared/figures/figure-text';
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
import { BasketSection } from './basket-section';
import { robotPaths, robotRefreshCalls } from './robot-calls';
import { LiveReturn, RobotBadges } from './robot-card';
import { SimulateBox } from './simulate-box';
import { SubscribeTicket } from './subscribe-ticket';

/**
 * One product: what it is and its terms, its risk class, the basket, the backtest and the live record kept
 * apart, a simulation, and the subscription ticket below them all, opened by "Subscribe".
 */
export function DetailScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [subscribing, setSubscribing] = useState(false);
  const ticket = useRef<HTMLDivElement>(null);
  const info = useApiQuery(stockAiInfo, { id }, { enabled: id > 0, staleTime: 0 });
  useMoneyEvents(robotRefreshCalls);
  useEffect(() => {
    if (subscribing) ticket.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [subscribing]);
  if (!(id > 0)) return <MissingRecord listPath={robotPaths.products} />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton.Paragraph lineCount={12} animated />;
  const { robot: r, backtest, backtestSeries, live, liveSeries } = info.data;
  const money = (amount: string) => moneyText(amount, r.currency, lang);
  const terms: Figure[] = [
    [t('robot.term.strategy'), t(`robot.strategy.${r.strategy}`), 'robot-strategy'],
    [t('robot.term.period'), t('robot.days', { count: r.periodDays, 0: r.periodDays }), 'robot-period'],
    [t('robot.term.lock'), t('robot.days', { count: r.lockDays, 0: r.lockDays }), 'robot-lock'],
    [
      t('robot.term.earlyExit'),
      t(r.earlyExit ? 'robot.earlyExitYes' : 'robot.earlyExitNo'),
      'robot-early-exit',
    ],
    [t('robot.term.min'), money(r.minAmount), 'robot-min'],
    [t('robot.term.max'), money(r.maxAmount), 'robot-max'],
    [t('robot.term.fee'), t('robot.perYear', { 0: fractionPercent(r.managementFee, lang) }), 'robot-fee'],
    [t('robot.term.launched'), formatDate(r.launchedAt), 'robot-launched'],
    [t('robot.term.bookValue'), money(r.bookValue), 'robot-book-value'],
    [t('robot.term.subscribers'), String(r.subscribers), 'robot-subscribers'],
  ];
  const subscribe = () => (signedIn ? setSubscribing(true) : navigate(paths.login));
  return (
    <>
      <Card testId="robot-head">
        <h2 className={listing.name}>{r.name}</h2>
        <RobotBadges robot={r} />
        <p className={listing.note}>{t(`robot.strategyAbout.${r.strategy}`)}</p>
        <div className={productStyles.headline}>
          <LiveReturn robot={r} />
          <div>
            <div className={productStyles.headlineLabel}>{t('robot.nav')}</div>
            <span className={productStyles.returnValue} data-testid="robot-nav">
              {navText(r.nav, lang)}
            </span>
          </div>
        </div>
        {r.navAt !== null && (
          <p className={listing.note}>{t('robot.navAt', { 0: formatDateTime(r.navAt) })}</p>
        )}
        <div className={productStyles.actions}>
          <Button
            block
            color="primary"
            disabled={r.status !== 'active'}
            onClick={subscribe}
            data-testid="robot-subscribe"
          >
            {t(r.status === 'active' ? 'robot.subscribe' : 'robot.paused')}
          </Button>
        </div>
      </Card>
      <Card title={t('robot.termsTitle')} testId="robot-terms">
        <FigureList figures={terms} />
        <p className={listing.note}>{t('robot.feeNote')}</p>
      </Card>
      <RiskScale riskClass={r.riskClass} how={t('robot.risk.how')} testPrefix="robot" />
      <p className={productStyles.past} data-testid="robot-past-results">
        {t('robot.pastResults')}
      </p>
      <MeasuredBlock
        kind="backtest"
        figures={backtest}
        series={backtestSeries}
        currency={r.currency}
        testPrefix="robot"
      />
      <MeasuredBlock
        kind="live"
        figures={live}
        series={liveSeries}
        currency={r.currency}
        testPrefix="robot"
      />
      <BasketSection id={r.id} currency={r.currency} />
      <SimulateBox robot={r} />
      {subscribing && signedIn ? (
        <div ref={ticket}>
          <SubscribeTicket robot={r} />
        </div>
      ) : (
        r.status === 'active' && (
          <Button block color="primary" onClick={subscribe} data-testid="robot-subscribe-bottom">
            {t('robot.subscribe')}
          </Button>
        )
      )}
      {signedIn && (
        <div className={productStyles.actions}>
          <Button block fill="none" onClick={() => navigate(robotPaths.orders)} data-testid="robot-to-mine">
            {t('robot.mine')}
          </Button>
        </div>
      )}
    </>
  );
}
