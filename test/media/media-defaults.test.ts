// find_media's defaults are written once, in src/media/media-defaults.ts, and the configuration takes
// them from there (an operator's value still wins).
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { MEDIA_DEFAULTS } from '../../src/media/media-defaults.ts';

describe('media defaults', () => {
  it('are the configuration’s defaults for media.*', () => {
    const { media } = parseConfig({});
    const { iconSizeMax: _largest, ...defaults } = MEDIA_DEFAULTS;
    expect(media).toEqual(defaults);
    expect(parseConfig({ media: { concurrency: 9 } }).media.concurrency).toBe(9);
  });

  it('bound the icon size at the written maximum', () => {
    expect(() => parseConfig({ media: { iconSize: MEDIA_DEFAULTS.iconSizeMax + 1 } })).toThrow(
      `at most ${MEDIA_DEFAULTS.iconSizeMax} pixels`,
    );
  });
});
