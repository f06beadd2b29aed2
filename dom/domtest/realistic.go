// Package domtest generates the big HTML documents the benchmarks of
// dom and serialize parse and serialize, so that both measure the same
// input. It is for tests and benchmarks only, and imports nothing but the
// standard library.
package domtest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
)

// Realistic returns a deterministic HTML document of at least size bytes
// (a little more: it ends the element it is writing), shaped like
// a real page: nested divs with classes and data attributes, lists of links,
// tables, paragraphs with entities and inline markup, inline scripts and
// a JSON-LD block.
func Realistic(size int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"lorem", "ipsum", "dolor", "sit", "amet", "caf&eacute;", "&amp;", "&lt;tag&gt;", "&nbsp;", "na&iuml;ve", "&#8212;", "&copy;", "price", "€", "über", "jQuery", "React"}
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><meta name=fragment content=\"!\"><title>Bench &amp; page</title>")
	b.WriteString("<link rel=stylesheet href=\"/a.css\"><script src=\"/app.js\"></script>")
	b.WriteString("<script type=\"application/ld+json\">{\"@type\":\"Product\",\"name\":\"x\"}</script></head><body class=\"page home\">")
	text := func(n int) {
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[r.IntN(len(words))])
		}
	}
	item := 0
	for b.Len() < size {
		item++
		fmt.Fprintf(&b, "<div class=\"section s%d\" id=\"sec%d\" data-index=\"%d\"><div class=row><div class=\"col col-%d\">", item%7, item, item, item%12)
		fmt.Fprintf(&b, "<h2 class=title>Section %d ", item)
		text(3)
		b.WriteString("</h2>")
		switch item % 4 {
		case 0:
			b.WriteString("<ul class=nav>")
			for i := 0; i < 8; i++ {
				fmt.Fprintf(&b, "<li class=\"item%s\"><a href=\"#!/p/%d/%d?x=1&amp;y=2\" title=\"Go &quot;%d&quot;\">", map[bool]string{true: " active", false: ""}[i == 0], item, i, i)
				text(2)
				b.WriteString("</a>")
			}
			b.WriteString("</ul>")
		case 1:
			b.WriteString("<table class=grid><thead><tr><th>Name<th>Qty<th>Price</thead><tbody>")
			for i := 0; i < 6; i++ {
				fmt.Fprintf(&b, "<tr data-row=%d><td>", i)
				text(2)
				fmt.Fprintf(&b, "<td>%d<td>%d.%02d&nbsp;&euro;", r.IntN(100), r.IntN(1000), r.IntN(100))
			}
			b.WriteString("</tbody></table>")
		case 2:
			for i := 0; i < 3; i++ {
				b.WriteString("<p>")
				text(12)
				b.WriteString(" <b>")
				text(2)
				b.WriteString("</b> <em>")
				text(2)
				b.WriteString("</em> <img src=\"/i.png\" alt=\"an image\" width=10 height=10><br>")
				text(8)
			}
		case 3:
			b.WriteString("<form action=/s><input type=text name=q value=\"search &amp; find\"><select name=s><option value=1>One<option value=2 selected>Two</select><button type=submit>Go</button></form>")
			b.WriteString("<script>window.data = {a: 1 < 2, b: \"</div>\".length};</script><!-- comment -->")
		}
		b.WriteString("</div></div></div>\n")
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}
