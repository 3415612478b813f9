// Keeping one picture: fetch it through the guarded fetch (public addresses only), make sure the bytes
// are a picture by what sharp reads in them (a Content-Type says what a server claims, not what it
// sent), refuse decompression bombs and pictures too small to be worth showing, turn it upright by its
// EXIF orientation, drop its metadata (camera, place), and write a display copy and a thumbnail in
// WebP, each named by the hash of its bytes so a picture two runs share is kept once.
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { FetchFailedError, FetchRefusedError } from '../web/safe-fetch.ts';
import type { PictureStore } from './picture-store.ts';

/** The settings of keeping pictures, each with its reason. */
export const PICTURE_DEFAULTS = {
  // 1600 px on the longest side fills a laptop screen's reading column at 2x without being a photo archive.
  displaySide: 1600,
  // 400 px makes a sharp gallery tile at 2x.
  thumbnailSide: 400,
  // 40 megapixels holds any camera's photo; a bomb (a tiny file that decodes to gigapixels) stays out.
  maxInputPixels: 40_000_000,
  // Below 64 px on the shorter side a "picture" is an icon, a tracking pixel or a spacer.
  minSide: 64,
  // 25 MiB: the largest photo a page serves; anything bigger is not worth a run's time.
  maxBytes: 25 * 1024 * 1024,
  // WebP at 80 looks like the original at a fraction of the size, and every browser shows it.
  quality: 80,
} as const;

export type PictureSettings = typeof PICTURE_DEFAULTS;

/** A picture that can never be kept (no retry helps): the reason says why in one line. */
export class PictureRefusedError extends Error {
  override readonly name = 'PictureRefusedError';
}

/** A failure a later try may not meet (the host answered 5xx or 429, the network failed). */
export class PictureRetryError extends Error {
  override readonly name = 'PictureRetryError';
}

export interface KeptCopy {
  /** The copy's name in the store (`<hash>.webp`). */
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export interface KeptPicture {
  /** The original address. */
  url: string;
  display: KeptCopy;
  thumbnail: KeptCopy;
  /** The original's format and size, as sharp read them (upright). */
  original: { format: string; width: number; height: number; bytes: number };
}

/** How long each step took, for the benchmark. */
export interface KeepTimings {
  fetchMs: number;
  checkMs: number;
  resizeMs: number;
  writeMs: number;
}

function copyName(bytes: Buffer): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.webp`;
}

/** The status codes where a later try may succeed: the host is busy or broken for now. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

async function fetchPicture(
  fetchFunction: typeof fetch,
  url: string,
  settings: PictureSettings,
  signal?: AbortSignal,
): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetchFunction(url, {
      redirect: 'follow',
      headers: { accept: 'image/avif,image/webp,image/*;q=0.8,*/*;q=0.5' },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof FetchRefusedError)
      throw new PictureRefusedError(`The picture's address was refused: ${error.message}`);
    const detail = error instanceof FetchFailedError ? error.message : (error as Error).message;
    throw new PictureRetryError(`Fetching the picture failed: ${detail}`);
  }
  if (!response.ok) {
    const message = `The picture's host answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
    if (retryableStatus(response.status)) throw new PictureRetryError(message);
    throw new PictureRefusedError(message);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > settings.maxBytes)
    throw new PictureRefusedError(
      `The picture is ${body.length} bytes, more than the ${settings.maxBytes} kept at most.`,
    );
  return body;
}

/** Fetches, checks, resizes and stores one picture for a run; throws PictureRefusedError or PictureRetryError. */
export async function keepPicture(
  url: string,
  options: {
    runId: string;
    store: PictureStore;
    fetch: typeof fetch;
    settings?: PictureSettings;
    signal?: AbortSignal;
    timings?: KeepTimings;
  },
): Promise<KeptPicture> {
  const settings = options.settings ?? PICTURE_DEFAULTS;
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const elapsed = now - mark;
    mark = now;
    return elapsed;
  };
  const body = await fetchPicture(options.fetch, url, settings, options.signal);
  const fetchMs = lap();

  // `limitInputPixels` makes sharp refuse to decode more than this many pixels (a decompression bomb).
  const input = () => sharp(body, { limitInputPixels: settings.maxInputPixels, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    if (!/pixel limit/i.test((error as Error).message))
      throw new PictureRefusedError(
        'The address did not give a picture: its bytes are no image format sharp reads.',
      );
    // Over the limit: read the header alone (metadata never decodes) to say how big it claims to be.
    metadata = await sharp(body, { limitInputPixels: false }).metadata();
  }
  const { width, height, format } = metadata;
  if (!width || !height || !format)
    throw new PictureRefusedError('The address did not give a picture: it has no width and height.');
  if (width * height > settings.maxInputPixels)
    throw new PictureRefusedError(
      `The picture is ${width}×${height} pixels, more than the ${settings.maxInputPixels} kept at most (a decompression bomb, or a poster).`,
    );
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
  const quarterTurned = (metadata.orientation ?? 1) >= 5;
  const uprightWidth = quarterTurned ? height : width;
  const uprightHeight = quarterTurned ? width : height;
  if (Math.min(uprightWidth, uprightHeight) < settings.minSide)
    throw new PictureRefusedError(
      `The picture is ${uprightWidth}×${uprightHeight} pixels, too small to keep (at least ${settings.minSide} on each side).`,
    );
  const checkMs = lap();

  const copy = async (side: number): Promise<{ bytes: Buffer; width: number; height: number }> => {
    // rotate() with no angle applies the EXIF orientation; the output keeps no metadata unless asked.
    const { data, info } = await input()
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: settings.quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  };
  let display: Awaited<ReturnType<typeof copy>>;
  let thumbnail: Awaited<ReturnType<typeof copy>>;
  try {
    [display, thumbnail] = await Promise.all([copy(settings.displaySide), copy(settings.thumbnailSide)]);
  } catch (error) {
    throw new PictureRefusedError(`The picture could not be decoded: ${(error as Error).message}`);
  }
  const resizeMs = lap();

  const displayName = copyName(display.bytes);
  const thumbnailName = copyName(thumbnail.bytes);
  await options.store.keep(options.runId, displayName, display.bytes);
  await options.store.keep(options.runId, thumbnailName, thumbnail.bytes);
  const writeMs = lap();
  if (options.timings) Object.assign(options.timings, { fetchMs, checkMs, resizeMs, writeMs });

  return {
    url,
    display: { name: displayName, width: display.width, height: display.height, bytes: display.bytes.length },
    thumbnail: {
      name: thumbnailName,
      width: thumbnail.width,
      height: thumbnail.height,
      bytes: thumbnail.bytes.length,
    },
    original: { format, width: uprightWidth, height: uprightHeight, bytes: body.length },
  };
}
