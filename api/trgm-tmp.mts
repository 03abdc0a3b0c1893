import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const t0 = Date.now();
const db = await PGlite.create({ extensions: { pg_trgm } });
await db.exec(
  'CREATE EXTENSION IF NOT EXISTS pg_trgm; create table t(n text); create index t_n on t using gin (lower(n) gin_trgm_ops);',
);
await db.exec("insert into t select 'name '||g from generate_series(1,20000) g; analyze t;");
console.log((await db.query("explain select * from t where lower(n) like '%me 123%'")).rows);
const c = await db.clone();
console.log((await c.query("select count(*) from t where lower(n) like '%me 123%'")).rows, Date.now() - t0);
const d = await PGlite.create();
try {
  await d.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  console.log('no-ext ok');
} catch (e) {
  console.log('no ext:', (e as Error).message);
}
