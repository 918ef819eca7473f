/**
 * CPU time spent by processes, read from /proc (Linux): what a request costs the app and PostgreSQL, however busy
 * the machine is. Requests per second and latencies move with the host's speed from run to run; CPU per request
 * moves much less, so it is what compares two runs, or two builds, on a shared machine.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Stat {
  pid: number;
  parent: number;
  command: string;
  /** CPU of the process itself, and of its children that have ended (once reaped), in ms. */
  ownMs: number;
  endedChildrenMs: number;
}

function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const command = text.slice(text.indexOf('(') + 1, close);
    // After the command: state, ppid, …; utime, stime, cutime and cstime are the 12th to 15th of these fields.
    const fields = text.slice(close + 2).split(' ');
    const ms = (...at: number[]) =>
      (at.reduce((sum, i) => sum + Number(fields[i]), 0) * 1000) / TICKS_PER_SECOND;
    return { pid, parent: Number(fields[1]), command, ownMs: ms(11, 12), endedChildrenMs: ms(13, 14) };
  } catch {
    // Ended meanwhile, or no /proc at all.
    return undefined;
  }
}

function processes() {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((entry) => stat(Number(entry)) ?? []);
  } catch {
    return [];
  }
}

/**
 * All the CPU PostgreSQL's server has used: its main process, its processes still running (backends, background
 * workers) and those that have ended, whose time the main process collects when it reaps them. Backends that open
 * or close during a run are counted either way.
 */
function postgresMs() {
  const all = processes();
  const postgres = all.filter((p) => p.command === 'postgres');
  const pids = new Set(postgres.map((p) => p.pid));
  const mains = postgres.filter((p) => !pids.has(p.parent));
  const mainPids = new Set(mains.map((p) => p.pid));
  return (
    mains.reduce((sum, p) => sum + p.ownMs + p.endedChildrenMs, 0) +
    all.filter((p) => mainPids.has(p.parent)).reduce((sum, p) => sum + p.ownMs, 0)
  );
}

export interface CpuUse {
  appMs: number;
  postgresMs: number;
}

/** Starts counting the CPU of the app's process and of PostgreSQL; `stop` says how much each used since. */
export function countCpu(appPid: number) {
  const appMs = () => stat(appPid)?.ownMs ?? 0;
  const [app, postgres] = [appMs(), postgresMs()];
  return { stop: (): CpuUse => ({ appMs: appMs() - app, postgresMs: postgresMs() - postgres }) };
}

/**
 * The CPU of the processes `pids` lists at the start and at the stop: a server's backends of one database, as
 * `pg_stat_activity` names them, so that a PostgreSQL server shared with other work, or two servers on one machine
 * (a primary and its replica), are told apart. A backend opened meanwhile counts from zero; one that ended is lost,
 * which the app's pools, keeping their connections, make rare.
 */
export async function countBackendsCpu(pids: () => Promise<number[]>) {
  const before = new Map((await pids()).map((pid) => [pid, stat(pid)?.ownMs ?? 0]));
  return {
    stop: async () =>
      (await pids()).reduce((sum, pid) => sum + (stat(pid)?.ownMs ?? 0) - (before.get(pid) ?? 0), 0),
  };
}
