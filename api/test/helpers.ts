import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { ROLES, type Role } from '@vot/shared/domain';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { PGLITE_OPTIONS, openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { auditLog, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { Contract } from './contract';
import { migratedDump } from './pglite-template';
import { createMigratedDatabase, databaseUrl } from './postgres-template';

/**
 * Test support: `backends()` lists PGlite always and PostgreSQL when 127.0.0.1:5432 (or
 * TEST_DATABASE_URL) answers; `useApp(backend)` gives each describe block a fresh migrated database
 * and an app over it; `signInAs(role)` signs in an account of that role and returns a client.
 */

/** Cheap hashes in tests; production parameters are tested in passwords.test.ts. */
const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };
export const PASSWORD = 'correct horse battery';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ DATA_DIR: '/nonexistent' });
  // Suites sign in dozens of times a minute from one address; the limits have tests of their own.
  const login = { ...base.login, perAddressPerMinute: 100_000, overallPerMinute: 100_000 };
  return { ...base, scrypt: TEST_SCRYPT, logLevel: 'silent', login, ...overrides };
}

export interface Backend {
  name: 'PGlite' | 'PostgreSQL';
  open(): Promise<DatabaseHandle>;
}

let dump: Promise<Blob> | null = null;

/**
 * Every app's PGlite is loaded from the migrated template's dump, read once per test process from
 * the file the processes share (pglite-template.ts). Loaded directly rather than cloned from a
 * template PGlite kept open: a clone dumps the template again before loading it, and the template
 * itself is a PGlite more to start in each process.
 */
const pglite: Backend = {
  name: 'PGlite',
  async open() {
    dump ??= migratedDump();
    return openPglite(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await dump }));
  },
};

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of its own per app, copied from the migrated template (postgres-template.ts), dropped when the app closes. */
const postgres: Backend = {
  name: 'PostgreSQL',
  async open() {
    const name = `vot_test_${randomBytes(6).toString('hex')}`;
    await createMigratedDatabase(ADMIN_URL, name);
    const handle = await openPostgres(databaseUrl(ADMIN_URL, name));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: ADMIN_URL });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  },
};

async function postgresReachable(): Promise<boolean> {
  if (process.env.VOT_TEST_SKIP_POSTGRES === '1') return false;
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const reachable = postgresReachable();
export async function backends(): Promise<Backend[]> {
  return (await reachable) ? [pglite, postgres] : [pglite];
}

/** The API's base path: a client's path without a leading `/` is under it (`patients/3` is `/api/v1/patients/3`). */
export const API = '/api/v1';
const underApi = (url: string) => (url.startsWith('/') ? url : `${API}/${url}`);

/** The URL of an update as the browser sends it: POST with ?_method=PUT (SPEC.md §7). */
export const asUpdate = (url: string) => `${url}${url.includes('?') ? '&' : '?'}_method=PUT`;

export interface Client {
  token: string;
  /** Any request, signed in; a string URL without a leading `/` is under the base path. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** An update as the browser sends it (`asUpdate`). */
  update(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export function clientFor(app: FastifyInstance, token: string): Client {
  const inject = (options: InjectOptions) =>
    app.inject({
      ...options,
      ...(typeof options.url === 'string' && { url: underApi(options.url) }),
      headers: { authorization: `Bearer ${token}`, ...options.headers },
    });
  const post = (url: string, body?: unknown) =>
    inject({ method: 'POST', url, payload: body as InjectOptions['payload'] });
  return {
    token,
    inject,
    get: (url) => inject({ method: 'GET', url }),
    post,
    update: (url, body) => post(asUpdate(url), body),
    del: (url) => inject({ method: 'DELETE', url }),
  };
}

export const emailOf = (role: Role) => `${role.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@test.local`;

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Creates (once) and signs in an account of the role. */
  signInAs(role: Role): Promise<Client>;
  auditEntries(): Promise<(typeof auditLog.$inferSelect)[]>;
}

let contract: Contract | undefined;

/**
 * Every answer a test gets through `app.inject` is checked against docs/openapi.json (./contract.ts);
 * what does not match is reported when the describe block ends, so the document cannot drift from the API.
 */
function checkedAgainstTheDocument(app: FastifyInstance, violations: Set<string>): void {
  contract ??= new Contract();
  const inject = app.inject.bind(app);
  app.inject = (async (options: InjectOptions) => {
    const response = await inject(options);
    for (const violation of contract!.check(options, response)) violations.add(violation);
    return response;
  }) as FastifyInstance['inject'];
}

/**
 * A fresh database and app for the enclosing describe block, closed after it.
 * Accounts for every role exist with PASSWORD.
 */
export function useApp(backend: Backend, overrides: Partial<Config> = {}): TestApp {
  const ctx = {} as TestApp;
  const violations = new Set<string>();
  before(async () => {
    const handle = await backend.open();
    const config = testConfig(overrides);
    const hash = await hashPassword(PASSWORD, config.scrypt);
    await handle.db
      .insert(users)
      .values(ROLES.map((role) => ({ name: `Test ${role}`, email: emailOf(role), role, password_hash: hash })));
    const app = await buildApp({ db: handle.db, dbKind: handle.kind, config, secretKey: randomBytes(32) });
    checkedAgainstTheDocument(app, violations);
    Object.assign(ctx, {
      app,
      handle,
      async signInAs(role: Role) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/io-login',
          payload: { email: emailOf(role), password: PASSWORD },
        });
        if (res.statusCode !== 200) throw new Error(`sign-in as ${role} failed: ${res.statusCode} ${res.body}`);
        return clientFor(app, res.json().access_token);
      },
      auditEntries: () => handle.db.select().from(auditLog).orderBy(auditLog.id),
    });
  });
  after(async () => {
    await ctx.app?.close();
    await ctx.handle?.close();
    if (violations.size)
      throw new Error(`answers not as docs/openapi.json declares them:\n${[...violations].sort().join('\n')}`);
  });
  return ctx;
}
