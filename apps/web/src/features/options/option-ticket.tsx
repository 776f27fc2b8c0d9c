import { userAssets } from '@piazza/contract/calls/assets';
import { stockOptionRule, stockOrderOptionApply } from '@piazza/contract/calls/options';
import type { OptionSeries } from '@piazza/contract/calls/options-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LabelledStepper } from '../../shared/forms/labelled-stepper';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { ConfirmStep, Segments, useTicketSend } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { type OptionChoice, percentText, previewOption } from './option-preview';
import styles from './options.module.css';
import { optionsCalls, optionsPaths } from './options-calls';

/**
 * The option ticket (DESIGN.md §7): an underlying, call or put, an expiry and a strike of the listed series,
 * a number of contracts, the premium by the same Black–Scholes rule and inputs as the server, the maximum
 * loss (the premium), the appropriateness warning to accept when the profile asks for it, then a confirm step
 * with the transaction password when one is set.
 */
/** The underlying the ticket opens on when none with options is given: a FTSE MIB share. */
export const defaultUnderlying = 'ENI.MI';

export function OptionTicket({ symbol, onSymbol }: { symbol: string; onSymbol: (symbol: string) => void }) {
  const { t } = useTranslation();
  // A symbol without options (a coin, from the spot ticket) opens the ticket on the default underlying.
  const listed = useApiQuery(stockOptionRule, {}, { staleTime: 60_000 });
  const underlying = listed.data?.underlyings.some((u) => u.symbol === symbol) ? symbol : defaultUnderlying;
  const rule = useApiQuery(
    stockOptionRule,
    { symbol: underlying },
    { enabled: listed.data !== undefined, staleTime: 0, refetchInterval: 10_000 },
  );
  if (listed.isError || rule.isError) {
    return <LoadFailed onRetry={() => void (listed.isError ? listed.refetch() : rule.refetch())} />;
  }
  if (!rule.data?.series) {
    return (
      <Card>
        <Skeleton.Paragraph lineCount={6} animated />
      </Card>
    );
  }
  const { underlyings, series } = rule.data;
  return (
    <>
      <Card testId="option-underlying">
        <label className={styles.fieldLabel} htmlFor="option-underlying-select">
          {t('options.underlying')}
        </label>
        <select
          id="option-underlying-select"
          className={styles.select}
          value={series.symbol}
          onChange={(e) => onSymbol(e.target.value)}
          data-testid="option-underlying-select"
        >
          {underlyings.map((u) => (
            <option key={u.symbol} value={u.symbol}>
              {u.name} · {u.symbol}
            </option>
          ))}
        </select>
      </Card>
      <SeriesTicket key={series.symbol} series={series} />
    </>
  );
}

