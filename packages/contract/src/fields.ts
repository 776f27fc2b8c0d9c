import { z } from 'zod';

/*
 * Field builders shared by every call. Form-encoded bodies and query strings carry only strings, JSON bodies
 * may carry numbers and booleans: these accept both and hand the server one type. Each refusal names a
 * message key (see messages/) so the server can answer in the caller's language.
 */

/** An integer sent as a number or a decimal string. */
export const intField = (key = 'field.integer') =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/, { error: key }),
      ],
      { error: key },
    )
    .transform((v) => Number(v))
    .pipe(z.number().int({ error: key }).safe({ error: key }));

/** 0/1 flags as the app sends them ('1', 1, 'true', true). */
export const flagField = (key = 'field.flag') =>
  z.union([z.boolean(), z.number(), z.string()]).transform((v, ctx) => {
    if (v === true || v === 1 || v === '1' || v === 'true') return true;
    if (v === false || v === 0 || v === '0' || v === 'false' || v === '') return false;
    ctx.addIssue({ code: 'custom', message: key });
    return z.NEVER;
  });

/** A decimal amount as a string (never a float on the wire), at most `scale` decimals. */
export const decimalField = (scale: number, key = 'field.decimal') =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d+(\\.\\d{1,${scale}})?$`), { error: key }));

/** The client-generated id of a money-moving request (DESIGN.md §3). */
export const requestIdField = z
  .string({ error: 'field.requestId' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'field.requestId' });

export const pageFields = {
  page: intField()
    .pipe(z.number().min(1, { error: 'field.page' }))
    .optional(),
  size: intField()
    .pipe(z.number().min(1, { error: 'field.size' }).max(100, { error: 'field.size' }))
    .optional(),
};

/** The id of a row the caller names (an order, an offering, a subscription): a whole number from 1. */
export const rowIdField = intField('field.integer').pipe(z.number().min(1, { error: 'field.integer' }));

/** The six-digit transaction password of a money call, when the investor has set one. */
export const tradePasswordField = z
  .string({ error: 'trade.pin.format' })
  .trim()
  .regex(/^\d{6}$/, { error: 'trade.pin.format' })
  .optional();
