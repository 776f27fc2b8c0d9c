import { useTranslation } from 'react-i18next';
import styles from './news.module.css';

export interface BothTexts {
  it: string;
  en: string;
}

/**
 * One text in both languages, side by side (a title, a body, a question, options): every operator-authored
 * text of the news, banner and poll forms is written through this block, so each form asks for both the same
 * way. `lines` makes it a text area of that many rows.
 */
export function BothLanguages({
  legend,
  value,
  onChange,
  maxLength,
  lines,
  hint,
  testId,
}: {
  legend: string;
  value: BothTexts;
  onChange(next: BothTexts): void;
  maxLength: number;
  lines?: number;
  hint?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const field = (lang: keyof BothTexts) => {
    const props = {
      value: value[lang],
      maxLength,
      onChange: (e: { target: { value: string } }) => onChange({ ...value, [lang]: e.target.value }),
      'data-testid': `${testId}-${lang}`,
      'aria-describedby': hint ? `${testId}-hint` : undefined,
    };
    return (
      // biome-ignore lint/a11y/noLabelWithoutControl: the control is inside the label
      <label key={lang}>
        <span>{t(lang === 'it' ? 'lang.it-IT' : 'lang.en-US')}</span>
        {lines ? <textarea rows={lines} {...props} /> : <input {...props} />}
      </label>
    );
  };
  return (
    <fieldset className={styles.pair}>
      <legend>{legend}</legend>
      {field('it')}
      {field('en')}
      {hint && (
        <small className="muted" id={`${testId}-hint`}>
          {hint}
        </small>
      )}
    </fieldset>
  );
}
