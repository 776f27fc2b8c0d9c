import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { showNotice } from './notices';

/**
 * A form card that edits a draft and saves it in one call: the draft and a setter of some of its fields, the
 * save (its pending state and its refusal), and the submit handler. A save is announced by `savedText` and
 * handed to `onSaved`.
 */
export function useDraftForm<D, R>(
  initial: D,
  send: (draft: D) => Promise<R>,
  savedText: (saved: R) => string,
  onSaved: (saved: R) => void,
) {
  const [draft, setDraft] = useState(initial);
  const set = (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useMutation({
    mutationFn: () => send(draft),
    onSuccess: (saved) => {
      showNotice('success', savedText(saved));
      onSaved(saved);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return { draft, set, save, submit };
}
