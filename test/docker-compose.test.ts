// docker-compose.yml as the Compose specification reads it (no Docker engine runs here): Redis is
// published to the host on loopback, so `docker compose up -d redis` gives `npm start` a Redis; the
// dependencies are installed when the image is built, not at every start; Quarry has a health check
// on /healthz; the README says how to make tokens in a Docker-only set-up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { reachableUrl } from '../src/server/banner.ts';
import { REPO_ROOT } from './quarry-process.ts';

interface Service {
  image?: string;
  build?: string | { context: string };
  command?: string | string[];
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[]; interval?: string; start_period?: string };
}

const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

describe('docker-compose.yml', () => {
  it('publishes Redis to the host on loopback', () => {
    expect(compose.services.redis!.ports).toContain('127.0.0.1:6379:6379');
  });

  it('installs the dependencies when the image is built, never in the start command', () => {
    const quarry = compose.services.quarry!;
    expect(quarry.build).toBe('.');
    const command = [quarry.command ?? []].flat().join(' ');
    expect(command).not.toMatch(/npm (ci|install)/);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    const cmd = /^CMD (.+)$/m.exec(dockerfile)![1]!;
    expect(cmd).not.toMatch(/npm (ci|install)/);
    // The checkout is not mounted over the image's installed node_modules.
    expect(quarry.volumes ?? []).not.toContain('./:/app');
  });

  it('checks Quarry’s health on /healthz', () => {
    const check = compose.services.quarry!.healthcheck!;
    expect(check.test[0]).toBe('CMD');
    expect(check.test.join(' ')).toContain('/healthz');
    expect(check.start_period).toBeDefined();
  });

  it('is documented with a way to make tokens without Node on the host', () => {
    expect(readme).toContain('docker compose exec quarry npx quarry token create');
    expect(readme).toContain('docker compose up -d redis');
  });

  it('prints a banner address a browser can open when the server binds every interface', () => {
    expect(reachableUrl('http://0.0.0.0:8787')).toBe('http://127.0.0.1:8787');
    expect(reachableUrl('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
  });
});
