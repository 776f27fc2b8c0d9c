import type { stockInfo } from '@piazza/contract/calls/market';
import { securityOverview } from '@piazza/contract/calls/security';
import {
  stockContractAccount,
  stockContractLeverage,
  stockContractOpen,
} from '@piazza/contract/calls/stock-contract';
import { stockOrderRule } from '@piazza/contract/calls/trading-admin';
import type { CallOutput } from '@piazza/contract/define';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount, parseAmount } from '@piazza/core/money';
import type { ContractSide, OpeningCloseOut } from '@piazza/core/trading/margin';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LabelledStepper } from '../../shared/forms/labelled-stepper';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useTicker } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureRow as Row } from '../../shared/ticket/figure-rows';
import styles from '../../shared/ticket/ticket.module.css';
import { ConfirmStep, NumberField, Segments, useTicketSend } from '../../shared/ticket/ticket-confirm';
import { currencyScale, lotQuantity, scheduleOfRule } from '../../shared/ticket/ticket-preview';
import { tradingPaths } from '../../shared/ticket/trading-paths';
import { useLiveBook } from '../../shared/ticket/use-live-book';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { lotsForMargin, previewContract } from './contract-preview';
import { stockContractCalls, stockContractPaths } from './stock-contract-calls';

type Instrument = CallOutput<typeof stockInfo>;

/**
 * The leveraged contract ticket (DESIGN.md §7): long or short, a leverage no higher than the instrument's
 * ESMA cap, lots, the margin and fee by the server's rules, the close-out price the account would then
 * have, take profit and stop loss, the standard risk warning always beside it and the appropriateness
 * warning to accept when the profile asks for it; then a confirm step with the transaction password when one
 * is set. Market orders only.
 */
