import type { OfferingView } from '@piazza/contract/calls/primary-shapes';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { useProductCall } from '../../shared/ticket/product-call';
import { useSpotCash } from '../../shared/ticket/spot-cash';
import { AcceptAndContinue, ConfirmStep, DecimalField } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { offeringCallsOf, offeringPaths, offeringRefreshCalls } from './offering-calls';
import { previewApplication } from './offering-text';

/**
 * The application: whole lots (read as the reader's language writes numbers), the quantity and amount at the
 * offer price, the balance on hand, whether the amount is held now or only checked, the product's risk
 * warning to accept, then a confirm step with the transaction password when one is set.
 */
export function ApplyTicket({ offering }: { offering: OfferingView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const [typed, setTyped] = useState(String(offering.minLots));
  const [accepted, setAccepted] = useState(false);
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { pin, setPin, pinNeeded, sending, submit } = useProductCall();
  const kind = offering.kind;
  const cash = useSpotCash(offering.currency);
  const preview = previewApplication(typed, lang, offering, cash);
  const money = (amount: string) => moneyText(amount, offering.currency, lang);
  const unit = t(kind === 'ico' ? 'offerings.coins' : 'offerings.shares');
  const hint =
    preview.problem === null
      ? {
          text: t('offerings.lotsHint', {
            0: offering.minLots,
            1: offering.maxLots,
            2: formatNumber(offering.lotSize, lang, 0),
            3: unit,
          }),
        }
      : {
          text: t(`offerings.problem.${preview.problem}`, {
            0: preview.problem === 'aboveMax' ? offering.maxLots : offering.minLots,
          }),
          error: true,
          testId: 'offering-lots-problem',
        };
  const figures: Figure[] = [
    [t('offerings.offerPrice'), money(offering.offerPrice), 'apply-price'],
    [
      t('offerings.quantity'),
      preview.quantity ? `${formatNumber(preview.quantity, lang, 0)} ${unit}` : '--',
      'apply-quantity',
    ],
    [t('offerings.amount'), preview.amount ? money(preview.amount) : '--', 'apply-amount'],
    [t('offerings.cash'), money(cash), 'apply-cash'],
    [t('offerings.allotsAt'), formatDate(offering.allotsAt), 'apply-allots'],
  ];

  const send = async () => {
    if (preview.lots === null) return;
    const fields = {
      id: offering.id,
      lots: preview.lots,
      acknowledgeRisk: accepted,
    };
    await submit(offeringCallsOf[kind].apply, fields, {
      toast: t('offerings.applied'),
      refresh: offeringRefreshCalls(kind),
      onDone: () => navigate(offeringPaths(kind).mine, { replace: true }),
    });
  };

  if (stage === 'confirm' && preview.lots !== null && preview.amount) {
    return (
      <ConfirmStep
        testPrefix="apply"
        title={t('offerings.confirmTitle')}
        summary={t('offerings.summary', {
          0: preview.lots,
          1: offering.name,
          2: money(preview.amount),
          3: formatDate(offering.allotsAt),
        })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('offerings.pin'), back: t('offerings.back'), send: t('offerings.apply') }}
        sending={sending}
        canSend={offering.state === 'open'}
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        <FigureList figures={figures} />
        <p className={listing.note}>
          {t(offering.freezeOnApply ? 'offerings.frozenNote' : 'offerings.checkedNote')}
        </p>
      </ConfirmStep>
    );
  }

  return (
    <Card testId="apply-ticket">
      <DecimalField
        id="apply-lots"
        label={t('offerings.lots')}
        value={typed}
        onChange={setTyped}
        hint={hint}
      />
      <FigureList figures={figures} />
      <p className={listing.note}>
        {t(offering.freezeOnApply ? 'offerings.frozenNote' : 'offerings.checkedNote')}
      </p>
      <AcceptAndContinue
        testPrefix="apply"
        warning={t(kind === 'ico' ? 'offerings.riskCrypto' : 'offerings.riskShares')}
        acceptLabel={t('offerings.accept')}
        accepted={accepted}
        onAccept={setAccepted}
        canContinue={offering.state === 'open' && preview.problem === null}
        continueLabel={t('offerings.next')}
        onContinue={() => setStage('confirm')}
      />
    </Card>
  );
}
