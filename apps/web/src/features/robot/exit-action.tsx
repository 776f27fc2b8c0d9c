import { stockAiOrderExit } from '@piazza/contract/calls/robot';
import type { RobotOrderView, RobotView } from '@piazza/contract/calls/robot-shapes';
import { translate } from '@piazza/contract/messages/catalogue';
import { formatDate } from '@piazza/core/format-date';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { LeaveAction } from '../../shared/ticket/leave-action';
import listing from '../../shared/ui/listing.module.css';
import { robotRefreshCalls } from './robot-calls';

/**
 * The early exit: offered when the server says it may be asked now (`canExit`), confirmed with the
 * transaction password when one is set. While it may not, an active subscription says why.
 */
export function ExitAction({ order, robot }: { order: RobotOrderView; robot: RobotView | undefined }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const active = order.state === 'active';
  const why =
    robot && !robot.earlyExit
      ? translate(lang, 'ai.noEarlyExit')
      : t('robot.exitFrom', { 0: formatDate(order.lockedUntil) });
  return (
    <LeaveAction
      call={stockAiOrderExit}
      id={order.id}
      testPrefix="exit"
      buttonTestId="robot-exit"
      texts={{
        action: t('robot.exit'),
        confirmTitle: t('robot.exitConfirmTitle'),
        summary: t('robot.exitSummary', {
          0: order.robotName,
          1: moneyText(order.value, order.currency, lang),
        }),
        note: t('robot.exitNote'),
        pin: t('robot.pin'),
        back: t('robot.back'),
        toast: t('robot.exitAsked'),
      }}
      refresh={robotRefreshCalls}
      available={active && order.canExit}
      unavailable={
        active ? (
          <p className={listing.note} data-testid="robot-exit-why">
            {why}
          </p>
        ) : null
      }
    />
  );
}
