package dom

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestOpenStream: the page's document opened again keeps its identity and
// gets what is written, parsed at once, scripts handed back in order as
// they complete; close (Next until io.EOF) ends the input.
func TestOpenStream(t *testing.T) {
	d := mustParse(t, `<!doctype html><title>Old</title><p id=old onclick="x()">old</p>`)
	old := d.GetElementByID("old")
	p, err := d.OpenStream(context.Background(), ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.Document() != d || d.First() != nil || old.IsConnected() {
		t.Fatalf("after open: same document %v, children %v, old connected %v", p.Document() == d, d.First(), old.IsConnected())
	}
	var ran []string
	run := func(s *Node, _ Position) bool {
		txt, _ := s.TextContent()
		ran = append(ran, txt)
		// A script may look at what precedes it, written already.
		if d.GetElementByID("q") == nil {
			t.Errorf("script %q ran before the markup before it was inserted", txt)
		}
		return true
	}
	for _, s := range []string{`<title>New</title><p id=q>written</p><script>one()</script>`, `<p id=r>more</p><script>two()</script><b>`} {
		if err := p.Write(s, run); err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Join(ran, ","); got != "one(),two()" {
		t.Errorf("scripts run %q", got)
	}
	if d.GetElementByID("r") == nil || d.Title() != "New" {
		t.Errorf("written markup not parsed at once: r %v, title %q", d.GetElementByID("r"), d.Title())
	}
	for {
		s, _, err := p.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Errorf("unexpected script %v at close", s)
	}
	want := `<html><head><title>New</title></head><body><p id="q">written</p><script>one()</script><p id="r">more</p><script>two()</script><b></b></body></html>`
	if got := d.DocumentElement().OuterHTML(); got != want {
		t.Errorf("document\n got %s\nwant %s", got, want)
	}
	if got := d.CompatMode(); got != "BackCompat" {
		t.Errorf("no doctype written: compatMode %s", got)
	}
	if _, err := NewXMLDocument().OpenStream(context.Background(), ParseOptions{}); !errors.Is(err, &DOMError{Name: InvalidStateError}) {
		t.Errorf("XML document: %v", err)
	}
}

// TestOpenStreamContext: a parser whose context ends refuses input instead
// of blocking on its ended goroutine.
func TestOpenStreamContext(t *testing.T) {
	d := mustParse(t, `<p>old`)
	ctx, cancel := context.WithCancel(context.Background())
	p, err := d.OpenStream(ctx, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Write("<p id=a>a</p>", nil); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := p.Write("<p>b</p>", nil); err == nil {
		t.Error("Write after the context ended: no error")
	}
	if _, _, err := p.Next(); err == nil || errors.Is(err, io.EOF) {
		t.Errorf("Next after the context ended: %v", err)
	}
	p.Close()
}
