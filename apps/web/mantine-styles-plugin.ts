import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `mantine-classes:Button`: the class map of Mantine's Button alone (see below). */
const CLASSES_PREFIX = 'mantine-classes:';

/** One of Mantine's class maps: `@mantine/core/esm/…/<Name>/<Name>.module.mjs`, the classes of `styles/<Name>.css`. */
const CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/**
 * Each Mantine component brings its own stylesheet (decision 032): the class map of every component Mantine builds
 * (`Button.module.mjs`, used by `Button` and by whatever is made of a `Button`) imports the component's CSS,
 * `@mantine/core/styles/Button.css`, so the CSS goes into the chunk the component's code is in, and a page loads
 * the styles of the components it renders, not all of `@mantine/core/styles.css` (36 kB gzip). A component's
 * own dependencies are imported before its class map, so their CSS comes first, as in Mantine's one file.
 * The base (`baseline`, `default-css-variables`, `global`) is imported by app/providers.tsx.
 *
 * The dev server reads Mantine pre-bundled, past this transform: there the whole stylesheet is imported instead.
 *
 * `import classes from 'mantine-classes:Button'` is Mantine's `Button.classes` (and its CSS) without the component's
 * code, for our light parts (components/primitives) that write Mantine's markup themselves: `Button.classes` brought
 * the component, and what it is made of, into every page's first download.
 */
export function mantineStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('@mantine/core/styles.css'));
  const stylesDir = path.join(packageDir, 'styles');
  let serving = false;
  return {
    name: 'fundry:mantine-styles',
    enforce: 'post',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(source) {
      if (!source.startsWith(CLASSES_PREFIX)) return null;
      const name = source.slice(CLASSES_PREFIX.length);
      const file = path.join(packageDir, 'esm/components', name, `${name}.module.mjs`);
      if (!/^[A-Za-z]+$/.test(name) || !existsSync(file))
        throw new Error(`${source}: Mantine has no such class map`);
      return file;
    },
    transform(code, id) {
      if (serving) {
        if (!/[\\/]src[\\/]app[\\/]providers\.tsx$/.test(id)) return null;
        return { code: `import '@mantine/core/styles.css';\n${code}`, map: null };
      }
      const name = CLASS_MAP.exec(id)?.[1];
      if (!name || !existsSync(path.join(stylesDir, `${name}.css`))) return null;
      return { code: `${code}\nimport '@mantine/core/styles/${name}.css';\n`, map: null };
    },
  };
}
