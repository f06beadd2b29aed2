package jsruntime

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

// TestOffLoopPanics: a script loader or a module bundler that panics on the
// goroutine a page started fails that load (the element's error event, a
// *PanicError logged with its stack) and the render goes on to the end.
func TestOffLoopPanics(t *testing.T) {
	doc, err := dom.Parse(strings.NewReader(`<!doctype html><body>
		<script src="/boom.js" onerror="window.log.push('script error')"></script>
		<script type="module" src="/mod.js" onerror="window.log.push('module error')"></script>
		<script src="/ok.js"></script>`))
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	l := loop.New(goja.New(), loop.Options{Deterministic: true})
	w, err := New(l, doc, Config{
		URL: "https://example.test/page",
		Loader: LoaderFunc(func(_ context.Context, url string) ([]byte, error) {
			if strings.HasSuffix(url, "/boom.js") {
				panic("broken loader")
			}
			return []byte(`window.log = window.log || []; window.log.push("ok")`), nil
		}),
		Bundle: func(context.Context, string, []byte, func(context.Context, string) ([]byte, error)) (string, error) {
			var m map[string]int
			m["x"]++ // a nil map write: a bug in the bundler
			return "", nil
		},
		Logger: slog.New(slog.NewTextHandler(&logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.RunScript("init.js", "window.log = []"); err != nil {
		t.Fatal(err)
	}
	if err := w.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	v, err := w.RunScript("check.js", `window.log.slice().sort().join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != "module error,ok,script error" {
		t.Errorf("log = %q", got)
	}
	out := logs.String()
	if n := strings.Count(out, "off-loop work panicked"); n != 2 || !strings.Contains(out, "guard_test.go") {
		t.Errorf("%d panics logged, want 2 with stacks:\n%s", n, out)
	}
	var pe *PanicError
	if err := offLoop(slog.New(slog.DiscardHandler), "x", func() error { panic(42) }); !errors.As(err, &pe) || pe.Value != 42 || !errors.Is(err, ErrPanic) {
		t.Errorf("offLoop = %v", err)
	}
}

// TestHandlerReturnValues: an event handler's return value is read as a
// boolean without exporting it, so a handler returning an array of length
// 2**32-1 (which Export would allocate, ending the process) is harmless.
func TestHandlerReturnValues(t *testing.T) {
	p := newPage(t, `<body><script>
		var huge = () => Object.assign([], {length: 2**32-1}), log = [];
		for (const [name, fn] of [["false", () => false], ["true", () => true], ["huge", huge], ["zero", () => 0]]) {
			document.body.onclick = fn;
			var ev = new MouseEvent("click", {cancelable: true});
			document.body.dispatchEvent(ev);
			log.push(name + ":" + ev.defaultPrevented);
		}
		window.onerror = huge;
		setTimeout(() => { throw new Error("x") });
		setTimeout(() => log.push("survived"));
	</script>`, nil)
	p.run()
	if got := p.eval(`log.join()`); got != "false:true,true:false,huge:false,zero:false,survived" {
		t.Errorf("log = %q", got)
	}
}
