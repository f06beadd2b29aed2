package jsruntime

import (
	"strings"
	"testing"
)

// TestPaintWorkletRegisterPaint: registerPaint validates its class in
// Chromium's order with Chromium's errors (the messages below are what
// Chromium 156's paint worklet logged for this module, and for the O
// cases, which pin the order of the checks); a module of a URL
// runs once however often it is added; what a module throws is reported on
// the page's console and resolves its addModule.
func TestPaintWorkletRegisterPaint(t *testing.T) {
	const mod = `
function tryIt(label, f) { try { f(); console.log(label + ' ok'); } catch (e) { console.log(label, e.name, e.message); } }
tryIt('E1', function () { registerPaint('', class { paint() {} }); });
tryIt('E2', function () { registerPaint('x', 5); });
tryIt('E3', function () { registerPaint('x', class { }); });
tryIt('E4', function () { registerPaint('x', class { static get inputProperties() { return 5; } paint() {} }); });
tryIt('E5', function () { registerPaint('x', class { static get inputProperties() { return ['--foo', 'color', 'bogus-prop']; } paint() {} }); });
tryIt('E6', function () { registerPaint('x', class { paint() {} }); });
tryIt('E7', function () { registerPaint('y', class { static get inputArguments() { return ['<length>', 'bogus']; } paint() {} }); });
tryIt('E8', function () { registerPaint('z', class { static get contextOptions() { return 5; } paint() {} }); });
tryIt('E9', function () { registerPaint('z2', class { static get contextOptions() { return {alpha: 0}; } paint() {} }); });
tryIt('E10', function () { var C = function () {}; C.prototype = 5; registerPaint('z3', C); });
tryIt('E11', function () { var C = function () {}; C.prototype.paint = 5; registerPaint('z4', C); });
tryIt('E12', function () { registerPaint('z5', () => {}); });
tryIt('E13', function () { registerPaint('z6'); });
tryIt('E14', function () { registerPaint(); });
tryIt('E16', function () { registerPaint('z8', class { static get inputProperties() { throw new RangeError('ip'); } paint() {} }); });
tryIt('E17', function () { registerPaint('z9', class { static get inputProperties() { return [{toString() { return '--a'; }}]; } paint() {} }); });
tryIt('O1', function () { var f = () => {}; f.inputProperties = 5; registerPaint('q1', f); });
tryIt('O2', function () { var C = function () {}; C.prototype = 5; C.contextOptions = 5; registerPaint('q2', C); });
tryIt('O3', function () { var C = function () {}; C.prototype = 5; C.inputProperties = 5; registerPaint('q3', C); });
tryIt('O4', function () { var C = function () {}; C.inputProperties = 5; C.contextOptions = 5; registerPaint('q4', C); });
tryIt('O5', function () { registerPaint('', 5); });
tryIt('O6', function () { registerPaint('', () => {}); });
tryIt('O7', function () { registerPaint('x', () => {}); });
tryIt('O8', function () { var C = function () {}; C.contextOptions = null; C.prototype.paint = function () {}; registerPaint('q8', C); });
tryIt('O9', function () { var C = function () {}; C.inputProperties = null; C.prototype.paint = function () {}; registerPaint('q9', C); });
tryIt('O10', function () { var C = function () {}; C.inputProperties = 'ab'; C.prototype.paint = function () {}; registerPaint('q10', C); });
tryIt('O11', function () { var C = function () {}; C.contextOptions = function () {}; C.prototype.paint = function () {}; registerPaint('q11', C); });
console.log('scope', Object.prototype.toString.call(globalThis), typeof PaintWorkletGlobalScope, typeof WorkletGlobalScope,
  globalThis instanceof WorkletGlobalScope, typeof devicePixelRatio, typeof setTimeout, typeof fetch, typeof postMessage);
`
	loader := mapLoader{
		"https://example.test/errs.js":  mod,
		"https://example.test/throw.js": `registerPaint('', class { paint() {} });`,
	}
	p := newPage(t, `<!doctype html><script>
		var logs = [];
		var log = function () { logs.push([].join.call(arguments, ' ')); };
		console = { log: log, error: function () { log.apply(null, ['error:'].concat([].slice.call(arguments))); } };
		var results = [];
		var settle = function (p) { return p.then(function (v) { results.push('resolved ' + v); }, function (e) { results.push('rejected ' + e.name); }); };
		settle(CSS.paintWorklet.addModule('errs.js')).then(function () {
			return settle(CSS.paintWorklet.addModule('errs.js'));
		}).then(function () {
			return settle(CSS.paintWorklet.addModule('throw.js'));
		});
	</script>`, loader)
	p.run()
	p.noErrors()
	const what = "Failed to execute 'registerPaint' on 'PaintWorkletGlobalScope': "
	want := []string{
		"E1 TypeError " + what + "The empty string is not a valid name.",
		"E2 TypeError " + what + "parameter 2 is not of type 'Function'.",
		"E3 TypeError " + what + `Property "paint" doesn't exist`,
		"E4 TypeError " + what + "The provided value cannot be converted to a sequence.",
		"E5 ok",
		"E6 InvalidModificationError " + what + "A class with name:'x' is already registered.",
		"E7 ok",
		"E8 TypeError " + what + "The provided value is not of type 'PaintRenderingContext2DSettings'.",
		"E9 ok",
		"E10 TypeError " + what + "constructor prototype is not an object",
		"E11 TypeError " + what + `"paint" is not a function`,
		"E12 TypeError " + what + "The provided callback is not a constructor.",
		"E13 TypeError " + what + "2 arguments required, but only 1 present.",
		"E14 TypeError " + what + "2 arguments required, but only 0 present.",
		"E16 RangeError ip",
		"E17 ok",
		"O1 TypeError " + what + "The provided callback is not a constructor.",
		"O2 TypeError " + what + "The provided value is not of type 'PaintRenderingContext2DSettings'.",
		"O3 TypeError " + what + "The provided value cannot be converted to a sequence.",
		"O4 TypeError " + what + "The provided value cannot be converted to a sequence.",
		"O5 TypeError " + what + "parameter 2 is not of type 'Function'.",
		"O6 TypeError " + what + "The empty string is not a valid name.",
		"O7 InvalidModificationError " + what + "A class with name:'x' is already registered.",
		"O8 ok",
		"O9 ok",
		"O10 TypeError " + what + "The provided value cannot be converted to a sequence.",
		"O11 ok",
		"scope [object PaintWorkletGlobalScope] function function true number undefined undefined undefined",
		"error: Uncaught TypeError: " + what + "The empty string is not a valid name.",
	}
	if got := p.eval(`logs.join('\n')`); got != strings.Join(want, "\n") {
		t.Errorf("the worklet logged\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	if got, want := p.eval(`results.join()`), "resolved undefined,resolved undefined,resolved undefined"; got != want {
		t.Errorf("addModule results %s, want %s", got, want)
	}
}
