// Writes docs/openapi.json from the registered routes: `pnpm --filter @vot/api openapi` after a
// route or a shared schema changes (test/openapi.test.ts fails until the committed copy is current).
import { writeFile } from 'node:fs/promises';
import { OPENAPI_FILE, currentDocument, documentText } from './current';

await writeFile(OPENAPI_FILE, documentText(await currentDocument()));
console.log(`wrote ${OPENAPI_FILE}`);
