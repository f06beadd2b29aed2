package bangsnap

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
)

// A Page is a live page for tests written in Go: it is loaded and run until
// quiet by Open, then driven by the caller and inspected without a browser.
//
//   - Actions fire what a user's input fires in Chromium, in its order, then
//     run the page until it is quiet: Click, Hover, Focus, Type, Press,
//     Select, Check, Uncheck, Submit, Navigate, Back, Forward.
//   - Time: WaitIdle runs the page until it is quiet, WaitFor until a
//     selector matches, Advance by an exact span of virtual time.
//   - Inspection: Query, QueryAll, Eval, EvalInto, HTML, Snapshot, URL,
//     Now, and what the page threw and logged: TakeErrors, TakeConsole,
//     Report.
//
// Errors callers branch on: ErrClosed, ErrNotFound, ErrBadSelector,
// ErrDisabled, ErrNotAllowed (errors.Is), *PartialError when a budget ended
// a run before the page was quiet, *ExportError for a value Eval cannot
// export (errors.As). An exception thrown by the page's own handlers during
// an action is the page's, not the action's: the action succeeds and
// TakeErrors returns it.
//
// # Time
//
// The page's clock is virtual (Date.now, performance.now, timers,
// animation frames) and moves only while the Page runs the page: between
// two calls the page does nothing, however much wall time passes. A run
// jumps from one due timer to the next, so a page waiting 5s is done in
// microseconds; while a request is in flight the clock moves no faster than
// wall time (in Options.Deterministic mode responses instead arrive in
// request order at a fixed virtual latency, so runs do not depend on the
// machine's speed). "Quiet" means no task runnable, no request in flight,
// window.prerenderReady not false, and no timer due within the settle
// horizon (Options.SettleHorizon, 5s) of the activity that set it; a
// setInterval keeps the page busy for loop.IntervalHorizon (1s) after the
// last fresh activity, then no longer. Each run is bounded by Options.Timeout of wall
// time and Options.VirtualLimit of virtual time.
//
// All of the page's JavaScript runs on the goroutine that calls the Page's
// methods. A Page is not safe for concurrent use.
type Page struct {
	s      *session
	start  time.Time
	closed bool

	errSeen, consoleSeen int // what TakeErrors and TakeConsole returned
}

// maxPageRedirects bounds the redirects Open follows.
const maxPageRedirects = 10

// ErrClosed is returned by the methods of a Page after Close.
var ErrClosed = errors.New("bangsnap: page is closed")

// Open loads the page at rawURL (pretty, ugly or plain, as Render takes it)
// with opts, runs its scripts and waits until it is quiet. Unlike Render,
// Open follows redirects of the page (up to 10), as a browser does, keeping
// the #! state when the new location has no fragment. A budget running out
// while loading is not an error (see Report). The page must be closed.
//
// Each run of the page (Open, WaitIdle, every action) has opts.Timeout of
// wall time.
func Open(ctx context.Context, rawURL string, opts Options) (*Page, error) {
	return NewRenderer(opts).Open(ctx, rawURL)
}

// Open is the package's Open with r's options, sharing r's script cache.
func (r *Renderer) Open(ctx context.Context, rawURL string) (_ *Page, err error) {
	start := time.Now()
	defer r.recoverPanic(rawURL, &err)
	var s *session
	for hop := 0; ; hop++ {
		s, err = r.open(ctx, rawURL, nil, 0)
		if err != nil {
			return nil, err
		}
		if !s.redirect() {
			break
		}
		s.close()
		next, ok := s.redirectTarget()
		if !ok || hop == maxPageRedirects {
			return nil, &FetchError{URL: s.target.doc.String(), Err: fmt.Errorf("redirected (%d) to %q, not followed", s.origin.status, s.origin.header.Get("Location"))}
		}
		rawURL = next
	}
	p := &Page{s: s, start: start}
	if err := s.run(ctx); err != nil {
		s.close()
		return nil, err
	}
	return p, nil
}

// URL returns the page's current URL (location.href).
func (p *Page) URL() string { return p.s.win.URL() }

// Report returns what happened on the page so far: script errors, console
// messages, requests, timings, and how the last run ended.
func (p *Page) Report() Report { return p.s.finishReport() }

