package dom

import (
	"errors"
	"strings"
	"testing"
)

// TestXMLFragmentParsing: innerHTML, insertAdjacentHTML and outerHTML in an
// XML document parse markup as XML in the namespaces in scope (the
// expectations are Chromium's).
func TestXMLFragmentParsing(t *testing.T) {
	tests := []struct {
		name, doc string
		ctx       func(d *Document) *Node
		markup    string
		want      string // ctx's innerHTML after, or the DOMException name
		firstNS   string // namespace of the first child, when want is markup
	}{
		{"default namespace of the context", `<r xmlns="urn:d" xmlns:p="urn:p"><a/><p:b/></r>`, first, "<c>x</c><d/>t", `<c xmlns="urn:d">x</c><d xmlns="urn:d"/>t`, "urn:d"},
		{"prefix declared on an ancestor", `<r xmlns="urn:d" xmlns:p="urn:p"><a/><p:b/></r>`, first, "<p:e/>", `<p:e xmlns:p="urn:p"/>`, "urn:p"},
		{"prefixed context", `<r xmlns="urn:d" xmlns:p="urn:p"><a/><p:b/></r>`, func(d *Document) *Node { return first(d).Next() }, "<f/>", `<f xmlns="urn:d"/>`, "urn:d"},
		{"redeclared default", `<r xmlns="urn:d"><a/></r>`, first, "<s xmlns='urn:s'><t/></s>", `<s xmlns="urn:s"><t/></s>`, "urn:s"},
		{"no namespace", `<root/>`, func(d *Document) *Node { return d.DocumentElement() }, "<k/>", `<k/>`, ""},
		{"unbound prefix is kept in the name", `<r><a/></r>`, first, "<q:x/>", `<q:x/>`, ""},
		{"references", `<r><a/></r>`, first, "a &amp; &#65; b", `a &amp; A b`, ""},
		{"CDATA, PI and comment", `<r><a/></r>`, first, "<![CDATA[x<]]><?pi d?><!--c-->", `<![CDATA[x<]]><?pi d?><!--c-->`, ""},
		{"empty", `<r><a/></r>`, first, "", ``, ""},
		{"HTML void element is not XML", `<r><a/></r>`, first, "<br>", SyntaxError, ""},
		{"undefined entity", `<r><a/></r>`, first, "a &nbsp; b", SyntaxError, ""},
		{"XML declaration", `<r><a/></r>`, first, "<?xml version='1.0'?><z/>", SyntaxError, ""},
		{"doctype", `<r><a/></r>`, first, "<!DOCTYPE z><z/>", SyntaxError, ""},
		{"closing the wrapper", `<r><a/></r>`, first, "</a><a>", SyntaxError, ""},
	}
	for _, tt := range tests {
		d, err := ParseXML(strings.NewReader(tt.doc))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		ctx := tt.ctx(d)
		err = ctx.SetInnerHTML(tt.markup)
		if !strings.HasPrefix(tt.want, "<") && strings.HasSuffix(tt.want, "Error") {
			if !errors.Is(err, &DOMError{Name: tt.want}) {
				t.Errorf("%s: err %v, want %s", tt.name, err, tt.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := ctx.InnerHTML(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
		if f := ctx.First(); f != nil && f.IsElement() && f.NamespaceURI() != tt.firstNS {
			t.Errorf("%s: namespace %q, want %q", tt.name, f.NamespaceURI(), tt.firstNS)
		}
	}
}

func first(d *Document) *Node { return d.DocumentElement().First() }

func TestXMLFragmentAdjacentAndOuter(t *testing.T) {
	d, err := ParseXML(strings.NewReader(`<r xmlns="urn:d"><a><m/></a></r>`))
	if err != nil {
		t.Fatal(err)
	}
	a := first(d)
	if err := a.InsertAdjacentHTML("beforeend", "<n/>"); err != nil {
		t.Fatal(err)
	}
	if err := a.First().SetOuterHTML("<o/><o2/>"); err != nil {
		t.Fatal(err)
	}
	if got, want := a.InnerHTML(), `<o xmlns="urn:d"/><o2 xmlns="urn:d"/><n xmlns="urn:d"/>`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	for _, f := range []func() error{
		func() error { return a.InsertAdjacentHTML("beforeend", "<n>") },
		func() error { return a.First().SetOuterHTML("<o") },
	} {
		if err := f(); !errors.Is(err, &DOMError{Name: SyntaxError}) {
			t.Errorf("malformed markup: %v", err)
		}
	}
}

// FuzzXMLFragment: any markup gives a fragment, a SyntaxError or (an
// attribute's unbound prefix) a NamespaceError, never a panic, and a
// fragment's nodes belong to the context's document.
func FuzzXMLFragment(f *testing.F) {
	for _, s := range []string{"<c>x</c><d/>t", "<p:e/>", "<q:x a:b='1'/>", "a &amp; b", "</a><a>", "<![CDATA[x]]>", "<?xml version='1.0'?>"} {
		f.Add(s)
	}
	d, err := ParseXML(strings.NewReader(`<r xmlns="urn:d" xmlns:p="urn:p"><a/></r>`))
	if err != nil {
		f.Fatal(err)
	}
	ctx := first(d)
	f.Fuzz(func(t *testing.T, markup string) {
		frag, err := ctx.parseXMLFragment(markup)
		if err != nil {
			if !errors.Is(err, &DOMError{Name: SyntaxError}) && !errors.Is(err, &DOMError{Name: NamespaceError}) {
				t.Fatalf("%q: %v", markup, err)
			}
			return
		}
		frag.Descendants(func(n *Node) bool {
			if n.Document() != d {
				t.Fatalf("%q: a node of another document", markup)
			}
			return true
		})
	})
}
