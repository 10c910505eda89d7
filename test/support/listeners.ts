import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A listening TCP socket: its address as the kernel shows it (IPv4 or IPv6 text) and port. */
export interface Listener {
  address: string;
  port: number;
}

/** The pid and every descendant of it, from /proc (Linux). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command may hold spaces and parentheses; the fields after its closing ')' are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes; // the process ended meanwhile
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`, 'utf8').toString());
      if (match) inodes.add(match[1]!);
    } catch {
      // this descriptor was closed meanwhile (a busy process opens and closes sockets all the time): the others still count
    }
  }
  return inodes;
}

/** /proc/net/tcp's hex address: IPv4 as one little-endian word, IPv6 as four. */
function addressText(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join('').toLowerCase());
  const ipv4 = (word: string) =>
    word
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .join('.');
  if (words.length === 1) return ipv4(words[0]!);
  // An IPv4-mapped address (::ffff:a.b.c.d): how Java's sockets show 127.0.0.1.
  if (words.slice(0, 3).join('') === '00000000000000000000ffff') return `::ffff:${ipv4(words[3]!)}`;
  return words
    .join('')
    .match(/.{4}/g)!
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
}

/** Every TCP socket in LISTEN state held by the process or one of its descendants. */
export function listenersOf(rootPid: number): Listener[] {
  const inodes = new Set(processTree(rootPid).flatMap((pid) => [...socketInodes(pid)]));
  const listeners: Listener[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A' || !inodes.has(fields[9]!)) continue; // 0A: LISTEN
      const [address, port] = fields[1]!.split(':');
      listeners.push({ address: addressText(address!), port: parseInt(port!, 16) });
    }
  }
  return listeners;
}

/** Whether an address is the loopback's: 127.0.0.0/8, ::1 (written out in full), or 127.x mapped into IPv6. */
export const isLoopback = (address: string) => /^(::ffff:)?127\./.test(address) || address === '0:0:0:0:0:0:0:1';
