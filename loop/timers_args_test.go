package loop

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

// The timer functions as Web IDL operations: name, length, a required
// handler argument.
// https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#windoworworkerglobalscope-mixin
func TestTimerFunctionShape(t *testing.T) {
	tests := []struct {
		expr, want string
	}{
		{"setTimeout.name + setTimeout.length", "setTimeout1"},
		{"setInterval.name + setInterval.length", "setInterval1"},
		{"clearTimeout.name + clearTimeout.length", "clearTimeout0"},
		{"clearInterval.name + clearInterval.length", "clearInterval0"},
		{"queueMicrotask.name + queueMicrotask.length", "queueMicrotask1"},
		{"requestAnimationFrame.name + requestAnimationFrame.length", "requestAnimationFrame1"},
		{"cancelAnimationFrame.name + cancelAnimationFrame.length", "cancelAnimationFrame1"},
		{"try { setTimeout(); 'no error' } catch (e) { e.name }", "TypeError"},
		{"try { setInterval(); 'no error' } catch (e) { e.name }", "TypeError"},
		{"typeof setTimeout(undefined)", "number"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			p := newPage(t, deterministic())
			v, err := p.rt.RunString(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.expr, got, tt.want)
			}
		})
	}
}

// A string handler compiles when its timer fires, under the name
// SetStringHandlerURL gives: its syntax errors are reported as compile
// errors with that name, not as thrown SyntaxError values.
func TestStringHandlerErrors(t *testing.T) {
	tests := []struct {
		name, code string
		syntax     bool
	}{
		{"syntax error", `setTimeout("1 *-* 'x'")`, true},
		{"runtime error", `setTimeout("throw new Error('boom')")`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, deterministic())
			p.l.SetStringHandlerURL(func() string { return "http://page.test/doc.html" })
			p.exec(tt.code)
			p.run()
			if len(p.errs) != 1 {
				t.Fatalf("errors = %v, want one", p.errs)
			}
			var syn *goja.CompilerSyntaxError
			var ex *goja.Exception
			switch {
			case tt.syntax:
				if !errors.As(p.errs[0], &syn) {
					t.Fatalf("error %T %v, want a *goja.CompilerSyntaxError", p.errs[0], p.errs[0])
				}
				if !strings.HasPrefix(syn.Message, "http://page.test/doc.html: Line 1:") {
					t.Errorf("message %q does not name the document", syn.Message)
				}
			case !errors.As(p.errs[0], &ex):
				t.Fatalf("error %T, want a *goja.Exception", p.errs[0])
			case !strings.Contains(ex.String(), "http://page.test/doc.html"):
				t.Errorf("stack %q does not name the document", ex.String())
			}
		})
	}
}

// SetFrameTimer fires at frame boundaries (the next one at the soonest),
// OnFrame runs before a frame's requestAnimationFrame callbacks, and
// FrameTime is the latest boundary.
func TestFrameTimerAndHook(t *testing.T) {
	p := newPage(t, deterministic())
	l := p.l
	stamp := func(what string) func() {
		return func() { p.log = append(p.log, what+" "+l.FrameTime().String()) }
	}
	l.OnFrame(stamp("hook"))
	l.SetFrameTimer(0, stamp("next"))
	l.SetFrameTimer(40*time.Millisecond, stamp("at40"))
	l.SetFrameTimer(48*time.Millisecond, stamp("at48"))
	id := l.SetFrameTimer(100*time.Millisecond, stamp("cleared"))
	l.ClearTimer(id)
	p.exec(`setTimeout(() => requestAnimationFrame(t => log('raf ' + t)), 40)`)
	p.run()
	want := "next 16ms,at40 48ms,at48 48ms,hook 48ms,raf 48"
	if got := p.logged(); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// RequestFrame runs a frame with no requestAnimationFrame callback, and
// a frame runs its steps in the standard's order: OnFrame, the callbacks,
// AfterFrame, OnObservers. Asked for during a frame, the next frame runs
// it; with nothing asking, frames stop and the loop goes quiet.
func TestRequestFrame(t *testing.T) {
	p := newPage(t, deterministic())
	l := p.l
	stamp := func(what string) func() {
		return func() { p.log = append(p.log, what+" "+l.FrameTime().String()) }
	}
	l.OnFrame(stamp("hook"))
	l.AfterFrame(stamp("after"))
	again := true
	l.OnObservers(func() {
		stamp("observers")()
		if again {
			again = false
			l.RequestFrame()
		}
	})
	l.SetTimer(20*time.Millisecond, false, func() {
		l.RequestFrame()
		l.RequestFrame() // one frame, not two
	})
	p.exec(`setTimeout(() => requestAnimationFrame(t => log('raf ' + t)), 40)`)
	p.run()
	// the frame the observers asked for at 32ms is the one the callback
	// asked for at 40ms
	want := "hook 32ms,after 32ms,observers 32ms,hook 48ms,raf 48,after 48ms,observers 48ms"
	if got := p.logged(); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// requestIdleCallback's IdleRequestOptions and cancelIdleCallback's
// argument, converted as Web IDL does; new IdleDeadline() throws.
func TestIdleCallbackArguments(t *testing.T) {
	tests := []struct {
		expr, want string
	}{
		{"typeof requestIdleCallback(() => {}, { timeout: -1 })", "number"},
		{"typeof requestIdleCallback(() => {}, { timeout: 2 ** 32 + 5 })", "number"},
		{"typeof requestIdleCallback(() => {}, null)", "number"},
		{"try { requestIdleCallback(() => {}, 1); 'no error' } catch (e) { e.message }", "Failed to execute 'requestIdleCallback' on 'Window': The provided value is not of type 'IdleRequestOptions'."},
		{"try { requestIdleCallback(() => {}, { timeout: Symbol() }); 'no error' } catch (e) { e.name + ': ' + e.message }", "TypeError: Failed to read the 'timeout' property from 'IdleRequestOptions': Cannot convert a Symbol value to a number"},
		{"try { requestIdleCallback(() => {}, { get timeout() { throw new Error('own') } }); 'no error' } catch (e) { e.message }", "own"},
		{"try { cancelIdleCallback(); 'no error' } catch (e) { e.message }", "Failed to execute 'cancelIdleCallback' on 'Window': 1 argument required, but only 0 present."},
		{"try { new IdleDeadline(); 'no error' } catch (e) { e.message }", "Failed to construct 'IdleDeadline': Illegal constructor"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			p := newPage(t, deterministic())
			v, err := p.rt.RunString(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.expr, got, tt.want)
			}
		})
	}
}

// unsignedLong is ToNumber modulo 2^32.
func TestIdleTimeoutUnsignedLong(t *testing.T) {
	rt := goja.New()
	for _, c := range []struct {
		in   any
		want float64
	}{{5, 5}, {-1, 4294967295}, {4294967301.5, 5}, {"12", 12}, {"x", 0}} {
		if got := unsignedLong(rt.ToValue(c.in), "timeout", "IdleRequestOptions"); got != c.want {
			t.Errorf("unsignedLong(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
