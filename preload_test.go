package bangsnap

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/xhr"
)

func TestScanPreloads(t *testing.T) {
	doc, _ := url.Parse("http://h.test/dir/page.html?q=1#!/state")
	tests := []struct {
		name  string
		html  string
		links bool
		want  []string
	}{
		{"classic scripts in order, relative and absolute",
			`<script src="a.js"></script><script src="/b.js" defer></script><script async src="https://cdn.test/c.js"></script>`,
			true, []string{"http://h.test/dir/a.js", "http://h.test/b.js", "https://cdn.test/c.js"}},
		{"base href, even after the script, resolved against the document",
			`<script src="a.js"></script><base href="/lib/"><base href="/other/">`,
			true, []string{"http://h.test/lib/a.js"}},
		{"types: JavaScript MIME types and module run; data blocks, nomodule and unknown types do not",
			`<script type="text/javascript" src="1.js"></script><script type="module" src="2.mjs"></script>
			 <script type="application/json" src="3.json"></script><script nomodule src="4.js"></script>
			 <script type="text/x-template" src="5.html"></script><script language="javascript" src="6.js"></script>
			 <script language="vbscript" src="7.vbs"></script><script type="" src="8.js"></script>
			 <script type=" TEXT/JavaScript ; charset=utf-8" src="9.js"></script><script type=MODULE src="10.mjs"></script>`,
			true, []string{"http://h.test/dir/1.js", "http://h.test/dir/2.mjs", "http://h.test/dir/6.js", "http://h.test/dir/8.js", "http://h.test/dir/10.mjs"}},
		{"inert: template contents, noscript, textarea, comments, script text",
			`<template><script src="t.js"></script><template></template><script src="t2.js"></script></template>
			 <noscript><script src="n.js"></script></noscript><textarea><script src="x.js"></script></textarea>
			 <!-- <script src="c.js"></script> --><script>document.write('<script src="w.js"><\/script>')</script>
			 <script src="after.js"></script>`,
			true, []string{"http://h.test/dir/after.js"}},
		{"links: modulepreload and preload as=script only",
			`<link rel="modulepreload" href="m.mjs"><link rel="Preload" as="Script" href="p.js">
			 <link rel="preload" as="style" href="s.css"><link rel="stylesheet" href="x.css"><link rel="preload" href="noas.js">
			 <link rel="icon preload" as="script" href="two.js">`,
			true, []string{"http://h.test/dir/m.mjs", "http://h.test/dir/p.js", "http://h.test/dir/two.js"}},
		{"links left out (deterministic mode)",
			`<link rel="modulepreload" href="m.mjs"><script src="a.js"></script>`,
			false, []string{"http://h.test/dir/a.js"}},
		{"each URL once; only http(s); empty src skipped; first of duplicate attributes",
			`<script src="a.js"></script><script src="./a.js"></script><script src=""></script>
			 <script src="data:text/javascript,1"></script><script src="javascript:1"></script>
			 <script src="b.js" src="c.js"></script><script src=" d.js "></script><script src="%zz"></script>`,
			true, []string{"http://h.test/dir/a.js", "http://h.test/dir/b.js", "http://h.test/dir/d.js"}},
		{"entities in attributes are decoded as the tree builder does",
			`<script src="a.js?x=1&amp;y=2"></script>`,
			true, []string{"http://h.test/dir/a.js?x=1&y=2"}},
		{"tag names in any case, and only those names",
			`<SCRIPT SRC="up.js"></SCRIPT><Script/src="slash.js"></script><scripts src="no1.js"></scripts><scriptx src="no2.js">
			 <LINK REL=modulepreload HREF="l.mjs"><links rel=modulepreload href="no3.mjs"><TEMPLATE><script src="no4.js"></script></Template>`,
			true, []string{"http://h.test/dir/up.js", "http://h.test/dir/slash.js", "http://h.test/dir/l.mjs"}},
		{"no markup", `just text`, true, nil},
		{"unterminated tag", `<script src="a.js`, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := scanPreloads(tt.html, doc, tt.links)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestScanPreloadsLimit: a document with thousands of scripts has only the
// first maxPreloads fetched ahead.
func TestScanPreloadsLimit(t *testing.T) {
	doc, _ := url.Parse("http://h.test/")
	var b strings.Builder
	for i := range 3 * maxPreloads {
		fmt.Fprintf(&b, `<script src="s%d.js"></script>`, i)
	}
	got := scanPreloads(b.String(), doc, true)
	if len(got) != maxPreloads || got[0] != "http://h.test/s0.js" {
		t.Errorf("%d preloads (first %q), want %d from s0.js", len(got), got[0], maxPreloads)
	}
}

// FuzzScanPreloads: any document scans without panic into absolute http(s)
// URLs, each once.
func FuzzScanPreloads(f *testing.F) {
	for _, s := range []string{
		`<base href="x/"><script src="a.js"></script><link rel=modulepreload href=b>`,
		`<template><script src=a></template><script type=module src=//c.test/m>`,
		`<script src="a.js`, `<svg><script href="x"/></svg><script src='%'>`,
	} {
		f.Add(s)
	}
	doc, _ := url.Parse("https://h.test/p")
	f.Fuzz(func(t *testing.T, s string) {
		got := scanPreloads(s, doc, true)
		seen := map[string]bool{}
		for _, u := range got {
			p, err := url.Parse(u)
			if err != nil || p.Scheme != "http" && p.Scheme != "https" || p.Host == "" || seen[u] {
				t.Fatalf("bad or repeated preload %q in %q", u, got)
			}
			seen[u] = true
		}
		if len(got) > maxPreloads {
			t.Fatalf("%d preloads", len(got))
		}
	})
}

// scriptServer serves page at / and, for each other path, a script that
// appends its name to #out; answers of the paths in hold wait until the
// request is canceled (held is closed when such a request arrives, ended
// when it is canceled). It counts requests by path.
type scriptServer struct {
	page  string
	delay func(path string) time.Duration // nil: none

	mu     sync.Mutex
	counts map[string]int
	hold   map[string]bool
	held   chan struct{}
	ended  chan struct{}
	once   [2]sync.Once // closes held, ended
}

func (s *scriptServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.counts[r.URL.Path]++
	hold := s.hold[r.URL.Path]
	s.mu.Unlock()
	if r.URL.Path == "/" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, s.page)
		return
	}
	if hold {
		s.once[0].Do(func() { close(s.held) })
		<-r.Context().Done()
		s.once[1].Do(func() { close(s.ended) })
		return
	}
	if s.delay != nil {
		time.Sleep(s.delay(r.URL.Path))
	}
	w.Header().Set("Content-Type", "text/javascript")
	fmt.Fprintf(w, "document.getElementById('out').textContent += %q;", strings.TrimPrefix(r.URL.Path, "/")+" ")
}

func (s *scriptServer) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[path]
}

