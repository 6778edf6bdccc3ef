export const csrfMessages = {
  invalid: 'Invalid or missing CSRF token',
  fetchFailed: (status: number, statusText: string) => `Failed to fetch CSRF token: ${status} ${statusText}`,
  invalidResponse: 'Invalid CSRF token response',
  notReceived: 'CSRF token not received',
  securityValidationFailed: 'Security validation failed. Please refresh and try again.',
} as const;
