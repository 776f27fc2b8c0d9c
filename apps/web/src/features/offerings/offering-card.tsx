import type { OfferingView } from '@piazza/contract/calls/primary-shapes';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import listing from '../../shared/ui/listing.module.css';
import { offeringTone, subscriptionTone } from './offering-text';
import styles from './offerings.module.css';

/** The offering's state, the reader's subscription state, discount and VIP badges. */
export function OfferingBadges({ offering }: { offering: OfferingView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const discounted = offering.discountPercent !== '0.00' && offering.discountPercent !== '0';
  return (
    <div className={listing.badges}>
      <span className={styles[offeringTone(offering.state)]} data-testid="offering-state">
        {t(`offerings.state.${offering.state}`)}
      </span>
      {offering.mine && (
        <span className={styles[subscriptionTone(offering.mine.state)]} data-testid="offering-mine-state">
          {t(`offerings.sub.${offering.mine.state}`)}
        </span>
      )}
      {discounted && (
        <span className={styles.quiet}>
          {t('offerings.discountBadge', { 0: formatNumber(offering.discountPercent, lang, 2) })}
        </span>
      )}
      {offering.vipOnly && <span className={styles.vip}>{t('offerings.vip')}</span>}
    </div>
  );
}

/** One offering in a list: issuer, badges, offer price, lot and window. */
export function OfferingCard({ offering, onOpen }: { offering: OfferingView; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <button
      type="button"
      className={listing.card}
      onClick={onOpen}
      data-testid={`offering-card-${offering.id}`}
    >
      <div className={listing.head}>
        <span className={listing.name}>{offering.name}</span>
        <span className={listing.symbol}>{offering.symbol}</span>
      </div>
      <OfferingBadges offering={offering} />
      <div className={listing.prices}>
        <span className={listing.price}>{moneyText(offering.offerPrice, offering.currency, lang)}</span>
        {offering.offerPrice !== offering.issuePrice && (
          <span className={listing.was}>{moneyText(offering.issuePrice, offering.currency, lang)}</span>
        )}
      </div>
      <div className={listing.facts}>
        <span>{t('offerings.lotOf', { 0: formatNumber(offering.lotSize, lang, 0) })}</span>
        <span>{t('offerings.lotsRange', { 0: offering.minLots, 1: offering.maxLots })}</span>
        <span>
          {t('offerings.windowShort', { 0: formatDate(offering.opensAt), 1: formatDate(offering.closesAt) })}
        </span>
        <span>{t('offerings.listsShort', { 0: formatDate(offering.listsAt) })}</span>
      </div>
    </button>
  );
}
