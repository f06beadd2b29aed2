package dom

import (
	"net/url"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// TestDocumentHeadAndSVGTitle covers document.head under roots other than
// an HTML html element and document.title's setter under an SVG root that
// is not an svg element.
// https://html.spec.whatwg.org/multipage/dom.html#dom-document-head
// https://html.spec.whatwg.org/multipage/dom.html#document.title
func TestDocumentHeadAndSVGTitle(t *testing.T) {
	tests := []struct {
		name     string
		rootNS   string
		rootName string
		wantHead bool
	}{
		{"HTML html root", "http://www.w3.org/1999/xhtml", "html", true},
		{"foreign html root", "urn:x", "html", true},
		{"HTML div root", "http://www.w3.org/1999/xhtml", "div", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := NewXMLDocument()
			root, err := d.CreateElementNS(tc.rootNS, tc.rootName)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := d.AppendChild(root); err != nil {
				t.Fatal(err)
			}
			foreign, _ := d.CreateElementNS("urn:x", "head")
			_, _ = root.AppendChild(foreign)
			head, _ := d.CreateElementNS("http://www.w3.org/1999/xhtml", "head")
			_, _ = root.AppendChild(head)
			if got := d.Head(); (got == head) != tc.wantHead || (got != nil && got != head) {
				t.Errorf("Head() = %v, want head %v", got, tc.wantHead)
			}
		})
	}

	for _, root := range []string{"svg", "SVG", "g"} {
		d := NewXMLDocument()
		r, _ := d.CreateElementNS("http://www.w3.org/2000/svg", root)
		_, _ = d.AppendChild(r)
		d.SetTitle("hello")
		want := 0
		if root == "svg" {
			want = 1
		}
		if got := r.ChildNodes().Len(); got != want {
			t.Errorf("SetTitle under SVG %q root: %d children, want %d", root, got, want)
		}
	}
}

