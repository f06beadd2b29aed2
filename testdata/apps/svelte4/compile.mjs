// compile.mjs compiles src/components/*.svelte to src/compiled/*.js with the pinned
// svelte 4 compiler (testdata/node_modules/svelte4). Run it after editing a component:
//
//   node testdata/apps/svelte4/compile.mjs
//
// The compiled modules are committed: the Go tests bundle them with esbuild
// and need no node. compile.mjs --check exits 1 when they are stale.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'package.json'));
const { compile, VERSION } = require('svelte4/compiler');

const src = join(here, 'src', 'components');
const out = join(here, 'src', 'compiled');
const check = process.argv.includes('--check');
mkdirSync(out, { recursive: true });
let stale = 0;
for (const f of readdirSync(src).filter((f) => f.endsWith('.svelte')).sort()) {
	const res = compile(readFileSync(join(src, f), 'utf8'), {
		filename: f,
		generate: 'dom',
		dev: false,
		css: 'injected',
	});
	for (const w of res.warnings) console.error(`${f}: warning: ${w.message}`);
	// Imports of sibling components point at their compiled modules.
	const code = `// Compiled from ../components/${f} by compile.mjs (svelte ${VERSION}); do not edit.\n` +
		res.js.code.replace(/from '\.\/([A-Za-z0-9_-]+)\.svelte'/g, "from './$1.js'");
	const dst = join(out, f.replace(/\.svelte$/, '.js'));
	if (check) {
		let old = '';
		try { old = readFileSync(dst, 'utf8'); } catch {}
		if (old !== code) { console.error(`${dst} is stale`); stale++; }
	} else {
		writeFileSync(dst, code);
	}
}
process.exit(stale ? 1 : 0);
