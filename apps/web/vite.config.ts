import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogs } from './catalogs-plugin.ts';
import { mantineStyles } from './mantine-styles-plugin.ts';
import { PAGE_MODULES, PAGE_MODULES_FILE, PAGE_QUERY_MODULES } from './page-modules.ts';
import { themeVariables } from './theme-variables-plugin.ts';

/** What the entry imports once React has run (src/main.tsx): an entry of the build of its own. */
const SHELL_BOOT = 'src/app/boot.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, once, at their best settings; the server sends
 * them as they are (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fundry:precompress',
    apply: 'build',
    configResolved(config) {
      // The server's render bundle is read from disk, never sent.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = path.join(outDir, file);
          const body = await readFile(source);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            promisify(gzip)(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${source}.br`, br), writeFile(`${source}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The route modules of each server-rendered page, beside the manifest: the server links their CSS (page-modules.ts). */
function pageModules(): Plugin {
  return {
    name: 'fundry:page-modules',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: PAGE_MODULES_FILE,
        source: JSON.stringify({ pages: PAGE_MODULES, queries: PAGE_QUERY_MODULES }),
      });
    },
  };
}

/**
 * index.html preloads the shell's second step (SHELL_BOOT), as it does the shell: the entry imports it after a
 * yield, and finds it loaded rather than fetching it then.
 */
function preloadShellBoot(): Plugin {
  return {
    name: 'fundry:preload-shell-boot',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(SHELL_BOOT),
        );
        if (!boot) throw new Error(`The build has no chunk of ${SHELL_BOOT}`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${boot.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

const apiTarget = 'http://localhost:5000';

/**
 * How the browser's build is split. What every page loads before its route is one `shell` chunk rather than thirty:
 * what the entry imports (React, the page's data) and what it imports once React has run (src/app/boot.ts: Mantine,
 * the providers, the router, the layout), with all they import. One chunk and one stylesheet, which index.html
 * loads and links; the entry runs their modules in two tasks, then hydrates in a third. The shared chunks that are
 * small are copied into the chunks that import them instead of being files of their own.
 */
const CHUNKS = {
  groups: [
    {
      name: 'shell',
      tags: ['$initial' as const],
      // The entry itself stays the entry: the server and bench/ find it in the manifest by it.
      test: (id: string) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
    },
  ],
  experimentalInlineCommonChunks: { maxSize: 8_000 },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    catalogs(),
    mantineStyles(),
    themeVariables(),
    pageModules(),
    preloadShellBoot(),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/sandbox': apiTarget,
    },
  },
  // The render bundle carries its dependencies: the server loads it wherever the build stands, with no
  // node_modules of the web app beside it.
  ssr: { noExternal: true },
  // The server renders with React's production build, as the browser's bundle does, whatever NODE_ENV it runs in.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/ reads it to size what each route loads first.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Each chunk brings its own CSS (decision 032): the server links a rendered page's route CSS in its head.
    cssCodeSplit: true,
    // Fewer, larger files: on a phone each request costs a round trip, and a page's first load waited on dozens.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The second step of the shell is an entry of its own, so that its imports count as the shell's ($initial).
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            boot: fileURLToPath(new URL(`./${SHELL_BOOT}`, import.meta.url)),
          },
          output: { codeSplitting: CHUNKS },
          preserveEntrySignatures: false,
        },
  },
}));
