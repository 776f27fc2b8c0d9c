import { useRef } from 'react';

/*
 * The requestId of a money-moving submission (DESIGN.md §3, decision 004). A retry of the same submission
 * (same values, after a network failure or a refusal) reuses its id, so if the first attempt did reach the
 * server nothing moves twice; different values, or a new submission after a success, get a new id, so an
 * answer stored for other values is never returned for these.
 */

/**
 * A fresh id that fits the contract's requestId field (8–64 of [A-Za-z0-9_-]): 128 random bits in hex.
 * getRandomValues rather than randomUUID, which browsers offer only on https and localhost — a self-hosted
 * instance opened at http://192.168.… must still be able to move money.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps the id of the submission in flight or last failed, with the values it was for. */
export class SubmissionIds {
  private pending: { key: string; id: string } | null = null;

  constructor(private readonly generate: () => string = newRequestId) {}

  /** The id for a submission of `values`: the pending one when the values are the same, else a new one. */
  idFor(values: Record<string, unknown>): string {
    const key = JSON.stringify(values, Object.keys(values).sort());
    if (this.pending?.key !== key) this.pending = { key, id: this.generate() };
    return this.pending.id;
  }

  /** The submission succeeded: the next one, even with the same values, is a new request. */
  settle(): void {
    this.pending = null;
  }
}

/** A component's SubmissionIds, kept across renders. */
export function useSubmissionIds(): SubmissionIds {
  const ref = useRef<SubmissionIds | null>(null);
  ref.current ??= new SubmissionIds();
  return ref.current;
}
