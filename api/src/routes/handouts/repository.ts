import { and, eq } from 'drizzle-orm';
import type { HandoutKind } from '@vot/shared/domain';
import type { Handout } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { handouts } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { signPath, type LinkSigner } from '../../lib/signed-links';

export type HandoutRow = typeof handouts.$inferSelect;

/** URL path (under the API prefix) of a stored handout file. */
export const filesPath = (prefix: string, storedName: string) => `${prefix}/handout-files/${storedName}`;

export function handoutRecord(row: HandoutRow, prefix: string, links: LinkSigner): Handout {
  return {
    id: row.id,
    name: row.original_name,
    size: row.size,
    updated_at: row.updated_at.toISOString(),
    file: signPath(links, filesPath(prefix, row.stored_name)),
  };
}

/** What the audit log keeps of a handout: never the bytes. */
export const auditOf = (row: HandoutRow) => ({
  kind: row.kind,
  name: row.original_name,
  size: row.size,
  stored_name: row.stored_name,
});

export async function handoutOfKind(db: Database, kind: HandoutKind): Promise<HandoutRow | undefined> {
  const [row] = await db.select().from(handouts).where(eq(handouts.kind, kind)).limit(1);
  return row;
}

export async function findHandout(db: Database, kind: HandoutKind, id: number, message: string): Promise<HandoutRow> {
  const [row] = await db
    .select()
    .from(handouts)
    .where(and(eq(handouts.id, id), eq(handouts.kind, kind)))
    .limit(1);
  if (!row) throw notFound(message);
  return row;
}

export async function handoutByStoredName(db: Database, storedName: string): Promise<HandoutRow | undefined> {
  const [row] = await db.select().from(handouts).where(eq(handouts.stored_name, storedName)).limit(1);
  return row;
}
