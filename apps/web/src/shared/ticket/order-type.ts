import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import type { Language } from '@piazza/contract/wire';
import type { TFunction } from 'i18next';
import { figure } from './order-figures';

/** The label of an order type on tickets and lists. */
export function typeLabel(type: OrderView['type'], t: TFunction): string {
  if (type === 'stop') return t('trade.stop');
  if (type === 'stop_limit') return t('trade.stopLimit');
  return t(type === 'market' ? 'trade.market' : 'trade.limit');
}

/**
 * What an order is, as the lists show it (decision 056): its type, and for an order with a stop its stop
 * price — a waiting stop reads "Stop · stop 19,500", one that fired reads as what it became ("Al mercato ·
 * stop 19,50").
 */
export function orderTypeText(
  order: Pick<OrderView, 'type' | 'stopPrice'>,
  t: TFunction,
  lang: Language,
): string {
  const label = typeLabel(order.type, t);
  if (order.stopPrice === null) return label;
  return `${label} · ${t('order.stopAt', { 0: figure(order.stopPrice, lang) })}`;
}
