package bangsnap_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/xhr"
)

// wsPage builds its list from a WebSocket: the server greets, answers a
// request for the items (text, then a binary message read as an
// ArrayBuffer), and closes with a code of its own.
const wsPage = `<!doctype html><title>live</title><ul id=items></ul><p id=status>connecting</p><p id=ticks>0</p><p id=missing></p>
<script>
var log = [];
var ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws', ['feed']);
ws.binaryType = 'arraybuffer';
ws.onopen = function () { log.push('open ' + ws.protocol + ' ' + ws.readyState); };
ws.onmessage = function (e) {
  if (e.data instanceof ArrayBuffer) {
    log.push('binary ' + new Uint8Array(e.data).join('.'));
    return;
  }
  var m = JSON.parse(e.data);
  if (m.hello) { log.push('hello ' + e.origin); ws.send('items?'); return; }
  m.items.forEach(function (t) { var li = document.createElement('li'); li.textContent = t; document.getElementById('items').appendChild(li); });
};
ws.addEventListener('close', function (e) {
  log.push('close ' + e.constructor.name + ' ' + e.code + ' ' + e.reason + ' ' + e.wasClean + ' ' + ws.readyState);
  document.getElementById('status').textContent = log.join(' | ');
});
ws.onerror = function () { log.push('error'); };
var m = new WebSocket('ws://' + location.host + '/missing'), mlog = [];
m.close();
m.onerror = function () { mlog.push('error'); };
m.onclose = function (e) { mlog.push('close ' + e.code + ' ' + e.wasClean); document.getElementById('missing').textContent = mlog.join(' '); };
var t = new WebSocket('ws://' + location.host + '/ticker');
t.onmessage = function (e) { document.getElementById('ticks').textContent = e.data; };
</script>`

func wsSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/missing", http.NotFound)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(wsPage))
	})
	mux.HandleFunc("/ws", func(w http.ResponseWriter, r *http.Request) {
		ws, err := xhr.AcceptWebSocket(r.Context(), w, r, "feed")
		if err != nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
		ws.WriteMessage(true, []byte(`{"hello":true}`))
		if text, m, err := ws.ReadMessage(); err != nil || !text || string(m) != "items?" {
			ws.Close(1002, "unexpected")
			return
		}
		time.Sleep(30 * time.Millisecond)
		ws.WriteMessage(true, []byte(`{"items":["Apples","Pears"]}`))
		ws.WriteMessage(false, []byte{1, 2, 3})
		ws.Close(4001, "done")
		ws.ReadMessage() // the client's echo of the close
	})
	// A ticker never goes quiet: it must not hold the render.
	mux.HandleFunc("/ticker", func(w http.ResponseWriter, r *http.Request) {
		ws, err := xhr.AcceptWebSocket(r.Context(), w, r, "")
		if err != nil {
			return
		}
		for i := 1; ; i++ {
			if ws.WriteMessage(true, []byte(strings.Repeat("t", 1)+string(rune('0'+i%10)))) != nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestRenderWebSocket(t *testing.T) {
	srv := wsSite(t)
	start := time.Now()
	snap, html := renderWhole(t, srv.URL+"/")
	expectInSnapshot(t, html,
		"<li>Apples</li><li>Pears</li>",
		"open feed 1 | hello ws://"+strings.TrimPrefix(srv.URL, "http://")+" | binary 1.2.3 | close CloseEvent 4001 done true 3",
		`<p id="ticks">t`,
		`<p id="missing">error close 1006 false</p>`,
	)
	// The ticker's connection ends with the render: it held it for its
	// greeting, not for ever.
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("render took %v", d)
	}
	kinds := requestKinds(snap)
	if kinds["websocket"] != 3 {
		t.Errorf("requests by kind: %v", kinds)
	}
}

// In deterministic mode every WebSocket fails at once (error, then close
// 1006), as to an unreachable server: a live server's timing cannot decide
// the snapshot.
func TestRenderWebSocketDeterministic(t *testing.T) {
	srv := wsSite(t)
	snap, err := bangsnap.Render(context.Background(), srv.URL+"/", bangsnap.Options{Deterministic: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := "error | close CloseEvent 1006  false 3"; !bytes.Contains(snap.HTML, []byte(want)) {
		t.Errorf("snapshot lacks %q:\n%s", want, snap.HTML)
	}
}
