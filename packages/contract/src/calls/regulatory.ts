import { z } from 'zod';
import { defineCall } from '../define';
import { regulatoryLinkSlots } from './regulatory-shapes';

/*
 * The operator's regulatory identity (issue 15 item 6, page stock/regulatory): legal name, company
 * registration, regulator and authorisation, and up to three links to public registers. Shown only once the
 * operator has configured it; until then the page says so and claims nothing.
 */

const line = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });
const optionalLine = (key: string, max: number) =>
  z.string({ error: key }).trim().max(max, { error: key }).optional().default('');

const regulatoryLink = z.object({ label: z.string(), url: z.string() });
const regulatoryLinkBoth = z.object({ url: z.string(), labelIt: z.string(), labelEn: z.string() });

export const indexRegulatory = defineCall({
  method: 'GET',
  path: '/index/regulatory',
  auth: 'guest',
  tag: 'content',
  summary:
    'The operator’s regulatory information in the caller language; configured false (and nothing else) until the operator sets it.',
  input: {},
  output: z.object({
    configured: z.boolean(),
    legalName: z.string(),
    registrationNumber: z.string(),
    regulator: z.string(),
    authorisationNumber: z.string(),
    links: z.array(regulatoryLink),
    updatedAt: z.number().int().nullable(),
  }),
});

const adminView = z.object({
  configured: z.boolean(),
  legalName: z.string(),
  registrationNumber: z.string(),
  regulatorIt: z.string(),
  regulatorEn: z.string(),
  authorisationNumber: z.string(),
  links: z.array(regulatoryLinkBoth),
  updatedAt: z.number().int().nullable(),
});

export const adminRegulatory = defineCall({
  method: 'GET',
  path: '/admin/regulatory',
  auth: 'operator',
  roles: ['compliance', 'support'],
  tag: 'admin-regulatory',
  summary: 'The regulatory information as configured, both languages (configured false: none yet).',
  input: {},
  output: adminView,
});

const linkFields = Object.fromEntries(
  regulatoryLinkSlots.flatMap((n) => [
    [`link${n}Url`, optionalLine('regulatory.linkUrl', 500)],
    [`link${n}LabelIt`, optionalLine('regulatory.linkLabel', 120)],
    [`link${n}LabelEn`, optionalLine('regulatory.linkLabel', 120)],
  ]),
) as Record<
  `link${(typeof regulatoryLinkSlots)[number]}${'Url' | 'LabelIt' | 'LabelEn'}`,
  ReturnType<typeof optionalLine>
>;

export const adminRegulatorySave = defineCall({
  method: 'POST',
  path: '/admin/regulatory/save',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-regulatory',
  summary:
    'Sets the regulatory information: every identity field is required, the regulator named in both languages; each link an https address with a label in both languages. Audited.',
  input: {
    legalName: line('regulatory.legalName', 200),
    registrationNumber: line('regulatory.registrationNumber', 100),
    regulatorIt: line('regulatory.regulator', 200),
    regulatorEn: line('regulatory.regulator', 200),
    authorisationNumber: line('regulatory.authorisationNumber', 100),
    ...linkFields,
  },
  output: adminView,
});

export const adminRegulatoryClear = defineCall({
  method: 'POST',
  path: '/admin/regulatory/clear',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'admin-regulatory',
  summary: 'Removes the regulatory information: the page says again that none is configured. Audited.',
  input: {},
  output: adminView,
});
