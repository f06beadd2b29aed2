package server

import (
	"bufio"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/mapping"
)

// Equivalent URLs share a key; different states never do.
func TestCacheKey(t *testing.T) {
	same := [][]string{
		{"http://example.com/p?q=1#!a=1&b=2", "http://example.com/p?q=1&_escaped_fragment_=a=1%26b=2", "http://example.com/p?q=1&_escaped_fragment_=a%3D1%26b%3d2"},
		{"http://Example.COM:80/p#!s", "http://example.com/p?_escaped_fragment_=s", "HTTP://example.com/p#!s"},
		{"https://example.com:443/#!x", "https://example.com/?_escaped_fragment_=x"},
		{"http://h/about", "http://h/about?_escaped_fragment_=", "http://h/about#!", "http://h/about#plain-anchor"},
		{"http://h/p#!caf\u00e9", "http://h/p?_escaped_fragment_=caf%C3%A9", "http://h/p?_escaped_fragment_=caf%c3%a9"},
	}
	seen := map[string]string{}
	for _, group := range same {
		var first string
		for i, u := range group {
			k, err := CacheKey(u)
			if err != nil {
				t.Fatalf("CacheKey(%q): %v", u, err)
			}
			if i == 0 {
				first = k
				if other, dup := seen[k]; dup {
					t.Errorf("%q and %q collide on %q", u, other, k)
				}
				seen[k] = u
			} else if k != first {
				t.Errorf("CacheKey(%q) = %q, want %q like %q", u, k, first, group[0])
			}
		}
	}
	different := []string{"http://h/p#!a", "http://h/p#!b", "http://h/p#!a&b", "http://h/p?x#!a", "http://h/p", "http://h/p#!%2541", "http://h/p#!A", "https://h/p#!a", "http://h:8080/p#!a"}
	keys := map[string]string{}
	for _, u := range different {
		k, err := CacheKey(u)
		if err != nil {
			t.Fatalf("CacheKey(%q): %v", u, err)
		}
		if other, dup := keys[k]; dup {
			t.Errorf("%q and %q collide on %q", u, other, k)
		}
		keys[k] = u
	}
	if _, err := CacheKey("http://h/p?_escaped_fragment_=a&b"); !errors.Is(err, mapping.ErrNotLast) {
		t.Errorf("malformed ugly URL: %v", err)
	}
}

func TestSnapshotFileName(t *testing.T) {
	tests := []struct{ key, want string }{
		{"http://example.com/?_escaped_fragment_=", "example.com%2F%3F_escaped_fragment_=.html"},
		{"https://example.com/shop?_escaped_fragment_=/item/1", "example.com%2Fshop%3F_escaped_fragment_=%2Fitem%2F1.html"},
		{"http://h:8080/a%20b?_escaped_fragment_=x%26y", "h%3A8080%2Fa%2520b%3F_escaped_fragment_=x%2526y.html"},
	}
	for _, tc := range tests {
		if got := SnapshotFileName(tc.key); got != tc.want {
			t.Errorf("SnapshotFileName(%q) = %q, want %q", tc.key, got, tc.want)
		}
	}
	long := "http://h/" + string(make([]byte, 300))
	if got := SnapshotFileName(long); len(got) != len("sha256-")+64+len(".html") {
		t.Errorf("long key gave %q", got)
	}
}

func FuzzCacheKey(f *testing.F) {
	for _, s := range []string{"http://h/p#!a", "http://h/p?_escaped_fragment_=a%26b", "HTTP://H:80/#x", "x", "http://[::1]:443/?_escaped_fragment_"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, err := CacheKey(s)
		if err != nil {
			return
		}
		// A key is an ugly URL whose own key is itself.
		k2, err := CacheKey(k)
		if err != nil || k2 != k {
			t.Errorf("CacheKey(%q) = %q, whose key is %q (%v)", s, k, k2, err)
		}
		if name := SnapshotFileName(k); len(name) > 255 {
			t.Errorf("file name of %d bytes", len(name))
		}
	})
}

// FuzzRequestTarget feeds arbitrary request targets through everything that
// parses them: no input may panic, and every pretty URL found has a key.
func FuzzRequestTarget(f *testing.F) {
	for _, s := range []string{"/p?_escaped_fragment_=a%26b", "/render?url=https%3A%2F%2Fx%2F", "/https://x/p?q", "/http:/x", "/?%5Fescaped_fragment_=", "/p?_escaped_fragment_=%zz&", "*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, target string) {
		req, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: example.com\r\n\r\n")))
		if err != nil {
			return
		}
		renderTarget(req)
		IsRenderServiceRequest(req)
		pretty, _, err := prettyOfRequest(req, false)
		if err != nil || pretty == "" {
			return
		}
		if _, err := cacheKey(pretty); err != nil && !strings.Contains(target, "#") {
			t.Errorf("pretty URL %q of %q has no key: %v", pretty, target, err)
		}
	})
}
