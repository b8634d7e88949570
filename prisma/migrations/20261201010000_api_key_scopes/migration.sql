-- What each API key may do (src/auth/scopes.ts). The keys that exist keep
-- everything they could do before (the column's first default fills them);
-- a key made from now on reads only unless it is given more. Nullable, as
-- Prisma lays out its lists; a NULL would grant nothing.
ALTER TABLE "api_key" ADD COLUMN "scopes" TEXT[] DEFAULT ARRAY['read', 'webhooks']::TEXT[];
ALTER TABLE "api_key" ALTER COLUMN "scopes" SET DEFAULT ARRAY['read']::TEXT[];
