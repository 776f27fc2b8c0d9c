import type { CallDef } from '@piazza/contract/define';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import listing from '../ui/listing.module.css';
import { useProductCall } from './product-call';
import { ConfirmStep } from './ticket-confirm';

/**
 * Leaving a product (redeeming a following, exiting a subscription early): an outlined red button, then the
 * confirm step with its note and the transaction password when one is set, then `call` on the holding `id`.
 * The confirm step's test ids come from `testPrefix` (`redeem`, `exit`); the button's is `buttonTestId`.
 * While leaving may not be asked (`available` false) it shows `unavailable`, and keeps its state: the id of
 * a failed request is reused when it is asked again.
 */
export function LeaveAction({
  call,
  id,
  testPrefix,
  buttonTestId,
  texts,
  refresh,
  available,
  unavailable = null,
}: {
  call: CallDef;
  id: number;
  testPrefix: string;
  buttonTestId: string;
  texts: {
    action: string;
    confirmTitle: string;
    summary: string;
    note: string;
    pin: string;
    back: string;
    toast: string;
  };
  refresh: readonly CallDef[];
  available: boolean;
  unavailable?: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const { pin, setPin, pinNeeded, sending, submit } = useProductCall();

  if (!available) return unavailable;
  if (!asking) {
    return (
      <Button block color="danger" fill="outline" onClick={() => setAsking(true)} data-testid={buttonTestId}>
        {texts.action}
      </Button>
    );
  }

  const send = () => submit(call, { id }, { toast: texts.toast, refresh, onDone: () => setAsking(false) });

  return (
    <ConfirmStep
      testPrefix={testPrefix}
      title={texts.confirmTitle}
      summary={texts.summary}
      pinNeeded={pinNeeded}
      pin={pin}
      onPin={setPin}
      labels={{ pin: texts.pin, back: texts.back, send: texts.action }}
      sending={sending}
      canSend
      onBack={() => setAsking(false)}
      onSend={() => void send()}
    >
      <p className={listing.note}>{texts.note}</p>
    </ConfirmStep>
  );
}
