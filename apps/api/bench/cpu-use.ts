import { readFileSync } from 'node:fs';

/**
 * The machine's CPU use over a stretch of a benchmark, from /proc/stat (Linux): the part of all cores'
 * time they were busy, and the part the hypervisor ran something else while this machine's cores had
 * work (steal). On one 2-core machine the load generator, the API and PostgreSQL's backends share the
 * cores: this tells a cell timed with the cores full from one that waited on the API's one thread with
 * cores idle, as at concurrency 8 in the twenty-eighth session (docs/performance.md).
 */
export type CpuUse = { busy: number; steal: number };

type Ticks = { busy: number; steal: number; total: number };

function readTicks(): Ticks | null {
  let line: string;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  } catch {
    return null;
  }
  // cpu user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  if (!line.startsWith('cpu ') || steal === undefined) return null;
  const busy = user! + nice! + system! + irq! + softirq!;
  return { busy, steal, total: busy + idle! + iowait! + steal };
}

/** Starts measuring; the function it returns gives the use since then (null where it cannot be read). */
export function measureCpuUse(): () => CpuUse | null {
  const start = readTicks();
  return () => {
    const end = readTicks();
    if (!start || !end || end.total <= start.total) return null;
    const total = end.total - start.total;
    return { busy: (end.busy - start.busy) / total, steal: (end.steal - start.steal) / total };
  };
}
