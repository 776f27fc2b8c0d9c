import { useEffect, useRef, useState } from 'react';

/*
 * Live regions (WCAG 4.1.3, status messages): what appears or changes on screen without moving the focus is
 * also said by a screen reader, politely (after what it is reading).
 */

/** Text for screen readers only, kept in the page's flow of reading. */
export const visuallyHidden = 'pz-visually-hidden';

/**
 * antd-mobile's Toast draws its message in a layer marked aria-hidden, so no screen reader hears it. This one
 * polite region, in the app shell, repeats each toast's text as it appears (the same text twice is said twice).
 */
export function ToastAnnouncer() {
  const [said, setSaid] = useState('');
  useEffect(() => {
    let timer = 0;
    const seen = new WeakSet<Element>();
    const observer = new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.adm-toast-main')) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        const text = toast.textContent?.trim() ?? '';
        if (!text) continue;
        // Emptied first, so a message equal to the last one is still a change the reader announces.
        setSaid('');
        window.clearTimeout(timer);
        timer = window.setTimeout(() => setSaid(text), 50);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <div className={visuallyHidden} role="status" aria-live="polite" data-testid="toast-announcer">
      {said}
    </div>
  );
}

/** Live prices are said at most this often: a price that ticks every second would drown everything else. */
export const priceAnnounceMs = 10_000;

/**
 * `text` as a polite live region that follows it at most once every `everyMs` (the latest value at the end of
 * each wait, nothing when it did not change). The first value is not announced: it is what the page shows.
 */
export function ThrottledLive({
  text,
  everyMs = priceAnnounceMs,
  testId,
}: {
  text: string;
  everyMs?: number;
  testId?: string;
}) {
  const [said, setSaid] = useState('');
  const latest = useRef(text);
  const lastSaid = useRef(text);
  const timer = useRef(0);
  latest.current = text;
  useEffect(() => {
    if (text === lastSaid.current || timer.current) return;
    timer.current = window.setTimeout(() => {
      timer.current = 0;
      if (latest.current === lastSaid.current) return;
      lastSaid.current = latest.current;
      setSaid(latest.current);
    }, everyMs);
  }, [text, everyMs]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <div className={visuallyHidden} aria-live="polite" aria-atomic="true" data-testid={testId}>
      {said}
    </div>
  );
}
