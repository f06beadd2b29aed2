package xhr

import "testing"

func TestSerializeOrigin(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://Example.COM/path?q", "https://example.com"},
		{"https://example.com:443/", "https://example.com"},
		{"http://example.com:8080/", "http://example.com:8080"},
		{"http://[::1]:80/", "http://[::1]"},
		{"http://[::1]:8080/", "http://[::1]:8080"},
	}
	for _, tt := range tests {
		if got := serializeOrigin(mustURL(t, tt.in)); got != tt.want {
			t.Errorf("serializeOrigin(%s) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if !sameOrigin(mustURL(t, "https://a.test/x"), mustURL(t, "https://A.test:443/y")) || sameOrigin(mustURL(t, "http://a.test"), mustURL(t, "https://a.test")) {
		t.Error("sameOrigin")
	}
}

func TestReferrer(t *testing.T) {
	page := mustURL(t, "https://app.test/page?q=1#frag")
	tests := []struct{ to, want string }{
		{"https://app.test/api", "https://app.test/page?q=1"},
		{"https://cdn.test/x.js", "https://app.test/"},
		{"http://insecure.test/", ""},
	}
	for _, tt := range tests {
		if got := referrer(page, mustURL(t, tt.to), Params{}); got != tt.want {
			t.Errorf("referrer to %s = %q, want %q", tt.to, got, tt.want)
		}
	}
	// A request's referrer and referrer policy (fetch's RequestInit).
	same, cross, down := "https://app.test/api", "https://cdn.test/x", "http://insecure.test/"
	other := mustURL(t, "https://u:p@app.test/other#f")
	policies := []struct {
		p                 Params
		same, cross, down string
	}{
		{Params{ReferrerPolicy: "no-referrer"}, "", "", ""},
		{Params{NoReferrer: true, ReferrerPolicy: "unsafe-url"}, "", "", ""},
		{Params{ReferrerPolicy: "unsafe-url"}, "https://app.test/page?q=1", "https://app.test/page?q=1", "https://app.test/page?q=1"},
		{Params{ReferrerPolicy: "origin"}, "https://app.test/", "https://app.test/", "https://app.test/"},
		{Params{ReferrerPolicy: "same-origin"}, "https://app.test/page?q=1", "", ""},
		{Params{ReferrerPolicy: "origin-when-cross-origin"}, "https://app.test/page?q=1", "https://app.test/", "https://app.test/"},
		{Params{ReferrerPolicy: "no-referrer-when-downgrade"}, "https://app.test/page?q=1", "https://app.test/page?q=1", ""},
		{Params{ReferrerPolicy: "strict-origin"}, "https://app.test/", "https://app.test/", ""},
		{Params{ReferrerPolicy: "strict-origin-when-cross-origin"}, "https://app.test/page?q=1", "https://app.test/", ""},
		{Params{Referrer: other, ReferrerPolicy: "unsafe-url"}, "https://app.test/other", "https://app.test/other", "https://app.test/other"},
		{Params{Referrer: other}, "https://app.test/other", "https://app.test/", ""},
	}
	for _, tt := range policies {
		for _, c := range [][2]string{{same, tt.same}, {cross, tt.cross}, {down, tt.down}} {
			if got := referrer(page, mustURL(t, c[0]), tt.p); got != c[1] {
				t.Errorf("%+v to %s: %q, want %q", tt.p, c[0], got, c[1])
			}
		}
	}
}
