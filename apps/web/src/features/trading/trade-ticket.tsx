import { userAssets } from '@piazza/contract/calls/assets';
import { stockBooks, type stockInfo } from '@piazza/contract/calls/market';
import { securityOverview } from '@piazza/contract/calls/security';
import { stockHoldInfo, stockOrderBuy, stockOrderFx, stockOrderSell } from '@piazza/contract/calls/trading';
import { stockOrderRule } from '@piazza/contract/calls/trading-admin';
import type { CallOutput } from '@piazza/contract/define';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { Side } from '@piazza/core/trading/fills';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LabelledStepper } from '../../shared/forms/labelled-stepper';
import { OrderBook } from '../../shared/market/order-book';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { useTicker } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureRow as Row } from '../../shared/ticket/figure-rows';
import { mostLots } from '../../shared/ticket/most-lots';
import { typeLabel } from '../../shared/ticket/order-type';
import { TaxEstimateRows } from '../../shared/ticket/tax-estimate';
import styles from '../../shared/ticket/ticket.module.css';
import { ConfirmStep, Segments, useTicketSend } from '../../shared/ticket/ticket-confirm';
import {
  currencyScale,
  lotQuantity,
  onTick,
  previewTicket,
  scheduleOf,
  scheduleOfRule,
  type TicketInput,
} from '../../shared/ticket/ticket-preview';
import { tradingPaths } from '../../shared/ticket/trading-paths';
import { TriggerPriceFields } from '../../shared/ticket/trigger-price-fields';
import { useLiveBook } from '../../shared/ticket/use-live-book';
import { Card } from '../../shared/ui/card';

type Instrument = CallOutput<typeof stockInfo>;

/**
 * The order ticket of one share (DESIGN.md §7): side, type, lots, limit price on the tick grid, the cost or
 * proceeds with the fee by the server's own rule, what is available, then a confirm step with the
 * transaction password when one is set. The server decides; this only keeps a person from sending what
 * it would refuse for the plain reasons.
 */
