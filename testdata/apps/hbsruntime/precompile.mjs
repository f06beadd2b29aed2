// precompile.mjs precompiles templates/*.hbs into templates.js with the
// pinned handlebars (testdata/node_modules), the way sites built them with
// `handlebars -m templates/ -f templates.js`: the page then needs only
// handlebars.runtime.js. Run it after editing a template:
//
//   node testdata/apps/hbsruntime/precompile.mjs
//
// templates.js is committed; precompile.mjs --check exits 1 when it is stale.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'package.json'));
const Handlebars = require('handlebars');

let out = `// Precompiled from templates/*.hbs by precompile.mjs (handlebars ${Handlebars.VERSION}); do not edit.\n` +
	'(function () {\n  var template = Handlebars.template, templates = Handlebars.templates = Handlebars.templates || {};\n';
for (const f of readdirSync(join(here, 'templates')).filter((f) => f.endsWith('.hbs')).sort()) {
	const name = f.replace(/\.hbs$/, '');
	const spec = Handlebars.precompile(readFileSync(join(here, 'templates', f), 'utf8'), { knownHelpersOnly: false });
	if (name.startsWith('_')) {
		out += `  Handlebars.partials[${JSON.stringify(name.slice(1))}] = template(${spec});\n`;
	} else {
		out += `  templates[${JSON.stringify(name)}] = template(${spec});\n`;
	}
}
out += '})();\n';
const dst = join(here, 'templates.js');
if (process.argv.includes('--check')) {
	let old = '';
	try { old = readFileSync(dst, 'utf8'); } catch {}
	if (old !== out) { console.error(`${dst} is stale`); process.exit(1); }
} else {
	writeFileSync(dst, out);
}