// WaitIdle runs the page until it is quiet: its timers due within the
// settle horizon fired, its requests answered, window.prerenderReady not
// false. It returns a *PartialError if a budget ran out first (the page is
// still usable), and ctx's error if ctx ended.
//
// A page that never rests does not hang it: a ticker alone (setInterval)
// stops counting after the settle horizon; a page that keeps
// window.prerenderReady false ends at Options.VirtualLimit of virtual time
// (60s by default, quickly in wall time), and a request that is never
// answered at Options.Timeout of wall time (30s by default: tests of such
// pages set it lower), both with a *PartialError listing what was pending.
// To step such a page, use Advance.
func (p *Page) WaitIdle(ctx context.Context) error {
	if p.closed {
		return ErrClosed
	}
	if err := p.s.run(ctx); err != nil {
		return err
	}
	if p.s.report.Partial {
		return &PartialError{Reason: p.s.report.Reason, Pending: p.s.report.Pending}
	}
	return nil
}

// Eval runs the JavaScript expression or script js in the page's global
// scope, as a task of the page's event loop, then runs the page until it is
// quiet, and returns js's completion value as a JSON-like Go value: nil for
// undefined and null, bool, string, int64 for integral numbers and float64
// for the others, *big.Int for a BigInt, []any for an array, map[string]any
// for an object (its own enumerable string keys), time.Time for a Date,
// []byte for an ArrayBuffer, a slice of numbers for a typed array, the
// message ("TypeError: ...") for an Error. A cycle, a Proxy, a function, a
// Map or Set, or a value too large (see ExportError) gives an
// *ExportError: convert such a value in js (Array.from(map)).
//
// A promise is waited for and its result returned. A thrown exception or a
// rejected promise is returned as an error; so is a budget running out (a
// *PartialError), with the value when js itself completed.
func (p *Page) Eval(ctx context.Context, js string) (any, error) {
	v, err := p.task(ctx, "eval", js)
	if v == nil {
		return nil, err
	}
	if o, ok := v.(*goja.Object); ok {
		// Export copies what it exports: ask for the promise only of a promise.
		if prom, ok := exportPromise(o); ok {
			switch prom.State() {
			case goja.PromiseStateFulfilled:
				v = prom.Result()
			case goja.PromiseStateRejected:
				return nil, fmt.Errorf("bangsnap: eval: promise rejected: %s", prom.Result())
			default:
				if err != nil {
					return nil, err
				}
				return nil, errors.New("bangsnap: eval: the promise never settled (the page went quiet first)")
			}
		}
	}
	out, exErr := p.export(ctx, v)
	if exErr != nil {
		return nil, exErr
	}
	return out, err
}

// task runs js as a task of the page's loop and then the page until it is
// quiet. The script's own error comes first, then the run's.
func (p *Page) task(ctx context.Context, what, js string) (goja.Value, error) {
	return p.runTask(ctx, what, js, false)
}

// userTask is task for a user's action: js evaluates to a function, called
// with the trusted dispatcher D (see jsruntime's Window.RunTrusted) and the
// state of the user's mouse (see session.mouse).
func (p *Page) userTask(ctx context.Context, what, js string) (goja.Value, error) {
	return p.runTask(ctx, what, js, true)
}

func (p *Page) runTask(ctx context.Context, what, js string, user bool) (goja.Value, error) {
	if p.closed {
		return nil, ErrClosed
	}
	var (
		v     goja.Value
		jsErr error
		ran   bool
	)
	p.s.loop.QueueTask(func() {
		ran = true
		if user {
			if p.s.mouse == nil {
				p.s.mouse = p.s.win.Runtime().NewObject()
				p.s.mouse.Set("over", goja.Null())
			}
			v, jsErr = p.s.win.RunTrusted(what+".js", js, p.s.mouse)
		} else {
			v, jsErr = p.s.win.RunScript(what+".js", js)
		}
	})
	err := p.WaitIdle(ctx)
	switch {
	case jsErr != nil:
		return nil, fmt.Errorf("bangsnap: %s: %w", what, jsErr)
	case !ran && err == nil:
		return nil, fmt.Errorf("bangsnap: %s: the page ended before running it", what)
	}
	return v, err
}

