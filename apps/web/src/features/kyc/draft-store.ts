import type { KycDraft } from './kyc-draft';

/*
 * The draft survives a reload or a look at the privacy policy for the rest of the browser session, never
 * longer: it holds personal data. Previews are object URLs of this page only, so they are not kept; the
 * documents are read back from the server by id.
 */
const key = 'piazza.kycDraft';

export function loadDraft(userId: number): KycDraft | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { userId: number; draft: KycDraft };
    return saved.userId === userId ? saved.draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(userId: number, draft: KycDraft): void {
  const strip = (doc: KycDraft['front']) => (doc ? { ...doc, preview: null } : null);
  try {
    sessionStorage.setItem(
      key,
      JSON.stringify({ userId, draft: { ...draft, front: strip(draft.front), back: strip(draft.back) } }),
    );
  } catch {
    // A full or refused storage only costs the draft on reload.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
