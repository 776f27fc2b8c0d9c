import { z } from 'zod';

/** Result codes of the envelope (DESIGN.md §3). HTTP status stays 200 for all three. */
export const ResultCode = {
  ok: 0,
  /** No valid session: the app clears the user and goes to login. */
  session: -1000,
  /** A business refusal: the app toasts `msg` for one second. */
  refusal: -1001,
} as const;

/** Codes sent with a non-200 HTTP status, never acted upon by the app beyond failing the request. */
export const FailureCode = { notFound: 404, internal: 500, unavailable: 503 } as const;

export const languages = ['it-IT', 'en-US'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'it-IT';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });

export type ListOf<T> = { list: T[]; total: number; page: number; size: number };

export const pageSizeMax = 100;
