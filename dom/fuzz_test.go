package dom

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// checkTree verifies the link invariants of the tree under root and that
// the id index agrees with a scan of the document.
func checkTree(t *testing.T, d *Document) {
	t.Helper()
	var walk func(n *Node)
	walk = func(n *Node) {
		var prev *html.Node
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			if k.Parent != &n.Node || k.PrevSibling != prev {
				t.Fatalf("broken links under %s", n.NodeName())
			}
			if node(k).doc != d && n.Type != html.DocumentNode {
				// nodes of a document's tree belong to it
				if node(k).Root().Type == html.DocumentNode {
					t.Fatalf("connected node of another document")
				}
			}
			prev = k
			walk(node(k))
		}
		if n.LastChild != prev {
			t.Fatalf("LastChild of %s is wrong", n.NodeName())
		}
	}
	walk(&d.Node)
	first := map[string]*Node{}
	d.Descendants(func(n *Node) bool {
		if n.Type == html.ElementNode {
			if id, ok := n.GetAttribute("id"); ok && id != "" && first[id] == nil {
				first[id] = n
			}
		}
		return true
	})
	for id, want := range first {
		if got := d.GetElementByID(id); got != want {
			t.Fatalf("getElementById(%q) = %v, scan finds %v", id, got, want)
		}
	}
	for id, e := range d.ids {
		if !e.first.IsConnected() || e.first.ID() != id {
			t.Fatalf("index holds %q -> element not connected or with another id", id)
		}
	}
}

// FuzzTreeOps runs arbitrary sequences of DOM operations and checks that
// nothing panics and the tree and id index stay consistent.
func FuzzTreeOps(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte("\x05\x01\x02\x09\x03\x07\x00\x00\x0b\x04\x0c\x0d"))
	f.Fuzz(func(t *testing.T, ops []byte) {
		d, _ := Parse(strings.NewReader(`<!DOCTYPE html><div id=a><p id=b>x<b id=c>y</b>z</p><template id=t><i id=a>in</i></template></div><ul id=d><li id=a>1<li>2</ul>`))
		r := d.CreateRange()
		pool := []*Node{&d.Node}
		d.Descendants(func(n *Node) bool { pool = append(pool, n); return true })
		at := func(i int) *Node { return pool[i%len(pool)] }
		for i := 0; i+2 < len(ops) && i < 3*64; i += 3 {
			op, x, y := ops[i]%16, at(int(ops[i+1])), at(int(ops[i+2]))
			if debugOps && y.ParentNode() != nil {
				t.Logf("before: y parent %s, y %q, start %s", y.ParentNode().NodeName(), y.OuterHTML(), r.StartContainer().NodeName())
			}
			switch op {
			case 0:
				_, _ = x.AppendChild(y)
			case 1:
				_, _ = x.InsertBefore(y, x.First())
			case 2:
				_, _ = x.RemoveChild(y)
			case 3:
				if p := y.ParentNode(); p != nil {
					_, _ = p.ReplaceChild(x, y)
				}
			case 4:
				if x.IsElement() {
					_ = x.SetAttribute("id", fmt.Sprint(ops[i+2]%4))
				}
			case 5:
				if x.IsElement() {
					x.RemoveAttribute("id")
				}
			case 6:
				if x.IsElement() {
					_ = x.SetInnerHTML(fmt.Sprintf("<span id=%d>t</span>u<td>v", ops[i+2]%3))
					x.Descendants(func(n *Node) bool { pool = append(pool, n); return true })
				}
			case 7:
				x.Normalize()
			case 8:
				if x.Type == html.TextNode {
					if nt, err := x.SplitText(int(ops[i+2]) % (x.Length() + 1)); err == nil {
						pool = append(pool, nt)
					}
				}
			case 9:
				if len(pool) < 200 && len(x.OuterHTML()) < 4096 { // no exponential growth
					pool = append(pool, x.CloneNode(true))
				}
			case 10:
				_ = r.SetStart(x, int(ops[i+2])%(x.Length()+1))
			case 11:
				_ = r.SetEnd(x, int(ops[i+2])%(x.Length()+1))
			case 12:
				if f, err := r.ExtractContents(); err == nil {
					pool = append(pool, f)
				}
			case 13:
				_ = r.InsertNode(y)
			case 14:
				x.Remove()
			case 15:
				if x.IsCharacterData() {
					_ = x.ReplaceData(int(ops[i+2])%(x.Length()+1), 2, "é😀")
				}
			}
			if debugOps {
				t.Logf("op %d x=%s y=%s -> range (%s %d, %s %d)", op, x.NodeName(), y.NodeName(), r.StartContainer().NodeName(), r.StartOffset(), r.EndContainer().NodeName(), r.EndOffset())
			}
			checkTree(t, d)
			if r.StartOffset() > r.StartContainer().Length() || r.EndOffset() > r.EndContainer().Length() {
				t.Fatalf("range offsets out of bounds after op %d", op)
			}
		}
		_ = d.OuterHTML()
	})
}

