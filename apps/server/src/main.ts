import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { NewerDatabase } from './db/migrate';
import { stopOnSignals } from './stop';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config, serveApps: true });
  stopOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Piazza on http://${config.host}:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${config.demoMode ? ', demo mode' : ''})`,
  );
}

main().catch((err) => {
  // A database newer than the code: the message names the migration and what to do; a stack would bury it.
  console.error(err instanceof NewerDatabase ? err.message : err);
  process.exit(1);
});
