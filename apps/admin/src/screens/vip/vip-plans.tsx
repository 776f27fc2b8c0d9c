import { adminVipPlanSave, adminVipPlans, adminVipTrial } from '@piazza/contract/calls/vip-admin';
import type { CallOutput } from '@piazza/contract/define';
import type { Language } from '@piazza/contract/wire';
import { readTypedInteger, readTypedNumber } from '@piazza/core/typed-number';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './vip.module.css';

type Plans = CallOutput<typeof adminVipPlans>;
type Plan = Plans['list'][number];
const plansKey = ['vip-plans'];
const currencies = ['EUR', 'USD'] as const;
type Currency = (typeof currencies)[number];

/** The plans on sale (withdrawn ones too) with their days and price; new and changed by finance. */
export function VipPlans() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const plans = useQuery({ queryKey: plansKey, queryFn: () => request(adminVipPlans, {}) });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const editable = can(role, adminVipPlanSave);
  const list = plans.data?.list ?? [];
  const saved = () => {
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: plansKey });
  };

  return (
    <>
      <section aria-labelledby="vip-plans-title">
        <h2 id="vip-plans-title">{t('vipAdmin.plans')}</h2>
        <p className="muted">{t('vipAdmin.plansHint')}</p>
        {editable && editing === null && (
          <button type="button" onClick={() => setEditing('new')} data-testid="plan-new">
            {t('vipAdmin.newPlan')}
          </button>
        )}
        {editing !== null && (
          <PlanForm
            key={editing}
            plan={list.find((p) => p.id === editing)}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        )}
        {plans.isPending && <p className="muted">{t('common.loading')}</p>}
        {plans.data && list.length === 0 && <p className="muted">{t('vipAdmin.noPlans')}</p>}
        {list.length > 0 && (
          <div className={styles.scroll}>
            <table data-testid="plans-table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    {t('vipAdmin.planDays')}
                  </th>
                  <th scope="col" className="num">
                    {t('vipAdmin.planPrice')}
                  </th>
                  <th scope="col">{t('vipAdmin.planOnSale')}</th>
                  {editable && <th scope="col">{t('vipAdmin.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.id} data-testid={`plan-row-${p.id}`}>
                    <td className="num nowrap">{t('vipAdmin.daysOf', { days: p.days })}</td>
                    <td className="num nowrap">
                      {formatLedgerAmount(p.price, lang)} {p.currency}
                    </td>
                    <td>
                      <span className={p.active ? 'badge badge-ok' : 'badge badge-off'}>
                        {t(p.active ? 'vipAdmin.onSale' : 'vipAdmin.withdrawn')}
                      </span>
                    </td>
                    {editable && (
                      <td>
                        <button
                          type="button"
                          className="secondary"
                          disabled={editing !== null}
                          onClick={() => setEditing(p.id)}
                          data-testid={`plan-edit-${p.id}`}
                        >
                          {t('vipAdmin.edit')}
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
      {plans.data && <VipTrial trialDays={plans.data.trialDays} />}
    </>
  );
}

/**
 * A plan's days, price and currency, and whether it is on sale. Nothing else: a plan buys research and the
 * strategy service, never better leverage, fees or volumes.
 */
function PlanForm({ plan, onSaved, onCancel }: { plan?: Plan; onSaved(): void; onCancel(): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const [days, setDays] = useState(plan ? String(plan.days) : '');
  const [price, setPrice] = useState(plan ? formatLedgerAmount(plan.price, lang) : '');
  const [currency, setCurrency] = useState<Currency>(plan?.currency === 'USD' ? 'USD' : 'EUR');
  const [active, setActive] = useState(plan?.active ?? true);
  const save = useMutation({
    mutationFn: () =>
      request(adminVipPlanSave, {
        ...(plan ? { id: plan.id } : {}),
        days: readTypedInteger(days, lang) ?? days,
        price: readTypedNumber(price, lang) ?? price,
        currency,
        active: active ? 1 : 0,
      }),
    onSuccess: (p) => {
      showNotice(
        'success',
        t('vipAdmin.planSaved', {
          days: p.days,
          price: `${formatLedgerAmount(p.price, lang)} ${p.currency}`,
        }),
      );
      onSaved();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className={styles.form} onSubmit={submit} data-testid="plan-form">
      <label>
        <span>{t('vipAdmin.planDays')}</span>
        <input
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          data-testid="plan-days"
        />
      </label>
      <label>
        <span>{t('vipAdmin.planPrice')}</span>
        <input
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          data-testid="plan-price"
        />
      </label>
      <label>
        <span>{t('vipAdmin.planCurrency')}</span>
        <select
          value={currency}
          onChange={(e) => setCurrency(e.target.value as Currency)}
          data-testid="plan-currency"
        >
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
          data-testid="plan-active"
        />
        <span>{t('vipAdmin.planOnSale')}</span>
      </label>
      <div className={styles.actions}>
        <button type="submit" disabled={save.isPending} data-testid="plan-save">
          {t(plan ? 'vipAdmin.savePlan' : 'vipAdmin.createPlan')}
        </button>
        <button type="button" className="secondary" onClick={onCancel} data-testid="plan-cancel">
          {t('common.cancel')}
        </button>
      </div>
      <RefusalLine error={save.error} testId="plan-refusal" alert className={styles.refusal} />
    </form>
  );
}

/** The free trial's length in days (0: no trial), set by support; each investor may claim it once. */
function VipTrial({ trialDays }: { trialDays: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<string | null>(null);
  const days = typed ?? String(trialDays);
  const save = useMutation({
    mutationFn: () => request(adminVipTrial, { days: readTypedInteger(days, lang) ?? days }),
    onSuccess: (next) => {
      queryClient.setQueryData(plansKey, (old: Plans | undefined) =>
        old ? { ...old, trialDays: next.trialDays } : old,
      );
      setTyped(null);
      showNotice(
        'success',
        next.trialDays === 0 ? t('vipAdmin.trialOff') : t('vipAdmin.trialSaved', { days: next.trialDays }),
      );
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <section aria-labelledby="vip-trial-title">
      <h2 id="vip-trial-title">{t('vipAdmin.trial')}</h2>
      <p data-testid="trial-current">
        {trialDays === 0 ? t('vipAdmin.trialNone') : t('vipAdmin.trialCurrent', { days: trialDays })}
      </p>
      {can(role, adminVipTrial) && (
        <form className={styles.form} onSubmit={submit} data-testid="trial-form">
          <label>
            <span>{t('vipAdmin.trialDays')}</span>
            <input
              inputMode="numeric"
              value={days}
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby="trial-hint"
              data-testid="trial-days"
            />
            <small className="muted" id="trial-hint">
              {t('vipAdmin.trialHint')}
            </small>
          </label>
          <div className={styles.actions}>
            <button type="submit" disabled={save.isPending} data-testid="trial-save">
              {t('vipAdmin.saveTrial')}
            </button>
          </div>
          <RefusalLine error={save.error} testId="trial-refusal" alert className={styles.refusal} />
        </form>
      )}
    </section>
  );
}
