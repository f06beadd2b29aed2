package dom

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// streamAll parses src with a StreamParser whose scripts do nothing, in
// segments of at most split bytes (0: at script end tags only), checking
// after each step that the mirror is complete: a full walk finds nothing
// left to mirror.
func streamAll(t testing.TB, src string, opts ParseOptions, split int, fine bool) (*Document, error) {
	return streamAllWith(t, src, opts, split, fine, nil)
}

// streamAllWith is streamAll with custom element hooks made for the
// parser by hooks (nil: none).
func streamAllWith(t testing.TB, src string, opts ParseOptions, split int, fine bool, hooks func(*StreamParser) CustomElementHooks) (*Document, error) {
	p, err := NewStreamParser(src, opts)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	if hooks != nil {
		p.CustomElements = hooks(p)
	}
	p.split = split
	p.Observed = func() bool { return fine }
	var records int
	p.doc.OnMutation = func(*MutationRecord) { records++ }
	var missed error
	p.afterStep = func() {
		before := records
		p.sync(true)
		// (selectedcontent elements are refilled at each sync)
		if records != before && missed == nil && !p.conv.selectedContent {
			var b bytes.Buffer
			dumpTree(&b, &p.doc.Node, 0)
			missed = fmt.Errorf("a full walk after a step mirrored %d more changes; document now:\n%s", records-before, b.String())
		}
	}
	for {
		_, _, err := p.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	return p.Document(), missed
}

// TestStreamMatchesParse: for every html5lib tree-construction input,
// parsing in segments (at script end tags, and at every few bytes) with
// scripts that do nothing gives the tree a whole parse gives.
func TestStreamMatchesParse(t *testing.T) {
	dir := html5libDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.dat"))
	if err != nil || len(files) == 0 {
		t.Skipf("no html5lib tests in %s", dir)
	}
	n := 0
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
			for _, split := range []int{0, 1, 5, -1} {
				n++
				// -1: every byte, new nodes inserted one by one
				fine := split < 0
				d, err := streamAll(t, tt.data, opts, max(split, 1), fine)
				if err != nil {
					t.Errorf("%s split %d: %q: %v", tt.id, split, tt.data, err)
					continue
				}
				var got bytes.Buffer
				dumpTree(&got, &d.Node, 0)
				if got.String() != want.String() {
					t.Errorf("%s split %d: %q\n got:\n%s\nwant:\n%s", tt.id, split, tt.data, got.String(), want.String())
				}
			}
		}
	}
	t.Logf("%d streamed parses compared", n)
}

