// Writes docs/openapi.json from the registered routes, and the shared types' schemas it refers to
// (types.generated.json, made from the TypeScript declarations): `pnpm --filter @vot/api openapi`
// after a route, a shared schema or a shared type changes (test/openapi.test.ts fails until both
// committed files are current).
import { writeFile } from 'node:fs/promises';
import { OPENAPI_FILE, currentDocument, documentText, typesOf } from './current';
import { TYPES_FILE, typesText } from './types';

const document = (await currentDocument()) as { components: { schemas: unknown } };
const schemas = typesOf(document);
await writeFile(TYPES_FILE, typesText(schemas));
document.components.schemas = schemas;
await writeFile(OPENAPI_FILE, documentText(document));
console.log(`wrote ${TYPES_FILE} and ${OPENAPI_FILE}`);
