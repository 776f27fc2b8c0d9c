import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { releaseFromDrain } from '../../http/drain';
import { apiBase } from '../../http/implement';
import { findOperatorSession } from '../../http/sessions';
import { Refusal, SessionRequired } from '../../platform/refusal';
import type { Services } from '../../services';
import { inboxTopic } from './news';

/*
 * The back office's live inbox: a server-sent-events stream of what moved in the conversations (decision 039).
 * Each instance relays the bus topic `service:inbox` to the streams it holds, so an operator on any instance
 * hears of a message written on any other. The stream carries only "conversation N moved"; the inbox reads the
 * database again. Streams are ended when the server closes, so a shutdown never waits on an open inbox.
 */

export const inboxStreamPath = `${apiBase}/admin/service/stream`;
/** A comment line this often keeps proxies from timing out an idle stream. */
const heartbeatMs = 20_000;

const tokenOf = (req: FastifyRequest) => {
  const h = req.headers['access-token'];
  return (Array.isArray(h) ? h[0] : h) || undefined;
};

export async function mountInboxStream(app: FastifyInstance, services: Services): Promise<void> {
  const streams = new Set<ServerResponse>();
  const stop = await services.bus.subscribe(inboxTopic, (payload) => {
    const frame = `event: inbox\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const res of streams) res.write(frame);
  });
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    streams.clear();
  });
  app.addHook('onClose', async () => stop());

  app.get(inboxStreamPath, async (req, reply) => {
    const operator = await findOperatorSession(services.db, tokenOf(req));
    if (!operator) throw new SessionRequired('operator.required');
    if (operator.role !== 'admin' && operator.role !== 'support') throw new Refusal('operator.forbidden');
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('event: ready\ndata: {}\n\n');
    streams.add(res);
    // A clean stop (decision 041) does not wait for an open inbox: it ends the stream when it begins.
    releaseFromDrain(req);
    const beat = setInterval(() => res.write(': beat\n\n'), heartbeatMs);
    beat.unref();
    res.on('close', () => {
      clearInterval(beat);
      streams.delete(res);
    });
  });
}
