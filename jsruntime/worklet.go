package jsruntime

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// Worklets (CSS.paintWorklet): addModule(url) fetches a module and runs it
// in the worklet's global scope, a goja runtime of its own attached to the
// page's loop (its script runs in a task of the page's loop, in virtual
// time, and ends with the render). The paint worklet's global scope has
// registerPaint, validated as Chromium validates it; nothing is painted
// (a snapshot has no canvas output of paint()), so the definitions are
// kept only to answer a second registration of a name. Chromium runs a
// paint worklet's modules in two global scopes; bangsnap runs them in
// one, which differs only in how many times a module's console messages
// show.
// https://html.spec.whatwg.org/multipage/worklets.html
// https://drafts.css-houdini.org/css-paint-api/#paint-worklet

// worklet is the implementation behind a Worklet object.
type worklet struct {
	w     *Window
	scope *workletScope // made by the first addModule that loads
	// modules is the worklet's module map: by URL, a module fetched or
	// being fetched, which a second addModule of the URL waits for
	// instead of running it again.
	modules map[string]*workletModule
}

// workletModule is one entry of a worklet's module map.
type workletModule struct {
	done bool
	// errName and errMsg make the rejection of a module that failed: a
	// DOMException (AbortError) or a SyntaxError.
	errName, errMsg string
	waiting         []func()
}

// workletScope is a worklet's global scope.
type workletScope struct {
	w     *Window
	rt    *goja.Runtime
	realm *bind.Realm
	// paints are the names registerPaint registered.
	paints map[string]bool
}

var workletIface = &bind.Interface{
	Name: "Worklet",
	Methods: []bind.Method{
		{Name: "addModule", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return this.(*worklet).addModule(r, args)
		}},
	},
}

// paintWorklet is CSS.paintWorklet, made on first use.
func (w *Window) paintWorklet() goja.Value {
	if w.paint == nil {
		w.paint = &worklet{w: w}
	}
	return w.realm.WrapObject(w.paint, w.realm.Class("Worklet"))
}

// installPaintWorklet defines CSS.paintWorklet on the CSS namespace: an
// enumerable, configurable accessor, as a namespace's attribute.
func (w *Window) installPaintWorklet(css *goja.Object) {
	get := w.realm.NewFunction("get paintWorklet", 0, func(goja.FunctionCall) goja.Value { return w.paintWorklet() })
	_ = css.DefineAccessorProperty("paintWorklet", get, nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// addModule runs Worklet.addModule's steps: the URL is parsed against the
// document's base URL (a failure rejects with a SyntaxError); the module
// is fetched off the loop and run in the worklet's global scope, and the
// promise resolves once it ran (what it throws is reported, not
// rejected), or rejects with an AbortError when it or one of its imports
// did not load, or with a SyntaxError when it does not parse.
// https://html.spec.whatwg.org/multipage/worklets.html#dom-worklet-addmodule
func (wl *worklet) addModule(r *bind.Realm, args []goja.Value) goja.Value {
	w := wl.w
	raw := bind.DOMString(args[0])
	if o, ok := bind.Arg(args, 1).(*goja.Object); ok {
		if c := o.Get("credentials"); !bind.Absent(c) {
			switch s := bind.DOMString(c); s {
			case "omit", "same-origin", "include":
			default:
				r.ThrowTypeError("Failed to execute 'addModule' on 'Worklet': Failed to read the 'credentials' property from 'WorkletOptions': The provided value '" + s + "' is not a valid enum value of type RequestCredentials.")
			}
		}
	}
	u, err := resolveWorkerURL(raw, w.doc.BaseURL())
	if err != nil {
		r.ThrowDOMException("SyntaxError", "'"+raw+"' is not a valid URL.")
	}
	p, resolve, reject := r.Runtime.NewPromise()
	key := u.String()
	m := wl.modules[key]
	settle := func() {
		if m.errName == "" {
			_ = resolve(goja.Undefined())
			return
		}
		_ = reject(workletError(r, m.errName, m.errMsg))
	}
	switch {
	case m == nil:
		m = &workletModule{}
		if wl.modules == nil {
			wl.modules = map[string]*workletModule{}
		}
		wl.modules[key] = m
		m.waiting = append(m.waiting, settle)
		wl.load(u, m)
	case !m.done:
		m.waiting = append(m.waiting, settle)
	default:
		w.loop.QueueTask(settle)
	}
	return r.Runtime.ToValue(p)
}

// workletError makes the rejection of a failed module.
func workletError(r *bind.Realm, name, msg string) goja.Value {
	if name == "SyntaxError" {
		if ctor, ok := goja.AssertConstructor(r.Runtime.GlobalObject().Get("SyntaxError")); ok {
			if v, err := ctor(nil, r.Runtime.ToValue(msg)); err == nil {
				return v
			}
		}
	}
	return r.NewDOMException(name, msg)
}

// load fetches the module at u (and its imports, through the page's
// ModuleBundler) off the loop, then runs it in a task.
// https://html.spec.whatwg.org/multipage/worklets.html#fetch-a-worklet-script-graph
func (wl *worklet) load(u *url.URL, m *workletModule) {
	w := wl.w
	src := u.String()
	op := w.loop.Begin("worklet " + src)
	loader, bundle, ctx, log := w.cfg.Loader, w.cfg.Bundle, w.ctx, w.log
	var blobs *blobURLStore
	if w.net != nil {
		blobs = w.net.blobs
	}
	pageOrigin := originOf(w.nav.url)
	// failed records a module of the graph that did not load (an
	// AbortError), as distinct from one that does not parse.
	failed := false
	fetch := func(ctx context.Context, s string) ([]byte, error) {
		b, err := fetchWorkletScript(ctx, s, pageOrigin, loader, blobs)
		if err != nil {
			failed = true
		}
		return b, err
	}
	go func() {
		var code string
		err := offLoop(log, "worklet "+src, func() error {
			body, err := fetch(ctx, src)
			if err != nil {
				return err
			}
			if bundle != nil {
				c, err := bundle(ctx, src, body, fetch)
				code = c
				return err
			}
			code = decodeScript(body, "")
			return nil
		})
		op.Complete(func() {
			switch {
			case err != nil && failed:
				m.errName, m.errMsg = "AbortError", "Failed to load worklet module script: "+src
			case err != nil:
				m.errName, m.errMsg = "SyntaxError", err.Error()
			default:
				if msg, ok := wl.run(src, code); !ok {
					m.errName, m.errMsg = "SyntaxError", msg
				}
			}
			m.done = true
			waiting := m.waiting
			m.waiting = nil
			for _, f := range waiting {
				f()
			}
		})
	}()
}

// fetchWorkletScript loads one module of a worklet's graph: a data: URL,
// a blob: URL of the page, or a URL of the page's origin through the
// page's loader (a worklet's fetch is in CORS mode: a cross-origin module
// fails here).
func fetchWorkletScript(ctx context.Context, s, pageOrigin string, loader ScriptLoader, blobs *blobURLStore) ([]byte, error) {
	switch {
	case strings.HasPrefix(s, "data:"):
		_, body, err := xhr.ParseDataURL(s)
		return body, err
	case strings.HasPrefix(s, "blob:"):
		if blobs != nil {
			if b, ok := blobs.resolve(s); ok {
				return b.Bytes(), nil
			}
		}
		return nil, errors.New("blob URL not found: " + s)
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	if originOf(u) != pageOrigin {
		return nil, errors.New("cross-origin worklet module: " + s)
	}
	if loader == nil {
		return nil, errNoLoader
	}
	return loader.LoadScript(ctx, s)
}
