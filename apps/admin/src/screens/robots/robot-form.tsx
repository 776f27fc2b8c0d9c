import { adminRobotSave } from '@piazza/contract/calls/robot-admin';
import { type RobotView, strategyIds } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/field';
import { FormActions } from '../../shared/form-actions';
import { RefusalLine } from '../../shared/refusal-line';
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
  const { draft, set, save, submit } = useDraftForm(
    initial,
    (d) => request(adminRobotSave, robotFields(d, lang, id) as never),
    (saved) => t('robotsAdmin.saved', { name: saved.name }),
    onSaved,
  );
  return (
    <form className={styles.form} onSubmit={submit} data-testid="robot-form">
      <p className={`muted ${styles.wide}`} data-testid="robot-measured-hint">
        {t('robotsAdmin.measuredHint')}
      </p>
      <label>
        <span>{t('robotsAdmin.name')}</span>
        <input
          value={draft.name}
          maxLength={60}
          onChange={(e) => set({ name: e.target.value })}
          data-testid="robot-name"
        />
      </label>
      {created ? (
        <label>
          <span>{t('robotsAdmin.strategy')}</span>
          <input readOnly value={t(`robotsAdmin.strategy.${draft.strategy}`)} data-testid="robot-strategy" />
        </label>
      ) : (
        <label>
          <span>{t('robotsAdmin.strategy')}</span>
          <select
            value={draft.strategy}
            onChange={(e) => set({ strategy: e.target.value as Draft['strategy'] })}
            data-testid="robot-strategy"
          >
            {strategyIds.map((s) => (
              <option key={s} value={s}>
                {t(`robotsAdmin.strategy.${s}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <Field
        label={t('robotsAdmin.basket')}
        wide
        hint={t(created ? 'robotsAdmin.fixedHint' : 'robotsAdmin.basketHint')}
        hintId="robot-basket-hint"
      >
        <input
          value={draft.basket}
          readOnly={created}
          onChange={(e) => set({ basket: e.target.value })}
          aria-describedby="robot-basket-hint"
          data-testid="robot-basket"
        />
      </Field>
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
      {numberFields.map(([key, mode]) => (
        <label key={key}>
          <span>{t(`robotsAdmin.${key}`)}</span>
          <input
            inputMode={mode}
            value={draft[key]}
            onChange={(e) => set({ [key]: e.target.value })}
            data-testid={`robot-${key}`}
          />
        </label>
      ))}
      <label className="check">
        <input
          type="checkbox"
          checked={draft.earlyExit}
          onChange={(e) => set({ earlyExit: e.target.checked })}
          data-testid="robot-earlyExit"
        />
        <span>{t('robotsAdmin.earlyExit')}</span>
      </label>
      <FormActions
        submitLabel={t(created ? 'robotsAdmin.save' : 'robotsAdmin.create')}
        submitTestId="robot-save"
        pending={save.isPending}
        onCancel={onCancel}
      />
      <RefusalLine error={save.error} testId="robot-refusal" />
    </form>
  );
}
