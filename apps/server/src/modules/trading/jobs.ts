import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Services } from '../../services';
import type { SpotEngine } from './spot-engine';

/**
 * T+n settlement as a job of the runner (issue 11): a period is one instant at which lots fall due (the
 * start of a settlement date in the market's zone, e.g. `2026-11-24T23:00:00.000Z` for Milan's 25 November),
 * so each lot is settled by the run of its period, once across instances. A run settles every lot due by its
 * instant, in batches, each lot in its own transaction (spot-engine.ts settleDue).
 */
export function settlementJob(services: Services, engine: SpotEngine): JobDefinition {
  return {
    name: 'settlement',
    async due(nowMs) {
      const rows = await services.db.query<{ at: Date }>(
        `select distinct settles_at as at from stock_lots where settled_at is null and settles_at <= $1
          order by settles_at limit 100`,
        [new Date(nowMs)],
      );
      return rows.map((r) => r.at.toISOString());
    },
    async run(key) {
      const at = Date.parse(key);
      if (!Number.isFinite(at)) throw new Error(`not an instant: ${key}`);
      let settled = 0;
      for (;;) {
        const batch = await engine.settleDue(at);
        settled += batch;
        if (batch === 0) break;
      }
      return `${settled} lots settled`;
    },
  };
}
