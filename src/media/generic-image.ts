// Pictures that show a site rather than a thing: logos, icons, sprites, site-wide share defaults,
// and images far too small to show anything. Judged by the file's address here; by being the same
// across a site's pages in page-pictures.ts and find-media.ts.

/** Smaller than this on either side is an icon or a tracking pixel, not a picture of a thing. */
export const MIN_PICTURE_SIDE = 200;

/** Words in an image's file name that mark a site picture (whole words after splitting on punctuation and case). */
const FILE_NAME_WORDS = new Set([
  'logo', 'logos', 'icon', 'icons', 'ico', 'favicon', 'sprite', 'sprites', 'default', 'placeholder', 'fallback',
  'template', 'blank', 'spacer', 'share', 'ogp', 'ogimage', 'branding', 'masthead', 'wordmark',
]); // prettier-ignore

/**
 * Folder names that mark a site picture. Fewer than for file names: `default` is a folder in every
 * Drupal site (`/sites/default/files/`), so it says nothing there.
 */
const FOLDER_WORDS = new Set([
  'logo',
  'logos',
  'icons',
  'favicon',
  'favicons',
  'sprites',
  'template',
  'templates',
  'branding',
]);

/** Words that, inside a longer word of the file name, still mark a site picture (`sitelogo`, `defaultpromo`). */
const GENERIC_FRAGMENTS = ['logo', 'favicon', 'sprite', 'default', 'placeholder'];

/** `page-image`, `og-image`, `share-image`, `social-card`, `twitter_card`: names of a site's share template. */
const TEMPLATE_NAME =
  /(?:^|[^a-z])(?:page|og|share|social|site|twitter|facebook|fb)[-_]?(?:image|img|card|cards|preview)(?:[^a-z]|$)/i;

function words(value: string): string[] {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/** Why the address looks like a site's logo or site-wide picture, or undefined when it does not. */
export function genericImageReason(imageUrl: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(imageUrl).pathname);
  } catch {
    return 'its address is not valid';
  }
  if (/\.svg$/i.test(path)) return 'it is a vector drawing (SVG), as logos are';
  if (/\.ico$/i.test(path)) return 'it is an icon file';
  if (TEMPLATE_NAME.test(path)) return `its name (${path.split('/').pop()}) marks a site-wide share picture`;
  const segments = path.split('/').filter(Boolean);
  const fileName = segments.pop() ?? '';
  const folderWord = segments.flatMap(words).find((candidate) => FOLDER_WORDS.has(candidate));
  if (folderWord)
    return `it sits in a "${folderWord}" folder (${fileName}): a logo, icon or site-wide picture`;
  const fileWords = words(fileName.replace(/\.[a-z0-9]+$/i, ''));
  const word = fileWords.find((candidate) => FILE_NAME_WORDS.has(candidate));
  if (word) return `its file name says "${word}" (${fileName}): a logo, icon or site-wide picture`;
  const fragment = GENERIC_FRAGMENTS.find((candidate) =>
    fileWords.some((fileWord) => fileWord.includes(candidate)),
  );
  if (fragment) return `its file name has "${fragment}" (${fileName}): a logo, icon or site-wide picture`;
  return undefined;
}

/** Why the size rules the picture out, or undefined when it is big enough (or its size is unknown). */
export function tooSmallReason(width: number | undefined, height: number | undefined): string | undefined {
  if (width === undefined || height === undefined) return undefined;
  if (Math.min(width, height) < MIN_PICTURE_SIDE) {
    return `it is ${width}×${height} pixels, far too small for a picture of the thing (under ${MIN_PICTURE_SIDE})`;
  }
  return undefined;
}
