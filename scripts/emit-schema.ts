// Writes the GraphQL schema built from the resolvers to schema/schema.graphql
// (committed; codegen and clients read it; a test fails when it is stale).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { printSchemaFile } from '../src/graphql/print-schema';

const out = path.join(__dirname, '..', 'schema', 'schema.graphql');
writeFileSync(out, printSchemaFile());
console.log(`wrote ${path.relative(process.cwd(), out)}`);
