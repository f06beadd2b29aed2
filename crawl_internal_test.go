package bangsnap

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestCrawlVisibleText(t *testing.T) {
	tests := []struct {
		doc  string
		want []string
	}{
		{`<title> A  title </title><script>var x</script><style>p{}</style><p>One <b>two</b></p>`, []string{"A title", "One", "two"}},
		{`<p hidden>no</p><template><p>no</p></template><noscript><p>no</p></noscript><div>yes</div>`, []string{"yes"}},
		{`<head><meta name="x" content="y"></head><body>  </body>`, nil},
	}
	for _, tt := range tests {
		doc, err := html.Parse(strings.NewReader(tt.doc))
		if err != nil {
			t.Fatal(err)
		}
		if got := crawlVisibleText(doc); !slices.Equal(got, tt.want) {
			t.Errorf("crawlVisibleText(%q) = %q, want %q", tt.doc, got, tt.want)
		}
	}
}

func TestCrawlTextSimilarity(t *testing.T) {
	tests := []struct {
		a, b []string
		want float64
		diff []string
	}{
		{nil, nil, 1, nil},
		{[]string{"a b"}, []string{"b", "a"}, 1, []string{`missing: "b"`, `missing: "a"`, `extra: "a b"`}},
		{[]string{"a b c d"}, nil, 0, []string{`extra: "a b c d"`}},
		{[]string{"x", "shared words"}, []string{"y", "shared words"}, 2 * 2.0 / 6, []string{`missing: "y"`, `extra: "x"`}},
		{[]string{"a a a"}, []string{"a"}, 2 * 1.0 / 4, []string{`missing: "a"`, `extra: "a a a"`}},
	}
	for _, tt := range tests {
		if got := crawlTextSimilarity(tt.a, tt.b); got != tt.want {
			t.Errorf("crawlTextSimilarity(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := crawlTextDifferences(tt.a, tt.b, 5); !slices.Equal(got, tt.diff) {
			t.Errorf("crawlTextDifferences(%q, %q) = %q, want %q", tt.a, tt.b, got, tt.diff)
		}
	}
	long := strings.Repeat("é", 60)
	if got := crawlClip(long); !strings.HasSuffix(got, `"…`) || len(got) > 90 {
		t.Errorf("crawlClip: %q", got)
	}
}

func TestCrawlLinks(t *testing.T) {
	c := newCrawler(CrawlOptions{NoRender: true})
	c.scope["h"] = true
	base, _ := url.Parse("http://h/dir/page")
	doc, _ := html.Parse(strings.NewReader(`<a href="#!/s">s</a><a href="other#!q=café au lait">c</a>` +
		`<a href="#top">self</a><a href="/p?x=1#frag">p</a><a href="/p?x=1">p again</a>` +
		`<a href="?_escaped_fragment_=/u">ugly</a><a href="/x?%5Fescaped_fragment_=a">ugly too</a>` +
		`<a href="http://elsewhere/#!/e">away</a><a href="javascript:void(0)">js</a><area href="/map">`))
	r := &CrawlResult{URL: base.String()}
	var got []string
	for _, it := range c.links(doc, base, crawlItem{depth: 3}, r) {
		got = append(got, string(it.kind)+" "+it.url)
		if it.depth != 4 || it.from != base.String() {
			t.Errorf("%s: depth %d from %q", it.url, it.depth, it.from)
		}
	}
	want := []string{"snapshot http://h/dir/page#!/s", "snapshot http://h/dir/other#!q=café au lait", "page http://h/p?x=1", "page http://h/p?x=1", "page http://h/map"}
	if !slices.Equal(got, want) {
		t.Errorf("links %q\nwant  %q", got, want)
	}
	if r.Links != (LinkCounts{States: 2, Pages: 3, Other: 1, Ugly: 2}) || !r.Failed() {
		t.Errorf("counts %+v, checks %+v", r.Links, r.Checks)
	}
	// A <base href> moves relative links.
	doc, _ = html.Parse(strings.NewReader(`<base href="/b/"><a href="#!/s">s</a>`))
	if its := c.links(doc, base, crawlItem{}, &CrawlResult{}); len(its) != 1 || its[0].url != "http://h/b/#!/s" {
		t.Errorf("with <base>: %+v", its)
	}
}

// FuzzCrawlLinks: any document's links are collected without a panic, and
// every link to check is an in-scope http(s) URL.
func FuzzCrawlLinks(f *testing.F) {
	f.Add(`<a href="#!/s">s</a><a href="?_escaped_fragment_=%zz">u</a><base href="//h:99999/">`)
	f.Add(`<a href="http://h/%">x</a><a href="  #!a#b%  ">y</a><area href="h://x">`)
	c := newCrawler(CrawlOptions{NoRender: true})
	c.scope["h"] = true
	base, _ := url.Parse("http://h/")
	f.Fuzz(func(t *testing.T, doc string) {
		n, err := html.Parse(strings.NewReader(doc))
		if err != nil {
			return
		}
		for _, it := range c.links(n, base, crawlItem{}, &CrawlResult{}) {
			if !c.scope[crawlHostKey(it.u)] || (it.u.Scheme != "http" && it.u.Scheme != "https") {
				t.Fatalf("out of scope: %q", it.url)
			}
		}
	})
}

func TestCrawlSitemapLocs(t *testing.T) {
	tests := []struct {
		body, root string
		locs       []string
		err        bool
	}{
		{`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> http://h/#!a </loc><lastmod>2020</lastmod></url><url><loc>http://h/b?x=1&amp;y=2</loc></url></urlset>`,
			"urlset", []string{"http://h/#!a", "http://h/b?x=1&y=2"}, false},
		{`<sitemapindex><sitemap><loc>http://h/s1.xml</loc></sitemap></sitemapindex>`, "sitemapindex", []string{"http://h/s1.xml"}, false},
		{`<html><body>not a sitemap</body></html>`, "html", nil, true},
		{``, "", nil, true},
		{`<urlset><url><loc>http://h/a</loc></url><url><loc>http://h/b`, "urlset", []string{"http://h/a"}, true},
	}
	for _, tt := range tests {
		root, locs, err := crawlSitemapLocs([]byte(tt.body))
		if root != tt.root || !slices.Equal(locs, tt.locs) || (err != nil) != tt.err {
			t.Errorf("crawlSitemapLocs(%q) = %q, %q, %v", tt.body, root, locs, err)
		}
	}
}

// FuzzSitemapLocs: any body is read without a panic.
func FuzzCrawlSitemapLocs(f *testing.F) {
	f.Add([]byte(`<urlset><url><loc>http://h/#!a</loc></url></urlset>`))
	f.Add([]byte(`<sitemapindex><sitemap><loc><![CDATA[http://h/s]]></loc></sitemap>`))
	f.Fuzz(func(t *testing.T, body []byte) {
		root, locs, err := crawlSitemapLocs(body)
		if err == nil && root != "urlset" && root != "sitemapindex" {
			t.Fatalf("root %q accepted", root)
		}
		for _, l := range locs {
			if l == "" {
				t.Fatal("empty loc")
			}
		}
	})
}
