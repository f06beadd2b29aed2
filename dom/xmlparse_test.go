package dom

import (
	"errors"
	"strings"
	"testing"
)

func TestParseXML(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // element names with namespace, in tree order
		bad      bool
	}{
		{"namespaces", `<?xml version="1.0"?><r xmlns="urn:d" xmlns:p="urn:p"><p:a p:x="1" y="2">t</p:a><c/></r>`,
			"r{urn:d} p:a{urn:p}[p:x{urn:p} y] c{urn:d}", false},
		{"no namespace keeps case", `<Root><Child/></Root>`, "Root Child", false},
		{"xml attributes", `<r xml:lang="en"/>`, "r[xml:lang{http://www.w3.org/XML/1998/namespace}]", false},
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>`, "svg{http://www.w3.org/2000/svg} circle{http://www.w3.org/2000/svg}[r]", false},
		{"unclosed", `<r><a></r>`, "r parsererror{http://www.w3.org/1999/xhtml} h3{http://www.w3.org/1999/xhtml} div{http://www.w3.org/1999/xhtml} h3{http://www.w3.org/1999/xhtml} a", true},
		{"unbound prefix", `<p:r/>`, "html{http://www.w3.org/1999/xhtml} body{http://www.w3.org/1999/xhtml} parsererror{http://www.w3.org/1999/xhtml} h3{http://www.w3.org/1999/xhtml} div{http://www.w3.org/1999/xhtml} h3{http://www.w3.org/1999/xhtml}", true},
		{"two roots", `<a/><b/>`, "a parsererror{http://www.w3.org/1999/xhtml} h3{http://www.w3.org/1999/xhtml} div{http://www.w3.org/1999/xhtml} h3{http://www.w3.org/1999/xhtml}", true},
		{"empty", ``, "html{http://www.w3.org/1999/xhtml} body{http://www.w3.org/1999/xhtml} parsererror{http://www.w3.org/1999/xhtml} h3{http://www.w3.org/1999/xhtml} div{http://www.w3.org/1999/xhtml} h3{http://www.w3.org/1999/xhtml}", true},
	}
	for _, tt := range tests {
		d, err := ParseXML(strings.NewReader(tt.in))
		if (err != nil) != tt.bad || err != nil && !errors.Is(err, ErrXMLSyntax) {
			t.Errorf("%s: err %v, want bad=%v", tt.name, err, tt.bad)
		}
		var got []string
		d.Descendants(func(n *Node) bool {
			if n.Type != 3 { // html.ElementNode
				return true
			}
			s := n.QualifiedName()
			if ns := n.NamespaceURI(); ns != "" {
				s += "{" + ns + "}"
			}
			var attrs []string
			for i := range n.Attr {
				a := n.AttributeNode(i)
				as := a.QualifiedName()
				if ns := a.NamespaceURI(); ns != "" {
					as += "{" + ns + "}"
				}
				if a.Prefix() == "xmlns" || as == "xmlns{http://www.w3.org/2000/xmlns/}" || n.Data == "parsererror" || n.Data == "div" {
					continue
				}
				attrs = append(attrs, as)
			}
			if len(attrs) > 0 {
				s += "[" + strings.Join(attrs, " ") + "]"
			}
			got = append(got, s)
			return true
		})
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, g, tt.want)
		}
	}
}

func TestParseXMLText(t *testing.T) {
	d, err := ParseXML(strings.NewReader(`<!DOCTYPE r SYSTEM "r.dtd"><r>a&amp;<![CDATA[<b>]]><!--c--><?pi x?></r>`))
	if err != nil {
		t.Fatal(err)
	}
	r := d.DocumentElement()
	if dt := d.Doctype(); dt == nil || dt.Data != "r" || dt.SystemID() != "r.dtd" {
		t.Errorf("doctype %v", dt)
	}
	if got := kids(r); got != "3:a& 4:<b> 8:c 7:x" {
		t.Errorf("text %q", got)
	}
	if c := r.First().Next().Next(); c == nil || c.Kind() != CommentNode || c.Next().Kind() != ProcessingInstructionNode || c.Next().Target() != "pi" {
		t.Errorf("comment and PI not kept")
	}
}

// FuzzParseXML: any input gives a document and no panic.
func FuzzParseXML(f *testing.F) {
	for _, s := range []string{`<r/>`, `<a:b xmlns:a="u"><c a:d="1"/></a:b>`, `<r><x></r>`, `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>`, "\xff<", `<r>a<![CDATA[<b>]]><![CDATA[]]>c</r>`,
		`<!DOCTYPE r [<!ENTITY % p "<!ENTITY e '<b>&#60;</b>'>"> %p;<!ATTLIST r x CDATA #FIXED "a&e;" y (p|q) "p"><!ENTITY f SYSTEM "u">]><r a='&f;'>&e;<!--&e;--></r>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseXML(strings.NewReader(s))
		if d == nil || err == nil && d.DocumentElement() == nil {
			t.Fatalf("ParseXML(%q) = %v, %v", s, d, err)
		}
	})
}
