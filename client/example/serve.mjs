// The example's dev server: esbuild bundles main.ts (rebuilt on every page
// load) and serves this folder on its own origin, port 5173 unless PORT says.
// `--build` writes example/dist/ once instead (to host the page anywhere).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const options = {
  entryPoints: [path.join(here, 'main.ts')],
  outdir: path.join(here, 'dist'),
  bundle: true, format: 'esm', target: 'es2022', sourcemap: true, logLevel: 'info',
};

if (process.argv.includes('--build')) {
  await esbuild.build(options);
} else {
  const ctx = await esbuild.context(options);
  const port = Number(process.env.PORT ?? 5173);
  const { hosts } = await ctx.serve({ servedir: here, port, host: process.env.HOST ?? '127.0.0.1' });
  console.log(`example on http://${hosts[0]}:${port}/?apikey=<your key>  (service: http://localhost:4000/graphql)`);
}
