/**
 * A fake Discord for the webhook tests (issue 19, item 3): a real HTTP server that takes Execute
 * Webhook calls (POST /api/webhooks/{id}/{token}), checks each body against Discord's documented
 * shape and limits, written out here from the documentation rather than imported from the code
 * under test (https://discord.com/developers/docs/resources/webhook#execute-webhook and
 * .../resources/message#embed-object-embed-limits), and answers as scripted: 204, a 429 with
 * `retry_after`, a 5xx, a 404 for a deleted webhook, or no answer at all.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAnswer = { status: 204 } | { status: 429; retryAfterSeconds: number } | { status: 500 | 502 | 404 | 401 } | { hang: true };

export interface ReceivedMessage {
  /** When it arrived (ms since the epoch). */
  at: number;
  webhookId: string;
  token: string;
  body: unknown;
  /** Where the body breaks Discord's rules; an empty list when it is a valid message. */
  problems: string[];
  answeredWith: number | 'hang';
}

const chars = (value: unknown) => (typeof value === 'string' ? Array.from(value).length : 0);
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const EMBED_KEYS = new Set([
  'title',
  'type',
  'description',
  'url',
  'timestamp',
  'color',
  'footer',
  'image',
  'thumbnail',
  'video',
  'provider',
  'author',
  'fields',
]);

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** What Discord would refuse (400 Invalid Form Body), plus the site's own rule: mentions are off. */
export function discordMessageProblems(body: unknown): string[] {
  const problems: string[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the body is not a JSON object'];
  const message = body as Record<string, unknown>;
  const embeds = message.embeds;
  if (message.content === undefined && embeds === undefined) problems.push('neither content nor embeds');
  if (message.content !== undefined && (typeof message.content !== 'string' || chars(message.content) > 2000)) problems.push('content over 2000');
  if (message.username !== undefined && (typeof message.username !== 'string' || chars(message.username) < 1 || chars(message.username) > 80)) {
    problems.push('username not 1-80 characters');
  }
  const parse = (message.allowed_mentions as { parse?: unknown } | undefined)?.parse;
  if (!Array.isArray(parse) || parse.length !== 0) problems.push('allowed_mentions.parse is not [] (text could ping @everyone)');
  if (embeds === undefined) return problems;
  if (!Array.isArray(embeds) || embeds.length > 10) return [...problems, 'embeds is not an array of at most 10'];
  let total = 0;
  embeds.forEach((raw: unknown, i) => {
    const embed = raw as Record<string, unknown>;
    const at = `embeds[${i}]`;
    for (const key of Object.keys(embed)) if (!EMBED_KEYS.has(key)) problems.push(`${at}.${key} is not an embed field`);
    if (embed.title !== undefined && (typeof embed.title !== 'string' || chars(embed.title) > 256)) problems.push(`${at}.title over 256`);
    if (embed.description !== undefined && (typeof embed.description !== 'string' || chars(embed.description) > 4096))
      problems.push(`${at}.description over 4096`);
    if (embed.url !== undefined && !isHttpUrl(embed.url)) problems.push(`${at}.url is not an http(s) URL`);
    if (embed.timestamp !== undefined && (typeof embed.timestamp !== 'string' || !ISO_8601.test(embed.timestamp)))
      problems.push(`${at}.timestamp is not ISO 8601`);
    if (embed.color !== undefined && (!Number.isInteger(embed.color) || (embed.color as number) < 0 || (embed.color as number) > 0xffffff)) {
      problems.push(`${at}.color is not an integer colour`);
    }
    const footer = embed.footer as { text?: unknown } | undefined;
    if (footer !== undefined && (typeof footer.text !== 'string' || chars(footer.text) < 1 || chars(footer.text) > 2048))
      problems.push(`${at}.footer.text not 1-2048`);
    const fields = embed.fields ?? [];
    if (!Array.isArray(fields) || fields.length > 25) problems.push(`${at}.fields is not an array of at most 25`);
    else {
      fields.forEach((rawField: unknown, j) => {
        const field = rawField as Record<string, unknown>;
        if (typeof field.name !== 'string' || chars(field.name) < 1 || chars(field.name) > 256) problems.push(`${at}.fields[${j}].name not 1-256`);
        if (typeof field.value !== 'string' || chars(field.value) < 1 || chars(field.value) > 1024)
          problems.push(`${at}.fields[${j}].value not 1-1024`);
        if (field.inline !== undefined && typeof field.inline !== 'boolean') problems.push(`${at}.fields[${j}].inline not a boolean`);
        total += chars(field.name) + chars(field.value);
      });
    }
    total += chars(embed.title) + chars(embed.description) + chars(footer?.text) + chars((embed.author as { name?: unknown } | undefined)?.name);
  });
  if (total > 6000) problems.push(`the embeds hold ${total} characters, over 6000`);
  return problems;
}

export class FakeDiscord {
  readonly received: ReceivedMessage[] = [];
  private server: Server | null = null;
  private readonly next: FakeAnswer[] = [];
  /** Calls answered with `hang`, still held open (the caller has not given up yet). */
  private readonly held = new Set<ServerResponse>();
  private always: FakeAnswer = { status: 204 };

  /** Starts listening on a free loopback port; returns the base to configure (…/api/webhooks). */
  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/webhooks`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    // Hanging answers hold their sockets open: cut them.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  /** How many `hang` calls are still open: the caller is still waiting on them. */
  get heldCount(): number {
    return this.held.size;
  }

  /** Cuts the held calls (the caller sees the connection reset). */
  releaseHeld(): void {
    for (const response of this.held) response.socket?.destroy();
    this.held.clear();
  }

  /** The answers to the next calls, in order; after them, `answerAlways`'s (204 by default). */
  answerNext(...answers: FakeAnswer[]): void {
    this.next.push(...answers);
  }

  answerAlways(answer: FakeAnswer): void {
    this.next.length = 0;
    this.always = answer;
  }

  /** Waits until `count` calls have arrived in all (including those before). */
  async waitForCalls(count: number, timeoutMs = 10_000): Promise<ReceivedMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`fake Discord: ${this.received.length} calls, expected ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.received;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const match = /^\/api\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) {
      response.writeHead(405).end();
      return;
    }
    let body: unknown;
    let problems: string[];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      problems = request.headers['content-type']?.startsWith('application/json')
        ? discordMessageProblems(body)
        : ['content-type is not application/json'];
    } catch {
      body = null;
      problems = ['the body is not JSON'];
    }
    const answer = this.next.shift() ?? this.always;
    const received: ReceivedMessage = {
      at: Date.now(),
      webhookId: match[1]!,
      token: match[2]!,
      body,
      problems,
      answeredWith: 'hang' in answer ? 'hang' : answer.status,
    };
    this.received.push(received);
    if ('hang' in answer) {
      this.held.add(response);
      response.on('close', () => this.held.delete(response));
      return;
    }
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    if (problems.length > 0) return json(400, { code: 50035, message: 'Invalid Form Body', errors: problems });
    if (answer.status === 204) return response.writeHead(204).end();
    if (answer.status === 429) {
      const retry_after = answer.retryAfterSeconds;
      return json(429, { message: 'You are being rate limited.', retry_after, global: false }, { 'retry-after': String(Math.ceil(retry_after)) });
    }
    if (answer.status === 404) return json(404, { code: 10015, message: 'Unknown Webhook' });
    if (answer.status === 401) return json(401, { code: 50027, message: 'Invalid Webhook Token' });
    return json(answer.status, { message: 'Internal Server Error' });
  }
}
