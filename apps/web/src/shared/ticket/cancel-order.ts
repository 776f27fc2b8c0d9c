import { stockOrderCancel } from '@piazza/contract/calls/trading';
import type { OrderView } from '@piazza/contract/calls/trading-shapes';
import type { QueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { api } from '../api/api';
import { tradingCalls } from './trading-calls';

/** Whether an order still rests on the book, so its unfilled part may be cancelled. */
export function isResting(order: Pick<OrderView, 'state'>): boolean {
  return order.state === 'open' || order.state === 'partial';
}

/**
 * Cancels an order's unfilled part after asking; true when it was cancelled. A refusal (already filled) is
 * shown by the request wrapper, and every trading read is refreshed either way, since the order moved.
 */
export async function cancelOrder(id: number, t: TFunction, queryClient: QueryClient): Promise<boolean> {
  const confirmed = await Dialog.confirm({
    content: t('order.cancelConfirm'),
    confirmText: t('order.cancel'),
    cancelText: t('order.keep'),
  });
  if (!confirmed) return false;
  try {
    await api(stockOrderCancel, { id });
    Toast.show({ content: t('order.cancelled') });
    return true;
  } catch {
    return false;
  } finally {
    for (const call of tradingCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
  }
}
