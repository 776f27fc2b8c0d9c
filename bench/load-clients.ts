/*
 * The HTTP clients of bench/http-orders.ts, in a process of their own (forked by it), so the server under
 * test has its Node thread to itself: the parent sends one LoadJob over IPC, this process runs the clients
 * until the time is up and answers one LoadResult, then exits.
 *
 * Client c's request n goes to investor (c + n × clients) mod investors, so a client's consecutive orders
 * are of different people, with step n mod steps: the same rule the in-process clients followed.
 */

import { randomBytes } from 'node:crypto';

export interface LoadStep {
  path: string;
  params: Record<string, string>;
}

export interface LoadInvestor {
  token: string;
  /** Sent with each of this investor's requests (the transaction password, when they have one). */
  params?: Record<string, string>;
}

/** What one run of clients does: everything plain data, since it crosses to another process. */
export interface LoadPlan {
  investors: LoadInvestor[];
  steps: LoadStep[];
}

export interface LoadJob {
  baseUrl: string;
  plan: LoadPlan;
  clients: number;
  seconds: number;
}

export interface LoadResult {
  ok: number;
  refused: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  /** The first refusal's message, if any, to tell a broken scenario from a slow one. */
  firstRefusal?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number);

export async function runClients(job: LoadJob): Promise<LoadResult> {
  const { baseUrl, plan, clients, seconds } = job;
  const latencies: number[] = [];
  let ok = 0;
  let refused = 0;
  let firstRefusal: string | undefined;
  const startedAt = performance.now();
  const endAt = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() < endAt; n++) {
        const who = plan.investors[(client + n * clients) % plan.investors.length] as LoadInvestor;
        const step = plan.steps[n % plan.steps.length] as LoadStep;
        const body = new URLSearchParams({
          ...step.params,
          ...who.params,
          requestId: `bench-${randomBytes(8).toString('hex')}`,
        });
        const t0 = performance.now();
        const res = await fetch(baseUrl + step.path, {
          method: 'POST',
          headers: { 'access-token': who.token, 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        });
        const envelope = (await res.json()) as { code: number; msg: string };
        latencies.push(performance.now() - t0);
        if (envelope.code === 0) ok++;
        else if (envelope.code === -1001) {
          refused++;
          firstRefusal ??= envelope.msg;
        } else throw new Error(`${step.path}: ${envelope.code} ${envelope.msg}`);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    ok,
    refused,
    seconds: (performance.now() - startedAt) / 1000,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    ...(firstRefusal === undefined ? {} : { firstRefusal }),
  };
}

// Forked by http-orders.ts: one job in, one result (or error) out.
if (process.send) {
  process.once('message', (job: LoadJob) => {
    runClients(job).then(
      (result) => process.send?.({ result }, () => process.exit(0)),
      (err: unknown) => process.send?.({ error: String(err) }, () => process.exit(1)),
    );
  });
}
