/**
 * POST /api/upload and GET /api/images/{id}.webp through the real HTTP layer with real multipart
 * bodies: images are accepted by content only, re-encoded to bounded WebP without metadata, and
 * everything else (wrong type, too big, too many pixels, no user, no CSRF, too often) is refused.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '#server/platform/config.js';
import { images } from '#server/platform/db/schema.js';
import { createTestContext, signedInClient, TestClient, type TestContext } from '#server/test/app.js';

const URL_PATTERN = /^\/api\/images\/([A-Za-z0-9_-]{22})\.webp$/;
const MESSAGES = {
  unsupported: 'Unsupported image type. Please upload a PNG, JPEG, WebP or GIF image.',
  tooLarge: 'Image is too large. The maximum size is 5 MB.',
  tooManyPixels: 'Image dimensions are too large. The maximum is 10000 pixels per side and 40 megapixels in total.',
  noFile: 'No image was uploaded. Please choose an image file.',
};

interface FilePart {
  data: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

/** A real multipart/form-data body, encoded by the platform's FormData. */
async function multipartBody(files: FilePart[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.filename ?? 'upload.bin',
    );
  }
  const request = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(
  ctx: TestContext,
  client: TestClient,
  files: FilePart | FilePart[],
  fields: Record<string, string> = {},
  options: { withCsrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  if (!client.csrfToken) await client.fetchCsrfToken();
  const { payload, contentType } = await multipartBody(Array.isArray(files) ? files : [files], fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: {
      cookie: client.cookie,
      'content-type': contentType,
      ...(options.withCsrf === false ? {} : { 'csrf-token': client.csrfToken }),
    },
    payload,
  });
}

function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message, code: expect.any(String) });
}

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 60 } } });

/**
 * A decompression bomb: a valid 1-bit greyscale PNG whose header declares 30000x30000 (900 megapixels,
 * about 900 MB once decoded to 8-bit) in about a hundred kilobytes of compressed zeros. Built by hand
 * because encoding it through sharp would itself take the memory it is meant to save.
 */
