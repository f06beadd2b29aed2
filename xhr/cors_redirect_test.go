package xhr

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"testing"
)

// corsRedirectMux answers on every host: /redir?to=URL redirects (302) to
// URL, allowing any origin unless acao=no (and any header to a preflight); /echo allows any origin and
// answers the request's Origin header ("none" without one); /api answers a
// preflight with the query's allow_methods and allow_headers.
func corsRedirectMux() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/redir", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("acao") != "no" {
			w.Header().Set("Access-Control-Allow-Origin", "*")
		}
		if r.Method == http.MethodOptions {
			w.Header().Set("Access-Control-Allow-Headers", "*")
			return
		}
		http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		o, ok := r.Header["Origin"]
		if !ok {
			o = []string{"none"}
		}
		fmt.Fprint(w, o[0])
	})
	mux.HandleFunc("/api", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			q := r.URL.Query()
			w.Header().Set("Access-Control-Allow-Methods", q.Get("allow_methods"))
			w.Header().Set("Access-Control-Allow-Headers", q.Get("allow_headers"))
			return
		}
		fmt.Fprint(w, r.Method)
	})
	return mux
}

// TestClientCORSRedirect: a redirect of a CORS request is CORS-checked,
// taints the request's origin (Origin: null) when it leaves a cross-origin
// URL for another origin, and may not lead to a URL with credentials
// unless the request stays within the page's origin (Fetch's HTTP fetch
// and HTTP-redirect fetch; fetch/api/cors/cors-redirect*.any.js in WPT).
func TestClientCORSRedirect(t *testing.T) {
	redir := func(from, to string, extra string) string {
		return from + "/redir?to=" + url.QueryEscape(to) + extra
	}
	const app, api, other = "https://app.test", "https://api.test", "https://other.test"
	tests := []struct {
		name, url string
		want      string // the Origin the last request carried; "" for a network error
	}{
		{"cors to same cors", redir(api, api+"/echo", ""), app},
		{"cors to another cors", redir(api, other+"/echo", ""), "null"},
		{"same origin to cors", redir(app, api+"/echo", ""), app},
		{"cors to same origin", redir(api, app+"/echo", ""), "null"},
		{"same origin to same origin", redir(app, app+"/echo", ""), "none"},
		{"a cross-origin redirect without CORS headers", redir(api, api+"/echo", "&acao=no"), ""},
		{"a same-origin redirect needs no CORS headers", redir(app, api+"/echo", "&acao=no"), app},
		{"same origin to cors with credentials", redir(app, "https://u:p@api.test/echo", ""), ""},
		{"same origin to cors with a password only", redir(app, "https://:p@api.test/echo", ""), ""},
		{"cors to same origin with credentials", redir(api, "https://u:p@app.test/echo", ""), ""},
		{"same origin to same origin with credentials", redir(app, "https://u@app.test/echo", ""), "none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: corsRedirectMux()}})
			c.SetDocumentURL(mustURL(t, app+"/page"))
			res, err := c.Do(context.Background(), get(t, tt.url), Params{Kind: KindFetch, Mode: ModeCORS})
			if tt.want == "" {
				var ne *NetworkError
				if !errors.As(err, &ne) {
					t.Fatalf("err = %v, want a network error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := string(res.Body); got != tt.want {
				t.Errorf("Origin %q, want %q", got, tt.want)
			}
		})
	}
	// In mode no-cors nothing of this applies.
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: corsRedirectMux()}})
	c.SetDocumentURL(mustURL(t, app+"/page"))
	if _, err := c.Do(context.Background(), get(t, redir(app, "https://u:p@api.test/echo", "&acao=no")), Params{Kind: KindScript}); err != nil {
		t.Errorf("no-cors: %v", err)
	}
	// A cross-origin no-cors request that does not follow redirects is a
	// network error before it is made (main fetch step 12); a same-origin
	// one gets its redirect.
	for _, tt := range []struct {
		url string
		ok  bool
	}{{redir(api, app+"/echo", ""), false}, {redir(app, api+"/echo", ""), true}} {
		c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: corsRedirectMux()}})
		c.SetDocumentURL(mustURL(t, app+"/page"))
		res, err := c.Do(context.Background(), get(t, tt.url), Params{Kind: KindFetch, Mode: ModeNoCORS, Redirect: RedirectManual})
		if (err == nil) != tt.ok {
			t.Errorf("no-cors, manual %s: err = %v, want ok=%v", tt.url, err, tt.ok)
		}
		if !tt.ok && len(c.Records()) != 1 || tt.ok && (res == nil || res.Status != http.StatusFound) {
			t.Errorf("no-cors, manual %s: %+v, records %+v", tt.url, res, c.Records())
		}
	}
}

// TestClientPreflightLists: a preflight's Access-Control-Allow-Methods and
// -Headers must be lists of tokens, and methods are compared as written.
func TestClientPreflightLists(t *testing.T) {
	tests := []struct {
		name, method, header, query string
		ok                          bool
	}{
		{"method allowed", "PUT", "", "allow_methods=PUT", true},
		{"method in another case", "PUT", "", "allow_methods=put", false},
		{"method list with empty items", "PUT", "", "allow_methods=,+PUT,,", true},
		{"method that is no token", "PUT", "", "allow_methods=PUT,Bad+method", false},
		{"header in another case", "GET", "X-Test", "allow_headers=x-TEST", true},
		{"header name that is no token", "GET", "X-Test", "allow_headers=x-test,header+name+with+space", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: corsRedirectMux()}})
			c.SetDocumentURL(mustURL(t, "https://app.test/"))
			req, _ := http.NewRequest(tt.method, "https://api.test/api?"+tt.query, nil)
			if tt.header != "" {
				req.Header.Set(tt.header, "1")
			}
			_, err := c.Do(context.Background(), req, Params{Kind: KindFetch, Mode: ModeCORS})
			if (err == nil) != tt.ok {
				t.Errorf("err = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

// TestClientCORSRedirectPreflight: after a redirect from another origin, a
// request back to the page's origin is still a CORS request: one that
// needs a preflight gets it there (with Origin null).
func TestClientCORSRedirectPreflight(t *testing.T) {
	for _, tt := range []struct {
		to string
		ok bool
	}{
		{"https://app.test/api?allow_headers=x-test", true},
		{"https://app.test/api", false},
	} {
		c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: corsRedirectMux()}})
		c.SetDocumentURL(mustURL(t, "https://app.test/page"))
		req := get(t, "https://api.test/redir?to="+url.QueryEscape(tt.to))
		req.Header.Set("X-Test", "1")
		_, err := c.Do(context.Background(), req, Params{Kind: KindFetch, Mode: ModeCORS})
		if (err == nil) != tt.ok {
			t.Errorf("%s: err = %v, want ok=%v", tt.to, err, tt.ok)
		}
		var preflights []string
		for _, r := range c.Records() {
			if r.Method == http.MethodOptions {
				preflights = append(preflights, r.URL)
			}
		}
		if len(preflights) != 2 || preflights[1] != tt.to {
			t.Errorf("%s: preflights %q, want one to the redirect and one to its target", tt.to, preflights)
		}
	}
}
