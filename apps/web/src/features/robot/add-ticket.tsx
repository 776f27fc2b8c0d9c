import { userAssets } from '@piazza/contract/calls/assets';
import { stockAiOrderAddAmount } from '@piazza/contract/calls/robot';
import type { RobotOrderView, RobotView } from '@piazza/contract/calls/robot-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { translate } from '@piazza/contract/messages/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { navText } from '../../shared/figures/figure-text';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { readAmountEntry, roomLeft } from '../../shared/ticket/amount-entry';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { ConfirmStep, DecimalField, useTicketSend } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import styles from './robot.module.css';
import { aiAmountRefusals, robotRefreshCalls } from './robot-calls';

/**
 * Adding to an active subscription: an amount up to the product's maximum less what is in already, more units
 * at the NAV marked when it is sent, with the transaction password when one is set.
 */
export function AddTicket({ order, robot }: { order: RobotOrderView; robot: RobotView | undefined }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const assets = useApiQuery(userAssets, {});
  const security = useApiQuery(securityOverview, {});
  const [stage, setStage] = useState<'closed' | 'edit' | 'confirm'>('closed');
  const [typed, setTyped] = useState('');
  const { pin, setPin, sending, send: sendWith } = useTicketSend();
  const cash =
    assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === order.currency)?.balance ?? '0';
  const entry = readAmountEntry(
    typed,
    lang,
    {
      ...(robot ? { max: robot.maxAmount } : {}),
      invested: order.invested,
      cash,
      currency: order.currency,
    },
    aiAmountRefusals,
  );
  const pinNeeded = security.data?.trade.set === true;
  const money = (amount: string) => moneyText(amount, order.currency, lang);

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
    const fields = { id: order.id, amount: entry.amount, ...(pinNeeded ? { tradePassword: pin } : {}) };
    await sendWith(async () => {
      await api(stockAiOrderAddAmount, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('robot.added') });
      for (const call of robotRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      setTyped('');
      setStage('closed');
    });
  };

  if (stage === 'confirm' && entry.amount) {
    return (
      <ConfirmStep
        testPrefix="add"
        title={t('robot.addConfirmTitle')}
        summary={t('robot.addSummary', { 0: money(entry.amount), 1: order.robotName })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('robot.pin'), back: t('robot.back'), send: t('robot.add') }}
        sending={sending}
        canSend={order.state === 'active'}
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        <FigureList figures={figures} />
        <p className={listing.note}>{t('robot.navNote')}</p>
      </ConfirmStep>
    );
  }

  return (
    <Card title={t('robot.addTitle')} testId="add-ticket">
      <DecimalField
        id="add-amount-input"
        label={t('robot.amountLabel', { 0: order.currency })}
        value={typed}
        onChange={setTyped}
        hint={
          entry.problem === null || typed.trim() === ''
            ? robot
              ? { text: t('robot.roomHint', { 0: money(roomLeft(robot.maxAmount, order.invested)) }) }
              : undefined
            : {
                text: translate(lang, entry.problem.key, entry.problem.params),
                error: true,
                testId: 'add-amount-problem',
              }
        }
      />
      <FigureList figures={figures} />
      <div className={styles.actions}>
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
    </Card>
  );
}
