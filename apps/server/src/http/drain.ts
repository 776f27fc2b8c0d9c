import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import { translate } from '@piazza/contract/messages/catalogue';
import { FailureCode } from '@piazza/contract/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pickLanguage } from './language';

/*
 * The drain of a clean stop (issue 23, decision 041). On SIGTERM the server stops listening, answers every
 * request it already holds, and refuses what arrives after on a kept-alive socket with 503, `Connection:
 * close` and `Retry-After`, so a client or a proxy knows nothing was done and goes elsewhere. Answers given
 * while draining carry `Connection: close` too, so no client sends another request on that socket.
 *
 * Requests are counted at the HTTP server itself (every 'request', until its response closes), so nothing
 * Fastify routes, refuses or 404s escapes the count. Long-lived answers (a server-sent-event stream) would
 * hold the stop for the whole bound: they call `releaseFromDrain(req)`, are not waited for, and are ended
 * when the drain begins. WebSockets are upgrades, not requests: their owner closes them with a reconnect hint
 * from `onDrainBegin`.
 */

/** How long a client should wait before trying again (seconds): long enough for another instance or a restart. */
export const retryAfterSeconds = 5;

export interface DrainOutcome {
  /** Requests still unanswered when the bound ran out, whose connections were then closed. */
  cut: number;
}

interface DrainState {
  draining: boolean;
  inFlight: Set<ServerResponse>;
  released: Set<ServerResponse>;
  beginHooks: (() => void | Promise<void>)[];
  /** Resolves the wait of `drain` when the last request held is answered. */
  settled?: () => void;
}

const states = new WeakMap<Server, DrainState>();

function stateOf(server: Server): DrainState {
  let state = states.get(server);
  if (!state) {
    state = { draining: false, inFlight: new Set(), released: new Set(), beginHooks: [] };
    states.set(server, state);
  }
  return state;
}

/**
 * Counts the server's requests and refuses new ones while draining. Registered first in buildApp, so its
 * hooks run before any other.
 */
export function registerDrain(app: FastifyInstance): void {
  const state = stateOf(app.server);
  app.server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    state.inFlight.add(res);
    res.once('close', () => {
      state.inFlight.delete(res);
      state.released.delete(res);
      if (state.draining && state.inFlight.size === 0) state.settled?.();
    });
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!state.draining) return;
    const lang = pickLanguage(req.headers['accept-language']);
    return reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', String(retryAfterSeconds))
      .send({ code: FailureCode.unavailable, msg: translate(lang, 'wire.restarting'), data: null });
  });
  app.addHook('onSend', async (_req, reply) => {
    if (state.draining) reply.header('connection', 'close');
  });
}

/** A long-lived answer (a server-sent-event stream) that must not hold the stop: ended when the drain begins. */
export function releaseFromDrain(req: FastifyRequest): void {
  const state = stateOf(req.server.server);
  const res = findResponse(state, req.raw);
  if (!res) return;
  state.inFlight.delete(res);
  state.released.add(res);
  if (state.draining) res.end();
  else if (state.inFlight.size === 0) state.settled?.();
}

function findResponse(state: DrainState, req: IncomingMessage): ServerResponse | undefined {
  for (const res of state.inFlight) if (res.req === req) return res;
  return undefined;
}

/** Something to do when the drain begins (close WebSockets with a reconnect hint). */
export function onDrainBegin(app: FastifyInstance, fn: () => void | Promise<void>): void {
  stateOf(app.server).beginHooks.push(fn);
}

/**
 * Stops listening and waits until every request held is answered, at most `boundMs`; then closes what is
 * left (idle keep-alive sockets, and the requests cut by the bound). The caller closes the app after.
 */
export async function drain(app: FastifyInstance, boundMs: number): Promise<DrainOutcome> {
  const server = app.server;
  const state = stateOf(server);
  if (state.draining) return { cut: 0 };
  state.draining = true;
  // net's close, not http's: http's would also close the idle keep-alive sockets at once, and a request
  // already on its way on one of them would be cut instead of answered 503.
  if (server.listening) net.Server.prototype.close.call(server);
  for (const hook of state.beginHooks) {
    try {
      await hook();
    } catch (err) {
      app.log.warn({ err }, 'drain hook failed');
    }
  }
  for (const res of state.released) res.end();
  const settled = () =>
    new Promise<'settled'>((resolve) => {
      state.settled = () => resolve('settled');
      if (state.inFlight.size === 0) resolve('settled');
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'bound'>((resolve) => {
    timer = setTimeout(() => resolve('bound'), boundMs);
  });
  // A request whose bytes already arrived is read in the next poll phase: look again after it.
  while (state.inFlight.size > 0 || (await nextTurnHasRequests(state))) {
    if ((await Promise.race([settled(), bound])) === 'bound') break;
  }
  clearTimeout(timer);
  const cut = state.inFlight.size;
  if (cut > 0) server.closeAllConnections();
  else server.closeIdleConnections();
  return { cut };
}

function nextTurnHasRequests(state: DrainState): Promise<boolean> {
  return new Promise((resolve) => setImmediate(() => resolve(state.inFlight.size > 0)));
}
