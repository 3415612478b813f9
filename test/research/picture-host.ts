// A loopback picture host for the run-end tests: real pictures made with sharp (a photo-like gradient,
// one with an EXIF orientation, one too small, one whose header claims 50 megapixels), an HTML page
// served as `image/jpeg`, a 404, a picture that fails twice before it is served, and recorded pages
// from ../shared/corpora whose `og:image` is pointed at this host.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const CORPORA = fileURLToPath(new URL('../../../shared/corpora/', import.meta.url));

/** A picture with detail in it (a gradient with noise), so resizing and encoding do real work. */
export async function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  let seed = width * 31 + height;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const offset = (y * width + x) * channels;
      raw[offset] = (x * 255) / width;
      raw[offset + 1] = (y * 255) / height;
      raw[offset + 2] = seed % 64;
    }
  }
  const image = sharp(raw, { raw: { width, height, channels } });
  return format === 'jpeg' ? image.jpeg({ quality: 85 }).toBuffer() : image.png().toBuffer();
}

/** A JPEG stored 800×200 whose EXIF orientation (6: turn right) makes it 200×800 upright. */
export async function rotatedPhoto(): Promise<Buffer> {
  return sharp(await photo(800, 200))
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small PNG whose header says 10000×5000 pixels: what a decompression bomb looks like to a decoder. */
export async function bombHeaderPng(): Promise<Buffer> {
  const png = Buffer.from(await photo(100, 100, 'png'));
  // The IHDR chunk starts at byte 8: length (4), type (4), width (4), height (4), ..., CRC after 13 bytes.
  png.writeUInt32BE(10_000, 16);
  png.writeUInt32BE(5_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export interface PictureHost {
  url: string;
  /** Requests per path. */
  hits: Map<string, number>;
  /** Serves `body` at `path`. */
  serve(path: string, body: Buffer | string, contentType: string): void;
  /** Answers 503 to the first `times` requests for `path`, then serves it. */
  failFirst(path: string, times: number): void;
  close(): Promise<void>;
}

/** A recorded page of the corpus with its `og:image` pointed at `picture` (read from ../shared, never copied). */
export function corpusPageWithPicture(folder: string, picture: string, title?: string): string {
  let html = readFileSync(`${CORPORA}readability/${folder}/source.html`, 'utf8');
  html = html.replace(/<meta[^>]+property=["']og:image["'][^>]*>/gi, '');
  const head = `<meta property="og:image" content="${picture}">${title ? `<title>${title}</title>` : ''}`;
  html = /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (tag) => `${tag}${head}`)
    : `${head}${html}`;
  if (title) html = html.replace(/<title>(?![\s\S]*<title>)[\s\S]*?<\/title>/i, `<title>${title}</title>`);
  return html;
}

export async function startPictureHost(): Promise<PictureHost> {
  const routes = new Map<string, { body: Buffer; contentType: string }>();
  const failures = new Map<string, number>();
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const failing = failures.get(path) ?? 0;
    if (failing > 0) {
      failures.set(path, failing - 1);
      response.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
      return;
    }
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': route.contentType, 'content-length': route.body.length });
    response.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    serve(path, body, contentType) {
      routes.set(path, { body: Buffer.isBuffer(body) ? body : Buffer.from(body), contentType });
    },
    failFirst(path, times) {
      failures.set(path, times);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
