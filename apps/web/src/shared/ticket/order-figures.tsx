import type { OrderTriggerView, OrderView } from '@piazza/contract/calls/trading-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import type { TFunction } from 'i18next';
import type { MessageKey } from '../../i18n/it-IT';
import { shownDecimals } from '../money/money-text';
import { FigureList } from './figure-rows';

/** A wire decimal shown with the decimals it has (at least two): prices keep their tick, cash its cents. */
export function figure(text: string | null, lang: Language): string {
  return text === null ? '--' : formatNumber(text, lang, shownDecimals(text));
}

/** A wire share count shown whole when it is: '100' reads 100, not 100,00. */
export function shareCount(text: string, lang: Language): string {
  const decimals = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  return formatNumber(text, lang, decimals);
}

/**
 * The figures of an order as rows of label and value; an order the system placed (its details carry the
 * take profit or stop loss that fired) says which level, and the price that reached it.
 */
export function OrderFigures({
  order,
  lang,
  t,
}: {
  order: OrderView & { trigger?: OrderTriggerView | null };
  lang: Language;
  t: TFunction;
}) {
  const { trigger } = order;
  const triggerRows: [MessageKey, string, string][] = trigger
    ? [
        [
          'order.trigger',
          t(`order.trigger.${trigger.kind}`, {
            0: figure(trigger.level, lang),
            1: figure(trigger.price, lang),
          }),
          'order-trigger',
        ],
      ]
    : [];
  const rows: [MessageKey, string, string][] = [
    ...triggerRows,
    ['order.state', t(`order.state.${order.state}`), 'order-state'],
    ['order.quantity', shareCount(order.quantity, lang), 'order-quantity'],
    ['order.filled', shareCount(order.filledQuantity, lang), 'order-filled'],
    ['order.limitPrice', figure(order.limitPrice, lang), 'order-limit'],
    ...(order.stopPrice === null
      ? []
      : ([['order.stopPrice', figure(order.stopPrice, lang), 'order-stop']] as [
          MessageKey,
          string,
          string,
        ][])),
    ...(order.triggeredAt === null
      ? []
      : ([['order.triggeredAt', formatDateTime(order.triggeredAt), 'order-triggered']] as [
          MessageKey,
          string,
          string,
        ][])),
    ...(order.fx === null
      ? []
      : ([
          [
            'order.fx',
            t('order.fxValue', {
              0: figure(order.fx.amountIn, lang),
              1: figure(order.fx.amountOut, lang),
              2: order.currency,
              3: formatNumber(order.fx.rate, lang, 6),
            }),
            'order-fx',
          ],
        ] as [MessageKey, string, string][])),
    ['order.averagePrice', figure(order.averagePrice, lang), 'order-average'],
    ['order.value', `${figure(order.value, lang)} ${order.currency}`, 'order-value'],
    ['order.fee', `${figure(order.fee, lang)} ${order.currency}`, 'order-fee'],
  ];
  return <FigureList figures={rows.map(([label, value, testId]) => [t(label), value, testId] as const)} />;
}
