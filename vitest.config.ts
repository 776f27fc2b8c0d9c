import { defineConfig } from 'vitest/config';
import LongestFirst from './tools/testing/longest-first';

// Property tests draw from a fixed seed unless FC_SEED says otherwise (decision 036).
const setupFiles = ['tools/testing/fast-check-seed.ts'];

export default defineConfig({
  test: {
    // Within a project, the files that took longest in a recorded run start first (tools/testing).
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], setupFiles } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], setupFiles } },
      {
        test: {
          name: 'apps',
          include: ['apps/web/src/**/*.test.ts', 'apps/admin/src/**/*.test.ts'],
          setupFiles,
        },
      },
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], setupFiles } },
      {
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost/admin/' } },
          // Screens render in jsdom in a few hundred ms; on a busy machine a long form test took over the
          // default 5 s. A guard against a hang, not a speed target.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles,
          // Property tests replay hundreds of books or ledgers; on a busy machine they took 45 s where a quiet one
          // takes 15–20. A timeout is a guard against a hang, not a speed target (those live in bench/).
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // PGlite is heavy (WASM, ~100 MB a database): two files at a time on two cores.
          maxWorkers: 2,
          // One module graph per worker instead of one per file: the server's import costs ~100 s when every
          // file loads it afresh. Server tests keep no module state between files (no vi.mock, no fake
          // timers, no env changes; registries dedupe), so sharing it changes nothing they observe.
          isolate: false,
          // A test that fails is run once more before it counts as failed; the report names every retry,
          // so a flaky one is seen and fixed without a red CI run throwing away a session's work (decision 036).
          retry: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Three journeys at a time: each is a server and a Chromium of its own (own port, data, database), and
          // a journey mostly waits (for pages, jobs, polls), so two of them used about one core of two. Three
          // took 13.7 min where two took 25 on the same busy machine (issue 11; decision 073).
          maxWorkers: 3,
          retry: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
