package xhr

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestNewOriginMapRefuses(t *testing.T) {
	for _, tc := range []struct {
		mappings []string
		want     string
	}{
		{[]string{"https://www.example.com"}, "want PUBLIC=TARGET"},
		{[]string{"https://www.example.com=127.0.0.1:8080"}, "target origin"},
		{[]string{"www.example.com=http://127.0.0.1:8080"}, "public origin"},
		{[]string{"ftp://www.example.com=http://127.0.0.1:8080"}, "not an http or https origin"},
		{[]string{"https://www.example.com/shop=http://127.0.0.1:8080"}, "not an origin"},
		{[]string{"https://www.example.com=http://127.0.0.1:8080/?a"}, "not an origin"},
		{[]string{"https://www.example.com=http://127.0.0.1:8080#x"}, "not an origin"},
		{[]string{"https://u:p@www.example.com=http://127.0.0.1:8080"}, "credentials"},
		{[]string{"https://www.example.com=http://127.0.0.1:99999"}, "bad port"},
		{[]string{"https://www.example.com=http://"}, "no host"},
		{[]string{"https://www.example.com:443=https://WWW.example.com"}, "mapped to itself"},
		{[]string{"https://a.example=http://127.0.0.1:1", "https://a.example:443=http://127.0.0.1:2"}, "already mapped"},
		{[]string{"https://a.example=http://127.0.0.1:1", "http://127.0.0.1:1=http://127.0.0.1:2"}, "is the target of"},
		{[]string{"https://b.example=http://127.0.0.1:2", "https://a.example=https://b.example"}, "is itself mapped"},
	} {
		_, err := NewOriginMap(tc.mappings...)
		if !errors.Is(err, ErrOriginMapping) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewOriginMap(%q) = %v, want ErrOriginMapping saying %q", tc.mappings, err, tc.want)
		}
	}
	m, err := NewOriginMap("HTTPS://www.Example.com:443/=http://127.0.0.1:8080/", "https://cdn.example.com=http://127.0.0.1:8080")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.String(), "https://www.example.com=http://127.0.0.1:8080 https://cdn.example.com=http://127.0.0.1:8080"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if u, ok := m.Target(mustURL(t, "https://WWW.example.com/a?b#c")); !ok || u.String() != "http://127.0.0.1:8080/a?b#c" {
		t.Errorf("Target = %v, %v", u, ok)
	}
	if _, ok := m.Target(mustURL(t, "http://www.example.com/a")); ok {
		t.Error("Target maps another scheme's origin")
	}
	if u, ok := m.Public(mustURL(t, "http://127.0.0.1:8080/x")); !ok || u.String() != "https://www.example.com/x" {
		t.Errorf("Public = %v, %v", u, ok)
	}
	for u, want := range map[string]bool{
		"https://www.example.com/":      false, // mapped
		"http://www.example.com/":       true,  // its http twin: the public site
		"https://www.example.com:8443/": true,
		"http://127.0.0.1:8080/":        false, // another host
		"https://example.com/":          false,
	} {
		if got := m.MissesOrigin(mustURL(t, u)); got != want {
			t.Errorf("MissesOrigin(%s) = %v, want %v", u, got, want)
		}
	}
	var none *OriginMap
	if none.Len() != 0 || none.Transport(http.DefaultTransport) != http.DefaultTransport {
		t.Error("a nil OriginMap maps")
	}
}

