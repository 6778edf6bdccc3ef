/**
 * The OpenAPI document of the public read API (issue 19): it lists exactly the public GETs of the
 * route table as registered, each with its parameters, summary, tag and answers; it is a valid
 * OpenAPI 3.1 document; and the answers the API really gives on a seeded database match the schemas
 * it documents (200s, and the refusals it documents).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/platform/db/client.js';
import { isPublicRead } from '#server/platform/http/public-api.js';
import { seedDemoData } from '#server/seed/demo.js';
import { createTestContext, type TestContext } from './app.js';
import { uploadImage } from '#server/features/uploads/upload-image.js';
import { API_TAGS } from '#server/features/api-docs/openapi-document.js';

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: object }>;
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let ctx: TestContext;
let dataDir: string;
let document: Document;

/** A route as registered (`/api/officers/:id`) as the document names it (`/api/officers/{id}`). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

beforeAll(async () => {
  ctx = await createTestContext();
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  document = answer.json();
});
afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the document', () => {
  it('lists every public GET of the route table, and nothing else', () => {
    const publicGets = ctx.app.routeList.filter((route) => route.method === 'GET' && isPublicRead(route));
    const data = publicGets.filter((route) => !route.schema?.hide);
    const documented = Object.entries(document.paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => `${method} ${url}`));
    expect(documented.sort()).toEqual(data.map((route) => `get ${openApiPath(route.url)}`).sort());
    // The walk sees the whole API: the data (a dozen and more reads), and the document's own routes,
    // public reads that it leaves out; no other route hides from it.
    expect(data.length).toBeGreaterThan(15);
    expect(publicGets.filter((route) => route.schema?.hide).map((route) => route.url)).toEqual([
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/:asset',
    ]);
    // Sign-in, administration and per-user reads are not in it.
    expect(Object.keys(document.paths).filter((url) => /^\/api\/(auth|admin|users\/me|csrf-token)|\/vote$|\/my$/.test(url))).toEqual([]);
  });

  it('documents every operation: summary, tag, path and query parameters, answer and refusals', () => {
    const tags = new Set<string>(API_TAGS.map((tag) => tag.name));
    for (const route of ctx.app.routeList.filter((r) => r.method === 'GET' && isPublicRead(r) && !r.schema?.hide)) {
      const operation = document.paths[openApiPath(route.url)]!.get!;
      const label = `GET ${route.url}`;
      expect(operation.summary, label).toMatch(/\w{3,}/);
      expect(operation.tags?.length, label).toBe(1);
      expect(tags.has(operation.tags![0]!), label).toBe(true);
      const parameters = operation.parameters ?? [];
      const pathNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      expect(
        parameters.filter((p) => p.in === 'path').map((p) => p.name),
        label,
      ).toEqual(pathNames);
      const queryNames = Object.keys((route.schema?.querystring as { shape?: object } | undefined)?.shape ?? {});
      expect(
        parameters.filter((p) => p.in === 'query').map((p) => p.name),
        label,
      ).toEqual(queryNames);
      const ok = operation.responses['200'];
      expect(Object.keys(ok?.content ?? {}).length, label).toBe(1);
      expect(operation.responses['429']?.content?.['application/json'], label).toBeDefined();
      if (pathNames.length > 0) expect(operation.responses['404'], label).toBeDefined();
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is worked out once, on the first request, and then answered the same', async () => {
    const again = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.json()).toEqual(document);
  });
});

describe('the answers on a seeded database', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  interface Seeded {
    sideId: number;
    regimentId: number;
    officerId: number;
    officerName: string;
    regimentName: string;
    imageUrl: string;
    reviewId: number;
    /** The author of reviewId: a reviewer with a profile (issue 36). */
    reviewerId: number;
  }
  let seeded: Seeded;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wor-openapi-'));
    await seedDemoData(ctx.db, dataDir);
    // The officer with the most reviews: its pages have every part filled in.
    const [officer] = await queryRows<{ id: number; name: string; regimentId: number; regimentName: string; sideId: number; userId: number }>(
      ctx.db,
      sql`select o.id, o.name, o.regiment_id as "regimentId", r.name as "regimentName", r.side_id as "sideId",
                 (select min(id) from users) as "userId"
          from officers o join regiments r on r.id = o.regiment_id
          where o.is_active order by o.review_count desc, o.id limit 1`,
    );
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 90, g: 60, b: 30 } } })
      .png()
      .toBuffer();
    const image = await uploadImage(ctx.db, { userId: officer!.userId, kind: 'profile', file: png });
    // One of its reviews with an earlier version kept, so the history's answer has changes in it.
    const [review] = await queryRows<{ id: number; userId: number }>(
      ctx.db,
      sql`update reviews set revision_count = 1, edited_at = clock_timestamp(), leadership = 5 - leadership
          where id = (select min(id) from reviews where officer_id = ${officer!.id}) returning id, user_id as "userId"`,
    );
    await ctx.db.execute(sql`insert into review_revisions
      select id, 1, text, 5 - leadership, tactics, communication, fairness, overall_rating, created_at from reviews where id = ${review!.id}`);
    seeded = {
      reviewId: review!.id,
      reviewerId: review!.userId,
      sideId: officer!.sideId,
      regimentId: officer!.regimentId,
      officerId: officer!.id,
      officerName: officer!.name,
      regimentName: officer!.regimentName,
      imageUrl: image.url,
    };
  }, 120_000);

  /** Real requests for each documented operation (a test below checks that none is missing). */
  const examples: Record<string, (s: Seeded) => string[]> = {
    '/api/sides': () => ['/api/sides'],
    '/api/regiments': () => ['/api/regiments', '/api/regiments?limit=2'],
    '/api/regiments/featured': () => ['/api/regiments/featured'],
    '/api/regiments/side/{sideId}': (s) => [`/api/regiments/side/${s.sideId}`],
    '/api/regiments/{id}': (s) => [`/api/regiments/${s.regimentId}`],
    '/api/regiments/{id}/ratings': (s) => [`/api/regiments/${s.regimentId}/ratings`],
    '/api/officers': () => ['/api/officers'],
    '/api/officers/regiment/{regimentId}': (s) => [`/api/officers/regiment/${s.regimentId}`],
    '/api/officers/{id}': (s) => [`/api/officers/${s.officerId}`],
    '/api/officers/{id}/trend': (s) => [`/api/officers/${s.officerId}/trend`],
    '/api/officers/{id}/steam-stats': (s) => [`/api/officers/${s.officerId}/steam-stats`],
    '/api/officers/top': () => ['/api/officers/top', '/api/officers/top?side=CSA'],
    '/api/officers/search': (s) => [`/api/officers/search?q=${encodeURIComponent(s.officerName.slice(0, 4))}`],
    '/api/search/officers': (s) => [
      '/api/search/officers?limit=5',
      `/api/search/officers?q=${encodeURIComponent(s.officerName.split(' ')[0]!)}&sideId=${s.sideId}&sortBy=name&sortOrder=asc`,
    ],
    '/api/search/suggestions': (s) => [`/api/search/suggestions?q=${encodeURIComponent(s.officerName.slice(0, 3))}`],
    '/api/search/regiments': (s) => [`/api/search/regiments?q=${encodeURIComponent(s.regimentName.slice(0, 3))}`],
    '/api/reviews/recent': () => ['/api/reviews/recent'],
    '/api/reviewers/{userId}': (s) => [`/api/reviewers/${s.reviewerId}`, `/api/reviewers/${s.reviewerId}?page=2&limit=1`],
    '/api/reviews/{id}/revisions': (s) => [`/api/reviews/${s.reviewId}/revisions`],
    '/api/reviews/officer/{officerId}': (s) => [`/api/reviews/officer/${s.officerId}`, `/api/reviews/officer/${s.officerId}?sort=helpful`],
    '/api/images/{fileName}': (s) => [s.imageUrl],
    '/api/cards/officer/{file}': (s) => [`/api/cards/officer/${s.officerId}.png`],
    '/api/cards/regiment/{file}': (s) => [`/api/cards/regiment/${s.regimentId}.png`],
    '/api/cards/site.png': () => ['/api/cards/site.png'],
    '/api/moderation/grounds': () => ['/api/moderation/grounds'],
    '/api/moderation/log': () => ['/api/moderation/log', '/api/moderation/log?page=2'],
    '/api/transparency': () => ['/api/transparency', '/api/transparency?month=2026-01'],
  };

  /** The documented schema of an answer, by path, status and content type; fails the test when it is not documented. */
  function documentedSchema(openApi: string, status: number, contentType: string): object {
    const responses = document.paths[openApi]!.get!.responses;
    const response = responses[String(status)];
    expect(response, `${openApi} documents no ${status}`).toBeDefined();
    const media = response!.content?.[contentType.split(';')[0]!.trim()];
    expect(media, `${openApi} ${status} documents no ${contentType}`).toBeDefined();
    return media!.schema;
  }

  async function checkAnswer(openApi: string, url: string, expectedStatus?: number) {
    const answer = await ctx.app.inject({ method: 'GET', url });
    if (expectedStatus !== undefined) expect(answer.statusCode, url).toBe(expectedStatus);
    const contentType = String(answer.headers['content-type']);
    const schema = documentedSchema(openApi, answer.statusCode, contentType);
    if (contentType.startsWith('application/json')) {
      const validate = ajv.compile(schema);
      const body: unknown = answer.json();
      expect(validate(body) ? [] : validate.errors, url).toEqual([]);
      return body;
    }
    expect(answer.rawPayload.length, url).toBeGreaterThan(0);
    return undefined;
  }

  it('has a real request for every documented operation', () => {
    expect(Object.keys(examples).sort()).toEqual(Object.keys(document.paths).sort());
  });

  it('answers every documented operation with what its 200 schema says', async () => {
    for (const [openApi, urls] of Object.entries(examples)) {
      for (const url of urls(seeded)) await checkAnswer(openApi, url, 200);
    }
    // The answers are not empty shells that any schema would pass.
    const top = (await checkAnswer('/api/officers/top', '/api/officers/top', 200)) as unknown[];
    expect(top.length).toBeGreaterThan(0);
    const reviews = (await checkAnswer('/api/reviews/officer/{officerId}', `/api/reviews/officer/${seeded.officerId}`, 200)) as {
      reviews: unknown[];
      nextCursor: string | null;
    };
    expect(reviews.reviews.length).toBeGreaterThan(0);
    // The next page, through the cursor the first one gave.
    const page = (await checkAnswer('/api/search/officers', '/api/search/officers?limit=5', 200)) as { nextCursor: string | null };
    expect(page.nextCursor).not.toBeNull();
    await checkAnswer('/api/search/officers', `/api/search/officers?limit=5&after=${encodeURIComponent(page.nextCursor!)}`, 200);
    // The regiment list whole (the spec's) and by pages (issue 38): both shapes the one documented answer allows.
    const regiments = (await checkAnswer('/api/regiments', '/api/regiments', 200)) as unknown[];
    expect(regiments.length).toBeGreaterThan(2);
    const firstRegiments = (await checkAnswer('/api/regiments', '/api/regiments?limit=2', 200)) as {
      regiments: unknown[];
      nextCursor: string | null;
    };
    expect(firstRegiments.regiments).toHaveLength(2);
    await checkAnswer('/api/regiments', `/api/regiments?limit=2&cursor=${firstRegiments.nextCursor!}`, 200);
  }, 60_000);

  it('refuses a missing id or a malformed parameter with the documented error body', async () => {
    await checkAnswer('/api/officers/{id}', '/api/officers/2147483647', 404);
    await checkAnswer('/api/regiments/{id}', '/api/regiments/2147483647', 404);
    await checkAnswer('/api/officers/{id}', '/api/officers/abc', 400);
    await checkAnswer('/api/reviews/officer/{officerId}', '/api/reviews/officer/0', 400);
    await checkAnswer('/api/search/officers', '/api/search/officers?sortBy=shoe-size', 400);
    await checkAnswer('/api/regiments', '/api/regiments?limit=2&cursor=not-a-cursor!', 400);
    await checkAnswer('/api/images/{fileName}', '/api/images/nothing-here.webp', 404);
  });
});
