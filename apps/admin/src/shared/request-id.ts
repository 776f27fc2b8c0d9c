/**
 * A fresh requestId (the contract's 8–64 of [A-Za-z0-9_-]): 128 random bits in hex. getRandomValues rather
 * than randomUUID, which browsers offer only on https and localhost, and back offices often run on plain http
 * inside a private network.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
