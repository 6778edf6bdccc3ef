/**
 * The one API client (spec section 7). Every call sends cookies. Reads are GETs parsed as JSON and
 * send the CSRF header when a token is known. Writes fetch the token lazily, send it in CSRF-Token,
 * and after a 403 that mentions the CSRF token they refetch it and retry once. Nothing else retries.
 * Any non-OK answer becomes an ApiError whose message is '{status}: {body text or status text}'.
 */
import { apiPaths } from '#core/api-paths';
import type { ErrorBody } from '#core/api';
import { sessionMessages } from '#core/messages/session';
import { commonMessages } from '#core/messages/common';
import { csrfMessages } from '#core/messages/csrf';

let csrfToken: string | null = null;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The JSON body of the answer, when it was JSON. */
  get body(): Partial<ErrorBody> & Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  /** The server's own message (shown in toasts), falling back to the generic text. */
  get serverMessage(): string {
    const message = this.body.message;
    return typeof message === 'string' && message ? message : this.message;
  }
}

export function resetCsrfToken(): void {
  csrfToken = null;
}

export async function fetchCsrfToken(): Promise<string> {
  const response = await fetch(apiPaths.csrfToken, { credentials: 'include' });
  if (!response.ok) throw new Error(csrfMessages.fetchFailed(response.status, response.statusText));
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new Error(csrfMessages.invalidResponse);
  }
  const token = (data as { csrfToken?: unknown } | null)?.csrfToken;
  if (typeof token !== 'string' || !token) throw new Error(csrfMessages.notReceived);
  csrfToken = token;
  return token;
}

export async function ensureCsrfToken(): Promise<string> {
  return csrfToken ?? fetchCsrfToken();
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return new ApiError(response.status, text, response.statusText);
}

async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface GetOptions {
  /** On 401: 'throw' raises 'Authentication required'; 'null' yields an empty result (spec section 6). */
  on401?: 'throw' | 'null';
  signal?: AbortSignal;
}

export async function apiGet<T>(path: string, options: GetOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (csrfToken) headers['CSRF-Token'] = csrfToken;
  const response = await fetch(path, { credentials: 'include', headers, signal: options.signal });
  if (response.status === 401) {
    if (options.on401 === 'null') return null as T;
    throw new Error(sessionMessages.authenticationRequired);
  }
  if (!response.ok) throw await toApiError(response);
  return parseBody<T>(response);
}

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function mentionsCsrf(text: string): boolean {
  return /csrf token/i.test(text);
}

export async function apiWrite<T>(method: WriteMethod, path: string, payload?: unknown): Promise<T> {
  const send = async (token: string) =>
    fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'CSRF-Token': token,
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });

  let response = await send(await securityToken(ensureCsrfToken));
  if (response.status === 403 && mentionsCsrf(await response.clone().text())) {
    resetCsrfToken();
    response = await send(await securityToken(fetchCsrfToken));
    if (response.status === 403 && mentionsCsrf(await response.clone().text())) {
      throw new SecurityValidationError(await toApiError(response));
    }
  }
  if (!response.ok) throw await toApiError(response);
  return parseBody<T>(response);
}

/** What the user sees when a write cannot get past the CSRF check (spec section 8, Generic). */
export class SecurityValidationError extends Error {
  constructor(cause: unknown) {
    super(csrfMessages.securityValidationFailed, { cause });
    this.name = 'SecurityValidationError';
  }
}

async function securityToken(get: () => Promise<string>): Promise<string> {
  try {
    return await get();
  } catch (error) {
    throw new SecurityValidationError(error);
  }
}

/** The text a toast shows for a failed call: the server's message when it sent one. */
export function errorMessage(error: unknown, fallback: string = commonMessages.unknownError): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export const api = {
  get: apiGet,
  post: <T>(path: string, payload?: unknown) => apiWrite<T>('POST', path, payload),
  put: <T>(path: string, payload?: unknown) => apiWrite<T>('PUT', path, payload),
  patch: <T>(path: string, payload?: unknown) => apiWrite<T>('PATCH', path, payload),
  delete: <T>(path: string, payload?: unknown) => apiWrite<T>('DELETE', path, payload),
};
