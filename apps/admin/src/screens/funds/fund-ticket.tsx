import { adminFundOrder } from '@piazza/contract/calls/fund-admin';
import type { FundView } from '@piazza/contract/calls/fund-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { readTypedInteger } from '@piazza/core/typed-number';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { newRequestId } from '../../shared/request-id';
import styles from './funds.module.css';

type Side = 'buy' | 'sell';
const sides: readonly Side[] = ['buy', 'sell'];

/**
 * The manager's ticket for a fund traded by hand: a market order on a share of the basket, in two steps. The
 * first reads what was typed; the second names exactly what will be sent (side, quantity, share, fund) and
 * sends it. A refusal (not enough cash, shares not yet settled, the market closed) stays under the ticket, with
 * the values kept, until the next attempt. The requestId is drawn at the first review and kept until the order
 * is placed or the ticket edited: sending again after a lost answer repeats the same request, which the server
 * answers once and never places twice.
 */
export function FundTicket({ fund, onSent }: { fund: FundView; onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const [symbol, setSymbol] = useState(fund.basket[0] ?? '');
  const [side, setSide] = useState<Side>('buy');
  const [typed, setTyped] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const quantity = readTypedInteger(typed, lang);
  const readable = quantity !== null && quantity >= 1;
  const send = useMutation({
    mutationFn: (order: { symbol: string; side: Side; quantity: number; requestId: string }) =>
      request(adminFundOrder, { id: fund.id, ...order }),
    onSuccess: (trade) => {
      const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${fund.currency}`;
      showNotice(
        'success',
        t(trade.side === 'buy' ? 'fundsAdmin.sent.buy' : 'fundsAdmin.sent.sell', {
          quantity: formatLedgerAmount(trade.quantity, lang),
          symbol: trade.symbol,
          price: money(trade.price),
          value: money(trade.value),
          fee: money(trade.fee),
        }),
      );
      setTyped('');
      setRequestId(null);
      onSent();
    },
    onSettled: () => setConfirming(false),
  });
  const review = (e: FormEvent) => {
    e.preventDefault();
    if (!readable) return;
    setRequestId((id) => id ?? newRequestId());
    setConfirming(true);
  };
  const confirmText = t(side === 'buy' ? 'fundsAdmin.confirm.buy' : 'fundsAdmin.confirm.sell', {
    quantity: readable ? formatNumber(String(quantity), lang, 0) : typed,
    symbol,
    fund: fund.name,
  });
  return (
    <section aria-labelledby="fund-ticket-title">
      <h2 id="fund-ticket-title">{t('fundsAdmin.ticket')}</h2>
      <p className="muted">{t('fundsAdmin.ticketHint')}</p>
      <form className={styles.form} onSubmit={review} data-testid="fund-ticket">
        <label>
          <span>{t('fundsAdmin.symbol')}</span>
          <select
            value={symbol}
            disabled={confirming}
            onChange={(e) => {
              setSymbol(e.target.value);
              setRequestId(null);
            }}
            data-testid="ticket-symbol"
          >
            {fund.basket.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('fundsAdmin.side')}</span>
          <select
            value={side}
            disabled={confirming}
            onChange={(e) => {
              setSide(e.target.value as Side);
              setRequestId(null);
            }}
            data-testid="ticket-side"
          >
            {sides.map((s) => (
              <option key={s} value={s}>
                {t(`fundsAdmin.side.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('fundsAdmin.quantity')}</span>
          <input
            inputMode="numeric"
            value={typed}
            readOnly={confirming}
            onChange={(e) => {
              setTyped(e.target.value);
              setRequestId(null);
            }}
            data-testid="ticket-quantity"
          />
        </label>
        {confirming && readable ? (
          <fieldset className={`confirm ${styles.confirm}`} data-testid="ticket-confirm-box">
            <legend data-testid="ticket-confirm-text">{confirmText}</legend>
            <button
              type="button"
              disabled={send.isPending}
              onClick={() => requestId && send.mutate({ symbol, side, quantity, requestId })}
              data-testid="ticket-send"
            >
              {t('fundsAdmin.send')}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={send.isPending}
              onClick={() => setConfirming(false)}
              data-testid="ticket-cancel"
            >
              {t('common.cancel')}
            </button>
          </fieldset>
        ) : (
          <div className={styles.actions}>
            <button type="submit" disabled={!readable} data-testid="ticket-review">
              {t('fundsAdmin.review')}
            </button>
          </div>
        )}
        <RefusalLine error={send.error} testId="ticket-refusal" />
      </form>
    </section>
  );
}
