import type { AdminStatus } from '#core/api';

interface SystemCheck {
  label: string;
  isOk: boolean;
  detail: string;
}

/** How the identity provider of GET /api/admin/status reads to a person. */
export function identityProviderLabel(provider: string): string {
  switch (provider) {
    case 'built-in':
      return 'Built-in email and password sign-in';
    case 'firebase':
      return 'Hosted identity service (Firebase)';
    default:
      return provider;
  }
}

/**
 * The live checks of the 'System Status' tab, read from GET /api/admin/status instead of the
 * spec's static text: whether the database answered, what the Steam sign-in and Web API are
 * configured to use, and which identity provider signs people in.
 */
export function describeSystemChecks(status: AdminStatus): SystemCheck[] {
  const { database, steam } = status;
  return [
    {
      label: 'Database',
      isOk: database.ok,
      detail: database.ok ? `Reachable${database.latencyMs === null ? '' : ` (answered in ${database.latencyMs} ms)`}` : 'Not reachable',
    },
    {
      label: 'Steam sign-in',
      isOk: steam.openIdUrl !== '',
      detail: steam.fake ? `Simulated for development (${steam.openIdUrl})` : steam.openIdUrl || 'Not configured',
    },
    {
      label: 'Steam Web API',
      isOk: steam.apiConfigured,
      detail: steam.apiConfigured ? 'API key configured' : 'No API key configured: game statistics are unavailable',
    },
    {
      label: 'Identity provider',
      isOk: true,
      detail: identityProviderLabel(status.identityProvider),
    },
  ];
}
