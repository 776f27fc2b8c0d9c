import { fundOrderIncr } from '@piazza/contract/calls/fund';
import type { FundOrderView, FundView } from '@piazza/contract/calls/fund-shapes';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navText } from '../../shared/figures/figure-text';
import { readAmountEntry } from '../../shared/ticket/amount-entry';
import { AmountTicket, useAmountTicket } from '../../shared/ticket/amount-ticket';
import type { Figure } from '../../shared/ticket/figure-rows';
import productStyles from '../../shared/ui/products.module.css';
import { followRefreshCalls, fundAmountRefusals } from './follow-calls';

/**
 * Adding to a following: more units at the NAV marked when it is sent, from the cash on hand, with the
 * transaction password when one is set. The server's refusal stays written under the ticket.
 */
export function AddTicket({ order, fund }: { order: FundOrderView; fund: FundView }) {
  const { t } = useTranslation();
  const ticket = useAmountTicket(order.currency);
  const [stage, setStage] = useState<'closed' | 'edit' | 'confirm'>('closed');
  const [refusal, setRefusal] = useState<string | null>(null);
  const { lang, cash, money } = ticket;
  const entry = readAmountEntry(ticket.typed, lang, { cash, currency: order.currency }, fundAmountRefusals);

  if (stage === 'closed') {
    return (
      <Button block color="primary" onClick={() => setStage('edit')} data-testid={`follow-add-${order.id}`}>
        {t('follow.add')}
      </Button>
    );
  }

  const figures: Figure[] = [
    [t('follow.amount'), entry.amount ? money(entry.amount) : '--', 'add-amount'],
    [t('follow.navLast'), navText(fund.nav, lang), 'add-nav'],
    [t('follow.cash'), money(cash), 'add-cash'],
  ];

  const send = async () => {
    if (!entry.amount) return;
    setRefusal(null);
    await ticket.submit(
      fundOrderIncr,
      { id: order.id, amount: entry.amount },
      {
        toast: t('follow.added'),
        refresh: followRefreshCalls,
        onDone: () => {
          ticket.setTyped('');
          setStage('closed');
        },
        onRefused: (message) => {
          setRefusal(message);
          setStage('edit');
        },
      },
    );
  };

  return (
    <AmountTicket
      ticket={ticket}
      testPrefix="add"
      texts={{
        title: t('follow.addTitle'),
        amountLabel: t('follow.amountLabel', { 0: order.currency }),
        note: t('follow.navNote'),
        confirmTitle: t('follow.addConfirmTitle'),
        summary: (amount) => t('follow.addSummary', { 0: money(amount), 1: order.fundName }),
        pin: t('follow.pin'),
        back: t('follow.back'),
        send: t('follow.add'),
      }}
      entry={entry}
      quietWhenEmpty
      figures={figures}
      refusal={refusal}
      confirming={stage === 'confirm'}
      canSend={order.state === 'active'}
      onBack={() => setStage('edit')}
      onSend={() => void send()}
    >
      <div className={productStyles.actions}>
        <Button
          block
          color="primary"
          disabled={entry.problem !== null}
          onClick={() => setStage('confirm')}
          data-testid="add-next"
        >
          {t('follow.next')}
        </Button>
        <Button block fill="none" onClick={() => setStage('closed')} data-testid="add-cancel">
          {t('follow.cancel')}
        </Button>
      </div>
    </AmountTicket>
  );
}
