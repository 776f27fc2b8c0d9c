import { NumberKeyboard, PasscodeInput } from 'antd-mobile';
import styles from './security.module.css';

interface PinInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  error?: boolean;
}

/** Six digit boxes with the numeric keyboard (antd-mobile's PasscodeInput): the digits are never shown. */
export function PinInput({ label, value, onChange, testId, error = false }: PinInputProps) {
  return (
    <div className={styles.pinField} data-testid={testId}>
      <div className={styles.pinLabel}>{label}</div>
      <PasscodeInput
        length={6}
        value={value}
        onChange={onChange}
        error={error}
        seperated
        keyboard={<NumberKeyboard />}
        aria-label={label}
      />
    </div>
  );
}
