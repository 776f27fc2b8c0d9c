import type {
  coinCollectAdd,
  coinCollectDel,
  stockCollectAdd,
  stockCollectDel,
} from '@piazza/contract/calls/market';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { NavButton } from '../../shared/ui/nav-button';
import styles from './instrument-page.module.css';

export interface WatchCalls {
  add: typeof stockCollectAdd | typeof coinCollectAdd;
  del: typeof stockCollectDel | typeof coinCollectDel;
  /** Paths of the reads that show whether the symbol is watched, fetched again after a change. */
  affected: readonly string[];
}

/**
 * The watchlist star in the navigation bar. A guest's tap is answered by the server with "no session", and
 * the request wrapper takes them to login.
 */
export function WatchStar({
  symbol,
  collected,
  calls,
}: {
  symbol: string;
  collected: boolean;
  calls: WatchCalls;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // The answer of the last tap, until the reads catch up.
  const [shown, setShown] = useState<boolean | null>(null);
  const watched = shown ?? collected;

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await api(watched ? calls.del : calls.add, { symbol });
      setShown(answer.collected);
      Toast.show({ content: t(answer.collected ? 'kline.watch.added' : 'kline.watch.removed') });
      await Promise.all(calls.affected.map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
      setShown(null);
    } catch {
      // Refused or signed out: the wrapper has already said so, or gone to login.
    } finally {
      setBusy(false);
    }
  }

  return (
    <NavButton
      label={t(watched ? 'kline.watch.remove' : 'kline.watch.add')}
      onClick={() => void toggle()}
      testId="kline-star"
    >
      <span className={watched ? styles.starOn : styles.starOff} data-watched={watched ? 'yes' : 'no'}>
        {watched ? <StarFill /> : <StarOutline />}
      </span>
    </NavButton>
  );
}
