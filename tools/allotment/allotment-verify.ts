import { verifyAllotment } from '@piazza/core/primary/verify-allotment';

/*
 * `npm run allotment:verify -- <offering id> [--api http://host:port] [--ico]`: reads an offering's published
 * allotment from the public API (what any investor can read, no account needed) and recomputes it. Exits 0
 * when every line is reproduced and the seed matches its commitment, 1 when not, 2 when it cannot tell.
 */

interface Info {
  offering: {
    id: number;
    symbol: string;
    allotment: { lotsOffered: number; seedCommitment: string; seed: string | null };
  };
  lines: { subscriptionId: number; lotsApplied: number; lotsAllotted: number }[];
}

async function main(argv: string[]): Promise<number> {
  const id = argv.find((a) => /^\d+$/.test(a));
  const apiAt = argv.indexOf('--api');
  const base = apiAt >= 0 ? argv[apiAt + 1] : (process.env.PIAZZA_URL ?? 'http://localhost:8080');
  const path = argv.includes('--ico') ? '/coin/new/info' : '/stock/new/info';
  if (!id || !base) {
    console.error('usage: npm run allotment:verify -- <offering id> [--api http://host:port] [--ico]');
    return 2;
  }
  const res = await fetch(`${base.replace(/\/$/, '')}/ipcg-api${path}?id=${id}`, {
    headers: { 'accept-language': 'en-US' },
  });
  const body = (await res.json()) as { code: number; msg: string; data: Info };
  if (body.code !== 0) {
    console.error(`offering ${id}: ${body.msg}`);
    return 2;
  }
  const { offering, lines } = body.data;
  if (offering.allotment.seed === null) {
    console.error(`offering ${id} (${offering.symbol}) is not allotted yet: its seed is still secret`);
    return 2;
  }
  const problems = verifyAllotment({
    lotsOffered: offering.allotment.lotsOffered,
    seedCommitment: offering.allotment.seedCommitment,
    seed: offering.allotment.seed,
    lines,
  });
  if (problems.length > 0) {
    for (const p of problems) console.log(`✗ ${p}`);
    return 1;
  }
  const allotted = lines.reduce((sum, l) => sum + l.lotsAllotted, 0);
  console.log(
    `✓ offering ${id} (${offering.symbol}): ${lines.length} applications, ${allotted} of ${offering.allotment.lotsOffered} lots, every line reproduced from the committed seed`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(String(err));
    process.exit(2);
  },
);
