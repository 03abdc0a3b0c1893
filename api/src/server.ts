import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { openDatabase } from './db/open';
import { ensureAdministrator, seedDemo, type SignIn } from './db/seed';
import { LOG_SERIALIZERS } from './http/errors';
import { visitFolderStore } from './files/folder-store';
import { keepFoldersPrivate } from './lib/private-folders';
import { rekeySecrets } from './db/rekey';
import { isRawKey, legacySecretKey, loadSecretKey } from './lib/secrets';

function printSignIns(title: string, signIns: SignIn[]): void {
  if (!signIns.length) return;
  const width = Math.max(...signIns.map((s) => s.role.length));
  console.log(`\n${title}`);
  for (const s of signIns) console.log(`  ${s.role.padEnd(width)}  ${s.email.padEnd(36)} ${s.password}`);
  console.log('');
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything is created: the data folder, the key file, PGlite's files and uploads are the API's alone.
  keepFoldersPrivate([config.dataDir, config.filesDir], (m) => console.warn(m));
  const database = await openDatabase(config, (m) => console.warn(m));
  let closing: Promise<void> | null = null;
  const close = (app?: { close(): Promise<void> }) =>
    (closing ??= (async () => {
      await app?.close();
      await database.close();
    })());

  try {
    const key = loadSecretKey(config.secretKey, config.dataDir);
    if (config.secretKey && !isRawKey(config.secretKey)) {
      const moved = await rekeySecrets(database.db, legacySecretKey(config.secretKey), key);
      if (moved) console.log(`${moved} initial password(s) encrypted again under the stretched VOT_SECRET_KEY.`);
    }
    const admin = await ensureAdministrator(database.db, config, key);
    const demo = config.demo
      ? await seedDemo(database.db, config, key, config.demoPassword, visitFolderStore(config.filesDir))
      : [];
    if (admin && !demo.some((s) => s.email === admin.email)) {
      // A supplied VOT_ADMIN_PASSWORD is the operator's own: named, never printed.
      printSignIns('Administrator created (shown once; a generated password must be changed at the first sign-in):', [
        admin,
      ]);
    }
    printSignIns('Demo sign-ins (one account per role, while on their initial password):', demo);
    const app = await buildApp({
      db: database.db,
      dbKind: database.kind,
      config,
      secretKey: key,
      logger: { level: config.logLevel, serializers: LOG_SERIALIZERS },
    });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.log(`${signal}: closing the API and the database…`);
        close(app).then(
          () => process.exit(0),
          (e) => {
            console.error(e);
            process.exit(1);
          },
        );
      });
    }
    // Started by `npm start` (scripts/stack.mjs) with a pipe as stdin: its end means the supervisor
    // is gone, even by kill -9, and the API must not stay behind holding the data folder.
    if (process.env.VOT_EXIT_WITH_PARENT === '1') {
      process.stdin.once('end', () => process.kill(process.pid, 'SIGTERM'));
      process.stdin.resume();
    }
    await app.listen({ port: config.port, host: config.host });
    console.log(
      `VOT API on http://${config.host}:${config.port}/api/v1 (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    );
  } catch (e) {
    await close();
    throw e;
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirLockedError ? `Cannot start: ${e.message}` : e);
  process.exit(1);
});
