// Prisma CLI configuration. The service itself applies prisma/migrations at
// start-up; this file lets a user with internet run `prisma migrate deploy` too.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/postgres' },
});
