import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema';
import { inTransaction, type Database } from '../db/client';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-out'
  | 'refresh'
  | 'change-password'
  | 'change-password-failed'
  | 'reset-password';

export interface AuditEntry {
  action: AuditAction;
  /** The table or concept changed: 'regions', 'users', 'session'. */
  entity: string;
  entity_id?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Keys that must never reach the audit log, whatever a caller passes in. */
const SECRET_KEYS = new Set([
  'password',
  'password_hash',
  'plain_password',
  'plain_password_enc',
  'token',
  'token_hash',
  'access_token',
]);

function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !SECRET_KEYS.has(k))
      .map(([k, v]) => [k, redact(v)]),
  );
}

/** Who the request is, for the audit log: the signed-in user, else the email a sign-in tried. */
export interface Actor {
  id: number | null;
  email: string | null;
}

/** Phone-app users (routes/app) have no staff id: they are recorded by kind and code ('volunteer:HTY-V0007'). */
export function actorOf(request: FastifyRequest): Actor {
  if (request.user) return { id: request.user.id, email: request.user.email };
  if (request.appUser) return { id: null, email: `${request.appUser.kind}:${request.appUser.code}` };
  return { id: null, email: null };
}

export async function writeAudit(
  db: Database,
  request: FastifyRequest,
  entry: AuditEntry,
  actor: Actor = actorOf(request),
): Promise<void> {
  await db.insert(auditLog).values({
    actor_id: actor.id,
    actor_email: actor.email,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id ?? null,
    before: redact(entry.before),
    after: redact(entry.after),
    ip: request.ip,
  });
}

/**
 * The audit entries of the rows that a data-modifying CTE of the same statement returns (`rows`, the
 * CTE), as the body of another CTE: for a hot path whose write is one statement, so the write and its
 * entry commit together without a round trip of their own. The entry is writeAudit's for `after` =
 * the row without `omit`; only top-level keys are redacted (the row's columns), so use it for rows
 * whose JSON columns cannot hold a secret key.
 */
export function auditRowsSql(
  request: FastifyRequest,
  entry: Pick<AuditEntry, 'action' | 'entity'>,
  rows: SQLWrapper,
  omit: string[] = [],
): SQL {
  const actor = actorOf(request);
  const dropped = sql.join(
    [...SECRET_KEYS, ...omit].map((key) => sql`${key}`),
    sql`, `,
  );
  return sql`insert into ${auditLog} (actor_id, actor_email, action, entity, entity_id, after, ip)
    select ${actor.id}::int, ${actor.email}::text, ${entry.action}, ${entry.entity}, r.id, to_jsonb(r) - array[${dropped}]::text[], ${request.ip}
    from ${rows} r`;
}

/**
 * The one path every change takes: the change and its audit entry commit together or not at all.
 * `change` returns the entry to record and the value to answer with; `audit: null` when it changed
 * nothing (an idempotent upload that found its record already there), so there is nothing to record.
 * `actor`: whom the entry names when not the request's user (a phone session refreshed by its token).
 */
export async function mutate<T>(
  db: Database,
  request: FastifyRequest,
  change: (tx: Database) => Promise<{ audit: AuditEntry | null; result: T }>,
  actor?: Actor,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const { audit, result } = await change(tx);
    if (audit) await writeAudit(tx, request, audit, actor);
    return result;
  });
}
