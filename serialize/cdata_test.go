package serialize

import (
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// A CDATA section a script imported from an XML document into the page is
// a Text node there: the snapshot writes its data escaped, as Chromium's
// outerHTML does (XMLSerializer would write <![CDATA[...]]>), and raw in a
// script data block.
func TestCDATASectionInSnapshot(t *testing.T) {
	x, err := dom.ParseXML(strings.NewReader(`<r><![CDATA[a<b&c]]><![CDATA[{"k":"<v>"}]]></r>`))
	if err != nil {
		t.Fatal(err)
	}
	d, err := dom.Parse(strings.NewReader(`<p id=p></p><script id=s type="application/json"></script>`))
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"p", "s"} {
		c, err := d.ImportNode(x.DocumentElement().ChildAt(i), false)
		if err != nil || c.Kind() != dom.CDATASectionNode {
			t.Fatalf("import: %v, %v", c, err)
		}
		if _, err := d.GetElementByID(id).AppendChild(c); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	if err := Document(&b, d, Options{}); err != nil {
		t.Fatal(err)
	}
	want := `<html><head></head><body><p id="p">a&lt;b&amp;c</p><script id="s" type="application/json">{"k":"<v>"}</script></body></html>`
	if got := b.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
