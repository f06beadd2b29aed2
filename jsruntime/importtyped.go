package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/xhr"
)

// import(specifier, options): a lowered import() with a second argument
// passes it to __bangsnapImport (jsruntime/webapi/dynimport.go keeps it
// through the lowering). Its `with` attributes must all be strings and
// name only "type"; a type of "json", "css" or "text" imports a JSON
// module (its default export the parsed value), a CSS module (a
// constructed CSSStyleSheet) or a text module (the body as a string), a
// JavaScript module otherwise. A bad options value, attribute or type
// rejects the import() with a TypeError, as in Chromium 156. Typed modules
// are kept by type and URL, so importing one twice gives one namespace.
// https://tc39.es/ecma262/#sec-evaluate-import-call
// https://html.spec.whatwg.org/multipage/webappapis.html#module-type-from-module-request

// importText is the module type of `with { type: "text" }`, which the
// bundler does not know (a static import of it is refused there).
const importText = "text"

// A typedModule is a JSON, CSS or text module import() asked for: its
// namespace once made, or what its import rejected with, or the imports
// waiting for its fetch.
type typedModule struct {
	ns, fail goja.Value
	waiting  []func(ns, err goja.Value)
}

// importAttributesType reads the options argument of import(): the module
// type its `with` attributes ask for ("" for JavaScript). It panics with
// the TypeError import() rejects with, or with what a getter threw. typed
// is whether a type attribute was given (an empty one is no valid type).
// https://tc39.es/ecma262/#sec-evaluate-import-call (steps 10-11)
func (w *Window) importAttributesType(options goja.Value) (typ string, typed bool) {
	if goja.IsUndefined(options) {
		return "", false
	}
	opts, ok := options.(*goja.Object)
	if !ok {
		panic(w.rt.NewTypeError("The second argument to import() must be an object"))
	}
	with := opts.Get("with")
	if with == nil || goja.IsUndefined(with) {
		return "", false
	}
	attrs, ok := with.(*goja.Object)
	if !ok {
		panic(w.rt.NewTypeError("The 'with' option must be an object"))
	}
	other := ""
	for _, k := range attrs.Keys() {
		v := attrs.Get(k)
		if !goja.IsString(v) {
			panic(w.rt.NewTypeError("Import attribute value must be a string"))
		}
		if k == "type" {
			typ, typed = v.String(), true
		} else if other == "" {
			other = k
		}
	}
	if other != "" {
		panic(w.rt.NewTypeError("Import attribute %q is not supported", other))
	}
	return typ, typed
}

// importTyped settles with the namespace of the module at url imported as
// typ (json, css or text), fetching it first unless the page has it.
func (w *Window) importTyped(url, typ string, settle func(ns, err goja.Value)) {
	check := checkClassic
	switch typ {
	case "json":
		check = checkJSON
	case "css":
		check = checkCSS
	case importText:
	default:
		settle(nil, w.rt.NewTypeError("%q is not a valid module type.", typ))
		return
	}
	d := &w.dynImports
	key := typ + " " + url
	if m := d.typed[key]; m != nil {
		switch {
		case m.ns != nil:
			settle(m.ns, nil)
		case m.fail != nil:
			settle(nil, m.fail)
		default:
			m.waiting = append(m.waiting, settle)
		}
		return
	}
	if d.typed == nil {
		d.typed = map[string]*typedModule{}
	}
	m := &typedModule{waiting: []func(goja.Value, goja.Value){settle}}
	d.typed[key] = m
	if w.cfg.Loader == nil {
		w.typedLoaded(m, url, typ, nil, errNoLoader)
		return
	}
	op := w.loop.Begin("module " + url)
	loader, ctx, log := w.cfg.Loader, w.ctx, w.log
	go func() {
		var body []byte
		err := offLoop(log, "module "+url, func() (err error) {
			body, err = loadScript(ctx, loader, url, 0, check)
			return err
		})
		op.Complete(func() { w.typedLoaded(m, url, typ, body, err) })
	}()
}

// typedLoaded makes the namespace of a typed module from its body and
// settles the imports waiting for it.
func (w *Window) typedLoaded(m *typedModule, url, typ string, body []byte, err error) {
	if err != nil {
		w.log.Debug("jsruntime: dynamic import failed", "url", url, "type", typ, "err", err)
		m.fail = w.rt.NewTypeError("Failed to fetch dynamically imported module: %s", url)
	} else if ex := w.rt.Try(func() { m.ns = w.typedNamespace(typ, xhr.DecodeUTF8(body)) }); ex != nil {
		m.fail = ex.Value()
	}
	waiting := m.waiting
	m.waiting = nil
	if m.fail != nil {
		settleAll(waiting, nil, m.fail)
	} else {
		settleAll(waiting, m.ns, nil)
	}
}

// typedNamespace is the namespace object of a typed module whose text is
// text: its one export, default, the module's value.
// https://html.spec.whatwg.org/multipage/webappapis.html#creating-a-json-module-script
// https://tc39.es/ecma262/#sec-module-namespace-objects
func (w *Window) typedNamespace(typ, text string) goja.Value {
	rt := w.rt
	var v goja.Value
	switch typ {
	case "json":
		parse, ok := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("parse"))
		if !ok {
			panic(rt.NewTypeError("JSON.parse is not a function"))
		}
		r, err := parse(goja.Undefined(), rt.ToValue(text))
		if err != nil {
			panic(err)
		}
		v = r
	case "css":
		ctor, ok := goja.AssertConstructor(rt.Get("CSSStyleSheet"))
		if !ok {
			panic(rt.NewTypeError("CSSStyleSheet is not a constructor"))
		}
		sheet, err := ctor(nil)
		if err != nil {
			panic(err)
		}
		replace, ok := goja.AssertFunction(sheet.Get("replaceSync"))
		if !ok {
			panic(rt.NewTypeError("replaceSync is not a function"))
		}
		if _, err := replace(sheet, rt.ToValue(text)); err != nil {
			panic(err)
		}
		v = sheet
	default:
		v = rt.ToValue(text)
	}
	ns := rt.NewObject()
	if err := ns.SetPrototype(nil); err != nil {
		panic(err)
	}
	if err := ns.DefineDataProperty("default", v, goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
		panic(err)
	}
	if err := ns.DefineDataPropertySymbol(goja.SymToStringTag, rt.ToValue("Module"), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE); err != nil {
		panic(err)
	}
	return ns
}
