/**
 * CPU seconds per process (and its descendants) and for the whole machine, read from /proc, so a bench can say
 * what saturated while it ran. Not a bench itself (the bench config only picks up `*.bench.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields start after its closing parenthesis (field 3 on).
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function children(): Map<number, number[]> {
  const tree = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = Number(statFields(pid)?.[1]);
    if (parent) tree.set(parent, [...(tree.get(parent) ?? []), pid]);
  }
  return tree;
}

/** utime + stime of `pid` and every live descendant, plus what reaped children already handed up, in seconds. */
export function treeCpu(pid: number): number {
  const tree = children();
  let ticks = 0;
  const visit = (p: number) => {
    const f = statFields(p);
    if (!f) return;
    // Fields 14–17 (utime, stime, cutime, cstime) sit at 11–14 here.
    ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    for (const c of tree.get(p) ?? []) visit(c);
  };
  visit(pid);
  return ticks / TICK;
}

/** The pid of the process whose command line holds every one of `words` (redis-server rewrites its own), or undefined. */
export function findPid(words: string[]): number | undefined {
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (words.every((w) => line.includes(w))) return pid;
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** Busy and total CPU seconds of the machine (all cores) since boot. */
export function machineCpu(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / TICK, total: (busy + idle + iowait) / TICK };
}

/** A snapshot of named pids' CPU and the machine's, and what changed since, as one line. */
export function cpuMeter(pids: Record<string, number | undefined>) {
  const read = () => ({
    own: Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid === undefined ? 0 : name === 'web node' ? process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 : treeCpu(pid)])),
    machine: machineCpu(),
  });
  const before = read();
  return () => {
    const after = read();
    const used = Object.fromEntries(Object.keys(pids).map((name) => [name, after.own[name] - before.own[name]]));
    const ours = Object.values(used).reduce((a, b) => a + b, 0);
    const busy = after.machine.busy - before.machine.busy;
    const wall = (after.machine.total - before.machine.total);
    const parts = Object.entries(used).map(([name, s]) => `${name} ${s.toFixed(2)}`);
    return `CPU s: ${parts.join(', ')}, everything else ${Math.max(0, busy - ours).toFixed(2)}; machine busy ${(100 * busy / wall).toFixed(0)} % of its cores`;
  };
}
