import { defineConfig } from 'drizzle-kit';

/** `pnpm db:generate` writes SQL migrations into drizzle/; the API applies them at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
