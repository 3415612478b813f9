// Keeping one picture, against a loopback picture host through the real guarded fetch (loopback on
// its allow-list), with the picture store's index in real Redis under a fresh prefix.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { keepPicture, PictureRefusedError, PictureRetryError } from '../../src/research/keep-picture.ts';
import { PictureStore } from '../../src/research/picture-store.ts';
import { createGuardedFetch } from '../../src/web/safe-fetch.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';
import { bombHeaderPng, photo, rotatedPhoto, startPictureHost, type PictureHost } from './picture-host.ts';

let host: PictureHost;
let system: QueueSystem;
let store: PictureStore;
let dataDir: string;
const guarded = createGuardedFetch({ allow: ['127.0.0.1'] });
const refused = createGuardedFetch({ allow: [] });

beforeAll(async () => {
  host = await startPictureHost();
  dataDir = mkdtempSync(join(tmpdir(), 'quarry-pictures-'));
  system = createQueueSystem(freshConfig({ dataDir }));
  store = PictureStore.forSystem(system);
  host.serve('/photo.jpg', await photo(2400, 1200), 'image/jpeg');
  host.serve('/rotated.jpg', await rotatedPhoto(), 'image/jpeg');
  host.serve('/tiny.png', await photo(40, 30, 'png'), 'image/png');
  host.serve('/bomb.png', await bombHeaderPng(), 'image/png');
  host.serve('/page.jpg', '<!doctype html><html><body>Not a picture</body></html>', 'image/jpeg');
  host.serve('/untyped', await photo(300, 200), 'text/plain');
});

afterAll(async () => {
  await system?.close();
  await removePrefix(system.config.prefix);
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const keep = (path: string, runId = 'run-00000000000000a1', fetchFunction = guarded) =>
  keepPicture(`${host.url}${path}`, { runId, store, fetch: fetchFunction });

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught as Error,
  );
  expect(error, 'the keep should have failed').toBeInstanceOf(Error);
  return error!;
}

describe('keeping a picture', () => {
  it('writes a WebP display copy (1600 at most) and a thumbnail (400), named by their hash, without metadata', async () => {
    const kept = await keep('/photo.jpg');
    expect(kept.original).toMatchObject({ format: 'jpeg', width: 2400, height: 1200 });
    expect(kept.display).toMatchObject({ width: 1600, height: 800 });
    expect(kept.thumbnail).toMatchObject({ width: 400, height: 200 });
    expect(kept.display.name).toMatch(/^[0-9a-f]{32}\.webp$/);
    const bytes = (await store.read(kept.display.name))!;
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(metadata.exif).toBeUndefined();
    expect(await store.runsUsing(kept.display.name)).toEqual(['run-00000000000000a1']);
  });

  it('turns a picture upright by its EXIF orientation', async () => {
    const kept = await keep('/rotated.jpg');
    expect(kept.original).toMatchObject({ width: 200, height: 800 });
    expect(kept.display).toMatchObject({ width: 200, height: 800 });
    expect(kept.thumbnail).toMatchObject({ width: 100, height: 400 });
    const metadata = await sharp((await store.read(kept.thumbnail.name))!).metadata();
    expect([metadata.width, metadata.height, metadata.orientation ?? 1]).toEqual([100, 400, 1]);
  });

  it('checks the bytes, not the Content-Type', async () => {
    const html = await refusal(keep('/page.jpg'));
    expect(html).toBeInstanceOf(PictureRefusedError);
    expect(html.message).toMatch(/did not give a picture/);
    const untyped = await keep('/untyped');
    expect(untyped.original).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  });

  it('refuses a decompression bomb by its pixel count, and a picture too small to show', async () => {
    const bomb = await refusal(keep('/bomb.png'));
    expect(bomb).toBeInstanceOf(PictureRefusedError);
    expect(bomb.message).toMatch(/10000×5000 pixels, more than the 40000000/);
    const tiny = await refusal(keep('/tiny.png'));
    expect(tiny.message).toMatch(/40×30 pixels, too small/);
  });

  it('gives up on a 404 at once, and leaves a 503 to be tried again', async () => {
    const missing = await refusal(keep('/gone.jpg'));
    expect(missing).toBeInstanceOf(PictureRefusedError);
    expect(missing.message).toMatch(/answered 404/);
    host.failFirst('/photo.jpg', 1);
    const busy = await refusal(keep('/photo.jpg'));
    expect(busy).toBeInstanceOf(PictureRetryError);
    expect(busy.message).toMatch(/answered 503/);
  });

  it('fetches through the safe fetch: a loopback address off the allow-list is refused', async () => {
    const error = await refusal(keep('/photo.jpg', 'run-00000000000000a1', refused));
    expect(error).toBeInstanceOf(PictureRefusedError);
    expect(error.message).toMatch(/refused/);
  });

  it('keeps a picture two runs share once, and removes it only with the last run that uses it', async () => {
    const first = await keep('/photo.jpg', 'run-00000000000000b1');
    const second = await keep('/photo.jpg', 'run-00000000000000b2');
    expect(second.display.name).toBe(first.display.name);
    expect((await store.runsUsing(first.display.name)).sort()).toEqual([
      'run-00000000000000a1',
      'run-00000000000000b1',
      'run-00000000000000b2',
    ]);
    const files = () => readdirSync(join(dataDir, 'pictures'));
    expect(files().filter((name) => name === first.display.name)).toHaveLength(1);
    await store.releaseRun('run-00000000000000a1');
    await store.releaseRun('run-00000000000000b1');
    expect(files()).toContain(first.display.name);
    const removed = await store.releaseRun('run-00000000000000b2');
    expect(removed).toContain(first.display.name);
    expect(files()).not.toContain(first.display.name);
    expect(await store.read(first.display.name)).toBeUndefined();
  });
});
