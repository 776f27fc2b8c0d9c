import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order test files start in (issue 11: CI time). With two files at a time, a run ends when its last long
 * file does: a journey of three minutes started last keeps one worker busy while the other idles. Vitest
 * starts the longest first when it remembers earlier runs (its cache in node_modules/.vite); a clean clone,
 * as CI's, has none and falls back to the largest file first, which puts the four-line accessibility sweeps,
 * among the longest journeys, at the very end.
 *
 * So files start longest first by the seconds they took in a recorded run (`test-durations.json`, written by
 * `npm run test:durations -- <vitest json report>…`), where vitest's own memory of this machine has no
 * figure; a file in neither (a new one) starts first, since it may well be long.
 */
const recorded: Record<string, number> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'test-durations.json'), 'utf8'),
).seconds;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification): number => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join('/');
      const remembered = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (remembered && remembered.duration > 0) return remembered.duration / 1000;
      return recorded[file] ?? Number.POSITIVE_INFINITY;
    };
    const grouped = await super.sort(files);
    const position = new Map(grouped.map((spec, i) => [spec, i]));
    const ordered = [...grouped].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return position.get(a)! - position.get(b)!;
      return seconds(b) - seconds(a) || position.get(a)! - position.get(b)!;
    });
    return ordered;
  }
}
