/**
 * `npm run check:size`, part of `npm test` after the build: the first JavaScript and CSS of each public route of
 * the web build (counted as bench:web counts them, apps/web/bundle-sizes.ts) against apps/web/size-budget.json.
 * Exits 1, naming the route, the kind, the budget, the size and the growth, when one exceeds its budget.
 * `tsx scripts/size-fence.ts [outDir]` checks another build (default apps/web/dist).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLE_ROUTES, measureBundles, type RouteSize } from '../apps/web/bundle-sizes';

const repoRoot = path.resolve(import.meta.dirname, '..');
const budgetFile = path.join(repoRoot, 'apps/web/size-budget.json');
const budgetName = path.relative(repoRoot, budgetFile);
const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/web/dist'));
/** A route this far under its budget is reported, so the budget is lowered and the fence stays tight. */
const SLACK_NOTICE = 0.05;

const KINDS = ['js', 'css'] as const;
type Kind = (typeof KINDS)[number];
interface Budget {
  gzipKB: number;
  reason: string;
}
type Budgets = Record<string, Record<Kind, Budget>>;

function readBudgets(): Budgets {
  const parsed = JSON.parse(readFileSync(budgetFile, 'utf8')) as { routes?: unknown };
  const routes = parsed.routes;
  if (typeof routes !== 'object' || routes === null) throw new Error(`${budgetName} has no "routes"`);
  for (const [name, budgets] of Object.entries(routes as Record<string, Record<string, Partial<Budget>>>)) {
    for (const kind of KINDS) {
      const budget = budgets?.[kind];
      if (typeof budget?.gzipKB !== 'number' || !(budget.gzipKB > 0))
        throw new Error(`${budgetName}: ${name}.${kind}.gzipKB is not a positive number`);
      if (typeof budget.reason !== 'string' || budget.reason.trim() === '')
        throw new Error(`${budgetName}: ${name}.${kind} has no reason`);
    }
  }
  return routes as Budgets;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const LABEL: Record<Kind, string> = { js: 'JS', css: 'CSS' };

const started = Date.now();
if (!existsSync(path.join(outDir, '.vite/manifest.json'))) {
  console.error(`size fence: no web build in ${outDir}; run \`npm run build\` first.`);
  process.exit(1);
}
let budgets: Budgets;
try {
  budgets = readBudgets();
} catch (error) {
  console.error(`size fence: ${(error as Error).message}`);
  process.exit(1);
}
const publicRoutes = BUNDLE_ROUTES.filter((route) => route.public);
const problems: string[] = [];
for (const route of publicRoutes)
  if (!budgets[route.name])
    problems.push(`${route.name} (${route.path}) is public and has no budget in ${budgetName}.`);
for (const name of Object.keys(budgets))
  if (!publicRoutes.some((route) => route.name === name))
    problems.push(
      `${budgetName} has a budget for ${name}, which is not a public route of apps/web/bundle-sizes.ts.`,
    );

const sizes = measureBundles(outDir, publicRoutes);
const bytesOf = (row: RouteSize, kind: Kind) => (kind === 'js' ? row.jsBytes : row.cssBytes);
const over: string[] = [];
const slack: string[] = [];
const lines: string[] = [];
for (const row of sizes.routes) {
  const routeBudgets = budgets[row.route.name];
  if (!routeBudgets) continue;
  const cells = KINDS.map((kind) => {
    const bytes = bytesOf(row, kind);
    const limit = Math.round(routeBudgets[kind].gzipKB * 1000);
    const growth = bytes - limit;
    const where = `${row.route.name} (${row.route.path}) ${LABEL[kind]}`;
    if (growth > 0) {
      const files = (kind === 'js' ? row.js : row.css)
        .map((file) => ({ file, bytes: row.gzipByFile[file] ?? 0 }))
        .sort((a, b) => b.bytes - a.bytes)
        .map(({ file, bytes: fileBytes }) => `      ${kB(fileBytes).padStart(9)}  ${file}`);
      over.push(
        [
          `  ✗ ${where}: ${kB(bytes)}, over its budget of ${kB(limit)} by ${kB(growth)} (+${((growth / limit) * 100).toFixed(1)} %)`,
          `    the budget's reason: ${routeBudgets[kind].reason}`,
          `    its ${LABEL[kind]} files, gzip:`,
          ...files,
        ].join('\n'),
      );
    } else if (-growth > limit * SLACK_NOTICE) {
      slack.push(`  ${where}: ${kB(bytes)}, ${kB(-growth)} under its budget of ${kB(limit)}`);
    }
    return `${LABEL[kind]} ${kB(bytes)} of ${kB(limit)}${growth > 0 ? ' ✗' : ''}`;
  });
  lines.push(`  ${row.route.name.padEnd(14)} ${cells.join(', ')}`);
}

console.log(
  `size fence: the first JS and CSS of each public route (gzip) in ${path.relative(repoRoot, outDir) || '.'}, against ${budgetName}`,
);
console.log(lines.join('\n'));
if (slack.length > 0) {
  console.log(
    `Under budget by more than ${SLACK_NOTICE * 100} %: lower the budget in ${budgetName}, so the fence stays tight:`,
  );
  console.log(slack.join('\n'));
}
for (const problem of problems) console.error(`size fence: ${problem}`);
if (over.length > 0) {
  console.error(`size fence: ${over.length} budget${over.length === 1 ? '' : 's'} exceeded:`);
  console.error(over.join('\n'));
  console.error(
    `If the growth is meant, raise the budget in ${budgetName} (gzipKB) and say why in its reason: ` +
      'the edit is reviewed like code. Otherwise load what the change added when it is wanted (a lazy import), ' +
      'not before the route can render.',
  );
}
const failed = over.length + problems.length > 0;
(failed ? console.error : console.log)(
  `size fence: ${failed ? 'FAILED' : 'passed'} in ${Date.now() - started} ms`,
);
process.exitCode = failed ? 1 : 0;
