/**
 * Regiments listed by name sort as a reader expects (issue 39, item 1): "1st, 2nd, 3rd ... 18th,
 * 21st", not the text order "18th, 1st, 21st, 26th, 2nd", in every list the selectors and pages
 * read, the same on both engines (the order is made in src/core/names.ts, not by a collation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signedInClient, type TestContext, type TestClient } from '#server/test/app.js';
import { createRegiment } from '#server/test/fixtures.js';

const IN_ORDER = ['1st Texas', '2nd South Carolina', '3rd Arkansas', '18th Virginia', '21st Mississippi', '26th North Carolina'];

let ctx: TestContext;
let owner: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  const signedIn = await signedInClient(ctx);
  owner = signedIn.client;
  // Inserted in text order, the order the database's collation gives.
  for (const name of [...IN_ORDER].sort()) await createRegiment(ctx.db, { name, sideId: 2, userId: signedIn.userId });
});
afterAll(() => ctx.close());

const names = (body: unknown) => (body as Array<{ name: string }>).map((regiment) => regiment.name);

describe('regiments by name (issue 39, item 1)', () => {
  it('sorts numbers in names by value in every list of regiments by name', async () => {
    expect(names((await ctx.app.inject({ method: 'GET', url: '/api/regiments' })).json())).toEqual(IN_ORDER);
    expect(names((await ctx.app.inject({ method: 'GET', url: '/api/regiments/side/2' })).json())).toEqual(IN_ORDER);
    const choices = (await ctx.app.inject({ method: 'GET', url: '/api/search/regiments?sideId=2' })).json<{ regiments: unknown }>();
    expect(names(choices.regiments)).toEqual(IN_ORDER);
    expect(names((await owner.get('/api/users/me/regiments/owned')).json())).toEqual(IN_ORDER);
  });
});
