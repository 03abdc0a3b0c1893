import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createGeography, createTownship, createVolunteer } from './fixtures';
import { backends, testConfig, useApp, type Client } from './helpers';

const BUSY = 'The server is busy. Please try again in a moment.';

// Every password hash waits its turn in the one bounded queue, the generated ones of registrations
// and resets too; and one staff account resets at most VOT_RESETS_PER_MINUTE passwords a minute.
for (const backend of await backends()) {
  describe(`password resets and the hashing queue on ${backend.name}`, () => {
    const t = useApp(backend, {
      login: { ...testConfig().login, hashConcurrency: 1, hashQueue: 0, resetsPerMinute: 3 },
    });
    let manager: Client;
    let associate: Client;
    let clinic: number;
    let volunteer: number;

    before(async () => {
      manager = await t.signInAs('MEAL and Digital Tool Manager');
      associate = await t.signInAs('MEAL Associate');
      clinic = (await (await t.signInAs('Clinic MO')).get('user')).json().id;
      const geo = await createGeography(t, 'MDR-TB');
      volunteer = await createVolunteer(t, 'Daw Hla', await createTownship(t, geo, 'Hlaingthaya'));
    });

    it('registrations and resets hash in the queue: 503 when it is full', async () => {
      let release = () => {};
      const held = t.app.signInLimits.hashing.run(() => new Promise<void>((resolve) => (release = resolve)));
      try {
        for (const [url, body] of [
          ['io-register', { name: 'New', email: 'new@vot.test', role: 'Clinic MO' }],
          [`users/${clinic}/reset-password`, undefined],
          [`volunteers/${volunteer}/reset-password`, undefined],
        ] as const) {
          const res = await associate.post(url, body);
          assert.equal(res.statusCode, 503, `${url}: ${res.body}`);
          assert.equal(res.json().message, BUSY);
        }
      } finally {
        release();
        await held;
      }
      assert.equal(
        (await associate.post('io-register', { name: 'New', email: 'new@vot.test', role: 'Clinic MO' })).statusCode,
        201,
      );
    });

    it('one account resets at most so many passwords a minute, of every kind together: then 429', async () => {
      for (let i = 0; i < 3; i++) {
        const url = i === 2 ? `volunteers/${volunteer}/reset-password` : `users/${clinic}/reset-password`;
        assert.equal((await manager.post(url)).statusCode, 200, url);
      }
      const refused = await manager.post(`volunteers/${volunteer}/reset-password`);
      assert.equal(refused.statusCode, 429, refused.body);
      assert.match(refused.json().message, /^Too many password resets\. Please try again in \d+ seconds\.$/);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await manager.post(`users/${clinic}/reset-password`)).statusCode, 429);
      // Another account's resets are its own.
      const other = await t.signInAs('MEAL and Digital Tool Officer');
      assert.equal((await other.post(`users/${clinic}/reset-password`)).statusCode, 200);
    });
  });
}