// TestAutoDirectionSkipsSubtrees checks that dir=auto skips a descendant
// with its own dir (and script, style, bdi) and goes on to the text after
// it, rather than stopping there.
// https://html.spec.whatwg.org/multipage/dom.html#text-node-directionality
func TestAutoDirectionSkipsSubtrees(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"skipped dir child then rtl", `<div id=t dir=auto><span dir=ltr>&#x5d0;</span><b>&#x5d0;</b></div>`, "rtl"},
		{"skipped rtl child then ltr", `<div id=t dir=auto><span dir=rtl>a</span>b</div>`, "ltr"},
		{"script skipped", `<div id=t dir=auto><script>a</script>&#x5d0;</div>`, "rtl"},
		{"bdi skipped", `<div id=t dir=auto><bdi>a</bdi><i>&#x5d0;</i></div>`, "rtl"},
		{"nothing strong", `<div id=t dir=auto>123<span dir=rtl>&#x5d0;</span></div>`, "ltr"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse(strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			el := d.GetElementByID("t")
			if got := directionality(el); got != tc.want {
				t.Errorf("directionality = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestNonceSlot checks the [[CryptographicNonce]] slot: set apart from the
// attribute, reset by attribute changes, copied by cloning.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#nonce-attributes
func TestNonceSlot(t *testing.T) {
	d := NewHTMLDocument("", false)
	e, _ := d.CreateElement("script")
	if e.Nonce() != "" {
		t.Fatal("fresh nonce not empty")
	}
	_ = e.SetAttribute("nonce", "abc")
	steps := []struct {
		do       func()
		want     string
		wantAttr string
	}{
		{func() {}, "abc", "abc"},
		{func() { e.SetNonce("def") }, "def", "abc"},
		{func() { c := e.CloneNode(false); e = c }, "def", "abc"},
		{func() { _ = e.SetAttribute("nonce", "abc") }, "abc", "abc"},
		{func() { e.SetNonce("x"); e.RemoveAttribute("nonce") }, "", ""},
	}
	for i, s := range steps {
		s.do()
		if got := e.Nonce(); got != s.want {
			t.Errorf("step %d: Nonce() = %q, want %q", i, got, s.want)
		}
		if got := e.Attribute("nonce"); got != s.wantAttr {
			t.Errorf("step %d: attribute = %q, want %q", i, got, s.wantAttr)
		}
	}
}

// TestTemplateContentsOwnerURL checks that the inert document owning
// template contents is a new document with the URL about:blank, whatever
// the page's URL, as in Chromium.
// https://html.spec.whatwg.org/multipage/scripting.html#appropriate-template-contents-owner-document
func TestTemplateContentsOwnerURL(t *testing.T) {
	d, err := Parse(strings.NewReader(`<template id=t><a href=x></a></template>`))
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse("http://example.com/dir/page.html")
	d.SetURL(u)
	a, _ := d.GetElementByID("t").TemplateContent().QuerySelector("a")
	if got := a.Document().URLString(); got != "about:blank" {
		t.Errorf("template contents owner URL = %q, want about:blank", got)
	}
	if d.URLString() != u.String() {
		t.Errorf("page URL changed to %q", d.URLString())
	}
}

// TestDirectionalityShadowAndControls checks directionality across a
// shadow root (inherited from the host), of a telephone input without dir,
// and of a dir=auto slot (from its assigned nodes).
// https://html.spec.whatwg.org/multipage/dom.html#the-directionality
func TestDirectionalityShadowAndControls(t *testing.T) {
	d, err := Parse(strings.NewReader(`<div id=host dir=rtl><span>&#x5d0;</span></div><div dir=rtl><input id=tel type=tel><input id=txt></div><div id=h2><b>&#x5d0;</b></div>`))
	if err != nil {
		t.Fatal(err)
	}
	sr, err := d.GetElementByID("host").AttachShadow(ShadowRootInit{Mode: "open"})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := d.CreateElement("p")
	_, _ = sr.AppendChild(p)
	sr2, err := d.GetElementByID("h2").AttachShadow(ShadowRootInit{Mode: "open"})
	if err != nil {
		t.Fatal(err)
	}
	slot, _ := d.CreateElement("slot")
	_ = slot.SetAttribute("dir", "auto")
	_, _ = sr2.AppendChild(slot)
	for _, tc := range []struct {
		name string
		n    *Node
		want string
	}{
		{"shadow child inherits the host", p, "rtl"},
		{"tel input", d.GetElementByID("tel"), "ltr"},
		{"text input", d.GetElementByID("txt"), "rtl"},
		{"auto slot", slot, "rtl"},
	} {
		if got := directionality(tc.n); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestLangMatches checks :lang() language determination: xml:lang wins
// over lang on one element, lang counts on SVG elements, and a shadow tree
// inherits its host's language.
// https://html.spec.whatwg.org/multipage/dom.html#language
func TestLangMatches(t *testing.T) {
	d, err := Parse(strings.NewReader(`<div lang=en><p id=both lang=de>x</p><svg><text id=svgt lang=fr>t</text></svg><div id=host lang=de-CH></div></div>`))
	if err != nil {
		t.Fatal(err)
	}
	_ = d.GetElementByID("both").SetAttributeNS(XMLNamespace, "xml:lang", "fr")
	sr, err := d.GetElementByID("host").AttachShadow(ShadowRootInit{Mode: "open"})
	if err != nil {
		t.Fatal(err)
	}
	inner, _ := d.CreateElement("span")
	_, _ = sr.AppendChild(inner)
	for _, tc := range []struct {
		name  string
		n     *Node
		lang  string
		match bool
	}{
		{"xml:lang wins", d.GetElementByID("both"), "fr", true},
		{"lang loses to xml:lang", d.GetElementByID("both"), "de", false},
		{"svg lang", d.GetElementByID("svgt"), "fr", true},
		{"shadow inherits host", inner, "de", true},
	} {
		if got := langMatches(tc.n, []string{tc.lang}); got != tc.match {
			t.Errorf("%s: :lang(%s) = %v, want %v", tc.name, tc.lang, got, tc.match)
		}
	}
}

// TestLanguageFollowsChanges: the languages memoized per document version
// (Node.language) are, after each of random lang and xml:lang changes and
// moves, those a walk up the ancestors finds, for every element, a shadow
// tree's among them; and the cascade's :lang() (StyleSelector) takes the
// nearest declared language, not any ancestor's.
func TestLanguageFollowsChanges(t *testing.T) {
	d, err := Parse(strings.NewReader(`<div id=r lang=en><div id=a><p id=p1>x</p><p id=p2 lang=fr><span id=s1>y</span></p></div><div id=host><i id=i1></i></div><svg><g id=g><text id=t1>t</text></g></svg></div>`))
	if err != nil {
		t.Fatal(err)
	}
	sr, err := d.GetElementByID("host").AttachShadow(ShadowRootInit{Mode: "open"})
	if err != nil {
		t.Fatal(err)
	}
	inner, _ := d.CreateElement("b")
	_, _ = sr.AppendChild(inner)
	walk := func(n *Node) (string, bool) {
		for e := n; e != nil; e = parentForDirectionality(e) {
			if l, ok := ownLanguage(e); ok {
				return l, true
			}
		}
		return "", false
	}
	var els []*Node
	d.Descendants(func(n *Node) bool {
		if n.Type == html.ElementNode {
			els = append(els, n)
		}
		return true
	})
	els = append(els, inner)
	seed := uint32(7)
	rnd := func(n int) int { seed = seed*1103515245 + 12345; return int(seed>>8) % n }
	langs := []string{"en", "fr-CA", "de", ""}
	for step := range 400 {
		e := els[rnd(len(els))]
		switch rnd(5) {
		case 0, 1:
			_ = e.SetAttribute("lang", langs[rnd(len(langs))])
		case 2:
			e.RemoveAttribute("lang")
		case 3:
			_ = e.SetAttributeNS(XMLNamespace, "xml:lang", langs[rnd(len(langs))])
		case 4:
			if o := els[rnd(len(els))]; o != e && !e.Contains(o) && e.Root() == o.Root() && o.ParentNode() != nil && e.ParentNode() != nil {
				_, _ = o.AppendChild(e)
			}
		}
		for _, n := range els {
			l, ok := n.language()
			wl, wok := walk(n)
			if l != wl || ok != wok {
				t.Fatalf("step %d: language of <%s id=%q> = %q %v, a walk finds %q %v", step, n.Data, n.Attribute("id"), l, ok, wl, wok)
			}
		}
	}
	d2, err := Parse(strings.NewReader(`<div lang=en><div lang=fr><p id=p>x</p></div></div>`))
	if err != nil {
		t.Fatal(err)
	}
	for sel, want := range map[string]bool{"p:lang(en)": false, "p:lang(fr)": true, "p:not(:lang(en))": true, "div p:is(:lang(de), :lang(FR))": true} {
		s, err := ParseStyleSelector(sel)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Match(d2.GetElementByID("p").HTML()); got != want {
			t.Errorf("%s = %v, want %v", sel, got, want)
		}
	}
}

// TestNthPositionsFollowChanges: the cascade's :nth-child() and its kin,
// matched with sibling positions memoized per document version
// (Node.nthPosition), match as cascadia's counting does after each of
// random insertions, removals and moves.
func TestNthPositionsFollowChanges(t *testing.T) {
	d, err := Parse(strings.NewReader(`<div id=r><p>1</p><span>2</span><p>3</p>x<p>4</p><b>5</b></div><ul id=u><li>a</li><li>b</li></ul>`))
	if err != nil {
		t.Fatal(err)
	}
	sels := []string{"p:nth-child(2n+1)", ":nth-child(even)", "li:nth-last-child(1)", "p:nth-of-type(odd)", ":nth-last-of-type(2)", "div > :nth-child(-n+3)", ":nth-child(3)"}
	var styleSels []*StyleSelector
	var plain []cascadia.Sel
	for _, s := range sels {
		ss, err := ParseStyleSelector(s)
		if err != nil {
			t.Fatal(s, err)
		}
		styleSels = append(styleSels, ss)
		ps, err := cascadia.Parse(s)
		if err != nil {
			t.Fatal(s, err)
		}
		plain = append(plain, ps)
	}
	seed := uint32(3)
	rnd := func(n int) int { seed = seed*1103515245 + 12345; return int(seed>>8) % n }
	parents := []*Node{d.GetElementByID("r"), d.GetElementByID("u")}
	for step := range 300 {
		par := parents[rnd(2)]
		var kids []*Node
		for k := par.First(); k != nil; k = k.Next() {
			kids = append(kids, k)
		}
		switch rnd(3) {
		case 0:
			e, _ := d.CreateElement([]string{"p", "span", "li", "b"}[rnd(4)])
			var ref *Node
			if len(kids) > 0 {
				ref = kids[rnd(len(kids))]
			}
			_, _ = par.InsertBefore(e, ref)
		case 1:
			if len(kids) > 2 {
				_, _ = par.RemoveChild(kids[rnd(len(kids))])
			}
		case 2:
			if len(kids) > 0 {
				_, _ = parents[rnd(2)].AppendChild(kids[rnd(len(kids))])
			}
		}
		d.Descendants(func(n *Node) bool {
			if n.Type != html.ElementNode {
				return true
			}
			for i := range sels {
				if got, want := styleSels[i].Match(&n.Node), plain[i].Match(&n.Node); got != want {
					t.Fatalf("step %d: %s on <%s> = %v, cascadia %v", step, sels[i], n.Data, got, want)
				}
			}
			return true
		})
	}
}
