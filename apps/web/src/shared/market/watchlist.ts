import {
  coinCollectAdd,
  coinCollectDel,
  coinTicker,
  stockCollectAdd,
  stockCollectDel,
  stockCollectList,
  stockInfo,
} from '@piazza/contract/calls/market';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/api';
import { useSession } from '../session/use-session';
import { useWatchlistRows } from './market-queries';
import type { MarketRow } from './market-row';

/** The calls that add and remove an instrument, and the reads that show it watched, fetched again after. */
export interface WatchCalls {
  add: typeof stockCollectAdd | typeof coinCollectAdd;
  del: typeof stockCollectDel | typeof coinCollectDel;
  affected: readonly string[];
}

export const stockWatchCalls: WatchCalls = {
  add: stockCollectAdd,
  del: stockCollectDel,
  affected: [stockInfo.path, stockCollectList.path],
};

export const coinWatchCalls: WatchCalls = {
  add: coinCollectAdd,
  del: coinCollectDel,
  affected: [coinTicker.path, stockCollectList.path],
};

export const watchCallsOf = (row: Pick<MarketRow, 'kind'>): WatchCalls =>
  row.kind === 'crypto' ? coinWatchCalls : stockWatchCalls;

/**
 * Adds or removes one symbol from the watchlist and says so; answers the new state, or null when the server
 * refused (the request wrapper has said why, or taken a guest to login).
 */
export function useWatchToggle() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (symbol: string, calls: WatchCalls, watched: boolean): Promise<boolean | null> => {
    try {
      const answer = await api(watched ? calls.del : calls.add, { symbol });
      Toast.show({ content: t(answer.collected ? 'kline.watch.added' : 'kline.watch.removed') });
      await Promise.all(calls.affected.map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
      return answer.collected;
    } catch {
      return null;
    }
  };
}

/**
 * The signed-in investor's watched symbols (null for a guest, who sees no stars) and a toggle for a list row,
 * which shows the tap's answer at once while the watchlist is read again.
 */
export function useRowWatch() {
  const { signedIn } = useSession();
  const list = useWatchlistRows(signedIn);
  const toggle = useWatchToggle();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const watched = useMemo(() => {
    if (!signedIn || !list.data) return null;
    const set = new Set(list.data.map((row) => row.symbol));
    for (const [symbol, on] of pending) {
      if (on) set.add(symbol);
      else set.delete(symbol);
    }
    return set;
  }, [signedIn, list.data, pending]);

  async function flip(row: Pick<MarketRow, 'symbol' | 'kind'>) {
    if (!watched || pending.has(row.symbol)) return;
    const was = watched.has(row.symbol);
    setPending((p) => new Map(p).set(row.symbol, !was));
    await toggle(row.symbol, watchCallsOf(row), was);
    setPending((p) => {
      const next = new Map(p);
      next.delete(row.symbol);
      return next;
    });
  }
  return { watched, flip };
}
