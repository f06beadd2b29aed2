package dom

import (
	"errors"
	"strings"
	"testing"
)

// kids describes n's children as "kind:data" items, the way the Chromium
// check pages print them.
func kids(n *Node) string {
	var out []string
	for k := n.First(); k != nil; k = k.Next() {
		out = append(out, string(rune('0'+k.Kind()))+":"+k.Data)
	}
	return strings.Join(out, " ")
}

// The expectations below were checked against Chromium 14x (a page printing
// the same operations on a DOMParser document).
func TestCDATASection(t *testing.T) {
	d, err := ParseXML(strings.NewReader(`<r><a>x<![CDATA[a<b&c]]>y</a><![CDATA[]]></r>`))
	if err != nil {
		t.Fatal(err)
	}
	a := d.DocumentElement().First()
	c := a.First().Next()
	tests := []struct{ name, got, want string }{
		{"parsed children", kids(a), "3:x 4:a<b&c 3:y"},
		{"empty section", kids(d.DocumentElement()), "1:a 4:"},
		{"nodeName", c.NodeName(), "#cdata-section"},
		{"XML serialization", d.XMLString(), `<r><a>x<![CDATA[a<b&c]]>y</a><![CDATA[]]></r>`},
		{"innerHTML of an XML element", a.InnerHTML(), `x<![CDATA[a<b&c]]>y`},
		{"wholeText spans text and CDATA", c.WholeText() + "|" + a.First().WholeText(), "xa<b&cy|xa<b&cy"},
		{"textContent includes CDATA", func() string { s, _ := d.DocumentElement().TextContent(); return s }(), "xa<b&cy"},
		{"nodeValue", func() string { s, _ := c.NodeValue(); return s }(), "a<b&c"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	if !c.IsCharacterData() || !c.IsCDATASection() || c.Kind() != CDATASectionNode || a.First().IsCDATASection() {
		t.Errorf("kind checks: %v %v %v", c.IsCharacterData(), c.IsCDATASection(), c.Kind())
	}
}

func TestCreateCDATASection(t *testing.T) {
	x := NewXMLDocument()
	h := mustParse(t, `<p>`)
	tests := []struct {
		name string
		d    *Document
		data string
		err  string // DOMException name, "" for none
	}{
		{"xml document", x, "a]]b", ""},
		{"html document", h, "x", NotSupportedError},
		{"end marker", x, "a]]>b", InvalidCharacterError},
	}
	for _, tt := range tests {
		n, err := tt.d.CreateCDATASection(tt.data)
		if tt.err != "" {
			if !errors.Is(err, &DOMError{Name: tt.err}) {
				t.Errorf("%s: err %v, want %s", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || n.Kind() != CDATASectionNode || n.Data != tt.data {
			t.Errorf("%s: %v, %v", tt.name, n, err)
		}
	}
}

func TestCDATASectionOperations(t *testing.T) {
	x := NewXMLDocument()
	cdata := func(s string) *Node {
		n, err := x.CreateCDATASection(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	el := func(nodes ...*Node) *Node {
		e, err := x.CreateElementNS("", "e")
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range nodes {
			if _, err := e.AppendChild(n); err != nil {
				t.Fatal(err)
			}
		}
		return e
	}
	text := x.CreateTextNode

	t.Run("normalize merges only exclusive Text", func(t *testing.T) {
		e := el(text("a"), cdata("b"), cdata("c"), text("d"), text("e"), cdata(""), text(""))
		e.Normalize()
		if got, want := kids(e), "3:a 4:b 4:c 3:de 4:"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	})
	t.Run("splitText makes a CDATA section", func(t *testing.T) {
		c := cdata("hello")
		e := el(c)
		r, err := c.SplitText(2)
		if err != nil || r.Kind() != CDATASectionNode || kids(e) != "4:he 4:llo" {
			t.Errorf("got %v %v, children %q", r, err, kids(e))
		}
	})
	t.Run("wholeText", func(t *testing.T) {
		e := el(text("a"), cdata("b"), text("c"))
		if got := e.First().Next().WholeText(); got != "abc" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("clone, import and equality", func(t *testing.T) {
		c := cdata("q")
		k := c.CloneNode(false)
		if k.Kind() != CDATASectionNode || !k.IsEqualNode(c) || text("q").IsEqualNode(c) || c.IsEqualNode(text("q")) {
			t.Errorf("clone %v, equal %v, text equal %v", k.Kind(), k.IsEqualNode(c), text("q").IsEqualNode(c))
		}
		h := mustParse(t, `<p>`)
		imp, err := h.ImportNode(el(c), true)
		if err != nil || imp.First().Kind() != CDATASectionNode {
			t.Fatalf("import: %v", err)
		}
		// An HTML document writes it as text; XMLSerializer as CDATA.
		div := h.Body().First()
		if _, err := div.AppendChild(imp.First()); err != nil {
			t.Fatal(err)
		}
		if _, err := div.AppendChild(h.CreateTextNode("<t>")); err != nil {
			t.Fatal(err)
		}
		if got, want := div.InnerHTML(), "q&lt;t&gt;"; got != want {
			t.Errorf("innerHTML %q, want %q", got, want)
		}
		if got, want := div.XMLString(), `<p xmlns="http://www.w3.org/1999/xhtml"><![CDATA[q]]>&lt;t&gt;</p>`; got != want {
			t.Errorf("XMLString %q, want %q", got, want)
		}
	})
	t.Run("data with ]]> serializes as is", func(t *testing.T) {
		c := cdata("a")
		c.SetData("x]]>y")
		if got, want := el(c).XMLString(), "<e><![CDATA[x]]>y]]></e>"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	})
	t.Run("textContent setter keeps the node", func(t *testing.T) {
		c := cdata("a")
		e := el(c)
		c.SetTextContent("zz")
		if got := kids(e); got != "4:zz" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("range clone of a CDATA section", func(t *testing.T) {
		c := cdata("abcdef")
		el(c)
		r := x.CreateRange()
		if err := r.SetStart(c, 1); err != nil {
			t.Fatal(err)
		}
		if err := r.SetEnd(c, 3); err != nil {
			t.Fatal(err)
		}
		f, err := r.CloneContents()
		if err != nil || kids(f) != "4:bc" || r.String() != "bc" {
			t.Errorf("got %q (%v), string %q", kids(f), err, r.String())
		}
	})
	t.Run("tree walker whatToShow", func(t *testing.T) {
		e := el(text("a"), cdata("b"), text("c"))
		var got []string
		for _, show := range []uint32{0x8, 0x4} { // SHOW_CDATA_SECTION, SHOW_TEXT
			w := x.CreateTreeWalker(e, show, nil)
			for {
				n, err := w.NextNode()
				if err != nil || n == nil {
					break
				}
				got = append(got, n.Data)
			}
		}
		if g := strings.Join(got, ","); g != "b,a,c" {
			t.Errorf("got %q", g)
		}
	})
}

// BenchmarkParseXML parses an XML feed of 500 items with text, CDATA
// sections and attributes.
func BenchmarkParseXML(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<?xml version="1.0"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>`)
	for i := 0; i < 500; i++ {
		sb.WriteString(`<item id="i"><title>Title &amp; more</title><description><![CDATA[<p>Some <b>HTML</b> body</p>]]></description><dc:creator>me</dc:creator></item>`)
	}
	sb.WriteString(`</channel></rss>`)
	src := sb.String()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseXML(strings.NewReader(src)); err != nil {
			b.Fatal(err)
		}
	}
}
