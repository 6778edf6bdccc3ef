import { describe, expect, it } from 'vitest';
import type { AdminStatus } from '#core/api';
import { describeSystemChecks, identityProviderLabel } from './system-checks';

const healthy: AdminStatus = {
  database: { ok: true, latencyMs: 2.35 },
  steam: { openIdUrl: 'https://steamcommunity.com/openid/login', apiConfigured: true, fake: false },
  identityProvider: 'built-in',
  serverTime: '2025-04-10T14:30:00.000Z',
};

describe('describeSystemChecks', () => {
  it('reports every check as fine on a healthy server', () => {
    expect(describeSystemChecks(healthy)).toEqual([
      { label: 'Database', isOk: true, detail: 'Reachable (answered in 2.35 ms)' },
      { label: 'Steam sign-in', isOk: true, detail: 'https://steamcommunity.com/openid/login' },
      { label: 'Steam Web API', isOk: true, detail: 'API key configured' },
      { label: 'Identity provider', isOk: true, detail: 'Built-in email and password sign-in' },
    ]);
  });

  it('reports an unreachable database and a missing Steam API key as problems', () => {
    const checks = describeSystemChecks({
      ...healthy,
      database: { ok: false, latencyMs: null },
      steam: { ...healthy.steam, apiConfigured: false },
    });
    expect(checks[0]).toEqual({ label: 'Database', isOk: false, detail: 'Not reachable' });
    expect(checks[2]).toMatchObject({ label: 'Steam Web API', isOk: false });
  });

  it('says when the Steam sign-in is the development fake', () => {
    const checks = describeSystemChecks({
      ...healthy,
      steam: { openIdUrl: 'http://localhost:3000/__fake-steam/openid', apiConfigured: true, fake: true },
    });
    expect(checks[1]!.detail).toBe('Simulated for development (http://localhost:3000/__fake-steam/openid)');
  });
});

describe('identityProviderLabel', () => {
  it('names the known providers and passes others through', () => {
    expect(identityProviderLabel('built-in')).toBe('Built-in email and password sign-in');
    expect(identityProviderLabel('firebase')).toBe('Hosted identity service (Firebase)');
    expect(identityProviderLabel('other')).toBe('other');
  });
});
