package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func TestRouteHost(t *testing.T) {
	for in, want := range map[string]string{
		"Example.COM":      "example.com",
		"example.com:80":   "example.com",
		"example.com:443":  "example.com",
		"example.com:8080": "example.com:8080",
		"[::1]:80":         "[::1]",
		"::1:80":           "::1:80",
		"127.0.0.1:8470":   "127.0.0.1:8470",
	} {
		if got := routeHost(in); got != want {
			t.Errorf("routeHost(%q) = %q, want %q", in, got, want)
		}
	}
}

// A render's requests for the page's host reach the site in process; those
// for other hosts go out through the transport, which refuses non-public
// addresses unless allowed.
func TestSiteRouter(t *testing.T) {
	cdn := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "cdn "+r.URL.Path+" marker="+r.Header.Get(RenderHeader))
	}))
	cdnURL, _ := url.Parse(cdn.URL)
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "site "+r.Host+r.URL.Path)
	})
	hosts := &activeHosts{}
	open := &siteRouter{site: site, hosts: hosts,
		foreign: forwardProxy((&TargetPolicy{AllowPrivate: true}).Transport(), discardLogger())}
	guarded := &siteRouter{site: site, hosts: hosts,
		foreign: forwardProxy((&TargetPolicy{}).Transport(), discardLogger())}

	serve := func(h http.Handler, host, path string) (int, string) {
		req := httptest.NewRequest("GET", "http://"+host+path, nil)
		req.Header.Set(RenderHeader, "1")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}

	hosts.add("shop.example")
	if code, body := serve(open, "Shop.Example:80", "/app.js"); code != 200 || body != "site Shop.Example:80/app.js" {
		t.Errorf("page host: %d %q, want the site", code, body)
	}
	if code, body := serve(open, cdnURL.Host, "/lib.js"); code != 200 || body != "cdn /lib.js marker=1" {
		t.Errorf("other host: %d %q, want the CDN", code, body)
	}
	if code, body := serve(guarded, cdnURL.Host, "/lib.js"); code != http.StatusBadGateway || !strings.Contains(body, "non-public") {
		t.Errorf("loopback host through the guarded transport: %d %q, want refused", code, body)
	}
	// Once no render of the host is in progress, it is just another host.
	hosts.remove("shop.example")
	if hosts.has("shop.example") || len(hosts.n) != 0 {
		t.Errorf("host still registered: %v", hosts.n)
	}
	hosts.add(routeHost(cdnURL.Host))
	if code, body := serve(guarded, cdnURL.Host, "/lib.js"); code != 200 || !strings.HasPrefix(body, "site ") {
		t.Errorf("registered host: %d %q, want the site", code, body)
	}
}
