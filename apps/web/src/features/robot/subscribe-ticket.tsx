import { userAssets } from '@piazza/contract/calls/assets';
import { appropriatenessGet } from '@piazza/contract/calls/kyc';
import { stockAiBuy } from '@piazza/contract/calls/robot';
import type { RobotView } from '@piazza/contract/calls/robot-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { translate } from '@piazza/contract/messages/catalogue';
import { formatNumber } from '@piazza/core/format-number';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { isRefusalText } from '../../shared/api/refusal-text';
import { useApiQuery } from '../../shared/api/use-api-query';
import { navText } from '../../shared/figures/figure-text';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { paths } from '../../shared/navigation/paths';
import { usePersisted } from '../../shared/storage/persisted';
import { readAmountEntry } from '../../shared/ticket/amount-entry';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { productVerdict } from '../../shared/ticket/risk-verdict';
import {
  AcceptAndContinue,
  ConfirmStep,
  DecimalField,
  useTicketSend,
} from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import styles from './robot.module.css';
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
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const assets = useApiQuery(userAssets, {});
  const security = useApiQuery(securityOverview, {});
  const appropriateness = useApiQuery(appropriatenessGet, {}, { staleTime: 0 });
  const [typed, setTyped] = useState(() => formatNumber(robot.minAmount, lang, 2));
  const [accepted, setAccepted] = useState(false);
  // The server asked for the warning although the profile read here did not (the class moved since).
  const [warnedByServer, setWarnedByServer] = useState(false);
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { pin, setPin, sending, send: sendWith } = useTicketSend();

  const cash =
    assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === robot.currency)?.balance ?? '0';
  const entry = readAmountEntry(
    typed,
    lang,
    { min: robot.minAmount, max: robot.maxAmount, cash, currency: robot.currency },
    aiAmountRefusals,
  );
  const pinNeeded = security.data?.trade.set === true;
  const money = (amount: string) => moneyText(amount, robot.currency, lang);
  // Unread profile (a failed read): the ticket goes on, and the server's answer decides.
  const verdict = appropriateness.data
    ? productVerdict(appropriateness.data.profile, robot.riskClass)
    : appropriateness.isError
      ? 'unknown'
      : null;
  const warn = verdict === 'warn' || warnedByServer;
  const open = robot.status === 'active';
  const canContinue = open && entry.problem === null;

  const figures: Figure[] = [
    [t('robot.amount'), entry.amount ? money(entry.amount) : '--', 'subscribe-amount'],
    [t('robot.nav'), navText(robot.nav, lang), 'subscribe-nav'],
    [t('robot.cash'), money(cash), 'subscribe-cash'],
    [t('robot.term.lock'), t('robot.days', { 0: robot.lockDays }), 'subscribe-lock'],
    [t('robot.term.period'), t('robot.days', { 0: robot.periodDays }), 'subscribe-period'],
  ];

  const send = async () => {
    if (!entry.amount) return;
    const fields = {
      id: robot.id,
      amount: entry.amount,
      ...(warn ? { acknowledgeRisk: accepted } : {}),
      ...(pinNeeded ? { tradePassword: pin } : {}),
    };
    await sendWith(async () => {
      try {
        const order = await api(stockAiBuy, { ...fields, requestId: ids.idFor(fields) });
        ids.settle();
        Toast.show({ content: t('robot.subscribed') });
        for (const call of robotRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
        navigate(robotPaths.order(order.id));
      } catch (err) {
        if (err instanceof ApiRefusal && isRefusalText(err.msg, 'ai.riskAck', lang)) {
          setWarnedByServer(true);
          setAccepted(false);
          setStage('edit');
        }
        throw err;
      }
    });
  };

  if (stage === 'confirm' && entry.amount) {
    return (
      <ConfirmStep
        testPrefix="subscribe"
        title={t('robot.confirmTitle')}
        summary={t('robot.summary', {
          0: money(entry.amount),
          1: robot.name,
          2: t('robot.days', { 0: robot.lockDays }),
          3: t('robot.days', { 0: robot.periodDays }),
        })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('robot.pin'), back: t('robot.back'), send: t('robot.subscribe') }}
        sending={sending}
        canSend={open}
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        <FigureList figures={figures} />
        <p className={listing.note}>{t('robot.navNote')}</p>
      </ConfirmStep>
    );
  }

  return (
    <Card title={t('robot.subscribeTitle')} testId="subscribe-ticket">
      {!open && (
        <p className={listing.warning} data-testid="subscribe-paused">
          {translate(lang, 'ai.paused')}
        </p>
      )}
      <DecimalField
        id="subscribe-amount-input"
        label={t('robot.amountLabel', { 0: robot.currency })}
        value={typed}
        onChange={setTyped}
        hint={
          entry.problem === null
            ? { text: t('robot.amountHint', { 0: money(robot.minAmount), 1: money(robot.maxAmount) }) }
            : {
                text: translate(lang, entry.problem.key, entry.problem.params),
                error: true,
                testId: 'subscribe-amount-problem',
              }
        }
      />
      <FigureList figures={figures} />
      <p className={listing.note}>{t('robot.navNote')}</p>
      {verdict === null && !warnedByServer ? (
        <Skeleton.Paragraph lineCount={2} animated />
      ) : verdict === 'none' ? (
        <>
          <p className={listing.warning} data-testid="subscribe-no-profile">
            {translate(lang, 'ai.profileRequired')}
          </p>
          <Button
            block
            color="primary"
            onClick={() => navigate(paths.kyc)}
            data-testid="subscribe-to-profile"
          >
            {t('robot.toQuestionnaire')}
          </Button>
        </>
      ) : verdict === 'refuse' ? (
        <p className={listing.warning} data-testid="subscribe-refused">
          {translate(lang, 'ai.refused', [robot.riskClass])}
        </p>
      ) : warn ? (
        <AcceptAndContinue
          testPrefix="subscribe"
          warning={t('robot.riskWarning', { 0: robot.riskClass })}
          acceptLabel={t('robot.accept')}
          accepted={accepted}
          onAccept={setAccepted}
          canContinue={canContinue}
          continueLabel={t('robot.next')}
          onContinue={() => setStage('confirm')}
        />
      ) : (
        <div className={styles.actions}>
          <Button
            block
            color="primary"
            disabled={!canContinue}
            onClick={() => setStage('confirm')}
            data-testid="subscribe-next"
          >
            {t('robot.next')}
          </Button>
        </div>
      )}
    </Card>
  );
}
