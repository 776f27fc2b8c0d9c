import { userAssets } from '@piazza/contract/calls/assets';
import {
  stockContractAccount,
  stockContractAddMargin,
  stockContractClose,
  stockContractList,
  stockContractSetLoss,
  stockContractSetProfit,
} from '@piazza/contract/calls/stock-contract';
import type { ContractView } from '@piazza/contract/calls/stock-contract-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/it-IT';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { liveAccount, livePnl } from '../../shared/contracts/live-contract';
import { NumberInput } from '../../shared/forms/number-input';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { useTicker, useTickers } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureList, FigureRow } from '../../shared/ticket/figure-rows';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { stockContractCalls } from './stock-contract-calls';

/** A slow safety refetch: the P&L moves with the ticker, openings and closings arrive on the user socket. */
const safetyRefetchMs = 60_000;

type View = 'open' | 'closed';

/**
 * The contracts tab of the positions page: the contract account (balance, equity, margin used, margin
 * level), then the open positions with their P&L at the last price, moving with the live ticker (computed
 * as the server does, live-contract.ts), each with close, add margin and TP/SL; or the closed ones with why
 * they closed.
 */
export function ContractPositions() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('open');
  // A position the engine closed (take profit, stop loss, close-out) is announced on the user socket.
  useMoneyEvents(stockContractCalls);
  return (
    <>
      <div className={styles.segments}>
        {(['open', 'closed'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            className={view === v ? styles.typeOn : styles.segment}
            onClick={() => setView(v)}
            data-testid={`contracts-${v}`}
          >
            {t(v === 'open' ? 'stockContract.open' : 'stockContract.closed')}
          </button>
        ))}
      </div>
      {view === 'open' && <AccountCard />}
      <ContractList state={view} />
    </>
  );
}

function AccountCard() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const account = useApiQuery(
    stockContractAccount,
    { currency: 'EUR' },
    { staleTime: 0, refetchInterval: safetyRefetchMs },
  );
  // Every open position, to value the account at the live prices (at most 100; more keep the server's).
  const open = useApiQuery(
    stockContractList,
    { state: 'open', page: 1, size: 100 },
    { staleTime: 0, refetchInterval: safetyRefetchMs },
  );
  const positions = open.data?.list ?? [];
  const quotes = useTickers(positions.map((p) => p.symbol));
  if (!account.data) return <Skeleton.Paragraph lineCount={4} animated />;
  const server = account.data;
  const complete = open.data !== undefined && open.data.total === positions.length;
  const live = complete
    ? liveAccount(
        server.balance,
        server.usedMargin,
        positions.map((p) => {
          const last = quotes.get(p.symbol)?.last;
          return (last !== undefined && livePnl(p, last, p.pnl)) || p.pnl;
        }),
      )
    : null;
  const a = { ...server, ...(live ?? {}) };
  const money = (v: string) => `${formatNumber(v, lang, 2)} ${a.currency}`;
  const rows: [string, string, string][] = [
    [t('stockContract.balance'), money(a.balance), 'contracts-balance'],
    [t('stockContract.equity'), money(a.equity), 'contracts-equity'],
    [t('stockContract.usedMargin'), money(a.usedMargin), 'contracts-used'],
    [t('stockContract.freeMargin'), money(a.freeMargin), 'contracts-free'],
    [
      t('stockContract.marginLevel'),
      a.marginLevel === null ? '--' : `${formatNumber(a.marginLevel, lang, 2)} %`,
      'contracts-level',
    ],
  ];
  return (
    <Card title={t('stockContract.account', { 0: a.currency })} testId="contracts-account">
      <FigureList figures={rows} />
    </Card>
  );
}

