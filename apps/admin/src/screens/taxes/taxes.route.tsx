import {
  adminTaxExempt,
  adminTaxExemptAdd,
  adminTaxExemptRemove,
  adminTaxRegime,
  adminTaxRegimeSet,
  adminTaxTotals,
} from '@piazza/contract/calls/taxes';
import type { TaxRegime } from '@piazza/contract/calls/taxes-shapes';
import type { Language } from '@piazza/contract/wire';
import { readTypedInteger } from '@piazza/core/typed-number';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { Field } from '../../shared/field';
import { formatLedgerAmount, formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { UserLookup } from '../../shared/user-lookup';
import styles from './taxes.module.css';

const thisYear = () => new Date().getFullYear();

/**
 * Taxes (issue 19, decisions 048 and 049): an investor's regime (compliance switches amministrato ↔
 * dichiarativo with a reason, audited), the Tobin-tax exempt list of a year, and the taxes booked by month.
 */
export default function TaxesScreen() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="taxes-title">
      <h1 id="taxes-title">{t('taxesAdmin.title')}</h1>
      <p className="muted">{t('taxesAdmin.hint')}</p>
      <RegimeSection />
      <ExemptSection />
      <TotalsSection />
    </section>
  );
}

function RegimeSection() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const [userId, setUserId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const regime = useQuery({
    queryKey: ['tax-regime', userId],
    queryFn: () => request(adminTaxRegime, { userId: userId ?? 0 }),
    enabled: userId !== null,
    retry: false,
  });
  const other: TaxRegime = regime.data?.regime === 'dichiarativo' ? 'amministrato' : 'dichiarativo';
  const label = (r: TaxRegime) => t(`taxesAdmin.regime.${r}`);
  const save = useMutation({
    mutationFn: () => request(adminTaxRegimeSet, { userId: userId ?? 0, regime: other, reason }),
    onSuccess: (next) => {
      queryClient.setQueryData(['tax-regime', userId], next);
      showNotice('success', t('taxesAdmin.regime.done', { userId: next.userId, regime: label(next.regime) }));
      setReason('');
    },
    onSettled: () => setConfirming(false),
  });
  const load = (id: number | null) => {
    save.reset();
    setConfirming(false);
    setUserId(id);
  };
  return (
    <section className={styles.section} aria-labelledby="tax-regime-title">
      <h2 id="tax-regime-title">{t('taxesAdmin.regime.title')}</h2>
      <UserLookup
        testId="tax-regime"
        texts={{ field: t('taxesAdmin.regime.userId'), button: t('taxesAdmin.regime.load') }}
        onLoad={load}
      />
      <RefusalLine error={regime.error} testId="tax-regime-refusal" />
      {regime.data && (
        <>
          <p data-testid="tax-regime-now">
            {t('taxesAdmin.regime.now', { regime: label(regime.data.regime) })}{' '}
            <span className="muted">
              {regime.data.setAt === null
                ? `(${t('taxesAdmin.regime.default')})`
                : `(${t('taxesAdmin.regime.setAt', {
                    at: formatTime(regime.data.setAt, '--'),
                    reason: regime.data.reason ?? '',
                  })})`}
            </span>
          </p>
          {can(role, adminTaxRegimeSet) && (
            <form
              className={styles.form}
              onSubmit={(e) => {
                e.preventDefault();
                save.reset();
                setConfirming(true);
              }}
            >
              <Field label={t('taxesAdmin.regime.reason')}>
                <input
                  className={styles.reason}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  data-testid="tax-regime-reason"
                />
              </Field>
              {confirming ? (
                <fieldset className="confirm" data-testid="tax-regime-confirm-box">
                  <legend>
                    {t('taxesAdmin.regime.confirm', { userId: regime.data.userId, regime: label(other) })}
                  </legend>
                  <button
                    type="button"
                    disabled={save.isPending}
                    onClick={() => save.mutate()}
                    data-testid="tax-regime-confirm"
                  >
                    {t('taxesAdmin.regime.switch', { regime: label(other) })}
                  </button>
                  <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                    {t('common.cancel')}
                  </button>
                </fieldset>
              ) : (
                <button type="submit" data-testid="tax-regime-switch">
                  {t('taxesAdmin.regime.switch', { regime: label(other) })}
                </button>
              )}
            </form>
          )}
          <RefusalLine error={save.error} testId="tax-regime-save-refusal" alert />
        </>
      )}
    </section>
  );
}

function YearField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange(v: string): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('taxesAdmin.year')}>
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="numeric"
        data-testid={testId}
      />
    </Field>
  );
}

