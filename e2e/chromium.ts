import { existsSync } from 'node:fs';

/** Debian's Chromium, used when it is installed. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for either Chromium here (no sandbox as root, no GPU, nothing fetched in the background). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The one place that decides which Chromium the journeys and Lighthouse run: `CHROME_PATH` when set, else
 * Debian's when installed, else the build that comes inside the npm package `@sparticuz/chromium` (unpacked
 * into the temporary folder on first use), so `npm install && npm test` needs no browser download and no apt.
 * `FUNDRY_CHROMIUM=packaged` picks the packaged one even where Debian's is installed, to check it.
 */
export async function chromiumPath(
  env: Record<string, string | undefined> = process.env,
  systemPath = SYSTEM_CHROMIUM,
): Promise<string> {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  if (env.FUNDRY_CHROMIUM !== 'packaged' && existsSync(systemPath)) return systemPath;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
