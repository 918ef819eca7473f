/**
 * bench/RESULTS.md is made of sections, one per part of the suite, each between its own markers, so that
 * `bench:web` or `bench:api` rewrites only what it measured and leaves the other parts' figures in place.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

const resultsFile = path.join(import.meta.dirname, 'RESULTS.md');

/** In the order they appear in the file. `changes` (before → after, with reasons) is written by hand and kept. */
export const SECTIONS = [
  'changes',
  'web',
  'data',
  'data-large',
  'api',
  'api-large',
  'pages',
  'pages-large',
  'collection',
  'collection-large',
  'suspension',
  'referrals',
  'instalments',
  'replica',
  'plans',
  'plans-large',
] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * A run on more than the usual data (`BENCH_SCALE` > 1, issue 54's ten times) writes its data, API, pages,
 * collection and plans into sections of their own, beside the usual ones, its headings saying the scale.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LARGE: readonly Section[] = ['data', 'api', 'pages', 'collection', 'plans'];

const TITLE = '# Benchmark results';
const INTRO =
  'Written by `npm run bench` (all parts), `npm run bench:web` (bundle sizes and Lighthouse) and `npm run bench:api` ' +
  '(data generation, load scenarios, query plans). Each section says when and on what it was measured. ' +
  'Other work may have been running on the machine at the same time: figures are noisy, and a section ' +
  'is only comparable with a later run of itself on the same machine.';

const marker = (section: Section, end = false) => `<!-- bench:${section}${end ? ':end' : ''} -->`;

/** Replaces one section (or adds it in its place), formatted as `npm run lint` expects. */
export async function writeSection(section: Section, markdown: string) {
  if (SCALE > 1 && LARGE.includes(section)) {
    section = `${section}-large` as Section;
    markdown = markdown.replace(/^## (.+)$/m, `## $1 at ×${SCALE} the data`);
  }
  const current = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
  const bodies = new Map<Section, string>();
  for (const name of SECTIONS) {
    const start = current.indexOf(marker(name));
    const end = current.indexOf(marker(name, true));
    if (start >= 0 && end > start) bodies.set(name, current.slice(start + marker(name).length, end).trim());
  }
  bodies.set(section, markdown.trim());
  const parts = [TITLE, '', INTRO, ''];
  for (const name of SECTIONS) {
    const body = bodies.get(name);
    if (body) parts.push(marker(name), '', body, '', marker(name, true), '');
  }
  const options = (await resolveConfig(resultsFile)) ?? {};
  writeFileSync(resultsFile, await format(parts.join('\n'), { ...options, filepath: resultsFile }));
}

/** Where a section's figures came from: the machine, the runtime and the time. */
export function machineLine(extra: string[] = []) {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`;
  return [
    `${os.availableParallelism()} cores (${cpu})`,
    memory,
    `Node ${process.versions.node}`,
    ...extra,
    `measured ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
  ].join(' · ');
}

export function table(header: string[], align: ('l' | 'r')[], rows: (string | number)[][]) {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(align.map((a) => (a === 'r' ? '---:' : '---'))),
    ...rows.map((row) => line(row)),
  ].join('\n');
}

export interface Budget {
  met: boolean;
  /** What was required, and the figure that decided it. */
  text: string;
}

export const budgetCell = (budget: Budget | undefined) =>
  budget ? `${budget.met ? '✅ met' : '❌ missed'}: ${budget.text}` : '—';

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