func TestStreamGoroutineEnds(t *testing.T) {
	before := runtime.NumGoroutine()
	for range 20 {
		p, err := NewStreamParser("<p>a<script>1</script><p>b<script>2</script><div>", ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := p.Next(); err != nil {
			t.Fatal(err)
		}
		p.Close() // abandoned mid-document
	}
	for range 200 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Errorf("%d goroutines, %d before", runtime.NumGoroutine(), before)
}

func bodyHTML(t testing.TB, d *Document) string {
	t.Helper()
	b := d.Body()
	if b == nil {
		return "<no body>"
	}
	return b.InnerHTML()
}

// TestStreamScripts drives a StreamParser as a script runner does: what
// each script sees when it runs, and where document.write inserts.
func TestStreamScripts(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		write map[string]string // script text -> markup it writes
		seen  []string          // the body (or "<no body>") as each script is returned
		final string            // the final body
		pos   []Position        // positions of the page's scripts
	}{
		{
			name:  "a script sees only what comes before it",
			src:   "<body><p>a</p><script>s1</script><p>b</p><script>s2</script><p>c</p>",
			seen:  []string{"<p>a</p><script>s1</script>", "<p>a</p><script>s1</script><p>b</p><script>s2</script>"},
			final: "<p>a</p><script>s1</script><p>b</p><script>s2</script><p>c</p>",
			pos:   []Position{{1, 23}, {1, 50}},
		},
		{
			name:  "text written in head closes it and opens the body",
			src:   "<!doctype html><html><head><script>w</script></head><body></body></html>",
			write: map[string]string{"w": "hi"},
			seen:  []string{"<no body>"},
			final: "hi",
		},
		{
			name:  "elements written after the script, before the rest",
			src:   "<body><script>w</script><p>rest</p>",
			write: map[string]string{"w": "<i id=x>1</i><b>2</b>"},
			seen:  []string{"<script>w</script>"},
			final: "<script>w</script><i id=\"x\">1</i><b>2</b><p>rest</p>",
		},
		{
			name:  "a written script runs nested, and writes before the rest of the outer write",
			src:   "<body><script>w</script><p>rest</p>",
			write: map[string]string{"w": "<script>v</script><u>after v</u>", "v": "<s>by v</s>"},
			seen:  []string{"<script>w</script>", "<script>w</script><script>v</script>"},
			final: "<script>w</script><script>v</script><s>by v</s><u>after v</u><p>rest</p>",
		},
		{
			name:  "a </script> in an escaped script does not end it",
			src:   "<body><script><!--<script></script>--></script><p>x</p>",
			seen:  []string{"<script><!--<script></script>--></script>"},
			final: "<script><!--<script></script>--></script><p>x</p>",
		},
		{
			name:  "positions count lines and the characters before the text",
			src:   "<!doctype html>\n<head>\r\n<script>\r\n a()</script></head>\n<body>é<script>b()</script>",
			seen:  []string{"<no body>", "é<script>b()</script>"},
			final: "é<script>b()</script>",
			pos:   []Position{{3, 9}, {5, 16}},
		},
		{
			name:  "attribute order of formatting elements survives streaming and writes",
			src:   "<body><a title=t href=h>1</a><script>w</script><b z=1 a=2>3</b>",
			write: map[string]string{"w": "<i d=1 c=2>2</i>"},
			seen:  []string{`<a title="t" href="h">1</a><script>w</script>`},
			final: `<a title="t" href="h">1</a><script>w</script><i d="1" c="2">2</i><b z="1" a="2">3</b>`,
		},
		{
			name:  "a script truncated by the end of the input is not returned",
			src:   "<body><script>s1</script><script>never",
			seen:  []string{"<script>s1</script>"},
			final: "<script>s1</script><script>never</script>",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := NewStreamParser(tt.src, ParseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			var seen []string
			var pos []Position
			var run func(s *Node, at Position) bool
			run = func(s *Node, at Position) bool {
				seen = append(seen, bodyHTML(t, p.Document()))
				if w, ok := tt.write[textOf(s)]; ok {
					if err := p.Write(w, run); err != nil {
						t.Fatal(err)
					}
				}
				return true
			}
			for {
				s, at, err := p.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				pos = append(pos, at)
				run(s, at)
			}
			if fmt.Sprint(seen) != fmt.Sprint(tt.seen) {
				t.Errorf("seen by the scripts:\n got %q\nwant %q", seen, tt.seen)
			}
			if got := bodyHTML(t, p.Document()); got != tt.final {
				t.Errorf("final body\n got %s\nwant %s", got, tt.final)
			}
			if tt.pos != nil && fmt.Sprint(pos) != fmt.Sprint(tt.pos) {
				t.Errorf("positions %v, want %v", pos, tt.pos)
			}
		})
	}
}