func newScriptServer(page string) *scriptServer {
	return &scriptServer{page: page, counts: map[string]int{}, hold: map[string]bool{}, held: make(chan struct{}), ended: make(chan struct{})}
}

// TestPreloadParallel: the parser-blocking scripts of a page are all in
// flight at once. Each answer waits until every script has been asked for,
// which never happens when they are fetched one after another (each then
// gives up after a while and the test fails); the scripts still run in
// document order, and each is requested once.
func TestPreloadParallel(t *testing.T) {
	const n = 5
	var page strings.Builder
	page.WriteString(`<!doctype html><div id="out"></div>`)
	for i := range n {
		fmt.Fprintf(&page, `<script src="/s%d.js"></script>`, i)
	}
	var mu sync.Mutex
	arrived, all := 0, make(chan struct{})
	sawAll := true
	srv := newScriptServer(page.String())
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			mu.Lock()
			if arrived++; arrived == n {
				close(all)
			}
			mu.Unlock()
			select {
			case <-all:
			case <-time.After(5 * time.Second):
				mu.Lock()
				sawAll = false
				mu.Unlock()
			}
		}
		srv.ServeHTTP(w, r)
	})
	r := NewRenderer(Options{Handler: h, Timeout: time.Minute})
	snap, err := r.Render(context.Background(), "http://preload.test/")
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if !sawAll {
		t.Errorf("the scripts were not all requested at once")
	}
	if want := `<div id="out">s0.js s1.js s2.js s3.js s4.js </div>`; !strings.Contains(string(snap.HTML), want) {
		t.Errorf("snapshot lacks %s:\n%s", want, snap.HTML)
	}
	for i := range n {
		if c := srv.count(fmt.Sprintf("/s%d.js", i)); c != 1 {
			t.Errorf("s%d.js requested %d times, want 1", i, c)
		}
	}
	if got := len(snap.Report.Requests); got != n+1 {
		t.Errorf("%d requests recorded, want %d: %+v", got, n+1, snap.Report.Requests)
	}
}

