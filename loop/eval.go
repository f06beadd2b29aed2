package loop

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/dop251/goja"
)

// goja decides that a call is a direct eval when the function called by the
// name eval is the runtime's intrinsic eval (its global.Eval field), and
// its eval returns any argument that is not a string unchanged. A browser's
// eval also compiles a TrustedScript (Knockout evaluates its binding
// functions with (0, eval)(policy.createScript(...)) wherever Trusted Types
// exist), so jsruntime replaces eval with a function of its own; SetEval
// makes that function the one whose calls by name stay direct evals. The
// field is found by reflection on goja's types, once per process, and
// written only when it holds the intrinsic the global object has: another
// goja version with other names leaves eval as it is.

var evalField struct {
	once   sync.Once
	offset uintptr
	ok     bool
}

func findEvalField() {
	g, ok := reflect.TypeFor[goja.Runtime]().FieldByName("global")
	if !ok || g.Type.Kind() != reflect.Struct {
		return
	}
	e, ok := g.Type.FieldByName("Eval")
	if !ok || e.Type != reflect.TypeFor[*goja.Object]() {
		return
	}
	evalField.offset, evalField.ok = g.Offset+e.Offset, true
}

// SetEval makes fn the page's eval: the value of the global object's eval
// property, and the function whose calls by the name eval are direct
// evals (compiled in the caller's scope, by goja, for string arguments;
// any other argument is returned unchanged, as ever). It returns the
// intrinsic eval fn replaces, for fn to call for indirect evals, or false
// (and changes nothing) when it cannot.
func (l *Loop) SetEval(fn *goja.Object) (goja.Callable, bool) {
	evalField.once.Do(findEvalField)
	if !evalField.ok {
		return nil, false
	}
	global := l.rt.GlobalObject()
	intrinsic, ok := global.Get("eval").(*goja.Object)
	if !ok {
		return nil, false
	}
	orig, ok := goja.AssertFunction(intrinsic)
	if !ok {
		return nil, false
	}
	field := (**goja.Object)(unsafe.Add(unsafe.Pointer(l.rt), evalField.offset))
	if *field != intrinsic {
		return nil, false
	}
	if err := global.DefineDataProperty("eval", fn, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return nil, false
	}
	*field = fn
	return orig, true
}
