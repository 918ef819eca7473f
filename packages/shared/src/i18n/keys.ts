import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The namespaces of the catalogs: a quoted string that starts with one and a dot is taken for a key. */
export const NAMESPACES = [
  'common',
  'msg',
  'api',
  'mail',
  'sandbox',
  'admin',
  'auth',
  'backing',
  'categories',
  'community',
  'creatorTools',
  'dashboard',
  'discovery',
  'home',
  'info',
  'messages',
  'notifications',
  'payouts',
  'profile',
  'projects',
  'reports',
  'settings',
] as const;

const SOURCE_DIRECTORIES = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];
/** SQL names a table's column the way a key is written (table, dot, column): the database's code is left out. */
const SQL_DIRECTORY = path.join('apps', 'api', 'src', 'db');
const KEY_LITERAL = new RegExp(`(['"\`])((?:${NAMESPACES.join('|')})(?:\\.[A-Za-z0-9_]+)+)\\1`, 'g');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|repository)\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Every catalog key written whole in the code (a `t` call with a key in quotes), with where it is: what the extraction
 * step of `npm run i18n:keys` and the catalogs' test compare with the catalogs. Keys built from parts at run time
 * (`common.meta.${page}.title`) are not seen here; their parts are checked where they are listed.
 */
export function keysInSource(root: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const directory of SOURCE_DIRECTORIES) {
    for (const file of sourceFiles(path.join(root, directory))) {
      if (file.includes(SQL_DIRECTORY)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) {
        if (!keys.has(match[2]!)) keys.set(match[2]!, path.relative(root, file));
      }
    }
  }
  return keys;
}
