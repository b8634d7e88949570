#!/usr/bin/env node
// Prisma 7's CLI downloads its schema-engine binary at start-up, which fails
// offline; `generate` never runs that binary, so point it at any existing file.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= __filename;
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
const cli = path.join(__dirname, '..', 'node_modules', 'prisma', 'build', 'index.js');
const res = spawnSync(process.execPath, [cli, 'generate', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(res.status ?? 1);
