import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateSdkTypes, TYPES_FILE } from './sdk-types.ts';

writeFileSync(TYPES_FILE, await generateSdkTypes());
console.log(`Wrote ${fileURLToPath(TYPES_FILE)}`);
