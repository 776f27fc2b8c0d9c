import type { BlockView } from '@piazza/contract/calls/blocks-shapes';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import listing from '../../shared/ui/listing.module.css';
import styles from './blocks.module.css';

/** A block's state, discount and VIP badges. */
export function BlockBadges({ block }: { block: BlockView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <div className={listing.badges}>
      <span className={block.state === 'open' ? styles.badgeOpen : listing.badge} data-testid="block-state">
        {t(`blocks.state.${block.state}`)}
      </span>
      {block.pricing === 'discount' && (
        <span className={listing.badge}>
          {t('blocks.discountBadge', { 0: formatNumber(block.discountPercent, lang, 2) })}
        </span>
      )}
      {block.vipOnly && <span className={styles.badgeVip}>{t('blocks.vip')}</span>}
    </div>
  );
}

/** One block in the list: name, badges, its price now against the last price, and the key facts. */
export function BlockCard({ block, onOpen }: { block: BlockView; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <button type="button" className={listing.card} onClick={onOpen} data-testid={`block-card-${block.id}`}>
      <div className={listing.head}>
        <span className={listing.name}>{block.name}</span>
        <span className={listing.symbol}>{block.symbol}</span>
      </div>
      <BlockBadges block={block} />
      <div className={listing.prices}>
        <span className={listing.price}>
          {block.price ? moneyText(block.price, block.currency, lang) : '--'}
        </span>
        {block.lastPrice && block.lastPrice !== block.price && (
          <span className={listing.was}>{moneyText(block.lastPrice, block.currency, lang)}</span>
        )}
      </div>
      <div className={listing.facts}>
        <span>{t('blocks.left', { 0: formatNumber(block.quantityLeft, lang, 0) })}</span>
        <span>{t('blocks.min', { 0: formatNumber(block.minQuantity, lang, 0) })}</span>
        <span>{t('blocks.lock', { 0: block.lockDays })}</span>
        <span>{t('blocks.closes', { 0: formatDate(block.closesAt) })}</span>
      </div>
      {block.mine && (
        <p className={listing.note}>{t('blocks.mine', { 0: formatNumber(block.mine, lang, 0) })}</p>
      )}
    </button>
  );
}
