import { adminFundManagers, adminFundSave } from '@piazza/contract/calls/fund-admin';
import { type FundView, fundModes } from '@piazza/contract/calls/fund-shapes';
import type { Language } from '@piazza/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BasketField, NameField, NumberFields, ProductForm, StrategySelect } from '../../shared/product-form';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { type FundDraft, fundFields } from './fund-draft';
import styles from './funds.module.css';

/** The managers a new fund can be given: the contract's largest page, newest first. */
const managerChoices = 100;
const numberFields = [
  ['minAmount', 'decimal'],
  ['managementFeePercent', 'decimal'],
] as const;

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
  const form = useDraftForm(
    initial,
    (d) => request(adminFundSave, fundFields(d, lang, id) as never),
    (saved) => t('fundsAdmin.saved', { name: saved.name }),
    onSaved,
  );
  const { draft, set } = form;
  const strategyName = t(`robotsAdmin.strategy.${draft.strategy}`);
  return (
    <ProductForm kind="fund" className={styles.form} created={created} form={form} onCancel={onCancel}>
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
      <NameField kind="fund" value={draft.name} onChange={(name) => set({ name })} />
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
            <StrategySelect kind="fund" value={draft.strategy} onChange={(strategy) => set({ strategy })} />
          )}
        </>
      )}
      <BasketField
        kind="fund"
        value={draft.basket}
        created={created}
        onChange={(basket) => set({ basket })}
      />
      <NumberFields kind="fund" fields={numberFields} form={form} label={(key) => t(`fundsAdmin.${key}`)} />
    </ProductForm>
  );
}
