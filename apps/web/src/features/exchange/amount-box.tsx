import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../shared/forms/number-input';
import styles from './exchange.module.css';

interface AmountBoxProps {
  label: string;
  asset: string;
  /** The wire decimal typed ('' when empty or unreadable). */
  value: string;
  onChange: (wire: string) => void;
  /** The available balance as shown ('1.250,00'); the "all" button fills `maxText`. */
  availableText: string;
  maxText: string;
  error?: string | null;
  testIdPrefix: string;
}

/** An amount to move out of an account: the box, the asset, what is available and a button to use it all. */
export function AmountBox(props: AmountBoxProps) {
  const { t } = useTranslation();
  const { label, asset, value, onChange, availableText, maxText, error, testIdPrefix } = props;
  return (
    <div className={styles.field}>
      {/* The box is named by its visible label: antd's Input puts aria-* on its wrapper, not on the input. */}
      <label className={styles.label} htmlFor={`${testIdPrefix}-amount-input`}>
        {label}
      </label>
      <div className={styles.amountRow}>
        <NumberInput
          quiet
          value={value}
          onChange={onChange}
          placeholder="0"
          id={`${testIdPrefix}-amount-input`}
          testId={`${testIdPrefix}-amount`}
        />
        <span className={styles.asset}>{asset}</span>
      </div>
      <div className={styles.available}>
        <span data-testid={`${testIdPrefix}-available`}>
          {t('exchange.available', { 0: availableText, 1: asset })}
        </span>
        <Button
          size="mini"
          fill="none"
          color="primary"
          onClick={() => onChange(maxText)}
          data-testid={`${testIdPrefix}-all`}
        >
          {t('exchange.all')}
        </Button>
      </div>
      {error && (
        <span className={styles.error} role="alert" data-testid={`${testIdPrefix}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
