import { z } from 'zod';
import { defineCall } from '../define';
import { decimalField, flagField, intField, pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import { vipNoteKinds, vipNoteView, vipPlanView } from './vip-shapes';

/*
 * VIP in the back office (issue 14 item 4): the plans on sale, the trial's length, and the notes members read.
 * Every change is audited. Whether an investor's strategy service is on is `/admin/user/vipstrategy`.
 */

const desks = ['support'] as const;
const text = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });

export const adminVipPlans = defineCall({
  method: 'GET',
  path: '/admin/vip/plans',
  auth: 'operator',
  roles: [...desks, 'finance'],
  tag: 'admin-vip',
  summary: 'Every plan, withdrawn ones too, and the trial’s length in days (0: no trial).',
  input: {},
  output: z.object({ list: z.array(vipPlanView), trialDays: z.number().int() }),
});

export const adminVipPlanSave = defineCall({
  method: 'POST',
  path: '/admin/vip/plans/save',
  auth: 'operator',
  roles: ['finance'],
  tag: 'admin-vip',
  summary: 'Creates a plan (no id) or changes one: days, price and currency, on sale or not. Audited.',
  input: {
    id: rowIdField.optional(),
    days: intField('vip.planDays').pipe(
      z.number().min(1, { error: 'vip.planDays' }).max(3650, { error: 'vip.planDays' }),
    ),
    price: decimalField(2, 'vip.planPrice'),
    currency: z.enum(['EUR', 'USD'], { error: 'vip.planCurrency' }),
    active: flagField(),
  },
  output: vipPlanView,
});

export const adminVipTrial = defineCall({
  method: 'POST',
  path: '/admin/vip/trial',
  auth: 'operator',
  roles: desks,
  tag: 'admin-vip',
  summary: 'Sets the free trial’s length in days (0 to 90; 0 offers no trial). Audited.',
  input: {
    days: intField('vip.trialDays').pipe(
      z.number().min(0, { error: 'vip.trialDays' }).max(90, { error: 'vip.trialDays' }),
    ),
  },
  output: z.object({ trialDays: z.number().int() }),
});

export const adminVipNotes = defineCall({
  method: 'GET',
  path: '/admin/vip/notes',
  auth: 'operator',
  roles: [...desks, 'compliance'],
  tag: 'admin-vip',
  summary: 'Every VIP note, newest first.',
  input: { ...pageFields },
  output: listOf(vipNoteView),
});

export const adminVipNoteSave = defineCall({
  method: 'POST',
  path: '/admin/vip/notes/save',
  auth: 'operator',
  roles: [...desks, 'compliance'],
  tag: 'admin-vip',
  summary:
    'Writes a note (no id) or changes one: kind, language, title, body and its author (named, as MAR art. 20 requires of a recommendation). Dated when saved. Audited.',
  input: {
    id: rowIdField.optional(),
    kind: z.enum(vipNoteKinds, { error: 'vip.noteKind' }),
    language: z.enum(['it-IT', 'en-US'], { error: 'admin.content.language' }),
    title: text('vip.noteTitle', 120),
    body: text('vip.noteBody', 10_000),
    author: text('vip.noteAuthor', 120),
  },
  output: vipNoteView,
});

export const adminVipNoteDelete = defineCall({
  method: 'POST',
  path: '/admin/vip/notes/delete',
  auth: 'operator',
  roles: [...desks, 'compliance'],
  tag: 'admin-vip',
  summary: 'Removes a note. Audited.',
  input: { id: rowIdField },
  output: z.object({ id: z.number().int() }),
});
