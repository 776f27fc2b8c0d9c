import type { DocumentView } from '@piazza/contract/calls/documents-shapes';
import type { App } from '../src/app';
import { call } from './helper';

/* Steps the documents tests share: make a document through the wire, and read its bytes as the app does. */

export function generate(app: App, token: string, kind: string, period: string, lang = 'en-US') {
  return call<DocumentView>(app, 'POST', '/user/documents/generate', { kind, period }, { token, lang });
}

export async function download(app: App, token: string | undefined, id: string, format: 'pdf' | 'csv') {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (token) headers['access-token'] = token;
  const res = await app.inject({
    method: 'GET',
    url: '/ipcg-api/user/documents/file',
    query: { id, format },
    headers,
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

/** One CSV line's fields: quoted fields may hold the separator and doubled quotes. */
export function csvFields(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The blocks of a CSV (after the byte-order mark), by the name in each block's first line. */
export function csvBlocks(text: string, separator: string): Map<string, string[][]> {
  const blocks = new Map<string, string[][]>();
  const chunks = text.replace(/^\uFEFF/, '').split('\r\n\r\n');
  for (const chunk of chunks.slice(1)) {
    const rows = chunk
      .split('\r\n')
      .filter((l) => l !== '')
      .map((l) => csvFields(l, separator));
    const name = rows[0]?.[0];
    if (name) blocks.set(name, rows.slice(1));
  }
  return blocks;
}
