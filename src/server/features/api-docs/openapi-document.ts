/**
 * The OpenAPI 3.1 document of the public read API, made by @fastify/swagger from the routes as
 * registered: their zod schemas (params, query string, answer) through the type provider's
 * transform, their summary and tags, and which routes are public reads (http/public-api.ts). Nothing
 * is written twice: a route joins the document by being a public read, with the shapes it validates
 * and answers with. The document is worked out on its first request, not at start-up
 * (docs/decisions/0034-public-read-api.md).
 */
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#core/api.js';
import type { Config } from '#server/platform/config.js';
import { isPublicRead } from '#server/platform/http/public-api.js';
import type { App } from '#server/platform/types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For a public read whose answer is not JSON (an image): its content type and what it is, for
     * the document. JSON answers are documented from their response schema instead.
     */
    documentedContent?: { type: string; description: string };
  }
}

/** The document's tags, in the order the reference page lists them. */
export const API_TAGS = [
  { name: 'Officers', description: 'Officers, their ratings, trend and game statistics' },
  { name: 'Regiments', description: 'Regiments of both sides and their ratings' },
  { name: 'Reviews', description: "Reviews of an officer with the officer's replies, the community's latest, and each reviewer's profile" },
  { name: 'Search', description: 'Search and rankings of officers and regiments' },
  { name: 'Reference', description: 'Sides and stored images' },
  { name: 'Moderation', description: 'The grounds staff act on, the open moderation log and the monthly transparency report' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/** The refusal every answer may be: the error body of spec section 7 (core/api.ts). */
const errorBody = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
  return schema;
})();
const refusal = (description: string) => ({ description, ...errorBody });

const zodTransform = createJsonSchemaTransform({ skipList: [] });
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * Every route passes here: all but the public reads are hidden, and each public read gets, besides
 * its zod shapes, the refusals it can answer (documented here only: a response schema on the route
 * would also reshape the error handler's bodies).
 */
function documentPublicRead(input: TransformInput) {
  const { route, url } = input;
  const isDocumented = [route.method].flat().some((method) => isPublicRead({ method, url, config: route.config })) && !route.schema?.hide;
  if (!isDocumented) return { schema: { hide: true }, url };
  const { schema } = zodTransform(input) as { schema: Record<string, unknown>; url: string };
  const content = route.config?.documentedContent;
  const answer = (schema.response as Record<string, Record<string, unknown>> | undefined) ?? {
    200: content && { description: content.description, content: { [content.type]: { schema: { type: 'string', contentMediaType: content.type } } } },
  };
  // A JSON answer's description (@fastify/swagger reads it from its schema's, else "Default Response").
  if (answer[200] && !content) answer[200] = { ...answer[200], description: answer[200].description ?? 'The answer' };
  schema.response = {
    ...answer,
    ...(schema.params || schema.querystring ? { 400: refusal('A parameter is malformed or out of range') } : {}),
    ...(schema.params ? { 404: refusal('Nothing public by that id') } : {}),
    429: refusal('Too many requests from this address: wait the Retry-After seconds'),
    503: refusal('The server is too busy right now: try again shortly'),
  };
  return { schema, url };
}

export function openApiOptions(config: Pick<Config, 'publicUrl' | 'rateLimits'>): FastifyDynamicSwaggerOptions {
  const { limit, windowMs } = config.rateLimits.publicRead;
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'War of Rights Officer Ratings: public read API',
        version: '1',
        description: [
          'The community ratings of War of Rights officers and regiments, as the site shows them.',
          'Every operation here is a GET that needs no account, answers any origin (CORS, without credentials),',
          'and sends an ETag (ask again with If-None-Match for a 304).',
          `Each client address may make ${limit} requests per ${windowMs / 1000} seconds; past that the answer`,
          'is 429 with a Retry-After header.',
        ].join(' '),
      },
      servers: [{ url: config.publicUrl }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
    },
    transform: documentPublicRead,
    transformObject: jsonSchemaTransformObject,
  };
}

/** Register at the root before the routes: @fastify/swagger learns them as they are registered. */
export async function registerOpenApi(app: App, config: Pick<Config, 'publicUrl' | 'rateLimits'>) {
  await app.register(swagger, openApiOptions(config));
}
