/*
 * The dialogs a device has shown, as SPEC §3's persisted `systemNotice` holds them: the ids, newest last, at
 * most `keptMax` of them. Whatever else is stored there (an older app's value) counts as none seen.
 */

export const keptMax = 50;

export function seenIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
}

/** The list with `id` added last (once), trimmed to the newest `keptMax`. */
export function rememberSeen(value: unknown, id: number): number[] {
  return [...seenIds(value).filter((v) => v !== id), id].slice(-keptMax);
}