var debugOps = false

// FuzzInnerHTML sets arbitrary markup as innerHTML in many contexts: no
// panic, and the result serializes.
func FuzzInnerHTML(f *testing.F) {
	for _, s := range []string{"<td>x", "<option>a<option>b", "<template><tr>", "<svg><foreignObject><p>", "</p>\x00<!--", "<table><a>", "<foreignObject><template><b>x</template>y", "<math><mi><template><td>"} {
		f.Add(s, uint8(0))
	}
	contexts := []string{"div", "table", "tbody", "tr", "select", "template", "textarea", "script", "html", "body", "head", "iframe", "noscript", "svg", "math", "foreignObject", "p"}
	f.Fuzz(func(t *testing.T, markup string, which uint8) {
		d, err := Parse(strings.NewReader(`<div id=x></div><svg><foreignObject id=fo></foreignObject></svg>`))
		if err != nil {
			t.Fatal(err)
		}
		name := contexts[int(which)%len(contexts)]
		var ctx *Node
		switch name {
		case "svg", "math":
			ns := SVGNamespace
			if name == "math" {
				ns = MathMLNamespace
			}
			ctx, _ = d.CreateElementNS(ns, name)
		case "foreignObject":
			ctx = d.GetElementByID("fo")
		default:
			ctx, _ = d.CreateElement(name)
		}
		if err := ctx.SetInnerHTML(markup); err != nil {
			t.Fatalf("innerHTML in %s: %v", name, err)
		}
		_ = ctx.OuterHTML()
		if err := ctx.InsertAdjacentHTML("afterbegin", markup); err != nil {
			t.Fatalf("insertAdjacentHTML in %s: %v", name, err)
		}
		_ = ctx.InnerText()
		checkTree(t, d)
	})
}

// FuzzParseDocument parses arbitrary documents whole and as a
// StreamParser does: no panic, no error, the same tree. Seeds: the
// doctypes and the templates in foreign content x/net/html is helped with
// (doctypemode.go, foreigntemplate.go).
func FuzzParseDocument(f *testing.F) {
	for _, s := range []string{"<!DOCTYPE HTML><p><table>", "<!doctype html public \"x\" junk><p><table>", "<!DOCTYPE html PUBLIC \"a\"\n>x",
		"<svg><foreignObject><template><p>a</template><b>b", "<math><annotation-xml encoding=text/html><template><template>x<svg><desc><template>y",
		"<svg><title><template></template></title></svg><script>a()</script>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		whole, err := Parse(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		s, err := streamAll(t, src, ParseOptions{}, 3, false)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := whole.OuterHTML(), s.OuterHTML(); a != b || whole.CompatMode() != s.CompatMode() {
			t.Fatalf("stream %q (%s), whole %q (%s)", b, s.CompatMode(), a, whole.CompatMode())
		}
	})
}

