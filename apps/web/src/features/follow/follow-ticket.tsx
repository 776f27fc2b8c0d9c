import { fundApply } from '@piazza/contract/calls/fund';
import type { FundView } from '@piazza/contract/calls/fund-shapes';
import { translate } from '@piazza/contract/messages/catalogue';
import { formatNumber } from '@piazza/core/format-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRefusalText } from '../../shared/api/refusal-text';
import { fractionPercent, navText } from '../../shared/figures/figure-text';
import { usePersisted } from '../../shared/storage/persisted';
import { readAmountEntry } from '../../shared/ticket/amount-entry';
import { AmountTicket, useAmountTicket } from '../../shared/ticket/amount-ticket';
import type { Figure } from '../../shared/ticket/figure-rows';
import { RiskGate, useRiskCheck } from '../../shared/ticket/risk-gate';
import { followRefreshCalls, fundAmountRefusals } from './follow-calls';

/**
 * Following a fund: the amount (read as the reader's language writes numbers) from the fund's minimum and
 * within the cash on hand; the risk warning to accept when the investor's profile fits the fund's risk class
 * only with one (a fund not rated yet is judged as crypto-assets), or when the server answers fund.riskAck;
 * then the confirm step with the transaction password when one is set. `onDone` runs once the units are
 * bought.
 */
export function FollowTicket({ fund, onDone }: { fund: FundView; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const ticket = useAmountTicket(fund.currency, () => formatNumber(fund.minAmount, lang, 2));
  const risk = useRiskCheck(fund.riskClass);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { cash, money } = ticket;
  const entry = readAmountEntry(
    ticket.typed,
    lang,
    { min: fund.minAmount, cash, currency: fund.currency },
    fundAmountRefusals,
  );
  const open = fund.status === 'active';
  const canContinue = open && entry.problem === null;

  const figures: Figure[] = [
    [t('follow.amount'), entry.amount ? money(entry.amount) : '--', 'follow-amount'],
    [t('follow.navLast'), navText(fund.nav, lang), 'follow-nav'],
    [t('follow.cash'), money(cash), 'follow-cash'],
    [
      t('follow.term.fee'),
      t('follow.perYear', { 0: fractionPercent(fund.managementFee, lang) }),
      'follow-fee',
    ],
  ];

  const send = async () => {
    if (!entry.amount) return;
    const fields = {
      id: fund.id,
      amount: entry.amount,
      ...(risk.warn ? { acknowledgeRisk: risk.accepted } : {}),
    };
    setRefusal(null);
    await ticket.submit(fundApply, fields, {
      toast: t('follow.followed'),
      refresh: followRefreshCalls,
      onDone,
      onRefused: (message) => {
        setStage('edit');
        if (isRefusalText(message, 'fund.riskAck', lang)) risk.askedByServer();
        else setRefusal(message);
      },
    });
  };

  return (
    <AmountTicket
      ticket={ticket}
      testPrefix="follow"
      texts={{
        title: t('follow.ticketTitle'),
        amountLabel: t('follow.amountLabel', { 0: fund.currency }),
        hint: t('follow.amountHint', { 0: money(fund.minAmount) }),
        note: t('follow.navNote'),
        confirmTitle: t('follow.confirmTitle'),
        summary: (amount) => t('follow.summary', { 0: money(amount), 1: fund.name }),
        pin: t('follow.pin'),
        back: t('follow.back'),
        send: t('follow.follow'),
      }}
      entry={entry}
      figures={figures}
      paused={open ? undefined : translate(lang, 'fund.paused')}
      noteWhileEditing
      refusal={refusal}
      confirming={stage === 'confirm'}
      canSend={open}
      onBack={() => setStage('edit')}
      onSend={() => void send()}
    >
      <RiskGate
        testPrefix="follow"
        check={risk}
        canContinue={canContinue}
        onContinue={() => setStage('confirm')}
        texts={{
          noProfile: translate(lang, 'fund.profileRequired'),
          toQuestionnaire: t('follow.toQuestionnaire'),
          refused: translate(lang, 'fund.refused', [fund.riskClass ?? 7]),
          warning:
            fund.riskClass === null
              ? t('follow.riskWarningUnrated')
              : t('follow.riskWarning', { 0: fund.riskClass }),
          accept: t('follow.accept'),
          next: t('follow.next'),
          serverAsked: translate(lang, 'fund.riskAck'),
        }}
      />
    </AmountTicket>
  );
}
