package bangsnap_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/xhr"
)

// workerConnPage starts a worker that opens a WebSocket and an
// EventSource to the page's server and posts what they receive to the
// page (a third WebSocket is closed by its server); once they have delivered, the page terminates the worker and asks
// the server whether the two connections were closed.
const workerConnPage = `<!doctype html><title>worker connections</title><p id=ws>waiting</p><p id=es>waiting</p><p id=after></p><p id=closed></p>
<script>
function workerMain() {
  onmessage = function (e) {
    var base = e.data, wlog = [], elog = [];
    var ws = new WebSocket(base.replace('http', 'ws') + '/ws', 'feed');
    ws.binaryType = 'arraybuffer';
    ws.onopen = function () { wlog.push('open ' + ws.protocol + ' ' + ws.readyState); ws.send('hi'); };
    ws.onmessage = function (ev) {
      wlog.push((ev.data instanceof ArrayBuffer ? 'binary ' + new Uint8Array(ev.data).join('.') : 'text ' + ev.data) + ' ' + (ev instanceof MessageEvent));
      if (wlog.length === 3) postMessage({ ws: wlog.join(' | ') });
    };
    ws.addEventListener('close', function (ev) { postMessage({ wsclose: [ev instanceof CloseEvent, ev.code, ev.reason, ev.wasClean].join() }); });
    var es = new EventSource(base + '/feed');
    es.onopen = function () { elog.push('open ' + es.readyState); };
    es.addEventListener('item', function (ev) {
      elog.push(ev.data + '#' + ev.lastEventId);
      if (elog.length === 3) postMessage({ es: elog.join(' | ') });
    });
    // The ticker's stream never ends: terminate() must end it.
    var t = new EventSource(base + '/ticker');
    t.onmessage = function (ev) { postMessage({ tick: ev.data }); };
    var closer = new WebSocket(base.replace('http', 'ws') + '/closer');
    closer.onclose = function (ev) { postMessage({ closer: [ev.constructor.name, ev.code, ev.reason, ev.wasClean, closer.readyState].join() }); };
  };
}
var got = {}, ticks = 0, terminated = false;
var w = new Worker(URL.createObjectURL(new Blob(['(' + workerMain + ')()'], { type: 'text/javascript' })));
w.onmessage = function (e) {
  if (terminated) { document.getElementById('after').textContent = 'message after terminate'; return; }
  Object.assign(got, e.data);
  if ('tick' in e.data) ticks++;
  if (got.ws) document.getElementById('ws').textContent = got.ws + (got.closer ? ' / ' + got.closer : '');
  if (got.es) document.getElementById('es').textContent = got.es;
  if (got.ws && got.es && got.closer && ticks > 0) {
    terminated = true;
    w.terminate();
    fetch('/closed').then(function (r) { return r.text(); }).then(function (t) { document.getElementById('closed').textContent = t; });
  }
};
w.postMessage(location.origin);
</script>`

func workerConnSite(t *testing.T) *httptest.Server {
	t.Helper()
	var wsClosed, tickerClosed atomic.Bool
	done := make(chan struct{}, 2)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(workerConnPage))
	})
	mux.HandleFunc("/ws", func(w http.ResponseWriter, r *http.Request) {
		ws, err := xhr.AcceptWebSocket(r.Context(), w, r, "feed")
		if err != nil {
			return
		}
		if text, m, err := ws.ReadMessage(); err != nil || !text || string(m) != "hi" {
			ws.Close(1002, "unexpected")
			return
		}
		ws.WriteMessage(true, []byte("hello"))
		ws.WriteMessage(false, []byte{1, 2, 3})
		// Then nothing, until the worker's end closes the connection.
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				wsClosed.Store(true)
				done <- struct{}{}
				return
			}
		}
	})
	mux.HandleFunc("/closer", func(w http.ResponseWriter, r *http.Request) {
		ws, err := xhr.AcceptWebSocket(r.Context(), w, r, "")
		if err != nil {
			return
		}
		ws.Close(4000, "bye")
		ws.ReadMessage() // the worker's echo of the close
	})
	mux.HandleFunc("/feed", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		f := w.(http.Flusher)
		fmt.Fprint(w, "id: 1\nevent: item\ndata: a\n\nevent: item\ndata: b\n\n")
		f.Flush()
		<-r.Context().Done()
	})
	mux.HandleFunc("/ticker", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		f := w.(http.Flusher)
		for i := 1; ; i++ {
			if _, err := fmt.Fprintf(w, "data: %d\n\n", i); err != nil {
				break
			}
			f.Flush()
			select {
			case <-r.Context().Done():
			case <-time.After(20 * time.Millisecond):
				continue
			}
			break
		}
		tickerClosed.Store(true)
		done <- struct{}{}
	})
	// /closed answers once both long-lived connections have ended (or
	// after 3 s): whether the worker's end closed them.
	mux.HandleFunc("/closed", func(w http.ResponseWriter, r *http.Request) {
		timeout := time.After(3 * time.Second)
		for n := 0; n < 2; n++ {
			select {
			case <-done:
			case <-timeout:
				n = 2
			}
		}
		fmt.Fprintf(w, "websocket closed %v, event stream closed %v", wsClosed.Load(), tickerClosed.Load())
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// A dedicated worker's WebSocket and EventSource connect through the
// page's network, deliver to the worker, and end when it is terminated.
func TestRenderWorkerConnections(t *testing.T) {
	srv := workerConnSite(t)
	_, html := renderWhole(t, srv.URL+"/")
	expectInSnapshot(t, html,
		`<p id="ws">open feed 1 | text hello true | binary 1.2.3 true / CloseEvent,4000,bye,true,3</p>`,
		`<p id="es">open 1 | a#1 | b#1</p>`,
		`<p id="after"></p>`,
		`<p id="closed">websocket closed true, event stream closed true</p>`,
	)
	if strings.Contains(html, "message after terminate") {
		t.Error("the terminated worker's messages reached the page")
	}
}
