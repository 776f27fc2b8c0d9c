import { coinAssets, coinOrderAdd } from '@piazza/contract/calls/coin';
import { coinBooks, coinInfos } from '@piazza/contract/calls/market';
import { securityOverview } from '@piazza/contract/calls/security';
import { stockOrderRule } from '@piazza/contract/calls/trading-admin';
import type { CallOutput } from '@piazza/contract/define';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount } from '@piazza/core/money';
import type { Side } from '@piazza/core/trading/fills';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import coin from '../../shared/coin/coin.module.css';
import { PairPicker } from '../../shared/coin/pair-picker';
import { OrderBook } from '../../shared/market/order-book';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { useTicker } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureRow as Row } from '../../shared/ticket/figure-rows';
import { shareCount } from '../../shared/ticket/order-figures';
import { typeLabel } from '../../shared/ticket/order-type';
import { TaxEstimateRows } from '../../shared/ticket/tax-estimate';
import styles from '../../shared/ticket/ticket.module.css';
import { ConfirmStep, NumberField, Segments, useTicketSend } from '../../shared/ticket/ticket-confirm';
import { scheduleOfRule } from '../../shared/ticket/ticket-preview';
import { TriggerPriceFields } from '../../shared/ticket/trigger-price-fields';
import { useLiveBook } from '../../shared/ticket/use-live-book';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { coinCalls } from './coin-calls';
import { CoinOrders } from './coin-orders';
import {
  type CoinTicketInput,
  coinLimitPrice,
  coinQuantity,
  previewCoinTicket,
  typedDecimal,
  usdtScale,
} from './coin-preview';

type Pair = CallOutput<typeof coinInfos>['list'][number];

/**
 * The crypto spot tab (decision 016): a USDT pair, buy or sell, at market or a limit, a quantity in the coin's
 * own decimals, the cost or proceeds with the 0.10 % fee by the server's rule, then a confirm step with the
 * transaction password when one is set; the live book, and the user's open and finished orders.
 */
export function SpotPanel({ symbol, onSymbol }: { symbol: string; onSymbol: (symbol: string) => void }) {
  const { t } = useTranslation();
  const infos = useApiQuery(coinInfos, {}, { staleTime: 60_000 });
  const [picking, setPicking] = useState(false);
  const pairs = infos.data?.list ?? [];
  const pair = pairs.find((p) => p.symbol === symbol) ?? pairs[0];

  if (infos.isError) return <LoadFailed onRetry={() => void infos.refetch()} />;
  if (!pair) {
    return (
      <Card>
        <Skeleton.Paragraph lineCount={6} animated />
      </Card>
    );
  }
  return (
    <>
      <PairPicker
        pairs={pairs}
        value={pair.symbol}
        visible={picking}
        title={t('coinTrade.pickPair')}
        onClose={() => setPicking(false)}
        onPick={onSymbol}
      />
      <CoinTicket key={pair.symbol} pair={pair} onPick={() => setPicking(true)} />
      <Card title={t('trade.book')} testId="coin-book">
        <OrderBook
          symbol={pair.symbol}
          call={coinBooks}
          priceDecimals={pair.priceScale}
          quantityDecimals={pair.quantityScale}
        />
      </Card>
      <CoinOrders />
    </>
  );
}

