import { RightOutline } from 'antd-mobile-icons';
import styles from './funding.module.css';

/** One tappable way to go on (a deposit kind, a channel, a withdrawal method), with a hint below it. */
export function ChoiceButton({
  label,
  hint,
  onClick,
  testId,
}: {
  label: string;
  hint?: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button type="button" className={styles.choice} onClick={onClick} data-testid={testId}>
      <span className={styles.choiceText}>
        <span>{label}</span>
        {hint && <span className={styles.choiceHint}>{hint}</span>}
      </span>
      <RightOutline />
    </button>
  );
}
