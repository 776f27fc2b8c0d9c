import {
  adminFundingWithdrawRuleSave,
  adminFundingWithdrawRules,
} from '@piazza/contract/calls/funding-admin';
import type { CallOutput } from '@piazza/contract/define';
import {
  type CryptoNetwork,
  cryptoNetworks,
  type WithdrawMethod,
  withdrawMethods,
} from '@piazza/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { NumberInput } from '../../shared/number-input';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './channels-withdraw-rules.module.css';
import { percentOfBp } from './funding-figures';
import { DaysPicker, WindowText } from './funding-window';

type RuleLine = CallOutput<typeof adminFundingWithdrawRules>['list'][number];

const blank = {
  method: 'bank' as WithdrawMethod,
  asset: 'EUR',
  network: 'TRC20' as CryptoNetwork,
  minAmount: '',
  feeFixed: '0',
  feeRateBp: '0',
  days: [1, 2, 3, 4, 5],
  from: '09:00',
  to: '18:00',
  active: true,
};
type Draft = typeof blank;

const draftOf = (r: RuleLine): Draft => ({
  method: r.method,
  asset: r.asset,
  network: r.network ?? 'TRC20',
  minAmount: r.minAmount,
  feeFixed: r.feeFixed,
  feeRateBp: String(r.feeRateBp),
  days: r.window.days,
  from: r.window.from,
  to: r.window.to,
  active: r.active,
});

