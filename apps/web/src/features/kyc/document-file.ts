import type { documentKinds } from '@piazza/contract/kyc-fields';

export type DocumentKind = (typeof documentKinds)[number];

/** The server's limit (DESIGN.md §4); checked here too so a person on a slow line is told before uploading. */
export const documentMaxMb = 10;
export const documentMaxBytes = documentMaxMb * 1024 * 1024;

/**
 * What a file is by its first bytes, as the server decides it: a renamed file is what it contains, not what
 * its name or the browser says. Null for anything else.
 */
export function sniffDocument(head: Uint8Array): DocumentKind | null {
  const starts = (bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

export type DocumentCheck = { ok: true; kind: DocumentKind } | { ok: false; problem: 'type' | 'size' };

/** Whether a file may be uploaded: its content is a JPEG, PNG or PDF and it is at most 10 MB. */
export function checkDocument(head: Uint8Array, size: number): DocumentCheck {
  const kind = sniffDocument(head);
  if (kind === null) return { ok: false, problem: 'type' };
  if (size > documentMaxBytes) return { ok: false, problem: 'size' };
  return { ok: true, kind };
}

/** Reads the first bytes of a chosen file and checks it. */
export async function checkFile(file: Blob): Promise<DocumentCheck> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return checkDocument(head, file.size);
}
