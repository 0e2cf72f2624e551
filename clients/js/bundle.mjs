// Bundles the library with @stomp/stompjs into one ES module for Dugout's own web page.
// Usage: node bundle.mjs [outfile]  (default: the copy the server serves at /lib/dugout-client.js)
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const outfile = process.argv[2]
  ?? fileURLToPath(new URL('../../dugout-server/src/main/resources/static/lib/dugout-client.js', import.meta.url));

await build({
  entryPoints: ['src/index.ts'],
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  // why not minified: the page's copy stays readable in a browser's debugger and its diffs reviewable
  minify: false,
  legalComments: 'none',
  charset: 'utf8',
  banner: { js: '// @dugout/client bundled with @stomp/stompjs. Generated from clients/js by `npm run bundle`: do not edit.' },
  outfile,
  logLevel: 'warning',
});
