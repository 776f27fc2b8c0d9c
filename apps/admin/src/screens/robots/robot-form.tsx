import { adminRobotSave } from '@piazza/contract/calls/robot-admin';
import type { RobotView } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { useTranslation } from 'react-i18next';
import { BasketField, NameField, NumberFields, ProductForm, StrategySelect } from '../../shared/product-form';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { type Draft, robotFields } from './robot-draft';
import styles from './robots.module.css';

const levels = ['1', '2', '3', '4', '5'] as const;
const numberFields = [
  ['periodDays', 'numeric'],
  ['lockDays', 'numeric'],
  ['minAmount', 'decimal'],
  ['maxAmount', 'decimal'],
  ['managementFeePercent', 'decimal'],
] as const;

/**
 * A product's terms: created (no id) or changed (id). The strategy and the basket are fixed once created, so
 * a change shows them and sends them back as they are. The server's refusal stays under the form until the
 * next attempt, beside the fields it names.
 */
export function RobotForm({
  initial,
  id,
  onSaved,
  onCancel,
}: {
  initial: Draft;
  id?: number;
  onSaved: (saved: RobotView) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const created = id !== undefined;
  const form = useDraftForm(
    initial,
    (d) => request(adminRobotSave, robotFields(d, lang, id) as never),
    (saved) => t('robotsAdmin.saved', { name: saved.name }),
    onSaved,
  );
  const { draft, set } = form;
  return (
    <ProductForm kind="robot" className={styles.form} created={created} form={form} onCancel={onCancel}>
      <NameField kind="robot" value={draft.name} onChange={(name) => set({ name })} />
      {created ? (
        <label>
          <span>{t('robotsAdmin.strategy')}</span>
          <input readOnly value={t(`robotsAdmin.strategy.${draft.strategy}`)} data-testid="robot-strategy" />
        </label>
      ) : (
        <StrategySelect kind="robot" value={draft.strategy} onChange={(strategy) => set({ strategy })} />
      )}
      <BasketField
        kind="robot"
        value={draft.basket}
        created={created}
        onChange={(basket) => set({ basket })}
      />
      <label>
        <span>{t('robotsAdmin.level')}</span>
        <select
          value={draft.level}
          onChange={(e) => set({ level: e.target.value })}
          data-testid="robot-level"
        >
          {levels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <NumberFields kind="robot" fields={numberFields} form={form} label={(key) => t(`robotsAdmin.${key}`)} />
      <label className="check">
        <input
          type="checkbox"
          checked={draft.earlyExit}
          onChange={(e) => set({ earlyExit: e.target.checked })}
          data-testid="robot-earlyExit"
        />
        <span>{t('robotsAdmin.earlyExit')}</span>
      </label>
    </ProductForm>
  );
}
