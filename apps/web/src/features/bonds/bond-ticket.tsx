import { userAssets } from '@piazza/contract/calls/assets';
import {
  bondList,
  bondTicket,
  userBondBuy,
  userBondMovements,
  userBondPositions,
  userBondSell,
} from '@piazza/contract/calls/bonds';
import type { BondTicketView, BondView } from '@piazza/contract/calls/bonds-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import type { Language } from '@piazza/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { NumberInput } from '../../shared/forms/number-input';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { paths } from '../../shared/navigation/paths';
import { useSession } from '../../shared/session/use-session';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { ConfirmStep, Segments } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import ui from '../../shared/ui/instrument-rows.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { bondName, shownDay, shownPercent, shownPrice } from './bond-name';
import { bondPaths } from './bond-paths';
import styles from './bonds.module.css';

type Side = 'buy' | 'sell';

function bondFacts(b: BondView, t: TFunction, lang: Language): Figure[] {
  return [
    [t('bonds.fact.isin'), b.isin, 'bond-isin'],
    [
      t('bonds.fact.coupon'),
      b.couponsPerYear === 0
        ? t('bonds.fact.couponNone')
        : t('bonds.fact.couponValue', { 0: shownPercent(b.coupon, lang).replace('%', '') }),
      'bond-coupon',
    ],
    [t('bonds.fact.maturity'), shownDay(b.maturityDate), 'bond-maturity'],
    ...(b.nextCoupon
      ? [[t('bonds.fact.nextCoupon'), shownDay(b.nextCoupon), 'bond-next-coupon'] as Figure]
      : []),
    [t('bonds.fact.bid'), shownPrice(b.bid, lang), 'bond-bid'],
    [t('bonds.fact.ask'), shownPrice(b.ask, lang), 'bond-ask'],
    [t('bonds.fact.yieldGross'), shownPercent(b.yieldGross, lang), 'bond-yield-gross'],
    [t('bonds.fact.yieldNet'), shownPercent(b.yieldNet, lang), 'bond-yield-net'],
  ];
}

/**
 * The ticket's figures: price, clean amount, the value date (T+2, decision 064) the accrued interest runs to,
 * accrued interest gross, its tax, net, and the total.
 */
function ticketFigures(v: BondTicketView, t: TFunction, lang: Language): Figure[] {
  const eur = (amount: string) => moneyText(amount, 'EUR', lang);
  const figures: Figure[] = [
    [t('bonds.figure.price'), shownPrice(v.price, lang), 'bond-ticket-price'],
    [t('bonds.figure.clean'), eur(v.cleanAmount), 'bond-ticket-clean'],
    [t('bonds.figure.valueDate'), shownDay(v.bond.settlementDate), 'bond-ticket-value-date'],
  ];
  if (v.periodDays > 0) {
    figures.push(
      [
        t('bonds.figure.accruedGross', { 0: v.accruedDays, 1: v.periodDays }),
        eur(v.accruedGross),
        'bond-ticket-accrued-gross',
      ],
      [t('bonds.figure.accruedTax'), eur(v.accruedTax), 'bond-ticket-accrued-tax'],
      [t('bonds.figure.accrued'), eur(v.accrued), 'bond-ticket-accrued'],
    );
  }
  figures.push([
    t(v.side === 'buy' ? 'bonds.figure.totalBuy' : 'bonds.figure.totalSell'),
    eur(v.total),
    'bond-ticket-total',
  ]);
  return figures;
}

/**
 * A government bond's facts and ticket (issue 20): the side, the nominal in multiples of €1.000, then the
 * clean price, the accrued interest (gross, its 12.5%, net) and the total, then the confirm step with the
 * transaction password when set. Test ids: `bond-{fact}`, `bond-side-{buy|sell}`, `bond-nominal`,
 * `bond-ticket-{figure}`, `bond-continue`, `bond-confirm`, `bond-send`, `bond-refusal`.
 */
