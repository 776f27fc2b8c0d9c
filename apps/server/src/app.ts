import cors from '@fastify/cors';
import { translate } from '@piazza/contract/messages/catalogue';
import { FailureCode, ResultCode } from '@piazza/contract/wire';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { ZodError } from 'zod';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { onServerClock } from './db/server-clock';
import { registerCompression } from './http/compression';
import { registerDrain } from './http/drain';
import { registerFormBody, UndecodableBody } from './http/form-body';
import { pickLanguage } from './http/language';
import { registerSecurityHeaders } from './http/security-headers';
import { describeZodIssue } from './http/zod-refusal';
import type { Bus } from './market/bus';
import { openBus } from './market/bus-open';
import { catalogue } from './market/catalogue/catalogue';
import { createLiveFeed } from './market/feeds/live-feed';
import { createMarketService, type MarketService } from './market/market-service';
import { createSimulator, simulatorSeedDefault } from './market/sim/simulator';
import { seedDemo } from './modules/demo';
import { registerWebApps } from './modules/system';
import { serveBackupSocket } from './ops/backup-socket';
import { ledgerVerifyJob } from './ops/ledger-verify-job';
import { inProcessQueue } from './platform/jobs/in-process-queue';
import { createJobRunner } from './platform/jobs/job-runner';
import { pgBossQueue } from './platform/jobs/pg-boss-queue';
import { registerMetrics } from './platform/metrics';
import { outboxNotifier, unconfiguredNotifier } from './platform/notifier';
import { Refusal, SessionRequired } from './platform/refusal';
import { type RealtimeOptions, registerRealtime } from './realtime/routes';
import { registerModuleLedgerChecks, registerModuleWorkQueues, serverModules } from './server-modules';
import { type Clock, type Services, shiftedClock, systemClock } from './services';

export interface BuildOptions {
  config: Config;
  /** An open database (tests); otherwise opened from the configuration. */
  db?: Db;
  clock?: Clock;
  /** Serve the built web app and back office (off in API tests). */
  serveApps?: boolean;
  logger?: boolean;
  /** Seed the demo investor and operator (defaults to demo mode). */
  seedDemo?: boolean;
  /** The market (tests); otherwise the simulator over the whole catalogue. */
  market?: MarketService;
  /** The bus (tests: a Redis bus with a prefix of their own); otherwise opened from REDIS_URL. */
  bus?: Bus;
  /** Timings and limits of the WebSocket and the feed leader (tests, benchmarks). */
  realtime?: RealtimeOptions;
}

export type App = FastifyInstance & { readonly services: Services };

/** Builds the whole server: database migrated, demo seeded when in demo mode, every module mounted. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    bodyLimit: 1024 * 1024,
  });
  // First, so a stop refuses newcomers before any other hook runs (decision 041).
  registerDrain(app);
  const db = opts.db ?? (await openDatabase(config));
  await migrate(db);
  const clock =
    opts.clock ?? (config.demoClockStartMs === null ? systemClock : shiftedClock(config.demoClockStartMs));
  // Every time the database records comes from this clock when it is not the real one (decision 043).
  const clockedDb = clock === systemClock ? db : onServerClock(db, clock);
  const market = opts.market ?? (await openMarket(app, config, clock));
  const bus = opts.bus ?? (await openBus(config, (err, topic) => app.log.warn({ err, topic }, 'bus failed')));
  const jobs = createJobRunner({
    db: clockedDb,
    clock,
    log: app.log,
    // pg-boss on PostgreSQL, the same interface in process on PGlite (decision 026).
    queue: db.url
      ? pgBossQueue(db.url, (err) => app.log.warn({ err }, 'job queue failed'))
      : inProcessQueue(),
  });
  const services: Services = {
    config,
    db: clockedDb,
    clock,
    notifier: config.demoMode ? outboxNotifier : unconfiguredNotifier((m) => app.log.warn(m)),
    log: app.log,
    market,
    bus,
    jobs,
  };
  if (!opts.db) app.addHook('onClose', () => db.close());
  // The embedded database answers `npm run backup` while the server runs (ops/backup-socket.ts, decision 042).
  const backupDump = (db as { dump?: () => Promise<Blob> }).dump;
  if (!opts.db && backupDump) {
    const socket = await serveBackupSocket(config.dataDir, backupDump, (m) => app.log.warn(m));
    if (socket) app.addHook('onClose', () => socket.close());
  }
  if (!opts.bus) app.addHook('onClose', () => bus.close());

  registerMetrics(app, { token: config.metricsToken, db, poolUse: db.poolUse });
  registerFormBody(app);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  // Same-origin needs no CORS; an app served from another origin must be listed in CORS_ORIGINS.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: ['access-token', 'accept-language', 'content-type'],
      methods: ['GET', 'POST'],
    });
  }
  app.setErrorHandler((err, req, reply) => {
    const lang = pickLanguage(req.headers['accept-language']);
    if (err instanceof Refusal) {
      return reply.send({
        code: ResultCode.refusal,
        msg: translate(lang, err.key, err.params),
        data: err.data,
      });
    }
    if (err instanceof SessionRequired) {
      return reply.send({ code: ResultCode.session, msg: translate(lang, err.key), data: null });
    }
    if (err instanceof ZodError) {
      const { key, params } = describeZodIssue(err.issues[0]);
      return reply.send({ code: ResultCode.refusal, msg: translate(lang, key, params), data: null });
    }
    if (err instanceof UndecodableBody) {
      return reply.status(400).send({ code: ResultCode.refusal, msg: translate(lang, err.key), data: null });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed bodies, wrong content types, oversized payloads: the caller's fault, said plainly.
      return reply.send({ code: ResultCode.refusal, msg: translate(lang, 'wire.badBody'), data: null });
    }
    req.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ code: FailureCode.internal, msg: translate(lang, 'wire.internal'), data: null });
  });

  // Each module in a Fastify context of its own: its hooks and guards reach its own routes only.
  registerModuleLedgerChecks();
  registerModuleWorkQueues();
  for (const module of serverModules) {
    await app.register(async (scope) => module.register(scope, services));
  }
  jobs.define(ledgerVerifyJob(db));
  // The modules have defined their jobs: the queue and the scheduler start once the server listens.
  app.addHook('onListen', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  await registerRealtime(app, services, opts.realtime);
  await registerWebApps(app, { serveApps: opts.serveApps ?? false });

  if (opts.seedDemo ?? config.demoMode) await seedDemo(services);
  return Object.assign(app, { services }) as App;
}

/**
 * The market: the live feed MARKET_FEED names (crypto pairs) in front of the simulator, which covers the
 * whole catalogue. The live feed is closed with the server.
 */
async function openMarket(app: FastifyInstance, config: Config, clock: Clock): Promise<MarketService> {
  const log = { warn: (m: string) => app.log.warn(m) };
  const live = await createLiveFeed(config.marketFeed, catalogue, { clock, log });
  if (live) app.addHook('onClose', () => live.close());
  const simulator = createSimulator({ seed: simulatorSeedDefault, instruments: catalogue, clock });
  return createMarketService({
    instruments: catalogue,
    feeds: live ? [live, simulator] : [simulator],
    clock,
    onFallback: log.warn,
  });
}
