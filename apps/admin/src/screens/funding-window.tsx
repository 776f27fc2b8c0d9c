import { useTranslation } from 'react-i18next';

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
  const days = [...window.days].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === (days[j] as number) + 1) j++;
    const first = t(`weekday.${days[i] as Weekday}`);
    const last = t(`weekday.${days[j] as Weekday}`);
    runs.push(i === j ? first : `${first}–${last}`);
    i = j + 1;
  }
  return (
    <span className="nowrap">
      {days.length === 7 ? t('window.everyDay') : runs.join(', ')} {window.from}–{window.to}
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
