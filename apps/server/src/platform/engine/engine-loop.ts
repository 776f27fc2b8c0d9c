import type { Services } from '../../services';

/** Starts and stops a background job that runs one step every interval. */
export interface EngineLoop {
  start(intervalMs?: number): void;
  /** Stops the ticks and resolves once the step under way, if any, has finished. */
  stop(): Promise<void>;
}

/**
 * The loop every engine runs (spot, stock contracts, coin contracts, option expiry): one step at a time, so a
 * slow database makes the loop skip ticks, never overlap them; a failed step is logged with `failure` and the
 * next tick tries again. `start` twice keeps the first loop.
 */
export function engineLoop(
  log: Services['log'],
  failure: string,
  step: () => Promise<unknown>,
  defaultIntervalMs = 1000,
): EngineLoop {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    start(intervalMs = defaultIntervalMs) {
      if (timer) return;
      let busy = false;
      timer = setInterval(() => {
        if (busy) return;
        busy = true;
        running = (async () => {
          try {
            await step();
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
    },
  };
}
