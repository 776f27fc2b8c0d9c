import { fundOrderRedeem } from '@piazza/contract/calls/fund';
import type { FundOrderView } from '@piazza/contract/calls/fund-shapes';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { LeaveAction } from '../../shared/ticket/leave-action';
import { followRefreshCalls } from './follow-calls';

/**
 * Stopping to follow: a follower may always leave; the units are redeemed at the next close the book has the
 * cash for. Confirmed with the transaction password when one is set.
 */
export function RedeemAction({ order }: { order: FundOrderView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <LeaveAction
      call={fundOrderRedeem}
      id={order.id}
      testPrefix="redeem"
      buttonTestId={`follow-redeem-${order.id}`}
      texts={{
        action: t('follow.redeem'),
        confirmTitle: t('follow.redeemConfirmTitle'),
        summary: t('follow.redeemSummary', {
          0: order.fundName,
          1: moneyText(order.value, order.currency, lang),
        }),
        note: t('follow.redeemNote'),
        pin: t('follow.pin'),
        back: t('follow.back'),
        toast: t('follow.redeemAskedToast'),
      }}
      refresh={followRefreshCalls}
      available={order.state === 'active'}
    />
  );
}
