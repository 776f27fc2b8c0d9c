import type { FundView } from '@piazza/contract/calls/fund-shapes';
import { formatDate } from '@piazza/core/format-date';
import { useTranslation } from 'react-i18next';
import { fractionPercent, navText, profitTone, riskTone } from '../../shared/figures/figure-text';
import figures from '../../shared/figures/figures.module.css';
import { toneClass } from '../../shared/figures/tone-class';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import listing from '../../shared/ui/listing.module.css';
import productStyles from '../../shared/ui/products.module.css';
import styles from './follow.module.css';
import { ManagerAvatar } from './manager-avatar';

/** How the fund trades (by its manager, or by a strategy), its risk class or "not rated yet", paused. */
export function FundBadges({ fund }: { fund: FundView }) {
  const { t } = useTranslation();
  return (
    <div className={listing.badges}>
      {fund.riskClass === null ? (
        <span className={productStyles.badge} data-testid={`fund-risk-${fund.id}`}>
          {t('follow.unrated')}
        </span>
      ) : (
        <span className={figures[riskTone(fund.riskClass)]} data-testid={`fund-risk-${fund.id}`}>
          {t('figures.sri', { 0: fund.riskClass })}
        </span>
      )}
      <span className={productStyles.badge} data-testid={`fund-mode-${fund.id}`}>
        {fund.mode === 'strategy' && fund.strategy !== null
          ? t('follow.mode.strategyOf', { 0: t(`follow.strategy.${fund.strategy}`) })
          : t('follow.mode.manual')}
      </span>
      {fund.status === 'paused' && <span className={productStyles.amber}>{t('follow.paused')}</span>}
    </div>
  );
}

/**
 * The live return since launch, coloured, with the period it covers (launch to the last close); a plain "no
 * live record yet" before the first close.
 */
export function FundReturn({ fund }: { fund: FundView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <div>
      <div className={productStyles.headlineLabel}>{t('follow.liveReturn')}</div>
      {fund.liveReturn === null || fund.navAt === null ? (
        <span className={productStyles.noRecord} data-testid={`fund-live-return-${fund.id}`}>
          {t('follow.noLiveRecord')}
        </span>
      ) : (
        <>
          <span
            className={`${productStyles.returnValue} ${toneClass(profitTone(fund.liveReturn)) ?? ''}`}
            data-testid={`fund-live-return-${fund.id}`}
          >
            {fractionPercent(fund.liveReturn, lang, { signed: true })}
          </span>
          <span className={styles.since} data-testid={`fund-return-period-${fund.id}`}>
            {t('follow.returnPeriod', { 0: formatDate(fund.launchedAt), 1: formatDate(fund.navAt) })}
          </span>
        </>
      )}
    </div>
  );
}

/** The NAV beside the return. */
export function FundNav({ fund }: { fund: FundView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <div>
      <div className={productStyles.headlineLabel}>{t('follow.nav')}</div>
      <span className={productStyles.returnValue} data-testid={`fund-nav-${fund.id}`}>
        {navText(fund.nav, lang)}
      </span>
    </div>
  );
}

/** One fund in a list: its manager, badges, return and NAV, followers, minimum and fee; the card opens it. */
export function FundCard({
  fund,
  photoUrl,
  onOpen,
}: {
  fund: FundView;
  photoUrl: string | null;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <button type="button" className={listing.card} onClick={onOpen} data-testid={`fund-card-${fund.id}`}>
      <div className={styles.who}>
        <ManagerAvatar name={fund.managerName} photoUrl={photoUrl} />
        <div className={styles.whoText}>
          <span className={listing.name}>{fund.name}</span>
          <span className={styles.byline}>{t('follow.by', { 0: fund.managerName })}</span>
        </div>
      </div>
      <FundBadges fund={fund} />
      <div className={productStyles.headline}>
        <FundReturn fund={fund} />
        <FundNav fund={fund} />
      </div>
      <div className={listing.facts}>
        <span data-testid={`fund-followers-${fund.id}`}>
          {t('follow.followersShort', { 0: fund.followers })}
        </span>
        <span>{t('follow.minShort', { 0: moneyText(fund.minAmount, fund.currency, lang) })}</span>
        <span>{t('follow.feeShort', { 0: fractionPercent(fund.managementFee, lang) })}</span>
        <span>{t('follow.bookShort', { 0: moneyText(fund.bookValue, fund.currency, lang) })}</span>
      </div>
    </button>
  );
}