// originEcho answers every request with what the server saw of it, and
// redirects /moved to an absolute URL on its own address.
func originEcho(t *testing.T) *httptest.Server {
	t.Helper()
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/moved":
			http.Redirect(w, r, srv.URL+"/new?from=moved", http.StatusFound)
			return
		case "/relative":
			http.Redirect(w, r, "/new", http.StatusFound)
			return
		case "/away":
			http.Redirect(w, r, "http://other.invalid/x", http.StatusFound)
			return
		case "/login":
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "42", Path: "/", Secure: true, HttpOnly: true})
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Access-Control-Allow-Origin", "*")
		fmt.Fprintf(w, "host=%s uri=%s fwd=%s/%s cookie=%s origin=%s referer=%s",
			r.Host, r.URL.RequestURI(), r.Header.Get("X-Forwarded-Proto"), r.Header.Get("X-Forwarded-Host"),
			r.Header.Get("Cookie"), r.Header.Get("Origin"), r.Header.Get("Referer"))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestClientOriginMap(t *testing.T) {
	srv := originEcho(t)
	api := originEcho(t)
	m, err := NewOriginMap("https://www.example.com="+srv.URL, "https://api.example.com="+api.URL)
	if err != nil {
		t.Fatal(err)
	}
	c := NewClient(ClientOptions{Origins: m})
	c.SetDocumentURL(mustURL(t, "https://www.example.com/shop"))
	ctx := context.Background()
	host := strings.TrimPrefix(srv.URL, "http://")

	res, err := c.Do(ctx, get(t, "https://www.example.com/login"), Params{Kind: KindDocument, Mode: ModeNoCORS, Redirect: RedirectManual})
	if err != nil {
		t.Fatal(err)
	}
	if want := "host=" + host + " uri=/login fwd=https/www.example.com"; !strings.HasPrefix(string(res.Body), want) {
		t.Errorf("the mapped origin saw %q, want %q…", res.Body, want)
	}
	if res.URL.String() != "https://www.example.com/login" {
		t.Errorf("Result.URL = %v, want the public URL", res.URL)
	}
	// The Secure cookie set over the mapped http origin belongs to the
	// public https site, and goes with its next request.
	res, err = c.Do(ctx, get(t, "https://www.example.com/data"), Params{Kind: KindFetch, Mode: ModeCORS, Credentials: CredentialsSameOrigin})
	if err != nil {
		t.Fatal(err)
	}
	if want := "cookie=sid=42 origin= referer=https://www.example.com/shop"; !strings.Contains(string(res.Body), want) {
		t.Errorf("a same-origin fetch saw %q, want %q", res.Body, want)
	}

	// A redirect to the mapped origin's absolute URL is followed on the
	// public origin; a relative one resolves against the public URL.
	for _, path := range []string{"/moved", "/relative"} {
		res, err = c.Do(ctx, get(t, "https://www.example.com"+path), Params{Kind: KindFetch, Mode: ModeCORS})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Redirected || !strings.HasPrefix(res.URL.String(), "https://www.example.com/new") {
			t.Errorf("%s: followed to %v, want https://www.example.com/new…", path, res.URL)
		}
	}
	res, err = c.Do(ctx, get(t, "https://www.example.com/moved"), Params{Kind: KindDocument, Mode: ModeNoCORS, Redirect: RedirectManual})
	if err != nil {
		t.Fatal(err)
	}
	if loc := res.Header.Get("Location"); loc != "https://www.example.com/new?from=moved" {
		t.Errorf("Location = %q, want it on the public origin", loc)
	}
	res, err = c.Do(ctx, get(t, "https://www.example.com/away"), Params{Kind: KindDocument, Mode: ModeNoCORS, Redirect: RedirectManual})
	if err != nil {
		t.Fatal(err)
	}
	if loc := res.Header.Get("Location"); loc != "http://other.invalid/x" {
		t.Errorf("Location to another origin = %q, want it as sent", loc)
	}

	// The second public origin is cross-origin for the page: its request
	// carries the page's public Origin.
	res, err = c.Do(ctx, get(t, "https://api.example.com/v1"), Params{Kind: KindFetch, Mode: ModeCORS})
	if err != nil {
		t.Fatal(err)
	}
	if want := "uri=/v1 fwd=https/api.example.com cookie= origin=https://www.example.com"; !strings.Contains(string(res.Body), want) {
		t.Errorf("the second mapped origin saw %q, want %q", res.Body, want)
	}
	// An origin not mapped is asked as it is.
	res, err = c.Do(ctx, get(t, api.URL+"/direct"), Params{Kind: KindFetch, Mode: ModeNoCORS})
	if err != nil {
		t.Fatal(err)
	}
	if want := "uri=/direct fwd=/ "; !strings.Contains(string(res.Body), want) {
		t.Errorf("an unmapped origin saw %q, want %q", res.Body, want)
	}
	for _, r := range c.Records() {
		if strings.Contains(r.URL, host) {
			t.Errorf("a record names the mapped origin: %+v", r)
		}
	}
}

