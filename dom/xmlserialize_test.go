package dom

import (
	"strings"
	"testing"
)

func TestXMLString(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"round trip", `<r xmlns:p="urn:p"><p:a p:x="1" y="&lt;&quot;">t&amp;</p:a><c/><!--m--><?pi d?></r>`,
			`<r xmlns:p="urn:p"><p:a p:x="1" y="&lt;&quot;">t&amp;</p:a><c/><!--m--><?pi d?></r>`},
		{"default namespace", `<r xmlns="urn:d"><a/></r>`, `<r xmlns="urn:d"><a/></r>`},
		{"xml attribute", `<r xml:lang="en"/>`, `<r xml:lang="en"/>`},
		{"doctype", `<!DOCTYPE r PUBLIC "-//X" "x.dtd"><r/>`, `<!DOCTYPE r PUBLIC "-//X" "x.dtd"><r/>`},
		// Whitespace references survive in attributes, not in text.
		{"attribute whitespace", "<r a=\"&#9;&#10;&#13;x\">\t&#10;</r>", "<r a=\"&#9;&#10;&#13;x\">\t\n</r>"},
	}
	for _, tt := range tests {
		d, err := ParseXML(strings.NewReader(tt.in))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := d.XMLString(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
	// An HTML element outside an XML context declares its namespace; void
	// elements close themselves.
	h := mustParse(t, `<p a=1>x<br></p>`)
	p := h.Body().First()
	if got, want := p.XMLString(), `<p xmlns="http://www.w3.org/1999/xhtml" a="1">x<br /></p>`; got != want {
		t.Errorf("html element:\n got %s\nwant %s", got, want)
	}
	// An element created in a namespace with a prefix no ancestor declares.
	x := NewXMLDocument()
	e, _ := x.CreateElementNS("urn:q", "q:e")
	if err := e.SetAttributeNS("urn:z", "z:a", "1"); err != nil {
		t.Fatal(err)
	}
	if got, want := e.XMLString(), `<q:e xmlns:q="urn:q" xmlns:z="urn:z" z:a="1"/>`; got != want {
		t.Errorf("prefixes:\n got %s\nwant %s", got, want)
	}
	// An attribute's prefix bound on an ancestor to another namespace is
	// not reused: a generated one is declared (as Chromium does).
	d, err := ParseXML(strings.NewReader(`<root xmlns:p="uri1"><child/></root>`))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.DocumentElement().First().SetAttributeNS("uri2", "p:foobar", "v"); err != nil {
		t.Fatal(err)
	}
	if got, want := d.XMLString(), `<root xmlns:p="uri1"><child xmlns:ns1="uri2" ns1:foobar="v"/></root>`; got != want {
		t.Errorf("ancestor's prefix:\n got %s\nwant %s", got, want)
	}
}
