import { defineConfig } from 'drizzle-kit'

// Generates SQL migrations from the schema: `npm run db:generate -w @crm/server`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
})
