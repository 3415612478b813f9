// One pino logger for the server and the workers. Keys and tokens are redacted wherever they sit in
// a logged object, so a careless `logger.info({ config })` cannot leak them.
import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';

/** Field paths pino replaces with `[redacted]`: API keys, second credentials, tokens, auth headers. */
export const REDACTED_PATHS = [
  'key',
  'keyId',
  'apiKey',
  'token',
  'adminToken',
  'authorization',
  'cookie',
  '*.key',
  '*.keyId',
  '*.apiKey',
  '*.token',
  '*.adminToken',
  '*.authorization',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  'config.providers.*.key',
  'config.providers.*.keyId',
  'providers.*.key',
  'providers.*.keyId',
  // The runners' keys (`agents.<kind>.apiKey`) and the embeddings API's.
  'config.agents.*.apiKey',
  'agents.*.apiKey',
  'config.read.embeddings.apiKey',
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'quarry' },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options);
}

export type { Logger };
