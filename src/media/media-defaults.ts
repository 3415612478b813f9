// find_media's defaults, each with its reason, next to the lookups that use them; the configuration
// (src/config.ts, `media.*`) refers to these, and an operator overrides them there. Imports nothing, so
// the settings can read it without loading the media machinery.

export interface MediaDefaults {
  /** Where pictures of things are looked up (the REST page summary); a language code swaps the host's first label. */
  wikipediaUrl: string;
  /** Where videos are looked up. */
  youtubeUrl: string;
  /** Items looked up at once within one find_media call. */
  concurrency: number;
  /** How long a host without an icon is not asked again, in seconds. */
  iconMissingSeconds: number;
  /** Side of the kept icon PNG, in pixels. */
  iconSize: number;
  /** The largest icon side an operator may ask for. */
  iconSizeMax: number;
}

export const MEDIA_DEFAULTS: Readonly<MediaDefaults> = {
  // English Wikipedia has the most page summaries with a lead image; `language` picks another edition.
  wikipediaUrl: 'https://en.wikipedia.org',
  youtubeUrl: 'https://www.youtube.com',
  // Four lookups at once keep one call quick without crowding Wikipedia and YouTube for one agent.
  concurrency: 4,
  // A site rarely adds an icon within a week.
  iconMissingSeconds: 7 * 24 * 3_600,
  // 32 px is sharp next to a citation on high-density screens, and tiny.
  iconSize: 32,
  // Site icons are small: more than 256 px is an upscaled favicon, not a better one.
  iconSizeMax: 256,
};
