import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig, parseRateLimit } from './config.js';

const dirs: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wor-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('runs a local site with nothing set: port 3000, embedded database, generated secret kept under DATA_DIR', () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, publicUrl: 'http://localhost:3000', isHttps: false });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
    // Kept: the next start signs sessions with the same secret.
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://example.org' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RATE_LIMIT_LOGIN: 'ten per minute' }, 'RATE_LIMIT_LOGIN'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
  ])('names the variable of a wrong value (%o)', (env, name) => {
    expect(errorOf({ DATA_DIR: tempDataDir(), ...env })).toContain(name);
  });

  it('requires SESSION_SECRET with a database server or a public address', () => {
    expect(errorOf({ DATABASE_URL: 'postgres://db/wor' })).toContain('SESSION_SECRET');
    expect(errorOf({ DATA_DIR: tempDataDir(), PUBLIC_URL: 'https://ratings.example.org' })).toContain('SESSION_SECRET');
    const config = loadConfig({ DATABASE_URL: 'postgres://db/wor', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://ratings.example.org' });
    expect(config).toMatchObject({ isHttps: true, databaseUrl: 'postgres://db/wor' });
  });

  it('refuses the fake Steam on a public address, and turns it off when a real endpoint is given', () => {
    expect(errorOf({ FAKE_STEAM: '1', PUBLIC_URL: 'https://ratings.example.org', SESSION_SECRET: 'x'.repeat(40) })).toContain('FAKE_STEAM');
    expect(loadConfig({ DATA_DIR: tempDataDir(), STEAM_OPENID_URL: 'https://steamcommunity.com/openid/login' }).steam.fake).toBe(false);
  });

  it('reads admin emails case-insensitively and rate limits as count/window', () => {
    const config = loadConfig({ DATA_DIR: tempDataDir(), ADMIN_EMAILS: ' Chief@Example.org, ,second@example.org', RATE_LIMIT_VOTE: '30/1m' });
    expect([...config.adminEmails]).toEqual(['chief@example.org', 'second@example.org']);
    expect(config.rateLimits.vote).toEqual({ limit: 30, windowMs: 60_000 });
    expect(config.rateLimits.login).toEqual(DEFAULT_RATE_LIMITS.login);
    expect(parseRateLimit('5/30m')).toEqual({ limit: 5, windowMs: 1_800_000 });
    expect(parseRateLimit('0/1m')).toBeNull();
  });

  it('puts a CDN in front only with CDN_PURGE_URL, its token, and https unless the purge API is a local fake', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).cdn).toBeNull();
    const service = 'https://api.fastly.com/service/SVC123/';
    expect(errorOf({ DATA_DIR: tempDataDir(), CDN_PURGE_URL: service })).toContain('CDN_PURGE_TOKEN');
    expect(errorOf({ DATA_DIR: tempDataDir(), CDN_PURGE_URL: 'http://api.fastly.com/service/SVC123', CDN_PURGE_TOKEN: 't' })).toContain(
      'CDN_PURGE_URL',
    );
    expect(errorOf({ DATA_DIR: tempDataDir(), CDN_PURGE_URL: service, CDN_PURGE_TOKEN: 't', CDN_MAX_AGE_SECONDS: '0' })).toContain(
      'CDN_MAX_AGE_SECONDS',
    );
    expect(loadConfig({ DATA_DIR: tempDataDir(), CDN_PURGE_URL: service, CDN_PURGE_TOKEN: 't', CDN_STALE_IF_ERROR_SECONDS: '3600' }).cdn).toEqual({
      purgeUrl: 'https://api.fastly.com/service/SVC123',
      purgeToken: 't',
      maxAgeSeconds: 300,
      staleWhileRevalidateSeconds: 30,
      staleIfErrorSeconds: 3_600,
      purgeTimeoutMs: 5_000,
    });
    expect(loadConfig({ DATA_DIR: tempDataDir(), CDN_PURGE_URL: 'http://127.0.0.1:8080/service/x', CDN_PURGE_TOKEN: 't' }).cdn?.purgeUrl).toBe(
      'http://127.0.0.1:8080/service/x',
    );
  });
});
