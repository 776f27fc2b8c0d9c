import { formatDate } from '@piazza/core/format-date';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fractionPercent } from '../figures/figure-text';
import { usePersisted } from '../storage/persisted';
import listing from '../ui/listing.module.css';
import { chartGeometry } from './chart-geometry';
import styles from './line-chart.module.css';

const box = { width: 320, height: 120, pad: 4 };

/** A change from the start, in percent: the series is the value of 1 invested, so 1.0734 is +7.34 %. */
const changeOf = (v: number) => (v - 1).toFixed(6);

/**
 * A daily series of the value of 1 invested, as a line: green when it ends above where it started, red below;
 * the dashed line is break-even. Below it, the first and last day and the highest and lowest point.
 */
export function LineChart({
  series,
  label,
  testId,
}: {
  series: readonly { t: number; v: string }[];
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const g = useMemo(() => chartGeometry(series, box), [series]);
  const first = series[0];
  const last = series.at(-1);
  if (!g || !first || !last) {
    return (
      <p className={listing.note} data-testid={`${testId}-empty`}>
        {t('figures.chart.empty')}
      </p>
    );
  }
  const range = t('figures.chart.range', {
    0: fractionPercent(changeOf(g.high), lang, { signed: true }),
    1: fractionPercent(changeOf(g.low), lang, { signed: true }),
  });
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}: ${range}`}
        data-testid={testId}
      >
        {g.breakEvenY !== null && (
          <line
            className={styles.breakEven}
            x1={box.pad}
            x2={box.width - box.pad}
            y1={g.breakEvenY}
            y2={g.breakEvenY}
            vectorEffect="non-scaling-stroke"
          />
        )}
        <path
          className={g.last >= g.first ? styles.lineUp : styles.lineDown}
          d={g.path}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className={styles.axis}>
        <span>{formatDate(first.t)}</span>
        <span>{range}</span>
        <span>{formatDate(last.t)}</span>
      </figcaption>
    </figure>
  );
}
