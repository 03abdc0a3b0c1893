import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { loginFailures, users } from '../src/db/schema';
import { HashingQueue, RateLimiter } from '../src/lib/limits';
import { PASSWORD, backends, emailOf, testConfig, useApp } from './helpers';

const login = (email: string, password: string, remoteAddress?: string, headers?: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/v1/io-login',
  payload: { email, password },
  ...(remoteAddress ? { remoteAddress } : {}),
  ...(headers ? { headers } : {}),
});
const limits = (over: Partial<ReturnType<typeof testConfig>['login']>) => ({
  login: { ...testConfig().login, ...over },
});

describe('sign-in limits (units)', () => {
  it('a rate limiter gives each key its tokens and refills them over the minute', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    assert.deepEqual(
      [1, 2, 3].map(() => limiter.take('a')),
      [0, 0, 0],
    );
    assert.equal(limiter.take('a'), 20);
    assert.equal(limiter.take('b'), 0);
    now += 20_000;
    assert.equal(limiter.take('a'), 0);
  });

  it('the hashing queue runs a bounded number at once and refuses beyond its queue', async () => {
    const queue = new HashingQueue(1, 1);
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((r) => (release = r)));
    const second = queue.run(async () => 'second');
    await assert.rejects(
      queue.run(async () => 'third'),
      { statusCode: 503 },
    );
    release();
    await first;
    assert.equal(await second, 'second');
  });
});

