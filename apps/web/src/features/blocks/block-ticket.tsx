import { stockOrderBulkApply } from '@piazza/contract/calls/blocks';
import type { BlockView } from '@piazza/contract/calls/blocks-shapes';
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
import { blockCalls, blockPaths } from './block-calls';
import { previewBlock } from './block-preview';

/**
 * Buying shares of a block: the quantity (read as the reader's language writes numbers), its cost at the
 * block's price now, the cash on hand, the lock that follows delivery, the MiFID warning to accept for an
 * investor without experience, then a confirm step with the transaction password when one is set.
 */
export function BlockTicket({ block }: { block: BlockView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const [typed, setTyped] = useState(block.minQuantity);
  const [accepted, setAccepted] = useState(false);
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { pin, setPin, pinNeeded, sending, submit } = useProductCall();

  const cash = useSpotCash(block.currency);
  const preview = previewBlock(typed, lang, block, cash);
  const money = (amount: string) => moneyText(amount, block.currency, lang);
  const hint =
    preview.problem === null
      ? { text: t('blocks.minHint', { 0: formatNumber(block.minQuantity, lang, 0) }) }
      : {
          text: t(`blocks.problem.${preview.problem}`, {
            0: formatNumber(
              preview.problem === 'aboveLeft' ? block.quantityLeft : block.minQuantity,
              lang,
              0,
            ),
          }),
          error: true,
          testId: 'block-quantity-problem',
        };
  const figures: Figure[] = [
    [t('blocks.price'), block.price ? money(block.price) : '--', 'block-price'],
    [t('blocks.amount'), preview.amount ? money(preview.amount) : '--', 'block-amount'],
    [t('blocks.cash'), money(cash), 'block-cash'],
    [t('blocks.delivery'), formatDate(block.deliversAt), 'block-delivery'],
    [t('blocks.lockedFor'), t('blocks.lockDays', { count: block.lockDays, 0: block.lockDays }), 'block-lock'],
  ];

  const send = async () => {
    if (preview.quantity === null) return;
    const fields = {
      id: block.id,
      quantity: preview.quantity,
      acknowledgeRisk: accepted,
    };
    await submit(stockOrderBulkApply, fields, {
      toast: t('blocks.bought'),
      refresh: blockCalls,
      onDone: () => navigate(blockPaths.detail(block.id), { replace: true }),
    });
  };

  if (stage === 'confirm' && preview.quantity !== null && preview.amount) {
    return (
      <ConfirmStep
        testPrefix="block"
        title={t('blocks.confirmTitle')}
        summary={t('blocks.summary', {
          0: formatNumber(String(preview.quantity), lang, 0),
          1: block.name,
          2: money(preview.amount),
          3: formatDate(block.deliversAt),
        })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('blocks.pin'), back: t('blocks.back'), send: t('blocks.buy') }}
        sending={sending}
        canSend={block.state === 'open'}
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        <FigureList figures={figures} />
        <p className={listing.note}>{t('blocks.priceNote')}</p>
      </ConfirmStep>
    );
  }

  return (
    <Card testId="block-ticket">
      <DecimalField
        id="block-quantity"
        label={t('blocks.quantity')}
        value={typed}
        onChange={setTyped}
        hint={hint}
      />
      <FigureList figures={figures} />
      <AcceptAndContinue
        testPrefix="block"
        warning={t('blocks.riskWarning')}
        acceptLabel={t('blocks.accept')}
        accepted={accepted}
        onAccept={setAccepted}
        canContinue={block.state === 'open' && preview.problem === null}
        continueLabel={t('blocks.next')}
        onContinue={() => setStage('confirm')}
      />
    </Card>
  );
}