export function ContractTicket({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  if ((instrument.kind !== 'stock' && instrument.kind !== 'index') || !instrument.listed) {
    return (
      <Card testId="contract-not-available">
        <p className={styles.note}>{t('stockContract.notAvailable')}</p>
      </Card>
    );
  }
  return <Ticket instrument={instrument} />;
}

function Ticket({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const { symbol, priceScale, quantityScale, currency } = instrument;
  const quote = useTicker(symbol);
  const status = quote?.symbol === symbol ? quote.status : instrument.status;
  const book = useLiveBook(symbol);
  const leverage = useApiQuery(stockContractLeverage, { symbol });
  const account = useApiQuery(stockContractAccount, { currency }, { staleTime: 0, refetchInterval: 5_000 });
  const rule = useApiQuery(stockOrderRule, { symbol });
  const security = useApiQuery(securityOverview, {});

  const [side, setSide] = useState<ContractSide>('long');
  const [chosen, setChosen] = useState<number | null>(null);
  const [lots, setLots] = useState(1);
  const [sizeBy, setSizeBy] = useState<'shares' | 'margin'>('shares');
  const [marginText, setMarginText] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { pin, setPin, sending, send: sendWith } = useTicketSend();

  if (leverage.isError) return <LoadFailed onRetry={() => void leverage.refetch()} />;
  if (!leverage.data) {
    return (
      <Card>
        <Skeleton.Paragraph lineCount={6} animated />
      </Card>
    );
  }
  const { choices, leverageMax, verdict } = leverage.data;
  // No leverage until the investor picks one: the riskier choice is never the default.
  const lev = chosen ?? choices[0] ?? 1;
  const schedule = rule.data ? scheduleOfRule(rule.data.fee, rule.data.currencyScale) : null;
  const marginLots = sizeBy === 'margin' ? lotsForMargin(marginText, lev, side, instrument, book) : null;
  const sizedLots = sizeBy === 'margin' ? (marginLots ?? 0) : lots;
  const preview = previewContract(
    { side, lots: sizedLots, leverage: lev },
    instrument,
    book,
    schedule,
    account.data ?? null,
  );
  const quantity = sizedLots > 0 ? lotQuantity(sizedLots, instrument) : null;
  const free = account.data ? parseAmount(account.data.freeMargin.replace('-', ''), currencyScale) : null;
  const freeMinor = free === null ? null : account.data?.freeMargin.startsWith('-') ? -free : free;
  const short = preview !== null && freeMinor !== null && freeMinor < preview.needed;
  const open = status === 'open';
  const allowed = verdict === 'fit' || (verdict === 'warn' && accepted);
  const pinNeeded = security.data?.trade.set === true;
  const money = (minor: bigint) =>
    `${formatNumber(formatAmount(minor, currencyScale), lang, currencyScale)} ${currency}`;
  const price = (minor: bigint | null) =>
    minor === null ? '--' : formatNumber(formatAmount(minor, priceScale), lang, priceScale);
  // A figure only where the engine would have one; otherwise why not (the margin does not open it, or no
  // fall reaches close-out).
  const closeOutText = (c: OpeningCloseOut | null) =>
    c === null
      ? '--'
      : c.kind === 'price'
        ? price(c.price)
        : t(c.kind === 'marginShort' ? 'stockContract.closeOutMarginShort' : 'stockContract.closeOutNone');
  const shares = (minor: bigint) => formatNumber(formatAmount(minor, quantityScale), lang, quantityScale);

  const send = async () => {
    if (!preview) return;
    const fields = {
      symbol,
      side,
      leverage: lev,
      ...(sizeBy === 'margin'
        ? { margin: marginText }
        : { quantity: formatAmount(preview.quantity, quantityScale) }),
      ...(takeProfit !== '' ? { takeProfit } : {}),
      ...(stopLoss !== '' ? { stopLoss } : {}),
      ...(verdict === 'warn' ? { acknowledgeRisk: true } : {}),
      ...(pinNeeded ? { tradePassword: pin } : {}),
    };
    // A refusal (market closed, margin, password) was shown by the wrapper; a wrong password is retyped.
    await sendWith(async () => {
      await api(stockContractOpen, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('stockContract.sent') });
      for (const call of stockContractCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      navigate(`${tradingPaths.position}?tab=contracts`);
    });
  };

  const rows = (
    <ul className={styles.rows}>
      <Row
        label={t('stockContract.freeMargin')}
        value={freeMinor === null ? '--' : money(freeMinor)}
        testId="contract-free"
      />
      <Row
        label={t('stockContract.value')}
        value={preview ? money(preview.value) : '--'}
        testId="contract-value"
      />
      <Row
        label={t('stockContract.margin')}
        value={preview ? money(preview.margin) : '--'}
        testId="contract-margin"
      />
      <Row label={t('stockContract.fee')} value={preview ? money(preview.fee) : '--'} testId="contract-fee" />
      <Row
        label={t('stockContract.closeOut')}
        value={closeOutText(preview?.closeOut ?? null)}
        testId="contract-closeout"
      />
    </ul>
  );

  const warning = (
    <Card title={t('stockContract.riskTitle')} testId="contract-risk">
      <p className={styles.note} data-testid="contract-risk-warning">
        {t('stockContract.riskWarning')}
      </p>
    </Card>
  );

  if (stage === 'confirm' && preview) {
    return (
      <>
        <ConfirmStep
          testPrefix="contract"
          title={t('stockContract.confirmTitle')}
          summary={t('stockContract.summary', {
            0: t(side === 'long' ? 'stockContract.long' : 'stockContract.short'),
            1: shares(preview.quantity),
            2: symbol,
            3: lev,
          })}
          pinNeeded={pinNeeded}
          pin={pin}
          onPin={setPin}
          labels={{
            pin: t('stockContract.pin'),
            back: t('stockContract.back'),
            send: t('stockContract.send'),
          }}
          sending={sending}
          canSend={open}
          onBack={() => setStage('edit')}
          onSend={() => void send()}
        >
          {rows}
          <p className={styles.note}>{t('stockContract.estimate')}</p>
        </ConfirmStep>
        {warning}
      </>
    );
  }

  return (
    <>
      <Card testId="contract-ticket">
        {!open && (
          <p className={styles.closed} role="status" data-testid="contract-market-closed">
            {t('stockContract.marketClosed')}
          </p>
        )}
        <Segments
          options={['long', 'short'] as const}
          value={side}
          onChange={setSide}
          label={(s) => t(s === 'long' ? 'stockContract.long' : 'stockContract.short')}
          testId={(s) => `contract-side-${s}`}
          tone={(s) => (s === 'long' ? 'up' : 'down')}
        />
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('stockContract.leverage')}</span>
          <Segments
            options={choices}
            value={lev}
            onChange={setChosen}
            label={(c) => `${c}:1`}
            testId={(c) => `contract-leverage-${c}`}
          />
          <span className={styles.hint} data-testid="contract-leverage-cap">
            {t('stockContract.leverageCap', { 0: leverageMax })}
          </span>
        </div>
        <Segments
          options={['shares', 'margin'] as const}
          value={sizeBy}
          onChange={setSizeBy}
          label={(by) => t(by === 'shares' ? 'stockContract.byShares' : 'stockContract.byMargin')}
          testId={(by) => `contract-size-${by}`}
        />
        {sizeBy === 'shares' ? (
          <div className={styles.field}>
            <span className={styles.fieldLabel}>
              {t('stockContract.lots', { 0: formatNumber(instrument.lotSize, lang, quantityScale) })}
            </span>
            <LabelledStepper
              label={t('stockContract.lots', { 0: formatNumber(instrument.lotSize, lang, quantityScale) })}
              value={lots}
              onChange={(v) => setLots(v ?? 1)}
              testId="contract-lots"
            />
          </div>
        ) : (
          <NumberField
            id="contract-margin-input"
            label={t('stockContract.marginAmount', { 0: currency })}
            value={marginText}
            scale={currencyScale}
            onChange={setMarginText}
          />
        )}
        <div className={styles.field}>
          <span className={styles.hint} data-testid="contract-quantity">
            {quantity !== null
              ? t('stockContract.quantity', { 0: shares(quantity) })
              : marginLots === 0
                ? t('stockContract.marginNoLot')
                : ''}
          </span>
        </div>
        {(['takeProfit', 'stopLoss'] as const).map((which) => (
          <NumberField
            key={which}
            id={`contract-${which}`}
            label={`${t(`stockContract.${which}`)} (${t('stockContract.optional')})`}
            value={which === 'takeProfit' ? takeProfit : stopLoss}
            scale={priceScale}
            onChange={which === 'takeProfit' ? setTakeProfit : setStopLoss}
          />
        ))}
        {rows}
        <p className={styles.note}>{t('stockContract.closeOutHint')}</p>
        {short && (
          <div className={styles.actions}>
            <p className={styles.error} data-testid="contract-short">
              {t('stockContract.fund')}
            </p>
            <Button
              size="small"
              fill="outline"
              onClick={() => navigate(stockContractPaths.transfer)}
              data-testid="contract-transfer"
            >
              {t('stockContract.transfer')}
            </Button>
          </div>
        )}
        {verdict === 'warn' && (
          <div className={styles.field}>
            <p className={styles.error} data-testid="contract-appropriateness">
              {t('stockContract.warn')}
            </p>
            <Checkbox checked={accepted} onChange={setAccepted} data-testid="contract-ack">
              {t('stockContract.ack')}
            </Checkbox>
          </div>
        )}
        {(verdict === 'refuse' || verdict === null) && (
          <p className={styles.error} data-testid="contract-appropriateness">
            {t(verdict === 'refuse' ? 'stockContract.refuse' : 'stockContract.noProfile')}
          </p>
        )}
        <div className={styles.actions}>
          <Button
            block
            color="primary"
            disabled={!open || !preview || !allowed || short}
            onClick={() => setStage('confirm')}
            data-testid="contract-review"
          >
            {t('stockContract.review')}
          </Button>
        </div>
      </Card>
      {warning}
    </>
  );
}
