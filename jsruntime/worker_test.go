package jsruntime

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

// workerPage is newPage with the loop's options given.
func workerPage(t *testing.T, markup string, loader ScriptLoader, opts loop.Options) *testPage {
	t.Helper()
	doc, err := dom.Parse(strings.NewReader(markup))
	if err != nil {
		t.Fatal(err)
	}
	p := &testPage{t: t}
	opts.Deterministic = true
	opts.OnError = func(err error) { p.w.ReportError(err) }
	p.l = loop.New(goja.New(), opts)
	p.w, err = New(p.l, doc, Config{
		URL:     "https://example.test/page",
		Loader:  loader,
		OnError: func(e ScriptError) { p.errors = append(p.errors, e) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestWorkerRunsOnThePageLoop: a worker's script, messages and timers are
// tasks of the page's loop, so the page is quiet only once its worker is,
// and the same page gives the same result every time.
func TestWorkerRunsOnThePageLoop(t *testing.T) {
	loader := mapLoader{
		"https://example.test/w.js": `importScripts('lib.js');
			onmessage = function (e) {
				var t0 = Date.now();
				setTimeout(function () { postMessage({ got: e.data, doubled: double(e.data.n), waited: Date.now() - t0 }); }, 300);
			};`,
		"https://example.test/lib.js": `function double(n) { return 2 * n; }`,
	}
	const markup = `<!doctype html><p id=out></p><script>
		var w = new Worker('w.js');
		w.onmessage = function (e) { document.getElementById('out').textContent = JSON.stringify(e.data); };
		w.postMessage({ n: 21 });
	</script>`
	var first string
	for i := range 2 {
		p := newPage(t, markup, loader)
		p.run()
		p.noErrors()
		got := p.eval(`document.getElementById('out').textContent`)
		if want := `{"got":{"n":21},"doubled":42,"waited":300}`; got != want {
			t.Fatalf("run %d: %s, want %s", i, got, want)
		}
		if i == 0 {
			first = got
		} else if got != first {
			t.Errorf("two runs differ: %s, %s", first, got)
		}
	}
}

// TestWorkerLimit: a page making workers in a loop gets MaxWorkers running
// ones; the rest fire error, and a terminated worker frees its place.
func TestWorkerLimit(t *testing.T) {
	loader := mapLoader{"https://example.test/w.js": `postMessage('up')`}
	p := newPage(t, `<!doctype html><p id=out></p><script>
		var up = 0, failed = 0, all = [];
		for (var i = 0; i < 40; i++) {
			var w = new Worker('w.js');
			w.onmessage = function () { up++; };
			w.onerror = function () { failed++; };
			all.push(w);
		}
		setTimeout(function () {
			all.forEach(function (w) { w.terminate(); });
			var again = new Worker('w.js');
			again.onmessage = function () { document.getElementById('out').textContent = up + ' ' + failed + ' again'; };
		}, 100);
	</script>`, loader)
	p.run()
	p.noErrors()
	if got, want := p.eval(`document.getElementById('out').textContent`), "16 24 again"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if p.w.workers != 1 {
		t.Errorf("%d workers counted, want 1", p.w.workers)
	}
}

// TestWorkerInterruptedWithThePage: a worker that never yields is stopped
// by the page's wall-clock budget, like the page's own script, and the
// page's runtime is usable afterwards.
func TestWorkerInterruptedWithThePage(t *testing.T) {
	loader := mapLoader{"https://example.test/spin.js": `onmessage = function () { for (;;) {} };`}
	p := workerPage(t, `<!doctype html><script>
		var w = new Worker('spin.js');
		w.postMessage('go');
	</script>`, loader, loop.Options{WallLimit: 300 * time.Millisecond})
	done := make(chan error, 1)
	go func() { done <- p.w.Run(context.Background()) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the spinning worker was not interrupted")
	}
	if got := p.eval(`1 + 1`); got != "2" {
		t.Errorf("page runtime after the interruption: %s", got)
	}
}

// TestWorkerTerminateEndsItsTimers: a terminated worker's interval stops,
// so it no longer keeps the page busy or posts.
func TestWorkerTerminateEndsItsTimers(t *testing.T) {
	loader := mapLoader{"https://example.test/tick.js": `var n = 0; setInterval(function () { postMessage(++n); }, 10);`}
	p := newPage(t, `<!doctype html><p id=out></p><script>
		var w = new Worker('tick.js'), got = [];
		w.onmessage = function (e) {
			got.push(e.data);
			if (e.data === 3) w.terminate();
			document.getElementById('out').textContent = got.join();
		};
	</script>`, loader)
	p.run()
	p.noErrors()
	if got := p.eval(`document.getElementById('out').textContent`); got != "1,2,3" {
		t.Errorf("got %q, want 1,2,3", got)
	}
	if p.w.workers != 0 {
		t.Errorf("%d workers counted after terminate, want 0", p.w.workers)
	}
}

// TestWorkerScriptsCompiledAsPageScripts: a worker's script and the
// scripts it imports go through the page's compile path (compileClassic),
// so they get the same rewrites: Unicode property escapes, a var naming a
// destructured parameter, and the call-spread lowering (whose one visible
// trace is V8's order for an unresolvable callee: the ReferenceError comes
// before the arguments are evaluated).
func TestWorkerScriptsCompiledAsPageScripts(t *testing.T) {
	loader := mapLoader{
		"https://example.test/w.js": `importScripts('lib.js');
			var log = [];
			try { nope(...(log.push('args'), [])); } catch (e) { log.push(e.name); }
			postMessage({ letters: /^\p{L}+$/u.test('héllo'), first: first([7, 8]), log: log.join() });`,
		"https://example.test/lib.js": `function first([a], b) { var a; return a; }`,
	}
	const markup = `<!doctype html><p id=out></p><script>
		new Worker('w.js').onmessage = function (e) { document.getElementById('out').textContent = JSON.stringify(e.data); };
	</script>`
	p := newPage(t, markup, loader)
	p.run()
	p.noErrors()
	if got, want := p.eval(`document.getElementById('out').textContent`), `{"letters":true,"first":7,"log":"ReferenceError"}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// BenchmarkWorkerStart: a page that starts a dedicated worker, which
// answers one message (the worker's global is most of the cost beyond
// the page's own; its interfaces are made on first use).
func BenchmarkWorkerStart(b *testing.B) {
	loader := mapLoader{"https://example.test/w.js": `onmessage = function (e) { postMessage(e.data + 1); };`}
	const markup = `<!doctype html><p id=out></p><script>
		var w = new Worker('w.js');
		w.onmessage = function (e) { document.getElementById('out').textContent = e.data; };
		w.postMessage(1);
	</script>`
	b.ReportAllocs()
	for b.Loop() {
		p := newPage(b, markup, loader)
		p.run()
		if got := p.eval(`document.getElementById('out').textContent`); got != "2" {
			b.Fatalf("got %q", got)
		}
	}
}