function SeriesTicket({ series }: { series: OptionSeries }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const assets = useApiQuery(userAssets, {});
  const security = useApiQuery(securityOverview, {});
  const [chosen, setChoice] = useState<OptionChoice>(() => ({
    right: 'call',
    expiresAt: 0,
    strike: '',
    contracts: 1,
  }));
  const [accepted, setAccepted] = useState(false);
  const [stage, setStage] = useState<'edit' | 'confirm'>('edit');
  const { pin, setPin, sending, send: sendWith } = useTicketSend();
  const change = (patch: Partial<OptionChoice>) => setChoice((now) => ({ ...now, ...patch }));
  // Until the investor picks, the nearest expiry and the at-the-money strike. The series is read again every
  // few seconds: a picked strike the moving spot took off the grid stays picked and is said to be gone, never
  // swapped silently for another.
  const expiry = series.expiries.find((e) => e.expiresAt === chosen.expiresAt) ?? series.expiries[0];
  const strikes = expiry?.strikes ?? [];
  const choice: OptionChoice = {
    ...chosen,
    expiresAt: expiry?.expiresAt ?? 0,
    strike: chosen.strike === '' ? (strikes[Math.floor(strikes.length / 2)]?.strike ?? '') : chosen.strike,
  };
  const strikeGone = !strikes.some((s) => s.strike === choice.strike);

  const preview = previewOption(series, choice);
  const cash =
    assets.data?.accounts.find((a) => a.purpose === 'spot' && a.asset === series.currency)?.balance ?? '0';
  const pinNeeded = security.data?.trade.set === true;
  const money = (text: string) => `${formatNumber(text, lang, 2)} ${series.currency}`;
  const price = (text: string) => formatNumber(text, lang, (text.split('.')[1] ?? '').length);
  const contractSize = t(
    series.kind === 'stock' ? 'options.contractSizeStock' : 'options.contractSizeIndex',
    {
      0: series.contractSize,
    },
  );
  const rightLabel = t(choice.right === 'call' ? 'options.call' : 'options.put');

  if (series.verdict === 'refuse' || series.verdict === 'none') {
    return (
      <Card testId="option-not-appropriate">
        <p className={styles.warning}>
          {t(series.verdict === 'none' ? 'options.noProfile' : 'options.refused')}
        </p>
        {series.verdict === 'none' && (
          <Button block color="primary" onClick={() => navigate(optionsPaths.kyc)}>
            {t('options.toQuestionnaire')}
          </Button>
        )}
      </Card>
    );
  }

  const send = async () => {
    if (!preview) return;
    const fields = {
      symbol: series.symbol,
      right: choice.right,
      strike: choice.strike,
      expiresAt: choice.expiresAt,
      contracts: choice.contracts,
      ...(series.verdict === 'warn' ? { acknowledgeRisk: accepted } : {}),
      ...(pinNeeded ? { tradePassword: pin } : {}),
    };
    // A refusal (market closed, balance, password) was shown by the wrapper; a wrong password is retyped.
    await sendWith(async () => {
      await api(stockOrderOptionApply, { ...fields, requestId: ids.idFor(fields) });
      ids.settle();
      Toast.show({ content: t('options.bought') });
      for (const call of optionsCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
      navigate(`${optionsPaths.position}?tab=options`);
    });
  };

  const rows: Figure[] = [
    [t('options.spot'), `${price(series.spot)} ${series.currency}`, 'option-spot'],
    [t('options.premiumContract'), preview ? money(preview.perContract) : '--', 'option-premium-contract'],
    [t('options.premiumTotal'), preview ? money(preview.total) : '--', 'option-premium-total'],
    [t('options.maxLoss'), preview ? money(preview.total) : '--', 'option-max-loss'],
    [t('options.cash'), money(cash), 'option-cash'],
  ];
  const figures = <FigureList figures={rows} />;

  if (stage === 'confirm' && preview) {
    return (
      <ConfirmStep
        testPrefix="option"
        title={t('options.confirmTitle')}
        summary={t('options.summary', {
          0: choice.contracts,
          1: rightLabel,
          2: series.symbol,
          3: price(choice.strike),
          4: formatDate(choice.expiresAt),
        })}
        pinNeeded={pinNeeded}
        pin={pin}
        onPin={setPin}
        labels={{ pin: t('options.pin'), back: t('options.back'), send: t('options.buy') }}
        sending={sending}
        canSend={series.marketOpen}
        onBack={() => setStage('edit')}
        onSend={() => void send()}
      >
        {figures}
        <p className={styles.note}>{t('options.summaryEstimate')}</p>
      </ConfirmStep>
    );
  }

  return (
    <Card testId="option-ticket">
      {!series.marketOpen && (
        <p className={styles.closed} role="status" data-testid="option-market-closed">
          {t('options.marketClosed')}
        </p>
      )}
      <Segments
        options={['call', 'put'] as const}
        value={choice.right}
        onChange={(right) => change({ right })}
        label={(right) => t(right === 'call' ? 'options.call' : 'options.put')}
        testId={(right) => `option-right-${right}`}
        tone={(right) => (right === 'call' ? 'up' : 'down')}
      />
      <p className={styles.hint}>{t(choice.right === 'call' ? 'options.callHint' : 'options.putHint')}</p>
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('options.expiry')}</span>
        <div className={styles.segments}>
          {series.expiries.map((e) => (
            <button
              key={e.expiresAt}
              type="button"
              aria-pressed={choice.expiresAt === e.expiresAt}
              className={choice.expiresAt === e.expiresAt ? styles.chipOn : styles.chip}
              onClick={() => change({ expiresAt: e.expiresAt })}
              data-testid={`option-expiry-${e.expiresAt}`}
            >
              {formatDate(e.expiresAt)}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="option-strike">
          {t('options.strike')}
        </label>
        <select
          id="option-strike"
          className={styles.select}
          value={choice.strike}
          onChange={(e) => change({ strike: e.target.value })}
          data-testid="option-strike"
        >
          {strikeGone && (
            <option value={choice.strike} disabled>
              {t('options.strikeGone', { 0: price(choice.strike) })}
            </option>
          )}
          {strikes.map((s) => (
            <option key={s.strike} value={s.strike}>
              {t('options.strikeOption', {
                0: price(s.strike),
                1: money(choice.right === 'call' ? s.call : s.put),
              })}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('options.contracts')}</span>
        <LabelledStepper
          label={t('options.contracts')}
          max={series.contractsMax}
          value={choice.contracts}
          onChange={(contracts) => change({ contracts: contracts ?? 1 })}
          testId="option-contracts"
        />
        <span className={styles.hint}>{t('options.contractSize', { 0: contractSize })}</span>
      </div>
      {figures}
      <p className={styles.note}>{t('options.maxLossHint')}</p>
      <p className={preview?.belowMinimum ? styles.error : styles.note} data-testid="option-minimum">
        {t(preview?.belowMinimum ? 'options.belowMinimum' : 'options.minimum', {
          0: money(series.minimumAmount),
        })}
      </p>
      <p className={styles.note}>
        {t('options.model', {
          0: percentText(series.volatility, lang),
          1: percentText(series.rate, lang),
        })}
      </p>
      {series.verdict === 'warn' && (
        <div className={styles.warning} data-testid="option-warning">
          <strong>{t('options.warnTitle')}</strong>
          <p>{t('options.warn')}</p>
          <Checkbox checked={accepted} onChange={setAccepted} data-testid="option-accept">
            {t('options.warnAccept')}
          </Checkbox>
        </div>
      )}
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          disabled={
            !series.marketOpen || !preview || preview.belowMinimum || (series.verdict === 'warn' && !accepted)
          }
          onClick={() => setStage('confirm')}
          data-testid="option-review"
        >
          {t('options.review')}
        </Button>
      </div>
    </Card>
  );
}
