import { Button, Checkbox, Input, PasscodeInput } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { NumberInput } from '../forms/number-input';
import { Card } from '../ui/card';
import listing from '../ui/listing.module.css';
import styles from './ticket.module.css';

/*
 * The pieces every order ticket shares (shares, coins, both contracts, options): a choice of segments, a
 * decimal field, the transaction-password field, and the confirm step that reviews the figures and sends.
 * Each ticket keeps its own texts and test ids; the confirm step builds its test ids from one prefix
 * (`trade`, `coin`, `contract`, `option`) so the browser journeys find the same elements as before.
 */

/**
 * A row of mutually exclusive buttons (side, order type, leverage…). `tone` picks the pressed look: green
 * (`up`) or red (`down`) for a direction, the accent otherwise.
 */
export function Segments<T extends string | number | boolean>({
  options,
  value,
  onChange,
  label,
  testId,
  tone,
}: {
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  label: (option: T) => string;
  testId: (option: T) => string;
  tone?: (option: T) => 'up' | 'down';
}) {
  const pressed = (option: T) => {
    const look = tone?.(option);
    return look === 'up' ? styles.buyOn : look === 'down' ? styles.sellOn : styles.typeOn;
  };
  return (
    <div className={styles.segments}>
      {options.map((option) => (
        <button
          key={String(option)}
          type="button"
          aria-pressed={value === option}
          className={value === option ? pressed(option) : styles.segment}
          onClick={() => onChange(option)}
          data-testid={testId(option)}
        >
          {label(option)}
        </button>
      ))}
    </div>
  );
}

/**
 * A decimal typed by the investor (a price, a quantity, an amount) under its label, with an optional hint
 * below that turns red when `hint.error` says the value is wrong. The test id is the input's id unless given.
 */
export function DecimalField({
  id,
  label,
  value,
  onChange,
  testId = id,
  placeholder,
  hint,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  testId?: string;
  placeholder?: string;
  hint?: { text: string; error?: boolean; testId?: string };
}) {
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <Input
        className={styles.input}
        id={id}
        inputMode="decimal"
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        data-testid={testId}
      />
      {hint && (
        <span className={hint.error ? styles.error : styles.hint} data-testid={hint.testId}>
          {hint.text}
        </span>
      )}
    </div>
  );
}

/**
 * A price, quantity or amount under its label whose value is the wire decimal ("20.902"): shown and typed as
 * the reader's language writes numbers ("20,902" in Italian) through the one number box (decision 044). A
 * text that cannot be read gives '' and the box says why; `scale` is the most places the field takes.
 */
export function NumberField({
  id,
  label,
  value,
  onChange,
  scale,
  testId = id,
  placeholder,
  hint,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (wire: string) => void;
  scale?: number;
  testId?: string;
  placeholder?: string;
  hint?: { text: string; error?: boolean; testId?: string };
}) {
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <NumberInput
        className={styles.input}
        id={id}
        scale={scale}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        testId={testId}
      />
      {hint && (
        <span className={hint.error ? styles.error : styles.hint} data-testid={hint.testId}>
          {hint.text}
        </span>
      )}
    </div>
  );
}

/** The six-digit transaction password, digits only. */
export function PinField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (pin: string) => void;
  testId: string;
}) {
  return (
    <div className={styles.pin}>
      <p className={styles.fieldLabel}>{label}</p>
      <PasscodeInput
        length={6}
        seperated
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, ''))}
        data-testid={testId}
      />
    </div>
  );
}

/**
 * The password typed for one send and the sending flag. `send` runs one request: while it runs the buttons
 * wait; when it is refused the request wrapper has already shown the refusal, and the password is cleared
 * so a wrong one is typed again; `after` runs either way (refreshing what the order moved).
 */
export function useTicketSend() {
  const [pin, setPin] = useState('');
  const [sending, setSending] = useState(false);
  const send = async (request: () => Promise<void>, after?: () => void) => {
    setSending(true);
    try {
      await request();
    } catch {
      setPin('');
    } finally {
      setSending(false);
      after?.();
    }
  };
  return { pin, setPin, sending, send };
}

/**
 * The confirm step of a ticket: the summary sentence, the figures and notes (`children`), the transaction
 * password when one is set, then back and send.
 */
export function ConfirmStep({
  testPrefix,
  title,
  summary,
  children,
  pinNeeded,
  pin,
  onPin,
  labels,
  sending,
  canSend,
  onBack,
  onSend,
}: {
  testPrefix: string;
  title: string;
  summary: string;
  children: ReactNode;
  pinNeeded: boolean;
  pin: string;
  onPin: (pin: string) => void;
  labels: { pin: string; back: string; send: string };
  sending: boolean;
  /** Whether the market lets the order go now (the password is checked here). */
  canSend: boolean;
  onBack: () => void;
  onSend: () => void;
}) {
  return (
    <Card title={title} testId={`${testPrefix}-confirm`}>
      <p data-testid={`${testPrefix}-summary`}>{summary}</p>
      {children}
      {pinNeeded && <PinField label={labels.pin} value={pin} onChange={onPin} testId={`${testPrefix}-pin`} />}
      <div className={styles.actions}>
        <Button block onClick={onBack} disabled={sending} data-testid={`${testPrefix}-back`}>
          {labels.back}
        </Button>
        <Button
          block
          color="primary"
          loading={sending}
          disabled={!canSend || (pinNeeded && pin.length !== 6)}
          onClick={onSend}
          data-testid={`${testPrefix}-send`}
        >
          {labels.send}
        </Button>
      </div>
    </Card>
  );
}

/**
 * The end of a ticket's first step where the product asks for it (an offering, a locked block): the risk
 * warning, the box the investor ticks to say they read it, and Continue, held until it is ticked and the
 * ticket allows it. Test ids: `{testPrefix}-accept`, `{testPrefix}-next`.
 */
export function AcceptAndContinue({
  testPrefix,
  warning,
  acceptLabel,
  accepted,
  onAccept,
  canContinue,
  continueLabel,
  onContinue,
}: {
  testPrefix: string;
  warning: string;
  acceptLabel: string;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  canContinue: boolean;
  continueLabel: string;
  onContinue: () => void;
}) {
  return (
    <>
      <p className={listing.warning}>{warning}</p>
      <Checkbox checked={accepted} onChange={onAccept} data-testid={`${testPrefix}-accept`}>
        {acceptLabel}
      </Checkbox>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          disabled={!canContinue || !accepted}
          onClick={onContinue}
          data-testid={`${testPrefix}-next`}
        >
          {continueLabel}
        </Button>
      </div>
    </>
  );
}
