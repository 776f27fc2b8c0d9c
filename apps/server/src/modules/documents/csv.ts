import type { Language } from '@piazza/contract/wire';
import type { DocModel } from './layout';

/*
 * The CSV of a document: one block per table — its name and heading, the column labels, the rows — with a
 * blank line between, in UTF-8 with a byte-order mark so spreadsheets read the accents. Italian spreadsheets
 * take `;` between fields and the decimal comma; English ones `,` and the point (decision 050).
 */

function field(value: string, separator: string): string {
  return /["\r\n]/.test(value) || value.includes(separator) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function renderCsv(model: DocModel, lang: Language): Buffer {
  const sep = lang === 'it-IT' ? ';' : ',';
  const line = (cells: string[]) => cells.map((c) => field(c, sep)).join(sep);
  const lines: string[] = [line([model.title]), ...model.lines.map((l) => line([l])), ''];
  for (const table of model.tables) {
    lines.push(line([table.name, table.heading]));
    lines.push(line(table.columns.map((c) => c.label)));
    for (const row of table.rows) lines.push(line(row.map((c) => c.plain)));
    if (table.total) lines.push(line(table.total.map((c) => c.plain)));
    lines.push('');
  }
  for (const note of model.notes) lines.push(line([note]));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
