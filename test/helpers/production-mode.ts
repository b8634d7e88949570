// Runs a test file's code as deployed (the Dockerfile sets NODE_ENV=production):
// graphql-js otherwise adds a development check to every type test while it
// executes, which doubles the CPU time of a large answer. Timing tests import
// this first, before anything loads graphql (it reads NODE_ENV once, at load).
process.env.NODE_ENV = 'production';

export {};