// TestStreamMutationRecords: the document's mutation hook sees the
// parser's insertions as child list records: one per new subtree, or, when
// observed, one per node in the order a browser's parser inserts them
// (Chromium: BODY>DIV, DIV>P, P>#text, BODY>#text, BODY>SCRIPT, SCRIPT>#text).
func TestStreamMutationRecords(t *testing.T) {
	for _, tt := range []struct {
		observed bool
		want     string
	}{
		{false, "[BODY>DIV BODY>#text BODY>SCRIPT]"},
		{true, "[BODY>DIV DIV>P P>#text BODY>#text BODY>SCRIPT SCRIPT>#text]"},
	} {
		p, err := NewStreamParser("<body><script>1</script><div><p>a</p></div>text<script>2</script>", ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		p.Observed = func() bool { return tt.observed }
		if _, _, err := p.Next(); err != nil {
			t.Fatal(err)
		}
		var added []string
		p.Document().OnMutation = func(r *MutationRecord) {
			for _, n := range r.AddedNodes {
				added = append(added, r.Target.NodeName()+">"+n.NodeName())
			}
		}
		if _, _, err := p.Next(); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(added) != tt.want {
			t.Errorf("observed %v: added %v, want %s", tt.observed, added, tt.want)
		}
		p.Close()
	}
}

func textOf(n *Node) string {
	s, _ := n.TextContent()
	return s
}

// TestStreamDeep: a document nested deeper than x/net/html accepts still
// gives a document (parsed whole, flattened), no panic.
func TestStreamDeep(t *testing.T) {
	src := "<body><script>1</script>" + strings.Repeat("<div>", 5000) + "x<script>2</script>"
	p, err := NewStreamParser(src, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	n := 0
	for {
		_, _, err := p.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 1 {
		t.Errorf("%d scripts returned, want 1 (those after the refusal do not run)", n)
	}
	if p.Document().Body() == nil {
		t.Fatal("no body")
	}
	if s, _ := p.Document().Body().TextContent(); !strings.Contains(s, "x") {
		t.Errorf("body text %q lacks the deep text", s)
	}
}

// streamPage returns a page of about size bytes with scripts inline
// scripts spread through it.
func streamPage(size, scripts int) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>t</title></head><body>\n")
	row := `<div class="item"><a href="/x" title="t">link</a><span>some text &amp; more</span></div>` + "\n"
	rows := size / len(row)
	every := max(rows/scripts, 1)
	for i := range rows {
		b.WriteString(row)
		if i%every == every-1 {
			fmt.Fprintf(&b, "<script>var x%d = %d;</script>\n", i, i)
		}
	}
	b.WriteString("</body></html>")
	return b.String()
}

func benchStream(b *testing.B, src string) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		p, err := NewStreamParser(src, ParseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		for {
			if _, _, err := p.Next(); err != nil {
				break
			}
		}
		p.Close()
	}
}

func benchWhole(b *testing.B, src string) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseWithOptions(strings.NewReader(src), ParseOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// 1 MB, 30 inline scripts: streaming against a whole parse.
func BenchmarkStream1MB30Scripts(b *testing.B) { benchStream(b, streamPage(1<<20, 30)) }
func BenchmarkWhole1MB30Scripts(b *testing.B)  { benchWhole(b, streamPage(1<<20, 30)) }

// 500 scripts through 20k nodes (about 4k rows of 5 nodes): the mirror
// must not walk the whole document at each of them.
func BenchmarkStream500Scripts20kNodes(b *testing.B) { benchStream(b, streamPage(4000*92, 500)) }
func BenchmarkWhole500Scripts20kNodes(b *testing.B)  { benchWhole(b, streamPage(4000*92, 500)) }

func TestHasScriptTag(t *testing.T) {
	for src, want := range map[string]bool{
		"":                          false,
		"<p>a < b</p>":              false,
		"<SCRIPT>x</SCRIPT>":        true,
		"<svg><Script/></svg>":      true,
		"<p>script</p><scrip":       false,
		"<p>x</p><script":           true,
		"<noscript>x</noscript><b>": false,
	} {
		if got := HasScriptTag(src); got != want {
			t.Errorf("HasScriptTag(%q) = %v, want %v", src, got, want)
		}
	}
}

// FuzzStreamParse: streaming any input, in segments of any size, with
// scripts that do nothing (and, for splits that are multiples of 4, every
// element made at its start tag by custom element hooks), gives the tree
// a whole parse gives, never a panic or a hang.
func FuzzStreamParse(f *testing.F) {
	for _, s := range []string{
		"<p>a<script>1</script>b",
		"<table><script>x</script><tr><td>a<b>c</table>",
		"<a href=1 title=2><p>x</a><script></script>y",
		"<select><option>a<script>s</script><option>b</select>",
		"<template><script>t</script><p>x</template><body x=1><script>b</script><body y=2>",
		"<frameset><script></script></frameset>",
		"<!-- </script> --><script><!--<script></script>--></script>",
		"<x-a title='>'><table><x-b><tr><td><x-c>c</table><!-- <x-d> --><script>'<x-e>'</script>",
	} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(3))
		f.Add(s, uint8(4)) // every element made by custom element hooks
	}
	f.Fuzz(func(t *testing.T, src string, split uint8) {
		if len(src) > 1<<12 {
			return
		}
		whole, err := ParseWithOptions(strings.NewReader(src), ParseOptions{})
		if err != nil {
			return
		}
		var hooks func(*StreamParser) CustomElementHooks
		if split%4 == 0 && split > 0 {
			hooks = func(p *StreamParser) CustomElementHooks { return &everyCustom{t: t, p: p} }
			split = 0
		}
		d, err := streamAllWith(t, src, ParseOptions{}, int(split), split%2 == 1, hooks)
		if err != nil {
			t.Fatal(err)
		}
		var want, got bytes.Buffer
		dumpTree(&want, &whole.Node, 0)
		dumpTree(&got, &d.Node, 0)
		if got.String() != want.String() {
			t.Errorf("%q split %d:\n got:\n%s\nwant:\n%s", src, split, got.String(), want.String())
		}
	})
}

// TestStreamParseUntilScript: what precedes the first script is parsed
// before Next, which then returns that script first.
func TestStreamParseUntilScript(t *testing.T) {
	p, err := NewStreamParser("<p>a</p>\n<script>s1</script><p>b</p><script>s2</script>", ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.ParseUntilScript()
	if got := bodyHTML(t, p.Document()); got != "<p>a</p>\n<script>s1</script>" {
		t.Errorf("body before Next: %s", got)
	}
	var got []string
	for {
		s, pos, err := p.Next()
		if err != nil {
			break
		}
		got = append(got, fmt.Sprint(textOf(s), pos))
	}
	if fmt.Sprint(got) != "[s1{2 9} s2{2 36}]" {
		t.Errorf("scripts %v", got)
	}
}
