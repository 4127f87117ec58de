import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL files here; the app applies them itself at start (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
