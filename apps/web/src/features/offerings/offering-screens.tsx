import {
  type OfferingKind,
  type OfferingView,
  type SubscriptionState,
  subscriptionStates,
} from '@piazza/contract/calls/primary-shapes';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
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
import { TabRow } from '../../shared/ui/tab-row';
import { AllotmentSection } from './allotment-section';
import { ApplyTicket } from './apply-ticket';
import { offeringCallsOf, offeringPaths, offeringRefreshCalls } from './offering-calls';
import { OfferingBadges, OfferingCard } from './offering-card';
import styles from './offerings.module.css';
import { PayButton } from './pay-button';
import { SubscriptionCard, SubscriptionFigures } from './subscription-card';

/* The four screens every kind of offering has: the list, one offering, the application, my subscriptions. */

const sections = ['today', 'coming', 'list'] as const;
type Section = (typeof sections)[number];

function Listing({ kind, section }: { kind: OfferingKind; section: Section }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [size, setSize] = useState(20);
  const calls = offeringCallsOf[kind];
  const live = { staleTime: 0, refetchInterval: 30_000 };
  const all = useApiQuery(calls.list, { size }, { ...live, enabled: section === 'list' });
  const today = useApiQuery(calls.today, {}, { ...live, enabled: section === 'today' });
  const coming = useApiQuery(calls.coming, {}, { ...live, enabled: section === 'coming' });
  const query = section === 'list' ? all : section === 'today' ? today : coming;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton.Paragraph lineCount={8} animated />;
  const data = query.data as { list: OfferingView[]; total?: number };
  if (data.list.length === 0) {
    return (
      <p className={listing.empty} data-testid={`offerings-empty-${section}`}>
        {t(`offerings.empty.${section}`)}
      </p>
    );
  }
  return (
    <>
      {data.list.map((o) => (
        <OfferingCard key={o.id} offering={o} onOpen={() => navigate(offeringPaths(o.kind).detail(o.id))} />
      ))}
      {data.total !== undefined && data.total > data.list.length && (
        <Button block onClick={() => setSize((s) => s + 20)} data-testid="offerings-more">
          {t('offerings.more')}
        </Button>
      )}
    </>
  );
}

