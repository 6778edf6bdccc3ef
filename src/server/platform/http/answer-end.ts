import { finished } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Calls `done` once, when the answer is over: sent, failed, or its client gone, even if the client
 * left before this call. Fastify's onResponse misses a client that hangs up after its request has
 * arrived whole: Node reports no abort then (the request is complete, so onRequestAbort does not
 * run either), and an answer written to the closed socket never finishes. Whatever a request holds
 * (an in-flight slot, a cache claim others wait on) is given back here, or it would be held forever.
 */
export function whenAnswerEnds(reply: FastifyReply, done: () => void): void {
  finished(reply.raw, () => done());
}
