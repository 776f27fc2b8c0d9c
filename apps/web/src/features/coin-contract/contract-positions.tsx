import {
  coinContractClose,
  coinContractLiquidateAll,
  coinContractList,
  coinContractListActive,
} from '@piazza/contract/calls/coin-contract';
import type { PositionView } from '@piazza/contract/calls/coin-contract-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { livePnl } from '../../shared/contracts/live-contract';
import { moneyText } from '../../shared/money/money-text';
import { newRequestId } from '../../shared/money/submission-id';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { useTickers } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import css from './coin-contract.module.css';
import { contractCalls } from './contract-calls';
import { AddMarginSheet, TpslSheet } from './contract-sheets';

/**
 * Open positions are valued at the live ticker with the server's own function (core contractPnlMinor, which
 * unrealisedPnlMinor is); openings, closings and liquidations arrive on the user socket. A slow safety
 * refetch catches anything missed.
 */
const safetyRefetchMs = 60_000;

const priceDecimals = (text: string) => (text.split('.')[1] ?? '').length;
const signed = (text: string, lang: Language) =>
  `${text.startsWith('-') ? '' : '+'}${moneyText(text, 'USDT', lang)}`;
const tone = (text: string | null) =>
  text === null || /^-?0(\.0+)?$/.test(text) ? undefined : text.startsWith('-') ? styles.down : styles.up;

export function OpenPositions() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const active = useApiQuery(coinContractListActive, {}, { refetchInterval: safetyRefetchMs });
  useMoneyEvents(contractCalls);
  const [adding, setAdding] = useState<PositionView | null>(null);
  const [tpsl, setTpsl] = useState<PositionView | null>(null);
  const list = active.data?.list ?? [];
  const quotes = useTickers(list.filter((p) => p.state === 'position').map((p) => p.symbol));
  const refresh = () => {
    for (const call of contractCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
  };

  // Close settles an open position at market; on a resting limit opening it cancels the order.
  const close = async (p: PositionView) => {
    const resting = p.state === 'open';
    if (
      !(await Dialog.confirm({
        content: t(resting ? 'coinContract.cancelConfirm' : 'coinContract.closeConfirm'),
        confirmText: t(resting ? 'coinContract.cancelOrder' : 'coinContract.close'),
        cancelText: t('coinContract.keep'),
      }))
    )
      return;
    try {
      await api(coinContractClose, { id: p.id, requestId: newRequestId() });
      Toast.show({ content: t(resting ? 'coinContract.cancelled' : 'coinContract.closed') });
    } catch {
      // The request wrapper showed the refusal.
    } finally {
      refresh();
    }
  };
  const closeAll = async () => {
    if (
      !(await Dialog.confirm({
        content: t('coinContract.closeAllConfirm'),
        confirmText: t('coinContract.closeAll'),
        cancelText: t('common.cancel'),
      }))
    )
      return;
    try {
      await api(coinContractLiquidateAll, { requestId: newRequestId() });
      Toast.show({ content: t('coinContract.closed') });
    } catch {
      // The request wrapper showed the refusal.
    } finally {
      refresh();
    }
  };

  return (
    <Card title={t('coinContract.positions')} testId="contract-positions">
      {!active.data ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : list.length === 0 ? (
        <p className={styles.note}>{t('coinContract.noPositions')}</p>
      ) : (
        <>
          {list.map((p) => {
            const d = priceDecimals(p.entryPrice);
            const price = (text: string | null) => (text === null ? '--' : formatNumber(text, lang, d));
            const last = p.state === 'position' ? quotes.get(p.symbol)?.last : undefined;
            const livePnlText = last === undefined ? null : livePnl(p, last, p.margin);
            const pnl = livePnlText ?? p.unrealisedPnl;
            const mark = livePnlText === null ? p.markPrice : (last ?? null);
            return (
              <div key={p.id} className={css.position} data-testid={`contract-position-${p.id}`}>
                <div className={css.positionHead}>
                  <span className={p.side === 'long' ? styles.up : styles.down}>
                    {p.symbol.replace(/USDT$/, '')}{' '}
                    {t('coinContract.sideLeverage', {
                      0: t(p.side === 'long' ? 'coinContract.long' : 'coinContract.short'),
                      1: p.leverage,
                    })}
                  </span>
                  {p.state === 'open' ? (
                    <span data-testid="contract-position-pending">
                      {t('coinContract.pendingAt', { 0: price(p.limitPrice) })}
                    </span>
                  ) : (
                    <span className={tone(pnl)} data-testid="contract-position-pnl">
                      {pnl === null ? '--' : signed(pnl, lang)}
                    </span>
                  )}
                </div>
                <dl className={css.grid}>
                  <dt>{t('coinContract.quantity')}</dt>
                  <dd>{formatNumber(p.quantity, lang, priceDecimals(p.quantity))}</dd>
                  <dt>{t('coinContract.positionMargin')}</dt>
                  <dd data-testid="contract-position-margin">{moneyText(p.margin, 'USDT', lang)}</dd>
                  <dt>{t('coinContract.entry')}</dt>
                  <dd>{price(p.entryPrice)}</dd>
                  <dt>{t('coinContract.mark')}</dt>
                  <dd data-testid="contract-position-mark">{price(mark)}</dd>
                  <dt>{t('coinContract.liquidation')}</dt>
                  <dd data-testid="contract-position-liquidation">
                    {p.liquidationPrice === null
                      ? t('coinContract.noLiquidation')
                      : price(p.liquidationPrice)}
                  </dd>
                  <dt>{t('coinContract.tpsl')}</dt>
                  <dd>
                    {price(p.takeProfit)} / {price(p.stopLoss)}
                  </dd>
                </dl>
                {p.state === 'open' ? (
                  <div className={css.buttons}>
                    <Button size="small" onClick={() => void close(p)} data-testid="contract-cancel">
                      {t('coinContract.cancelOrder')}
                    </Button>
                  </div>
                ) : (
                  <div className={css.buttons}>
                    <Button size="small" onClick={() => setAdding(p)} data-testid="contract-add-margin">
                      {t('coinContract.addMargin')}
                    </Button>
                    <Button size="small" onClick={() => setTpsl(p)} data-testid="contract-set-tpsl">
                      {t('coinContract.tpsl')}
                    </Button>
                    <Button
                      size="small"
                      color="primary"
                      onClick={() => void close(p)}
                      data-testid="contract-close"
                    >
                      {t('coinContract.close')}
                    </Button>
                  </div>
                )}
              </div>
            );
          })}
          {list.length > 1 && (
            <div className={styles.actions}>
              <Button block onClick={() => void closeAll()} data-testid="contract-close-all">
                {t('coinContract.closeAll')}
              </Button>
            </div>
          )}
        </>
      )}
      {adding && <AddMarginSheet position={adding} onClose={() => setAdding(null)} />}
      {tpsl && <TpslSheet position={tpsl} onClose={() => setTpsl(null)} />}
    </Card>
  );
}

