import { adminLoanRateDelete, adminLoanRateSave, adminLoanRates } from '@piazza/contract/calls/lending-admin';
import type { Language } from '@piazza/contract/wire';
import { readTypedInteger, readTypedNumber } from '@piazza/core/typed-number';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { percentOf } from './loan-figures';
import styles from './rates.module.css';

type Rates = { list: { days: number; rate: string }[] };
const ratesKey = ['loan-rates'];

/**
 * The loan rate table (decision 035): a loan takes the row with the fewest days at least its own term, and the
 * longest row is the longest term offered. A row is its days: changing a row changes its TAN; other days are
 * a new row. Removing a row asks first; loans already open keep their rate.
 */
export default function LoanRatesScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const rates = useQuery({ queryKey: ratesKey, queryFn: () => request(adminLoanRates, {}) });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const changed = (next: Rates) => queryClient.setQueryData(ratesKey, next);
  const remove = useMutation({
    mutationFn: (days: number) => request(adminLoanRateDelete, { days }),
    onSuccess: (next, days) => {
      changed(next);
      setRemoving(null);
      showNotice('success', t('ratesAdmin.deleted', { days }));
    },
  });
  const editable = can(role, adminLoanRateSave);
  const deletable = can(role, adminLoanRateDelete);
  const list = rates.data?.list ?? [];
  const editingRow = list.find((r) => r.days === editing);

  return (
    <section aria-labelledby="rates-title">
      <p>
        <Link to="/loans">← {t('ratesAdmin.back')}</Link>
      </p>
      <h1 id="rates-title">{t('ratesAdmin.title')}</h1>
      <p className="muted">{t('ratesAdmin.hint')}</p>
      {editable && editing === null && (
        <button type="button" onClick={() => setEditing('new')} data-testid="rate-new">
          {t('ratesAdmin.new')}
        </button>
      )}
      {editing !== null && (
        <RateForm
          key={editing}
          days={editing === 'new' ? undefined : editing}
          previous={editingRow?.rate}
          onSaved={(next) => {
            changed(next);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {rates.isPending && <p className="muted">{t('common.loading')}</p>}
      {rates.data && list.length === 0 && (
        <p className="muted" data-testid="rates-empty">
          {t('ratesAdmin.empty')}
        </p>
      )}
      {list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid="rates-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('ratesAdmin.days')}
                </th>
                <th scope="col" className="num">
                  {t('ratesAdmin.tan')}
                </th>
                {(editable || deletable) && <th scope="col">{t('ratesAdmin.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.days} data-testid={`rate-row-${r.days}`}>
                  <td className="num nowrap">{t('ratesAdmin.upTo', { days: r.days })}</td>
                  <td className="num">{percentOf(r.rate, lang)}</td>
                  {(editable || deletable) && (
                    <td>
                      {removing === r.days ? (
                        <fieldset className={`confirm ${styles.confirm}`} data-testid="rate-delete-box">
                          <legend data-testid="rate-delete-text">
                            {t('ratesAdmin.deleteText', { days: r.days, tan: percentOf(r.rate, lang) })}
                          </legend>
                          <button
                            type="button"
                            className="danger"
                            disabled={remove.isPending}
                            onClick={() => remove.mutate(r.days)}
                            data-testid="rate-delete-confirm"
                          >
                            {t('ratesAdmin.deleteConfirm')}
                          </button>
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => setRemoving(null)}
                            data-testid="rate-delete-cancel"
                          >
                            {t('common.cancel')}
                          </button>
                          <RefusalLine
                            error={remove.error}
                            testId="rate-refusal"
                            alert
                            className={styles.refusal}
                          />
                        </fieldset>
                      ) : (
                        <div className={styles.rowActions}>
                          {editable && (
                            <button
                              type="button"
                              className="secondary"
                              onClick={() => {
                                setRemoving(null);
                                setEditing(r.days);
                              }}
                              data-testid={`rate-edit-${r.days}`}
                            >
                              {t('ratesAdmin.edit')}
                            </button>
                          )}
                          {deletable && (
                            <button
                              type="button"
                              className="danger"
                              onClick={() => {
                                remove.reset();
                                setEditing(null);
                                setRemoving(r.days);
                              }}
                              data-testid={`rate-delete-${r.days}`}
                            >
                              {t('ratesAdmin.delete')}
                            </button>
                          )}
                        </div>
                      )}
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

/**
 * A row of the table: new (days and TAN typed) or changed (its days fixed, the TAN typed), in two steps: the
 * second names the row as it will be saved (and the TAN it replaces) before it is sent. Numbers are read as
 * the operator's language writes them; what cannot be read is sent as typed, so the server's refusal names
 * it. The refusal stays under the form until the next attempt.
 */
function RateForm({
  days,
  previous,
  onSaved,
  onCancel,
}: {
  days?: number;
  /** The row's TAN as the server holds it ("12.00"), when changing a row. */
  previous?: string;
  onSaved(next: Rates): void;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const [typedDays, setTypedDays] = useState(days === undefined ? '' : String(days));
  const [rate, setRate] = useState(previous === undefined ? '' : formatLedgerAmount(previous, lang));
  const [confirming, setConfirming] = useState(false);
  const wireDays = days ?? readTypedInteger(typedDays, lang);
  const wireRate = readTypedNumber(rate, lang);
  const save = useMutation({
    mutationFn: () => request(adminLoanRateSave, { days: wireDays ?? typedDays, rate: wireRate ?? rate }),
    onSuccess: (next) => {
      const row = next.list.find((r) => r.days === wireDays);
      showNotice(
        'success',
        row
          ? t('ratesAdmin.saved', { days: row.days, tan: percentOf(row.rate, lang) })
          : t('ratesAdmin.savedAll'),
      );
      onSaved(next);
    },
    onSettled: () => setConfirming(false),
  });
  const review = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    setConfirming(true);
  };
  const shownDays = wireDays === null ? typedDays : String(wireDays);
  const shownTan = wireRate === null ? rate : percentOf(wireRate, lang);
  return (
    <form className={styles.form} onSubmit={review} data-testid="rate-form">
      <label>
        <span>{t('ratesAdmin.days')}</span>
        <input
          inputMode="numeric"
          value={typedDays}
          readOnly={days !== undefined || confirming}
          onChange={(e) => setTypedDays(e.target.value)}
          data-testid="rate-days"
        />
      </label>
      <label>
        <span>{t('ratesAdmin.tanPercent')}</span>
        <input
          inputMode="decimal"
          value={rate}
          readOnly={confirming}
          onChange={(e) => setRate(e.target.value)}
          aria-describedby="rate-tan-hint"
          data-testid="rate-tan"
        />
        <small className="muted" id="rate-tan-hint">
          {t('ratesAdmin.tanHint')}
        </small>
      </label>
      {confirming ? (
        <fieldset className={`confirm ${styles.confirm}`} data-testid="rate-confirm-box">
          <legend data-testid="rate-confirm-text">
            {previous === undefined
              ? t('ratesAdmin.addText', { days: shownDays, tan: shownTan })
              : t('ratesAdmin.changeText', {
                  days: shownDays,
                  tan: shownTan,
                  was: percentOf(previous, lang),
                })}
          </legend>
          <button
            type="button"
            disabled={save.isPending}
            onClick={() => save.mutate()}
            data-testid="rate-save"
          >
            {t('ratesAdmin.save')}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={save.isPending}
            onClick={() => setConfirming(false)}
            data-testid="rate-back"
          >
            {t('ratesAdmin.backToForm')}
          </button>
        </fieldset>
      ) : (
        <div className={styles.actions}>
          <button type="submit" data-testid="rate-review">
            {t('ratesAdmin.review')}
          </button>
          <button type="button" className="secondary" onClick={onCancel} data-testid="rate-cancel">
            {t('common.cancel')}
          </button>
        </div>
      )}
      <RefusalLine error={save.error} testId="rate-refusal" alert className={styles.refusal} />
    </form>
  );
}