// TestScriptLoadsOnce: how often a script URL is fetched, as Chromium does
// it (checked against Chromium 2026): a URL written twice in the document,
// inserted twice at once, or inserted again before the load event is one
// request; a <link rel=preload> is used by a later insertion even after the
// load event; a URL inserted again after the load event is a new request.
func TestScriptLoadsOnce(t *testing.T) {
	srv := newScriptServer(`<!doctype html><div id="out"></div>
<link rel="preload" as="script" href="/late.js">
<script src="/twice.js"></script><script src="/twice.js"></script>
<script>
function add(src) { var s = document.createElement("script"); s.src = src; document.head.appendChild(s); }
add("/together.js"); add("/together.js");
document.addEventListener("DOMContentLoaded", function () { add("/twice.js"); });
addEventListener("load", function () {
	setTimeout(function () { add("/late.js"); add("/after.js"); }, 10);
	setTimeout(function () { add("/after.js"); }, 50);
});
</script>`)
	r := NewRenderer(Options{Handler: srv, Timeout: time.Minute})
	snap, err := r.Render(context.Background(), "http://once.test/")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"/twice.js": 1, "/together.js": 1, "/late.js": 1, "/after.js": 2}
	for p, n := range want {
		if c := srv.count(p); c != n {
			t.Errorf("%s requested %d times, want %d", p, c, n)
		}
	}
	if got, want := strings.Count(string(snap.HTML), "twice.js"), 3; got != want {
		t.Errorf("twice.js ran %d times, want %d:\n%s", got, want, snap.HTML)
	}
	if !strings.Contains(string(snap.HTML), "late.js") || strings.Count(string(snap.HTML), "after.js") != 2 {
		t.Errorf("late.js once and after.js twice should have run:\n%s", snap.HTML)
	}
}

// TestPreloadUnused: a preload the page never uses, whose answer never
// comes, neither delays the render nor fails it, and its request is
// canceled when the render ends.
func TestPreloadUnused(t *testing.T) {
	srv := newScriptServer(`<!doctype html><div id="out"></div><link rel="preload" as="script" href="/never.js"><script src="/a.js"></script>`)
	srv.hold["/never.js"] = true
	// a.js is answered only once the preload is in flight: otherwise the
	// render could end before the preload's request was made at all.
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/a.js" {
			select {
			case <-srv.held:
			case <-time.After(10 * time.Second):
				t.Error("the preload was not requested while the page loaded")
			}
		}
		srv.ServeHTTP(w, r)
	})
	r := NewRenderer(Options{Handler: h, Timeout: time.Minute})
	snap, err := r.Render(context.Background(), "http://unused.test/")
	if err != nil {
		t.Fatal(err)
	}
	if snap.Report.Partial || !strings.Contains(string(snap.HTML), "a.js") {
		t.Errorf("partial %v (%s), snapshot:\n%s", snap.Report.Partial, snap.Report.Reason, snap.HTML)
	}
	select {
	case <-srv.ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the unused preload's request was not canceled after the render")
	}
}

