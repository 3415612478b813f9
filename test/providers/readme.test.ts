// The README's provider table and "Adding a provider" must stay true to the code.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../src/providers/index.ts';
import type { ProviderCaps } from '../../src/providers/types.ts';
import { readText, REPO_ROOT } from './fake-fetch.ts';

const readme = readText(resolve(REPO_ROOT, 'README.md'));

/** The filters a provider keeps, as the table's "keeps" column words them. */
function keeps(caps: ProviderCaps): string {
  const parts: string[] = [];
  if (caps.sites) parts.push('sites');
  if (caps.excludeSites) parts.push('exclusions');
  if (caps.dates === 'range') parts.push('date range');
  if (caps.dates === 'recency') parts.push('recency');
  if (caps.languages) parts.push('language');
  if (caps.fileTypes.includes('pdf')) parts.push('PDF');
  if (caps.categories.length) {
    parts.push(
      caps.categories.length <= 3 ? caps.categories.join('/') : `${caps.categories.length} categories`,
    );
  }
  if (caps.filteredSnippets) parts.push('question');
  return parts.join(', ') || '—';
}

function rate(max: number, perMs: number): string {
  return perMs >= 60_000 ? `${max} per ${perMs / 60_000} min` : `${max} per ${perMs / 1_000} s`;
}

describe('README', () => {
  const rows = new Map(
    readme
      .split('\n')
      .filter((line) => /^\| `[a-z0-9-]+` +\|/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      )
      .map((cells) => [cells[0]!.replace(/`/g, ''), cells] as const),
  );

  it.each(PROVIDERS.map((provider) => [provider.id, provider] as const))(
    'the provider table has %s as the code declares it',
    (_id, provider) => {
      const cells = rows.get(provider.id);
      expect(cells, `README has no row for ${provider.id}`).toBeDefined();
      const [, name, key, address, onByDefault, concurrency, shownRate, kept, atMost] = cells!;
      expect(name).toBe(provider.name);
      expect(key).toBe(
        provider.key === 'none'
          ? '—'
          : [provider.keyEnv, provider.keyIdEnv]
              .filter(Boolean)
              .map((variable) => `\`${variable}\``)
              .join(' + '),
      );
      expect(address).toContain(`\`${provider.url?.env ?? `QUARRY_${provider.id.toUpperCase()}_URL`}\``);
      expect(onByDefault).toBe(provider.enabledByDefault ? 'yes' : 'no');
      expect(concurrency).toBe(String(provider.limits.concurrency));
      expect(shownRate).toBe(rate(provider.limits.rate.max, provider.limits.rate.perMs));
      expect(kept).toBe(keeps(provider.caps));
      expect(atMost).toBe(String(provider.caps.maxK));
    },
  );

  it('says adding a provider is one file plus one line in index.ts', () => {
    expect(readme).toMatch(
      /## Adding a provider\n\nA provider is one file in `src\/providers\/` plus one line in `src\/providers\/index.ts`/,
    );
  });
});
