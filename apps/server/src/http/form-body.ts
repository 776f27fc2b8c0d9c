import type { FastifyInstance } from 'fastify';

/*
 * The form-body parser (issue 16): `application/x-www-form-urlencoded` in UTF-8 only. A body that declares
 * another charset, holds bytes that are not UTF-8, or has a percent-escape that is malformed or does not spell
 * UTF-8 (`%E0%A4%A`, a Latin-1 `%E9`) is refused with HTTP 400 and the envelope, instead of being stored as
 * typed. A name given more than once becomes a list, as the usual parsers do.
 */

export class UndecodableBody extends Error {
  readonly statusCode = 400;
  readonly key = 'wire.badEncoding';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    throw new UndecodableBody('malformed percent-encoding');
  }
}

export function parseFormBody(
  body: Buffer,
  contentType: string | undefined,
): Record<string, string | string[]> {
  const charset = charsetOf(contentType);
  if (charset !== null && charset !== 'utf-8' && charset !== 'utf8')
    throw new UndecodableBody(`charset ${charset}`);
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new UndecodableBody('not UTF-8');
  }
  const fields = new Map<string, string | string[]>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decodeComponent(at < 0 ? pair : pair.slice(0, at));
    const value = decodeComponent(at < 0 ? '' : pair.slice(at + 1));
    const before = fields.get(name);
    fields.set(
      name,
      before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value],
    );
  }
  // fromEntries defines own properties, so a field called __proto__ is just a field.
  return Object.fromEntries(fields);
}

export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (req, body, done) => {
    try {
      done(null, parseFormBody(body as Buffer, req.headers['content-type']));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
