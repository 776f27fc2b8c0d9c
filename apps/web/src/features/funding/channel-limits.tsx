import type { indexBankRecharge } from '@piazza/contract/calls/funding';
import type { CallOutput } from '@piazza/contract/define';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { dayRuns } from './day-runs';
import styles from './funding.module.css';

export type Channel = CallOutput<typeof indexBankRecharge>['list'][number];
export type TimeWindow = Channel['window'];

/** "Mon–Fri 09:00–18:00": the days and hours (Rome time) a channel or a withdrawal method is open. */
export function useWindowText(): (w: TimeWindow) => string {
  const { t } = useTranslation();
  return (w) => {
    const allDay = w.from === '00:00' && w.to === '24:00';
    if (w.days.length === 7 && allDay) return t('funding.always');
    const day = (d: number) => t(`funding.day.${d as 1 | 2 | 3 | 4 | 5 | 6 | 7}`);
    const days =
      w.days.length === 7
        ? t('funding.everyDay')
        : dayRuns(w.days)
            .map(([from, to]) => (from === to ? day(from) : `${day(from)}–${day(to)}`))
            .join(', ');
    return allDay ? t('funding.allDay', { 0: days }) : t('funding.window', { 0: days, 1: w.from, 2: w.to });
  };
}

/** What a channel accepts: the minimum and maximum of one deposit and when it is open. */
export function ChannelLimits({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const windowText = useWindowText();
  return (
    <>
      <p className={styles.note} data-testid="channel-limits">
        {t('recharge.limits', {
          0: moneyText(channel.minAmount, channel.asset, lang),
          1: moneyText(channel.maxAmount, channel.asset, lang),
        })}{' '}
        {windowText(channel.window)}
      </p>
      {!channel.openNow && (
        <p className={styles.warning} data-testid="channel-closed">
          {t('recharge.closedNow')}
        </p>
      )}
    </>
  );
}
