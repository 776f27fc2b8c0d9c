/*
 * The checks a persisted value passes before it is read (SPEC §3), written without zod so that reading the
 * language or the token at start does not put zod in the first download (decision 068). Each check answers
 * like zod's `safeParse`, so readers and tests read alike; persisted-keys.test.ts compares the stored user's
 * check with the contract's schema.
 */

export type CheckResult<T> = { success: true; data: T } | { success: false };

export interface Check<T> {
  safeParse(value: unknown): CheckResult<T>;
}

export type Checked<C> = C extends Check<infer T> ? T : never;

export function check<T>(test: (value: unknown) => boolean): Check<T> {
  return { safeParse: (value) => (test(value) ? { success: true, data: value as T } : { success: false }) };
}

export const anyValue = check<unknown>(() => true);
export const anyList = check<unknown[]>(Array.isArray);
export const isString = check<string>((v) => typeof v === 'string');
export const isInteger = check<number>((v) => Number.isInteger(v));
export const isNumber = check<number>((v) => typeof v === 'number' && Number.isFinite(v));

export function startingWith(prefix: string): Check<string> {
  return check((v) => typeof v === 'string' && v.startsWith(prefix));
}

export function listOf<T>(item: Check<T>): Check<T[]> {
  return check((v) => Array.isArray(v) && v.every((x) => item.safeParse(x).success));
}

/** One of a few strings; `options` lists them, as a zod enum's does. */
export function oneOf<const T extends readonly string[]>(options: T): Check<T[number]> & { options: T } {
  return { ...check<T[number]>((v) => options.includes(v as string)), options };
}

export function nullable<T>(inner: Check<T>): Check<T | null> {
  return check((v) => v === null || inner.safeParse(v).success);
}

/** A plain object whose every listed field passes its check (other fields are kept as they are). */
export function objectOf<S extends Record<string, Check<unknown>>>(
  shape: S,
): Check<{ [K in keyof S]: Checked<S[K]> }> {
  return check(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.entries(shape).every(
        ([key, field]) => field.safeParse((v as Record<string, unknown>)[key]).success,
      ),
  );
}
