import { useTranslation } from 'react-i18next';
import styles from './kline.module.css';
import type { Legend } from './kline-chart';
import type { LegendItem } from './legend';

/**
 * The values over the chart: the bar under the finger (its time and prices) while pointing, and each
 * indicator line's value at that bar, or at the latest bar otherwise; the sub indicator's over its pane.
 */
export function KlineLegend({ legend }: { legend: Legend }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.legend} data-testid="kline-legend">
        {legend.pointing && (
          <div className={styles.legendRow}>
            <span>{legend.timeLabel}</span>
            <span className={legend.up ? styles.up : styles.down}>
              {t('kline.legend.open')} {legend.open} {t('kline.legend.high')} {legend.high}{' '}
              {t('kline.legend.low')} {legend.low} {t('kline.legend.close')} {legend.close}
            </span>
          </div>
        )}
        <Items items={legend.main} />
      </div>
      <div className={styles.legend} style={{ top: legend.subTop + 2 }} data-testid="kline-sub-legend">
        <Items items={legend.sub} />
      </div>
    </>
  );
}

function Items({ items }: { items: LegendItem[] }) {
  return (
    <div className={styles.legendRow}>
      {items.map((item) => (
        <span key={item.label} style={{ color: item.color }}>
          {item.label} {item.text}
        </span>
      ))}
    </div>
  );
}
