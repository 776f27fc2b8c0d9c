import type { ReactNode } from 'react';
import styles from './terms-list.module.css';

/** One term: its label, its value, and the test id of the value when a test reads it. */
export type Term = readonly [label: string, value: ReactNode, valueTestId?: string];

/**
 * A record's terms as a description list (label over value). `indented` keeps the browser's indent of the
 * value, as the offering's terms have always shown it; `children` adds items of the screen's own shape.
 */
export function TermsList({
  terms,
  testId,
  indented = false,
  children,
}: {
  terms: readonly Term[];
  testId?: string;
  indented?: boolean;
  children?: ReactNode;
}) {
  return (
    <dl className={indented ? styles.terms : `${styles.terms} ${styles.flat}`} data-testid={testId}>
      {terms.map(([label, value, valueTestId]) => (
        <div key={label}>
          <dt className="muted">{label}</dt>
          <dd data-testid={valueTestId}>{value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}
