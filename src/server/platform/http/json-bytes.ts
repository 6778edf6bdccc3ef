/**
 * Answers whose JSON is put together from parts kept in memory rather than serialised per request
 * (the search lists: features/search/catalogue.ts, officerAnswersJson). Fastify sends such bytes as
 * they are: the route's response schema then checks nothing at run time, so what builds them is
 * tested against JSON.stringify of the typed value (catalogue.test.ts) and the routes against their
 * schemas (api-docs/openapi.test.ts).
 */
import type { FastifyReply } from 'fastify';

/** UTF-8 JSON of a value of type T. */
export type JsonBytes<T> = Buffer & { readonly jsonOf?: T };

/** The content type Fastify gives the JSON it serialises. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Sends JSON bytes made for the route's answer (T is the type its schema describes). */
export function sendJsonBytes<T>(reply: FastifyReply, json: JsonBytes<T>): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(json);
}
