import { fundOrderRedeem } from '@piazza/contract/calls/fund';
import type { FundOrderView } from '@piazza/contract/calls/fund-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { ConfirmStep, useTicketSend } from '../../shared/ticket/ticket-confirm';
import listing from '../../shared/ui/listing.module.css';
import { followRefreshCalls } from './follow-calls';

/**
 * Stopping to follow: a follower may always leave; the units are redeemed at the next close the book has the
 * cash for. Confirmed with the transaction password when one is set.
 */
export function RedeemAction({ order }: { order: FundOrderView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const [asking, setAsking] = useState(false);
  const { pin, setPin, sending, send: sendWith } = useTicketSend();
  const pinNeeded = security.data?.trade.set === true;

  if (order.state !== 'active') return null;
  if (!asking) {
    return (
      <Button
        block
        color="danger"
        fill="outline"
        onClick={() => setAsking(true)}
        data-testid={`follow-redeem-${order.id}`}
      >
        {t('follow.redeem')}
      </Button>
    );
  }

  const send = async () => {
    const fields = { id: order.id, ...(pinNeeded ? { tradePassword: pin } : {}) };
    await sendWith(async () => {
      await api(fundOrderRedeem, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('follow.redeemAskedToast') });
      for (const call of followRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      setAsking(false);
    });
  };

  return (
    <ConfirmStep
      testPrefix="redeem"
      title={t('follow.redeemConfirmTitle')}
      summary={t('follow.redeemSummary', {
        0: order.fundName,
        1: moneyText(order.value, order.currency, lang),
      })}
      pinNeeded={pinNeeded}
      pin={pin}
      onPin={setPin}
      labels={{ pin: t('follow.pin'), back: t('follow.back'), send: t('follow.redeem') }}
      sending={sending}
      canSend
      onBack={() => setAsking(false)}
      onSend={() => void send()}
    >
      <p className={listing.note}>{t('follow.redeemNote')}</p>
    </ConfirmStep>
  );
}
