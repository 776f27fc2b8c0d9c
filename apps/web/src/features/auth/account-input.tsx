import { Input } from 'antd-mobile';
import styles from './account-input.module.css';
import { AreaCodePicker } from './area-code-picker';

interface AccountInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  areaCode: string;
  onAreaCodeChange: (dial: string) => void;
  /** Show the area-code picker in front of the input (phone accounts). */
  withAreaCode: boolean;
  type: 'email' | 'tel' | 'text';
  placeholder: string;
  testId: string;
}

/** An email or phone account field; phone numbers get the country dialling code in front. */
export function AccountInput(props: AccountInputProps) {
  const { id, value, onChange, areaCode, onAreaCodeChange, withAreaCode, type, placeholder, testId } = props;
  return (
    <div className={styles.row}>
      {withAreaCode && <AreaCodePicker value={areaCode} onChange={onAreaCodeChange} />}
      <Input
        id={id}
        className={styles.input}
        type={type}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete="username"
        clearable
        data-testid={testId}
      />
    </div>
  );
}
