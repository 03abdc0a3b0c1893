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

let template: Promise<PGlite> | null = null;
let openApps = 0;
let idle: ReturnType<typeof setTimeout> | undefined;

/**
 * One migrated PGlite per test process, loaded from the processes' shared dump (pglite-template.ts);
 * every app gets a clone of it. A PGlite loaded from a dump keeps its process alive until closed,
 * so the template is closed once no app has been open for a moment (a file's next describe block
 * opens its app at once; after the file's last one, the process can end).
 */
async function cloneOfTemplate(): Promise<PGlite> {
  clearTimeout(idle);
  template ??= migratedDump().then((dump) => PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: dump }));
  openApps += 1;
  return (await (await template).clone()) as PGlite;
}

function appClosed() {
  openApps -= 1;
  if (openApps > 0) return;
  idle = setTimeout(() => {
    const closing = template;
    template = null;
    void closing?.then((db) => db.close());
  }, 500);
}

const pglite: Backend = {
  name: 'PGlite',
  async open() {
    const handle = await openPglite(await cloneOfTemplate());
    return { ...handle, close: () => handle.close().finally(appClosed) };
  },
};

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of its own per app, dropped when the app closes. */
const postgres: Backend = {
  name: 'PostgreSQL',
  async open() {
    const name = `vot_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString());
    await handle.migrate();
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