function pngBomb(side = 30_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A fresh user per test keeps every test inside the default upload allowance. */
const uploader = () => signedInClient(ctx);

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

describe('POST /api/upload accepts images by content', () => {
  it('re-encodes a PNG to a WebP profile picture of at most 400x400 and stores it for the uploader', async () => {
    const { client, userId } = await uploader();
    const png = await photo(800, 600).png().toBuffer();
    const response = await upload(ctx, client, { data: png, filename: 'me.png', type: 'image/png' });

    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ success: boolean; url: string; message: string }>();
    expect(body).toEqual({ success: true, url: expect.stringMatching(URL_PATTERN), message: 'Image uploaded successfully' });

    const id = URL_PATTERN.exec(body.url)![1]!;
    const [row] = await ctx.db.select().from(images).where(eq(images.id, id));
    expect(row).toMatchObject({ userId, kind: 'profile', contentType: 'image/webp', width: 400, height: 400 });
    expect(row!.byteSize).toBe(row!.data.length);

    const served = await fetchImage(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-length': String(row!.byteSize),
      etag: `"${id}"`,
    });
    expect(served.rawPayload.equals(row!.data)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('strips the EXIF of a JPEG and crops a banner to exactly 1200x300', async () => {
    const { client } = await uploader();
    const jpeg = await photo(3000, 2000)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret', Artist: 'Private Person' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await upload(ctx, client, { data: jpeg, filename: 'banner.jpg', type: 'image/jpeg' }, { kind: 'banner' });
    expect(response.statusCode, response.body).toBe(201);
    const served = await fetchImage(response.json<{ url: string }>().url);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 300 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.includes('secret')).toBe(false);
    expect(served.rawPayload.includes('Private Person')).toBe(false);
  });

  it('makes icons of at most 200x200 from WebP, and never enlarges a small GIF', async () => {
    const { client } = await uploader();
    const webp = await photo(1000, 700).webp().toBuffer();
    const icon = await upload(ctx, client, { data: webp, filename: 'icon.webp', type: 'image/webp' }, { kind: 'icon' });
    expect(icon.statusCode, icon.body).toBe(201);
    expect(await sharp((await fetchImage(icon.json<{ url: string }>().url)).rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 200,
      height: 200,
    });

    const gif = await photo(50, 30).gif().toBuffer();
    const small = await upload(ctx, client, { data: gif, filename: 'tiny.gif', type: 'image/gif' }, { kind: 'icon' });
    expect(small.statusCode, small.body).toBe(201);
    expect(await sharp((await fetchImage(small.json<{ url: string }>().url)).rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 50,
      height: 30,
    });
  });

  it('ignores the declared name and type: a PNG sent as "notes.txt" (text/plain) is still an image', async () => {
    const { client } = await uploader();
    const png = await photo(100, 100).png().toBuffer();
    const response = await upload(ctx, client, { data: png, filename: 'notes.txt', type: 'text/plain' });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('POST /api/upload refuses everything else', () => {
  it('refuses a text file named photo.png and declared image/png', async () => {
    const { client } = await uploader();
    const response = await upload(ctx, client, { data: Buffer.from('hello, I am only text\n'), filename: 'photo.png', type: 'image/png' });
    expectRefused(response, 400, MESSAGES.unsupported);
  });

  it('refuses an SVG with a script', async () => {
    const { client } = await uploader();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';
    const response = await upload(ctx, client, { data: Buffer.from(svg), filename: 'logo.svg', type: 'image/svg+xml' });
    expectRefused(response, 400, MESSAGES.unsupported);
  });

  it('refuses an HTML file, even named and typed as a JPEG', async () => {
    const { client } = await uploader();
    const html = '<!doctype html><html><body><script>fetch("/api/auth/logout")</script></body></html>';
    const response = await upload(ctx, client, { data: Buffer.from(html), filename: 'photo.jpg', type: 'image/jpeg' });
    expectRefused(response, 400, MESSAGES.unsupported);
  });

  it('refuses a file just over 5 MB with 413, whatever its content', async () => {
    const { client } = await uploader();
    const png = await photo(10, 10).png().toBuffer();
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length, 0x41)]);
    const response = await upload(ctx, client, { data: big, filename: 'big.png', type: 'image/png' });
    expectRefused(response, 413, MESSAGES.tooLarge);
  });

  it('refuses a body declared far over 5 MB before reading it', async () => {
    const { client } = await uploader();
    const response = await upload(ctx, client, { data: Buffer.alloc(8 * 1024 * 1024, 0x41), filename: 'huge.png', type: 'image/png' });
    expectRefused(response, 413, MESSAGES.tooLarge);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const { client } = await uploader();
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(500 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 30_000, height: 30_000 });

    const rssBefore = process.memoryUsage().rss;
    const response = await upload(ctx, client, { data: bomb, filename: 'bomb.png', type: 'image/png' });
    expectRefused(response, 400, MESSAGES.tooManyPixels);
    // Decoding it would take about 900 MB; refusing it from the header takes next to nothing.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses an image with a side over 10000 px', async () => {
    const { client } = await uploader();
    const strip = await photo(12_000, 4).png().toBuffer();
    expectRefused(await upload(ctx, client, { data: strip, filename: 'strip.png', type: 'image/png' }), 400, MESSAGES.tooManyPixels);
  });

  it('refuses a damaged image', async () => {
    const { client } = await uploader();
    const jpeg = await photo(400, 400).jpeg().toBuffer();
    const response = await upload(ctx, client, { data: jpeg.subarray(0, 300), filename: 'cut.jpg', type: 'image/jpeg' });
    expectRefused(response, 400, 'The image could not be read. It may be damaged; please try another file.');
  });

  it('refuses a form without a file, or with the file in another field', async () => {
    const { client } = await uploader();
    expectRefused(await upload(ctx, client, [], { kind: 'icon' }), 400, MESSAGES.noFile);
    const png = await photo(20, 20).png().toBuffer();
    expectRefused(await upload(ctx, client, { data: png, field: 'image', filename: 'a.png', type: 'image/png' }), 400, MESSAGES.noFile);
  });

  it('refuses two files at once, an unknown kind and a body that is not multipart', async () => {
    const { client } = await uploader();
    const png = await photo(20, 20).png().toBuffer();
    expectRefused(await upload(ctx, client, [{ data: png }, { data: png }]), 400, 'Please upload one image at a time.');
    expectRefused(await upload(ctx, client, { data: png }, { kind: 'wallpaper' }), 400, 'Unknown image kind. Use banner, icon or profile.');
    expectRefused(
      await client.post('/api/upload', { file: 'data:image/png;base64,AAAA' }),
      400,
      'The image must be sent as multipart/form-data in the field "file".',
    );
  });

  it('refuses a multipart body without a boundary, or cut off before its end, with 400', async () => {
    const { client, userId } = await uploader();
    await client.fetchCsrfToken();
    const png = await photo(20, 20).png().toBuffer();
    const { payload, contentType } = await multipartBody([{ data: png, filename: 'a.png', type: 'image/png' }]);
    const send = (headers: Record<string, string>, body: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { cookie: client.cookie, 'csrf-token': client.csrfToken, ...headers },
        payload: body,
      });
    const badForm = 'The upload could not be read: the form was incomplete or malformed. Please try again.';
    expectRefused(await send({ 'content-type': 'multipart/form-data' }, payload), 400, badForm);
    expectRefused(await send({ 'content-type': 'multipart/form-data; boundary=' }, payload), 400, badForm);
    // Cut anywhere: in the part headers, in the file, just before the closing boundary. Where the
    // file part had not begun, nothing was uploaded; once it had, the form is incomplete.
    // (Sixteen cuts: the default upload allowance is 20 an hour.)
    for (let cut = 10; cut < payload.length; cut += Math.ceil(payload.length / 16)) {
      const response = await send({ 'content-type': contentType }, payload.subarray(0, cut));
      expect(response.statusCode, `cut at ${cut} of ${payload.length}: ${response.body}`).toBe(400);
      expect([MESSAGES.noFile, badForm]).toContain(response.json().message);
    }
    expect(await ctx.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))).toEqual([]);
  });

  it('stores nothing for a refused upload', async () => {
    const { client, userId } = await uploader();
    await upload(ctx, client, { data: Buffer.from('<svg/>'), filename: 'a.svg' });
    await upload(ctx, client, { data: pngBomb(12_000), filename: 'b.png' });
    expect(await ctx.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))).toEqual([]);
  });
});

