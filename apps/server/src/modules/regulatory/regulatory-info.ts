import { regulatoryLinkSlots } from '@piazza/contract/calls/regulatory-shapes';
import type { Language } from '@piazza/contract/wire';
import { one, type Queryable } from '../../db/db';
import { Refusal } from '../../platform/refusal';

/** What the operator configured, both languages; undefined until configured. */
export interface RegulatoryRow {
  legalName: string;
  registrationNumber: string;
  regulatorIt: string;
  regulatorEn: string;
  authorisationNumber: string;
  links: RegulatoryLink[];
  updatedAt: Date;
}

export interface RegulatoryLink {
  url: string;
  labelIt: string;
  labelEn: string;
}

const columns = `legal_name as "legalName", registration_number as "registrationNumber",
  regulator_it as "regulatorIt", regulator_en as "regulatorEn", authorisation_number as "authorisationNumber",
  links, updated_at as "updatedAt"`;

export async function readRegulatory(q: Queryable): Promise<RegulatoryRow | undefined> {
  return one<RegulatoryRow>(q, `select ${columns} from regulatory_info where id = 1`);
}

/** The page's view in one language: an unconfigured install answers `configured: false` and empty fields. */
export function publicView(row: RegulatoryRow | undefined, lang: Language) {
  if (!row) {
    return {
      configured: false,
      legalName: '',
      registrationNumber: '',
      regulator: '',
      authorisationNumber: '',
      links: [],
      updatedAt: null,
    };
  }
  const it = lang === 'it-IT';
  return {
    configured: true,
    legalName: row.legalName,
    registrationNumber: row.registrationNumber,
    regulator: it ? row.regulatorIt : row.regulatorEn,
    authorisationNumber: row.authorisationNumber,
    links: row.links.map((l) => ({ label: it ? l.labelIt : l.labelEn, url: l.url })),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function adminView(row: RegulatoryRow | undefined) {
  if (!row) {
    return {
      configured: false,
      legalName: '',
      registrationNumber: '',
      regulatorIt: '',
      regulatorEn: '',
      authorisationNumber: '',
      links: [],
      updatedAt: null,
    };
  }
  return { configured: true, ...row, updatedAt: row.updatedAt.getTime() };
}

type LinkInput = Record<
  `link${(typeof regulatoryLinkSlots)[number]}${'Url' | 'LabelIt' | 'LabelEn'}`,
  string
>;

/**
 * The links the operator filled in, in slot order: a slot with nothing in it is skipped; a slot with anything
 * needs an https address (no script or data address reaches the page) and a label in both languages.
 */
export function linksOf(input: LinkInput): RegulatoryLink[] {
  const links: RegulatoryLink[] = [];
  for (const n of regulatoryLinkSlots) {
    const url = input[`link${n}Url`];
    const labelIt = input[`link${n}LabelIt`];
    const labelEn = input[`link${n}LabelEn`];
    if (url === '' && labelIt === '' && labelEn === '') continue;
    if (!isHttpsUrl(url)) throw new Refusal('regulatory.linkUrl');
    if (labelIt === '' || labelEn === '') throw new Refusal('regulatory.linkLabel');
    links.push({ url, labelIt, labelEn });
  }
  return links;
}

function isHttpsUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'https:' && u.hostname !== '' && !/\s/.test(text);
  } catch {
    return false;
  }
}

export async function saveRegulatory(
  q: Queryable,
  row: Omit<RegulatoryRow, 'updatedAt'>,
  at: Date,
  operatorId: number,
): Promise<RegulatoryRow> {
  const saved = await one<RegulatoryRow>(
    q,
    `insert into regulatory_info (id, legal_name, registration_number, regulator_it, regulator_en,
       authorisation_number, links, updated_at, updated_by)
     values (1, $1, $2, $3, $4, $5, $6::jsonb, $7, $8)
     on conflict (id) do update set legal_name = excluded.legal_name,
       registration_number = excluded.registration_number, regulator_it = excluded.regulator_it,
       regulator_en = excluded.regulator_en, authorisation_number = excluded.authorisation_number,
       links = excluded.links, updated_at = excluded.updated_at, updated_by = excluded.updated_by
     returning ${columns}`,
    [
      row.legalName,
      row.registrationNumber,
      row.regulatorIt,
      row.regulatorEn,
      row.authorisationNumber,
      JSON.stringify(row.links),
      at,
      operatorId,
    ],
  );
  if (!saved) throw new Error('regulatory_info upsert returned nothing');
  return saved;
}
