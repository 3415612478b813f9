// Watches the processes a test starts (everything below this test process that was not there
// before) from /proc: which ran, whether any is still alive afterwards, and which sockets they held
// to addresses other than loopback, as a second check that no agent reached outside this machine.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  parent: number;
  /** Start time in clock ticks since boot: a pid used again by a later process is not the same one. */
  startedAt: string;
  name: string;
}

export interface WatchedProcess {
  pid: number;
  startedAt: string;
  name: string;
}

export interface ProcessWatch {
  /** Every process seen below the test since the watch started. */
  seen(): WatchedProcess[];
  /** Those still running now. */
  alive(): WatchedProcess[];
  /** Remote addresses (other than loopback) of sockets they held, as `tcp 1.2.3.4:443`. */
  outsideSockets(): string[];
  stop(): void;
}

function processTable(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      entries.push({
        pid: Number(name),
        parent: Number(fields[1]),
        startedAt: fields[19] ?? '',
        name: stat.slice(stat.indexOf('(') + 1, close),
      });
    } catch {
      // It ended while we looked.
    }
  }
  return entries;
}

function below(root: number, table: ProcessEntry[]): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const list = children.get(entry.parent) ?? [];
    list.push(entry);
    children.set(entry.parent, list);
  }
  const found: ProcessEntry[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

function isRunning(process: WatchedProcess): boolean {
  try {
    const stat = readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie has ended; only its parent has not read its exit yet.
    return fields[19] === process.startedAt && fields[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Socket inodes → remote address, for the sockets whose far end is not loopback or unset. */
function remoteSockets(): Map<string, string> {
  const remote = new Map<string, string>();
  for (const protocol of ['tcp', 'tcp6', 'udp', 'udp6']) {
    let text = '';
    try {
      text = readFileSync(`/proc/net/${protocol}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const address = decodeAddress(fields[2]!);
      if (address) remote.set(fields[9]!, `${protocol} ${address}`);
    }
  }
  return remote;
}

/** `0100007F:1F90` → `127.0.0.1:8080`; undefined for loopback and unconnected sockets. */
function decodeAddress(hex: string): string | undefined {
  const [host, port] = hex.split(':');
  if (!host || !port) return undefined;
  const portNumber = parseInt(port, 16);
  if (host.length === 8) {
    const bytes = host
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .reverse();
    if (bytes[0] === 127 || bytes.every((byte) => byte === 0)) return undefined;
    return `${bytes.join('.')}:${portNumber}`;
  }
  // IPv6: loopback (::1), unset (::) and IPv4-mapped loopback are not outside.
  if (
    /^0{32}$/.test(host) ||
    /^0{24}01000000$/.test(host) ||
    /^0{16}FFFF0000[0-9A-F]{2}00007F$/i.test(host)
  ) {
    return undefined;
  }
  if (/^0{16}FFFF0000/i.test(host)) {
    const bytes = host
      .slice(24)
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .reverse();
    if (bytes[0] === 127) return undefined;
    return `${bytes.join('.')}:${portNumber}`;
  }
  return `[${host}]:${portNumber}`;
}

function socketInodes(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        return match ? [match[1]!] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** Starts watching the processes this test process starts from now on. */
export function watchProcesses(intervalMs = 50): ProcessWatch {
  const root = process.pid;
  const before = new Set(below(root, processTable()).map((entry) => `${entry.pid}/${entry.startedAt}`));
  const seen = new Map<string, WatchedProcess>();
  const outside = new Set<string>();
  const look = () => {
    const started = below(root, processTable()).filter(
      (entry) => !before.has(`${entry.pid}/${entry.startedAt}`),
    );
    if (started.length === 0) return;
    const remote = remoteSockets();
    for (const entry of started) {
      seen.set(`${entry.pid}/${entry.startedAt}`, {
        pid: entry.pid,
        startedAt: entry.startedAt,
        name: entry.name,
      });
      for (const inode of socketInodes(entry.pid)) {
        const address = remote.get(inode);
        if (address) outside.add(`${address} (${entry.name})`);
      }
    }
  };
  look();
  const timer = setInterval(look, intervalMs);
  return {
    seen: () => [...seen.values()],
    alive: () => [...seen.values()].filter(isRunning),
    outsideSockets: () => [...outside],
    stop() {
      look();
      clearInterval(timer);
    },
  };
}
