import type { ReactNode } from 'react';
import styles from './card.module.css';

/** A white rounded block on the grey page background, with an optional heading. */
export function Card({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.card} data-testid={testId}>
      {title && <h2 className={styles.title}>{title}</h2>}
      {children}
    </section>
  );
}