function ExemptSection() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const [yearText, setYearText] = useState(String(thisYear()));
  const year = readTypedInteger(yearText, lang);
  const [symbol, setSymbol] = useState('');
  const key = ['tax-exempt', year];
  const list = useQuery({
    queryKey: key,
    queryFn: () => request(adminTaxExempt, { year: year ?? yearText }),
    enabled: year !== null,
    retry: false,
  });
  const add = useMutation({
    mutationFn: () => request(adminTaxExemptAdd, { symbol, year: year ?? yearText }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      showNotice('success', t('taxesAdmin.exempt.added', { symbol: symbol.toUpperCase(), year }));
      setSymbol('');
    },
  });
  const remove = useMutation({
    mutationFn: (s: string) => request(adminTaxExemptRemove, { symbol: s, year: year ?? yearText }),
    onSuccess: (next, s) => {
      queryClient.setQueryData(key, next);
      showNotice('success', t('taxesAdmin.exempt.removed', { symbol: s, year }));
    },
  });
  const editable = can(role, adminTaxExemptAdd);
  return (
    <section className={styles.section} aria-labelledby="tax-exempt-title">
      <h2 id="tax-exempt-title">{t('taxesAdmin.exempt.title')}</h2>
      <p className="muted">{t('taxesAdmin.exempt.hint')}</p>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          add.reset();
          add.mutate();
        }}
      >
        <YearField value={yearText} onChange={setYearText} testId="tax-exempt-year" />
        {editable && (
          <>
            <Field label={t('taxesAdmin.exempt.symbol')}>
              <input
                value={symbol}
                onChange={(e) => setSymbol(e.target.value)}
                data-testid="tax-exempt-symbol"
              />
            </Field>
            <button type="submit" disabled={add.isPending} data-testid="tax-exempt-add">
              {t('taxesAdmin.exempt.add')}
            </button>
          </>
        )}
      </form>
      <RefusalLine error={add.error ?? remove.error ?? list.error} testId="tax-exempt-refusal" alert />
      {list.data && list.data.list.length === 0 && <p className="muted">{t('taxesAdmin.exempt.empty')}</p>}
      {list.data && list.data.list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid="tax-exempt-table">
            <thead>
              <tr>
                <th scope="col">{t('taxesAdmin.exempt.symbol')}</th>
                <th scope="col">{t('taxesAdmin.exempt.name')}</th>
                {editable && <th scope="col" />}
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((r) => (
                <tr key={r.symbol} data-testid={`tax-exempt-${r.symbol}`}>
                  <td>{r.symbol}</td>
                  <td>{r.name}</td>
                  {editable && (
                    <td>
                      <button
                        type="button"
                        className="danger"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(r.symbol)}
                      >
                        {t('taxesAdmin.exempt.remove')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TotalsSection() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const [yearText, setYearText] = useState(String(thisYear()));
  const year = readTypedInteger(yearText, lang);
  const totals = useQuery({
    queryKey: ['tax-totals', year],
    queryFn: () => request(adminTaxTotals, { year: year ?? yearText }),
    enabled: year !== null,
    retry: false,
  });
  return (
    <section className={styles.section} aria-labelledby="tax-totals-title">
      <h2 id="tax-totals-title">{t('taxesAdmin.totals.title')}</h2>
      <form className={styles.form} onSubmit={(e) => e.preventDefault()}>
        <YearField value={yearText} onChange={setYearText} testId="tax-totals-year" />
      </form>
      <RefusalLine error={totals.error} testId="tax-totals-refusal" />
      {totals.data && totals.data.list.length === 0 && (
        <p className="muted">{t('taxesAdmin.totals.empty')}</p>
      )}
      {totals.data && totals.data.list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid="tax-totals-table">
            <thead>
              <tr>
                <th scope="col">{t('taxesAdmin.totals.month')}</th>
                <th scope="col">{t('taxesAdmin.totals.currency')}</th>
                <th scope="col" className="num">
                  {t('taxesAdmin.totals.withheld')}
                </th>
                <th scope="col" className="num">
                  {t('taxesAdmin.totals.ftt')}
                </th>
                <th scope="col" className="num">
                  {t('taxesAdmin.totals.stamp')}
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.data.list.map((r) => (
                <tr key={`${r.month}-${r.currency}`}>
                  <td>{r.month}</td>
                  <td>{r.currency}</td>
                  <td className="num">{formatLedgerAmount(r.withheld, lang)}</td>
                  <td className="num">{formatLedgerAmount(r.transactionTax, lang)}</td>
                  <td className="num">{formatLedgerAmount(r.stampDuty, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
