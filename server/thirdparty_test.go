package server

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// A page of the site that loads a script from another host (a CDN): the
// site answers for its own host in process, the CDN is reached over the
// network (here loopback, so private addresses are allowed).
func TestMiddlewareRendersWithThirdPartyScript(t *testing.T) {
	cdn := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(RenderHeader) == "" {
			t.Errorf("render request to the CDN is not marked")
		}
		w.Header().Set("Content-Type", "text/javascript")
		io.WriteString(w, `window.fromCDN = "library loaded";`)
	}))
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!DOCTYPE html><html><head><script src="`+cdn.URL+`/lib.js"></script></head><body><p id="out"></p>`+
			`<script>document.getElementById("out").textContent = window.fromCDN + " for " + location.hash;</script></body></html>`)
	})
	opts := Options{Logger: discardLogger(), Targets: TargetPolicy{AllowPrivate: true}}
	ts := newTestServer(t, Middleware(site, opts))
	resp, body := do(t, "GET", ts.URL+"/page?_escaped_fragment_=x", nil)
	if resp.StatusCode != 200 || !strings.Contains(body, `<p id="out">library loaded for #!x</p>`) {
		t.Errorf("got %d:\n%s", resp.StatusCode, body)
	}
}
