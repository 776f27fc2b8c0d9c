import { type StrategyId, strategyIds } from '@piazza/contract/calls/robot-shapes';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';
import { FormActions } from './form-actions';
import formCard from './form-card.module.css';
import { RefusalLine } from './refusal-line';

/**
 * The managed products of the back office: a copy-trading fund and an AI product. Their screens share their
 * shape; each keeps its own texts (`fundsAdmin`, `robotsAdmin`) and test ids (`fund-…`, `robot-…`).
 */
export type ProductKind = 'fund' | 'robot';

/** The catalogue section of a product's texts. */
export const productTexts = (kind: ProductKind) => `${kind}sAdmin` as const;

/** A field of a product's form: the product's kind (its texts and test ids), the value and its change. */
interface FieldProps<V> {
  kind: ProductKind;
  value: V;
  onChange: (value: V) => void;
}

/**
 * A product's terms form: the note that figures are measured and never typed, the fields the screen gives, the
 * buttons (Create or Save, Cancel) and the server's refusal under it until the next attempt. `className` is the
 * screen's form card. Test ids: `{kind}-form`, `{kind}-measured-hint`, `{kind}-save`, `{kind}-refusal`.
 */
export function ProductForm({
  kind,
  className,
  created,
  form,
  onCancel,
  children,
}: {
  kind: ProductKind;
  className: string;
  created: boolean;
  /** The draft form's save (pending while under way, its refusal shown) and submit (see useDraftForm). */
  form: { save: { isPending: boolean; error: unknown }; submit: (e: FormEvent) => void };
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const texts = productTexts(kind);
  const { save, submit } = form;
  return (
    <form className={className} onSubmit={submit} data-testid={`${kind}-form`}>
      <p className={`muted ${formCard.wide}`} data-testid={`${kind}-measured-hint`}>
        {t(`${texts}.measuredHint`)}
      </p>
      {children}
      <FormActions
        submitLabel={t(created ? `${texts}.save` : `${texts}.create`)}
        submitTestId={`${kind}-save`}
        pending={save.isPending}
        onCancel={onCancel}
      />
      <RefusalLine error={save.error} testId={`${kind}-refusal`} />
    </form>
  );
}

/** A product's name, at most 60 characters. Test id `{kind}-name`. */
export function NameField({ kind, value, onChange }: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <Field label={t(`${productTexts(kind)}.name`)}>
      <input
        value={value}
        maxLength={60}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`${kind}-name`}
      />
    </Field>
  );
}

/** The strategy a new product follows, by its name in the operator's language. Test id `{kind}-strategy`. */
export function StrategySelect({ kind, value, onChange }: FieldProps<StrategyId>) {
  const { t } = useTranslation();
  return (
    <Field label={t(`${productTexts(kind)}.strategy`)}>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as StrategyId)}
        data-testid={`${kind}-strategy`}
      >
        {strategyIds.map((s) => (
          <option key={s} value={s}>
            {t(`robotsAdmin.strategy.${s}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The basket the product may hold, typed as symbols with commas; read-only once created, with a hint saying
 * so. Test ids `{kind}-basket` and, for the hint, the id `{kind}-basket-hint`.
 */
export function BasketField({ kind, value, created, onChange }: FieldProps<string> & { created: boolean }) {
  const { t } = useTranslation();
  const texts = productTexts(kind);
  return (
    <Field
      label={t(`${texts}.basket`)}
      wide
      hint={t(created ? `${texts}.fixedHint` : `${texts}.basketHint`)}
      hintId={`${kind}-basket-hint`}
    >
      <input
        value={value}
        readOnly={created}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${kind}-basket-hint`}
        data-testid={`${kind}-basket`}
      />
    </Field>
  );
}

/**
 * Number fields of the draft `form` holds, typed as text (the operator's way), each with its label (the screen's
 * text for its key) and the keyboard its kind of number wants. Test ids `{kind}-{key}`.
 */
export function NumberFields<K extends string>({
  kind,
  fields,
  form,
  label,
}: {
  kind: ProductKind;
  fields: readonly (readonly [key: K, mode: 'numeric' | 'decimal'])[];
  form: { draft: Record<K, string>; set: (patch: Partial<Record<K, string>>) => void };
  label: (key: K) => string;
}) {
  return fields.map(([key, mode]) => (
    <Field key={key} label={label(key)}>
      <input
        inputMode={mode}
        value={form.draft[key]}
        onChange={(e) => form.set({ [key]: e.target.value } as Partial<Record<K, string>>)}
        data-testid={`${kind}-${key}`}
      />
    </Field>
  ));
}
