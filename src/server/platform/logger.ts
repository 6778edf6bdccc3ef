import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/** JSON lines for machines; readable lines when a person watches the terminal (npm start). */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (!process.stdout.isTTY) return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
  };
}
