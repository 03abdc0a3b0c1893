import { eq, isNotNull } from 'drizzle-orm';
import { decryptText, encryptText } from '../lib/secrets';
import type { Database } from './client';
import { patients, users, volunteers } from './schema';

/**
 * Initial passwords stored under an earlier key (a VOT_SECRET_KEY passphrase, which was only
 * hashed before it was stretched) are encrypted again under the current one, so they stay readable
 * after the upgrade. Idempotent: what the current key reads is left alone. Returns how many moved.
 */
export async function rekeySecrets(db: Database, previous: Buffer, current: Buffer): Promise<number> {
  let moved = 0;
  for (const table of [users, volunteers, patients]) {
    const rows = await db
      .select({ id: table.id, enc: table.plain_password_enc })
      .from(table)
      .where(isNotNull(table.plain_password_enc));
    for (const row of rows) {
      if (decryptText(current, row.enc!) !== null) continue;
      const text = decryptText(previous, row.enc!);
      if (text === null) continue;
      await db
        .update(table)
        .set({ plain_password_enc: encryptText(current, text) })
        .where(eq(table.id, row.id));
      moved++;
    }
  }
  return moved;
}
