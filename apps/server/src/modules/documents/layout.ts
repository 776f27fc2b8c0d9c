import type { DocumentKind } from '@piazza/contract/calls/documents-shapes';
import { hasMessage, translate } from '@piazza/contract/messages/catalogue';
import { documentBillKey } from '@piazza/contract/messages/documents';
import type { Language } from '@piazza/contract/wire';
import { displayUserId } from '@piazza/core/display-id';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { formatAmount } from '@piazza/core/money';
import type { CostFigures } from './costs-report';
import type { Period } from './periods';
import type { StatementFigures } from './statement';
import type { TaxFigures } from './tax-certificate';

/*
 * What a document says, once, in the investor's language: a title, a few lines, and tables. The PDF prints
 * it (pdf.ts) and the CSV writes the same tables (csv.ts), so the two never disagree. A cell keeps its shown
 * text (numbers as the language writes them: "5.000,00") and its plain one for the CSV ("5000,00" in Italian,
 * "5000.00" in English: no grouping, the language's decimal mark).
 */

export interface Cell {
  shown: string;
  plain: string;
}

export interface DocTable {
  /** A short stable name of the table, the CSV's first column. */
  name: string;
  heading: string;
  columns: { label: string; numeric: boolean }[];
  rows: Cell[][];
  /** A total row, printed in bold. */
  total?: Cell[];
  empty: string;
}

export interface DocModel {
  title: string;
  lines: string[];
  tables: DocTable[];
  notes: string[];
}

export interface DocHeader {
  kind: DocumentKind;
  period: Period;
  userId: number;
  /** The instant the figures run to: the period's end, or when it was made if the period has not ended. */
  toMs: number;
  final: boolean;
  madeAtMs: number;
}

const text = (s: string): Cell => ({ shown: s, plain: s });

export function makeTexts(lang: Language) {
  const t = (key: string, params: (string | number)[] = []) => translate(lang, key, params);
  const money = (minor: bigint, scale: number): Cell => {
    const wire = formatAmount(minor, scale);
    return {
      shown: formatNumber(wire, lang, scale),
      plain: lang === 'it-IT' ? wire.replace('.', ',') : wire,
    };
  };
  const percent = (bp: bigint | null): Cell => {
    if (bp === null) return text('—');
    const wire = formatAmount(bp, 2);
    return {
      shown: `${formatNumber(wire, lang, 2)} %`,
      plain: lang === 'it-IT' ? wire.replace('.', ',') : wire,
    };
  };
  return { t, money, percent };
}

function header(h: DocHeader, lang: Language): { title: string; lines: string[] } {
  const { t } = makeTexts(lang);
  const lines = [t('documents.investor', [displayUserId(h.userId)])];
  lines.push(
    h.kind === 'statement'
      ? t('documents.period.month', [formatDate(h.period.startMs), formatDate(h.period.endMs - 1)])
      : t('documents.period.year', [
          h.period.year,
          formatDate(h.period.startMs),
          formatDate(h.period.endMs - 1),
        ]),
  );
  if (!h.final) lines.push(t('documents.partial', [formatDateTime(h.toMs)]));
  lines.push(t('documents.madeAt', [formatDateTime(h.madeAtMs)]));
  return { title: t(`documents.title.${h.kind}`), lines };
}

const accountLabel = (t: (k: string) => string, purpose: string) => t(`documents.purpose.${purpose}`);

export function statementModel(h: DocHeader, f: StatementFigures, lang: Language): DocModel {
  const { t, money } = makeTexts(lang);
  const num = (label: string) => ({ label, numeric: true });
  const col = (label: string) => ({ label, numeric: false });
  const balances: DocTable = {
    name: 'balances',
    heading: t('documents.section.balances'),
    columns: [
      col(t('documents.col.account')),
      col(t('documents.col.asset')),
      num(t('documents.col.opening')),
      num(t('documents.col.in')),
      num(t('documents.col.out')),
      num(t('documents.col.closing')),
    ],
    rows: f.accounts.map((a) => [
      text(accountLabel(t, a.purpose)),
      text(a.asset),
      money(a.opening, a.scale),
      money(a.inflow, a.scale),
      money(a.outflow, a.scale),
      money(a.closing, a.scale),
    ]),
    empty: t('documents.none'),
  };
  const holdings: DocTable = {
    name: 'holdings',
    heading: t('documents.section.holdings'),
    columns: [col(t('documents.col.asset')), num(t('documents.col.quantity'))],
    rows: f.holdings.map((h) => [text(h.asset), money(h.quantity, h.scale)]),
    empty: t('documents.none'),
  };
  const moves: DocTable = {
    name: 'movements',
    heading: t('documents.section.movements'),
    columns: [
      col(t('documents.col.date')),
      col(t('documents.col.type')),
      col(t('documents.col.account')),
      col(t('documents.col.asset')),
      num(t('documents.col.amount')),
      num(t('documents.col.balanceAfter')),
      col(t('documents.col.reference')),
    ],
    rows: f.movements.map((m) => [
      { shown: formatDateTime(m.at.getTime()), plain: m.at.toISOString() },
      text(hasMessage(documentBillKey(m.billType)) ? t(documentBillKey(m.billType)) : m.billType),
      text(accountLabel(t, m.purpose)),
      text(m.asset),
      money(m.amount, m.scale),
      money(m.balanceAfter, m.scale),
      text(m.refType ? `${m.refType} ${m.refId}` : `#${m.entryId}`),
    ]),
    empty: t('documents.none'),
  };
  const fees: DocTable = {
    name: 'fees_taxes',
    heading: t('documents.section.feesTaxes'),
    columns: [
      col(t('documents.col.currency')),
      num(t('documents.fees')),
      num(t('documents.taxGains')),
      num(t('documents.taxFtt')),
      num(t('documents.taxStamp')),
      num(t('documents.total')),
    ],
    rows: f.feesAndTaxes.map((x) => [
      text(x.asset),
      money(x.fees, x.scale),
      money(x.taxGains, x.scale),
      money(x.taxFtt, x.scale),
      money(x.taxStamp, x.scale),
      money(x.fees + x.taxGains + x.taxFtt + x.taxStamp, x.scale),
    ]),
    empty: t('documents.none'),
  };
  return { ...header(h, lang), tables: [balances, holdings, moves, fees], notes: [] };
}

