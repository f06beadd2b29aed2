package dom

import (
	"errors"
	"runtime"
	"testing"
)

func htmlOf(n *Node) string {
	if n.Kind() == DocumentFragmentNode {
		return n.InnerHTML()
	}
	return n.OuterHTML()
}

func TestRangeContents(t *testing.T) {
	const src = `<div id=r><p id=a>Hello <b>big</b> world</p><p id=b>second para</p></div>`
	type setup func(d *Document, r *Range)
	textOf := func(d *Document, id string, nth int) *Node {
		n := d.GetElementByID(id).First()
		for ; nth > 0; nth-- {
			n = n.Next()
		}
		return n
	}
	span := func(d *Document, r *Range) { // "lo <b>big</b> world</p><p>sec"
		_ = r.SetStart(textOf(d, "a", 0), 3)
		_ = r.SetEnd(textOf(d, "b", 0), 3)
	}
	tests := []struct {
		name      string
		set       setup
		op        string
		wantFrag  string
		wantTree  string
		wantStr   string
		wantStart string
	}{
		{"extract across", span, "extract", `<p id="a">lo <b>big</b> world</p><p id="b">sec</p>`,
			`<p id="a">Hel</p><p id="b">ond para</p>`, "lo big worldsec", "r:1"},
		{"clone across", span, "clone", `<p id="a">lo <b>big</b> world</p><p id="b">sec</p>`,
			`<p id="a">Hello <b>big</b> world</p><p id="b">second para</p>`, "lo big worldsec", "#text:3"},
		{"delete across", span, "delete", ``,
			`<p id="a">Hel</p><p id="b">ond para</p>`, "lo big worldsec", "r:1"},
		{"extract in one text", func(d *Document, r *Range) {
			_ = r.SetStart(textOf(d, "b", 0), 1)
			_ = r.SetEnd(textOf(d, "b", 0), 4)
		}, "extract", "eco", `<p id="a">Hello <b>big</b> world</p><p id="b">snd para</p>`, "eco", "#text:1"},
		{"select node then extract", func(d *Document, r *Range) { _ = r.SelectNode(d.GetElementByID("a")) }, "extract",
			`<p id="a">Hello <b>big</b> world</p>`, `<p id="b">second para</p>`, "Hello big world", "r:0"},
		{"surround", func(d *Document, r *Range) {
			_ = r.SetStart(textOf(d, "b", 0), 0)
			_ = r.SetEnd(textOf(d, "b", 0), 6)
		}, "surround", "", `<p id="a">Hello <b>big</b> world</p><p id="b"><em>second</em> para</p>`, "second", "b:1"}, // an empty Text node stays before <em>
		{"insert into text", func(d *Document, r *Range) {
			_ = r.SetStart(textOf(d, "b", 0), 6)
		}, "insert", "", `<p id="a">Hello <b>big</b> world</p><p id="b">second<em></em> para</p>`, "", "#text:6"},
	}
	for _, tt := range tests {
		d := mustParse(t, src)
		r := d.CreateRange()
		tt.set(d, r)
		if got := r.String(); got != tt.wantStr {
			t.Errorf("%s: toString %q want %q", tt.name, got, tt.wantStr)
		}
		var frag *Node
		var err error
		switch tt.op {
		case "extract":
			frag, err = r.ExtractContents()
		case "clone":
			frag, err = r.CloneContents()
		case "delete":
			err = r.DeleteContents()
		case "surround":
			em, _ := d.CreateElement("em")
			err = r.SurroundContents(em)
		case "insert":
			em, _ := d.CreateElement("em")
			err = r.InsertNode(em)
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if frag != nil {
			if got := htmlOf(frag); got != tt.wantFrag {
				t.Errorf("%s: fragment %s\nwant %s", tt.name, got, tt.wantFrag)
			}
		}
		if got := d.GetElementByID("r").InnerHTML(); got != tt.wantTree {
			t.Errorf("%s: tree %s\nwant %s", tt.name, got, tt.wantTree)
		}
		start := r.StartContainer()
		label := start.ID()
		if label == "" {
			label = start.NodeName()
		}
		if got := label + ":" + itoa(r.StartOffset()); got != tt.wantStart {
			t.Errorf("%s: start %s want %s", tt.name, got, tt.wantStart)
		}
	}
}

func TestRangeLive(t *testing.T) {
	d := mustParse(t, `<div id=r><i>1</i><b>2</b><u>3</u></div>`)
	root := d.GetElementByID("r")
	r := d.CreateRange()
	_ = r.SelectNode(mustQuery(t, root, "u")) // (r,2)-(r,3)
	root.First().Remove()
	if r.StartOffset() != 1 || r.EndOffset() != 2 {
		t.Errorf("after removal before: %d %d", r.StartOffset(), r.EndOffset())
	}
	x, _ := d.CreateElement("x")
	_, _ = root.InsertBefore(x, root.First())
	if r.StartOffset() != 2 || r.EndOffset() != 3 {
		t.Errorf("after insertion before: %d %d", r.StartOffset(), r.EndOffset())
	}
	mustQuery(t, root, "u").Remove()
	if !r.Collapsed() || r.StartContainer() != root || r.StartOffset() != 2 {
		t.Errorf("after removing the selected node: %v %d", r.Collapsed(), r.StartOffset())
	}
	tx := mustQuery(t, root, "b").First()
	_ = r.SetStart(tx, 0)
	_ = r.SetEnd(tx, 1)
	_ = tx.InsertData(0, "ab")
	if r.StartOffset() != 0 || r.EndOffset() != 3 {
		t.Errorf("after insertData: %d %d", r.StartOffset(), r.EndOffset())
	}
	rest, _ := tx.SplitText(1)
	if r.EndContainer() != rest || r.EndOffset() != 2 {
		t.Errorf("after splitText: %v %d", r.EndContainer().Data, r.EndOffset())
	}
	mustQuery(t, root, "b").Normalize()
	if r.EndContainer() != tx || r.EndOffset() != 3 {
		t.Errorf("after normalize: %q %d", r.EndContainer().Data, r.EndOffset())
	}
}

func TestRangeCompareAndErrors(t *testing.T) {
	d := mustParse(t, `<!DOCTYPE html><p id=a>x</p><p id=b>y</p>`)
	a, b := d.GetElementByID("a"), d.GetElementByID("b")
	r1, r2 := d.CreateRange(), d.CreateRange()
	_ = r1.SelectNodeContents(a)
	_ = r2.SelectNodeContents(b)
	if c, _ := r1.CompareBoundaryPoints(StartToStart, r2); c != -1 {
		t.Errorf("START_TO_START = %d", c)
	}
	if c, _ := r2.CompareBoundaryPoints(EndToStart, r1); c != 1 {
		t.Errorf("END_TO_START = %d", c)
	}
	if c, _ := r1.ComparePoint(b, 0); c != 1 {
		t.Errorf("comparePoint = %d", c)
	}
	if ok, _ := r1.IsPointInRange(a.First(), 1); !ok {
		t.Error("isPointInRange")
	}
	if !r1.IntersectsNode(a.First()) || r1.IntersectsNode(b) {
		t.Error("intersectsNode")
	}
	errs := []struct {
		err  error
		want string
	}{
		{r1.SetStart(d.Doctype(), 0), InvalidNodeTypeError},
		{r1.SetEnd(a, 5), IndexSizeError},
		{func() error { _, err := r1.CompareBoundaryPoints(7, r2); return err }(), NotSupportedError},
		{func() error { _, err := r1.CompareBoundaryPoints(0, NewDocument().CreateRange()); return err }(), WrongDocumentError},
	}
	for _, e := range errs {
		var de *DOMError
		if !errors.As(e.err, &de) || de.Name != e.want {
			t.Errorf("err %v, want %s", e.err, e.want)
		}
	}
	f, err := r1.CreateContextualFragment("<td>cell</td><b>x</b>")
	if err != nil || f.InnerHTML() != "cell<b>x</b>" {
		t.Errorf("createContextualFragment: %q %v", f.InnerHTML(), err)
	}
}

func TestRangesAreHeldWeakly(t *testing.T) {
	d := NewDocument()
	for i := 0; i < 100; i++ {
		d.CreateRange()
	}
	runtime.GC()
	n := 0
	d.liveRanges(func(*Range) { n++ })
	if n == 100 || len(d.rangeSet.ranges) != n {
		t.Errorf("dropped ranges are still tracked: %d", n)
	}
}

// TestRangeInConvertedNodes checks the live ranges inside nodes given to
// append(), prepend(), before(), after(), replaceWith() and
// replaceChildren() with other nodes: they stay in those nodes, as in
// Chromium, which inserts them with no fragment between (DOM's "convert
// nodes into a node" makes one, whose removal would move the ranges to it),
// while the ranges in a script's fragment still follow DOM.
func TestRangeInConvertedNodes(t *testing.T) {
	for _, c := range []struct {
		name string
		op   func(parent, text *Node) error
		want string
	}{
		{"append", func(p, k *Node) error { return p.Append(k, p.doc.CreateTextNode("x")) }, "#text,1"},
		{"append alone", func(p, k *Node) error { return p.Append(k) }, "#text,1"},
		{"prepend", func(p, k *Node) error { return p.Prepend(p.doc.CreateTextNode("x"), k) }, "#text,1"},
		{"before", func(p, k *Node) error { return p.First().Before(k, p.doc.CreateTextNode("x")) }, "#text,1"},
		{"replaceChildren", func(p, k *Node) error { return p.ReplaceChildren(k, p.doc.CreateTextNode("x")) }, "#text,1"},
		{"fragment", func(p, k *Node) error {
			f := p.doc.CreateDocumentFragment()
			if _, err := f.AppendChild(k); err != nil {
				return err
			}
			_, err := p.AppendChild(f)
			return err
		}, "#document-fragment,0"},
	} {
		d := mustParse(t, `<div id=p><i></i></div>`)
		p := d.GetElementByID("p")
		k := d.CreateTextNode("abc")
		r := d.CreateRange()
		if err := r.SetStart(k, 1); err != nil {
			t.Fatal(err)
		}
		if err := c.op(p, k); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := r.StartContainer().NodeName() + "," + itoa(r.StartOffset()); got != c.want {
			t.Errorf("%s: range starts at %s, want %s", c.name, got, c.want)
		}
	}
}

// TestRangeRenderedText: the Selection stringifier's text, innerText's
// rules over the part of the tree a range covers (Chromium 156's results).
func TestRangeRenderedText(t *testing.T) {
	const src = `<div id=r><p id=a>abc<b>def</b>ghi</p><!--c--><p id=b>jkl</p><p id=h hidden>hidden</p><p id=c>m  n   o</p><pre id=pre>a  b</pre></div>`
	tests := []struct {
		name           string
		start          string
		so             int
		end            string
		eo             int
		want, wantData string
	}{
		{"inside one text", "a", 1, "a", 3, "bc", "bc"},
		{"across paragraphs", "a", 1, "b", 2, "bcdefghi\n\njk", "bcdefghijk"},
		// the range's last space is rendered: "n" follows on its line
		{"hidden paragraph left out", "b", 0, "c", 3, "jkl\n\nm ", "jklhiddenm  "},
		{"a collapsed run's first space", "c", 1, "c", 5, " n ", "  n "},
		{"collapsed spaces", "c", 0, "c", 8, "m n o", "m  n   o"},
		{"pre keeps spaces", "pre", 0, "pre", 4, "a  b", "a  b"},
		{"hidden only", "h", 0, "h", 6, "", "hidden"},
		{"collapsed", "a", 1, "a", 1, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustParse(t, src)
			r := d.CreateRange()
			if err := r.SetStart(d.GetElementByID(tt.start).First(), tt.so); err != nil {
				t.Fatal(err)
			}
			if err := r.SetEnd(d.GetElementByID(tt.end).First(), tt.eo); err != nil {
				t.Fatal(err)
			}
			if got := r.RenderedText(); got != tt.want {
				t.Errorf("RenderedText = %q, want %q", got, tt.want)
			}
			if got := r.String(); got != tt.wantData {
				t.Errorf("String = %q, want %q", got, tt.wantData)
			}
		})
	}
}

