import type { OfferingKind, SubscriptionView } from '@piazza/contract/calls/primary-shapes';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { useProductCall } from '../../shared/ticket/product-call';
import { PinField } from '../../shared/ticket/ticket-confirm';
import productStyles from '../../shared/ui/products.module.css';
import { offeringCallsOf, offeringRefreshCalls } from './offering-calls';

/** "Pay 1.630,00 EUR" for an allotted subscription, with the transaction password when one is set. */
export function PayButton({ kind, subscription }: { kind: OfferingKind; subscription: SubscriptionView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const [asking, setAsking] = useState(false);
  const { pin, setPin, pinNeeded, sending, submit } = useProductCall();
  if (subscription.state !== 'allotted' || subscription.amountDue === null) return null;
  const amount = moneyText(subscription.amountDue, subscription.currency, lang);

  const pay = () =>
    submit(
      offeringCallsOf[kind].pay,
      { id: subscription.id },
      { toast: t('offerings.paid'), refresh: offeringRefreshCalls(kind) },
    );

  return (
    <div className={productStyles.actions}>
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