func TestClientOriginMapPreserveHost(t *testing.T) {
	srv := originEcho(t)
	m, err := NewOriginMap("https://www.example.com=" + srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	m.PreserveHost = true
	for _, tr := range []struct {
		name string
		t    http.RoundTripper
	}{{"network", nil}, {"handler", HandlerTransport{Handler: srv.Config.Handler}}} {
		c := NewClient(ClientOptions{Origins: m, Transport: tr.t})
		res, err := c.Do(context.Background(), get(t, "https://www.example.com/p"), Params{Kind: KindDocument, Mode: ModeNoCORS, Redirect: RedirectManual})
		if err != nil {
			t.Fatal(err)
		}
		if want := "host=www.example.com uri=/p"; !strings.HasPrefix(string(res.Body), want) {
			t.Errorf("%s: the mapped origin saw %q, want %q…", tr.name, res.Body, want)
		}
	}
	// A header value net/http refuses takes the client's own connection,
	// mapped as well, and its redirect is mapped back.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	heads := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		br := bufio.NewReader(c)
		var head strings.Builder
		for {
			line, err := br.ReadString('\n')
			head.WriteString(line)
			if err != nil || line == "\r\n" {
				break
			}
		}
		heads <- head.String()
		io.WriteString(c, "HTTP/1.1 302 Found\r\nLocation: http://"+ln.Addr().String()+"/next\r\nContent-Length: 0\r\n\r\n")
	}()
	raw, err := NewOriginMap("https://www.example.com=http://" + ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	raw.PreserveHost = true
	c := NewClient(ClientOptions{Origins: raw, Header: http.Header{"X-Odd": {"a\x01b"}}})
	res, err := c.Do(context.Background(), get(t, "https://www.example.com/raw"), Params{Kind: KindDocument, Mode: ModeNoCORS, Redirect: RedirectManual})
	if err != nil {
		t.Fatal(err)
	}
	head := <-heads
	for _, want := range []string{"GET /raw HTTP/1.1\r\n", "\r\nHost: www.example.com\r\n", "\r\nX-Odd: a\x01b\r\n", "\r\nX-Forwarded-Proto: https\r\n"} {
		if !strings.Contains(head, want) {
			t.Errorf("raw connection: the mapped origin got %q, want %q in it", head, want)
		}
	}
	if loc := res.Header.Get("Location"); loc != "https://www.example.com/next" {
		t.Errorf("raw connection: Location = %q, want it on the public origin", loc)
	}
}

func TestOriginMapTransportRedirectBack(t *testing.T) {
	// Two public origins on one target: a Location on the target maps
	// back to the public origin of the request it answers.
	srv := originEcho(t)
	m, err := NewOriginMap("https://a.example="+srv.URL, "https://b.example="+srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: m.Transport(nil), CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, public := range []string{"https://a.example", "https://b.example"} {
		resp, err := client.Get(public + "/moved")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got, want := resp.Header.Get("Location"), public+"/new?from=moved"; got != want {
			t.Errorf("Location = %q, want %q", got, want)
		}
		if resp.Request.URL.String() != public+"/moved" {
			t.Errorf("Response.Request.URL = %v, want the public URL", resp.Request.URL)
		}
	}
}
