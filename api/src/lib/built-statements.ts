import type { Database } from '../db/client';

/**
 * An unnamed statement (drizzle `.prepare(UNNAMED)`): built once, but PostgreSQL parses and plans it
 * with each execution's values, as any query (a named one could fall back to a generic plan, blind
 * to a list's status, townships or search).
 */
export const UNNAMED = '';

/**
 * Statements built once per database and shape (whatever changes their SQL: the list, the user's
 * scope, which filters are given), then executed with their values as placeholders. drizzle builds
 * a query's SQL again on every call otherwise: about a tenth of a cheap list page's time, as much
 * as its round trip to the database (docs/decisions/0037, 0038). At most
 * `max` shapes per database, the oldest dropped first.
 *
 * `build` gets the name to prepare its statements with: UNNAMED, or with `named` a name of its own
 * (`named_1`, `named_2`, … never reused), for statements whose best plan does not depend on their
 * values — one patient's records by patient id. PostgreSQL then plans a named statement a few times
 * per connection and keeps a generic plan, which saves the planning of every later request (a third
 * of a visit page's time in the database: docs/decisions/0077).
 * PGlite ignores the name. A named statement stays on each pooled connection that ran it until the
 * connection closes, so the shapes of named statements must be few: never a user's values (their
 * townships are a placeholder: lib/scope.ts inGivenScope), only which conditions apply.
 */
export function builtStatements<T>(named?: string, max = 1000) {
  const byDatabase = new WeakMap<Database, Map<string, T>>();
  let names = 0;
  return (db: Database, shape: unknown[], build: (name: string) => T): T => {
    let shapes = byDatabase.get(db);
    if (!shapes) byDatabase.set(db, (shapes = new Map()));
    const key = JSON.stringify(shape);
    let built = shapes.get(key);
    if (!built) {
      if (shapes.size >= max) shapes.delete(shapes.keys().next().value!);
      shapes.set(key, (built = build(named ? `${named}_${++names}` : UNNAMED)));
    }
    return built;
  };
}
