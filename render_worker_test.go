package bangsnap_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// TestRenderWaitsForAWorkersRequests: a dedicated worker's fetch and
// XMLHttpRequest are the page's requests: the render waits for them (the
// snapshot shows what the worker computed from a slow response), they carry
// the page's cookies, go through the render's policy (a blocked host is
// never contacted) and are in the report.
func TestRenderWaitsForAWorkersRequests(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "s1", Path: "/"})
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><title>W</title><p id="out">waiting</p><script>
			var w = new Worker('/worker.js');
			w.onmessage = function (e) { document.getElementById('out').textContent = e.data; };
		</script>`)
	})
	mux.HandleFunc("/worker.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, `
			var blocked = fetch('http://blocked.test/x').then(function () { return 'reached'; }, function (e) { return e.name; });
			var x = new XMLHttpRequest();
			x.open('GET', '/cookie', false);
			x.send();
			fetch('/slow').then(function (r) { return r.json(); }).then(function (j) {
				var sum = j.numbers.reduce(function (a, b) { return a + b; }, 0);
				return blocked.then(function (b) { postMessage('sum ' + sum + ', cookie ' + x.responseText + ', blocked ' + b); });
			});`)
	})
	mux.HandleFunc("/cookie", func(w http.ResponseWriter, r *http.Request) {
		c, _ := r.Cookie("session")
		if c == nil {
			fmt.Fprint(w, "none")
			return
		}
		fmt.Fprint(w, c.Value)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(150 * time.Millisecond)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"numbers":[1,2,3,4]}`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	r := bangsnap.NewRenderer(bangsnap.Options{Timeout: 20 * time.Second, Block: []string{"blocked.test"}})
	snap := render(t, r, srv.URL+"/page")
	if want := `<p id="out">sum 10, cookie s1, blocked TypeError</p>`; !strings.Contains(string(snap.HTML), want) {
		t.Errorf("snapshot lacks %s:\n%s", want, snap.HTML)
	}
	if snap.Report.Partial {
		t.Errorf("partial render: %s", snap.Report.Reason)
	}
	kinds := map[string]string{}
	for _, q := range snap.Report.Requests {
		kinds[strings.TrimPrefix(q.URL, srv.URL)] = fmt.Sprintf("%s %d blocked=%v", q.Kind, q.Status, q.Blocked)
	}
	for url, want := range map[string]string{"/slow": "fetch 200 blocked=false", "/cookie": "xhr 200 blocked=false", "http://blocked.test/x": "fetch 0 blocked=true"} {
		if kinds[url] != want {
			t.Errorf("request %s: %q, want %q (all: %v)", url, kinds[url], want, kinds)
		}
	}
}
