import type { App } from './app';
import { drain } from './http/drain';

/**
 * The clean stop (issue 23, decision 041): on SIGTERM or SIGINT the server drains (stops listening, answers
 * the requests it holds for at most `stopDrainMs`, refuses newcomers with 503), then closes the app — the
 * engines finish their current step, the job runner its current run, the database last — and exits 0.
 * Signals that arrive during the stop are ignored: `npm start` forwards the signal its child also got from the
 * terminal or the service manager, and the bound already caps the wait.
 */
export function stopOnSignals(app: App): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const boundMs = app.services.config.stopDrainMs;
    app.log.info({ signal, boundMs }, 'stopping: draining requests');
    try {
      const { cut } = await drain(app, boundMs);
      if (cut > 0) app.log.warn({ cut, boundMs }, 'stopping: requests cut by the bound');
      await app.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'stop failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s) => void stop(s));
}
