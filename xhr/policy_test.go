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
		if got := referrer(page, mustURL(t, tt.to)); got != tt.want {
			t.Errorf("referrer to %s = %q, want %q", tt.to, got, tt.want)
		}
	}
}