/** A rule is one method, asset and network: saving the same three again changes that rule. */
function RuleForm({ rule, onDone }: { rule: RuleLine | null; onDone(): void }) {
  const { t } = useTranslation();
  const [d, setDraft] = useState<Draft>(rule ? draftOf(rule) : blank);
  const text = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((prev) => ({ ...prev, [key]: e.target.value }));
  const save = useMutation({
    mutationFn: () =>
      request(adminFundingWithdrawRuleSave, {
        method: d.method,
        asset: d.asset.trim().toUpperCase(),
        network: d.method === 'crypto' ? d.network : undefined,
        minAmount: d.minAmount,
        feeFixed: d.feeFixed,
        feeRateBp: d.feeRateBp,
        days: d.days.join(','),
        from: d.from,
        to: d.to,
        active: d.active ? 1 : 0,
      }),
    onSuccess: (saved) => {
      showNotice(
        'success',
        t('rules.saved', { method: t(`withdrawMethod.${saved.method}`), asset: saved.asset }),
      );
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  // Method, asset and network name the rule: an edit keeps them, or it would be another rule.
  const fixed = rule !== null;

  return (
    <form className={`${styles.subform} funding-form`} onSubmit={submit} data-testid="rule-form">
      <h3>{rule ? t('rules.editTitle') : t('rules.addTitle')}</h3>
      <div className="row">
        <label>
          <span>{t('withdrawals.method')}</span>
          <select
            value={d.method}
            disabled={fixed}
            onChange={(e) => setDraft((p) => ({ ...p, method: e.target.value as WithdrawMethod }))}
            data-testid="rule-method"
          >
            {withdrawMethods.map((m) => (
              <option key={m} value={m}>
                {t(`withdrawMethod.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('channels.asset')}</span>
          <input
            value={d.asset}
            disabled={fixed}
            onChange={text('asset')}
            list="funding-assets"
            data-testid="rule-asset"
          />
        </label>
        {d.method === 'crypto' && (
          <label>
            <span>{t('funding.network')}</span>
            <select
              value={d.network}
              disabled={fixed}
              onChange={(e) => setDraft((p) => ({ ...p, network: e.target.value as CryptoNetwork }))}
              data-testid="rule-network"
            >
              {cryptoNetworks.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="row">
        <label>
          <span>{t('rules.min')}</span>
          <NumberInput
            value={d.minAmount}
            onChange={(value) => text('minAmount')({ target: { value } })}
            testId="rule-min"
          />
        </label>
        <label>
          <span>{t('rules.feeFixed')}</span>
          <NumberInput
            value={d.feeFixed}
            onChange={(value) => text('feeFixed')({ target: { value } })}
            testId="rule-fee-fixed"
          />
        </label>
        <label>
          <span>{t('rules.feeRate')}</span>
          <NumberInput
            scale={0}
            value={d.feeRateBp}
            onChange={(value) => text('feeRateBp')({ target: { value } })}
            testId="rule-fee-rate"
          />
          <small className="muted">{t('rules.feeRateHint')}</small>
        </label>
        <label>
          <span>{t('window.from')}</span>
          <input value={d.from} onChange={text('from')} placeholder="09:00" data-testid="rule-from" />
        </label>
        <label>
          <span>{t('window.to')}</span>
          <input value={d.to} onChange={text('to')} placeholder="18:00" data-testid="rule-to" />
        </label>
      </div>
      <DaysPicker value={d.days} onChange={(days) => setDraft((p) => ({ ...p, days }))} testId="rule-day" />
      <label className="check">
        <input
          type="checkbox"
          checked={d.active}
          onChange={(e) => setDraft((p) => ({ ...p, active: e.target.checked }))}
          data-testid="rule-active"
        />
        <span>{t('rules.activeLabel')}</span>
      </label>
      <button type="submit" disabled={save.isPending} data-testid="rule-save">
        {t('common.save')}
      </button>
    </form>
  );
}

/** Withdrawal settings per method: minimum, fee (fixed plus a rate), window, on or off. */
export function WithdrawRules() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const rules = useQuery({
    queryKey: ['withdraw-rules'],
    queryFn: () => request(adminFundingWithdrawRules, {}),
  });
  // null: nothing open; 'new': the add form; a number: that rule's edit form.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const mayEdit = can(role, adminFundingWithdrawRuleSave);
  const done = () => {
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: ['withdraw-rules'] });
  };
  const editingRule = rules.data?.list.find((r) => r.id === editing) ?? null;

  return (
    <article className="card" aria-labelledby="rules-title">
      <h2 id="rules-title">{t('rules.title')}</h2>
      <p className="muted">{t('rules.hint')}</p>
      {rules.isPending && <p className="muted">{t('common.loading')}</p>}
      {rules.data && rules.data.list.length === 0 && <p className="muted">{t('rules.none')}</p>}
      {rules.data && rules.data.list.length > 0 && (
        <table data-testid="rules-table">
          <thead>
            <tr>
              <th scope="col">{t('withdrawals.method')}</th>
              <th scope="col">{t('channels.asset')}</th>
              <th scope="col" className="num">
                {t('rules.min')}
              </th>
              <th scope="col" className="num">
                {t('withdrawals.fee')}
              </th>
              <th scope="col">{t('window.title')}</th>
              <th scope="col">{t('channels.state')}</th>
              {mayEdit && (
                <th scope="col">
                  <span className="visually-hidden">{t('channels.edit')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rules.data.list.map((r) => (
              <tr key={r.id} data-testid={`rule-row-${r.id}`}>
                <td>{t(`withdrawMethod.${r.method}`)}</td>
                <td>
                  {r.asset}
                  {r.network ? ` · ${r.network}` : ''}
                </td>
                <td className="num">{formatLedgerAmount(r.minAmount, lang)}</td>
                <td className="num nowrap">
                  {t('rules.feeText', {
                    fixed: formatLedgerAmount(r.feeFixed, lang),
                    rate: formatLedgerAmount(percentOfBp(r.feeRateBp), lang),
                  })}
                </td>
                <td>
                  <WindowText window={r.window} />
                </td>
                <td>
                  <span className={`badge ${r.active ? 'badge-ok' : 'badge-off'}`}>
                    {t(r.active ? 'channels.on' : 'channels.off')}
                  </span>
                </td>
                {mayEdit && (
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setEditing(r.id)}
                      data-testid={`rule-edit-${r.id}`}
                    >
                      {t('channels.edit')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {mayEdit && editing === null && (
        <button type="button" onClick={() => setEditing('new')} data-testid="rule-add">
          {t('rules.add')}
        </button>
      )}
      {mayEdit && editing !== null && (
        <>
          <RuleForm key={String(editing)} rule={editingRule} onDone={done} />
          <button
            type="button"
            className="secondary"
            onClick={() => setEditing(null)}
            data-testid="rule-cancel"
          >
            {t('common.cancel')}
          </button>
        </>
      )}
    </article>
  );
}