// call runs the page-side function fn with the element matching selector
// as this and args as its arguments, then runs the page until it is quiet.
// It is how the actions reach the page: as JavaScript, so that they go
// through exactly what a script could do.
func (p *Page) call(ctx context.Context, what, selector, fn string, args ...any) error {
	if p.closed {
		return ErrClosed
	}
	if _, err := p.query(selector); err != nil {
		return fmt.Errorf("bangsnap: %s: %w", what, err)
	}
	argv, err := json.Marshal(append([]any{selector}, args...))
	if err != nil {
		return fmt.Errorf("bangsnap: %s: %w", what, err)
	}
	js := "(function(D,mouse){var a=" + string(argv) + ",el=document.querySelector(a[0]);(" + fn + ").apply(el,a.slice(1));})"
	_, err = p.userTask(ctx, what, js)
	return err
}

// Submit submits the form matching selector, or the form owning the
// element matching it, as a user would (form.requestSubmit(): validation
// aside, a submit event the page may cancel), then waits until the page is
// quiet. A submission the page does not cancel is a navigation, which a page
// does not follow: it is listed in Report().Navigations.
func (p *Page) Submit(ctx context.Context, selector string) error {
	return p.act(ctx, "submit", selector, `function(){
		var f = this.form || this.closest("form");
		if (!f) throw new TypeError("no form to submit");
		if (typeof f.requestSubmit === "function") { f.requestSubmit(); return; }
		if (D(f, new Event("submit", {bubbles: true, cancelable: true})) && f.submit) f.submit();
	}`)
}

// query returns the first element matching selector.
func (p *Page) query(selector string) (*dom.Node, error) {
	n, err := p.s.doc.QuerySelector(selector)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %w", ErrBadSelector, selector, err)
	}
	if n == nil {
		return nil, fmt.Errorf("%w %q", ErrNotFound, selector)
	}
	return n, nil
}

// Query returns the first element matching the CSS selector, or nil when
// none does (or the selector is invalid: see QueryAll for the error).
func (p *Page) Query(selector string) *Element {
	if p.closed {
		return nil
	}
	n, err := p.s.doc.QuerySelector(selector)
	if err != nil || n == nil {
		return nil
	}
	return &Element{n: n}
}

// QueryAll returns every element matching the CSS selector, in document
// order.
func (p *Page) QueryAll(selector string) ([]*Element, error) {
	if p.closed {
		return nil, ErrClosed
	}
	ns, err := p.s.doc.QuerySelectorAll(selector)
	if err != nil {
		return nil, fmt.Errorf("%w %q: %w", ErrBadSelector, selector, err)
	}
	els := make([]*Element, len(ns))
	for i, n := range ns {
		els[i] = &Element{n: n}
	}
	return els, nil
}

// An Element is a handle on one element of a Page's document, read at the
// moment of each call. Like the Page, it is not safe for concurrent use.
type Element struct{ n *dom.Node }

// Text returns the element's textContent.
func (e *Element) Text() string {
	s, _ := e.n.TextContent()
	return s
}

// Attr returns the value of the named attribute and whether it is present.
func (e *Element) Attr(name string) (string, bool) { return e.n.GetAttribute(name) }

// HTML returns the element's outerHTML.
func (e *Element) HTML() string { return e.n.OuterHTML() }

// Value returns the current value of a form control (input, textarea,
// select), which the value attribute does not follow once typed into.
func (e *Element) Value() string { return e.n.Value() }

// HTML returns the whole document as it is now, scripts included.
func (p *Page) HTML() (string, error) {
	if p.closed {
		return "", ErrClosed
	}
	var b bytes.Buffer
	if err := dom.WriteHTML(&b, &p.s.doc.Node, dom.SerializeOptions{}); err != nil {
		return "", err
	}
	return b.String(), nil
}

// Snapshot returns the page's snapshot as Render would produce it now.
func (p *Page) Snapshot() (*Snapshot, error) {
	if p.closed {
		return nil, ErrClosed
	}
	return p.s.snapshot(p.start)
}

// Close ends the page: requests in flight are abandoned and its runtime
// released. Close is idempotent.
func (p *Page) Close() error {
	if !p.closed {
		p.closed = true
		p.s.close()
	}
	return nil
}
