import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { createLogger } from '../../src/queue/logger.ts';

describe('createLogger', () => {
  it('redacts keys, tokens and authorization headers wherever they sit in a logged object', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = parseConfig({
      logLevel: 'info',
      adminToken: 'operator-token-0123456789',
      providers: {
        brave: { key: 'brave-secret-key' },
        google: { key: 'google-secret', keyId: 'cse-secret' },
      },
      agents: { openai: { apiKey: 'sk-researcher-secret' }, 'claude-code': { apiKey: 'sk-ant-secret' } },
      read: { embeddings: { url: 'http://127.0.0.1:1/v1', model: 'e', apiKey: 'embeddings-secret' } },
    });
    const logger = createLogger(config, sink);
    logger.info({ config }, 'configuration');
    logger.info({ agents: config.agents }, 'agents');
    logger.info(
      { headers: { authorization: 'Bearer qry_secret_token' }, provider: { key: 'inline-key' } },
      'request',
    );
    const output = lines.join('');
    expect(output).toContain('configuration');
    for (const secret of [
      'brave-secret-key',
      'google-secret',
      'cse-secret',
      'operator-token-0123456789',
      'qry_secret_token',
      'inline-key',
      'sk-researcher-secret',
      'sk-ant-secret',
      'embeddings-secret',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('[redacted]');
  });
});
