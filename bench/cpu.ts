/**
 * CPU time spent by processes, read from /proc (Linux): what a request costs the app and PostgreSQL, however busy
 * the machine is. Requests per second and latencies move with the host's speed from run to run; CPU per request
 * moves much less, so it is what compares two runs, or two builds, on a shared machine.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function processCpuMs(pid: number) {
  try {
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    // Gone (a PostgreSQL backend that ended), or no /proc at all.
    return 0;
  }
}

/** Every PostgreSQL server process on this machine: its backends for the app's pool are among them. */
function postgresPids() {
  const pids: number[] = [];
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
      } catch {
        // Ended meanwhile.
      }
    }
  } catch {
    // No /proc.
  }
  return pids;
}

export interface CpuUse {
  appMs: number;
  postgresMs: number;
}

/** Starts counting the CPU of the app's process and of PostgreSQL; `stop` says how much each used since. */
export function countCpu(appPid: number) {
  const pids = postgresPids();
  const sum = (list: number[]) => list.reduce((total, pid) => total + processCpuMs(pid), 0);
  const [app, postgres] = [processCpuMs(appPid), sum(pids)];
  return {
    stop: (): CpuUse => ({ appMs: processCpuMs(appPid) - app, postgresMs: sum(pids) - postgres }),
  };
}
