import type { ReactNode } from 'react';
import styles from './page.module.css';

interface NavButtonProps {
  /** The accessible name: the button shows only an icon. */
  label: string;
  onClick: () => void;
  testId?: string;
  children: ReactNode;
}

/** An icon button in a page's navigation bar (back, menu). */
export function NavButton({ label, onClick, testId, children }: NavButtonProps) {
  return (
    <button
      type="button"
      className={styles.iconButton}
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