// TestPreloadCancel: when the page's context ends, the preload workers
// end, and a load waiting for a preload returns the context's error.
func TestPreloadCancel(t *testing.T) {
	started := make(chan struct{}, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started <- struct{}{}
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	c := xhr.NewClient(xhr.ClientOptions{})
	p := newScriptLoads(ctx, c)
	u, _ := url.Parse(srv.URL + "/")
	p.scan(`<script src="a.js"></script><link rel=modulepreload href=b.js>`, u, true)
	<-started
	<-started
	waiting := make(chan error, 1)
	go func() {
		_, err := p.load(ctx, srv.URL+"/a.js", 0)
		waiting <- err
	}()
	cancel()
	p.wait()
	if err := <-waiting; err == nil {
		t.Error("a load of a canceled preload succeeded")
	}
	if _, err := p.load(ctx, srv.URL+"/b.js", 0); err == nil {
		t.Error("a load after the page ended succeeded")
	}
}

// TestPreloadFailureRetried: a preload that failed gives its error to the
// load that joins it; the next load of the URL asks again.
func TestPreloadFailureRetried(t *testing.T) {
	var mu sync.Mutex
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		if n == 1 {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, "ok()")
	}))
	defer srv.Close()
	p := newScriptLoads(context.Background(), xhr.NewClient(xhr.ClientOptions{}))
	u, _ := url.Parse(srv.URL + "/")
	p.scan(`<script src="a.js"></script>`, u, true)
	p.wait() // the preload has failed before the page asks for it
	if _, err := p.load(context.Background(), srv.URL+"/a.js", 0); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("first load: %v, want the preload's HTTP 503", err)
	}
	body, err := p.load(context.Background(), srv.URL+"/a.js", 0)
	if err != nil || string(body) != "ok()" {
		t.Errorf("second load: %q, %v", body, err)
	}
}

// TestPreloadBlockedOnce: a script of a blocked host is one blocked request
// in the record, though both the scanner and the page ask for it.
func TestPreloadBlockedOnce(t *testing.T) {
	srv := newScriptServer(`<!doctype html><div id="out"></div><script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script><script src="/a.js"></script>`)
	snap, err := NewRenderer(Options{Handler: srv, Timeout: time.Minute}).Render(context.Background(), "http://blocked.test/")
	if err != nil {
		t.Fatal(err)
	}
	blocked := 0
	for _, q := range snap.Report.Requests {
		if q.Blocked {
			blocked++
		}
	}
	if blocked != 1 || len(snap.Report.Requests) != 3 {
		t.Errorf("%d blocked of %d requests, want 1 of 3: %+v", blocked, len(snap.Report.Requests), snap.Report.Requests)
	}
}

// TestPreloadDeterministic renders a page of several external scripts and
// requests, all with random real latency, 15 times in deterministic mode:
// the bytes and the request record (its order included) never change.
func TestPreloadDeterministic(t *testing.T) {
	srv := newScriptServer(`<!doctype html><div id="out"></div>
<script src="/lib1.js"></script><script async src="/async1.js"></script><script src="/lib2.js"></script>
<script defer src="/defer1.js"></script><script src="/lib3.js"></script>
<script>["x1", "x2", "x3"].forEach(function (n) { fetch("/" + n + ".js").then(function (r) { return r.text(); }).then(function (s) { document.getElementById("out").textContent += "[" + n + "]"; }); });</script>`)
	var rmu sync.Mutex
	rnd := uint64(1)
	srv.delay = func(string) time.Duration {
		rmu.Lock()
		defer rmu.Unlock()
		rnd = rnd*6364136223846793005 + 1442695040888963407
		return time.Duration(rnd>>40%15000) * time.Microsecond
	}
	r := NewRenderer(Options{Handler: srv, Deterministic: true, Timeout: time.Minute})
	var first []byte
	var firstReqs []string
	for i := range 15 {
		snap, err := r.Render(context.Background(), "http://det.test/")
		if err != nil {
			t.Fatal(err)
		}
		var reqs []string
		for _, q := range snap.Report.Requests {
			reqs = append(reqs, q.Kind+" "+q.URL)
		}
		if i == 0 {
			first, firstReqs = snap.HTML, reqs
			if len(reqs) != 9 {
				t.Fatalf("%d requests, want 9: %q", len(reqs), reqs)
			}
			continue
		}
		if string(snap.HTML) != string(first) {
			t.Fatalf("render %d differs:\n%s\nwant:\n%s", i, snap.HTML, first)
		}
		if !slices.Equal(reqs, firstReqs) {
			t.Fatalf("render %d request record differs:\n%q\nwant:\n%q", i, reqs, firstReqs)
		}
	}
}

