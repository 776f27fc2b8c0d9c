import { catalogue } from '../../apps/server/src/market/catalogue/catalogue';
import { type Measured, measureReportCard } from '../../apps/server/src/market/sim/report-card';
import { createSimulator, simulatorSeedDefault } from '../../apps/server/src/market/sim/simulator';

/*
 * `npm run market:stats -- [--from 2022-01-01] [--to 2025-12-31] [--seed piazza]`: the simulator's report
 * card (decision 034). Daily returns of the whole catalogue over the period: each class's annual
 * volatility, kurtosis, autocorrelation and volatility clustering, and issue 22's correlation table, each
 * next to the band real markets show. Exits 1 when a figure of the table lies outside its band.
 */

function option(argv: string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
}

function cell(m: Measured, digits = 2): string {
  const band = `${m.real.low.toFixed(digits)}–${m.real.high.toFixed(digits)}`;
  return `${m.value.toFixed(digits).padStart(6)} (${band}) ${m.inBand ? 'ok ' : 'OUT'}`;
}

async function main(argv: string[]): Promise<number> {
  const from = option(argv, 'from', '2022-01-01');
  const to = option(argv, 'to', '2025-12-31');
  const seed = option(argv, 'seed', simulatorSeedDefault);
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to) + 86_400_000;
  const sim = createSimulator({ seed, instruments: catalogue, clock: { now: () => toMs } });
  const card = await measureReportCard(sim, catalogue, fromMs, toMs);

  console.log(`Simulated market, seed '${seed}', ${from} to ${to} (${card.sessions} Milan sessions)\n`);
  console.log(
    'class            n   annual vol           kurtosis               lag-1 autocorr        clustering',
  );
  for (const c of card.classes) {
    console.log(
      `${c.label.padEnd(15)} ${String(c.members).padStart(2)}  ${cell(c.volatility)}  ${cell(c.kurtosis, 1)}  ${cell(c.autocorrelation)}  ${cell(c.clustering)}`,
    );
  }
  console.log('\nmedians over each class; real bands in brackets\n');
  console.log('pair                                correlation (real band)');
  for (const p of card.pairs) console.log(`${p.label.padEnd(35)} ${cell(p)}`);
  console.log(`${'FTSE MIB volatility clustering'.padEnd(35)} ${cell(card.clustering)}`);
  const failing = [...card.pairs, card.clustering].filter((m) => !m.inBand).length;
  console.log(
    failing === 0 ? '\nevery figure of the table is in its real band' : `\n${failing} outside the band`,
  );
  return failing === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
