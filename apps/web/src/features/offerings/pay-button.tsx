import type { OfferingKind, SubscriptionView } from '@piazza/contract/calls/primary-shapes';
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
import { PinField, useTicketSend } from '../../shared/ticket/ticket-confirm';
import { offeringCallsOf, offeringRefreshCalls } from './offering-calls';
import styles from './offerings.module.css';

/** "Pay 1.630,00 EUR" for an allotted subscription, with the transaction password when one is set. */
export function PayButton({ kind, subscription }: { kind: OfferingKind; subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const [asking, setAsking] = useState(false);
  const { pin, setPin, sending, send } = useTicketSend();
  const pinNeeded = security.data?.trade.set === true;
  if (subscription.state !== 'allotted' || subscription.amountDue === null) return null;
  const amount = moneyText(subscription.amountDue, subscription.currency, lang);

  const pay = () =>
    send(async () => {
      const fields = { id: subscription.id, ...(pinNeeded ? { tradePassword: pin } : {}) };
      await api(offeringCallsOf[kind].pay, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('offerings.paid') });
      for (const call of offeringRefreshCalls(kind))
        void queryClient.invalidateQueries({ queryKey: [call.path] });
    });

  return (
    <div className={styles.actions}>
      {asking && pinNeeded && (
        <PinField label={t('offerings.pin')} value={pin} onChange={setPin} testId="offering-pay-pin" />
      )}
      <Button
        block
        color="primary"
        loading={sending}
        disabled={asking && pinNeeded && pin.length !== 6}
        onClick={() => (pinNeeded && !asking ? setAsking(true) : void pay())}
        data-testid={`offering-pay-${subscription.id}`}
      >
        {t('offerings.pay', { 0: amount })}
      </Button>
    </div>
  );
}
