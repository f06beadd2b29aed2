// Syntax goja cannot parse, so the whole file goes through the esbuild lowering step
// (jsruntime Config.Lower): async generators, for await, RegExp d and v flags. Also shows
// what lowering does to a script's own source text (Function.prototype.toString).
// https://tc39.es/ecma262/#sec-asyncgenerator-objects
probe("async iteration and generators", () => { function* g() { yield 1; yield 2; } async function* ag() { yield 1; } return [[...g()], typeof ag().next, typeof Symbol.asyncIterator]; });
probeAsync("for await", async () => { const out = []; async function* ag() { yield 1; yield 2; } for await (const v of ag()) out.push(v); return out; });
probe("RegExp v flag and hasIndices", () => { let v = "missing"; try { v = new RegExp("[\\p{L}--[a-z]]", "v").test("A"); } catch (e) { v = e.name; } return [v, /a(b)/d.exec("ab").indices[1]]; });
probe("source text of a lowered script", () => { function f(a, b) { return a + b; } const arrow = x => x * 2; return [f.toString(), arrow.toString()]; });
