/**
 * CPU time of whole processes from /proc: utime + stime of /proc/<pid>/stat, which for a process
 * sums all its threads (living and exited), in clock ticks. Read before and after a load run,
 * the difference over the requests completed is CPU per request.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second (USER_HZ), almost always 100: one tick is the figures' resolution. */
export const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

type Stat = { pid: number; comm: string; ppid: number; ticks: number };

function stat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // exited
  }
  // The command name is parenthesized and may itself hold spaces or parentheses.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 of proc(5): state; 4 ppid, 14 utime, 15 stime.
  return {
    pid,
    comm: text.slice(text.indexOf('(') + 1, close),
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

/** `root` and every process below it. */
export function processTree(root: number): Stat[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => stat(Number(name)))
    .filter((s): s is Stat => s !== null);
  const tree = all.filter((s) => s.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((s) => s.ppid === tree[i]!.pid));
  return tree;
}

/** The CPU milliseconds the processes used so far (a process gone since counts 0). */
export function cpuMs(pids: number[]): number {
  const ticks = pids.reduce((sum, pid) => sum + (stat(pid)?.ticks ?? 0), 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
