import type { coinCandles, stockCandles } from '@piazza/contract/calls/market';
import { type CandleInterval, candleIntervals } from '@piazza/contract/enums';
import { SpinLoading } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { summariseCandles } from '../../shared/charts/chart-summary';
import { topics } from '../../shared/realtime/topics';
import { useRealtimeStatus, useTopic } from '../../shared/realtime/use-topic';
import { usePersisted, writePersisted } from '../../shared/storage/persisted';
import { LoadFailed } from '../../shared/ui/load-failed';
import { CandleHistory } from './candle-history';
import { mainIndicators, subIndicators } from './indicator-lines';
import styles from './kline.module.css';
import { toBars } from './kline-bars';
import type { KlineChart, KlineView, Legend } from './kline-chart';
import { KlineLegend } from './kline-legend';

/** Candles a request asks for: the first page, and each older page as the user scrolls back. */
export const candlesPageSize = 500;

/** Resolves once the browser is idle after the next paint (at most a second later where it never is). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    });
  });
}

export interface KlinePanelProps {
  symbol: string;
  /** Decimals of the instrument's prices. */
  priceDecimals: number;
  candlesCall: typeof stockCandles | typeof coinCandles;
  defaultInterval: CandleInterval;
}

/**
 * The K-line panel: interval tabs, the indicator pickers (remembered in mainInd and subInd), the chart with
 * its legends, older candles loaded on scrolling back, and the current candle kept live from the socket.
 */
