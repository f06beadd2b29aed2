import { launchReference, newReferenceContext } from '../../../testdata/compat/reference.mjs';
const b = await launchReference();
const p = await (await newReferenceContext(b)).newPage();
for (const e of process.argv.slice(2)) console.log(e, '=>', JSON.stringify(await p.evaluate(e)));
await b.close();
