// Loads the start of a picture to learn its real type and size (sharp reads the header only), so a
// broken link, a page posing as an image, or a 1×1 pixel is never given to an agent.
import sharp from 'sharp';
import { fetchBody } from './media-fetch.ts';

/** Enough for the header of every common format, and for most web pictures whole. */
export const PROBE_BYTES = 1024 * 1024;

export interface ImageProbe {
  width?: number;
  height?: number;
  format?: string;
}

export class ImageProbeError extends Error {
  override readonly name = 'ImageProbeError';
}

export async function probeImage(
  fetchFunction: typeof fetch,
  url: string,
  options: { signal?: AbortSignal } = {},
): Promise<ImageProbe> {
  const fetched = await fetchBody(fetchFunction, url, {
    signal: options.signal,
    maxBytes: PROBE_BYTES,
    headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' },
  });
  if (fetched.status < 200 || fetched.status >= 300) {
    throw new ImageProbeError(`it did not load (HTTP ${fetched.status})`);
  }
  if (
    fetched.contentType &&
    !/^image\//i.test(fetched.contentType) &&
    !/octet-stream/i.test(fetched.contentType)
  ) {
    throw new ImageProbeError(`it is not an image (${fetched.contentType.split(';')[0]})`);
  }
  try {
    const metadata = await sharp(fetched.body, { failOn: 'none' }).metadata();
    return { width: metadata.width, height: metadata.height, format: metadata.format };
  } catch (error) {
    if (fetched.truncated) return {};
    throw new ImageProbeError(`it is not a picture sharp can read (${(error as Error).message})`);
  }
}
