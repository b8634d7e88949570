/** What a newcomer needs after `npm start`: where to go and how to call it. */
export function printBanner(o: { port: number; database: string; demoKey?: string }): void {
  const base = `http://localhost:${o.port}`;
  const key = o.demoKey ?? '<your API key>';
  const lines = [
    '',
    `  Social-graph analytics service on ${base}  (database: ${o.database})`,
    `  Start here: ${base}/   GraphQL: ${base}/graphql (Apollo Sandbox; offline: ${base}/graphiql)`,
    `  REST (OpenAPI): ${base}/docs   ${base}/openapi.json   Metrics: ${base}/metrics`,
    o.demoKey
      ? `  Demo API key (shown once, stored only as a hash): ${o.demoKey}`
      : '  API keys: npm run cli -- keys create --name me   (the demo key was printed on first start)',
    `  Try: curl -H 'apikey: ${key}' ${base}/api/farcaster/user/profile/1`,
    ...(o.demoKey ? [`  In a browser, with the key filled in: ${base}/graphiql?apikey=${o.demoKey}`] : []),
    '',
  ];
  console.log(lines.join('\n'));
}
