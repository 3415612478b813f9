// The operators' token for the dashboard and the admin API: QUARRY_ADMIN_TOKEN when set; otherwise
// one generated at first start, kept in <dataDir>/admin-token (readable by its owner only) and
// printed once by the start command.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

export interface AdminToken {
  token: string;
  /** Where it came from: the setting, the kept file, or generated just now (print it once). */
  source: 'setting' | 'file' | 'generated';
  /** The file it is kept in, when it is kept in one. */
  path?: string;
}

export function adminTokenPath(config: Pick<Config, 'dataDir'>): string {
  return resolve(join(config.dataDir, 'admin-token'));
}

export function loadAdminToken(config: Pick<Config, 'adminToken' | 'dataDir'>): AdminToken {
  if (config.adminToken) return { token: config.adminToken, source: 'setting' };
  const path = adminTokenPath(config);
  if (existsSync(path)) {
    const kept = readFileSync(path, 'utf8').trim();
    if (kept.length >= 16) return { token: kept, source: 'file', path };
  }
  mkdirSync(resolve(config.dataDir), { recursive: true });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return { token, source: 'generated', path };
}

/** Compares in constant time, so the token cannot be guessed a character at a time. */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const expectedBytes = Buffer.from(expected);
  const givenBytes = Buffer.from(given);
  return expectedBytes.length === givenBytes.length && timingSafeEqual(expectedBytes, givenBytes);
}