/** Closed, liquidated and cancelled positions, newest first: how each ended and what it settled. */
export function ContractHistory() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const history = useApiQuery(coinContractList, { size: 20 });
  const list = (history.data?.list ?? []).filter((p) => p.state !== 'position' && p.state !== 'open');
  return (
    <Card title={t('coinContract.history')} testId="contract-history">
      {!history.data ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : list.length === 0 ? (
        <p className={styles.note}>{t('coinContract.noHistory')}</p>
      ) : (
        list.map((p) => {
          const d = priceDecimals(p.entryPrice);
          return (
            <div key={p.id} className={css.position} data-testid={`contract-history-${p.id}`}>
              <div className={css.positionHead}>
                <span>
                  {p.symbol.replace(/USDT$/, '')}{' '}
                  {t('coinContract.sideLeverage', {
                    0: t(p.side === 'long' ? 'coinContract.long' : 'coinContract.short'),
                    1: p.leverage,
                  })}
                </span>
                <span data-testid="contract-history-state">
                  {t(`coinContract.state.${p.state}`)}
                  {/* A liquidation says it once: its state already names it. */}
                  {p.closeReason && p.state !== 'system_close'
                    ? ` · ${t(`coinContract.reason.${p.closeReason}`)}`
                    : ''}
                </span>
              </div>
              <dl className={css.grid}>
                <dt>{t('coinContract.entry')}</dt>
                <dd>{formatNumber(p.entryPrice, lang, d)}</dd>
                <dt>{t('coinContract.exit')}</dt>
                <dd>{p.exitPrice === null ? '--' : formatNumber(p.exitPrice, lang, d)}</dd>
                <dt>{t('coinContract.realised')}</dt>
                <dd className={tone(p.realisedPnl)} data-testid="contract-history-pnl">
                  {p.realisedPnl === null ? '--' : signed(p.realisedPnl, lang)}
                </dd>
                <dt>{t('coinContract.returned')}</dt>
                <dd>{p.returned === null ? '--' : moneyText(p.returned, 'USDT', lang)}</dd>
                {p.absorbed !== null && !/^0(\.0+)?$/.test(p.absorbed) && (
                  <>
                    <dt>{t('coinContract.absorbed')}</dt>
                    <dd>{moneyText(p.absorbed, 'USDT', lang)}</dd>
                  </>
                )}
              </dl>
            </div>
          );
        })
      )}
    </Card>
  );
}
