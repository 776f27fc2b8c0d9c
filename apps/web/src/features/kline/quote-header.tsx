import type { QuoteWire } from '@piazza/contract/market';
import { formatCompact, formatNumber, formatPercent } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { usePersisted } from '../../shared/storage/persisted';
import { ThrottledLive } from '../../shared/ui/live-region';
import styles from './instrument-page.module.css';

/** The figures the header shows: the instrument's quote, live or as the page first read it. */
export type HeaderQuote = Omit<QuoteWire, 'symbol' | 'time'>;

/** 'up', 'down' or 'flat' for a signed decimal text: the colour of a change. */
export function trendOf(change: string): 'up' | 'down' | 'flat' {
  if (!/[1-9]/.test(change)) return 'flat';
  return change.startsWith('-') ? 'down' : 'up';
}

interface QuoteHeaderProps {
  symbol: string;
  /** The currency prices are in ('EUR', 'USDT'). */
  currency: string;
  priceDecimals: number;
  quote: HeaderQuote;
  reconnecting: boolean;
}

/**
 * The instrument's price at the top of the page: last price, change and change % against the previous
 * close (green up, red down), the session's figures, and whether the market is open. Out of session the
 * feed holds the last price, and the header says why it stands still.
 */
export function QuoteHeader({ symbol, currency, priceDecimals, quote, reconnecting }: QuoteHeaderProps) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const trend = trendOf(quote.change);
  const price = (text: string) => formatNumber(text, lang, priceDecimals);
  const closed = quote.status === 'closed';
  return (
    <header className={styles.header}>
      <div className={styles.headerTop}>
        <span className={styles.symbol}>
          {symbol} · {currency}
        </span>
        <span
          className={closed ? styles.statusClosed : styles.statusOpen}
          data-testid="kline-status"
          data-status={quote.status}
        >
          {t(closed ? 'kline.status.closed' : 'kline.status.open')}
        </span>
      </div>
      <div className={styles.priceRow}>
        <span className={`${styles.last} ${styles[trend]}`} data-testid="kline-price">
          {price(quote.last)}
        </span>
        <span className={`${styles.change} ${styles[trend]}`} data-testid="kline-change">
          {trend === 'up' ? '+' : ''}
          {price(quote.change)} {formatPercent(quote.changePercent, lang, 2)}
        </span>
      </div>
      {/* The live price said to a screen reader at most every 10 s, politely (issue 21). */}
      <ThrottledLive
        text={t('a11y.price.live', {
          0: symbol,
          1: price(quote.last),
          2: formatPercent(quote.changePercent, lang, 2),
        })}
        testId="kline-price-live"
      />
      <dl className={styles.figures}>
        <Figure label={t('kline.open')} value={price(quote.open)} />
        <Figure label={t('kline.high')} value={price(quote.high)} testId="kline-high" />
        <Figure label={t('kline.low')} value={price(quote.low)} testId="kline-low" />
        <Figure label={t('kline.prevClose')} value={price(quote.prevClose)} />
        <Figure
          label={t('kline.volume')}
          value={formatCompact(quote.volume, lang, 2)}
          testId="kline-volume"
        />
      </dl>
      {closed && <p className={styles.note}>{t('kline.closedNote')}</p>}
      {reconnecting && (
        <p className={styles.note} role="status">
          {t('kline.reconnecting')}
        </p>
      )}
    </header>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
