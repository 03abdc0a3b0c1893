import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { OPENAPI_PATH, buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';
import { referencedTypes } from './json-schema';
import { sharedTypeSchemas } from './types';

/** The committed copy of the document. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));

/** The document as the API serves it, from an API on an empty in-memory database (some routes read at registration). */
export async function currentDocument(): Promise<unknown> {
  const handle = await openPglite(undefined);
  await handle.migrate();
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    config: { ...loadConfig({ DATA_DIR: '/nonexistent' }), logLevel: 'silent' },
    secretKey: randomBytes(32),
  });
  try {
    const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    return res.json();
  } finally {
    await app.close();
    await handle.close();
  }
}

/** The file's text: two-space JSON and a final newline, so a diff reads line by line. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

/** The schemas of the shared types the document's routes and error answers name, made afresh from their TypeScript declarations. */
export function typesOf(document: unknown) {
  const { paths, components } = document as { paths: unknown; components: { responses: unknown } };
  return sharedTypeSchemas(referencedTypes([paths, components.responses]));
}
