// Parses an AsyncAPI document (default: docs/asyncapi.yaml) with the official parser, its $refs
// resolved from the document's own directory, and prints every diagnostic. Exits 1 when any has
// severity error (or when a $ref is a URL), 0 otherwise: warnings are printed, not fatal.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiagnosticSeverity, Parser, fromFile } from '@asyncapi/parser';

const here = dirname(fileURLToPath(import.meta.url));
const document = resolve(process.argv[2] ?? resolve(here, '../asyncapi.yaml'));
const names = ['error', 'warning', 'information', 'hint'];

// why: the check reads files only; the parser would fetch a $ref with a scheme, so none is parsed
const remote = [...readFileSync(document, 'utf8').matchAll(/\$ref['"]?\s*:\s*['"]?([a-z]+:[^'"\s]*)/gi)]
  .map(m => m[1]);
for (const ref of remote) {
  console.log(`error  remote-ref  ${ref}  $refs must name files, not URLs`);
}
if (remote.length > 0) {
  process.exit(1);
}

const { diagnostics } = await fromFile(new Parser(), document).parse();
let errors = 0;
for (const d of diagnostics) {
  if (d.severity === DiagnosticSeverity.Error) {
    errors++;
  }
  const where = d.range ? `${d.source ?? document}:${d.range.start.line + 1}` : (d.source ?? document);
  console.log(`${names[d.severity]}  ${d.code}  ${d.path.join('.') || '/'}  ${d.message}  (${where})`);
}
console.log(`${document}: ${errors} error(s), ${diagnostics.length - errors} other diagnostic(s)`);
process.exit(errors > 0 ? 1 : 0);
