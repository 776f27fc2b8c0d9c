import { coinAssets } from '@piazza/contract/calls/coin';
import {
  coinContractAddMargin,
  coinContractSetLoss,
  coinContractSetProfit,
} from '@piazza/contract/calls/coin-contract';
import type { PositionView } from '@piazza/contract/calls/coin-contract-shapes';
import { coinTransfer } from '@piazza/contract/calls/funding';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup, Toast } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import styles from '../../shared/ticket/ticket.module.css';
import { NumberField, Segments, useTicketSend } from '../../shared/ticket/ticket-confirm';
import { contractCalls } from './contract-calls';

const typed = (text: string) => text.replace(',', '.').replace(/\s/g, '');

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const call of contractCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
  };
}

/**
 * The bottom sheet each position action opens: a title, its fields, then cancel and the one button that
 * sends (`send` names its test id and text).
 */
function Sheet({
  visible = true,
  onClose,
  testId,
  title,
  children,
  send,
}: {
  visible?: boolean;
  onClose: () => void;
  testId: string;
  title: string;
  children: ReactNode;
  send: { label: string; testId: string; sending: boolean; disabled?: boolean; onClick: () => void };
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose}>
      <div className={styles.sheet} data-testid={testId}>
        <h3 className={styles.sheetTitle}>{title}</h3>
        {children}
        <div className={styles.actions}>
          <Button block onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            loading={send.sending}
            disabled={send.disabled}
            onClick={send.onClick}
            data-testid={send.testId}
          >
            {send.label}
          </Button>
        </div>
      </div>
    </Popup>
  );
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
  const { sending, send: sendWith } = useTicketSend();

  const send = async () => {
    const fields = {
      from: toContract ? ('spot' as const) : ('contract' as const),
      to: toContract ? ('contract' as const) : ('spot' as const),
      asset: 'USDT',
      amount: typed(amount),
    };
    // A refusal was shown by the request wrapper.
    await sendWith(async () => {
      await api(coinTransfer, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('coinContract.transferDone') });
      setAmount('');
      onClose();
    }, refresh);
  };

  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      testId="contract-transfer-sheet"
      title={t('coinContract.transferTitle')}
      send={{
        label: t('common.confirm'),
        testId: 'contract-transfer-send',
        sending,
        disabled: typed(amount) === '',
        onClick: () => void send(),
      }}
    >
      <Segments
        options={[true, false]}
        value={toContract}
        onChange={setToContract}
        label={(direction) => t(direction ? 'coinContract.toContract' : 'coinContract.toSpot')}
        testId={(direction) => (direction ? 'contract-transfer-in' : 'contract-transfer-out')}
      />
      <p className={styles.note}>
        {t('coinContract.spotAvailable', { 0: moneyText(usdt?.spot ?? '0', 'USDT', lang) })} ·{' '}
        {t('coinContract.contractAvailable', { 0: moneyText(usdt?.contract ?? '0', 'USDT', lang) })}
      </p>
      <NumberField
        id="contract-transfer-amount"
        label={t('coinContract.transferAmount')}
        value={amount}
        onChange={setAmount}
      />
    </Sheet>
  );
}

export function AddMarginSheet({ position, onClose }: { position: PositionView; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const ids = useSubmissionIds();
  const [amount, setAmount] = useState('');
  const { sending, send: sendWith } = useTicketSend();
  const send = async () => {
    const fields = { id: position.id, amount: typed(amount) };
    // A refusal was shown by the request wrapper.
    await sendWith(async () => {
      await api(coinContractAddMargin, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('coinContract.marginAdded') });
      onClose();
    }, refresh);
  };
  return (
    <Sheet
      onClose={onClose}
      testId="contract-margin-sheet"
      title={t('coinContract.addMarginTitle')}
      send={{
        label: t('coinContract.addMargin'),
        testId: 'contract-margin-send',
        sending,
        disabled: typed(amount) === '',
        onClick: () => void send(),
      }}
    >
      <NumberField
        id="contract-margin-amount"
        label={t('coinContract.transferAmount')}
        value={amount}
        onChange={setAmount}
      />
    </Sheet>
  );
}

export function TpslSheet({ position, onClose }: { position: PositionView; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const { sending, send: sendWith } = useTicketSend();
  const send = async () => {
    // A refusal (the side of the last price, the tick) was shown by the request wrapper.
    await sendWith(async () => {
      // Each level is sent only when it changed; empty clears it.
      if (typed(takeProfit) !== (position.takeProfit ?? '')) {
        await api(coinContractSetProfit, { id: position.id, price: typed(takeProfit) });
      }
      if (typed(stopLoss) !== (position.stopLoss ?? '')) {
        await api(coinContractSetLoss, { id: position.id, price: typed(stopLoss) });
      }
      Toast.show({ content: t('coinContract.tpslSaved') });
      onClose();
    }, refresh);
  };
  return (
    <Sheet
      onClose={onClose}
      testId="contract-tpsl-sheet"
      title={t('coinContract.setTpsl')}
      send={{ label: t('common.save'), testId: 'contract-tpsl-send', sending, onClick: () => void send() }}
    >
      <p className={styles.note}>{t('coinContract.tpslHint')}</p>
      <NumberField
        id="contract-tpsl-tp"
        label={t('coinContract.takeProfit')}
        value={takeProfit}
        onChange={setTakeProfit}
      />
      <NumberField
        id="contract-tpsl-sl"
        label={t('coinContract.stopLoss')}
        value={stopLoss}
        onChange={setStopLoss}
      />
    </Sheet>
  );
}
