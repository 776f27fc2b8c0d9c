import { z } from 'zod';

/*
 * Price alerts (issue 20 item 4, decision 055): above or below a price, or a move in a day up or down by a
 * percentage of the previous close, on any instrument. An alert fires once, as a notice and a web push, and
 * is then done; the investor sets a new one to be told again.
 */

export const alertKinds = ['above', 'below', 'moveUp', 'moveDown'] as const;
export type AlertKind = (typeof alertKinds)[number];
export const alertStates = ['armed', 'fired', 'cancelled'] as const;

export const alertView = z.object({
  id: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(alertKinds),
  /** The price that fires an above/below alert, in the instrument's currency; null for a move. */
  price: z.string().nullable(),
  /** The move in a day that fires a moveUp/moveDown alert, in percent ("3.00"); null for a price. */
  percent: z.string().nullable(),
  currency: z.string(),
  state: z.enum(alertStates),
  firedPrice: z.string().nullable(),
  firedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AlertView = z.output<typeof alertView>;
