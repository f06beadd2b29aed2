package jsruntime

import (
	"errors"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// A module script whose graph was fetched but cannot run (a module that
// does not parse, a specifier that does not resolve, an import no module
// exports: webapi.ModuleGraphError) is not a failed fetch: running it
// reports its error to rethrow at the window, and an external one then
// fires load. A parse error belongs to its module, which the module map
// keeps, so each graph holding the module reports the same error object;
// a link error is made anew by each attempt.
// https://html.spec.whatwg.org/multipage/webappapis.html#run-a-module-script
// https://html.spec.whatwg.org/multipage/scripting.html#execute-the-script-element

// moduleGraphError returns the error to rethrow err carries, or nil.
func moduleGraphError(err error) *webapi.ModuleGraphError {
	var ge *webapi.ModuleGraphError
	if errors.As(err, &ge) {
		return ge
	}
	return nil
}

// moduleErrorValue is the JavaScript error ge stands for: for a parse
// error, the one its module made the first time.
func (w *Window) moduleErrorValue(ge *webapi.ModuleGraphError) goja.Value {
	s := &w.scripts
	if ge.Kind == webapi.ModuleParseError {
		if v, ok := s.parseErrors[ge.Module]; ok {
			return v
		}
	}
	var v goja.Value
	if ctor, ok := goja.AssertConstructor(w.rt.GlobalObject().Get(ge.Name)); ok {
		if o, err := ctor(nil, w.rt.ToValue(ge.Message)); err == nil {
			v = o
		}
	}
	if v == nil {
		v = w.rt.NewTypeError(ge.Message)
	}
	if ge.Kind == webapi.ModuleParseError {
		if s.parseErrors == nil {
			s.parseErrors = map[string]goja.Value{}
		}
		s.parseErrors[ge.Module] = v
	}
	return v
}

// rethrow runs a module script whose graph has the error to rethrow ge:
// the error is reported at the window, located in the module it is of.
func (s *scriptState) rethrow(ge *webapi.ModuleGraphError) {
	w := s.w
	v := w.moduleErrorValue(ge)
	se := &ScriptError{Message: "Uncaught " + ge.Name + ": " + ge.Message, Source: ge.Module, Line: ge.Line, Column: ge.Column}
	w.reportScriptError(se, v)
}