export function KlinePanel({ symbol, priceDecimals, candlesCall, defaultInterval }: KlinePanelProps) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const main = usePersisted('mainInd');
  const sub = usePersisted('subInd');
  const [interval, chooseInterval] = useState<CandleInterval>(defaultInterval);
  const view: KlineView = { interval, lang, priceDecimals, main, sub };

  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<KlineChart | null>(null);
  const [chartFailed, setChartFailed] = useState(false);
  const [legend, setLegend] = useState<Legend | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const history = useRef(new CandleHistory());
  const olderRequest = useRef<Promise<void> | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const loadOlderRef = useRef<() => void>(() => undefined);

  // The chart library arrives in its own chunk, the first time a K-line is opened, once the page has painted
  // and the browser is idle (decision 068, amendment): its second of script does not hold the header back.
  useEffect(() => {
    let alive = true;
    let created: KlineChart | undefined;
    afterPaint()
      .then(() => import('./kline-chart'))
      .then(({ KlineChart }) => {
        if (!alive || !container.current) return;
        created = new KlineChart(container.current, viewRef.current, {
          onLegend: setLegend,
          onNearStart: () => loadOlderRef.current(),
        });
        setChart(created);
      })
      .catch(() => {
        if (alive) setChartFailed(true);
      });
    return () => {
      alive = false;
      created?.destroy();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is rebuilt each render; its fields are the deps
  useEffect(() => {
    chart?.setView(viewRef.current);
  }, [chart, interval, lang, priceDecimals, main, sub]);

  const latest = useApiQuery(
    candlesCall,
    { symbol, interval, limit: candlesPageSize },
    // Read afresh on every visit (a cached page would leave a gap before the first live candle), then kept
    // current by live candles, and read again when a new bar opens or the socket returns.
    { staleTime: 0 },
  );

  // A new symbol or interval starts a new history.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on purpose when either changes
  useEffect(() => {
    history.current = new CandleHistory();
    olderRequest.current = null;
    setLoadingOlder(false);
  }, [symbol, interval]);

  useEffect(() => {
    if (!chart || !latest.data) return;
    if (latest.data.symbol !== symbol || latest.data.interval !== interval) return;
    const first = history.current.size === 0;
    history.current.merge(latest.data.list);
    chart.setBars(history.current.bars(), first ? 'reset' : 'refresh');
  }, [chart, latest.data, symbol, interval]);

  const loadOlder = useCallback(() => {
    const held = history.current;
    const to = held.oldest;
    if (!chart || to === undefined || held.exhausted || olderRequest.current) return;
    setLoadingOlder(true);
    const request = api(candlesCall, { symbol, interval, to, limit: candlesPageSize }, { silent: true })
      .then((page) => {
        // The user may have switched symbol or interval meanwhile: that history is gone.
        if (held !== history.current) return;
        if (page.list.length === 0) held.exhausted = true;
        const older = held.merge(page.list);
        if (older === 0) held.exhausted = true;
        else chart.setBars(held.bars(), 'prepend', older);
      })
      .catch(() => {
        // Scrolling back again retries; the history already shown stays.
      })
      .finally(() => {
        if (olderRequest.current === request) olderRequest.current = null;
        setLoadingOlder(false);
      });
    olderRequest.current = request;
  }, [chart, candlesCall, symbol, interval]);
  loadOlderRef.current = loadOlder;

  const { refetch } = latest;
  useTopic(chart && latest.data ? topics.candles(interval, symbol) : null, (update) => {
    if (update.symbol !== symbol || update.interval !== interval) return;
    history.current.merge([update.candle]);
    // The closed bar's last update may have been skipped by the socket's rate limit: read it back.
    if (chart?.applyLive(update.candle) === 'appended') void refetch();
  });

  // Candles missed while the socket was down are read back when it returns.
  const socket = useRealtimeStatus();
  const wasDown = useRef(false);
  useEffect(() => {
    if (socket === 'waiting') wasDown.current = true;
    if (socket === 'open' && wasDown.current) {
      wasDown.current = false;
      void refetch();
    }
  }, [socket, refetch]);

  // The chart's text alternative (issue 21): last price, change and range of the latest page of candles.
  const summary = useMemo(
    () => latest.data && summariseCandles(toBars(latest.data.list), priceDecimals, lang),
    [latest.data, priceDecimals, lang],
  );
  const chartLabel = summary
    ? t('a11y.chart.summary', {
        0: symbol,
        1: summary.last,
        2: summary.change,
        3: summary.changePercent,
        4: summary.low,
        5: summary.high,
      })
    : t('a11y.chart.empty', { 0: symbol });

  const empty = latest.isSuccess && latest.data.list.length === 0 && history.current.size === 0;

  return (
    <section className={styles.panel} data-testid="kline-panel">
      <div className={styles.intervals} role="tablist" aria-label={t('kline.intervals')}>
        {candleIntervals.map((i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={i === interval}
            // The visible label ("1m") is the button's name, as WCAG 2.5.3 asks; the full name is its description.
            title={t(`kline.intervalName.${i}`)}
            className={i === interval ? styles.chosen : styles.choice}
            onClick={() => chooseInterval(i)}
            data-testid={`kline-interval-${i}`}
          >
            {t(`kline.interval.${i}`)}
          </button>
        ))}
      </div>
      <div className={styles.pickers}>
        <fieldset className={styles.picker} aria-label={t('kline.mainIndicator')}>
          {mainIndicators.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={m === main}
              className={m === main ? styles.chosen : styles.choice}
              onClick={() => writePersisted('mainInd', m)}
              data-testid={`kline-main-${m}`}
            >
              {m}
            </button>
          ))}
        </fieldset>
        <fieldset className={styles.picker} aria-label={t('kline.subIndicator')}>
          {subIndicators.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={s === sub}
              className={s === sub ? styles.chosen : styles.choice}
              onClick={() => writePersisted('subInd', s)}
              data-testid={`kline-sub-${s}`}
            >
              {s}
            </button>
          ))}
        </fieldset>
      </div>
      <div className={styles.chartBox}>
        <div
          ref={container}
          className={styles.chart}
          role="img"
          aria-label={chartLabel}
          data-testid="kline-chart"
          data-bars={legend ? 'yes' : 'no'}
        />
        {legend && <KlineLegend legend={legend} />}
        {loadingOlder && (
          <div className={styles.older} role="status">
            <SpinLoading style={{ '--size': '14px' }} />
            <span>{t('kline.loadingOlder')}</span>
          </div>
        )}
        {(latest.isPending || (!chart && !chartFailed)) && (
          <div className={styles.cover}>
            <SpinLoading />
          </div>
        )}
        {(latest.isError || chartFailed) && (
          <div className={styles.cover}>
            <LoadFailed
              onRetry={() => {
                if (chartFailed) window.location.reload();
                else void latest.refetch();
              }}
            />
          </div>
        )}
        {empty && <div className={styles.cover}>{t('kline.noData')}</div>}
      </div>
    </section>
  );
}
