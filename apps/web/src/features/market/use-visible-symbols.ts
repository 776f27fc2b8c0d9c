import { useCallback, useEffect, useRef, useState } from 'react';

/** Rows this far outside the screen count as visible, so a short scroll finds prices already live. */
const nearScreenMargin = '200px 0px';

/**
 * Which rows of a list are on (or near) the screen, so a long list watches only those tickers: the socket
 * serves a bounded number of topics (realtime-client.ts), and rows nobody sees need no ticks. Give each row
 * `rowRef(symbol)`. Where IntersectionObserver is missing every row counts as visible.
 */
export function useVisibleSymbols(): {
  visible: ReadonlySet<string> | null;
  rowRef: (symbol: string) => (element: HTMLElement | null) => (() => void) | undefined;
} {
  const [visible, setVisible] = useState<ReadonlySet<string>>(() => new Set());
  const [observer] = useState(() =>
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) =>
            setVisible((previous) => {
              const next = new Set(previous);
              for (const entry of entries) {
                const symbol = (entry.target as HTMLElement).dataset.symbol;
                if (!symbol) continue;
                if (entry.isIntersecting) next.add(symbol);
                else next.delete(symbol);
              }
              return next;
            }),
          { rootMargin: nearScreenMargin },
        ),
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  // One ref callback per symbol, kept across renders so React does not detach and reattach each row.
  const refs = useRef(new Map<string, (element: HTMLElement | null) => (() => void) | undefined>());
  const rowRef = useCallback(
    (symbol: string) => {
      let ref = refs.current.get(symbol);
      if (!ref) {
        ref = (element) => {
          if (!element || !observer) return undefined;
          element.dataset.symbol = symbol;
          observer.observe(element);
          return () => {
            observer.unobserve(element);
            refs.current.delete(symbol);
            setVisible((previous) => {
              if (!previous.has(symbol)) return previous;
              const next = new Set(previous);
              next.delete(symbol);
              return next;
            });
          };
        };
        refs.current.set(symbol, ref);
      }
      return ref;
    },
    [observer],
  );

  return { visible: observer ? visible : null, rowRef };
}
