import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// Dependencies stay in node_modules; only our own workspaces are bundled in.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  // The render worker is its own file beside the server, which starts it (decision 027).
  entryPoints: {
    server: 'src/server.ts',
    jobs: 'src/cli/run-jobs.ts',
    'render-worker': 'src/modules/pages/render-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
