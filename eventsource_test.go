package bangsnap_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// ssePage reads event streams: a feed with named events and ids, one
// that ends (error, then readyState CONNECTING: the page would reconnect
// after 3 s), a response that is no event stream (the connection fails:
// readyState CLOSED), one that asks for a quick retry and gets a 204 when
// it reconnects with its Last-Event-ID (which fails the connection), one
// closed at once, one to a closed port (an error, then readyState
// CONNECTING as before a retry, as in Chromium), a data: URL (read like a
// stream that ends; its origin is opaque), and a ticker that never ends and must not hold the
// render.
const ssePage = `<!doctype html><title>sse</title><ul id=items></ul><p id=feed>connecting</p><p id=ended></p><p id=bad></p><p id=ticks>0</p><p id=retry></p><p id=early>untouched</p><p id=refused></p><p id=dataurl></p>
<script>
var log = [];
var es = new EventSource('/feed');
es.onopen = function () { log.push('open ' + es.readyState); };
es.onmessage = function (e) { log.push('message ' + JSON.stringify(e.data) + ' id=' + e.lastEventId + ' ' + (e.origin === location.origin) + ' ' + e.constructor.name); };
es.addEventListener('item', function (e) {
  var li = document.createElement('li'); li.textContent = e.data + ' #' + e.lastEventId; document.getElementById('items').appendChild(li);
});
es.addEventListener('done', function () { log.push('done ' + es.readyState); es.close(); log.push('closed ' + es.readyState); document.getElementById('feed').textContent = log.join(' | '); });
var en = new EventSource('/ends'), elog = [];
en.onmessage = function (e) { elog.push(JSON.stringify(e.data)); };
en.onerror = function () { elog.push('error ' + en.readyState); document.getElementById('ended').textContent = elog.join(' '); };
var bad = new EventSource('/plain');
bad.onerror = function () { document.getElementById('bad').textContent = 'error ' + bad.readyState; };
var rt = new EventSource('/retry'), rlog = [];
rt.onmessage = function (e) { rlog.push(e.data + '#' + e.lastEventId); };
rt.onerror = function () { rlog.push('error ' + rt.readyState); document.getElementById('retry').textContent = rlog.join(' '); };
var early = new EventSource('/feed'), elog2 = [];
early.onopen = early.onmessage = early.onerror = function (e) { elog2.push(e.type); document.getElementById('early').textContent = elog2.join(' '); };
early.close();
document.getElementById('early').textContent = 'closed ' + early.readyState;
var rf = new EventSource('http://127.0.0.1:1/x');
rf.onerror = function () { document.getElementById('refused').textContent = 'error ' + rf.readyState; rf.close(); };
var du = new EventSource('data:text/event-stream,data%3A%20x%0A%0A'), dlog = [];
du.onmessage = function (e) { dlog.push('message ' + e.data + ' ' + e.origin); };
du.onerror = function () { dlog.push('error ' + du.readyState); du.close(); document.getElementById('dataurl').textContent = dlog.join(' '); };
var t = new EventSource('/ticker');
t.onmessage = function (e) { document.getElementById('ticks').textContent = e.data; };
</script>`

func sseSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(ssePage))
	})
	stream := func(w http.ResponseWriter, r *http.Request) http.Flusher {
		if r.Header.Get("Accept") != "text/event-stream" || r.Header.Get("Cache-Control") != "no-cache" {
			http.Error(w, "not an event-stream request", http.StatusBadRequest)
			return nil
		}
		w.Header().Set("Content-Type", "text/event-stream; charset=utf-8")
		f := w.(http.Flusher)
		f.Flush()
		return f
	}
	mux.HandleFunc("/feed", func(w http.ResponseWriter, r *http.Request) {
		f := stream(w, r)
		if f == nil {
			return
		}
		// A BOM, a comment, CRLF and CR line ends, a multi-byte character
		// split across writes, an id kept for later events.
		parts := []string{"\xEF\xBB\xBF: hi\r\n", "data: first\r\ndata:  two\r\n\r\n", "id: 7\nevent: item\ndata: Appl\xC3", "\xA9s\r\rid\nevent: item\ndata: Pears\n\n", "event: done\ndata\n\n"}
		for _, p := range parts {
			fmt.Fprint(w, p)
			f.Flush()
			time.Sleep(20 * time.Millisecond)
		}
		<-r.Context().Done()
	})
	mux.HandleFunc("/ends", func(w http.ResponseWriter, r *http.Request) {
		if f := stream(w, r); f != nil {
			fmt.Fprint(w, "data: hello\ndata: world\n\ndata: never dispatched\n")
		}
	})
	mux.HandleFunc("/retry", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "9" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if f := stream(w, r); f != nil {
			fmt.Fprint(w, "retry: 50\nid: 9\ndata: first\n\n")
		}
	})
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "data: no\n\n")
	})
	mux.HandleFunc("/ticker", func(w http.ResponseWriter, r *http.Request) {
		f := stream(w, r)
		if f == nil {
			return
		}
		for i := 1; ; i++ {
			if _, err := fmt.Fprintf(w, "data: tick %d\n\n", i); err != nil {
				return
			}
			f.Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestRenderEventSource(t *testing.T) {
	srv := sseSite(t)
	start := time.Now()
	snap, html := renderWhole(t, srv.URL+"/")
	expectInSnapshot(t, html,
		`<li>Applés #7</li><li>Pears #</li>`,
		`open 1 | message "first\n two" id= true MessageEvent | done 1 | closed 2`,
		`<p id="ended">"hello\nworld" error 0</p>`,
		`<p id="bad">error 2</p>`,
		`<p id="ticks">tick `,
		`<p id="retry">first#9 error 0 error 2</p>`,
		`<p id="early">closed 2</p>`,
		`<p id="refused">error 0</p>`,
		`<p id="dataurl">message x null error 0</p>`,
	)
	// The ticker's stream ends with the render: it held it for half a
	// second after it opened, not for ever; the wait before /ends
	// reconnects (3 s) does not hold it either.
	if d := time.Since(start); d > 2500*time.Millisecond {
		t.Errorf("render took %v", d)
	}
	kinds := requestKinds(snap)
	if kinds["eventsource"] != 9 {
		t.Errorf("requests by kind: %v", kinds)
	}
}

// In deterministic mode every EventSource fails at once (error,
// readyState CLOSED), as to an unreachable server.
func TestRenderEventSourceDeterministic(t *testing.T) {
	srv := sseSite(t)
	snap, err := bangsnap.Render(context.Background(), srv.URL+"/", bangsnap.Options{Deterministic: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<p id="ended">error 2</p>`, `<p id="bad">error 2</p>`, `<p id="feed">connecting</p>`, `<p id="retry">error 2</p>`} {
		if !bytes.Contains(snap.HTML, []byte(want)) {
			t.Errorf("snapshot lacks %q:\n%s", want, snap.HTML)
		}
	}
	for _, r := range snap.Report.Requests {
		if r.Kind == "eventsource" {
			t.Errorf("deterministic render opened %s", r.URL)
		}
	}
}

// BenchmarkEventSourceMessages renders a page that reads 20,000 events
// of one EventSource (written in 32 KB chunks as fast as the connection
// takes them) and closes it at the last, a request holding the render
// until then: the cost of receiving a stream's messages
// (cpu-ns/op is the process's CPU time per render).
func BenchmarkEventSourceMessages(b *testing.B) {
	const n = 20_000
	var body bytes.Buffer
	for i := 0; i < n; i++ {
		fmt.Fprintf(&body, "data: m%d\n\n", i)
	}
	body.WriteString("event: done\ndata: end\n\n")
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><p id=n>0</p><script>
var n = 0, es = new EventSource('/stream');
es.onmessage = function (e) { n++; };
es.addEventListener('done', function () { es.close(); document.getElementById('n').textContent = 'got ' + n; });
fetch('/closed');
</script>`)
	})
	// /closed answers once the stream's connection has closed: the
	// request holds the render until the page has read the whole stream.
	closed := make(chan struct{}, 1)
	mux.HandleFunc("/stream", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write(body.Bytes())
		w.(http.Flusher).Flush()
		<-r.Context().Done()
		closed <- struct{}{}
	})
	mux.HandleFunc("/closed", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-closed:
		case <-r.Context().Done():
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	r := bangsnap.NewRenderer(bangsnap.Options{})
	ctx := context.Background()
	want := []byte(fmt.Sprintf(`<p id="n">got %d</p>`, n))
	b.ReportAllocs()
	cpu := startCPUClock()
	for b.Loop() {
		snap, err := r.Render(ctx, srv.URL+"/")
		if err != nil {
			b.Fatal(err)
		}
		if !bytes.Contains(snap.HTML, want) {
			b.Fatalf("snapshot lacks %s (partial %v %q)", want, snap.Report.Partial, snap.Report.Reason)
		}
	}
	cpu.report(b)
}

// The events of one chunk of a stream (a data: URL arrives in one) each
// have a task of their own, queued as the chunk is parsed: a microtask the
// first one queues runs before the second, a zero-delay timer and a port
// message after the last, as in Chromium 156 ("a microtask b c timeout
// port"); close() in a listener drops the rest of the chunk.
func TestEventSourceChunkTasks(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><p id=order></p><p id=closed></p><script>
function stream(events) {
  return 'data:text/event-stream,' + encodeURIComponent(events.map(function (e) { return 'data: ' + e + '\n\n'; }).join(''));
}
var log = [], es = new EventSource(stream(['a', 'b', 'c']));
es.onmessage = function (e) {
  log.push(e.data + ':' + es.readyState);
  if (e.data === 'a') {
    Promise.resolve().then(function () { log.push('microtask'); });
    setTimeout(function () { log.push('timeout'); }, 0);
    var ch = new MessageChannel();
    ch.port1.onmessage = function () { log.push('port'); };
    ch.port2.postMessage(0);
  }
};
es.onerror = function () { es.close(); setTimeout(function () { document.getElementById('order').textContent = log.join(' '); }, 50); };
var clog = [], ec = new EventSource(stream(['x', 'y']));
ec.onmessage = function (e) { clog.push(e.data); if (e.data === 'x') ec.close(); };
setTimeout(function () { document.getElementById('closed').textContent = clog.join(' ') + ' ' + ec.readyState; }, 100);
</script>`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	_, html := renderWhole(t, srv.URL+"/")
	expectInSnapshot(t, html, `<p id="order">a:1 microtask b:1 c:1 timeout port</p>`, `<p id="closed">x 2</p>`)
}