for (const backend of await backends()) {
  describe(`hardening on ${backend.name}`, () => {
    describe('lockout', () => {
      const t = useApp(backend, limits({ hashConcurrency: 4, hashQueue: 500 }));

      it('200 parallel sign-ins for one email get 5 password checks, not 200', async () => {
        const email = emailOf('MIS Officer');
        const answers = await Promise.all(
          Array.from({ length: 200 }, (_, i) => t.app.inject(login(email, `guess-${i}`))),
        );
        const statuses = answers.map((a) => a.statusCode);
        assert.equal(statuses.filter((s) => s === 401).length, 5, `401s: ${statuses.filter((s) => s === 401).length}`);
        assert.equal(statuses.filter((s) => s === 429).length, 195);
        // Locked attempts do not extend the lock: only the five failures stay recorded.
        assert.equal((await t.handle.db.select().from(loginFailures).where(eq(loginFailures.email, email))).length, 5);
        assert.equal((await t.app.inject(login(email, PASSWORD))).statusCode, 429);
      });

      it('a wrong current password on change-password is locked as a failed sign-in, for that session only', async () => {
        const role = 'Data Assistant';
        const res = await t.app.inject(login(emailOf(role), PASSWORD));
        const headers = { authorization: `Bearer ${res.json().access_token}` };
        const change = (current: string, token = headers) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/io-change-password',
            headers: token,
            payload: {
              current_password: current,
              new_password: 'a new passphrase',
              new_password_confirmation: 'a new passphrase',
            },
          });
        for (let i = 0; i < 5; i++) assert.equal((await change(`wrong-${i}`)).statusCode, 400);
        const locked = await change(PASSWORD);
        assert.equal(locked.statusCode, 429);
        assert.match(locked.json().message, /Too many failed sign-in attempts/);
        assert.ok((await t.auditEntries()).some((e) => e.action === 'change-password-failed'));
        // A stolen session guessing does not lock its owner out of signing in elsewhere.
        assert.equal((await t.app.inject(login(emailOf(role), PASSWORD))).statusCode, 200);
      });

      it('an email locked by failed sign-ins does not stop a session already held from changing the password', async () => {
        const role = 'Project Officer';
        const held = await t.app.inject(login(emailOf(role), PASSWORD));
        for (let i = 0; i < 6; i++) await t.app.inject(login(emailOf(role), `guess-${i}`));
        assert.equal((await t.app.inject(login(emailOf(role), PASSWORD))).statusCode, 429, 'the sign-in is locked');
        const changed = await t.app.inject({
          method: 'POST',
          url: '/api/v1/io-change-password',
          headers: { authorization: `Bearer ${held.json().access_token}` },
          payload: {
            current_password: PASSWORD,
            new_password: 'a new passphrase',
            new_password_confirmation: 'a new passphrase',
          },
        });
        assert.equal(changed.statusCode, 200, changed.body);
      });
    });

    describe('rate limits and the hashing queue', () => {
      const t = useApp(backend, limits({ perAddressPerMinute: 3, overallPerMinute: 5 }));

      it('limits sign-ins per client address, then overall, before any hash', async () => {
        for (let i = 0; i < 3; i++)
          assert.equal((await t.app.inject(login(`nobody${i}@test.local`, 'x', '198.51.100.1'))).statusCode, 401);
        const limited = await t.app.inject(login(emailOf('Admin'), PASSWORD, '198.51.100.1'));
        assert.equal(limited.statusCode, 429);
        assert.equal(limited.json().message, 'Too many sign-in attempts. Please try again in a minute.');
        assert.ok(Number(limited.headers['retry-after']) > 0);
        // The address's own limit comes first: its refused attempts spend nothing of the overall one.
        for (let i = 0; i < 10; i++)
          assert.equal((await t.app.inject(login(emailOf('Admin'), PASSWORD, '198.51.100.1'))).statusCode, 429);
        // Another address still gets in, until the overall limit (5 a minute here) is spent.
        assert.equal((await t.app.inject(login(emailOf('Admin'), PASSWORD, '198.51.100.2'))).statusCode, 200);
        assert.equal((await t.app.inject(login(emailOf('Admin'), PASSWORD, '198.51.100.3'))).statusCode, 200);
        assert.equal((await t.app.inject(login(emailOf('Admin'), PASSWORD, '198.51.100.4'))).statusCode, 429);
      });
    });

    describe('a full hashing queue', () => {
      // Hashes that take a while (scrypt N=2^15, ~0.1 s): with the tests' cheap ones the queue could
      // drain between two of the twenty requests on a fast moment, and the count of 503s varied.
      const t = useApp(backend, {
        ...limits({ hashConcurrency: 1, hashQueue: 2 }),
        scrypt: { N: 2 ** 15, r: 8, p: 1 },
      });

      it('answers 503 instead of queueing without end, and never 500', async () => {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => t.app.inject(login(`nobody${i}@test.local`, 'x'))),
        );
        const statuses = answers.map((a) => a.statusCode);
        assert.ok(
          statuses.every((s) => s === 401 || s === 503),
          statuses.join(','),
        );
        assert.ok(statuses.filter((s) => s === 503).length >= 10);
        assert.equal(
          answers.find((a) => a.statusCode === 503)!.json().message,
          'The server is busy. Please try again in a moment.',
        );
        // A request turned away unchecked is not a failure of that email.
        assert.equal((await t.handle.db.select().from(loginFailures)).length, statuses.filter((s) => s === 401).length);
      });
    });

    describe('answers and addresses', () => {
      const t = useApp(backend);

      it('no API answer may be cached', async () => {
        const client = await t.signInAs('Admin');
        for (const res of [
          await t.app.inject({ method: 'GET', url: '/health' }),
          await client.get('user'),
          await t.app.inject({ method: 'GET', url: '/api/v1/user' }),
          await client.get('nothing-here'),
          await client.post('regions', { name: '' }),
        ]) {
          assert.equal(res.headers['cache-control'], 'no-store', `${res.statusCode} ${res.body}`);
          assert.equal(res.headers['x-content-type-options'], 'nosniff');
        }
      });

      it('X-Forwarded-For counts only from the trusted proxy (loopback by default)', async () => {
        await t.app.inject(login('direct@test.local', 'x', '203.0.113.9', { 'x-forwarded-for': '10.1.1.1' }));
        await t.app.inject(login('proxied@test.local', 'x', '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }));
        const entries = (await t.auditEntries()).filter((e) => e.action === 'sign-in-failed');
        assert.equal(entries.find((e) => e.actor_email === 'direct@test.local')!.ip, '203.0.113.9');
        assert.equal(entries.find((e) => e.actor_email === 'proxied@test.local')!.ip, '198.51.100.7');
      });

      it("an administrator ends a user's sessions; other users keep theirs; a Field Officer may not", async () => {
        const admin = await t.signInAs('Admin');
        const phone = await t.signInAs('Field Officer');
        const laptop = await t.signInAs('Field Officer');
        const other = await t.signInAs('Project Officer');
        const [fo] = await t.handle.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, emailOf('Field Officer')));
        assert.equal((await phone.post(`users/${fo!.id}/end-sessions`)).statusCode, 403);
        const res = await admin.post(`users/${fo!.id}/end-sessions`);
        assert.equal(res.statusCode, 200);
        assert.equal(res.json().ended, 2);
        assert.equal((await phone.get('user')).statusCode, 401);
        assert.equal((await laptop.get('user')).statusCode, 401);
        assert.equal((await other.get('user')).statusCode, 200);
        assert.equal((await admin.post('users/999999/end-sessions')).statusCode, 404);
        assert.ok(
          (await t.auditEntries()).some(
            (e) => e.action === 'sign-out' && e.entity === 'users' && e.entity_id === fo!.id,
          ),
        );
      });

      it('a number or a NUL byte where text belongs is a 400 with the field message, and nothing is stored', async () => {
        const client = await t.signInAs('Admin');
        const number = await client.post('regions', { name: 1e308 });
        assert.equal(number.statusCode, 400);
        assert.deepEqual(number.json().errors, { name: ['Region Name must be text!'] });
        const nul = await client.post('regions', { name: 'Yan\u0000gon' });
        assert.equal(nul.statusCode, 400);
        assert.deepEqual(nul.json().errors, { name: ['Region Name contains a character that is not allowed!'] });
        const list = await client.get('regions');
        assert.ok(!JSON.stringify(list.json()).includes('1e+308'));
        const email = await t.app.inject(login('a\u0000@test.local', 'x'));
        assert.equal(email.statusCode, 400);
      });
    });
  });
}
