import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, registerDrain, releaseFromDrain } from '../src/http/drain';

/*
 * A long-lived answer (a server-sent-event stream) must not hold a stop for the whole bound (decision 041): a
 * stream that called releaseFromDrain is ended when the drain begins, and the drain does not wait for it. The
 * process-level stop is clean-stop.test.ts; this is the drain alone, in process, on a bare server.
 */

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function streamingServer(release: boolean) {
  const server = Fastify();
  registerDrain(server);
  server.get('/stream', async (req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    reply.raw.write('event: ready\ndata: {}\n\n');
    if (release) releaseFromDrain(req);
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  app = server;
  return { server, port: (server.server.address() as AddressInfo).port };
}

/** Opens the stream and resolves once its first event arrived, with a promise of its end. */
function openStream(port: number): Promise<{ ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/stream', agent: false }, (res) => {
        const ended = new Promise<void>((done) => res.on('end', () => done()));
        res.once('data', () => resolve({ ended }));
      })
      .on('error', reject);
  });
}

describe('the drain and long-lived streams', () => {
  it('ends a released stream when the drain begins and does not wait for it', async () => {
    const { server, port } = await streamingServer(true);
    const stream = await openStream(port);
    // A bound far beyond the test's timeout: only a drain that does not wait for the stream finishes.
    expect(await drain(server, 600_000)).toEqual({ cut: 0 });
    await stream.ended;
  });

  it('waits for a stream that was not released, and cuts it at the bound', async () => {
    const { server, port } = await streamingServer(false);
    await openStream(port);
    expect(await drain(server, 50)).toEqual({ cut: 1 });
  });
});
