package dom

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNextSegmentCustom(t *testing.T) {
	defines := func(name string) bool { return name == "x-a" || name == "button" }
	for _, tt := range []struct {
		src    string
		seg    string // the segment
		tag    int
		custom bool
	}{
		{"<p>text</p>", "<p>text</p>", -1, false},
		{"<p><x-a>child</x-a>", "<p><x-a>", -1, true},
		{"<X-A id=1>child", "<X-A id=1>", -1, true},
		{"<x-a title='a>b' b=\"c>d\" c = 'e>f'>x", "<x-a title='a>b' b=\"c>d\" c = 'e>f'>", -1, true},
		{"<x-a title=a>b>x", "<x-a title=a>", -1, true},
		{"<x-a/>x", "<x-a/>", -1, true},
		{"<x-b>x<x-a\n>y", "<x-b>x<x-a\n>", -1, true},
		{"<x-ab><x-a>", "<x-ab><x-a>", -1, true},
		{"<script>1</script><x-a>", "<script>1</script>", 9, false},
		{"<x-a><script>1</script>", "<x-a>", -1, true},
		{"<button is=x-b>", "<button is=x-b>", -1, true},
		{"<x-a title='unclosed>", "<x-a title='unclosed>", -1, false},
		{"<x-a", "<x-a", -1, false},
		{"a < b <", "a < b <", -1, false},
		{"</x-a><x-a>", "</x-a><x-a>", -1, true},
	} {
		end, tag, custom := nextSegmentCustom(tt.src, defines)
		if tt.src[:end] != tt.seg || tag != tt.tag || custom != tt.custom {
			t.Errorf("%q: segment %q tag %d custom %v, want %q %d %v", tt.src, tt.src[:end], tag, custom, tt.seg, tt.tag, tt.custom)
		}
		// Without custom pauses, it is nextSegment.
		none := func(string) bool { return false }
		end, tag, _ = nextSegmentCustom(tt.src, none)
		if wend, wtag := nextSegment(tt.src); end != wend || tag != wtag {
			t.Errorf("%q: no names defined: %d %d, nextSegment %d %d", tt.src, end, tag, wend, wtag)
		}
	}
}

// everyCustom is a CustomElementHooks that defines every name and makes
// each element with CreateElement, checking what the standard promises a
// constructor and a connectedCallback.
type everyCustom struct {
	t        testing.TB
	p        *StreamParser
	created  int
	inserted int
	err      error
}

func (c *everyCustom) Defines(string) bool { return true }

func (c *everyCustom) Create(name, is string, setAttributes func(*Node)) *Node {
	el, err := c.p.Document().CreateElement(name)
	if err != nil {
		return nil // a name CreateElement refuses: the parser makes it
	}
	setAttributes(el)
	c.created++
	return el
}

func (c *everyCustom) Inserted(el *Node) {
	c.inserted++
	if c.err == nil && (el.First() != nil || el.ParentNode() == nil) {
		c.err = errors.New("inserted " + el.Data + " with children or no parent")
	}
}

// TestStreamCustomMatchesParse: for every html5lib tree-construction
// input, a parser that pauses at every start tag and has each HTML
// element made by CustomElementHooks gives the tree a whole parse gives.
func TestStreamCustomMatchesParse(t *testing.T) {
	dir := html5libDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.dat"))
	if err != nil || len(files) == 0 {
		t.Skipf("no html5lib tests in %s", dir)
	}
	created := 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		tests, err := readTreeTests(filepath.Base(f), fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range tests {
			if tt.context != "" {
				continue
			}
			opts := ParseOptions{NoScripting: !tt.scripting}
			whole, err := ParseWithOptions(strings.NewReader(tt.data), opts)
			if err != nil {
				continue
			}
			var want bytes.Buffer
			dumpTree(&want, &whole.Node, 0)
			for _, split := range []int{0, 5, -1} {
				var c *everyCustom
				hooks := func(p *StreamParser) CustomElementHooks {
					c = &everyCustom{t: t, p: p}
					return c
				}
				d, err := streamAllWith(t, tt.data, opts, max(split, 0), split < 0, hooks)
				if err == nil {
					err = c.err
				}
				if err != nil {
					t.Errorf("%s split %d: %q: %v", tt.id, split, tt.data, err)
					continue
				}
				created += c.created
				if c.created != c.inserted {
					t.Errorf("%s split %d: %q: %d created, %d inserted", tt.id, split, tt.data, c.created, c.inserted)
				}
				var got bytes.Buffer
				dumpTree(&got, &d.Node, 0)
				if got.String() != want.String() {
					t.Errorf("%s split %d: %q\n got:\n%s\nwant:\n%s", tt.id, split, tt.data, got.String(), want.String())
				}
			}
		}
	}
	if created == 0 {
		t.Fatal("no element was created by the hooks")
	}
	t.Logf("%d elements created by the hooks", created)
}

