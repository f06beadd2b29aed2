package loop

import (
	"testing"

	"github.com/dop251/goja"
)

// TestSetEval: the function SetEval installs is the global eval and is
// called for indirect evals with any argument, while calls by the name eval
// stay direct evals (the caller's scope) that never reach it.
func TestSetEval(t *testing.T) {
	rt := goja.New()
	l := New(rt, Options{})
	var seen []string
	var orig goja.Callable
	fn := rt.ToValue(func(call goja.FunctionCall) goja.Value {
		seen = append(seen, call.Argument(0).String())
		if o, ok := call.Argument(0).(*goja.Object); ok {
			return o.Get("code") // an object standing for code: run its text
		}
		v, err := orig(goja.Undefined(), call.Arguments...)
		if err != nil {
			panic(err)
		}
		return v
	}).(*goja.Object)
	var ok bool
	if orig, ok = l.SetEval(fn); !ok {
		t.Fatal("SetEval refused: goja's layout changed (see loop/eval.go)")
	}
	v, err := rt.RunString(`
		var g = 1;
		var direct = (function () { var local = 2; return eval("local + g"); })();
		var indirect = (0, eval)("typeof local + g");
		var byObject = (0, eval)({code: 7, toString: function () { return "object"; }});
		[direct, indirect, byObject, eval === globalThis.eval, Object.getOwnPropertyDescriptor(globalThis, "eval").enumerable].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "3,undefined1,7,true,false"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got, want := len(seen), 2; got != want || seen[0] != "typeof local + g" || seen[1] != "object" {
		t.Errorf("the replacement saw %q, want the two indirect evals only", seen)
	}

	// The global eval property no longer the intrinsic: SetEval leaves it.
	rt2 := goja.New()
	l2 := New(rt2, Options{})
	if _, err := rt2.RunString(`eval = function () { return "page's"; }`); err != nil {
		t.Fatal(err)
	}
	if _, ok := l2.SetEval(fn); ok {
		t.Error("SetEval replaced a page's eval")
	}
}
