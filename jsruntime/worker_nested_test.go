package jsruntime

import (
	"context"
	"strings"
	"testing"
)

// TestNestedWorkers: a worker makes workers of its own (their URLs
// relative to its own), talks with them, gets their errors (reported as
// its own when no handler cancels them), and ends them when it is
// terminated; they count against the page's MaxWorkers.
func TestNestedWorkers(t *testing.T) {
	srv := netServer(t)
	loader := mapLoader{
		srv.URL + "/sub/w.js": `
			onmessage = function (e) {
				var kind = e.data;
				if (kind === 'echo') {
					var child = new Worker('child.js?x');
					child.onmessage = function (m) { postMessage('child said ' + m.data + ' ' + (m instanceof MessageEvent) + ' ' + m.isTrusted); child.terminate(); };
					child.postMessage({n: 21});
				}
				if (kind === 'error') {
					var bad = new Worker('child.js?throw');
					bad.onerror = function (ev) { postMessage('child error ' + ev.message + ' ' + (ev instanceof ErrorEvent)); };
				}
				if (kind === 'canceled') {
					new Worker('child.js?throw').onerror = function (ev) { ev.preventDefault(); postMessage('canceled ' + ev.message); };
				}
				if (kind === 'unhandled') {
					new Worker('child.js?throw');
				}
				if (kind === 'port') {
					var ch = new MessageChannel(), c = new Worker('child.js?port');
					ch.port1.onmessage = function (m) { postMessage('over the port: ' + m.data); };
					c.postMessage('port', [ch.port2]);
				}
				if (kind === 'missing') {
					var m = new Worker('nope.js');
					m.onerror = function (ev) { postMessage('load error ' + ev.type); };
				}
				if (kind === 'terminate') {
					var ticker = new Worker('child.js?tick');
					ticker.onmessage = function (m) { postMessage('tick ' + m.data); if (m.data === 2) close(); };
				}
			};`,
		srv.URL + "/sub/child.js": `
			if (location.search === '?throw') throw new Error('child boom');
			if (location.search === '?tick') { var n = 0; setInterval(function () { postMessage(++n); }, 10); }
			onmessage = function (e) {
				if (e.ports.length) { e.ports[0].postMessage(location.pathname); return; }
				postMessage(e.data.n * 2);
			};`,
	}
	cases := []struct{ kind, want string }{
		{"echo", "child said 42 true true"},
		// Not canceled, the child's error is the parent's own uncaught
		// error too (and so reaches the page).
		{"error", "child error Uncaught Error: child boom true\nworker error: Uncaught Error: child boom"},
		{"canceled", "canceled Uncaught Error: child boom"},
		{"unhandled", "worker error: Uncaught Error: child boom"},
		{"port", "over the port: /sub/child.js"},
		{"missing", "load error error"},
		// The worker's close() ends its child: no tick after 2.
		{"terminate", "tick 1\ntick 2"},
	}
	for _, tc := range cases {
		t.Run(tc.kind, func(t *testing.T) {
			// The children's URLs differ in their query only.
			byPath := LoaderFunc(func(ctx context.Context, u string) ([]byte, error) {
				return loader.LoadScript(ctx, strings.SplitN(u, "?", 2)[0])
			})
			got := netPageWith(t, srv, true, `<script>
				var w = new Worker('/sub/w.js');
				w.onmessage = function (e) { out.push(e.data); };
				w.onerror = function (e) { out.push('worker error: ' + e.message); e.preventDefault(); };
				w.postMessage('`+tc.kind+`');
			</script>`, func(c *Config) { c.Loader = byPath })
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
