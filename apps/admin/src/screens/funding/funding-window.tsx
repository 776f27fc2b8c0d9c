import { useTranslation } from 'react-i18next';
import { dayRuns } from './funding-figures';

interface TimeWindow {
  days: number[];
  from: string;
  to: string;
}

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
type Weekday = (typeof weekdays)[number];

/** 'Mon–Fri 09:00–18:00' style: consecutive days joined, hours in Rome as the server keeps them. */
export function WindowText({ window }: { window: TimeWindow }) {
  const { t } = useTranslation();
  const runs = dayRuns(window.days);
  const everyDay = runs.length === 1 && runs[0]?.[0] === 1 && runs[0]?.[1] === 7;
  const names = runs.map(([first, last]) =>
    first === last
      ? t(`weekday.${first as Weekday}`)
      : `${t(`weekday.${first as Weekday}`)}–${t(`weekday.${last as Weekday}`)}`,
  );
  return (
    <span className="nowrap">
      {everyDay ? t('window.everyDay') : names.join(', ')} {window.from}–{window.to}
    </span>
  );
}

/** Seven checkboxes for the days a channel or a withdrawal method is open; sends '1,2,3,4,5'. */
export function DaysPicker({
  value,
  onChange,
  testId,
}: {
  value: number[];
  onChange(days: number[]): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const toggle = (d: number) =>
    onChange(value.includes(d) ? value.filter((v) => v !== d) : [...value, d].sort((a, b) => a - b));
  return (
    <fieldset className="days">
      <legend>{t('window.days')}</legend>
      {weekdays.map((d) => (
        <label key={d} className="check">
          <input
            type="checkbox"
            checked={value.includes(d)}
            onChange={() => toggle(d)}
            data-testid={`${testId}-${d}`}
          />
          <span>{t(`weekday.${d}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
