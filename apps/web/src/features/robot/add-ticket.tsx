import { stockAiOrderAddAmount } from '@piazza/contract/calls/robot';
import type { RobotOrderView, RobotView } from '@piazza/contract/calls/robot-shapes';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navText } from '../../shared/figures/figure-text';
import { readAmountEntry, roomLeft } from '../../shared/ticket/amount-entry';
import { AmountTicket, useAmountTicket } from '../../shared/ticket/amount-ticket';
import type { Figure } from '../../shared/ticket/figure-rows';
import productStyles from '../../shared/ui/products.module.css';
import { aiAmountRefusals, robotRefreshCalls } from './robot-calls';

/**
 * Adding to an active subscription: an amount up to the product's maximum less what is in already, more units
 * at the NAV marked when it is sent, with the transaction password when one is set.
 */
export function AddTicket({ order, robot }: { order: RobotOrderView; robot: RobotView | undefined }) {
  const { t } = useTranslation();
  const ticket = useAmountTicket(order.currency);
  const [stage, setStage] = useState<'closed' | 'edit' | 'confirm'>('closed');
  const { lang, cash, money } = ticket;
  const entry = readAmountEntry(
    ticket.typed,
    lang,
    {
      ...(robot ? { max: robot.maxAmount } : {}),
      invested: order.invested,
      cash,
      currency: order.currency,
    },
    aiAmountRefusals,
  );

  if (stage === 'closed') {
    return (
      <Button block color="primary" onClick={() => setStage('edit')} data-testid="robot-add">
        {t('robot.add')}
      </Button>
    );
  }

  const figures: Figure[] = [
    [t('robot.amount'), entry.amount ? money(entry.amount) : '--', 'add-amount'],
    ...(robot
      ? ([
          [t('robot.nav'), navText(robot.nav, lang), 'add-nav'],
          [t('robot.room'), money(roomLeft(robot.maxAmount, order.invested)), 'add-room'],
        ] satisfies Figure[])
      : []),
    [t('robot.cash'), money(cash), 'add-cash'],
  ];

  const send = async () => {
    if (!entry.amount) return;
    await ticket.submit(
      stockAiOrderAddAmount,
      { id: order.id, amount: entry.amount },
      {
        toast: t('robot.added'),
        refresh: robotRefreshCalls,
        onDone: () => {
          ticket.setTyped('');
          setStage('closed');
        },
      },
    );
  };

  return (
    <AmountTicket
      ticket={ticket}
      testPrefix="add"
      texts={{
        title: t('robot.addTitle'),
        amountLabel: t('robot.amountLabel', { 0: order.currency }),
        ...(robot
          ? { hint: t('robot.roomHint', { 0: money(roomLeft(robot.maxAmount, order.invested)) }) }
          : {}),
        note: t('robot.navNote'),
        confirmTitle: t('robot.addConfirmTitle'),
        summary: (amount) => t('robot.addSummary', { 0: money(amount), 1: order.robotName }),
        pin: t('robot.pin'),
        back: t('robot.back'),
        send: t('robot.add'),
      }}
      entry={entry}
      quietWhenEmpty
      figures={figures}
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
          {t('robot.next')}
        </Button>
        <Button block fill="none" onClick={() => setStage('closed')} data-testid="add-cancel">
          {t('robot.cancel')}
        </Button>
      </div>
    </AmountTicket>
  );
}
