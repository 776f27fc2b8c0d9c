import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocModel } from './layout';

/*
 * PDFs with pdfmake 0.3 (Node ≥ 20) in its bundled Roboto, read from the package's own files: the apps ship no
 * font file of their own, Roboto covers Italian and the euro sign, and nothing is fetched from the network
 * (every URL is refused, and only the font folder may be read from disk). Decision 050.
 */

interface PdfDocument {
  getBuffer(): Promise<Buffer>;
}
interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(definition: PdfDefinition): PdfDocument;
}

/** The part of pdfmake's document definition we use: tests read the texts back from it. */
export interface PdfDefinition {
  info: { title: string; creator: string; producer: string; creationDate: Date };
  pageSize: 'A4';
  pageMargins: [number, number, number, number];
  defaultStyle: { font: 'Roboto'; fontSize: number };
  styles: Record<string, Record<string, unknown>>;
  content: unknown[];
  footer: (page: number, pages: number) => unknown;
}

let loaded: PdfMake | undefined;

function pdfmake(): PdfMake {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const maker = require('pdfmake') as PdfMake;
  const fonts = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  maker.setUrlAccessPolicy(() => false);
  maker.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fonts + path.sep));
  maker.setFonts({
    Roboto: {
      normal: path.join(fonts, 'Roboto-Regular.ttf'),
      bold: path.join(fonts, 'Roboto-Medium.ttf'),
      italics: path.join(fonts, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fonts, 'Roboto-MediumItalic.ttf'),
    },
  });
  loaded = maker;
  return maker;
}

/** The document definition of a model: one table per section, numbers right-aligned, totals in bold. */
export function pdfDefinition(model: DocModel, madeAt: Date): PdfDefinition {
  const content: unknown[] = [
    { text: 'Piazza', style: 'brand' },
    { text: model.title, style: 'title' },
    ...model.lines.map((line) => ({ text: line, style: 'line' })),
  ];
  for (const table of model.tables) {
    content.push({ text: table.heading, style: 'heading' });
    if (table.rows.length === 0) {
      content.push({ text: table.empty, style: 'empty' });
      continue;
    }
    const head = table.columns.map((c) => ({
      text: c.label,
      style: 'th',
      alignment: c.numeric ? 'right' : 'left',
    }));
    const body = table.rows.map((row) =>
      row.map((cell, i) => ({ text: cell.shown, alignment: table.columns[i]?.numeric ? 'right' : 'left' })),
    );
    if (table.total)
      body.push(
        table.total.map((cell, i) => ({
          text: cell.shown,
          bold: true,
          alignment: table.columns[i]?.numeric ? 'right' : 'left',
        })),
      );
    content.push({
      table: {
        headerRows: 1,
        widths: table.columns.map((c) => (c.numeric ? 'auto' : '*')),
        body: [head, ...body],
      },
      layout: 'lightHorizontalLines',
      style: 'table',
    });
  }
  for (const note of model.notes) content.push({ text: note, style: 'note' });
  return {
    info: { title: model.title, creator: 'Piazza', producer: 'Piazza', creationDate: madeAt },
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 48],
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: {
      brand: { fontSize: 10, bold: true, color: '#0b5c43' },
      title: { fontSize: 15, bold: true, margin: [0, 4, 0, 6] },
      line: { fontSize: 9, margin: [0, 0, 0, 2] },
      heading: { fontSize: 11, bold: true, margin: [0, 12, 0, 4] },
      th: { bold: true },
      table: { margin: [0, 0, 0, 4] },
      empty: { italics: true, color: '#555555' },
      note: { fontSize: 7, color: '#444444', margin: [0, 8, 0, 0] },
    },
    content,
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'center', fontSize: 7 }),
  };
}

export async function renderPdf(model: DocModel, madeAt: Date): Promise<Buffer> {
  return pdfmake().createPdf(pdfDefinition(model, madeAt)).getBuffer();
}