// FuzzSelector runs arbitrary selectors: no panic, errors are SyntaxErrors,
// and the temporary markers (:scope, :checked, SVG names) never stay.
func FuzzSelector(f *testing.F) {
	for _, s := range []string{":scope > p", ":is(a, b) :checked", "p:has(> i)", "linearGradient", ":where(", "[a=':scope']", "a\\:b", ":not(:is(a))", "*|*",
		"[*|class~=a]", "[|TiTlE]", ":state(x)", "#a\\", "#\\0 a", "p\x00", ":open, :modal", ":not(:is(.A, ##))", "P > I", "[a^='']"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sel string) {
		d, _ := Parse(strings.NewReader(`<div id=r><p class=a><i>x</i></p><input type=checkbox checked><svg><linearGradient/></svg></div>`))
		before := d.OuterHTML()
		r := d.GetElementByID("r")
		for _, run := range []func() error{
			func() error { _, err := r.QuerySelectorAll(sel); return err },
			func() error { _, err := d.QuerySelector(sel); return err },
			func() error { _, err := r.Matches(sel); return err },
			func() error { _, err := r.First().Closest(sel); return err },
		} {
			if err := run(); err != nil {
				var de *DOMError
				if !errors.As(err, &de) || de.Name != SyntaxError {
					t.Fatalf("%q: %v", sel, err)
				}
			}
		}
		if after := d.OuterHTML(); after != before {
			t.Fatalf("%q changed the document:\n%s\n%s", sel, before, after)
		}
	})
}

// FuzzInnerTextStyled lays out arbitrary markup with the style hooks
// answering from attributes (d: display, p: position, v: visibility, b/a:
// the ::before/::after display, t: their text), so that atomic inlines,
// pseudo-element boxes and nested out-of-flow boxes meet in any order: no
// panic, no invalid UTF-8 from valid input (a held space is taken out
// again by index), and the same text when asked twice.
func FuzzInnerTextStyled(f *testing.F) {
	for _, s := range []string{
		`x <i d=inline-block></i> <span p=absolute>3</span> y`,
		`<p>a</p> <span p=absolute> b <span p=absolute>c</span> </span> <br> d`,
		`<a d=block> <i b=inline-block></i> <span p=fixed></span> </a>e`,
		`<table><tr><td>c <span p=absolute>h</span></td><td a=inline t=" ">x</td></tr></table>`,
		`<div d=flex> <span b=block>f</span> </div><span v=hidden p=absolute> q </span> w`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, markup string) {
		d, err := Parse(strings.NewReader(`<body><div id=x></div>`))
		if err != nil {
			t.Fatal(err)
		}
		x := d.GetElementByID("x")
		if err := x.SetInnerHTML(markup); err != nil {
			t.Fatal(err)
		}
		d.Display = func(n *Node) string {
			if v, ok := n.GetAttribute("d"); ok {
				return v
			}
			return defaultDisplayOf(n)
		}
		d.ComputedStyle = func(n *Node, prop string) string {
			switch prop {
			case "position":
				return n.Attribute("p")
			case "visibility":
				for e := n; e != nil; e = e.ParentElement() {
					if v, ok := e.GetAttribute("v"); ok {
						return v
					}
				}
			}
			return ""
		}
		d.PseudoBox = func(n *Node, pseudo string) (string, string) {
			return n.Attribute(pseudo[:1]), n.Attribute("t")
		}
		s := x.InnerText()
		if utf8.ValidString(markup) && !utf8.ValidString(s) {
			t.Fatalf("invalid UTF-8 %q", s)
		}
		if again := x.InnerText(); again != s {
			t.Fatalf("innerText changed from %q to %q", s, again)
		}
	})
}

// defaultDisplayOf is a small UA sheet for the fuzzer's Display hook.
func defaultDisplayOf(n *Node) string {
	switch n.Data {
	case "div", "p", "ul", "li", "body":
		return "block"
	case "table":
		return "table"
	case "tr":
		return "table-row"
	case "td", "th":
		return "table-cell"
	case "tbody":
		return "table-row-group"
	case "script", "style", "head":
		return "none"
	}
	return "inline"
}
