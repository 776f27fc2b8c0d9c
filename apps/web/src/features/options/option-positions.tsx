import {
  stockOrderOptionClose,
  stockOrderOptionList,
  stockOrderOptionStatistics,
} from '@piazza/contract/calls/options';
import type { OptionView } from '@piazza/contract/calls/options-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useQueryClient } from '@tanstack/react-query';
import { Button, PasscodeInput, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { useTicker } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList, FigureRow } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { liveOptionValue } from './live-option';
import styles from './options.module.css';
import { optionsCalls, optionsPaths } from './options-calls';

/** A slow safety refetch: the mark moves with the ticker, closes and expiries arrive on the user socket. */
const safetyRefetchMs = 60_000;

/**
 * The options tab of the positions (SPEC §4 "Options: holding; closed with profit or loss"): the statistics
 * from executed trades, the options held at the mark (valued at the live ticker as the server values them,
 * live-option.ts) with their close, and the ended ones with their profit or loss.
 */
export function OptionPositions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useMoneyEvents(optionsCalls);
  return (
    <>
      <Statistics />
      <Button
        block
        color="primary"
        fill="outline"
        onClick={() => navigate(`${optionsPaths.trade}?product=option`)}
        data-testid="options-new"
      >
        {t('options.newOption')}
      </Button>
      <h2 className={styles.heading}>{t('options.held')}</h2>
      <OptionList status="holding" />
      <h2 className={styles.heading}>{t('options.ended')}</h2>
      <OptionList status="ended" />
    </>
  );
}

function Statistics() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const stats = useApiQuery(stockOrderOptionStatistics, {}, { staleTime: 0 });
  if (stats.isError) return <LoadFailed onRetry={() => void stats.refetch()} />;
  if (!stats.data) return <Skeleton.Paragraph lineCount={3} animated />;
  if (stats.data.list.length === 0) {
    return (
      <Card title={t('options.statistics')} testId="options-stats">
        <p className={styles.note}>{t('options.stats.none')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('options.statistics')} testId="options-stats">
      {stats.data.list.map((s) => {
        const money = (text: string) => `${formatNumber(text, lang, 2)} ${s.currency}`;
        const id = (name: string) => `options-stats-${name}-${s.currency}`;
        const rows: Figure[] = [
          [t('options.stats.trades'), String(s.trades), id('trades')],
          [t('options.stats.holding'), String(s.holding), id('holding')],
          [t('options.stats.premiumPaid'), money(s.premiumPaid), id('premium')],
          [t('options.stats.proceeds'), money(s.proceeds), id('proceeds')],
          [t('options.stats.realised'), money(s.realisedPnl), id('realised'), signClass(s.realisedPnl)],
          [t('options.stats.winsLosses'), `${s.wins} / ${s.losses}`, id('wins')],
        ];
        return <FigureList key={s.currency} figures={rows} />;
      })}
    </Card>
  );
}

const signClass = (text: string | null) =>
  text === null ? styles.value : text.startsWith('-') ? styles.down : styles.up;

function OptionList({ status }: { status: 'holding' | 'ended' }) {
  const { t } = useTranslation();
  const list = useApiQuery(
    stockOrderOptionList,
    { status, size: 50 },
    { staleTime: 0, refetchInterval: status === 'holding' ? safetyRefetchMs : false },
  );
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton.Paragraph lineCount={4} animated />;
  if (list.data.list.length === 0) {
    return (
      <p className={styles.note} data-testid={`options-empty-${status}`}>
        {t(status === 'holding' ? 'options.noneHeld' : 'options.noneEnded')}
      </p>
    );
  }
  return (
    <>
      {list.data.list.map((option) => (
        <OptionCard key={option.id} option={option} />
      ))}
    </>
  );
}

function OptionCard({ option }: { option: OptionView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const [closing, setClosing] = useState(false);
  const [pin, setPin] = useState('');
  const [sending, setSending] = useState(false);
  const pinNeeded = security.data?.trade.set === true;
  const money = (text: string | null) =>
    text === null ? '--' : `${formatNumber(text, lang, 2)} ${option.currency}`;
  const price = (text: string) => formatNumber(text, lang, (text.split('.')[1] ?? '').length);
  const held = option.state === 'holding';
  const quote = useTicker(held ? option.symbol : null);
  const live =
    held && quote?.symbol === option.symbol ? liveOptionValue(option, quote.last, quote.time) : null;
  const markValue = live?.markValue ?? option.markValue;
  const pnl = live?.pnl ?? option.pnl;
  const title = `${t(option.right === 'call' ? 'options.call' : 'options.put')} ${option.symbol} ${price(option.strike)}`;

  const close = async () => {
    const fields = { id: option.id, ...(pinNeeded ? { tradePassword: pin } : {}) };
    setSending(true);
    try {
      await api(stockOrderOptionClose, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('options.closed') });
      setClosing(false);
    } catch {
      // The wrapper showed the refusal (market closed, expired, password).
      setPin('');
    } finally {
      setSending(false);
      for (const call of optionsCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
    }
  };

  const rows: [string, string, string][] = [
    [t('options.premiumPaid'), money(option.premium), 'premium'],
    held
      ? [t('options.markValue'), money(markValue), 'mark']
      : [t('options.closeValue'), money(option.closeValue), 'close-value'],
    ...(held || option.closeSpot === null
      ? []
      : ([[t('options.closeSpot'), price(option.closeSpot), 'close-spot']] as [string, string, string][])),
  ];
  return (
    <Card testId={`option-${option.id}`}>
      <div className={styles.cardHead}>
        <span className={option.right === 'call' ? styles.up : styles.down}>{title}</span>
        <span data-testid={`option-state-${option.id}`}>{t(`options.state.${option.state}`)}</span>
      </div>
      <p className={styles.note}>
        {option.contracts} × {option.contractSize} ·{' '}
        {t('options.expiresAt', { 0: formatDate(option.expiresAt) })}
        {option.closedAt !== null && ` · ${formatDateTime(option.closedAt)}`}
      </p>
      <FigureList
        figures={rows.map(([label, value, id]) => [label, value, `option-${id}-${option.id}`] as const)}
      >
        <FigureRow
          label={t('options.pnl')}
          value={money(pnl)}
          testId={`option-pnl-${option.id}`}
          tone={signClass(pnl)}
        />
      </FigureList>
      {held && !closing && (
        <div className={styles.actions}>
          <Button
            block
            color="danger"
            fill="outline"
            onClick={() => setClosing(true)}
            data-testid={`option-sell-${option.id}`}
          >
            {t('options.close')}
          </Button>
        </div>
      )}
      {held && closing && (
        <div className={styles.confirm} data-testid={`option-close-confirm-${option.id}`}>
          <p>{t('options.closeConfirm', { 0: title, 1: money(markValue) })}</p>
          {pinNeeded && (
            <PasscodeInput
              length={6}
              seperated
              value={pin}
              onChange={(v) => setPin(v.replace(/\D/g, ''))}
              data-testid={`option-close-pin-${option.id}`}
            />
          )}
          <div className={styles.actions}>
            <Button block onClick={() => setClosing(false)} disabled={sending}>
              {t('options.closeKeep')}
            </Button>
            <Button
              block
              color="danger"
              loading={sending}
              disabled={pinNeeded && pin.length !== 6}
              onClick={() => void close()}
              data-testid={`option-close-send-${option.id}`}
            >
              {t('options.close')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
