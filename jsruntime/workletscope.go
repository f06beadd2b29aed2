package jsruntime

import (
	"errors"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// workletScopeJS makes the paint worklet's global scope's prototype chain
// (PaintWorkletGlobalScope, WorkletGlobalScope), as worker.js does a
// worker's.
const workletScopeJS = `(function () {
  'use strict';
  var G = globalThis;
  var illegal = function () { throw new TypeError('Illegal constructor'); };
  var WorkletGlobalScope = function WorkletGlobalScope() { illegal(); };
  var PaintWorkletGlobalScope = function PaintWorkletGlobalScope() { illegal(); };
  PaintWorkletGlobalScope.prototype = Object.create(WorkletGlobalScope.prototype, { constructor: { value: PaintWorkletGlobalScope, writable: true, configurable: true } });
  Object.setPrototypeOf(PaintWorkletGlobalScope, WorkletGlobalScope);
  Object.defineProperty(WorkletGlobalScope.prototype, Symbol.toStringTag, { value: 'WorkletGlobalScope', configurable: true });
  Object.defineProperty(PaintWorkletGlobalScope.prototype, Symbol.toStringTag, { value: 'PaintWorkletGlobalScope', configurable: true });
  [['WorkletGlobalScope', WorkletGlobalScope], ['PaintWorkletGlobalScope', PaintWorkletGlobalScope]].forEach(function (p) {
    Object.defineProperty(G, p[0], { value: p[1], writable: true, configurable: true, enumerable: false });
  });
  Object.setPrototypeOf(G, PaintWorkletGlobalScope.prototype);
})`

// newWorkletScope makes the paint worklet's global scope: the ECMAScript
// built-ins, console (to the page's), devicePixelRatio and registerPaint.
// https://drafts.css-houdini.org/css-paint-api/#paintworkletglobalscope
func (w *Window) newWorkletScope() (*workletScope, error) {
	rt := goja.New()
	w.loop.Attach(rt)
	realm := bind.NewRealm(rt)
	realm.SetWorkCounter(w.loop.Work())
	realm.MapError = mapDOMError
	s := &workletScope{w: w, rt: rt, realm: realm, paints: map[string]bool{}}
	g := rt.GlobalObject()
	if err := installArrayPatternHelper(rt); err != nil { // for compileClassic's programs
		return nil, err
	}
	if err := webapi.InstallPolyfillsRealm(realm); err != nil {
		return nil, err
	}
	if err := g.DeleteSymbol(goja.SymToStringTag); err != nil {
		return nil, err
	}
	f, err := rt.RunScript("workletscope.js", workletScopeJS)
	if err != nil {
		return nil, err
	}
	if fn, ok := goja.AssertFunction(f); ok {
		if _, err := fn(goja.Undefined()); err != nil {
			return nil, err
		}
	}
	console := rt.NewObject()
	for _, level := range []string{"log", "info", "warn", "error", "debug", "trace", "dir"} {
		level := level
		_ = console.Set(level, realm.NewFunction(level, 0, func(c goja.FunctionCall) goja.Value {
			parts := make([]string, len(c.Arguments))
			for i, a := range c.Arguments {
				parts[i] = a.String()
			}
			s.pageConsole(level, strings.Join(parts, " "))
			return goja.Undefined()
		}))
	}
	// A namespace: writable, configurable, not enumerable.
	if err := g.DefineDataProperty("console", console, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return nil, err
	}
	dpr := realm.NewGlobalFunction("get devicePixelRatio", 0, func(goja.FunctionCall) goja.Value {
		return w.global.Get("devicePixelRatio")
	})
	if err := g.DefineAccessorProperty("devicePixelRatio", dpr, nil, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
		return nil, err
	}
	reg := realm.NewGlobalFunction("registerPaint", 2, s.registerPaint)
	if err := g.DefineDataProperty("registerPaint", reg, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
		return nil, err
	}
	return s, nil
}

// pageConsole writes msg at level to the page's console, where Chromium
// shows a worklet's messages.
func (s *workletScope) pageConsole(level, msg string) {
	w := s.w
	pc, ok := w.global.Get("console").(*goja.Object)
	if !ok {
		return
	}
	if f, ok := goja.AssertFunction(pc.Get(level)); ok {
		_, _ = f(pc, w.str(msg))
	}
}

// registerPaint validates a paint class as Chromium does, in its order,
// and registers its name.
// https://drafts.css-houdini.org/css-paint-api/#dom-paintworkletglobalscope-registerpaint
func (s *workletScope) registerPaint(c goja.FunctionCall) goja.Value {
	rt, realm := s.rt, s.realm
	const what = "Failed to execute 'registerPaint' on 'PaintWorkletGlobalScope': "
	if len(c.Arguments) < 2 {
		n := "0"
		if len(c.Arguments) == 1 {
			n = "1"
		}
		realm.ThrowTypeError(what + "2 arguments required, but only " + n + " present.")
	}
	name := bind.DOMString(c.Arguments[0])
	ctor, ok := c.Arguments[1].(*goja.Object)
	if ok {
		_, ok = goja.AssertFunction(ctor)
	}
	if !ok {
		realm.ThrowTypeError(what + "parameter 2 is not of type 'Function'.")
	}
	if name == "" {
		realm.ThrowTypeError(what + "The empty string is not a valid name.")
	}
	if s.paints[name] {
		realm.ThrowDOMException("InvalidModificationError", what+"A class with name:'"+name+"' is already registered.")
	}
	if _, ok := goja.AssertConstructor(ctor); !ok {
		realm.ThrowTypeError(what + "The provided callback is not a constructor.")
	}
	// inputProperties: a sequence<DOMString> (any names: Chromium keeps
	// the ones it knows). inputArguments is read only behind a flag
	// Chromium ships off.
	if v := ctor.Get("inputProperties"); !bind.Nullish(v) { // null reads as none, as in Chromium
		o, ok := v.(*goja.Object)
		if ok {
			_, ok = goja.AssertFunction(o.GetSymbol(goja.SymIterator))
		}
		if !ok {
			realm.ThrowTypeError(what + "The provided value cannot be converted to a sequence.")
		}
		rt.ForOf(o, func(v goja.Value) bool { _ = bind.DOMString(v); return true })
	}
	// contextOptions: a PaintRenderingContext2DSettings dictionary.
	if v := ctor.Get("contextOptions"); !bind.Nullish(v) {
		o, ok := v.(*goja.Object)
		if !ok {
			realm.ThrowTypeError(what + "The provided value is not of type 'PaintRenderingContext2DSettings'.")
		}
		if a := o.Get("alpha"); a != nil {
			_ = a.ToBoolean() // a getter of it runs
		}
	}
	proto, ok := ctor.Get("prototype").(*goja.Object)
	if !ok {
		realm.ThrowTypeError(what + "constructor prototype is not an object")
	}
	paint := proto.Get("paint")
	if bind.Absent(paint) {
		realm.ThrowTypeError(what + "Property \"paint\" doesn't exist")
	}
	if _, ok := goja.AssertFunction(paint); !ok {
		realm.ThrowTypeError(what + "\"paint\" is not a function")
	}
	s.paints[name] = true
	return goja.Undefined()
}

// run runs a worklet module (bundled into a classic script) in the
// worklet's global scope, made on first use. It reports false, with the
// message, when the script does not parse; what the script throws is
// reported on the page's console, as Chromium reports it, and does not
// fail the module.
func (wl *worklet) run(name, code string) (string, bool) {
	w := wl.w
	if wl.scope == nil {
		s, err := w.newWorkletScope()
		if err != nil {
			w.log.Error("jsruntime: worklet global scope", "url", name, "err", err)
			return "", true
		}
		wl.scope = s
	}
	s := wl.scope
	prg, err := compileClassic(code, name, w.cfg.Lower)
	if err != nil {
		var se *goja.CompilerSyntaxError
		if errors.As(err, &se) {
			return se.Message, false
		}
		return err.Error(), false
	}
	if err := s.call(func() error { _, err := s.rt.RunProgram(prg); return err }); err != nil {
		var ie *goja.InterruptedError
		if errors.As(err, &ie) {
			w.loop.ReportError(err) // the page's budget
			return "", true
		}
		msg := err.Error()
		var ex *goja.Exception
		if errors.As(err, &ex) {
			msg = exceptionMessage(ex.Value())
		}
		s.pageConsole("error", "Uncaught "+msg)
	}
	return "", true
}

// call runs fn, turning a thrown Go panic of the scope's runtime into an
// error.
func (s *workletScope) call(fn func() error) error { return catchThrown(s.rt, fn) }
