package xslt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// feedTable is a stylesheet pages use: a feed's items to an HTML table,
// sorted, with a class per row and a formatted price.
const feedTable = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="html"/>
<xsl:template match="/feed"><table><thead><tr><th>Title</th><th>Price</th></tr></thead><tbody>
<xsl:apply-templates select="item"><xsl:sort select="price" data-type="number"/></xsl:apply-templates></tbody></table></xsl:template>
<xsl:template match="item"><tr class="row-{position() mod 2}" id="{@id}"><td><a href="{link}"><xsl:value-of select="title"/></a></td><td><xsl:value-of select="format-number(price, '#,##0.00')"/></td></tr></xsl:template>
</xsl:stylesheet>`

func feedOf(n int) string {
	var b strings.Builder
	b.WriteString("<feed>")
	for i := range n {
		fmt.Fprintf(&b, `<item id="i%d"><title>Item %d</title><link>/items/%d</link><price>%d.%02d</price></item>`, i, i, i, (i*7919)%1000, i%100)
	}
	b.WriteString("</feed>")
	return b.String()
}

// BenchmarkFeedTable transforms a 1,000-item feed to an HTML table and
// parses the HTML result into a document, as transformToDocument does.
func BenchmarkFeedTable(b *testing.B) {
	ss, err := Compile(&parse(b, feedTable).Node)
	if err != nil {
		b.Fatal(err)
	}
	src := parse(b, feedOf(1000))
	b.ReportAllocs()
	for b.Loop() {
		r, err := ss.Apply(&src.Node, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if d := r.Document(); d.Body() == nil {
			b.Fatal("no body")
		}
	}
}

func TestFeedTable(t *testing.T) {
	ss, err := Compile(&parse(t, feedTable).Node)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ss.Apply(&parse(t, feedOf(3)).Node, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := r.Document()
	var rows []string
	for _, tr := range d.Body().FirstElementChild().LastElementChild().ChildNodeList() {
		if tr.IsElement() {
			s, _ := tr.TextContent()
			rows = append(rows, tr.Attribute("id")+":"+strings.TrimSpace(strings.ReplaceAll(s, "\n", " ")))
		}
	}
	if got, want := strings.Join(rows, ","), "i0:Item 0 0.00,i2:Item 2 838.02,i1:Item 1 919.01"; got != want {
		t.Errorf("rows %q, want %q", got, want)
	}
	_ = dom.HTMLNamespace
}
