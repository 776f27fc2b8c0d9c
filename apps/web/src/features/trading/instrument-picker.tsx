import { formatNumber } from '@piazza/core/format-number';
import { SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchRows } from '../../shared/market/market-queries';
import { usePersisted } from '../../shared/storage/persisted';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';

/** Typing pauses this long before a search is sent, as on the search page. */
const typingPauseMs = 300;

/** Picks the share to trade by a search over shares (indices are listed but the ticket refuses them). */
export function InstrumentPicker({ onPick }: { onPick: (symbol: string) => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), typingPauseMs);
    return () => window.clearTimeout(timer);
  }, [text]);
  const results = useSearchRows(q);
  const rows = (results.data ?? []).filter((row) => row.kind === 'stock');

  return (
    <Card testId="trade-picker">
      <SearchBar value={text} onChange={setText} placeholder={t('trade.search')} data-testid="trade-search" />
      {q !== '' && results.data && rows.length === 0 && (
        <p className={styles.note}>{t('trade.searchEmpty')}</p>
      )}
      <ul className={styles.results}>
        {rows.map((row) => (
          <li key={row.symbol}>
            <button
              type="button"
              className={styles.result}
              onClick={() => onPick(row.symbol)}
              data-testid={`trade-pick-${row.symbol}`}
            >
              <span>
                {row.name} <span className={styles.symbol}>{row.symbol}</span>
              </span>
              <span className={styles.value}>{formatNumber(row.last, lang, row.priceScale)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