describe('POST /api/upload access', () => {
  it('refuses a visitor (with a valid CSRF token but no account) with 401', async () => {
    const visitor = new TestClient(ctx.app);
    const png = await photo(20, 20).png().toBuffer();
    expectRefused(await upload(ctx, visitor, { data: png }), 401, 'Authentication required');
  });

  it('refuses a signed-in user without the CSRF token with 403', async () => {
    const { client } = await uploader();
    const png = await photo(20, 20).png().toBuffer();
    const response = await upload(ctx, client, { data: png }, {}, { withCsrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/CSRF token/);
  });
});

describe('GET /api/images/{id}.webp', () => {
  it('answers 304 to a matching If-None-Match, and HEAD with the headers only', async () => {
    const { client } = await uploader();
    const response = await upload(ctx, client, { data: await photo(30, 30).png().toBuffer() });
    const url = response.json<{ url: string }>().url;
    const etag = (await fetchImage(url)).headers.etag as string;

    const revalidated = await fetchImage(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);

    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('answers 404 JSON for an unknown id', async () => {
    const response = await fetchImage('/api/images/AAAAAAAAAAAAAAAAAAAAAA.webp');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Image not found', code: 'NOT_FOUND' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    'short.webp',
    `${'a'.repeat(33)}.webp`,
    'AAAAAAAAAAAAAAAAAAAAAA.png',
    'AAAAAAAAAAAAAAAAAAAAAA',
    'AAAAAAAAAA%2F..%2FAAAA.webp',
    "AAAAAAAAAA'%20OR%201=1.webp",
  ])('answers 404 for the malformed name %s', async (name) => {
    const response = await fetchImage(`/api/images/${name}`);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
  });
});

describe('upload rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ rateLimits: { ...DEFAULT_RATE_LIMITS, upload: { limit: 2, windowMs: 60_000 } } });
  });
  afterAll(() => limited.close());

  it('refuses the third upload in the window with 429 and Retry-After; other users keep their allowance', async () => {
    const png = await photo(20, 20).png().toBuffer();
    const { client } = await signedInClient(limited);
    expect((await upload(limited, client, { data: png })).statusCode).toBe(201);
    expect((await upload(limited, client, { data: Buffer.from('not an image') })).statusCode).toBe(400); // refusals count too
    const third = await upload(limited, client, { data: png });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);

    const other = await signedInClient(limited);
    expect((await upload(limited, other.client, { data: png })).statusCode).toBe(201);
  });
});
