import { coinAssets } from '@piazza/contract/calls/coin';
import {
  coinContractAddMargin,
  coinContractSetLoss,
  coinContractSetProfit,
} from '@piazza/contract/calls/coin-contract';
import type { PositionView } from '@piazza/contract/calls/coin-contract-shapes';
import { coinTransfer } from '@piazza/contract/calls/funding';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { usePersisted } from '../../shared/storage/persisted';
import { moneyText } from '../funding/money-text';
import { useSubmissionIds } from '../funding/submission-id';
import styles from '../trading/trading.module.css';
import { contractCalls } from './contract-calls';

const typed = (text: string) => text.replace(',', '.').replace(/\s/g, '');

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const call of contractCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
  };
}

/** One tap between the spot and contract USDT accounts (the existing /coin/transfer, free). */
export function TransferSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const refresh = useRefresh();
  const ids = useSubmissionIds();
  const assets = useApiQuery(coinAssets, {}, { enabled: visible });
  const usdt = assets.data?.list.find((c) => c.coin === 'USDT');
  const [toContract, setToContract] = useState(true);
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    const fields = {
      from: toContract ? ('spot' as const) : ('contract' as const),
      to: toContract ? ('contract' as const) : ('spot' as const),
      asset: 'USDT',
      amount: typed(amount),
    };
    setSending(true);
    try {
      await api(coinTransfer, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('coinContract.transferDone') });
      setAmount('');
      onClose();
    } catch {
      // The request wrapper showed the refusal.
    } finally {
      setSending(false);
      refresh();
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose}>
      <div className={styles.sheet} data-testid="contract-transfer-sheet">
        <h3 className={styles.sheetTitle}>{t('coinContract.transferTitle')}</h3>
        <div className={styles.segments}>
          {[true, false].map((direction) => (
            <button
              key={String(direction)}
              type="button"
              aria-pressed={toContract === direction}
              className={toContract === direction ? styles.typeOn : styles.segment}
              onClick={() => setToContract(direction)}
              data-testid={direction ? 'contract-transfer-in' : 'contract-transfer-out'}
            >
              {t(direction ? 'coinContract.toContract' : 'coinContract.toSpot')}
            </button>
          ))}
        </div>
        <p className={styles.note}>
          {t('coinContract.spotAvailable', { 0: moneyText(usdt?.spot ?? '0', 'USDT', lang) })} ·{' '}
          {t('coinContract.contractAvailable', { 0: moneyText(usdt?.contract ?? '0', 'USDT', lang) })}
        </p>
        <div className={styles.field}>
          <label className={styles.fieldLabel} htmlFor="contract-transfer-amount">
            {t('coinContract.transferAmount')}
          </label>
          <Input
            className={styles.input}
            id="contract-transfer-amount"
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            data-testid="contract-transfer-amount"
          />
        </div>
        <div className={styles.actions}>
          <Button block onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            loading={sending}
            disabled={typed(amount) === ''}
            onClick={() => void send()}
            data-testid="contract-transfer-send"
          >
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

export function AddMarginSheet({ position, onClose }: { position: PositionView; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const ids = useSubmissionIds();
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    const fields = { id: position.id, amount: typed(amount) };
    setSending(true);
    try {
      await api(coinContractAddMargin, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('coinContract.marginAdded') });
      onClose();
    } catch {
      // The request wrapper showed the refusal.
    } finally {
      setSending(false);
      refresh();
    }
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose}>
      <div className={styles.sheet} data-testid="contract-margin-sheet">
        <h3 className={styles.sheetTitle}>{t('coinContract.addMarginTitle')}</h3>
        <div className={styles.field}>
          <label className={styles.fieldLabel} htmlFor="contract-margin-amount">
            {t('coinContract.transferAmount')}
          </label>
          <Input
            className={styles.input}
            id="contract-margin-amount"
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            data-testid="contract-margin-amount"
          />
        </div>
        <div className={styles.actions}>
          <Button block onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            loading={sending}
            disabled={typed(amount) === ''}
            onClick={() => void send()}
            data-testid="contract-margin-send"
          >
            {t('coinContract.addMargin')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

export function TpslSheet({ position, onClose }: { position: PositionView; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      // Each level is sent only when it changed; empty clears it.
      if (typed(takeProfit) !== (position.takeProfit ?? '')) {
        await api(coinContractSetProfit, { id: position.id, price: typed(takeProfit) });
      }
      if (typed(stopLoss) !== (position.stopLoss ?? '')) {
        await api(coinContractSetLoss, { id: position.id, price: typed(stopLoss) });
      }
      Toast.show({ content: t('coinContract.tpslSaved') });
      onClose();
    } catch {
      // The request wrapper showed the refusal (the side of the last price, the tick).
    } finally {
      setSending(false);
      refresh();
    }
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose}>
      <div className={styles.sheet} data-testid="contract-tpsl-sheet">
        <h3 className={styles.sheetTitle}>{t('coinContract.setTpsl')}</h3>
        <p className={styles.note}>{t('coinContract.tpslHint')}</p>
        <div className={styles.field}>
          <label className={styles.fieldLabel} htmlFor="contract-tpsl-tp">
            {t('coinContract.takeProfit')}
          </label>
          <Input
            className={styles.input}
            id="contract-tpsl-tp"
            inputMode="decimal"
            value={takeProfit}
            onChange={setTakeProfit}
            data-testid="contract-tpsl-tp"
          />
        </div>
        <div className={styles.field}>
          <label className={styles.fieldLabel} htmlFor="contract-tpsl-sl">
            {t('coinContract.stopLoss')}
          </label>
          <Input
            className={styles.input}
            id="contract-tpsl-sl"
            inputMode="decimal"
            value={stopLoss}
            onChange={setStopLoss}
            data-testid="contract-tpsl-sl"
          />
        </div>
        <div className={styles.actions}>
          <Button block onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            loading={sending}
            onClick={() => void send()}
            data-testid="contract-tpsl-send"
          >
            {t('common.save')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
