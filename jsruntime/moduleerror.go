package jsruntime

import (
	"errors"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
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

// A module whose evaluation threw keeps what it threw: a later module
// script of its URL, or a graph that imports it, does not evaluate it
// again but throws the same value, reported at the window each time. A
// page whose module scripts share the module registry (webapi's
// dynimport.go) learns which module threw from the registry's evaluating
// and keeps it in the registry's errors, which chunks importing it read;
// the URL of an external module script that threw is kept here too.
// https://tc39.es/ecma262/#sec-moduleevaluation (step 4: a module whose
// evaluation failed returns its error again)
// https://html.spec.whatwg.org/multipage/webappapis.html#run-a-module-script

// evaluate runs a script whose text (a module script's bundle) has
// arrived: a module script whose URL ran before is not evaluated again,
// but what it threw is reported again; one that throws is kept as failed.
func (s *scriptState) evaluate(el *dom.Node, src, url string) {
	if s.kindOf(el) != moduleScript {
		s.execute(el, src, url)
		return
	}
	if v, ok := s.moduleFailed(url); ok {
		s.w.reportValue(v)
		return
	}
	if s.evaluatedBefore(el, url) {
		return
	}
	if reg := s.w.moduleRegistry(); reg != nil {
		_ = reg.Set("evaluating", goja.Undefined())
	}
	// An inline module's bundle is compiled under the document's URL, as
	// inline classic scripts are, so that the code it compiles at run time
	// can tell its modules (activescript.go).
	name := url
	if name == "" {
		name = s.w.inlineScriptURL()
	}
	s.w.noteModuleProgram(name, src)
	s.execute(el, src, name)
	if v := s.thrown; v != nil {
		s.thrown = nil
		s.moduleThrew(url, v)
	}
}

// moduleFailed returns what the module at url threw when it was evaluated,
// if it threw.
func (s *scriptState) moduleFailed(url string) (goja.Value, bool) {
	if url == "" {
		return nil, false
	}
	if v, ok := s.evalErrors[url]; ok {
		return v, true
	}
	if errs := registryErrors(s.w.moduleRegistry()); errs != nil {
		if v := errs.Get(url); v != nil {
			return v, true
		}
	}
	return nil, false
}

// moduleThrew keeps v as what the module script at url ("" for an inline
// one) threw, and as what the module the registry says was evaluating
// threw.
func (s *scriptState) moduleThrew(url string, v goja.Value) {
	if url != "" {
		if s.evalErrors == nil {
			s.evalErrors = map[string]goja.Value{}
		}
		s.evalErrors[url] = v
	}
	reg := s.w.moduleRegistry()
	if reg == nil {
		return
	}
	at := reg.Get("evaluating")
	if at == nil || goja.IsUndefined(at) {
		return
	}
	_ = reg.Set("evaluating", goja.Undefined())
	errs := registryErrors(reg)
	if errs == nil {
		errs = s.w.rt.NewObject()
		_ = errs.SetPrototype(nil)
		_ = reg.Set("errors", errs)
	}
	_ = errs.Set(at.String(), v)
}

// registryErrors is the registry's errors (an object without prototype:
// what each module whose evaluation threw threw, by URL), or nil.
func registryErrors(reg *goja.Object) *goja.Object {
	if reg == nil {
		return nil
	}
	o, _ := reg.Get("errors").(*goja.Object)
	return o
}
