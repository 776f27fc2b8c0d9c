import { securityOverview } from '@piazza/contract/calls/security';
import { stockHoldTpsl } from '@piazza/contract/calls/trading';
import type { HoldView } from '@piazza/contract/calls/trading-shapes';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { NumberInput } from '../../shared/forms/number-input';
import { usePersisted } from '../../shared/storage/persisted';
import { figure } from '../../shared/ticket/order-figures';
import styles from '../../shared/ticket/ticket.module.css';
import { PinField } from '../../shared/ticket/ticket-confirm';
import { tradingCalls } from '../../shared/ticket/trading-calls';
import { levelProblem } from './tpsl-levels';

/**
 * Sets or clears a holding's take profit and stop loss in a bottom sheet: each level beside the last price
 * (take profit above, stop loss below), the transaction password when one is set. Empty clears a level.
 */
export function TpslDialog({
  hold,
  last,
  visible,
  onClose,
}: {
  hold: HoldView;
  last: string;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const security = useApiQuery(securityOverview, {});
  const pinNeeded = security.data?.trade.set === true;
  const [takeProfit, setTakeProfit] = useState(hold.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(hold.stopLoss ?? '');
  const [pin, setPin] = useState('');
  const [sending, setSending] = useState(false);

  const tpProblem = levelProblem(takeProfit, last, 'above');
  const slProblem = levelProblem(stopLoss, last, 'below');
  const problemText = (p: ReturnType<typeof levelProblem>) =>
    p === 'format'
      ? t('tpsl.format')
      : p === 'above'
        ? t('tpsl.mustBeAbove', { 0: figure(last, lang) })
        : p === 'below'
          ? t('tpsl.mustBeBelow', { 0: figure(last, lang) })
          : null;

  const submit = async (levels: { takeProfit: string; stopLoss: string }) => {
    setSending(true);
    try {
      await api(stockHoldTpsl, {
        symbol: hold.symbol,
        takeProfit: levels.takeProfit,
        stopLoss: levels.stopLoss,
        ...(pinNeeded ? { tradePassword: pin } : {}),
      });
      const cleared = levels.takeProfit === '' && levels.stopLoss === '';
      Toast.show({ content: t(cleared ? 'tpsl.cleared' : 'tpsl.saved') });
      setPin('');
      onClose();
    } catch {
      // The wrapper showed the refusal.
    } finally {
      setSending(false);
      for (const call of tradingCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
    }
  };

  const field = (
    label: string,
    hint: string,
    value: string,
    set: (v: string) => void,
    problem: string | null,
    testId: string,
  ) => (
    <div className={styles.field}>
      <label htmlFor={testId} className={styles.fieldLabel}>
        {label}
      </label>
      <NumberInput
        id={testId}
        className={styles.input}
        placeholder={t('common.notSet')}
        value={value}
        onChange={set}
        clearable
        testId={testId}
      />
      {problem ? (
        <span className={styles.error}>{problem}</span>
      ) : (
        <span className={styles.hint}>{hint}</span>
      )}
    </div>
  );

  const pinReady = !pinNeeded || pin.length === 6;
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      destroyOnClose
    >
      <div className={styles.sheet} data-testid="tpsl-dialog">
        <h2 className={styles.sheetTitle}>
          {t('tpsl.title')} · {hold.symbol}
        </h2>
        <p className={styles.note}>{t('tpsl.last', { 0: figure(last, lang), 1: hold.currency })}</p>
        {field(
          t('tpsl.takeProfit'),
          t('tpsl.takeProfitHint'),
          takeProfit,
          setTakeProfit,
          problemText(tpProblem),
          'tpsl-take-profit',
        )}
        {field(
          t('tpsl.stopLoss'),
          t('tpsl.stopLossHint'),
          stopLoss,
          setStopLoss,
          problemText(slProblem),
          'tpsl-stop-loss',
        )}
        <p className={styles.hint}>{t('tpsl.lockedNote')}</p>
        {pinNeeded && <PinField label={t('trade.pin')} value={pin} onChange={setPin} testId="tpsl-pin" />}
        <div className={styles.actions}>
          <Button
            block
            disabled={sending || !pinReady || (hold.takeProfit === null && hold.stopLoss === null)}
            onClick={() => void submit({ takeProfit: '', stopLoss: '' })}
            data-testid="tpsl-clear"
          >
            {t('tpsl.clear')}
          </Button>
          <Button
            block
            color="primary"
            loading={sending}
            disabled={!pinReady || tpProblem !== null || slProblem !== null}
            onClick={() => void submit({ takeProfit, stopLoss })}
            data-testid="tpsl-save"
          >
            {t('tpsl.save')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
