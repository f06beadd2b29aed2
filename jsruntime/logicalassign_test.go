package jsruntime

import (
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk"
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
)

func TestLowerSuspendingLogicalAssign(t *testing.T) {
	cases := []struct {
		src  string
		left int // logical assignments left as written
	}{
		{`let p; p ??= 1;`, 1},
		{`async function f() { let p; p ??= await g(); }`, 0},
		{`async function f() { let p = 1; p ||= (await g()) + 1; p &&= [await h()]; }`, 0},
		{`function* f() { let p; p ??= yield 1; }`, 0},
		{`async function f() { const o = {}; o.p ??= await g(); }`, 1},
		{`async function f() { let p; p ??= async () => await g(); }`, 1},
		{`async function f() { let p; p ??= async function () { await g(); }; }`, 1},
		{`async function f() { let p; p += await g(); }`, 0},
	}
	for _, tc := range cases {
		prg, err := parseScript("t.js", tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		lowerStashVars(prg)
		left := 0
		astwalk.Inspect(prg, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignExpression); ok {
				switch a.Operator {
				case token.LOGICAL_AND, token.LOGICAL_OR, token.COALESCE:
					left++
				}
			}
			return true
		})
		if left != tc.left {
			t.Errorf("%s: %d logical assignments left, want %d", tc.src, left, tc.left)
		}
		if _, err := goja.CompileAST(prg, false); err != nil {
			t.Errorf("%s: compile: %v", tc.src, err)
		}
	}
}

// TestSuspendingLogicalAssignRuns runs the rewritten assignments: the value
// sent into a generator reaches the binding (goja's own code lost it), a
// short-circuit skips the right side, and a const that is nullish throws.
func TestSuspendingLogicalAssignRuns(t *testing.T) {
	src := `
	function* g() { let p; p ??= yield 1; let q = 1; q &&= yield 2; let r = 'kept'; r ||= yield 3; return [p, q, r]; }
	const it = g();
	it.next();
	it.next('sent');
	const last = [0, it.next('again')][1];
	function* h() { const c = null; c ??= yield 1; }
	const ih = h();
	ih.next();
	let threw = false;
	try { ih.next(1); } catch (e) { threw = e instanceof TypeError; }
	JSON.stringify([last.value, last.done, threw]);`
	prg, err := compileScript("t.js", src)
	if err != nil {
		t.Fatal(err)
	}
	rt := goja.New()
	if err := installArrayPatternHelper(rt); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunProgram(prg)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), `[["sent","again","kept"],true,true]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
