/**
 * Uploads with progress (spec sections 7 and 8, Upload), beside the JSON client (api-client.ts) and
 * under its CSRF rules. A module of its own: only the screens with an image field upload, and the
 * first screen's bundle need not carry the XMLHttpRequest code and the upload texts.
 */
import { uploadsMessages } from '#core/messages/uploads';
import { ApiError, SecurityValidationError, ensureCsrfToken, fetchCsrfToken, mentionsCsrf, resetCsrfToken } from './api-client';

export interface UploadOptions {
  /** Called with the share of the request body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface XhrAnswer {
  status: number;
  statusText: string;
  text: string;
}

/**
 * POSTs a multipart form through XMLHttpRequest, the only browser API that reports upload progress.
 * Same rules as the other writes: cookies, the CSRF-Token header fetched lazily, and one retry with a
 * fresh token after a 403 that mentions it; a non-OK answer becomes an ApiError. Unlike the JSON
 * writes, a failed token fetch keeps its own message ('Failed to fetch CSRF token: ...', 'CSRF token
 * not received'): spec section 8 lists those among the upload failures the user is shown. A network
 * failure is 'Upload failed'.
 */
export async function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  let answer = await sendForm(path, form, await ensureCsrfToken(), options);
  if (answer.status === 403 && mentionsCsrf(answer.text)) {
    resetCsrfToken();
    answer = await sendForm(path, form, await fetchCsrfToken(), options);
    if (answer.status === 403 && mentionsCsrf(answer.text)) {
      throw new SecurityValidationError(new ApiError(answer.status, answer.text, answer.statusText));
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.text, answer.statusText);
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

function sendForm(path: string, form: FormData, token: string, { onProgress, signal }: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException(uploadsMessages.aborted, 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('CSRF-Token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(new Error(uploadsMessages.failed));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException(uploadsMessages.aborted, 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}
