import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Records how long each test file took from one or more vitest JSON reports
 * (`npx vitest run --reporter=json --outputFile=report.json`) into test-durations.json, which the
 * longest-first sequencer reads. Files absent from the reports keep their recorded figure.
 */
const root = path.resolve(import.meta.dirname, '../..');
const target = path.join(import.meta.dirname, 'test-durations.json');
const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: npm run test:durations -- <vitest json report>…');
  process.exit(2);
}
const current = JSON.parse(readFileSync(target, 'utf8')) as { seconds: Record<string, number> };
const seconds = { ...current.seconds };
for (const report of reports) {
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  for (const file of json.testResults) {
    // Reports from another clone name its files by its own absolute paths: keep the part from the top folder.
    const name = file.name
      .split(path.sep)
      .join('/')
      .replace(/^.*?\/(?=(apps|packages|e2e|tools)\/)/, '');
    seconds[name] = Math.round((file.endTime - file.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(
  target,
  `${JSON.stringify({ recorded: new Date().toISOString().slice(0, 10), seconds: sorted }, null, 2)}\n`,
);
console.log(`${Object.keys(sorted).length} files recorded in ${path.relative(root, target)}`);