// stepCustom is a CustomElementHooks for x-a elements whose Create and
// Inserted run the given checks.
type stepCustom struct {
	p        *StreamParser
	create   func(d *Document)
	inserted func(el *Node)
}

func (c *stepCustom) Defines(name string) bool { return name == "x-a" }

func (c *stepCustom) Create(name, is string, setAttributes func(*Node)) *Node {
	c.create(c.p.Document())
	el, _ := c.p.Document().CreateElement(name)
	setAttributes(el)
	return el
}

func (c *stepCustom) Inserted(el *Node) { c.inserted(el) }

// TestStreamCustomElementAtStartTag: the element is created when what
// precedes it is in the document, and inserted before its children are
// parsed; Write in a hook only queues its markup at the insertion point,
// and Next is refused.
func TestStreamCustomElementAtStartTag(t *testing.T) {
	const src = `<p id=a>before</p><x-a id=e class=c><b>child</b></x-a><p id=z>after</p><script>1</script><x-a id=f></x-a>`
	p, err := NewStreamParser(src, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var log []string
	c := &stepCustom{p: p}
	c.create = func(d *Document) {
		log = append(log, "create a="+strings.TrimSpace(fmtNode(d.GetElementByID("a")))+" e="+fmtNode(d.GetElementByID("e")))
	}
	c.inserted = func(el *Node) {
		log = append(log, "inserted "+el.OuterHTML()+" in "+el.ParentNode().Data)
		if el.ID() != "e" {
			return
		}
		el.AppendChild(p.Document().CreateTextNode("cb"))
		if err := p.Write("<i>w</i>", func(*Node, Position) bool { t.Error("Write ran a script in a hook"); return true }); err != nil {
			t.Errorf("Write in a hook: %v", err)
		}
		if _, _, err := p.Next(); !errors.Is(err, errStreamBusy) {
			t.Errorf("Next in a hook: %v, want errStreamBusy", err)
		}
	}
	p.CustomElements = c
	scripts := 0
	for {
		_, _, err := p.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		scripts++
	}
	want := []string{
		"create a=p e=<nil>",
		`inserted <x-a id="e" class="c"></x-a> in body`,
		"create a=p e=x-a",
		`inserted <x-a id="f"></x-a> in body`,
	}
	if strings.Join(log, "\n") != strings.Join(want, "\n") {
		t.Errorf("hooks:\n%s\nwant:\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	if got, want := bodyHTML(t, p.Document()), `<p id="a">before</p><x-a id="e" class="c">cb<i>w</i><b>child</b></x-a><p id="z">after</p><script>1</script><x-a id="f"></x-a>`; got != want {
		t.Errorf("body:\n%s\nwant:\n%s", got, want)
	}
	if scripts != 1 {
		t.Errorf("%d scripts, want 1", scripts)
	}
}

func fmtNode(n *Node) string {
	if n == nil {
		return "<nil>"
	}
	return n.Data
}

// benchCustom is a CustomElementHooks for benchmarks: name is defined and
// made with CreateElement.
type benchCustom struct {
	p    *StreamParser
	name string
}

func (c *benchCustom) Defines(name string) bool { return name == c.name }

func (c *benchCustom) Create(name, is string, setAttributes func(*Node)) *Node {
	el, _ := c.p.Document().CreateElement(name)
	setAttributes(el)
	return el
}

func (c *benchCustom) Inserted(*Node) {}

func benchStreamCustom(b *testing.B, src, name string) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		p, err := NewStreamParser(src, ParseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		p.CustomElements = &benchCustom{p: p, name: name}
		for {
			if _, _, err := p.Next(); err != nil {
				break
			}
		}
		p.Close()
	}
}

// The page of BenchmarkStream500Scripts20kNodes with hooks set: every
// start tag's name is looked up, none is defined (x-none), or 500 elements
// are (x-row, one per script).
func BenchmarkStreamCustomNone500Scripts20kNodes(b *testing.B) {
	benchStreamCustom(b, streamPage(4000*92, 500), "x-none")
}

func BenchmarkStreamCustom500Elements20kNodes(b *testing.B) {
	src := strings.ReplaceAll(streamPage(4000*92, 500), "<script>", "<x-row></x-row><script>")
	benchStreamCustom(b, src, "x-row")
}
