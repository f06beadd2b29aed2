package jsruntime

import (
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

// TestIsSecureContext checks window.isSecureContext and the private-token
// issuer check against the secure-contexts spec's potentially trustworthy
// URLs, as Chromium 156 answers them (127.0.0.2 and foo.localhost are
// secure there too).
func TestIsSecureContext(t *testing.T) {
	for _, c := range []struct {
		url    string
		secure bool
	}{
		{"https://example.test/", true},
		{"http://example.test/", false},
		{"http://localhost:8080/", true},
		{"http://LocalHost./", true},
		{"http://foo.localhost/", true},
		{"http://localhost.example/", false},
		{"http://127.0.0.1:9/", true},
		{"http://127.0.0.2/", true},
		{"http://127.1.2.3/", true},
		{"http://128.0.0.1/", false},
		{"http://127.evil.test/", false},
		{"http://[::1]:80/", true},
		{"http://[::2]/", false},
		{"file:///tmp/x.html", true},
		{"about:blank", true},
		{"data:text/html,x", true},
		{"about:other", false},
	} {
		t.Run(c.url, func(t *testing.T) {
			doc, err := dom.Parse(strings.NewReader(`<p>x</p>`))
			if err != nil {
				t.Fatal(err)
			}
			w, err := New(loop.New(goja.New(), loop.Options{Deterministic: true}), doc, Config{URL: c.url})
			if err != nil {
				t.Fatal(err)
			}
			got, err := w.RunScript("test.js", "isSecureContext")
			if err != nil {
				t.Fatal(err)
			}
			if got.ToBoolean() != c.secure {
				t.Errorf("isSecureContext = %v, want %v", got, c.secure)
			}
		})
	}
}

// TestPrivateTokenIssuer checks that hasPrivateToken takes an HTTP(S)
// issuer only when it is potentially trustworthy.
func TestPrivateTokenIssuer(t *testing.T) {
	p := newPage(t, `<p>x</p>`, nil)
	p.eval(`var out = [];
	['https://issuer.test', 'http://127.0.0.2:8080', 'http://a.localhost', 'http://issuer.test', 'http://127.evil.test', 'ftp://localhost']
		.forEach(function (u, i) {
			document.hasPrivateToken(u).then(function (v) { out[i] = u + ' ' + v }, function (e) { out[i] = u + ' ' + e.name })
		})`)
	p.run()
	want := "https://issuer.test false,http://127.0.0.2:8080 false,http://a.localhost false,http://issuer.test TypeError,http://127.evil.test TypeError,ftp://localhost TypeError"
	if got := p.eval(`out.join()`); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	p.noErrors()
}