function CoinTicket({ pair, onPick }: { pair: Pair; onPick: () => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const { symbol, priceScale, quantityScale } = pair;
  const coinName = pair.baseAsset ?? symbol;
  const quote = useTicker(symbol);
  const book = useLiveBook(symbol, coinBooks);
  const assets = useApiQuery(coinAssets, {});
  const security = useApiQuery(securityOverview, {});
  useMoneyEvents(coinCalls);

  const [ticket, setTicket] = useState<CoinTicketInput>({
    side: 'buy',
    type: 'market',
    quantity: '',
    limitPrice: '',
    stopPrice: '',
  });
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { pin, setPin, sending, send: sendWith } = useTicketSend();
  const change = (patch: Partial<CoinTicketInput>) => setTicket((now) => ({ ...now, ...patch }));

  // The fee the operator configured for CRYPTO, so the preview is what the server will charge.
  const rule = useApiQuery(stockOrderRule, { symbol });
  const schedule = rule.data ? scheduleOfRule(rule.data.fee, rule.data.currencyScale) : null;
  const preview = previewCoinTicket(ticket, pair, book, schedule);
  const quantityWrong = ticket.quantity !== '' && coinQuantity(ticket.quantity, pair) === null;
  const limited = ticket.type === 'limit' || ticket.type === 'stop_limit';
  const stopped = ticket.type === 'stop' || ticket.type === 'stop_limit';
  const limitWrong = limited && ticket.limitPrice !== '' && coinLimitPrice(ticket.limitPrice, pair) === null;
  const stopText = ticket.stopPrice ?? '';
  const stopMinor = stopped && stopText !== '' ? coinLimitPrice(stopText, pair) : null;
  const stopOffTick = stopped && stopText !== '' && stopMinor === null;
  const pinNeeded = security.data?.trade.set === true;
  const held = (coinCode: string) => assets.data?.list.find((c) => c.coin === coinCode)?.spot ?? '0';
  const last = quote?.symbol === symbol ? quote.last : null;
  // SPEC §5's sides for a stop: a buy stop above the last price, a sell stop below.
  const lastMinor = last === null ? null : coinLimitPrice(last, pair);
  const stopWrong =
    stopMinor !== null &&
    lastMinor !== null &&
    (ticket.side === 'buy' ? stopMinor <= lastMinor : stopMinor >= lastMinor);
  const usdt = (minor: bigint) => moneyText(formatAmount(minor, usdtScale), 'USDT', lang);

  const send = async () => {
    if (!preview) return;
    const fields = {
      symbol,
      side: ticket.side,
      type: ticket.type,
      quantity: formatAmount(preview.quantity, quantityScale),
      ...(limited ? { price: typedDecimal(ticket.limitPrice) } : {}),
      ...(stopped ? { stopPrice: typedDecimal(stopText) } : {}),
      ...(pinNeeded ? { tradePassword: pin } : {}),
    };
    // A refusal (balance, password) was shown by the request wrapper; a wrong password is typed again.
    await sendWith(
      async () => {
        await api(coinOrderAdd, { ...fields, requestId: ids.idFor(fields) });
        ids.settle();
        Toast.show({ content: t('coinTrade.sent') });
        setStage('edit');
        setPin('');
        change({ quantity: '' });
      },
      () => {
        for (const call of coinCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      },
    );
  };

  const totalLabel = t(ticket.side === 'buy' ? 'trade.totalBuy' : 'trade.totalSell');
  const rows = (
    <ul className={styles.rows}>
      <Row
        label={t('coinTrade.availableUsdt')}
        value={moneyText(held('USDT'), 'USDT', lang)}
        testId="coin-available-usdt"
      />
      <Row
        label={t('coinTrade.availableCoin', { 0: coinName })}
        value={moneyText(held(coinName), coinName, lang)}
        testId="coin-available-coin"
      />
      <Row label={t('trade.value')} value={preview ? usdt(preview.value) : '--'} testId="coin-value" />
      <Row label={t('trade.fee')} value={preview ? usdt(preview.fee) : '--'} testId="coin-fee" />
      <Row label={totalLabel} value={preview ? usdt(preview.total) : '--'} testId="coin-total" />
      {ticket.side === 'sell' && (
        <TaxEstimateRows
          symbol={symbol}
          side="sell"
          quantity={preview ? formatAmount(preview.quantity, quantityScale) : null}
        />
      )}
    </ul>
  );

  if (stage === 'confirm' && preview) {
    return (
      <ConfirmStep
        testPrefix="coin"
        title={t('trade.confirmTitle')}
        summary={t('coinTrade.summary', {
          0: t(ticket.side === 'buy' ? 'trade.buy' : 'trade.sell'),
          1: `${shareCount(formatAmount(preview.quantity, quantityScale), lang)} ${coinName}`,
          2: symbol,
          3: [
            typeLabel(ticket.type, t),
            ...(stopped
              ? [`${t('trade.stopPrice')} ${formatNumber(typedDecimal(stopText), lang, priceScale)}`]
              : []),
            ...(limited ? [`${formatNumber(typedDecimal(ticket.limitPrice), lang, priceScale)} USDT`] : []),
          ].join(' · '),
        })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('trade.pin'), back: t('trade.back'), send: t('trade.send') }}
        sending={sending}
        canSend
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        {rows}
        {ticket.type === 'market' && <p className={styles.note}>{t('trade.estimate')}</p>}
        {stopped && <p className={styles.note}>{t('trade.stopFrozen')}</p>}
      </ConfirmStep>
    );
  }

  return (
    <Card testId="coin-ticket">
      <button type="button" className={coin.pairButton} onClick={onPick} data-testid="coin-pair">
        <span>
          {coinName}/{pair.currency}{' '}
          <span className={coin.last} data-testid="coin-last">
            {t('coinTrade.last')} {last === null ? '--' : formatNumber(last, lang, priceScale)}
          </span>
        </span>
        <DownOutline />
      </button>
      <p className={styles.note}>{t('coinTrade.alwaysOpen')}</p>
      <Segments
        options={['buy', 'sell'] as const satisfies readonly Side[]}
        value={ticket.side}
        onChange={(side) => change({ side })}
        label={(side) => t(side === 'buy' ? 'trade.buy' : 'trade.sell')}
        testId={(side) => `coin-side-${side}`}
        tone={(side) => (side === 'buy' ? 'up' : 'down')}
      />
      <Segments
        options={['market', 'limit', 'stop', 'stop_limit'] as const}
        value={ticket.type}
        onChange={(type) =>
          change({
            type,
            // Start a limit at the last price, a number already on the tick grid.
            limitPrice: ticket.limitPrice === '' ? (last ?? '') : ticket.limitPrice,
          })
        }
        label={(type) => typeLabel(type, t)}
        testId={(type) => `coin-type-${type}`}
      />
      <NumberField
        id="coin-quantity"
        label={t('coinTrade.quantity', { 0: coinName })}
        placeholder="0"
        value={ticket.quantity}
        scale={quantityScale}
        onChange={(quantity) => change({ quantity })}
        hint={{
          text: t(quantityWrong ? 'coinTrade.quantityWrong' : 'coinTrade.quantityHint', { 0: quantityScale }),
          error: quantityWrong,
          testId: 'coin-quantity-hint',
        }}
      />
      <TriggerPriceFields
        prefix="coin"
        limitLabel={t('coinTrade.limitPrice')}
        prices={{
          side: ticket.side,
          stopped,
          limited,
          stopText,
          limitText: ticket.limitPrice,
          stopOffTick,
          stopWrong,
          limitOffTick: limitWrong,
          last,
          tickSize: pair.tickSize,
          priceScale,
        }}
        onStop={(stopPrice) => change({ stopPrice })}
        onLimit={(limitPrice) => change({ limitPrice })}
      />
      {rows}
      {preview?.partial && <p className={styles.note}>{t('trade.partial')}</p>}
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          disabled={!preview || stopWrong}
          onClick={() => setStage('confirm')}
          data-testid="coin-review"
        >
          {t('trade.review')}
        </Button>
      </div>
    </Card>
  );
}