/** The list page: open now, coming, all; an IPO list also shows the offline placements open now. */
export function OfferingListScreen({ kind }: { kind: 'ipo' | 'ico' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [section, setSection] = useState<Section>('today');
  useMoneyEvents(offeringRefreshCalls(kind));
  return (
    <div className={productStyles.list}>
      <TabRow
        options={sections}
        value={section}
        onChange={setSection}
        label={(s) => t(`offerings.section.${s}`)}
        testId={(s) => `offerings-section-${s}`}
        classes={{ row: styles.tabs, tab: productStyles.tab, tabOn: productStyles.tabOn }}
      />
      <Listing kind={kind} section={section} />
      {kind === 'ipo' && (
        <>
          <h2 className={styles.section}>{t('offerings.offlineTitle')}</h2>
          <Listing kind="offline" section={section} />
        </>
      )}
      {session.signedIn && (
        <Button block onClick={() => navigate(offeringPaths(kind).mine)} data-testid="offerings-mine">
          {t('offerings.mine')}
        </Button>
      )}
    </div>
  );
}

/** One offering: its terms, document, the reader's subscription and what to do next, and the allotment. */
export function OfferingDetailScreen({ kind, id }: { kind: OfferingKind; id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const session = useSession();
  const info = useApiQuery(offeringCallsOf[kind].info, { id }, { enabled: id > 0, staleTime: 0 });
  useMoneyEvents(offeringRefreshCalls(kind));
  if (!(id > 0)) return <MissingRecord listPath={offeringPaths(kind).list} />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton.Paragraph lineCount={12} animated />;
  const { offering: o, lines } = info.data;
  const money = (amount: string) => moneyText(amount, o.currency, lang);
  const unit = t(kind === 'ico' ? 'offerings.coins' : 'offerings.shares');
  const terms: Figure[] = [
    [t('offerings.issuePrice'), money(o.issuePrice), 'offering-issue-price'],
    [t('offerings.offerPrice'), money(o.offerPrice), 'offering-offer-price'],
    [t('offerings.lotSize'), `${formatNumber(o.lotSize, lang, 0)} ${unit}`, 'offering-lot-size'],
    [t('offerings.lotsPerInvestor'), `${o.minLots} – ${o.maxLots}`, 'offering-lots'],
    [t('offerings.lotsOffered'), formatNumber(String(o.lotsOffered), lang, 0), 'offering-lots-offered'],
    [t('offerings.window'), `${formatDate(o.opensAt)} – ${formatDate(o.closesAt)}`, 'offering-window'],
    [t('offerings.allotsAt'), formatDate(o.allotsAt), 'offering-allots'],
    [t('offerings.payBy'), formatDate(o.payBy), 'offering-pay-by'],
    [t('offerings.listsAt'), formatDate(o.listsAt), 'offering-lists'],
  ];
  if (o.isin) terms.splice(0, 0, [t('offerings.isin'), o.isin, 'offering-isin']);
  const canApply = o.state === 'open' && o.mine === null;
  return (
    <>
      <Card testId="offering-terms">
        <h2 className={listing.name}>{o.name}</h2>
        <p className={listing.symbol}>{o.symbol}</p>
        <OfferingBadges offering={o} />
        {o.description && <p className={listing.note}>{o.description}</p>}
        <FigureList figures={terms} />
        <p className={listing.note}>
          <a
            className={styles.link}
            href={o.documentUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="offering-document"
          >
            {t(kind === 'ico' ? 'offerings.whitePaper' : 'offerings.prospectus')}
          </a>
        </p>
        {canApply && (
          <div className={productStyles.actions}>
            <Button
              block
              color="primary"
              onClick={() => navigate(session.signedIn ? offeringPaths(kind).order(o.id) : paths.login)}
              data-testid="offering-apply"
            >
              {t('offerings.applyNow')}
            </Button>
          </div>
        )}
      </Card>
      {o.mine && (
        <Card title={t('offerings.yourSubscription')} testId="offering-mine">
          <OfferingBadges offering={o} />
          <SubscriptionFigures subscription={o.mine} />
          <p className={listing.note}>{t(`offerings.next.${o.mine.state}`)}</p>
          <SubscriptionActions kind={kind} offering={o} />
        </Card>
      )}
      <AllotmentSection offering={o} lines={lines} />
    </>
  );
}

function SubscriptionActions({ kind, offering }: { kind: OfferingKind; offering: OfferingView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!offering.mine) return null;
  if (offering.mine.state === 'allotted') {
    return <PayButton kind={kind} subscription={offering.mine} />;
  }
  if (offering.mine.deliveredAt !== null) {
    return (
      <Button
        block
        onClick={() => navigate(offeringPaths(kind).positions)}
        data-testid="offering-to-positions"
      >
        {t('offerings.toPositions')}
      </Button>
    );
  }
  return null;
}

/** The application page. */
export function OfferingOrderScreen({ kind, id }: { kind: OfferingKind; id: number }) {
  const info = useApiQuery(offeringCallsOf[kind].info, { id }, { enabled: id > 0, staleTime: 0 });
  if (!(id > 0)) return <MissingRecord listPath={offeringPaths(kind).list} />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton.Paragraph lineCount={8} animated />;
  return <ApplyTicket offering={info.data.offering} />;
}

const stateFilters = ['all', ...subscriptionStates] as const;

/** My subscriptions, by state, each with its figures and a pay button while allotted. */
export function SubscriptionsScreen({ kind }: { kind: OfferingKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<(typeof stateFilters)[number]>('all');
  const [size, setSize] = useState(20);
  const mine = useApiQuery(
    offeringCallsOf[kind].mine,
    { size, ...(state === 'all' ? {} : { state: state as SubscriptionState }) },
    { staleTime: 0 },
  );
  useMoneyEvents(offeringRefreshCalls(kind));
  return (
    <div className={productStyles.list}>
      <label className={styles.section} htmlFor="subscription-filter">
        {t('offerings.filter')}
      </label>
      <select
        id="subscription-filter"
        value={state}
        onChange={(e) => setState(e.target.value as (typeof stateFilters)[number])}
        className={styles.select}
        data-testid="subscriptions-filter"
      >
        {stateFilters.map((s) => (
          <option key={s} value={s}>
            {s === 'all' ? t('offerings.filterAll') : t(`offerings.sub.${s}`)}
          </option>
        ))}
      </select>
      {mine.isError ? (
        <LoadFailed onRetry={() => void mine.refetch()} />
      ) : !mine.data ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : mine.data.list.length === 0 ? (
        <p className={listing.empty} data-testid="subscriptions-empty">
          {t('offerings.noSubscriptions')}
        </p>
      ) : (
        <>
          {mine.data.list.map((s) => (
            <SubscriptionCard
              key={s.id}
              kind={kind}
              subscription={s}
              onOpen={() => navigate(offeringPaths(kind).detail(s.offeringId))}
            />
          ))}
          {mine.data.total > mine.data.list.length && (
            <Button block onClick={() => setSize((n) => n + 20)}>
              {t('offerings.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
