import type { OfferingKind, SubscriptionView } from '@piazza/contract/calls/primary-shapes';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import listing from '../../shared/ui/listing.module.css';
import productStyles from '../../shared/ui/products.module.css';
import { subscriptionTone } from './offering-text';
import styles from './offerings.module.css';
import { PayButton } from './pay-button';

/** One subscription as SPEC §4 names its state, with what it applied for, won, owes or paid. */
export function SubscriptionFigures({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const money = (amount: string) => moneyText(amount, s.currency, lang);
  const rows: Figure[] = [
    [
      t('offerings.lotsApplied'),
      `${s.lotsApplied} · ${formatNumber(s.quantityApplied, lang, 0)}`,
      `sub-applied-${s.id}`,
    ],
    [t('offerings.amountApplied'), money(s.amountApplied), `sub-amount-${s.id}`],
  ];
  if (s.amountFrozen !== '0' && !/^0\.0+$/.test(s.amountFrozen)) {
    rows.push([t('offerings.frozen'), money(s.amountFrozen), `sub-frozen-${s.id}`]);
  }
  if (s.lotsAllotted !== null) {
    rows.push([
      t('offerings.lotsAllotted'),
      `${s.lotsAllotted} · ${formatNumber(s.quantityAllotted ?? '0', lang, 0)}`,
      `sub-allotted-${s.id}`,
    ]);
  }
  if (s.amountDue !== null && s.state === 'allotted') {
    rows.push([t('offerings.amountDue'), money(s.amountDue), `sub-due-${s.id}`]);
    rows.push([t('offerings.payBy'), formatDate(s.payBy), `sub-payby-${s.id}`]);
  }
  if (s.state === 'paid' && s.amountDue !== null)
    rows.push([t('offerings.amountPaid'), money(s.amountDue), `sub-paid-${s.id}`]);
  if (s.deliveredAt !== null)
    rows.push([t('offerings.delivered'), formatDate(s.deliveredAt), `sub-delivered-${s.id}`]);
  return <FigureList figures={rows} />;
}

export function SubscriptionCard({
  kind,
  subscription,
  onOpen,
}: {
  kind: OfferingKind;
  subscription: SubscriptionView;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const s = subscription;
  return (
    <section className={productStyles.panel} data-testid={`subscription-${s.id}`}>
      <button
        type="button"
        className={productStyles.titleButton}
        onClick={onOpen}
        data-testid={`subscription-open-${s.id}`}
      >
        <span className={listing.name}>{s.name}</span>
        <span className={listing.symbol}>{s.symbol}</span>
      </button>
      <div className={listing.badges}>
        <span className={styles[subscriptionTone(s.state)]} data-testid={`subscription-state-${s.id}`}>
          {t(`offerings.sub.${s.state}`)}
        </span>
        {s.automatic && <span className={styles.quiet}>{t('offerings.automatic')}</span>}
      </div>
      <SubscriptionFigures subscription={s} />
      <PayButton kind={kind} subscription={s} />
    </section>
  );
}
