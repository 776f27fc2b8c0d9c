import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { allot, seedCommitment } from '@piazza/core/primary/allotment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * `npm run allotment:verify` against an API that publishes an honest allotment (offering 1), one with a lot
 * moved between investors (offering 2) and one not yet allotted (offering 3): what an investor would run.
 */

const seed = 'revealed-at-allotment';
const honest = allot({
  lotsOffered: 10,
  applications: [
    { id: '11', lotsApplied: 8 },
    { id: '12', lotsApplied: 5 },
    { id: '13', lotsApplied: 3 },
  ],
  seed,
});
const lines = honest.lines.map((l) => ({
  subscriptionId: Number(l.id),
  lotsApplied: l.lotsApplied,
  lotsAllotted: l.lotsAllotted,
}));
const published = (id: number, body: { seed: string | null; lines: typeof lines }) => ({
  code: 0,
  msg: 'ok',
  data: {
    offering: {
      id,
      symbol: 'NEWCO.MI',
      allotment: { lotsOffered: 10, seedCommitment: seedCommitment(seed), seed: body.seed },
    },
    lines: body.lines,
  },
});
const moved = lines.map((l, i) => ({
  ...l,
  lotsAllotted: l.lotsAllotted + (i === 0 ? -1 : i === 1 ? 1 : 0),
}));
const answers: Record<string, unknown> = {
  '1': published(1, { seed, lines }),
  '2': published(2, { seed, lines: moved }),
  '3': published(3, { seed: null, lines: [] }),
};

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const answer =
      url.pathname === '/ipcg-api/stock/new/info' ? answers[url.searchParams.get('id') ?? ''] : null;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer ?? { code: -1001, msg: 'Offering not found.', data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function verify(id: string): Promise<{ code: number; out: string }> {
  const cli = path.join(import.meta.dirname, 'allotment-verify.ts');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, id, '--api', base], { stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      out += String(d);
    });
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

describe('npm run allotment:verify', () => {
  it('reproduces an honest allotment and says so', async () => {
    const { code, out } = await verify('1');
    expect(code).toBe(0);
    expect(out).toContain('3 applications, 10 of 10 lots, every line reproduced from the committed seed');
  });

  it('names each line that does not match and exits 1', async () => {
    const { code, out } = await verify('2');
    expect(code).toBe(1);
    expect(out).toContain('subscription 11: published');
    expect(out).toContain('subscription 12: published');
  });

  it('cannot tell before the allotment, nor for an offering that does not exist', async () => {
    expect((await verify('3')).code).toBe(2);
    expect(await verify('4')).toMatchObject({ code: 2, out: expect.stringContaining('Offering not found.') });
  });
});
