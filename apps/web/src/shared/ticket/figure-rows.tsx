import type { ReactNode } from 'react';
import styles from './ticket.module.css';

/** A figure: its label, the text shown, its test id, and optionally a class colouring the value (up, down). */
export type Figure = readonly [label: string, value: string, testId: string, tone?: string];

/** One labelled figure of a ticket, a holding, an order or a statement. */
export function FigureRow({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: string;
}) {
  return (
    <li className={styles.row}>
      <span className={styles.label}>{label}</span>
      <span className={tone ? `${styles.value} ${tone}` : styles.value} data-testid={testId}>
        {value}
      </span>
    </li>
  );
}

/** The figures as one list, one row each; `children` adds rows drawn otherwise. */
export function FigureList({ figures, children }: { figures: readonly Figure[]; children?: ReactNode }) {
  return (
    <ul className={styles.rows}>
      {figures.map(([label, value, testId, tone]) => (
        <FigureRow key={testId} label={label} value={value} testId={testId} tone={tone} />
      ))}
      {children}
    </ul>
  );
}
