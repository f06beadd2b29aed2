// chr-eval.mjs prints what headless Chromium (the reference) answers for
// each JavaScript expression given, to check an Intl expectation by hand:
//
//	node jsruntime/webapi/intlgen/chr-eval.mjs 'new Intl.NumberFormat("de").format(1234.5)'
import { launchReference, newReferenceContext } from '../../../testdata/compat/reference.mjs';
const b = await launchReference();
const p = await (await newReferenceContext(b)).newPage();
for (const e of process.argv.slice(2)) console.log(e, '=>', JSON.stringify(await p.evaluate(e)));
await b.close();