function ContractList({ state }: { state: View }) {
  const { t } = useTranslation();
  const [size, setSize] = useState(20);
  const list = useApiQuery(
    stockContractList,
    { state, page: 1, size },
    { staleTime: 0, refetchInterval: state === 'open' ? safetyRefetchMs : false },
  );
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton.Paragraph lineCount={6} animated />;
  if (list.data.list.length === 0) {
    return (
      <p className={styles.note} data-testid="contracts-empty">
        {t(state === 'open' ? 'stockContract.none' : 'stockContract.noneClosed')}
      </p>
    );
  }
  return (
    <>
      {list.data.list.map((c) => (
        <ContractCard key={c.id} contract={c} />
      ))}
      {list.data.total > list.data.list.length && size < 100 && (
        <Button
          block
          fill="none"
          onClick={() => setSize(Math.min(100, size + 20))}
          data-testid="contracts-more"
        >
          {t('stockContract.more')}
        </Button>
      )}
    </>
  );
}

function ContractCard({ contract: c }: { contract: ContractView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const [panel, setPanel] = useState<'none' | 'margin' | 'tpsl'>('none');
  const [amount, setAmount] = useState('');
  const [tp, setTp] = useState(c.takeProfit ?? '');
  const [sl, setSl] = useState(c.stopLoss ?? '');
  const [busy, setBusy] = useState(false);
  const open = c.state === 'open';
  const quote = useTicker(open ? c.symbol : null);
  const liveLast = open && quote?.symbol === c.symbol ? quote.last : null;
  const livePnlText = liveLast === null ? null : livePnl(c, liveLast, c.pnl);
  const pnl = livePnlText ?? c.pnl;
  const mark = livePnlText === null ? c.markPrice : liveLast;
  const num = (v: string | null) => (v === null ? '--' : formatNumber(v, lang, decimalsOf(v)));
  const money = (v: string) => `${formatNumber(v, lang, 2)} ${c.currency}`;
  const refresh = () => {
    for (const call of stockContractCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
  };

  const run = async (work: () => Promise<unknown>, done: MessageKey) => {
    setBusy(true);
    try {
      await work();
      Toast.show({ content: t(done) });
      setPanel('none');
    } catch {
      // The request wrapper showed the refusal.
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const close = async () => {
    const confirmed = await Dialog.confirm({
      content: t('stockContract.closeConfirm'),
      confirmText: t('stockContract.close'),
      cancelText: t('stockContract.keep'),
    });
    if (!confirmed) return;
    const fields = { id: c.id, close: true };
    await run(async () => {
      await api(stockContractClose, { id: c.id, requestId: ids.idFor(fields) });
      ids.settle();
    }, 'stockContract.closedToast');
  };

  const addMargin = () =>
    run(async () => {
      const fields = { id: c.id, amount };
      await api(stockContractAddMargin, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      setAmount('');
    }, 'stockContract.added');

  const saveLevels = () =>
    run(async () => {
      if (tp !== (c.takeProfit ?? '')) await api(stockContractSetProfit, { id: c.id, price: tp });
      if (sl !== (c.stopLoss ?? '')) await api(stockContractSetLoss, { id: c.id, price: sl });
    }, 'stockContract.saved');

  const rows: [string, string, string][] = [
    [t('stockContract.entry'), num(c.entryPrice), 'contract-entry'],
    [t(open ? 'stockContract.mark' : 'stockContract.exit'), num(mark), 'contract-mark'],
    [t('stockContract.value'), money(c.entryValue), 'contract-value'],
    [t('stockContract.margin'), money(c.margin), 'contract-margin'],
  ];
  if (open) {
    rows.push(
      [t('stockContract.closeOut'), num(c.closeOutPrice), 'contract-closeout'],
      [t('stockContract.takeProfit'), num(c.takeProfit), 'contract-tp'],
      [t('stockContract.stopLoss'), num(c.stopLoss), 'contract-sl'],
    );
  } else {
    rows.push([t('stockContract.fee'), money(addDecimals(c.openFee, c.closeFee)), 'contract-fees']);
  }

  return (
    <Card title={`${c.name} · ${c.symbol}`} testId={`contract-${c.id}`}>
      <p className={styles.orderHead}>
        <span>
          <span className={c.side === 'long' ? styles.up : styles.down} data-testid="contract-side">
            {t(c.side === 'long' ? 'stockContract.long' : 'stockContract.short')}
          </span>{' '}
          · {c.leverage}:1 · {formatNumber(c.quantity, lang, 0)}
        </span>
        <span className={styles.note}>
          {open ? formatDateTime(c.createdAt) : formatDateTime(c.closedAt ?? c.createdAt)}
        </span>
      </p>
      <FigureList figures={rows}>
        <FigureRow
          label={t('stockContract.pnl')}
          value={money(pnl)}
          testId="contract-pnl"
          tone={pnl.startsWith('-') ? styles.down : styles.up}
        />
      </FigureList>
      {!open && c.closeReason && (
        <p className={styles.note} data-testid="contract-reason">
          {t(`stockContract.reason.${c.closeReason}`)}
          {c.absorbed !== '0.00' && ` · ${t('stockContract.absorbed', { 0: money(c.absorbed) })}`}
        </p>
      )}
      {open && (
        <div className={styles.actions}>
          <Button
            block
            size="small"
            onClick={() => setPanel(panel === 'margin' ? 'none' : 'margin')}
            data-testid="contract-add-margin"
          >
            {t('stockContract.addMargin')}
          </Button>
          <Button
            block
            size="small"
            onClick={() => setPanel(panel === 'tpsl' ? 'none' : 'tpsl')}
            data-testid="contract-tpsl"
          >
            {t('stockContract.tpsl')}
          </Button>
          <Button
            block
            size="small"
            color="danger"
            loading={busy && panel === 'none'}
            onClick={() => void close()}
            data-testid="contract-close"
          >
            {t('stockContract.close')}
          </Button>
        </div>
      )}
      {open && panel === 'margin' && (
        <MarginPanel
          currency={c.currency}
          amount={amount}
          onAmount={setAmount}
          busy={busy}
          onConfirm={() => void addMargin()}
        />
      )}
      {open && panel === 'tpsl' && (
        <div className={styles.field}>
          {(
            [
              ['takeProfit', tp, setTp],
              ['stopLoss', sl, setSl],
            ] as const
          ).map(([which, value, set]) => (
            <div key={which} className={styles.field}>
              <label className={styles.fieldLabel} htmlFor={`contract-${c.id}-${which}`}>
                {t(`stockContract.${which}`)}
              </label>
              <NumberInput
                className={styles.input}
                id={`contract-${c.id}-${which}`}
                value={value}
                onChange={set}
                testId={`contract-${which}-input`}
              />
            </div>
          ))}
          <span className={styles.hint}>{t('stockContract.tpslHint')}</span>
          <Button
            color="primary"
            loading={busy}
            onClick={() => void saveLevels()}
            data-testid="contract-tpsl-save"
          >
            {t('stockContract.confirm')}
          </Button>
        </div>
      )}
    </Card>
  );
}

function MarginPanel(props: {
  currency: string;
  amount: string;
  onAmount: (v: string) => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const assets = useApiQuery(userAssets, {});
  const spot =
    assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === props.currency)?.balance ?? '0';
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor="contract-margin-amount">
        {t('stockContract.amount')}
      </label>
      <NumberInput
        className={styles.input}
        id="contract-margin-amount"
        scale={2}
        value={props.amount}
        onChange={props.onAmount}
        testId="contract-margin-amount"
      />
      <span className={styles.hint}>
        {t('stockContract.addMarginHint', { 0: `${formatNumber(spot, lang, 2)} ${props.currency}` })}
      </span>
      <Button
        color="primary"
        loading={props.busy}
        disabled={props.amount === ''}
        onClick={props.onConfirm}
        data-testid="contract-margin-confirm"
      >
        {t('stockContract.confirm')}
      </Button>
    </div>
  );
}

function decimalsOf(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** The sum of two money decimals with two places, exactly (the fees of a closed position). */
function addDecimals(a: string, b: string): string {
  return formatAmount((parseAmount(a, 2) ?? 0n) + (parseAmount(b, 2) ?? 0n), 2);
}