// BenchmarkScanPreloads measures the scanner over a 200 KB document of
// ordinary markup with a few scripts and links.
func BenchmarkScanPreloads(b *testing.B) {
	var page strings.Builder
	page.WriteString(`<!doctype html><html><head><meta charset="utf-8"><title>t</title><base href="/app/">
<link rel="stylesheet" href="site.css"><link rel="modulepreload" href="main.mjs">
<script src="https://cdn.test/lib.js"></script><script defer src="app.js"></script></head><body>`)
	for page.Len() < 200<<10 {
		page.WriteString(`<div class="card" data-id="42"><h2>Title &amp; more</h2><p>Some <a href="/x?y=1">text</a> here.</p></div>` + "\n")
	}
	page.WriteString(`<script>var x = "<script src=no.js>";</script><script type="module" src="main.mjs"></script></body></html>`)
	doc, _ := url.Parse("https://h.test/page")
	text := page.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if got := scanPreloads(text, doc, true); len(got) != 3 {
			b.Fatalf("%q", got)
		}
	}
}

// TestPreloadByteBudget: once the preloaded bodies nobody has used reach
// the byte budget, no further preload starts; the scripts left are fetched
// when the page asks for them, once each.
func TestPreloadByteBudget(t *testing.T) {
	var mu sync.Mutex
	counts := map[string]int{}
	body := strings.Repeat("x", 1000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		counts[r.URL.Path]++
		mu.Unlock()
		fmt.Fprint(w, body)
	}))
	defer srv.Close()
	count := func(p string) int {
		mu.Lock()
		defer mu.Unlock()
		return counts[p]
	}
	p := newScriptLoads(context.Background(), xhr.NewClient(xhr.ClientOptions{}))
	p.workers, p.maxBytes = 1, 1500 // in order; the budget ends after two
	u, _ := url.Parse(srv.URL + "/")
	p.scan(`<script src="s0.js"></script><script src="s1.js"></script><script src="s2.js"></script><script src="s3.js"></script>`, u, true)
	p.wait()
	for path, want := range map[string]int{"/s0.js": 1, "/s1.js": 1, "/s2.js": 0, "/s3.js": 0} {
		if got := count(path); got != want {
			t.Errorf("%s preloaded %d times, want %d", path, got, want)
		}
	}
	for _, s := range []string{"s0.js", "s1.js", "s2.js", "s3.js", "s2.js"} {
		b, err := p.load(context.Background(), srv.URL+"/"+s, 0)
		if err != nil || len(b) != len(body) {
			t.Fatalf("load %s: %d bytes, %v", s, len(b), err)
		}
	}
	for _, path := range []string{"/s0.js", "/s1.js", "/s2.js", "/s3.js"} {
		if got := count(path); got != 1 {
			t.Errorf("%s requested %d times in all, want 1", path, got)
		}
	}
	if p.unclaimed != 0 {
		t.Errorf("%d unclaimed bytes counted after every preload was used", p.unclaimed)
	}
}

// TestScriptUTF8 checks how a fetched script's bytes become its source: a
// byte order mark or a Content-Type charset decides, else the bytes are
// left for the element's charset attribute.
func TestScriptUTF8(t *testing.T) {
	for _, c := range []struct{ body, ct, want string }{
		{"x='\xe9'", "text/javascript; charset=iso-8859-1", "x='\u00e9'"},
		{"x='\xe9'", "text/javascript", "x='\xe9'"},
		{"\xef\xbb\xbfx='\u00e9'", "text/javascript; charset=iso-8859-1", "x='\u00e9'"},
		{"x='\u00e9'", "text/javascript;charset=UTF-8", "x='\u00e9'"},
		{"\xff\xfex\x00", "", "x"},
	} {
		if got := string(scriptUTF8([]byte(c.body), c.ct)); got != c.want {
			t.Errorf("scriptUTF8(%q, %q) = %q, want %q", c.body, c.ct, got, c.want)
		}
	}
}
