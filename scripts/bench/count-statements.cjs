// Preloaded (node --require) into both servers of the throughput benchmark: it
// counts every statement sent through node-postgres' Client#query, by its text
// (whitespace folded), and answers the parent's { type: 'bench:statements' }
// message with the counts so far. One counter for both servers, below Prisma
// and the pool, so "statements per request" means the same on either side.
// Plain CommonJS: it is loaded into the production build as well, without a
// TypeScript loader.
'use strict';

const pg = require('pg');

const counts = new Map();
const query = pg.Client.prototype.query;

pg.Client.prototype.query = function countedQuery(config, values, callback) {
  const text = typeof config === 'string' ? config : config && config.text;
  if (typeof text === 'string') {
    const key = text.replace(/\s+/g, ' ').trim();
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  return query.call(this, config, values, callback);
};

process.on('message', (message) => {
  if (message && message.type === 'bench:statements' && process.send) {
    process.send({ type: 'bench:statements', id: message.id, counts: Object.fromEntries(counts) });
  }
});
