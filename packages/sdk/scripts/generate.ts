import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_FILE, generateSdkFiles, TYPES_FILE } from './sdk-types.ts';

const { types, document } = await generateSdkFiles();
writeFileSync(TYPES_FILE, types);
writeFileSync(DOCUMENT_FILE, document);
console.log(`Wrote ${fileURLToPath(TYPES_FILE)} and ${fileURLToPath(DOCUMENT_FILE)}`);
