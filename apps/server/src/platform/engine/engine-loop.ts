import type { Services } from '../../services';
import type { Leadership } from '../lease';
import { countSkippedTick, timeEngineTick } from '../metrics';

/** Starts and stops a background job that runs one step every interval. */
export interface EngineLoop {
  start(intervalMs?: number): void;
  /** Stops the ticks and resolves once the step under way, if any, has finished. */
  stop(): Promise<void>;
}

/** Runs the loop on one instance only: the holder of `lease` steps; the others wait for it to lapse. */
export interface LoopLease {
  /** Elects this instance's lease when the loop starts (no timer runs before `start`). */
  elect: () => Leadership;
  /**
   * Called before the first step after this instance took the lease (and at start), so an engine that was
   * idle while another instance led rebuilds what it watches from the database first.
   */
  onLead?: () => Promise<unknown>;
}

/**
 * The loop every engine runs (spot, stock contracts, coin contracts): one step at a time, so a slow database
 * makes the loop skip ticks, never overlap them; a failed step is logged with `failure` and the next tick
 * tries again. `start` twice keeps the first loop. With a lease, only its holder steps (DESIGN.md §13), and
 * the lease is given up when the loop stops, so another instance takes over at once.
 */
export function engineLoop(
  log: Services['log'],
  failure: string,
  step: () => Promise<unknown>,
  defaultIntervalMs = 1000,
  leased?: LoopLease,
): EngineLoop {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let leading = false;
  let lease: Leadership | undefined;
  // The metrics' engine label: the first word of the failure message ('spot engine step failed' → spot).
  const engine = failure.split(' ')[0] ?? failure;
  const tick = async () => {
    if (leased) {
      if (!lease?.isLeader()) {
        leading = false;
        return;
      }
      if (!leading) {
        await leased.onLead?.();
        leading = true;
      }
    }
    const done = timeEngineTick(engine);
    try {
      await step();
    } finally {
      done();
    }
  };
  return {
    start(intervalMs = defaultIntervalMs) {
      if (timer) return;
      if (leased) lease = leased.elect();
      let busy = false;
      timer = setInterval(() => {
        if (busy) {
          countSkippedTick(engine);
          return;
        }
        busy = true;
        running = (async () => {
          try {
            await tick();
          } catch (err) {
            log.warn({ err }, failure);
          } finally {
            busy = false;
          }
        })();
      }, intervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      await lease?.stop();
      lease = undefined;
      leading = false;
    },
  };
}