// TestRangeOnTextChange: OnTextChange reports changes of text that move a
// boundary point, not node insertions or removals (Chromium's
// selectionchange rule, testdata/wpt/sel-events.html).
func TestRangeOnTextChange(t *testing.T) {
	tests := []struct {
		name string
		op   func(d *Document, p *Node)
		want int
	}{
		{"insertData before the range", func(d *Document, p *Node) { _ = p.First().InsertData(0, "zz") }, 1},
		{"appendData after it", func(d *Document, p *Node) { p.First().AppendData("zz") }, 0},
		{"deleteData over the start", func(d *Document, p *Node) { _ = p.First().DeleteData(0, 2) }, 1},
		{"splitText inside", func(d *Document, p *Node) { _, _ = p.First().SplitText(2) }, 1},
		{"splitText after it", func(d *Document, p *Node) { _, _ = p.First().SplitText(5) }, 0},
		{"insert a node before", func(d *Document, p *Node) { e, _ := d.CreateElement("i"); _, _ = p.InsertBefore(e, p.First()) }, 0},
		{"remove the text", func(d *Document, p *Node) { p.First().Remove() }, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustParse(t, `<p id=p>abcdef</p>`)
			p := d.GetElementByID("p")
			r := d.CreateRange()
			_ = r.SetStart(p.First(), 1)
			_ = r.SetEnd(p.First(), 4)
			calls := 0
			r.OnTextChange = func() { calls++ }
			tt.op(d, p)
			if calls != tt.want {
				t.Errorf("OnTextChange called %d times, want %d", calls, tt.want)
			}
		})
	}
}
