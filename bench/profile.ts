/**
 * A quick CPU profile of the server under one scenario: the built app runs with `node --cpu-prof` while the
 * scenario is driven at it, and the profile is summed up by package and by function (self time).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltApp } from './app-process';
import { table } from './results';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** V8's format: `samples[i]` is the node on top of the stack at `startTime + timeDeltas[0..i]` (µs). */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const TOP = 12;

/** Where a function lives: an npm package, the app's bundle, Node itself, or V8's own bookkeeping. */
function owner(node: ProfileNode) {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node';
  if (url.includes('apps/api/dist/')) return 'app (apps/api/dist)';
  return path.basename(url);
}

/** Owners whose frames say little on their own: the caller that matters is further up the stack. */
const RUNTIME = new Set(['node', '(native)', '(program)', '(root)', '(garbage collector)', '(idle)']);

const frame = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} (${owner(node)}${node.callFrame.url.startsWith('node:') ? '' : `:${node.callFrame.lineNumber + 1}`})`;

/** Self time per function and per owner, over the samples taken between `fromUs` and `toUs` of the profile. */
export function summariseProfile(profile: CpuProfile, fromUs: number, toUs: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  /** The nearest frame up the stack that belongs to the app or a package, for time spent in the runtime. */
  const callerOf = (nodeId: number) => {
    for (let id = parents.get(nodeId); id !== undefined; id = parents.get(id)) {
      const node = nodes.get(id);
      if (node && !RUNTIME.has(owner(node))) return frame(node);
    }
    return undefined;
  };
  const hitsByNode = new Map<number, number>();
  let time = profile.startTime;
  let samples = 0;
  for (const [i, nodeId] of profile.samples.entries()) {
    time += profile.timeDeltas[i] ?? 0;
    if (time < fromUs || time > toUs) continue;
    hitsByNode.set(nodeId, (hitsByNode.get(nodeId) ?? 0) + 1);
    samples += 1;
  }
  const share = (hits: number) => `${((100 * hits) / samples).toFixed(1)}%`;
  const byOwner = new Map<string, number>();
  const byFunction = new Map<
    string,
    { name: string; where: string; hits: number; callers: Map<string, number> }
  >();
  for (const [nodeId, hits] of hitsByNode) {
    const node = nodes.get(nodeId);
    if (!node) continue;
    const where = owner(node);
    byOwner.set(where, (byOwner.get(where) ?? 0) + hits);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName} ${url}:${lineNumber}`;
    const entry = byFunction.get(key) ?? {
      name: functionName || '(anonymous)',
      where: `${where}${url && !url.startsWith('node:') ? `:${lineNumber + 1}` : ''}`,
      hits: 0,
      callers: new Map<string, number>(),
    };
    entry.hits += hits;
    const caller = RUNTIME.has(where) ? callerOf(nodeId) : undefined;
    if (caller) entry.callers.set(caller, (entry.callers.get(caller) ?? 0) + hits);
    byFunction.set(key, entry);
  }
  const owners = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  const functions = [...byFunction.values()].sort((a, b) => b.hits - a.hits).slice(0, TOP);
  return [
    `${samples.toLocaleString('en-US')} samples over ${((toUs - fromUs) / 1e6).toFixed(1)} s of load. ` +
      `Self time by owner: ${owners.map(([name, hits]) => `${name} ${share(hits)}`).join(', ')}.`,
    '',
    table(
      ['self', 'function', 'where', 'mostly called from (runtime frames)'],
      ['r', 'l', 'l', 'l'],
      functions.map(({ name, where, hits, callers }) => {
        const [caller, callerHits] = [...callers].sort((a, b) => b[1] - a[1])[0] ?? [];
        return [
          share(hits),
          `\`${name}\``,
          where,
          caller && callerHits
            ? `${caller.replace(/\|/g, '\\|')}, ${Math.round((100 * callerHits) / hits)}%`
            : '',
        ];
      }),
    ),
  ].join('\n');
}

/** Starts the built app under the profiler, runs `drive` against it, and returns the summary as Markdown. */
export async function profileScenario(
  env: Record<string, string>,
  name: string,
  drive: (url: string) => Promise<void>,
): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fundry-bench-profile-'));
  try {
    const app = await startBuiltApp(env, path.join(dir, 'server.log'), {
      nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    });
    // Start-up and shutdown are left out: the window is the load, counted back from the profile's end.
    let driveMs = 0;
    let stopMs = 0;
    try {
      const driveStarted = performance.now();
      await drive(app.url);
      driveMs = performance.now() - driveStarted;
    } finally {
      const stopStarted = performance.now();
      await app.stop();
      stopMs = performance.now() - stopStarted;
    }
    const file = readdirSync(dir).find((entry) => entry.endsWith('.cpuprofile'));
    if (!file) return `#### ${name}\n\nNo profile was written (the server did not exit cleanly).`;
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const toUs = profile.endTime - stopMs * 1000;
    return `#### ${name}\n\n${summariseProfile(profile, toUs - driveMs * 1000, toUs)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
