import type { CallDef } from '@piazza/contract/define';
import { z } from 'zod';
import { apiBase } from '../../http/implement';

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: '0 success, -1000 no valid session, -1001 refusal (msg says why)' },
    msg: { type: 'string', description: 'In the language of Accept-Language (it-IT default, en-US)' },
    data,
  },
});

const schemaOf = (s: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

/** The OpenAPI 3 document of every call, generated from the contract's schemas. */
export function buildOpenApi(calls: readonly CallDef[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const input = schemaOf(call.input, 'input');
    const op: Record<string, unknown> = {
      tags: [call.tag],
      summary: call.summary,
      security: call.auth === 'guest' ? [] : [{ accessToken: [] }],
      responses: {
        '200': {
          description: 'Envelope',
          content: { 'application/json': { schema: envelope(schemaOf(call.output, 'output')) } },
        },
      },
    };
    if (call.money)
      op.description = 'Moves money: repeat with the same requestId to get the first answer again.';
    if (call.method === 'GET') {
      const props = (input.properties ?? {}) as Record<string, unknown>;
      const required = new Set((input.required ?? []) as string[]);
      op.parameters = Object.entries(props).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      }));
    } else {
      op.requestBody = {
        content: {
          'application/x-www-form-urlencoded': { schema: input },
          'application/json': { schema: input },
        },
      };
    }
    paths[apiBase + call.path] = { ...(paths[apiBase + call.path] ?? {}), [call.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Piazza API', version: '1.0.0', description: 'The wire of DESIGN.md §3.' },
    components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'access-token' } } },
    paths,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain, dependency-free page that lists the calls with their schemas. */
export function renderDocs(doc: Record<string, unknown>): string {
  const paths = doc.paths as Record<string, Record<string, { summary: string; tags: string[] }>>;
  const rows = Object.entries(paths)
    .flatMap(([p, ops]) =>
      Object.entries(ops).map(
        ([method, op]) =>
          `<details><summary><b>${method.toUpperCase()}</b> <code>${escapeHtml(p)}</code> — ${escapeHtml(op.summary)} <i>${escapeHtml(op.tags.join(', '))}</i></summary><pre>${escapeHtml(JSON.stringify(op, null, 2))}</pre></details>`,
      ),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Piazza API</title>
<style>body{font:14px system-ui;margin:2rem;max-width:70rem}summary{cursor:pointer;padding:.3rem 0}pre{background:#f4f4f4;padding:1rem;overflow:auto}</style>
</head><body><h1>Piazza API</h1><p>Generated from <code>packages/contract</code>. Machine-readable: <a href="openapi.json">openapi.json</a>.</p>${rows}</body></html>`;
}
