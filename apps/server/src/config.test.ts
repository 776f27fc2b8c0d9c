import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { resolveSecretKey } from './config-secret-key';

const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

describe('configuration', () => {
  it('defaults to PGlite in ./data on 127.0.0.1:8080 with demo mode on', () => {
    const c = loadConfig(env({}));
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: '', redisUrl: '', demoMode: true });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  it('turns demo mode off by default on PostgreSQL, and lets it be forced either way', () => {
    expect(loadConfig(env({ DATABASE_URL: 'postgres://h/db' })).demoMode).toBe(false);
    expect(loadConfig(env({ DATABASE_URL: 'postgres://h/db', DEMO_MODE: '1' })).demoMode).toBe(true);
    expect(loadConfig(env({ DEMO_MODE: 'off' })).demoMode).toBe(false);
  });

  it('fails fast naming each bad variable', () => {
    expect(() => loadConfig(env({ PORT: 'eighty', DATABASE_URL: 'mysql://x' }))).toThrowError(ConfigError);
    try {
      loadConfig(env({ PORT: 'eighty', DATABASE_URL: 'mysql://x' }));
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
    expect(() => loadConfig(env({ DEMO_MODE: 'maybe' }))).toThrowError(/DEMO_MODE/);
    expect(() => loadConfig(env({ REDIS_URL: 'http://x' }))).toThrowError(/REDIS_URL/);
    expect(() => loadConfig(env({ MARKET_FEED: 'binance' }))).toThrowError(
      /MARKET_FEED: must be simulator or ccxt/,
    );
    expect(() => loadConfig(env({ MARKET_FEED: 'ccxt:' }))).toThrowError(/MARKET_FEED/);
  });

  it('simulates the market unless MARKET_FEED names a ccxt exchange', () => {
    expect(loadConfig(env({})).marketFeed).toEqual({ source: 'simulator' });
    expect(loadConfig(env({ MARKET_FEED: 'ccxt:binance' })).marketFeed).toEqual({
      source: 'ccxt',
      exchange: 'binance',
    });
  });

  it('wants the first operator e-mail and password together, and a long password', () => {
    expect(() => loadConfig(env({ ADMIN_EMAIL: 'a@b.it' }))).toThrowError(/together/);
    expect(() => loadConfig(env({ ADMIN_EMAIL: 'a@b.it', ADMIN_PASSWORD: 'short' }))).toThrowError(
      /10 characters/,
    );
    expect(loadConfig(env({ ADMIN_EMAIL: 'a@b.it', ADMIN_PASSWORD: 'long-enough-pw' })).adminEmail).toBe(
      'a@b.it',
    );
  });

  it('starts a demo clock only in demo mode, from a valid instant', () => {
    expect(loadConfig(env({ DEMO_CLOCK_START: '2026-11-23T10:00:00+01:00' })).demoClockStartMs).toBe(
      Date.UTC(2026, 10, 23, 9, 0, 0),
    );
    expect(loadConfig(env({})).demoClockStartMs).toBeNull();
    expect(() => loadConfig(env({ DEMO_CLOCK_START: 'monday' }))).toThrowError(/DEMO_CLOCK_START/);
    expect(() =>
      loadConfig(env({ DATABASE_URL: 'postgres://h/db', DEMO_CLOCK_START: '2026-11-23T10:00:00Z' })),
    ).toThrowError(/only allowed in demo mode/);
  });

  it('reads SECRET_KEY as 32 bytes of base64 and refuses anything else', () => {
    const key = randomBytes(32);
    expect(loadConfig(env({ SECRET_KEY: key.toString('base64') })).secretKey).toEqual(key);
    expect(loadConfig(env({})).secretKey).toBeNull();
    for (const bad of [randomBytes(16).toString('base64'), 'not base64 at all', key.toString('hex')]) {
      expect(() => loadConfig(env({ SECRET_KEY: bad }))).toThrowError(/SECRET_KEY: must be 32 random bytes/);
    }
  });
});

describe('the key that seals secrets at rest', () => {
  it('is SECRET_KEY when set; else generated once into DATA_DIR and read back from there', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'piazza-key-'));
    try {
      const key = randomBytes(32);
      expect(
        resolveSecretKey(loadConfig(env({ DATA_DIR: dir, SECRET_KEY: key.toString('base64') }))),
      ).toEqual(key);
      const made = resolveSecretKey(loadConfig(env({ DATA_DIR: dir })));
      expect(made).toHaveLength(32);
      expect(made).not.toEqual(key);
      expect(resolveSecretKey(loadConfig(env({ DATA_DIR: dir })))).toEqual(made);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is required on PostgreSQL outside demo mode, where instances share one database', () => {
    expect(() => resolveSecretKey(loadConfig(env({ DATABASE_URL: 'postgres://h/db' })))).toThrowError(
      /SECRET_KEY is required with DATABASE_URL/,
    );
    const key = randomBytes(32);
    expect(
      resolveSecretKey(
        loadConfig(env({ DATABASE_URL: 'postgres://h/db', SECRET_KEY: key.toString('base64') })),
      ),
    ).toEqual(key);
  });
});