export function BondTicket({ isin }: { isin: string }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signedIn } = useSession();
  const ids = useSubmissionIds();
  const [side, setSide] = useState<Side>('buy');
  const [nominal, setNominal] = useState('1000');
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [pin, setPin] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = useApiQuery(bondList, {});
  const ticket = useApiQuery(bondTicket, { isin, side, nominal }, { enabled: nominal !== '', retry: false });
  const security = useApiQuery(securityOverview, {}, { enabled: signedIn });
  const pinNeeded = security.data?.trade.set === true;

  if (list.isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const bond = list.data.list.find((b) => b.isin === isin);
  if (!bond) return <p role="alert">{t('bonds.empty')}</p>;
  const name = bondName(bond, t, lang);
  const ticketError = ticket.error instanceof ApiRefusal ? ticket.error.msg : null;

  const send = async () => {
    const fields = { isin, nominal, ...(pinNeeded ? { tradePassword: pin } : {}) };
    setSending(true);
    setRefusal(null);
    try {
      await api(side === 'buy' ? userBondBuy : userBondSell, {
        ...fields,
        requestId: ids.idFor({ ...fields, side }),
      });
      ids.settle();
      Toast.show({ content: t('bonds.done') });
      for (const call of [userBondPositions, userBondMovements, userAssets, bondTicket])
        void queryClient.invalidateQueries({ queryKey: [call.path] });
      navigate(bondPaths.holdings);
    } catch (err) {
      if (err instanceof ApiRefusal) setRefusal(err.msg);
      setPin('');
    } finally {
      setSending(false);
    }
  };

  if (step === 'confirm' && ticket.data) {
    const v = ticket.data;
    return (
      <ConfirmStep
        testPrefix="bond"
        title={t('bonds.confirm.title')}
        summary={t(side === 'buy' ? 'bonds.confirm.buy' : 'bonds.confirm.sell', {
          0: moneyText(v.nominal, 'EUR', lang),
          1: name,
          2: shownPrice(v.price, lang),
          3: moneyText(v.total, 'EUR', lang),
        })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('bonds.pin'), back: t('bonds.back'), send: t('bonds.send') }}
        sending={sending}
        canSend
        onBack={() => setStep('edit')}
        onSend={() => void send()}
      >
        <FigureList figures={ticketFigures(v, t, lang)} />
        {refusal && (
          <p className={styles.error} role="alert" data-testid="bond-refusal">
            {refusal}
          </p>
        )}
      </ConfirmStep>
    );
  }

  return (
    <>
      <Card>
        <h2 className={ui.heading} data-testid="bond-name">
          {name}
        </h2>
        <FigureList figures={bondFacts(bond, t, lang)} />
        {bond.kind === 'btp-italia' && <p className={ui.note}>{t('bonds.italiaNote')}</p>}
      </Card>
      <Card>
        <Segments
          options={['buy', 'sell'] as const}
          value={side}
          onChange={setSide}
          label={(s) => t(`bonds.side.${s}`)}
          testId={(s) => `bond-side-${s}`}
          tone={(s) => (s === 'buy' ? 'up' : 'down')}
        />
        <div className={styles.section}>
          <label className={ui.filterLabel} htmlFor="bond-nominal">
            {t('bonds.nominal')}
          </label>
          <NumberInput
            id="bond-nominal"
            value={nominal}
            onChange={setNominal}
            scale={0}
            testId="bond-nominal"
          />
          <p className={ui.note}>{t('bonds.nominalHint')}</p>
        </div>
        {ticketError ? (
          <p className={styles.error} role="alert" data-testid="bond-ticket-refusal">
            {ticketError}
          </p>
        ) : ticket.data ? (
          <FigureList figures={ticketFigures(ticket.data, t, lang)} />
        ) : null}
        <div className={ui.actions}>
          {signedIn ? (
            <Button
              block
              color="primary"
              disabled={!ticket.data || ticketError !== null}
              onClick={() => setStep('confirm')}
              data-testid="bond-continue"
            >
              {t('bonds.continue')}
            </Button>
          ) : (
            <p className={ui.note}>
              <Link to={paths.login}>{t('bonds.signIn')}</Link>
            </p>
          )}
        </div>
      </Card>
    </>
  );
}