export function costsModel(h: DocHeader, costs: CostFigures[], lang: Language): DocModel {
  const { t, money, percent } = makeTexts(lang);
  const rows: Cell[][] = [];
  for (const c of costs) {
    const pct = (part: bigint) =>
      percent(c.averageInvested > 0n ? (part * 10_000n) / c.averageInvested : null);
    const line = (key: string, amount: bigint) => [
      text(c.asset),
      text(t(key)),
      money(amount, c.scale),
      pct(amount),
    ];
    rows.push(line('documents.costs.service', c.service));
    rows.push(line('documents.costs.withdrawal', c.withdrawal));
    rows.push(line('documents.costs.financing', c.financing));
    rows.push([
      text(c.asset),
      text(t('documents.costs.total')),
      money(c.total, c.scale),
      percent(c.percentBp),
    ]);
    rows.push([text(c.asset), text(t('documents.avgInvested')), money(c.averageInvested, c.scale), text('')]);
  }
  return {
    ...header(h, lang),
    tables: [
      {
        name: 'costs',
        heading: t('documents.section.costs'),
        columns: [
          { label: t('documents.col.currency'), numeric: false },
          { label: t('documents.col.item'), numeric: false },
          { label: t('documents.col.amount'), numeric: true },
          { label: t('documents.col.percent'), numeric: true },
        ],
        rows,
        empty: t('documents.none'),
      },
    ],
    notes: [t('documents.avgInvestedNote'), t('documents.costs.effect')],
  };
}

export function taxModel(h: DocHeader, f: TaxFigures, lang: Language): DocModel {
  const { t, money } = makeTexts(lang);
  const num = (label: string) => ({ label, numeric: true });
  const col = (label: string) => ({ label, numeric: false });
  const gains: DocTable = {
    name: 'gains',
    heading: t('documents.section.gains'),
    columns: [
      col(t('documents.col.currency')),
      num(t('documents.gains')),
      num(t('documents.losses')),
      num(t('documents.col.used')),
      num(t('documents.net')),
    ],
    rows: f.currencies.map((c) => [
      text(c.currency),
      money(c.gains, c.scale),
      money(c.losses, c.scale),
      money(c.lossUsed, c.scale),
      money(c.gains - c.losses, c.scale),
    ]),
    empty: t('documents.none'),
  };
  const withheld: DocTable = {
    name: 'withheld',
    heading: t('documents.section.withheld'),
    columns: [
      col(t('documents.col.currency')),
      num(t('documents.taxGains')),
      num(t('documents.taxFtt')),
      num(t('documents.taxStamp')),
      num(t('documents.total')),
    ],
    rows: f.currencies.map((c) => [
      text(c.currency),
      money(c.withheld, c.scale),
      money(c.transactionTax, c.scale),
      money(c.stampDuty, c.scale),
      money(c.withheld + c.transactionTax + c.stampDuty, c.scale),
    ]),
    empty: t('documents.none'),
  };
  const capitalIncome: DocTable = {
    name: 'capitalIncome',
    heading: t('documents.section.capitalIncome'),
    columns: [
      col(t('documents.col.currency')),
      num(t('documents.capitalIncome')),
      num(t('documents.taxGains')),
    ],
    rows: f.currencies
      .filter((c) => c.capitalIncome > 0n)
      .map((c) => [text(c.currency), money(c.capitalIncome, c.scale), money(c.capitalIncomeTax, c.scale)]),
    empty: t('documents.none'),
  };
  const zainetto: DocTable = {
    name: 'zainetto',
    heading: t('documents.section.zainetto'),
    columns: [
      col(t('documents.col.currency')),
      col(t('documents.col.year')),
      num(t('documents.col.carried')),
      num(t('documents.col.used')),
      num(t('documents.col.left')),
      col(t('documents.col.expires')),
    ],
    rows: f.zainetto.map((z) => [
      text(z.currency),
      text(String(z.year)),
      money(z.carried, z.scale),
      money(z.used, z.scale),
      money(z.expired ? 0n : z.remaining, z.scale),
      text(`31-12-${z.usableUntil}`),
    ]),
    empty: t('documents.none'),
  };
  return {
    ...header(h, lang),
    lines: [...header(h, lang).lines, t('documents.regime', [t(`documents.regime.${f.regime}`)])],
    tables: [gains, capitalIncome, withheld, zainetto],
    notes: [
      t('documents.capitalIncomeNote'),
      ...(f.convertedFrom.length > 0 ? [t('documents.fxNote', [f.convertedFrom.join(', ')])] : []),
    ],
  };
}
