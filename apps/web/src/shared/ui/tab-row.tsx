/**
 * A row of tabs (products, order states, periods…): one button each, the chosen one marked `aria-selected`.
 * The look comes from the caller's classes: `row` for the bar, `tab` and `tabOn` for a button.
 */
export function TabRow<T extends string>({
  options,
  value,
  onChange,
  label,
  testId,
  classes,
}: {
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  label: (option: T) => string;
  testId: (option: T) => string;
  classes: { row: string; tab: string; tabOn: string };
}) {
  return (
    <div className={classes.row} role="tablist">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={value === option}
          className={value === option ? classes.tabOn : classes.tab}
          onClick={() => onChange(option)}
          data-testid={testId(option)}
        >
          {label(option)}
        </button>
      ))}
    </div>
  );
}
