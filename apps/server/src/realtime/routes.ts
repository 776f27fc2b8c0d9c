import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { onDrainBegin } from '../http/drain';
import { apiBase } from '../http/implement';
import { pickLanguage } from '../http/language';
import type { Bus } from '../market/bus';
import {
  defaultLeaderTimings,
  electLeader,
  type Leadership,
  type LeaderTimings,
  newInstanceId,
} from '../platform/lease';
import { countSocket } from '../platform/metrics';
import type { Services } from '../services';
import { Hub, type HubOptions } from './hub';
import { defaultInterestTimings, InterestAnnouncer, InterestBoard, type InterestTimings } from './interest';
import type { LiveSource } from './live-source';
import { liveSourceOf } from './market-live-source';
import { defaultPublisherTimings, LivePublisher, type PublisherTimings } from './publisher';
import { databaseSessions } from './sessions';
import { type ClientLimits, defaultClientLimits, type SessionPort, SocketClient } from './socket-client';

export interface RealtimeOptions {
  /** Defaults to the services' bus and market. */
  bus?: Bus;
  source?: LiveSource;
  sessions?: SessionPort;
  limits?: Partial<ClientLimits>;
  /** The fan-out's serializer and tick gathering (decision 069). */
  hub?: HubOptions;
  leader?: LeaderTimings;
  interest?: InterestTimings;
  publisher?: PublisherTimings;
  /** Protocol pings: a socket that did not answer the previous one is closed. */
  pingEveryMs?: number;
  /** How often signed-in sockets check that their session still holds. */
  sessionCheckMs?: number;
}

export const wsPath = `${apiBase}/ws`;

/** WebSocket close code 1012, "service restart" (RFC 6455 registry): the server stops, come back shortly. */
export const restartCloseCode = 1012;

/**
 * The live half of the market (DESIGN.md §6): the WebSocket at /ipcg-api/ws, the fan-out of bus topics to
 * its sockets, and the feed leader's publisher. Every instance serves sockets and announces what they want;
 * once listening, each competes for the feed and only the leader publishes. app.close() stops all of it;
 * the bus is closed by whoever opened it.
 */
export async function registerRealtime(
  app: FastifyInstance,
  services: Services,
  options: RealtimeOptions = {},
): Promise<void> {
  const bus = options.bus ?? services.bus;
  const source = options.source ?? liveSourceOf(services.market);
  const log = services.log;
  const limits = { ...defaultClientLimits, ...options.limits };
  const sessions = options.sessions ?? databaseSessions(services.db);
  const instanceId = newInstanceId();

  // The feed starts when the server starts serving: an app driven only through inject (the API tests)
  // neither competes for the leader lock nor computes ticks.
  let feed: { leader: Leadership; publisher: LivePublisher } | undefined;
  const board = new InterestBoard((topics) => void feed?.publisher.publishNow(topics));
  app.addHook('onListen', async () => {
    const leader = electLeader(bus, {
      instanceId,
      timings: options.leader ?? defaultLeaderTimings,
      onError: (err) => log.warn({ err }, 'feed leader lock failed'),
    });
    const publisher = new LivePublisher({
      bus,
      source,
      leader,
      interest: board,
      clock: services.clock,
      log,
      timings: options.publisher ?? defaultPublisherTimings,
    });
    feed = { leader, publisher };
    publisher.start();
  });
  const announcer = new InterestAnnouncer(
    bus,
    instanceId,
    () => hub.marketTopics(),
    options.interest ?? defaultInterestTimings,
    (err) => log.warn({ err }, 'interest announcement failed'),
  );
  const hub = new Hub(bus, log, announcer, options.hub);
  const clients = new Set<SocketClient>();
  const sockets = new Set<WebSocket>();

  await board.listen(bus);

  const pinger = setInterval(() => {
    for (const client of clients) client.heartbeat();
  }, options.pingEveryMs ?? 30_000);
  const sessionChecker = setInterval(() => {
    for (const client of clients) void client.checkSession();
  }, options.sessionCheckMs ?? 30_000);

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get(wsPath, { websocket: true }, (socket, req) => {
    const query = req.query as { lang?: unknown };
    const lang = pickLanguage(typeof query.lang === 'string' ? query.lang : req.headers['accept-language']);
    // Listeners are attached before any await, so no early message is lost (see @fastify/websocket).
    const client = new SocketClient(socket, lang, hub, (s) => source.has(s), sessions, limits, log);
    clients.add(client);
    sockets.add(socket);
    countSocket(1);
    socket.on('close', () => {
      clients.delete(client);
      sockets.delete(socket);
      countSocket(-1);
      void client.close();
    });
  });
  // A clean stop (decision 041): 1012 "service restart" tells the client to come back; the app's socket
  // client reconnects after any close, with its backoff, to whichever instance the proxy picks.
  onDrainBegin(app, () => {
    for (const socket of sockets) socket.close(restartCloseCode, 'restarting');
  });

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    clearInterval(sessionChecker);
    await feed?.publisher.stop();
    await announcer.stop();
    await board.stop();
    await feed?.leader.stop();
    await Promise.all([...clients].map((c) => c.close()));
    await hub.close();
  });
}
