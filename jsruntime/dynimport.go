package jsruntime

import (
	"context"
	"runtime"
	"slices"
	"sync"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// A ChunkBundler bundles the module at url as a chunk (see
// Config.ImportChunk): for a dynamic import() whose specifier was computed
// at run time, or for a module script of a page with several (source is an
// inline one's text, else nil). loaded are the URLs of the modules the page
// has already run, which the chunk must take from the page's module
// registry rather than bundle again; the chunk registers its own.
type ChunkBundler func(ctx context.Context, url string, source []byte, loaded []string, imports *webapi.ImportMap, load func(ctx context.Context, url string) ([]byte, error)) (string, error)

// Dynamic imports. Module scripts are bundled (goja has no ES modules); an
// import() that the bundle leaves to run time (a string specifier of a lazy
// bundle, webapi.ModuleEntry.Lazy, or one esbuild could not name) calls the
// hidden global __bangsnapImport(specifier, importerURL), defined here. It
// resolves the specifier against the importer (and the import map), and
// settles with the module's namespace from the page's module registry
// (globalThis.__bangsnapModules), bundling the module as a chunk first
// when the page has not run it: the chunk's code registers its modules as
// it runs. See jsruntime/webapi/dynimport.go.
// https://html.spec.whatwg.org/multipage/webappapis.html#hostloadimportedmodule

// dynamicImports is the state of a page's computed imports.
type dynamicImports struct {
	// waiting are the settle functions of the imports of each URL whose
	// chunk is queued or being bundled.
	waiting map[string][]func(ns goja.Value, err goja.Value)
	// queue holds the URLs whose chunks wait for the one being bundled
	// (active): one chunk at a time, so that a chunk is bundled only once
	// the chunks before it have run and registered their modules. Two
	// chunks bundled at once would each bundle the modules they share and
	// the page would run two copies of them (Astro's islands import a
	// component and its renderer together, both on one preact module).
	queue  []string
	active bool
	// failed holds what the chunk of each URL threw when it ran: a later
	// import() of the module rejects with it again rather than running the
	// module a second time, as a module map keeps a module whose
	// evaluation failed.
	failed map[string]goja.Value
	// typed holds the JSON, CSS and text modules import() asked for, by
	// type and URL (importtyped.go).
	typed map[string]*typedModule
}

// The hooks the bundled code calls by name are global lexical bindings
// (hiddenbinding.go), not properties of window: a page listing
// Object.getOwnPropertyNames(window) sees only what Chromium's window has.
var (
	importHookBinding  = newHiddenBinding("__bangsnapImport")
	resolveHookBinding = newHiddenBinding("__bangsnapResolve")
	// modulesBinding is the page's module registry (webapi's
	// moduleRegistry): null until a module registers.
	modulesBinding = newHiddenLet("__bangsnapModules")
	// readModules reads it.
	readModules = sync.OnceValues(func() (*goja.Program, error) {
		return goja.Compile("bangsnap:modules.js", "__bangsnapModules", true)
	})
)

// installDynamicImport defines __bangsnapImport, and
// __bangsnapResolve(specifier, moduleURL), what a bundled module's
// import.meta.resolve calls (webapi.withImportMeta): the specifier resolved
// with the page's import map as it is when called, or a TypeError.
func (w *Window) installDynamicImport() error {
	resolve := w.rt.ToValue(func(call goja.FunctionCall) goja.Value {
		spec := call.Argument(0).String()
		u, ok := w.resolveModuleSpecifier(spec, call.Argument(1).String())
		if !ok {
			panic(w.rt.NewTypeError("Failed to resolve module specifier %q", spec))
		}
		return w.rt.ToValue(u)
	})
	if err := modulesBinding.define(w.rt, nil); err != nil {
		return err
	}
	if err := resolveHookBinding.define(w.rt, resolve); err != nil {
		return err
	}
	if w.cfg.ImportChunk == nil {
		return nil
	}
	fn := w.rt.ToValue(func(call goja.FunctionCall) goja.Value {
		p, resolve, reject := w.rt.NewPromise()
		settle := func(ns, err goja.Value) {
			if err != nil {
				_ = reject(err)
			} else {
				_ = resolve(ns)
			}
		}
		// The specifier is made a string, then the options (a lowered
		// import() passes them third) are read; what throws rejects.
		var spec, typ string
		var typed bool
		if ex := w.rt.Try(func() {
			var thrown any
			if spec, typ, typed, thrown = w.importArguments(call); thrown != nil {
				panic(thrown)
			}
		}); ex != nil {
			settle(nil, ex.Value())
			return w.rt.ToValue(p)
		}
		u, ok := w.resolveModuleSpecifier(spec, call.Argument(1).String())
		if !ok {
			settle(nil, w.rt.NewTypeError("Failed to resolve module specifier %q", spec))
			return w.rt.ToValue(p)
		}
		if typed {
			w.importTyped(u, typ, settle)
			return w.rt.ToValue(p)
		}
		w.importModule(u, settle)
		return w.rt.ToValue(p)
	})
	return importHookBinding.define(w.rt, fn)
}

// importArguments reads import()'s specifier and options. What they throw
// is recovered here and returned, for the caller to throw again from its
// own frame: a getter of the options that calls import() again recurses
// until goja's stack overflow, which no Try catches, and thrown on from
// each level's deferred recover it would walk the whole Go stack at each
// level (quadratic: minutes at 10,000 levels; see bind/unwind.go).
func (w *Window) importArguments(call goja.FunctionCall) (spec, typ string, typed bool, thrown any) {
	defer func() {
		if thrown = recover(); thrown != nil {
			if _, bug := thrown.(runtime.Error); bug {
				panic(thrown)
			}
		}
	}()
	spec = call.Argument(0).String()
	if len(call.Arguments) > 2 {
		typ, typed = w.importAttributesType(call.Argument(2))
	}
	return spec, typ, typed, nil
}

// resolveModuleSpecifier resolves spec against the importer's URL, after
// the page's import map.
// https://html.spec.whatwg.org/multipage/webappapis.html#resolve-a-module-specifier
func (w *Window) resolveModuleSpecifier(spec, base string) (string, bool) {
	if base == "" {
		base = w.docURL(&w.doc.Node)
	}
	u, err := w.scripts.imports.Resolve(spec, base)
	return u, err == nil
}

// moduleRegistry returns the page's module registry (a Map), or nil.
func (w *Window) moduleRegistry() *goja.Object {
	prg, err := readModules()
	if err != nil {
		return nil
	}
	v, err := w.rt.RunProgram(prg)
	if err != nil {
		return nil
	}
	m, _ := v.(*goja.Object)
	return m
}

// importModule settles with the namespace of the module at url, bundling
// and running it first unless the page already has it.
func (w *Window) importModule(url string, settle func(ns, err goja.Value)) {
	reg := w.moduleRegistry()
	if ns, ok := registryGet(w.rt, reg, url); ok {
		settle(ns, nil)
		return
	}
	d := &w.dynImports
	if fail, ok := d.failed[url]; ok {
		settle(nil, fail)
		return
	}
	if fail, ok := w.scripts.moduleFailed(url); ok {
		settle(nil, fail)
		return
	}
	if d.waiting == nil {
		d.waiting = map[string][]func(goja.Value, goja.Value){}
	}
	if waiting, busy := d.waiting[url]; busy {
		d.waiting[url] = append(waiting, settle)
		return
	}
	d.waiting[url] = []func(goja.Value, goja.Value){settle}
	d.queue = append(d.queue, url)
	// The chunk is bundled from a task of its own: the script calling
	// import() (a bundle whose modules register themselves as each ends)
	// has run to its end by then, so the chunk takes from the registry
	// the modules of that script, the importer included, rather than
	// bundling a copy of those not registered yet.
	w.loop.QueueTask(w.nextChunk)
}

// nextChunk starts bundling the first queued chunk unless one is under
// way. A chunk whose module an earlier chunk brought along is taken from
// the registry instead.
func (w *Window) nextChunk() {
	d := &w.dynImports
	for !d.active && len(d.queue) > 0 {
		url := d.queue[0]
		d.queue = d.queue[1:]
		reg := w.moduleRegistry()
		if ns, ok := registryGet(w.rt, reg, url); ok {
			waiting := d.waiting[url]
			delete(d.waiting, url)
			for _, settle := range waiting {
				settle(ns, nil)
			}
			continue
		}
		d.active = true
		w.bundleChunk(url, reg)
	}
}

// bundleChunk bundles the chunk of url off the loop, taking the modules
// in the registry reg from it, and runs it when built.
func (w *Window) bundleChunk(url string, reg *goja.Object) {
	loaded := registryKeys(w.rt, reg)
	slices.Sort(loaded)
	s := &w.scripts
	op := w.loop.Begin("module " + url)
	bundle, loader, ctx, imports, log := w.cfg.ImportChunk, w.cfg.Loader, w.ctx, s.imports, w.log
	load := func(ctx context.Context, u string) ([]byte, error) {
		if loader == nil {
			return nil, errNoLoader
		}
		return loadScript(ctx, loader, u, 0, moduleCheck(ctx))
	}
	go func() {
		var code string
		err := offLoop(log, "module "+url, func() (err error) {
			code, err = bundle(ctx, url, nil, loaded, imports, load)
			return err
		})
		op.Complete(func() { w.chunkBundled(url, code, err) })
	}()
}

// chunkBundled runs a chunk and settles the imports waiting for it.
func (w *Window) chunkBundled(url, code string, err error) {
	waiting := w.dynImports.waiting[url]
	delete(w.dynImports.waiting, url)
	var ran goja.Value
	code, async := webapi.EvaluationPromise(code)
	if err != nil {
		w.log.Debug("jsruntime: dynamic import failed", "url", url, "err", err)
		// each import its error: a link error is made anew by each
		// attempt (the module's parse error is its one object)
		for _, settle := range waiting {
			settle(nil, w.chunkError(url, err))
		}
	} else if ran, err = w.runChunk(url, code); err != nil {
		var fail goja.Value
		if ex, ok := err.(*goja.Exception); ok {
			fail = ex.Value()
		} else {
			fail = w.rt.NewTypeError(err.Error())
		}
		w.chunkFailed(url, fail)
		w.scripts.moduleThrew("", fail)
		settleAll(waiting, nil, fail)
	} else if p, ok := ran.(*goja.Object); ok && async {
		// The chunk awaits at top level: import() settles when its
		// evaluation has ended, as in a browser. The next chunk need
		// not wait for it (it may be what this one awaits).
		w.afterEvaluation(p, func(fail goja.Value) {
			if fail != nil {
				w.chunkFailed(url, fail)
				settleAll(waiting, nil, fail)
			} else {
				w.settleFromRegistry(url, waiting)
			}
		})
	} else {
		w.settleFromRegistry(url, waiting)
	}
	w.dynImports.active = false
	w.nextChunk()
}

// runChunk runs a chunk's code, the registry's evaluating cleared first
// (moduleerror.go).
func (w *Window) runChunk(url, code string) (goja.Value, error) {
	if reg := w.moduleRegistry(); reg != nil {
		_ = reg.Set("evaluating", goja.Undefined())
	}
	w.noteModuleProgram(url, code) // activescript.go
	return w.RunScript(url, code)
}

// chunkFailed records that the chunk of url threw fail as it ran.
func (w *Window) chunkFailed(url string, fail goja.Value) {
	d := &w.dynImports
	if d.failed == nil {
		d.failed = map[string]goja.Value{}
	}
	d.failed[url] = fail
}

// chunkError is what import() of url rejects with when its chunk could not
// be built: the graph's error to rethrow when its modules were fetched
// (moduleerror.go), else (a module that could not be fetched) a TypeError.
// https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-single-module-script
func (w *Window) chunkError(url string, err error) goja.Value {
	if ge := moduleGraphError(err); ge != nil {
		return w.moduleErrorValue(ge)
	}
	return w.rt.NewTypeError("Failed to fetch dynamically imported module: %s", url)
}

// settleFromRegistry settles the imports of url with its namespace from
// the page's module registry.
func (w *Window) settleFromRegistry(url string, waiting []func(ns, err goja.Value)) {
	if v, ok := registryGet(w.rt, w.moduleRegistry(), url); ok {
		settleAll(waiting, v, nil)
	} else {
		settleAll(waiting, nil, w.rt.NewTypeError("Failed to fetch dynamically imported module: %s", url))
	}
}

func settleAll(waiting []func(ns, err goja.Value), ns, fail goja.Value) {
	for _, settle := range waiting {
		settle(ns, fail)
	}
}

// afterEvaluation calls done once p, the promise of a chunk's evaluation
// (webapi.EvaluationPromise), settles: with nil when it fulfills, with
// the reason when it rejects.
func (w *Window) afterEvaluation(p *goja.Object, done func(fail goja.Value)) {
	then, ok := goja.AssertFunction(p.Get("then"))
	if !ok {
		done(nil)
		return
	}
	fulfilled := w.rt.ToValue(func(goja.FunctionCall) goja.Value { done(nil); return goja.Undefined() })
	rejected := w.rt.ToValue(func(call goja.FunctionCall) goja.Value { done(call.Argument(0)); return goja.Undefined() })
	if _, err := then(p, fulfilled, rejected); err != nil {
		done(w.rt.NewTypeError(err.Error()))
	}
}

// registryGet reads url from the registry Map.
func registryGet(rt *goja.Runtime, reg *goja.Object, url string) (goja.Value, bool) {
	if reg == nil {
		return nil, false
	}
	get, ok := goja.AssertFunction(reg.Get("get"))
	if !ok {
		return nil, false
	}
	v, err := get(reg, rt.ToValue(url))
	if err != nil || v == nil || goja.IsUndefined(v) {
		return nil, false
	}
	return v, true
}

// registryKeys lists the URLs in the registry Map, and those of the
// modules whose evaluation threw (moduleerror.go).
func registryKeys(rt *goja.Runtime, reg *goja.Object) []string {
	if reg == nil {
		return []string{}
	}
	keys := []string{}
	forEach, ok := goja.AssertFunction(reg.Get("forEach"))
	if !ok {
		return keys
	}
	_, _ = forEach(reg, rt.ToValue(func(call goja.FunctionCall) goja.Value {
		keys = append(keys, call.Argument(1).String())
		return goja.Undefined()
	}))
	// The modules whose evaluation threw: a chunk throws it again.
	if errs := registryErrors(reg); errs != nil {
		keys = append(keys, errs.Keys()...)
	}
	return keys
}
