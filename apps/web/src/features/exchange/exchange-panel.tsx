import { userAssets } from '@piazza/contract/calls/assets';
import { userExchange, userExchangeQuote } from '@piazza/contract/calls/funding';
import type { exchangeAssets } from '@piazza/contract/calls/funding-shapes';
import type { CallOutput } from '@piazza/contract/define';
import { formatNumber } from '@piazza/core/format-number';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Selector, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { assetFigure } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { useMoneyEvents } from '../../shared/money/use-money-events';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { AmountBox } from './amount-box';
import { amountProblem, amountWire } from './amount-check';
import { accountBalance } from './balances';
import styles from './exchange.module.css';
import { secondsLeft } from './quote-clock';
import { useNow } from './use-now';

type ExchangeAsset = (typeof exchangeAssets)[number];
type Quote = CallOutput<typeof userExchangeQuote>;

/** Decimals a decimal text carries ('1.0850' → 4), so a rate shows as quoted. */
function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/**
 * Converts between the spot accounts of a pair of assets: amount, then a quote (rate after the spread, the
 * market rate, the spread, the amount out) valid a few seconds with a countdown, then confirm. An expired
 * quote cannot be confirmed; the person asks for a new one. Changing the amount or direction drops the quote.
 */
export function ExchangePanel({ pairs }: { pairs: readonly (readonly [ExchangeAsset, ExchangeAsset])[] }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const overview = useApiQuery(userAssets, {}, { staleTime: 0 });
  useMoneyEvents([userAssets]);
  const ids = useSubmissionIds();
  const [pairIndex, setPairIndex] = useState(0);
  const [typed, setTyped] = useState('');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [busy, setBusy] = useState<'quote' | 'confirm' | null>(null);
  const [shownProblem, setShownProblem] = useState(false);
  const now = useNow(quote !== null);

  const [from, to] = pairs[pairIndex] ?? pairs[0]!;
  const { balance, scale } = accountBalance(overview.data, 'spot', from);
  const problem = amountProblem(typed, scale, balance);
  const left = quote ? secondsLeft(quote.expiresAt, now) : 0;
  const expired = quote !== null && left === 0;

  const change = (next: () => void) => {
    next();
    setQuote(null);
  };

  const askQuote = async () => {
    setShownProblem(true);
    if (problem) return;
    setBusy('quote');
    try {
      setQuote(await api(userExchangeQuote, { from, to, amount: amountWire(typed) }));
    } catch {
      // Shown by the wrapper (closed pair, rate unavailable, balance).
    }
    setBusy(null);
  };

  const confirm = async () => {
    if (!quote || expired) return;
    setBusy('confirm');
    try {
      const done = await api(userExchange, {
        quoteId: quote.quoteId,
        requestId: ids.idFor({ quoteId: quote.quoteId }),
      });
      ids.settle();
      Toast.show({
        content: t('exchange.done', {
          0: `${assetFigure(done.amountIn, done.from, lang)} ${done.from}`,
          1: `${assetFigure(done.amountOut, done.to, lang)} ${done.to}`,
        }),
      });
      setQuote(null);
      setTyped('');
      setShownProblem(false);
      await queryClient.invalidateQueries({ queryKey: [userAssets.path] });
    } catch {
      // Shown by the wrapper; an expired or used quote asks for a new one.
    }
    setBusy(null);
  };

  if (overview.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (overview.isError) return <LoadFailed onRetry={() => void overview.refetch()} />;

  return (
    <>
      <Card>
        <div className={styles.field}>
          <span className={styles.label}>{t('exchange.direction')}</span>
          <Selector
            columns={2}
            value={[String(pairIndex)]}
            onChange={(v) => v[0] !== undefined && change(() => setPairIndex(Number(v[0])))}
            options={pairs.map(([a, b], i) => ({ label: `${a} → ${b}`, value: String(i) }))}
            data-testid="exchange-direction"
          />
        </div>
      </Card>
      <Card>
        <AmountBox
          label={t('exchange.amountIn', { 0: from })}
          asset={from}
          value={typed}
          onChange={(v) => change(() => setTyped(v))}
          availableText={assetFigure(balance, from, lang)}
          maxText={balance}
          error={shownProblem && problem ? t(problem) : null}
          testIdPrefix="exchange"
        />
        <div className={styles.buttons}>
          <Button
            block
            size="large"
            color={quote && !expired ? 'default' : 'primary'}
            loading={busy === 'quote'}
            onClick={() => void askQuote()}
            data-testid="exchange-quote"
          >
            {t(quote ? 'exchange.newQuote' : 'exchange.getQuote')}
          </Button>
        </div>
      </Card>
      {quote && (
        <Card title={t('exchange.quoteTitle')} testId="exchange-quote-card">
          <ul className={styles.rows}>
            <li className={styles.row}>
              <span className={styles.rowLabel}>{t('exchange.youPay')}</span>
              <span className={styles.rowValue} data-testid="exchange-amount-in">
                {assetFigure(quote.amountIn, quote.from, lang)} {quote.from}
              </span>
            </li>
            <li className={styles.row}>
              <span className={styles.rowLabel}>{t('exchange.youGet')}</span>
              <span className={`${styles.rowValue} ${styles.strong}`} data-testid="exchange-amount-out">
                {assetFigure(quote.amountOut, quote.to, lang)} {quote.to}
              </span>
            </li>
            <li className={styles.row}>
              <span className={styles.rowLabel}>{t('exchange.rate')}</span>
              <span className={styles.rowValue} data-testid="exchange-rate">
                1 {quote.from} = {formatNumber(quote.rate, lang, decimalsOf(quote.rate))} {quote.to}
              </span>
            </li>
            <li className={styles.row}>
              <span className={styles.rowLabel}>
                {t(quote.source === 'market' ? 'exchange.marketRate' : 'exchange.referenceRate')}
              </span>
              <span className={styles.rowValue} data-testid="exchange-market-rate">
                1 {quote.from} = {formatNumber(quote.marketRate, lang, decimalsOf(quote.marketRate))}{' '}
                {quote.to}
              </span>
            </li>
            <li className={styles.row}>
              <span className={styles.rowLabel}>{t('exchange.spread')}</span>
              <span className={styles.rowValue} data-testid="exchange-spread">
                {formatNumber({ minor: BigInt(quote.spreadBp), scale: 2 }, lang, 2)}%
              </span>
            </li>
          </ul>
          <p
            className={`${styles.countdown} ${expired ? styles.expired : ''}`}
            role="status"
            data-testid="exchange-countdown"
          >
            {expired ? t('exchange.expired') : t('exchange.validFor', { 0: String(left) })}
          </p>
          <div className={styles.buttons}>
            <Button
              block
              color="primary"
              size="large"
              disabled={expired}
              loading={busy === 'confirm'}
              onClick={() => void confirm()}
              data-testid="exchange-confirm"
            >
              {t('exchange.confirm')}
            </Button>
          </div>
        </Card>
      )}
      <p className={styles.note}>{t('exchange.note')}</p>
      <Button
        block
        fill="none"
        color="primary"
        onClick={() => navigate('/pages/exchange/exchange')}
        data-testid="exchange-more"
      >
        {t('exchange.more')}
      </Button>
    </>
  );
}
