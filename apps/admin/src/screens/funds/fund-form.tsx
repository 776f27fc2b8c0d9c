import { adminFundManagers, adminFundSave } from '@piazza/contract/calls/fund-admin';
import { type FundView, fundModes } from '@piazza/contract/calls/fund-shapes';
import { strategyIds } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/field';
import { FormActions } from '../../shared/form-actions';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { type FundDraft, fundFields } from './fund-draft';
import styles from './funds.module.css';

/** The managers a new fund can be given: the contract's largest page, newest first. */
const managerChoices = 100;

/**
 * A fund's terms: created (no id) or changed (id). The manager, the mode, the strategy and the basket are fixed
 * once created, so a change shows them and sends them back as they are; only the name, the minimum and the fee
 * can change. The server's refusal stays under the form until the next attempt.
 */
export function FundForm({
  initial,
  id,
  managerName,
  onSaved,
  onCancel,
}: {
  initial: FundDraft;
  /** The fund being changed; none for a new one. */
  id?: number;
  /** The manager of the fund being changed, shown as it is. */
  managerName?: string;
  onSaved: (saved: FundView) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const created = id !== undefined;
  const managers = useQuery({
    queryKey: ['fund-managers', 'choices'],
    queryFn: () => request(adminFundManagers, { page: 1, size: managerChoices }),
    enabled: !created,
  });
  const { draft, set, save, submit } = useDraftForm(
    initial,
    (d) => request(adminFundSave, fundFields(d, lang, id) as never),
    (saved) => t('fundsAdmin.saved', { name: saved.name }),
    onSaved,
  );
  const strategyName = t(`robotsAdmin.strategy.${draft.strategy}`);
  return (
    <form className={styles.form} onSubmit={submit} data-testid="fund-form">
      <p className={`muted ${styles.wide}`} data-testid="fund-measured-hint">
        {t('fundsAdmin.measuredHint')}
      </p>
      {created ? (
        <label>
          <span>{t('fundsAdmin.manager')}</span>
          <input readOnly value={managerName ?? ''} data-testid="fund-manager" />
        </label>
      ) : (
        <label>
          <span>{t('fundsAdmin.manager')}</span>
          <select
            value={draft.managerId}
            onChange={(e) => set({ managerId: e.target.value })}
            aria-describedby="fund-manager-hint"
            data-testid="fund-manager"
          >
            <option value="">{t('fundsAdmin.chooseManager')}</option>
            {managers.data?.list.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name}
              </option>
            ))}
          </select>
          {managers.data?.list.length === 0 && (
            <small className="muted" id="fund-manager-hint">
              {t('fundsAdmin.noManagers')}
            </small>
          )}
        </label>
      )}
      <label>
        <span>{t('fundsAdmin.name')}</span>
        <input
          value={draft.name}
          maxLength={60}
          onChange={(e) => set({ name: e.target.value })}
          data-testid="fund-name"
        />
      </label>
      {created ? (
        <label>
          <span>{t('fundsAdmin.mode')}</span>
          <input
            readOnly
            value={
              draft.mode === 'strategy'
                ? t('fundsAdmin.modeOf.strategy', { strategy: strategyName })
                : t('fundsAdmin.mode.manual')
            }
            data-testid="fund-mode"
          />
        </label>
      ) : (
        <>
          <label>
            <span>{t('fundsAdmin.mode')}</span>
            <select
              value={draft.mode}
              onChange={(e) => set({ mode: e.target.value as FundDraft['mode'] })}
              data-testid="fund-mode"
            >
              {fundModes.map((m) => (
                <option key={m} value={m}>
                  {t(`fundsAdmin.mode.${m}`)}
                </option>
              ))}
            </select>
          </label>
          {draft.mode === 'strategy' && (
            <label>
              <span>{t('fundsAdmin.strategy')}</span>
              <select
                value={draft.strategy}
                onChange={(e) => set({ strategy: e.target.value as FundDraft['strategy'] })}
                data-testid="fund-strategy"
              >
                {strategyIds.map((s) => (
                  <option key={s} value={s}>
                    {t(`robotsAdmin.strategy.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </>
      )}
      <Field
        label={t('fundsAdmin.basket')}
        wide
        hint={t(created ? 'fundsAdmin.fixedHint' : 'fundsAdmin.basketHint')}
        hintId="fund-basket-hint"
      >
        <input
          value={draft.basket}
          readOnly={created}
          onChange={(e) => set({ basket: e.target.value })}
          aria-describedby="fund-basket-hint"
          data-testid="fund-basket"
        />
      </Field>
      <label>
        <span>{t('fundsAdmin.minAmount')}</span>
        <input
          inputMode="decimal"
          value={draft.minAmount}
          onChange={(e) => set({ minAmount: e.target.value })}
          data-testid="fund-minAmount"
        />
      </label>
      <label>
        <span>{t('fundsAdmin.managementFeePercent')}</span>
        <input
          inputMode="decimal"
          value={draft.managementFeePercent}
          onChange={(e) => set({ managementFeePercent: e.target.value })}
          data-testid="fund-managementFeePercent"
        />
      </label>
      <FormActions
        submitLabel={t(created ? 'fundsAdmin.save' : 'fundsAdmin.create')}
        submitTestId="fund-save"
        pending={save.isPending}
        onCancel={onCancel}
      />
      <RefusalLine error={save.error} testId="fund-refusal" />
    </form>
  );
}
