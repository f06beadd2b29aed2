package bangsnap

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/mapping"
)

func TestResolveTarget(t *testing.T) {
	tests := []struct {
		in, pretty, doc string
		err             error
	}{
		{"http://h/p?_escaped_fragment_=a=1%26b=2", "http://h/p#!a=1&b=2", "http://h/p", nil},
		{"http://h/p?x=1&_escaped_fragment_=/path", "http://h/p?x=1#!/path", "http://h/p?x=1", nil},
		{"http://h/p?_escaped_fragment_=", "http://h/p", "http://h/p", nil},
		{"https://h/p#!/x", "https://h/p#!/x", "https://h/p", nil},
		{"https://h/p#plain", "https://h/p#plain", "https://h/p", nil},
		{"http://h:8080/", "http://h:8080/", "http://h:8080/", nil},
		{"/relative", "", "", mapping.ErrNotAbsolute},
		{"http://h/p?_escaped_fragment_=a&x", "", "", mapping.ErrNotLast},
		{"http://h/p?_escaped_fragment_=%zz", "", "", mapping.ErrBadEscape},
		{"ftp://h/p", "", "", ErrScheme},
		{"", "", "", mapping.ErrNotAbsolute},
	}
	for _, tt := range tests {
		got, err := resolveTarget(tt.in)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("resolveTarget(%q) error %v, want %v", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("resolveTarget(%q): %v", tt.in, err)
			continue
		}
		if got.pretty != tt.pretty || got.doc.String() != tt.doc {
			t.Errorf("resolveTarget(%q) = %q, %q; want %q, %q", tt.in, got.pretty, got.doc, tt.pretty, tt.doc)
		}
	}
}

func TestRuntimeURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://h/p#!/a%20b", "http://h/p#!/a%20b"},
		{"http://h/p#!/%zz", "http://h/p#!/%25zz"},
		{"http://h/p#!/100%", "http://h/p#!/100%25"},
		{"http://h/p#!/%4", "http://h/p#!/%254"},
		{"http://h/p%41?q=%#!x", "http://h/p%41?q=%#!x"},
		{"http://h/p", "http://h/p"},
	}
	for _, tt := range tests {
		if got := runtimeURL(tt.in); got != tt.want {
			t.Errorf("runtimeURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzResolveTarget(f *testing.F) {
	for _, s := range []string{"http://h/p?_escaped_fragment_=a", "https://h/#!x", "http://h/p?_escaped_fragment_=", "x", "http://[::1]:80/p#!%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tg, err := resolveTarget(s)
		if err != nil {
			return
		}
		if tg.doc == nil || tg.doc.Fragment != "" || (tg.doc.Scheme != "http" && tg.doc.Scheme != "https") {
			t.Fatalf("resolveTarget(%q) gave document URL %v", s, tg.doc)
		}
		if strings.Contains(tg.pretty, "_escaped_fragment_") && mapping.Classify(tg.pretty) == mapping.Ugly {
			t.Fatalf("resolveTarget(%q) left an ugly URL %q", s, tg.pretty)
		}
		// The page's location must parse, whatever the fragment holds.
		if _, err := url.Parse(runtimeURL(tg.pretty)); err != nil {
			t.Fatalf("resolveTarget(%q): location %q does not parse: %v", s, runtimeURL(tg.pretty), err)
		}
	})
}

func TestReadPageMeta(t *testing.T) {
	tests := []struct {
		name   string
		markup string
		status int
		header http.Header
	}{
		{"none", `<title>x</title>`, 0, nil},
		{"status", `<meta name="prerender-status-code" content="404">`, 404, nil},
		{"first status wins", `<meta name="prerender-status-code" content="503"><body><meta name="Prerender-Status-Code" content=" 404 ">`, 503, nil},
		{"invalid status skipped", `<meta name="prerender-status-code" content="99"><meta name="prerender-status-code" content="x"><meta name="prerender-status-code" content="302">`, 302, nil},
		{"headers", `<meta name="prerender-header" content="Location: http://h/x?a=b:c"><meta name="prerender-header" content="vary: A"><meta name="prerender-header" content="Vary: B">`, 0,
			http.Header{"Location": {"http://h/x?a=b:c"}, "Vary": {"A", "B"}}},
		{"bad headers", `<meta name="prerender-header" content="nocolon"><meta name="prerender-header" content="Bad Name: x"><meta name="prerender-header" content="Transfer-Encoding: chunked"><meta name="prerender-header" content="X: a&#10;b">`, 0, nil},
		{"template contents ignored", `<template><meta name="prerender-status-code" content="404"></template>`, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := dom.Parse(strings.NewReader(tt.markup))
			if err != nil {
				t.Fatal(err)
			}
			m := readPageMeta(d)
			if m.status != tt.status || !reflect.DeepEqual(m.header, tt.header) {
				t.Errorf("got %d %v, want %d %v", m.status, m.header, tt.status, tt.header)
			}
		})
	}
}

// TestRenderStuck: a page inside a native call the loop cannot interrupt (a
// default sort of a million numbers runs in Go without a check) does not hold
// Render past its budget and grace, nor past ctx's end.
func TestRenderStuck(t *testing.T) {
	var cancelPtr atomic.Pointer[context.CancelFunc] // the first page may still run during the second
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/started" {
			// The page is about to match: end ctx once it is inside.
			if c := cancelPtr.Load(); c != nil {
				time.AfterFunc(100*time.Millisecond, *c)
			}
			return
		}
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<script>
			var x = new XMLHttpRequest(); x.open("GET", "/started", false); x.send();
			// Seconds in one native call that Interrupt cannot stop (a
			// backtracking regexp), and nothing interruptible before it.
			/^((a+)+)\1$/.test("a".repeat(25) + "b");
		</script>`)
	})
	quiet := slog.New(slog.DiscardHandler)
	// The timeout leaves the fetch, parse and bind room on a loaded machine;
	// the regexp inside one native call takes seconds beyond it.
	r := NewRenderer(Options{Handler: h, Timeout: 500 * time.Millisecond, Logger: quiet})
	r.stuckGrace = 20 * time.Millisecond
	if _, err := r.Render(context.Background(), "http://stuck.test/"); !errors.Is(err, ErrStuck) {
		t.Errorf("Render of a stuck page: %v, want ErrStuck", err)
	}

	r = NewRenderer(Options{Handler: h, Timeout: time.Minute, Logger: quiet})
	r.stuckGrace = 20 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelPtr.Store(&cancel)
	if _, err := r.Render(ctx, "http://stuck.test/"); !errors.Is(err, ErrStuck) || !errors.Is(err, context.Canceled) {
		t.Errorf("canceled Render of a stuck page: %v, want ErrStuck and context.Canceled", err)
	}
}

func FuzzReadPageMeta(f *testing.F) {
	for _, s := range []string{
		`<meta name="prerender-status-code" content="404">`,
		`<meta name="prerender-header" content="Location: /x">`,
		`<meta name="PRERENDER-HEADER" content=":">`,
		`<meta name=prerender-header content="X-A: b: c">`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, markup string) {
		d, err := dom.Parse(strings.NewReader(markup))
		if err != nil {
			return
		}
		m := readPageMeta(d)
		if m.status != 0 && (m.status < 200 || m.status > 599) {
			t.Fatalf("status %d", m.status)
		}
		// Every header must be servable as it is.
		for k, vs := range m.header {
			if k == "" || transferHeader(k) {
				t.Fatalf("header %q kept", k)
			}
			for _, v := range vs {
				if strings.ContainsAny(v, "\r\n\x00") {
					t.Fatalf("header %s value %q", k, v)
				}
			}
		}
	})
}
