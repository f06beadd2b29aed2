package jsruntime

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// streamServer: /chunks sends "chunk0".."chunk2", each once the page asked
// for it with /next; /endless trickles a body that never ends and closes
// closed when it notices the client went.
func streamServer(t *testing.T, closed chan struct{}) *httptest.Server {
	t.Helper()
	next := make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("/next", func(w http.ResponseWriter, r *http.Request) {
		select {
		case next <- struct{}{}:
		case <-time.After(50 * time.Millisecond): // nothing more to send
		}
	})
	mux.HandleFunc("/chunks", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		for i := 0; i < 3; i++ {
			select {
			case <-next:
			case <-r.Context().Done():
				return
			}
			fmt.Fprintf(w, "chunk%d", i)
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/trickle", func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i < 3; i++ {
			fmt.Fprintf(w, "chunk%d", i)
			w.(http.Flusher).Flush()
			time.Sleep(20 * time.Millisecond)
		}
	})
	mux.HandleFunc("/endless", func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if closed != nil {
				close(closed)
			}
		}()
		w.Header().Set("Content-Type", "text/plain")
		for {
			if _, err := w.Write([]byte("data\n")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// fetch resolves at the headers and response.body gives the chunks as they
// come; TextDecoderStream decodes them as they come too. In deterministic
// mode the body comes whole once it has ended, whatever the server's pauses.
func TestFetchStreamBody(t *testing.T) {
	srv := streamServer(t, nil)
	got := netPage(t, srv, false, `<script>
		(async () => {
			const r = await fetch("/chunks");
			out.push("resolved " + r.status + " " + r.bodyUsed);
			const rd = r.body.pipeThrough(new TextDecoderStream()).getReader();
			for (;;) {
				await fetch("/next");
				const {value, done} = await rd.read();
				if (done) { out.push("done"); break }
				out.push(value);
			}
		})().catch(e => out.push("error " + e));
	</script>`)
	if want := "resolved 200 false\nchunk0\nchunk1\nchunk2\ndone"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for range 2 {
		got = netPage(t, srv, true, `<script>
			(async () => {
				const r = await fetch("/trickle");
				const rd = r.body.getReader(), dec = new TextDecoder();
				for (let c = await rd.read(); !c.done; c = await rd.read()) out.push(dec.decode(c.value) + " at " + performance.now());
			})().catch(e => out.push("error " + e));
		</script>`)
		if !strings.HasPrefix(got, "chunk0chunk1chunk2 at ") || strings.Contains(got, "\n") {
			t.Errorf("deterministic: got\n%s", got)
		}
	}
}

// Aborting the signal while the page reads the body errors the stream with
// the reason and closes the connection; a body the page never reads does not
// keep it from finishing.
func TestFetchStreamAbort(t *testing.T) {
	closed := make(chan struct{})
	srv := streamServer(t, closed)
	got := netPage(t, srv, false, `<script>
		(async () => {
			const c = new AbortController();
			const r = await fetch("/endless", {signal: c.signal});
			const rd = r.body.getReader();
			const first = await rd.read();
			out.push(new TextDecoder().decode(first.value).slice(0, 5));
			c.abort("enough");
			try { await rd.read() } catch (e) { out.push("read: " + e) }
			try { await r.text() } catch (e) { out.push("text: " + e.name) }
		})();
	</script>`)
	if got != "data\n\nread: enough\ntext: TypeError" {
		t.Errorf("got\n%s", got)
	}
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("the server never saw the connection close")
	}

	srv2 := streamServer(t, nil)
	if got := netPage(t, srv2, false, `<script>
		fetch("/endless").then(r => out.push("resolved " + r.ok));
	</script>`); got != "resolved true" {
		t.Errorf("unread endless body: %q", got)
	}
}
