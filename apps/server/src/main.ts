import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

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
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Piazza on http://${config.host}:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${config.demoMode ? ', demo mode' : ''})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
