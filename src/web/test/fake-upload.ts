/**
 * A stand-in for XMLHttpRequest, which uploads use (for their progress events), plus the object URLs
 * jsdom lacks. Test-only. The CSRF token still comes from the stubbed fetch (see render.tsx).
 */
import { vi } from 'vitest';

interface UploadAnswer {
  status: number;
  body: unknown;
}

interface UploadRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
  /** The multipart fields. */
  kind: string | null;
  file: File | null;
  /** Reports that `fraction` of the body was sent. */
  progress: (fraction: number) => void;
  respond: (status: number, body: unknown) => void;
  /** A network failure. */
  fail: () => void;
}

/**
 * Replaces XMLHttpRequest. `answer` decides each upload's answer (after the current task, so the UI
 * sees the upload start); 'manual' leaves it to the test (`requests[n].respond(...)`).
 */
export function stubUploads(
  answer: ((request: UploadRequest) => UploadAnswer) | 'manual' = () => ({
    status: 201,
    body: { success: true, url: '/api/images/uploaded-image-1.webp', message: 'Image uploaded successfully' },
  }),
) {
  const requests: UploadRequest[] = [];
  let previews = 0;
  URL.createObjectURL = () => `blob:http://localhost/preview-${++previews}`;
  URL.revokeObjectURL = () => {};

  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private done = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    send(body: FormData) {
      const request: UploadRequest = {
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        withCredentials: this.withCredentials,
        kind: (body.get('kind') as string | null) ?? null,
        file: (body.get('file') as File | null) ?? null,
        progress: (fraction) => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 1000, total: 1000 } as ProgressEvent),
        respond: (status, responseBody) => {
          if (this.done) return;
          this.done = true;
          this.status = status;
          this.statusText = status < 300 ? 'OK' : 'Error';
          this.responseText = responseBody === undefined ? '' : JSON.stringify(responseBody);
          this.onload?.();
        },
        fail: () => {
          if (this.done) return;
          this.done = true;
          this.onerror?.();
        },
      };
      requests.push(request);
      if (answer !== 'manual') {
        const { status, body: responseBody } = answer(request);
        setTimeout(() => request.respond(status, responseBody), 0);
      }
    }

    abort() {
      if (this.done) return;
      this.done = true;
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { requests };
}

/** A small PNG-typed file (its bytes do not matter to the fake). */
export function imageFile(name = 'banner.png', type = 'image/png'): File {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type });
}
