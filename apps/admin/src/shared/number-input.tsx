import { formatTypedNumber, parseTypedNumber, type TypedNumberRefusal } from '@piazza/core/typed-number';
import { type InputHTMLAttributes, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';
import styles from './number-input.module.css';

/*
 * The back office's one box for an amount, a price, a rate or a quantity (decision 044), the twin of the
 * investor app's: the screen holds the wire decimal ("5000.00"), the operator sees and types it as their
 * language writes numbers ("5.000,00" in Italian), read back by packages/core's parser. An unreadable text
 * gives '' and the box says why under itself; a new value from the screen (a reset, a loaded record) replaces
 * the text, the screen's echo of what was just typed does not.
 */

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'>;

export interface NumberInputProps extends Passed {
  /** The wire decimal, or '' when empty. */
  value: string;
  /** The wire decimal read from the text, or '' when empty or unreadable. */
  onChange: (wire: string) => void;
  /** The most decimal places the field takes (0 for whole numbers). */
  scale?: number;
  testId?: string;
}

export function NumberInput({ value, onChange, scale, testId, id, ...rest }: NumberInputProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const shown = (wire: string) => (wire === '' ? '' : formatTypedNumber(wire, lang));
  const [typed, setTyped] = useState(() => shown(value));
  const [reason, setReason] = useState<TypedNumberRefusal | null>(null);
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
    onChange(wire);
  };

  const problemId = `${id ?? testId ?? 'number'}-problem`;
  return (
    <>
      <input
        {...rest}
        id={id}
        inputMode={scale === 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={typed}
        onChange={(e) => type(e.target.value)}
        aria-invalid={reason !== null}
        aria-describedby={reason ? problemId : rest['aria-describedby']}
        data-testid={testId}
      />
      {reason && (
        <small
          className={styles.problem}
          id={problemId}
          role="alert"
          data-testid={testId ? `${testId}-problem` : undefined}
        >
          {reason === 'tooManyDecimals'
            ? scale
              ? t('numberInput.tooManyDecimals', { count: scale })
              : t('numberInput.whole')
            : t(`numberInput.${reason}`)}
        </small>
      )}
    </>
  );
}
