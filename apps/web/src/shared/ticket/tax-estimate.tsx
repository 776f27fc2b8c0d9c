import { taxEstimate } from '@piazza/contract/calls/taxes';
import { formatNumber } from '@piazza/core/format-number';
import { gainRules } from '@piazza/core/tax/rates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/api';
import { apiQueryKey } from '../api/use-api-query';
import { usePersisted } from '../storage/persisted';
import { FigureRow } from './figure-rows';
import styles from './ticket.module.css';

/**
 * The tax a ticket's order would bear (issue 19, decisions 048 and 049), as rows of the ticket's figures: for a
 * sale the estimated gain or loss at the last price, the zainetto it would use and the capital gains tax
 * ("Imposta stimata"); for a buy of Italian shares the Tobin tax. Silent when it cannot be estimated (no
 * quantity yet, nothing held, a guest). A gain of a kind taxed in full (an ETF's, reddito di capitale: `gainRules`,
 * decision 065) says so, as the zainetto leaves it untouched. Test ids: `tax-estimate-gain`,
 * `tax-estimate-loss-used`, `tax-estimate-in-full`, `tax-estimate-tax`, `tax-estimate-tobin`.
 */
export function TaxEstimateRows({
  symbol,
  side,
  quantity,
}: {
  symbol: string;
  side: 'buy' | 'sell';
  /** The order's quantity as a wire decimal, or null while the ticket has none. */
  quantity: string | null;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  const params = { symbol, side, quantity: quantity ?? '0' };
  const estimate = useQuery({
    queryKey: apiQueryKey(taxEstimate, params, lang, token),
    queryFn: () => api(taxEstimate, params, { silent: true }),
    enabled: token !== '' && quantity !== null && Number(quantity) > 0,
    staleTime: 15_000,
    retry: false,
  });
  const e = estimate.data;
  if (!e || e.side !== side) return null;
  const money = (amount: string) => `${formatNumber(amount, lang, 2)} ${e.currency}`;
  const percent = (rate: string) =>
    formatNumber(rate, lang, (rate.split('.')[1] ?? '').replace(/0+$/, '').length);

  if (side === 'buy') {
    if (e.transactionTaxRate === '0.00') return null;
    return (
      <FigureRow
        label={t('taxEstimate.tobin', { 0: percent(e.transactionTaxRate) })}
        value={money(e.transactionTax)}
        testId="tax-estimate-tobin"
      />
    );
  }
  const loss = e.gain.startsWith('-');
  return (
    <>
      <FigureRow
        label={t(loss ? 'taxEstimate.loss' : 'taxEstimate.gain')}
        value={money(e.gain)}
        testId="tax-estimate-gain"
        tone={loss ? styles.down : undefined}
      />
      {e.lossUsed !== '0.00' && Number(e.lossUsed) > 0 && (
        <FigureRow
          label={t('taxEstimate.lossUsed')}
          value={money(e.lossUsed)}
          testId="tax-estimate-loss-used"
        />
      )}
      {!loss && Number(e.gain) > 0 && !gainRules[e.kind].gainsUseZainetto && (
        <li className={styles.note} data-testid="tax-estimate-in-full">
          {t('taxEstimate.inFull')}
        </li>
      )}
      {e.regime === 'dichiarativo' ? (
        <li className={styles.note} data-testid="tax-estimate-tax">
          {t('taxEstimate.dichiarativo')}
        </li>
      ) : (
        <FigureRow
          label={t('taxEstimate.tax', { 0: percent(e.rate) })}
          value={money(e.tax)}
          testId="tax-estimate-tax"
        />
      )}
    </>
  );
}
