// Where a run's kept pictures live. The store is a small interface so a shared store (an object store
// for several machines) can take the place of the files later; the index of which runs use which
// picture is in Redis either way, so removing a run removes exactly the pictures no other run uses.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { LuaScript } from '../queue/lua.ts';
import type { QueueSystem } from '../queue/system.ts';

/** A kept copy's name: the SHA-256 of its bytes (hex, shortened) and its format's extension. */
const PICTURE_NAME = /^[0-9a-f]{32}\.(webp|avif)$/;

export function isPictureName(value: string): boolean {
  return PICTURE_NAME.test(value);
}

export const PICTURE_CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif' };

/** Where Quarry serves a run's kept copy (src/server/run-report-route.ts). */
export function pictureAddress(runId: string, name: string): string {
  return `/api/runs/${runId}/pictures/${name}`;
}

/** The bytes of kept copies, by name. Names are content hashes, so writing one twice is harmless. */
export interface PictureBytes {
  write(name: string, bytes: Buffer): Promise<void>;
  read(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
}

/** Kept copies as files under `<dataDir>/pictures`, written to a temporary name first so a reader never sees half. */
export class FilePictureBytes implements PictureBytes {
  constructor(readonly folder: string) {}

  async write(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const temporary = join(this.folder, `.${name}.${randomBytes(6).toString('hex')}`);
    await writeFile(temporary, bytes);
    await rename(temporary, join(this.folder, name));
  }

  async read(name: string): Promise<Buffer | undefined> {
    if (!isPictureName(name)) return undefined;
    try {
      return await readFile(join(this.folder, name));
    } catch {
      return undefined;
    }
  }

  async remove(name: string): Promise<void> {
    if (isPictureName(name)) await rm(join(this.folder, name), { force: true });
  }
}

// Unlinks a run from each of its pictures; returns the names no run uses any more (their users' set is gone).
const RELEASE_RUN = new LuaScript(`
local names = redis.call('SMEMBERS', KEYS[1])
local orphans = {}
for _, name in ipairs(names) do
  local users = ARGV[1] .. name
  redis.call('SREM', users, ARGV[2])
  if redis.call('SCARD', users) == 0 then table.insert(orphans, name) end
end
redis.call('DEL', KEYS[1])
return orphans
`);

/**
 * The picture store: the bytes behind `PictureBytes`, the index in Redis (`<prefix>:state:picture:<name>`,
 * the runs that use a picture; `<prefix>:state:run:<id>:pictures`, the pictures a run uses).
 */
export class PictureStore {
  constructor(
    private readonly system: QueueSystem,
    readonly bytes: PictureBytes,
  ) {}

  static forSystem(system: QueueSystem): PictureStore {
    return new PictureStore(system, new FilePictureBytes(join(system.config.dataDir, 'pictures')));
  }

  runPicturesKey(runId: string): string {
    return this.system.key('run', runId, 'pictures');
  }

  private usersKeyPrefix(): string {
    return `${this.system.key('picture')}:`;
  }

  /** Keeps a copy for a run: the run is recorded as a user first, so a removal in between never takes the file. */
  async keep(runId: string, name: string, bytes: Buffer): Promise<void> {
    await this.system.connection
      .multi()
      .sadd(`${this.usersKeyPrefix()}${name}`, runId)
      .sadd(this.runPicturesKey(runId), name)
      .exec();
    await this.bytes.write(name, bytes);
  }

  read(name: string): Promise<Buffer | undefined> {
    return this.bytes.read(name);
  }

  /** Whether the run uses the picture (the route serves a run's own pictures only). */
  async usedBy(runId: string, name: string): Promise<boolean> {
    return (await this.system.connection.sismember(this.runPicturesKey(runId), name)) === 1;
  }

  async runsUsing(name: string): Promise<string[]> {
    return this.system.connection.smembers(`${this.usersKeyPrefix()}${name}`);
  }

  /** Forgets the run's pictures and removes the ones no other run uses; returns the removed names. */
  async releaseRun(runId: string): Promise<string[]> {
    const orphans = (await RELEASE_RUN.run(
      this.system.connection,
      [this.runPicturesKey(runId)],
      [this.usersKeyPrefix(), runId],
    )) as string[];
    for (const name of orphans) {
      // Another run may have taken the picture since the script ran: its `keep` wrote the users' set first.
      if ((await this.runsUsing(name)).length === 0) await this.bytes.remove(name);
    }
    return orphans;
  }
}
