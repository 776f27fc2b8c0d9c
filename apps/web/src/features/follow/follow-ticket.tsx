import { userAssets } from '@piazza/contract/calls/assets';
import { fundApply } from '@piazza/contract/calls/fund';
import type { FundView } from '@piazza/contract/calls/fund-shapes';
import { appropriatenessGet } from '@piazza/contract/calls/kyc';
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
import { fractionPercent, navText } from '../../shared/figures/figure-text';
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
import styles from './follow.module.css';
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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const assets = useApiQuery(userAssets, {});
  const security = useApiQuery(securityOverview, {});
  const appropriateness = useApiQuery(appropriatenessGet, {}, { staleTime: 0 });
  const [typed, setTyped] = useState(() => formatNumber(fund.minAmount, lang, 2));
  const [accepted, setAccepted] = useState(false);
  // The server asked for the warning although the profile read here did not (the class moved since).
  const [warnedByServer, setWarnedByServer] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { pin, setPin, sending, send: sendWith } = useTicketSend();

  const cash =
    assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === fund.currency)?.balance ?? '0';
  const entry = readAmountEntry(
    typed,
    lang,
    { min: fund.minAmount, cash, currency: fund.currency },
    fundAmountRefusals,
  );
  const pinNeeded = security.data?.trade.set === true;
  const money = (amount: string) => moneyText(amount, fund.currency, lang);
  // Unread profile (a failed read): the ticket goes on, and the server's answer decides.
  const verdict = appropriateness.data
    ? productVerdict(appropriateness.data.profile, fund.riskClass)
    : appropriateness.isError
      ? 'unknown'
      : null;
  const warn = verdict === 'warn' || warnedByServer;
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
      ...(warn ? { acknowledgeRisk: accepted } : {}),
      ...(pinNeeded ? { tradePassword: pin } : {}),
    };
    setRefusal(null);
    await sendWith(async () => {
      try {
        await api(fundApply, { ...fields, requestId: ids.idFor(fields) });
      } catch (err) {
        if (err instanceof ApiRefusal) {
          setStage('edit');
          if (isRefusalText(err.msg, 'fund.riskAck', lang)) {
            setWarnedByServer(true);
            setAccepted(false);
          } else {
            setRefusal(err.msg);
          }
        }
        throw err;
      }
      ids.settle();
      Toast.show({ content: t('follow.followed') });
      for (const call of followRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      onDone();
    });
  };

  if (stage === 'confirm' && entry.amount) {
    return (
      <ConfirmStep
        testPrefix="follow"
        title={t('follow.confirmTitle')}
        summary={t('follow.summary', { 0: money(entry.amount), 1: fund.name })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('follow.pin'), back: t('follow.back'), send: t('follow.follow') }}
        sending={sending}
        canSend={open}
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        <FigureList figures={figures} />
        <p className={listing.note}>{t('follow.navNote')}</p>
      </ConfirmStep>
    );
  }

  const warning =
    fund.riskClass === null ? t('follow.riskWarningUnrated') : t('follow.riskWarning', { 0: fund.riskClass });

  return (
    <Card title={t('follow.ticketTitle')} testId="follow-ticket">
      {!open && (
        <p className={listing.warning} data-testid="follow-paused">
          {translate(lang, 'fund.paused')}
        </p>
      )}
      <DecimalField
        id="follow-amount-input"
        label={t('follow.amountLabel', { 0: fund.currency })}
        value={typed}
        onChange={setTyped}
        hint={
          entry.problem === null
            ? { text: t('follow.amountHint', { 0: money(fund.minAmount) }) }
            : {
                text: translate(lang, entry.problem.key, entry.problem.params),
                error: true,
                testId: 'follow-amount-problem',
              }
        }
      />
      <FigureList figures={figures} />
      <p className={listing.note}>{t('follow.navNote')}</p>
      {refusal && (
        <p className={listing.warning} role="alert" data-testid="follow-refusal">
          {refusal}
        </p>
      )}
      {verdict === null && !warnedByServer ? (
        <Skeleton.Paragraph lineCount={2} animated />
      ) : verdict === 'none' ? (
        <>
          <p className={listing.warning} data-testid="follow-no-profile">
            {translate(lang, 'fund.profileRequired')}
          </p>
          <Button block color="primary" onClick={() => navigate(paths.kyc)} data-testid="follow-to-profile">
            {t('follow.toQuestionnaire')}
          </Button>
        </>
      ) : verdict === 'refuse' ? (
        <p className={listing.warning} data-testid="follow-refused">
          {translate(lang, 'fund.refused', [fund.riskClass ?? 7])}
        </p>
      ) : warn ? (
        <div data-testid="follow-warning">
          {warnedByServer && (
            <p className={listing.warning} role="alert">
              {translate(lang, 'fund.riskAck')}
            </p>
          )}
          <AcceptAndContinue
            testPrefix="follow"
            warning={warning}
            acceptLabel={t('follow.accept')}
            accepted={accepted}
            onAccept={setAccepted}
            canContinue={canContinue}
            continueLabel={t('follow.next')}
            onContinue={() => setStage('confirm')}
          />
        </div>
      ) : (
        <div className={styles.actions}>
          <Button
            block
            color="primary"
            disabled={!canContinue}
            onClick={() => setStage('confirm')}
            data-testid="follow-next"
          >
            {t('follow.next')}
          </Button>
        </div>
      )}
    </Card>
  );
}
