import { one, type Queryable } from '../../db/db';
import type { Services } from '../../services';
import { settingsTopic } from './news';

/*
 * The external customer-service script (SPEC §7 login info's serviceSaleSmartly, decision 039). SERVICE_SCRIPT_URL
 * is the install's default; the back office's choice, once made, wins ('' there means the built-in chat). The
 * choice in force is kept in `config.serviceScriptUrl`, which login info hands to the app and the
 * Content-Security-Policy reads on every answer (http/security-headers.ts): saving it on one instance tells the
 * others through the bus, and each reads the row again.
 */

export type ScriptSource = 'settings' | 'environment' | 'none';

export interface ScriptInForce {
  scriptUrl: string;
  source: ScriptSource;
}

async function storedScript(q: Queryable): Promise<string | null> {
  const row = await one<{ scriptUrl: string | null }>(
    q,
    'select script_url as "scriptUrl" from service_settings where id = 1',
  );
  return row?.scriptUrl ?? null;
}

export interface ScriptSetting {
  inForce(): ScriptInForce;
  save(q: Queryable, scriptUrl: string): Promise<void>;
  /** After the saving transaction committed: every instance (this one too) reads the row again. */
  announce(): Promise<void>;
}

export async function scriptSetting(services: Services, onClose: (stop: () => Promise<void>) => void) {
  const { config, db, bus } = services;
  const environmentUrl = config.serviceScriptUrl;
  let current: ScriptInForce = { scriptUrl: environmentUrl, source: environmentUrl ? 'environment' : 'none' };

  const apply = (stored: string | null) => {
    current =
      stored !== null
        ? { scriptUrl: stored, source: stored ? 'settings' : 'none' }
        : { scriptUrl: environmentUrl, source: environmentUrl ? 'environment' : 'none' };
    config.serviceScriptUrl = current.scriptUrl;
  };
  const reload = async () => apply(await storedScript(db));

  await reload();
  const stop = await bus.subscribe(settingsTopic, () => {
    reload().catch((err: unknown) => services.log.warn({ err }, 'service script setting not reloaded'));
  });
  onClose(stop);

  const setting: ScriptSetting = {
    inForce: () => current,
    async save(q, scriptUrl) {
      await q.query('update service_settings set script_url = $1, updated_at = now() where id = 1', [
        scriptUrl,
      ]);
    },
    async announce() {
      await reload();
      await bus.publish(settingsTopic, {});
    },
  };
  return setting;
}
