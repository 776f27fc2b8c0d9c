import { StarFill, StarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatchToggle, type WatchCalls } from '../../shared/market/watchlist';
import { NavButton } from '../../shared/ui/nav-button';
import styles from './instrument-page.module.css';

export type { WatchCalls };

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
  const toggleWatch = useWatchToggle();
  const [busy, setBusy] = useState(false);
  const watched = collected;

  async function toggle() {
    if (busy) return;
    setBusy(true);
    // Answers once the reads that show the star have been fetched again.
    await toggleWatch(symbol, calls, watched);
    setBusy(false);
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
