import { translate } from '@piazza/contract/messages/catalogue';
import { type ReactNode, useState } from 'react';
import { moneyText } from '../money/money-text';
import { usePersisted } from '../storage/persisted';
import { Card } from '../ui/card';
import listing from '../ui/listing.module.css';
import type { AmountEntry } from './amount-entry';
import { type Figure, FigureList } from './figure-rows';
import { useProductCall } from './product-call';
import { useSpotCash } from './spot-cash';
import { ConfirmStep, DecimalField } from './ticket-confirm';

/*
 * A ticket that puts an amount of money in a managed product (subscribing an AI product, following a fund,
 * adding to either): the amount typed against the cash on hand, the figures it gives, then the confirm step
 * with the transaction password when one is set. Each feature keeps its texts, figures, limits and call; the
 * test ids come from one prefix (`subscribe`, `follow`, `add`) as the browser journeys know them.
 */

/** The typed amount, the cash the spot account holds in the product's currency, and the call that sends. */
export function useAmountTicket(currency: string, initial: () => string = () => '') {
  const lang = usePersisted('lang');
  const cash = useSpotCash(currency);
  const [typed, setTyped] = useState(initial);
  const call = useProductCall();
  const money = (amount: string) => moneyText(amount, currency, lang);
  return { lang, typed, setTyped, cash, money, ...call };
}

export type AmountTicketState = ReturnType<typeof useAmountTicket>;

/**
 * The ticket's card while the amount is typed (`children` ends it: Continue, the risk gate…), or its confirm
 * step once `confirming` and the amount reads. Test ids: `{testPrefix}-ticket`, `-paused`, `-amount-input`,
 * `-amount-problem`, `-refusal`, and the confirm step's.
 */
export function AmountTicket({
  ticket,
  testPrefix,
  texts,
  entry,
  quietWhenEmpty = false,
  figures,
  paused,
  noteWhileEditing = false,
  refusal,
  confirming,
  canSend,
  onBack,
  onSend,
  children,
}: {
  ticket: AmountTicketState;
  testPrefix: string;
  texts: {
    title: string;
    amountLabel: string;
    /** Under the field while the amount fits. */
    hint?: string;
    note: string;
    confirmTitle: string;
    summary: (amount: string) => string;
    pin: string;
    back: string;
    send: string;
  };
  entry: AmountEntry;
  /** Say nothing of the amount until something is typed. */
  quietWhenEmpty?: boolean;
  figures: Figure[];
  /** Said above the field when the product takes no money now. */
  paused?: string;
  noteWhileEditing?: boolean;
  /** The server's last refusal, kept under the figures. */
  refusal?: string | null;
  confirming: boolean;
  canSend: boolean;
  onBack: () => void;
  onSend: () => void;
  children: ReactNode;
}) {
  if (confirming && entry.amount) {
    return (
      <ConfirmStep
        testPrefix={testPrefix}
        title={texts.confirmTitle}
        summary={texts.summary(entry.amount)}
        pinNeeded={ticket.pinNeeded}
        pin={ticket.pin}
        onPin={ticket.setPin}
        labels={{ pin: texts.pin, back: texts.back, send: texts.send }}
        sending={ticket.sending}
        canSend={canSend}
        onBack={onBack}
        onSend={onSend}
      >
        <FigureList figures={figures} />
        <p className={listing.note}>{texts.note}</p>
      </ConfirmStep>
    );
  }

  const problem = quietWhenEmpty && ticket.typed.trim() === '' ? null : entry.problem;
  return (
    <Card title={texts.title} testId={`${testPrefix}-ticket`}>
      {paused !== undefined && (
        <p className={listing.warning} data-testid={`${testPrefix}-paused`}>
          {paused}
        </p>
      )}
      <DecimalField
        id={`${testPrefix}-amount-input`}
        label={texts.amountLabel}
        value={ticket.typed}
        onChange={ticket.setTyped}
        hint={
          problem !== null
            ? {
                text: translate(ticket.lang, problem.key, problem.params),
                error: true,
                testId: `${testPrefix}-amount-problem`,
              }
            : texts.hint !== undefined
              ? { text: texts.hint }
              : undefined
        }
      />
      <FigureList figures={figures} />
      {noteWhileEditing && <p className={listing.note}>{texts.note}</p>}
      {refusal && (
        <p className={listing.warning} role="alert" data-testid={`${testPrefix}-refusal`}>
          {refusal}
        </p>
      )}
      {children}
    </Card>
  );
}
