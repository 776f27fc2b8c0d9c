import { stockAiBuy } from '@piazza/contract/calls/robot';
import type { RobotView } from '@piazza/contract/calls/robot-shapes';
import { translate } from '@piazza/contract/messages/catalogue';
import { formatNumber } from '@piazza/core/format-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isRefusalText } from '../../shared/api/refusal-text';
import { navText } from '../../shared/figures/figure-text';
import { usePersisted } from '../../shared/storage/persisted';
import { readAmountEntry } from '../../shared/ticket/amount-entry';
import { AmountTicket, useAmountTicket } from '../../shared/ticket/amount-ticket';
import type { Figure } from '../../shared/ticket/figure-rows';
import { RiskGate, useRiskCheck } from '../../shared/ticket/risk-gate';
import { aiAmountRefusals, robotPaths, robotRefreshCalls } from './robot-calls';

/**
 * Subscribing a product: the amount (read as the reader's language writes numbers) within the minimum and
 * maximum, the cash on hand, the risk warning to accept when the investor's profile fits the product's risk
 * class only with one (or when the server answers ai.riskAck), then the confirm step with the transaction
 * password when one is set. The new subscription opens on success.
 */
export function SubscribeTicket({ robot }: { robot: RobotView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const ticket = useAmountTicket(robot.currency, () => formatNumber(robot.minAmount, lang, 2));
  const risk = useRiskCheck(robot.riskClass);
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { cash, money } = ticket;
  const entry = readAmountEntry(
    ticket.typed,
    lang,
    { min: robot.minAmount, max: robot.maxAmount, cash, currency: robot.currency },
    aiAmountRefusals,
  );
  const open = robot.status === 'active';
  const canContinue = open && entry.problem === null;
  const days = (n: number) => t('robot.days', { count: n, 0: n });

  const figures: Figure[] = [
    [t('robot.amount'), entry.amount ? money(entry.amount) : '--', 'subscribe-amount'],
    [t('robot.nav'), navText(robot.nav, lang), 'subscribe-nav'],
    [t('robot.cash'), money(cash), 'subscribe-cash'],
    [t('robot.term.lock'), days(robot.lockDays), 'subscribe-lock'],
    [t('robot.term.period'), days(robot.periodDays), 'subscribe-period'],
  ];

  const send = async () => {
    if (!entry.amount) return;
    const fields = {
      id: robot.id,
      amount: entry.amount,
      ...(risk.warn ? { acknowledgeRisk: risk.accepted } : {}),
    };
    await ticket.submit(stockAiBuy, fields, {
      toast: t('robot.subscribed'),
      refresh: robotRefreshCalls,
      onDone: (order) => navigate(robotPaths.order(order.id)),
      onRefused: (message) => {
        if (!isRefusalText(message, 'ai.riskAck', lang)) return;
        risk.askedByServer();
        setStage('edit');
      },
    });
  };

  return (
    <AmountTicket
      ticket={ticket}
      testPrefix="subscribe"
      texts={{
        title: t('robot.subscribeTitle'),
        amountLabel: t('robot.amountLabel', { 0: robot.currency }),
        hint: t('robot.amountHint', { 0: money(robot.minAmount), 1: money(robot.maxAmount) }),
        note: t('robot.navNote'),
        confirmTitle: t('robot.confirmTitle'),
        summary: (amount) =>
          t('robot.summary', {
            0: money(amount),
            1: robot.name,
            2: days(robot.lockDays),
            3: days(robot.periodDays),
          }),
        pin: t('robot.pin'),
        back: t('robot.back'),
        send: t('robot.subscribe'),
      }}
      entry={entry}
      figures={figures}
      paused={open ? undefined : translate(lang, 'ai.paused')}
      noteWhileEditing
      confirming={stage === 'confirm'}
      canSend={open}
      onBack={() => setStage('edit')}
      onSend={() => void send()}
    >
      <RiskGate
        testPrefix="subscribe"
        check={risk}
        canContinue={canContinue}
        onContinue={() => setStage('confirm')}
        texts={{
          noProfile: translate(lang, 'ai.profileRequired'),
          toQuestionnaire: t('robot.toQuestionnaire'),
          refused: translate(lang, 'ai.refused', [robot.riskClass]),
          warning: t('robot.riskWarning', { 0: robot.riskClass }),
          accept: t('robot.accept'),
          next: t('robot.next'),
        }}
      />
    </AmountTicket>
  );
}