export function TradeTicket({ instrument, initialSide }: { instrument: Instrument; initialSide: Side }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const { symbol, priceScale, quantityScale, currency } = instrument;
  const quote = useTicker(symbol);
  const status = quote?.symbol === symbol ? quote.status : instrument.status;
  const book = useLiveBook(symbol);
  const assets = useApiQuery(userAssets, {});
  const hold = useApiQuery(stockHoldInfo, { symbol });
  const security = useApiQuery(securityOverview, {});
  useMoneyEvents([userAssets, stockHoldInfo]);

  const [ticket, setTicket] = useState<TicketInput>({
    side: initialSide,
    type: 'market',
    lots: 1,
    limitPrice: '',
    stopPrice: '',
  });
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { pin, setPin, sending, send: sendWith } = useTicketSend();
  const change = (patch: Partial<TicketInput>) => setTicket((now) => ({ ...now, ...patch }));

  // The fee the operator configured for this market, so the preview is what the server will charge.
  const rule = useApiQuery(stockOrderRule, { symbol });
  const schedule = rule.data ? scheduleOfRule(rule.data.fee, rule.data.currencyScale) : null;
  const preview = previewTicket(ticket, instrument, book, schedule);
  const quantity = lotQuantity(ticket.lots, instrument);
  const cash =
    assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === currency)?.balance ?? '0';
  const pinNeeded = security.data?.trade.set === true;
  const tradable = instrument.listed && scheduleOf(instrument.calendar) !== null;
  const open = status === 'open';
  const limited = ticket.type === 'limit' || ticket.type === 'stop_limit';
  const stopped = ticket.type === 'stop' || ticket.type === 'stop_limit';
  // A market order cannot wait for the open; a limit or a stop rests until it (decision 057).
  const canWait = open || ticket.type !== 'market';
  const offTick = limited && ticket.limitPrice !== '' && !onTick(ticket.limitPrice, instrument);
  const stopText = ticket.stopPrice ?? '';
  const stopOffTick = stopped && stopText !== '' && !onTick(stopText, instrument);
  const money = (minor: bigint) =>
    `${formatNumber(formatAmount(minor, currencyScale), lang, currencyScale)} ${currency}`;
  const shares = (text: string) => formatNumber(text, lang, quantityScale);
  // A buy the cash does not cover is not sent: the ticket says so and leads to a deposit (issue 17).
  const cashMinor = parseAmount(cash, currencyScale) ?? 0n;
  const shortfall = ticket.side === 'buy' && preview !== null ? preview.total - cashMinor : 0n;
  // A share in dollars may be paid from euros at the exchange's rate and spread, shown before confirming
  // and exchanged in the order's own transaction (decision 057).
  const fx = useApiQuery(
    stockOrderFx,
    { currency: 'USD' },
    { enabled: currency === 'USD' && ticket.side === 'buy' && shortfall > 0n },
  );
  const euroCash = parseAmount(
    assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === 'EUR')?.balance ?? '0',
    currencyScale,
  );
  const fxRate = fx.data ? parseAmount(fx.data.rate, 8) : null;
  const eurosNeeded =
    shortfall > 0n && fxRate !== null && fxRate > 0n ? (shortfall * 10n ** 8n + fxRate - 1n) / fxRate : null;
  const payFromEuros =
    currency === 'USD' && eurosNeeded !== null && euroCash !== null && eurosNeeded <= euroCash;
  const short = shortfall > 0n && !payFromEuros;
  const fxLine =
    payFromEuros && fx.data && eurosNeeded !== null
      ? t('trade.fxLine', {
          0: formatNumber(formatAmount(eurosNeeded, currencyScale), lang, currencyScale),
          1: formatNumber(fx.data.rate, lang, 6),
          2: formatNumber(formatAmount(BigInt(fx.data.spreadBp), 2), lang, 2),
        })
      : null;
  // SPEC §5's sides for a stop, against the last price: a buy stop above it, a sell stop below.
  const lastMinor = parseAmount(quote?.symbol === symbol ? quote.last : instrument.last, priceScale) ?? 0n;
  const stopMinor = parseAmount(stopText, priceScale);
  const stopWrong =
    stopped &&
    stopMinor !== null &&
    !stopOffTick &&
    (ticket.side === 'buy' ? stopMinor <= lastMinor : stopMinor >= lastMinor);
  const lotMinor = parseAmount(instrument.lotSize, quantityScale) ?? 0n;
  const availableMinor = parseAmount(hold.data?.available ?? '0', quantityScale) ?? 0n;
  const most = mostLots(ticket, instrument, book, schedule, {
    cash: cashMinor,
    availableLots: lotMinor > 0n ? Number(availableMinor / lotMinor) : 0,
  });
  const last = quote?.symbol === symbol ? quote : instrument;

  const send = async () => {
    if (!preview) return;
    const fields = {
      symbol,
      type: ticket.type,
      quantity: formatAmount(preview.quantity, quantityScale),
      ...(limited ? { price: ticket.limitPrice } : {}),
      ...(stopped ? { stopPrice: stopText } : {}),
      ...(pinNeeded ? { tradePassword: pin } : {}),
    };
    const params = { ...fields, requestId: ids.idFor({ ...fields, side: ticket.side }) };
    // A refusal (market closed, balance, password) was shown by the wrapper; a wrong password is retyped.
    await sendWith(async () => {
      const order =
        ticket.side === 'buy'
          ? await api(stockOrderBuy, { ...params, ...(payFromEuros ? { payFrom: 'EUR' as const } : {}) })
          : await api(stockOrderSell, params);
      ids.settle();
      Toast.show({ content: t('trade.sent') });
      for (const call of [userAssets, stockHoldInfo, stockBooks]) {
        void queryClient.invalidateQueries({ queryKey: [call.path] });
      }
      navigate(`${tradingPaths.order}?id=${order.id}`);
    });
  };

  if (!tradable) {
    return (
      <Card testId="trade-not-tradable">
        <p className={styles.note}>{t(instrument.listed ? 'trade.notTradable' : 'trade.notListed')}</p>
      </Card>
    );
  }

  const totalLabel = t(ticket.side === 'buy' ? 'trade.totalBuy' : 'trade.totalSell');
  const rows = (
    <ul className={styles.rows}>
      <Row
        label={t('trade.availableCash')}
        value={`${formatNumber(cash, lang, currencyScale)} ${currency}`}
        testId="trade-cash"
      />
      <Row
        label={t('trade.availableShares')}
        value={shares(hold.data?.available ?? '0')}
        testId="trade-available"
      />
      <Row label={t('trade.value')} value={preview ? money(preview.value) : '--'} testId="trade-value" />
      <Row label={t('trade.fee')} value={preview ? money(preview.fee) : '--'} testId="trade-fee" />
      <Row
        label={totalLabel}
        value={preview ? money(preview.total) : '--'}
        testId="trade-total"
        tone={short ? styles.down : undefined}
      />
      <TaxEstimateRows
        symbol={symbol}
        side={ticket.side}
        quantity={preview ? formatAmount(preview.quantity, quantityScale) : null}
      />
      {fxLine !== null && (
        <li className={styles.note} data-testid="trade-fx">
          {fxLine}
        </li>
      )}
    </ul>
  );

  if (stage === 'confirm' && preview) {
    return (
      <ConfirmStep
        testPrefix="trade"
        title={t('trade.confirmTitle')}
        summary={t('trade.summary', {
          0: t(ticket.side === 'buy' ? 'trade.buy' : 'trade.sell'),
          1: t('trade.shares', {
            count: Number(formatAmount(preview.quantity, quantityScale)),
            0: shares(formatAmount(preview.quantity, quantityScale)),
          }),
          2: symbol,
          3: [
            typeLabel(ticket.type, t),
            ...(stopped ? [`${t('trade.stopPrice')} ${formatNumber(stopText, lang, priceScale)}`] : []),
            ...(limited
              ? [`${t('trade.limitPrice')} ${formatNumber(ticket.limitPrice, lang, priceScale)}`]
              : []),
          ].join(' · '),
        })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('trade.pin'), back: t('trade.back'), send: t('trade.send') }}
        sending={sending}
        canSend={canWait}
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        {rows}
        {ticket.type === 'market' && <p className={styles.note}>{t('trade.estimate')}</p>}
        {stopped && <p className={styles.note}>{t('trade.stopFrozen')}</p>}
        {!open && canWait && instrument.nextOpen !== null && (
          <p className={styles.note} data-testid="trade-rests">
            {t('trade.restsUntilOpen', { 0: formatDateTime(instrument.nextOpen) })}
          </p>
        )}
      </ConfirmStep>
    );
  }

  return (
    <>
      <Card testId="trade-ticket">
        <p className={styles.quoteLine} data-testid="trade-quote">
          <span className={styles.quoteLast}>
            {formatNumber(last.last, lang, priceScale)} {currency}
          </span>{' '}
          <span className={last.changePercent.startsWith('-') ? styles.down : styles.up}>
            {last.changePercent.startsWith('-') ? '' : '+'}
            {formatNumber(last.changePercent, lang, 2)}%
          </span>{' '}
          <span className={styles.hint}>{t('trade.today')}</span>
        </p>
        {!open && (
          <p className={styles.closed} role="status" data-testid="trade-market-closed">
            {instrument.nextOpen === null
              ? t('trade.marketClosed')
              : t('trade.closedUntil', { 0: formatDateTime(instrument.nextOpen) })}
          </p>
        )}
        <Segments
          options={['buy', 'sell'] as const}
          value={ticket.side}
          onChange={(side) => change({ side })}
          label={(side) => t(side === 'buy' ? 'trade.buy' : 'trade.sell')}
          testId={(side) => `trade-side-${side}`}
          tone={(side) => (side === 'buy' ? 'up' : 'down')}
        />
        <Segments
          options={['market', 'limit', 'stop', 'stop_limit'] as const}
          value={ticket.type}
          onChange={(type) =>
            change({
              type,
              // Start a limit at the last price, a number already on the grid.
              limitPrice: ticket.limitPrice === '' ? (quote?.last ?? instrument.last) : ticket.limitPrice,
            })
          }
          label={(type) => typeLabel(type, t)}
          testId={(type) => `trade-type-${type}`}
        />
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('trade.lots', { 0: shares(instrument.lotSize) })}</span>
          <LabelledStepper
            label={t('trade.lots', { 0: shares(instrument.lotSize) })}
            value={ticket.lots}
            onChange={(lots) => change({ lots: lots ?? 1 })}
            testId="trade-lots"
          />
          <Button
            size="mini"
            fill="outline"
            disabled={most < 1}
            onClick={() => change({ lots: most })}
            data-testid="trade-max"
          >
            {t('trade.max')}
          </Button>
          <span className={styles.hint} data-testid="trade-quantity">
            {quantity !== null
              ? t('trade.quantityShares', { 0: shares(formatAmount(quantity, quantityScale)) })
              : ''}
          </span>
        </div>
        <TriggerPriceFields
          prefix="trade"
          limitLabel={t('trade.limitPrice')}
          prices={{
            side: ticket.side,
            stopped,
            limited,
            stopText,
            limitText: ticket.limitPrice,
            stopOffTick,
            stopWrong,
            limitOffTick: offTick,
            last: formatAmount(lastMinor, priceScale),
            tickSize: instrument.tickSize,
            priceScale,
          }}
          onStop={(stopPrice) => change({ stopPrice })}
          onLimit={(limitPrice) => change({ limitPrice })}
        />
        {rows}
        {preview?.partial && <p className={styles.note}>{t('trade.partial')}</p>}
        {short && (
          <p className={styles.short} role="alert" data-testid="trade-insufficient">
            {t('trade.insufficient')} — <Link to="/pages/recharge/recharge">{t('trade.deposit')}</Link>
          </p>
        )}
        <div className={styles.actions}>
          <Button
            block
            color="primary"
            disabled={!canWait || !preview || short || stopWrong}
            onClick={() => setStage('confirm')}
            data-testid="trade-review"
          >
            {t('trade.review')}
          </Button>
        </div>
      </Card>
      <Card title={t('trade.book')} testId="trade-book">
        <OrderBook
          symbol={symbol}
          call={stockBooks}
          priceDecimals={priceScale}
          quantityDecimals={quantityScale}
        />
      </Card>
    </>
  );
}
