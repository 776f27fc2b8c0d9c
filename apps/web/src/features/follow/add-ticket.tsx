import { userAssets } from '@piazza/contract/calls/assets';
import { fundOrderIncr } from '@piazza/contract/calls/fund';
import type { FundOrderView, FundView } from '@piazza/contract/calls/fund-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { translate } from '@piazza/contract/messages/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { navText } from '../../shared/figures/figure-text';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { readAmountEntry } from '../../shared/ticket/amount-entry';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { ConfirmStep, DecimalField, useTicketSend } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import styles from './follow.module.css';
import { followRefreshCalls, fundAmountRefusals } from './follow-calls';

/**
 * Adding to a following: more units at the NAV marked when it is sent, from the cash on hand, with the
 * transaction password when one is set. The server's refusal stays written under the ticket.
 */
export function AddTicket({ order, fund }: { order: FundOrderView; fund: FundView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const assets = useApiQuery(userAssets, {});
  const security = useApiQuery(securityOverview, {});
  const [stage, setStage] = useState<'closed' | 'edit' | 'confirm'>('closed');
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const { pin, setPin, sending, send: sendWith } = useTicketSend();
  const cash =
    assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === order.currency)?.balance ?? '0';
  const entry = readAmountEntry(typed, lang, { cash, currency: order.currency }, fundAmountRefusals);
  const pinNeeded = security.data?.trade.set === true;
  const money = (amount: string) => moneyText(amount, order.currency, lang);

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
    const fields = { id: order.id, amount: entry.amount, ...(pinNeeded ? { tradePassword: pin } : {}) };
    setRefusal(null);
    await sendWith(async () => {
      try {
        await api(fundOrderIncr, { ...fields, requestId: ids.idFor(fields) });
      } catch (err) {
        if (err instanceof ApiRefusal) {
          setRefusal(err.msg);
          setStage('edit');
        }
        throw err;
      }
      ids.settle();
      Toast.show({ content: t('follow.added') });
      for (const call of followRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      setTyped('');
      setStage('closed');
    });
  };

  if (stage === 'confirm' && entry.amount) {
    return (
      <ConfirmStep
        testPrefix="add"
        title={t('follow.addConfirmTitle')}
        summary={t('follow.addSummary', { 0: money(entry.amount), 1: order.fundName })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('follow.pin'), back: t('follow.back'), send: t('follow.add') }}
        sending={sending}
        canSend={order.state === 'active'}
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        <FigureList figures={figures} />
        <p className={listing.note}>{t('follow.navNote')}</p>
      </ConfirmStep>
    );
  }

  return (
    <Card title={t('follow.addTitle')} testId="add-ticket">
      <DecimalField
        id="add-amount-input"
        label={t('follow.amountLabel', { 0: order.currency })}
        value={typed}
        onChange={setTyped}
        hint={
          entry.problem === null || typed.trim() === ''
            ? undefined
            : {
                text: translate(lang, entry.problem.key, entry.problem.params),
                error: true,
                testId: 'add-amount-problem',
              }
        }
      />
      <FigureList figures={figures} />
      {refusal && (
        <p className={listing.warning} role="alert" data-testid="add-refusal">
          {refusal}
        </p>
      )}
      <div className={styles.actions}>
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
    </Card>
  );
}
