import type { RobotView } from '@piazza/contract/calls/robot-shapes';
import { useTranslation } from 'react-i18next';
import { fractionPercent, navText, profitTone, riskTone } from '../../shared/figures/figure-text';
import figures from '../../shared/figures/figures.module.css';
import { toneClass } from '../../shared/figures/tone-class';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import listing from '../../shared/ui/listing.module.css';
import productStyles from '../../shared/ui/products.module.css';

/** The strategy, the level, the risk class as "SRI 4/7", and "paused" when it takes no subscriptions. */
export function RobotBadges({ robot }: { robot: RobotView }) {
  const { t } = useTranslation();
  return (
    <div className={listing.badges}>
      <span className={figures[riskTone(robot.riskClass)]} data-testid={`robot-risk-${robot.id}`}>
        {t('robot.sri', { 0: robot.riskClass })}
      </span>
      <span className={productStyles.badge}>{t(`robot.strategy.${robot.strategy}`)}</span>
      <span className={productStyles.badge}>{t('robot.level', { 0: robot.level })}</span>
      {robot.status === 'paused' && <span className={productStyles.amber}>{t('robot.paused')}</span>}
    </div>
  );
}

/** The live return since launch, coloured, or a plain "no live record yet" before the first close. */
export function LiveReturn({ robot }: { robot: RobotView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <div>
      <div className={productStyles.headlineLabel}>{t('robot.liveReturn')}</div>
      {robot.liveReturn === null ? (
        <span className={productStyles.noRecord} data-testid={`robot-live-return-${robot.id}`}>
          {t('robot.noLiveRecord')}
        </span>
      ) : (
        <span
          className={`${productStyles.returnValue} ${toneClass(profitTone(robot.liveReturn)) ?? ''}`}
          data-testid={`robot-live-return-${robot.id}`}
        >
          {fractionPercent(robot.liveReturn, lang, { signed: true })}
        </span>
      )}
    </div>
  );
}

/** One product in the list: name, badges, NAV, live return, period and lock-in, minimum. */
export function RobotCard({ robot, onOpen }: { robot: RobotView; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <button type="button" className={listing.card} onClick={onOpen} data-testid={`robot-card-${robot.id}`}>
      <div className={listing.head}>
        <span className={listing.name}>{robot.name}</span>
      </div>
      <RobotBadges robot={robot} />
      <div className={productStyles.headline}>
        <LiveReturn robot={robot} />
        <div>
          <div className={productStyles.headlineLabel}>{t('robot.nav')}</div>
          <span className={productStyles.returnValue}>{navText(robot.nav, lang)}</span>
        </div>
      </div>
      <div className={listing.facts}>
        <span>{t('robot.periodShort', { 0: robot.periodDays })}</span>
        <span>{t('robot.lockShort', { 0: robot.lockDays })}</span>
        <span>{t('robot.minShort', { 0: moneyText(robot.minAmount, robot.currency, lang) })}</span>
        <span>{t(robot.earlyExit ? 'robot.earlyExitYesShort' : 'robot.earlyExitNoShort')}</span>
      </div>
    </button>
  );
}
