import { z } from 'zod';

/* What the VIP calls answer (calls/vip.ts, calls/vip-admin.ts). */

export const vipPlanView = z.object({
  id: z.number().int(),
  days: z.number().int(),
  price: z.string(),
  currency: z.string(),
  active: z.boolean(),
});

export const vipStatusView = z.object({
  /** none: never a member; active; expired: a membership ended (the app prompts a purchase). */
  state: z.enum(['none', 'active', 'expired']),
  kind: z.enum(['trial', 'paid']).nullable(),
  endsAt: z.number().nullable(),
  trialDays: z.number().int(),
  trialAvailable: z.boolean(),
  /** What the app offers: claim the trial, or buy (after an expiry or when the trial is used). */
  prompt: z.enum(['trial', 'purchase']).nullable(),
  /** The operator enabled the VIP stock strategy service for this investor (the notes need it too). */
  strategyEnabled: z.boolean(),
  plans: z.array(vipPlanView),
});
export type VipStatusView = z.output<typeof vipStatusView>;

export const vipNoteKinds = ['ipo', 'shortTerm', 'block'] as const;

export const vipNoteView = z.object({
  id: z.number().int(),
  kind: z.enum(vipNoteKinds),
  language: z.enum(['it-IT', 'en-US']),
  title: z.string(),
  body: z.string(),
  author: z.string(),
  publishedAt: z.number(),
});
