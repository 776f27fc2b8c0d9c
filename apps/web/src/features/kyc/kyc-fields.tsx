import { areaCodes } from '@piazza/core/area-codes';
import { formatDate } from '@piazza/core/format-date';
import { DatePicker, Picker, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import styles from './kyc.module.css';
import { dayEpochMs, fromIsoDate, toIsoDate } from './kyc-draft';

/*
 * Form controls that hold the wire's values (a day as YYYY-MM-DD, an ISO country, one option) so the steps'
 * antd-mobile Form.Items pass them straight through.
 */

interface FieldProps<V> {
  value?: V;
  onChange?: (value: V) => void;
  testId: string;
}

/** One answer among a few, as tappable chips. */
export function ChoiceField<O extends string>({
  options,
  label,
  value,
  onChange,
  testId,
}: FieldProps<O> & { options: readonly O[]; label: (option: O) => string }) {
  return (
    <Selector
      columns={options.length > 3 ? 2 : options.length}
      options={options.map((o) => ({ label: label(o), value: o }))}
      value={value ? [value] : []}
      onChange={(picked) => {
        const v = picked[0];
        if (v !== undefined) onChange?.(v);
      }}
      data-testid={testId}
    />
  );
}

/** A tappable row that opens a picker; shows the choice or "Choose". */
function Trigger({ text, onOpen, testId }: { text: string | null; onOpen: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.trigger} onClick={onOpen} data-testid={testId}>
      {text ?? <span className={styles.placeholder}>{t('kycPage.choose')}</span>}
    </button>
  );
}

/** A calendar day with antd-mobile's wheel picker; `start` is where the wheel opens when empty. */
export function DateField({
  value,
  onChange,
  testId,
  min,
  max,
  start,
  title,
}: FieldProps<string> & { min: Date; max: Date; start: Date; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Trigger
        text={value ? formatDate(dayEpochMs(value)) : null}
        onOpen={() => setOpen(true)}
        testId={testId}
      />
      <DatePicker
        visible={open}
        title={title}
        min={min}
        max={max}
        value={value ? fromIsoDate(value) : start}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange?.(toIsoDate(date))}
      />
    </>
  );
}

/** The nationality, among the countries the platform serves, named in the person's language. */
export function CountryField({ value, onChange, testId, title }: FieldProps<string> & { title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const lang = currentLanguage();
  const name = (iso: string) => areaCodes.find((a) => a.iso === iso)?.name[lang] ?? iso;
  return (
    <>
      <Trigger text={value ? name(value) : null} onOpen={() => setOpen(true)} testId={testId} />
      <Picker
        visible={open}
        title={title}
        columns={[areaCodes.map((a) => ({ label: a.name[lang], value: a.iso }))]}
        value={value ? [value] : []}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          const iso = picked[0];
          if (typeof iso === 'string') onChange?.(iso);
        }}
      />
    </>
  );
}
