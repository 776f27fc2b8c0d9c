import { adminPlanTerms, adminPlanTermsSave } from '@piazza/contract/calls/plans';
import type { Language } from '@piazza/contract/wire';
import { readTypedNumber } from '@piazza/core/typed-number';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './plans.module.css';

type Row = {
  symbol: string;
  name: string;
  kind: string;
  planFee: string;
  fractional: boolean;
  plans: number;
};
const termsKey = ['plan-terms'];

/**
 * Savings plans' terms per instrument (decision 054): the plan fee charged on each execution besides the
 * order's own (zero allowed), and whether plans buy fractions of a unit. A change applies from the next
 * execution; it is audited.
 */
export default function PlanTermsScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const terms = useQuery({ queryKey: termsKey, queryFn: () => request(adminPlanTerms, {}) });
  const [editing, setEditing] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const editable = can(role, adminPlanTermsSave);
  const needle = filter.trim().toLowerCase();
  const list = (terms.data?.list ?? []).filter(
    (r) => needle === '' || r.symbol.toLowerCase().includes(needle) || r.name.toLowerCase().includes(needle),
  );

  return (
    <section aria-labelledby="plans-title">
      <h1 id="plans-title">{t('plansAdmin.title')}</h1>
      <p className="muted">{t('plansAdmin.hint')}</p>
      <label>
        <span>{t('plansAdmin.search')}</span>
        <input value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="plans-search" />
      </label>
      {terms.isPending && <p className="muted">{t('common.loading')}</p>}
      {list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid="plans-table">
            <thead>
              <tr>
                <th scope="col">{t('plansAdmin.instrument')}</th>
                <th scope="col" className="num">
                  {t('plansAdmin.fee')}
                </th>
                <th scope="col">{t('plansAdmin.fractional')}</th>
                <th scope="col" className="num">
                  {t('plansAdmin.active')}
                </th>
                {editable && <th scope="col">{t('plansAdmin.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.symbol} data-testid={`plans-row-${r.symbol}`}>
                  <td>
                    {r.name} <span className="muted">{r.symbol}</span>
                  </td>
                  {editing === r.symbol ? (
                    <td colSpan={editable ? 4 : 3}>
                      <TermsForm row={r} onDone={() => setEditing(null)} />
                    </td>
                  ) : (
                    <>
                      <FeeCell fee={r.planFee} />
                      <td>{r.fractional ? t('plansAdmin.yes') : t('plansAdmin.no')}</td>
                      <td className="num">{r.plans}</td>
                      {editable && (
                        <td>
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => setEditing(r.symbol)}
                            data-testid={`plans-edit-${r.symbol}`}
                          >
                            {t('plansAdmin.edit')}
                          </button>
                        </td>
                      )}
                    </>
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

function FeeCell({ fee }: { fee: string }) {
  const { i18n } = useTranslation();
  return <td className="num">{formatLedgerAmount(fee, i18n.language as Language)} EUR</td>;
}

function TermsForm({ row, onDone }: { row: Row; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const queryClient = useQueryClient();
  const [fee, setFee] = useState(formatLedgerAmount(row.planFee, lang));
  const [fractional, setFractional] = useState(row.fractional);
  const save = useMutation({
    mutationFn: () =>
      request(adminPlanTermsSave, {
        symbol: row.symbol,
        planFee: readTypedNumber(fee, lang) ?? fee,
        fractional: fractional ? 1 : 0,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(termsKey, (old: { list: Row[] } | undefined) =>
        old ? { list: old.list.map((r) => (r.symbol === saved.symbol ? saved : r)) } : old,
      );
      showNotice('success', t('plansAdmin.saved', { symbol: saved.symbol }));
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className={styles.form} onSubmit={submit} data-testid="plans-form">
      <label>
        <span>{t('plansAdmin.feeEur')}</span>
        <input
          className={styles.fee}
          inputMode="decimal"
          value={fee}
          onChange={(e) => setFee(e.target.value)}
          data-testid="plans-fee"
        />
      </label>
      <label>
        <input
          type="checkbox"
          checked={fractional}
          onChange={(e) => setFractional(e.target.checked)}
          data-testid="plans-fractional"
        />
        <span>{t('plansAdmin.fractional')}</span>
      </label>
      <button type="submit" disabled={save.isPending} data-testid="plans-save">
        {t('plansAdmin.save')}
      </button>
      <button type="button" className="secondary" onClick={onDone}>
        {t('common.cancel')}
      </button>
      <RefusalLine error={save.error} testId="plans-refusal" alert className={styles.refusal} />
    </form>
  );
}
