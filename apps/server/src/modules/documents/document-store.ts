import { randomBytes } from 'node:crypto';
import type { DocumentKind, DocumentView } from '@piazza/contract/calls/documents-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatAmount } from '@piazza/core/money';
import { one, type Queryable } from '../../db/db';
import type { BlobStore } from '../../platform/blob-store';
import { costFigures } from './costs-report';
import { renderCsv } from './csv';
import { costsModel, type DocHeader, type DocModel, statementModel, taxModel } from './layout';
import { renderPdf } from './pdf';
import { type Period, periodOf } from './periods';
import { statementFigures } from './statement';
import { taxFigures } from './tax-certificate';

/*
 * Making a document and keeping it: the figures read from the ledger, laid out once, printed as PDF and CSV,
 * the bytes put in the blob store first and the row written second (a crash between leaves orphan bytes,
 * never a row without them). One row per investor, kind, period and language: making it again keeps the id
 * and points it at the new bytes.
 */

export interface DocumentRow {
  id: string;
  userId: number;
  kind: DocumentKind;
  period: string;
  language: Language;
  final: boolean;
  pdfKey: string;
  pdfSize: number;
  csvKey: string;
  csvSize: number;
  closing: { purpose: string; asset: string; balance: string }[];
  createdAt: Date;
}

export const documentColumns = `id, user_id as "userId", kind, period, language, final, pdf_key as "pdfKey",
  pdf_size as "pdfSize", csv_key as "csvKey", csv_size as "csvSize", closing, created_at as "createdAt"`;

export const documentViewOf = (r: DocumentRow): DocumentView => ({
  id: r.id,
  kind: r.kind,
  period: r.period,
  language: r.language,
  final: r.final,
  createdAt: r.createdAt.getTime(),
  pdfSize: r.pdfSize,
  csvSize: r.csvSize,
  closing: r.closing,
});

export interface MadeDocument {
  model: DocModel;
  closing: DocumentRow['closing'];
  final: boolean;
}

/** The figures and the layout of one document, as of `nowMs` (no bytes, nothing stored). */
export async function composeDocument(
  q: Queryable,
  d: { userId: number; kind: DocumentKind; period: Period; language: Language; nowMs: number },
): Promise<MadeDocument> {
  const final = d.period.endMs <= d.nowMs;
  // A provisional document includes what was recorded at this very instant (the clock's millisecond).
  const toMs = final ? d.period.endMs : d.nowMs + 1;
  const header: DocHeader = {
    kind: d.kind,
    period: d.period,
    userId: d.userId,
    toMs,
    final,
    madeAtMs: d.nowMs,
  };
  if (d.kind === 'statement') {
    const figures = await statementFigures(q, d.userId, d.period.startMs, toMs);
    const closing = figures.accounts
      .filter((a) => a.kind !== 'security')
      .map((a) => ({ purpose: a.purpose, asset: a.asset, balance: formatAmount(a.closing, a.scale) }));
    return { model: statementModel(header, figures, d.language), closing, final };
  }
  if (d.kind === 'costs') {
    const costs = await costFigures(q, d.userId, d.period.startMs, toMs);
    return { model: costsModel(header, costs, d.language), closing: [], final };
  }
  const tax = await taxFigures(q, d.userId, d.period.year, d.period.startMs, toMs);
  return { model: taxModel(header, tax, d.language), closing: [], final };
}

/** Makes (or makes again) one document and stores it; answers its row. */
export async function makeDocument(
  q: Queryable,
  blobs: BlobStore,
  d: { userId: number; kind: DocumentKind; periodKey: string; language: Language; nowMs: number },
): Promise<DocumentRow> {
  const period = periodOf(d.kind, d.periodKey, d.nowMs);
  const made = await composeDocument(q, { ...d, period });
  const madeAt = new Date(d.nowMs);
  const pdf = await renderPdf(made.model, madeAt);
  const csv = renderCsv(made.model, d.language);
  const existing = await one<{ id: string }>(
    q,
    'select id from documents where user_id = $1 and kind = $2 and period = $3 and language = $4',
    [d.userId, d.kind, period.key, d.language],
  );
  const id = existing?.id ?? randomBytes(16).toString('hex');
  const version = randomBytes(4).toString('hex');
  const pdfKey = `documents/${d.userId}/${id}-${version}-pdf`;
  const csvKey = `documents/${d.userId}/${id}-${version}-csv`;
  await blobs.put(pdfKey, pdf);
  await blobs.put(csvKey, csv);
  const [row] = await q.query<DocumentRow>(
    `insert into documents (id, user_id, kind, period, language, final, pdf_key, pdf_size, csv_key, csv_size,
                            closing, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)
     on conflict (user_id, kind, period, language) do update set
       final = excluded.final, pdf_key = excluded.pdf_key, pdf_size = excluded.pdf_size,
       csv_key = excluded.csv_key, csv_size = excluded.csv_size, closing = excluded.closing,
       created_at = excluded.created_at
     returning ${documentColumns}`,
    [
      id,
      d.userId,
      d.kind,
      period.key,
      d.language,
      made.final,
      pdfKey,
      pdf.length,
      csvKey,
      csv.length,
      JSON.stringify(made.closing),
      madeAt,
    ],
  );
  return row as DocumentRow;
}
