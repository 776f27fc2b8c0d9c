import { useTranslation } from 'react-i18next';
import styles from './news.module.css';

/** `datetime-local` text for an instant, in the browser's zone. */
export function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** The instant a `datetime-local` text names in the browser's zone; '' for an empty or unreadable one. */
export function instantOf(text: string): number | '' {
  const ms = text ? new Date(text).getTime() : Number.NaN;
  return Number.isFinite(ms) ? ms : '';
}

export interface WindowText {
  from: string;
  /** Absent for a form whose window has no end (an article's publish time). */
  until?: string;
}

/**
 * When something shows: from (an article's publish time, a banner's or a poll's start) and, where the form
 * has one, until (empty: no end, when `untilOptional`). Shared by the article, banner and poll forms.
 */
export function PublishWindow({
  value,
  onChange,
  fromLabel,
  untilLabel,
  untilOptional = false,
  testId,
}: {
  value: WindowText;
  onChange(next: WindowText): void;
  fromLabel: string;
  untilLabel?: string;
  untilOptional?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.window}>
      <legend className="muted">{t('newsAdmin.window')}</legend>
      <label>
        <span>{fromLabel}</span>
        <input
          type="datetime-local"
          value={value.from}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
          data-testid={`${testId}-from`}
        />
      </label>
      {value.until !== undefined && untilLabel && (
        <label>
          <span>
            {untilLabel}
            {untilOptional ? ` ${t('newsAdmin.optional')}` : ''}
          </span>
          <input
            type="datetime-local"
            value={value.until}
            onChange={(e) => onChange({ ...value, until: e.target.value })}
            data-testid={`${testId}-until`}
          />
        </label>
      )}
    </fieldset>
  );
}
