import { type FormEvent, useState } from 'react';
import { Field } from './field';
import inline from './inline-form.module.css';

/**
 * The small form that picks the investor a screen works on: their number typed under `texts.field`, then the
 * button `texts.button`. `onLoad` gets the number, or null when what was typed is not a whole number above
 * zero (the screen then shows nothing). Test ids: `{testId}-user` (the field), `{testId}-load` (the button).
 */
export function UserLookup({
  testId,
  texts,
  onLoad,
}: {
  testId: string;
  texts: { field: string; button: string };
  onLoad(userId: number | null): void;
}) {
  const [typed, setTyped] = useState('');
  const load = (e: FormEvent) => {
    e.preventDefault();
    const id = Number(typed.trim());
    onLoad(Number.isInteger(id) && id > 0 ? id : null);
  };
  return (
    <form className={inline.form} onSubmit={load}>
      <Field label={texts.field}>
        <input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          inputMode="numeric"
          data-testid={`${testId}-user`}
        />
      </Field>
      <button type="submit" data-testid={`${testId}-load`}>
        {texts.button}
      </button>
    </form>
  );
}
