/**
 * The catalogs' extraction step: lists the keys the code uses that `en` lacks, and the keys of `en` that no code
 * names whole (some are built from parts at run time: look before removing one). Exits 1 on a missing key.
 */
import { SOURCE_CATALOGS } from '../packages/shared/src/i18n/catalogs';
import { keysInSource } from '../packages/shared/src/i18n/keys';

const used = keysInSource(process.cwd());
const english = SOURCE_CATALOGS.en;
const missing = [...used].filter(([key]) => !(key in english));
const unnamed = Object.keys(english).filter((key) => !used.has(key));

for (const [key, file] of missing) console.log(`missing from en: ${key} (${file})`);
console.log(`${used.size} keys named in the code, ${Object.keys(english).length} in en`);
console.log(`${unnamed.length} keys of en not named whole in the code${unnamed.length ? ':' : ''}`);
for (const key of unnamed) console.log(`  ${key}`);
process.exitCode = missing.length > 0 ? 1 : 0;
