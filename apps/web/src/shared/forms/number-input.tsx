import { formatTypedNumber, parseTypedNumber, type TypedNumberRefusal } from '@piazza/core/typed-number';
import { Input } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersisted } from '../storage/persisted';
import styles from './number-input.module.css';

/*
 * The one box for an amount, a price or a quantity (decision 044). The caller holds the wire decimal
 * ("5000.00", "20.902"); the box shows it as the reader's language writes it ("5.000,00", "20,902") and reads
 * what is typed back with packages/core's parser, so "5.000,00" in Italian is five thousand and "20.902"
 * prefilled in Italian never reads as twenty thousand.
 *
 * While the typed text cannot be read, the caller gets '' (nothing to send) and the box says why below itself.
 * A new value from the caller (a prefill, a "Max" button, a reset) replaces the typed text; the caller's echo
 * of what was just typed does not, so "5," stays on screen while the next digit comes.
 */

export interface NumberInputProps {
  /** The wire decimal, or '' when empty. */
  value?: string;
  /** The wire decimal read from the text, or '' when empty or unreadable. */
  onChange?: (wire: string) => void;
  /** The most decimal places the field takes (0 for whole numbers); more is refused with a reason. */
  scale?: number;
  id?: string;
  placeholder?: string;
  testId?: string;
  className?: string;
  /** Leave the reason to the form around the box (an antd-mobile Form.Item shows its own rule's text). */
  quiet?: boolean;
  disabled?: boolean;
  /** A button to empty the box. */
  clearable?: boolean;
}

export function NumberInput({
  value = '',
  onChange,
  scale,
  id,
  placeholder,
  testId,
  className,
  quiet = false,
  disabled,
  clearable,
}: NumberInputProps) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const shown = (wire: string) => (wire === '' ? '' : formatTypedNumber(wire, lang));
  const [typed, setTyped] = useState(() => shown(value));
  const [reason, setReason] = useState<TypedNumberRefusal | null>(null);
  // What this box last told the caller, and in which language: anything else in `value` came from outside.
  const reported = useRef({ wire: value, lang });
  if (reported.current.wire !== value || reported.current.lang !== lang) {
    const keepTyped = reported.current.wire === value && reason !== null;
    reported.current = { wire: value, lang };
    if (!keepTyped) {
      setTyped(shown(value));
      setReason(null);
    }
  }

  const type = (text: string) => {
    setTyped(text);
    const reading = parseTypedNumber(text, lang, scale === undefined ? {} : { scale });
    const wire = reading.ok ? reading.wire : '';
    setReason(reading.ok || reading.reason === 'empty' ? null : reading.reason);
    reported.current = { wire, lang };
    onChange?.(wire);
  };

  const problemId = id ? `${id}-problem` : undefined;
  return (
    <>
      <Input
        className={className}
        id={id}
        inputMode={scale === 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        placeholder={placeholder}
        value={typed}
        onChange={type}
        disabled={disabled}
        clearable={clearable}
        aria-invalid={reason !== null}
        aria-describedby={reason && !quiet ? problemId : undefined}
        data-testid={testId}
      />
      {reason && !quiet && (
        <span
          id={problemId}
          className={styles.problem}
          role="alert"
          data-testid={testId ? `${testId}-problem` : undefined}
        >
          {reason === 'tooManyDecimals'
            ? scale
              ? t('numberInput.tooManyDecimals', { count: scale, 0: scale })
              : t('numberInput.whole')
            : t(`numberInput.${reason}`)}
        </span>
      )}
    </>
  );
}
