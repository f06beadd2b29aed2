package dom

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestXMLStreamParser(t *testing.T) {
	src := `<?xml version="1.0"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"><head><script>one</script></head>
<body><p id="p">a &lt; b</p><svg xmlns="http://www.w3.org/2000/svg"><script>two</script></svg><SCRIPT>not a script</SCRIPT><div id="d"/><script src="x.js"/></body></html>`
	p := NewXMLStreamParser(src)
	d := p.Document()
	type pause struct {
		text, ns   string
		p, d, body bool
		pos        Position
	}
	var got []pause
	for {
		el, pos, err := p.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, pause{text(el), el.NamespaceURI(), d.GetElementByID("p") != nil, d.GetElementByID("d") != nil, d.Body() != nil, pos})
	}
	want := []pause{
		{"one", HTMLNamespace, false, false, false, Position{3, 58}},
		{"two", SVGNamespace, true, false, true, Position{4, 77}},
		{"", HTMLNamespace, true, true, true, Position{4, 157}},
	}
	if len(got) != len(want) {
		t.Fatalf("pauses %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("pause %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if p.Err() != nil {
		t.Errorf("Err() = %v", p.Err())
	}
	if !d.IsXML() || d.Doctype() == nil || text(d.GetElementByID("p")) != "a < b" {
		t.Errorf("document: xml %v, doctype %v", d.IsXML(), d.Doctype())
	}
}

// TestXMLStreamParserError: the scripts before a well-formedness error
// run; the document then gets its parsererror, and Next reports the end.
func TestXMLStreamParserError(t *testing.T) {
	p := NewXMLStreamParser(`<html xmlns="http://www.w3.org/1999/xhtml"><body><script>a</script><p>x<br></p><script>b</script></body></html>`)
	el, _, err := p.Next()
	if err != nil || text(el) != "a" {
		t.Fatalf("first pause: %v, %v", el, err)
	}
	if p.Document().GetElementsByTagName("parsererror").Len() != 0 {
		t.Error("a parsererror before the error was met")
	}
	if _, _, err := p.Next(); !errors.Is(err, io.EOF) {
		t.Fatalf("second pause: %v, want io.EOF", err)
	}
	if !errors.Is(p.Err(), ErrXMLSyntax) {
		t.Errorf("Err() = %v, want a syntax error", p.Err())
	}
	root := p.Document().DocumentElement()
	if f := root.First(); f == nil || f.Data != "parsererror" {
		t.Errorf("first child of the root: %v, want parsererror", f)
	}
	if _, _, err := p.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("after the end: %v", err)
	}
}

func text(n *Node) string {
	s, _ := n.TextContent()
	return s
}

// TestParseXMLInvalidUTF8: a byte that is not UTF-8 ends the parse, also
// after an XML declaration naming another encoding (the text was decoded
// already).
func TestParseXMLInvalidUTF8(t *testing.T) {
	d, err := ParseXML(strings.NewReader("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r><t>caf\xe9</t></r>"))
	var se *XMLSyntaxError
	if !errors.As(err, &se) || se.Line != 2 {
		t.Fatalf("error %v, want a syntax error on line 2", err)
	}
	if got := d.DocumentElement().XMLString(); !strings.Contains(got, "<parsererror") || !strings.HasSuffix(got, "<t/></r>") {
		t.Errorf("document %s", got)
	}
}
