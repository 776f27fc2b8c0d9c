import { stockAiOrderExit } from '@piazza/contract/calls/robot';
import type { RobotOrderView, RobotView } from '@piazza/contract/calls/robot-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { translate } from '@piazza/contract/messages/catalogue';
import { formatDate } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { ConfirmStep, useTicketSend } from '../../shared/ticket/ticket-confirm';
import listing from '../../shared/ui/listing.module.css';
import { robotRefreshCalls } from './robot-calls';

/**
 * The early exit: offered when the server says it may be asked now (`canExit`), confirmed with the
 * transaction password when one is set. While it may not, an active subscription says why.
 */
export function ExitAction({ order, robot }: { order: RobotOrderView; robot: RobotView | undefined }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const [asking, setAsking] = useState(false);
  const { pin, setPin, sending, send: sendWith } = useTicketSend();
  const pinNeeded = security.data?.trade.set === true;

  if (order.state !== 'active') return null;
  if (!order.canExit) {
    const why =
      robot && !robot.earlyExit
        ? translate(lang, 'ai.noEarlyExit')
        : t('robot.exitFrom', { 0: formatDate(order.lockedUntil) });
    return (
      <p className={listing.note} data-testid="robot-exit-why">
        {why}
      </p>
    );
  }
  if (!asking) {
    return (
      <Button block color="danger" fill="outline" onClick={() => setAsking(true)} data-testid="robot-exit">
        {t('robot.exit')}
      </Button>
    );
  }

  const send = async () => {
    const fields = { id: order.id, ...(pinNeeded ? { tradePassword: pin } : {}) };
    await sendWith(async () => {
      await api(stockAiOrderExit, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('robot.exitAsked') });
      for (const call of robotRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      setAsking(false);
    });
  };

  return (
    <ConfirmStep
      testPrefix="exit"
      title={t('robot.exitConfirmTitle')}
      summary={t('robot.exitSummary', {
        0: order.robotName,
        1: moneyText(order.value, order.currency, lang),
      })}
      pinNeeded={pinNeeded}
      pin={pin}
      onPin={setPin}
      labels={{ pin: t('robot.pin'), back: t('robot.back'), send: t('robot.exit') }}
      sending={sending}
      canSend={order.canExit}
      onBack={() => setAsking(false)}
      onSend={() => void send()}
    >
      <p className={listing.note}>{t('robot.exitNote')}</p>
    </ConfirmStep>
  );
}
