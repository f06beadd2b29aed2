package serialize

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
	"golang.org/x/net/html/atom"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/serialize")

// TestGolden renders each testdata/serialize/*.html with the default
// snapshot options and compares with the .golden file next to it
// (go test ./serialize -update rewrites them).
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("../testdata/serialize/*.html")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			d, err := dom.Parse(bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := Document(&got, d, Options{}); err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(in, ".html") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("output differs from %s:\n got %s\nwant %s", golden, got.Bytes(), want)
			}
		})
	}
}

// roundTrip returns serialize(parse(src)) and serialize(parse(that)).
func roundTrip(t testing.TB, src []byte) (first, second []byte) {
	t.Helper()
	once := func(b []byte) []byte {
		d, err := dom.Parse(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := Document(&out, d, Options{KeepScripts: true, KeepFragmentMeta: true}); err != nil {
			t.Fatal(err)
		}
		return out.Bytes()
	}
	first = once(src)
	return first, once(first)
}

// TestRoundTrip checks parse → serialize → parse → serialize gives the
// bytes of the first serialize, for the golden inputs and a table of
// tricky fragments.
func TestRoundTrip(t *testing.T) {
	inputs, _ := filepath.Glob("../testdata/serialize/*.html")
	var srcs [][]byte
	for _, in := range inputs {
		b, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, b)
	}
	for _, s := range []string{
		"", "x", "<p>a<p>b", "<table>x<tr>y", "<svg><p>", "<math><mi><b>",
		"<textarea>\nx</textarea>", "<pre>\n\nx</pre>", "<listing>\nx</listing>",
		"<title><b></title>", "<a><a>", "<select><option>a<select>",
		"<template><td></template>", "<noscript><p>x</noscript>",
		"<p title='<>&\"\u00a0'>", "<!doctype html PUBLIC \"x\" \"y\">",
		"<body a=1><body b=2>", "<html c=3><p>", "\x00<p>\x00",
	} {
		srcs = append(srcs, []byte(s))
	}
	for _, src := range srcs {
		first, second := roundTrip(t, src)
		if !bytes.Equal(first, second) && !knownUnstable(src) {
			t.Errorf("not stable for %.60q:\n first %s\nsecond %s", src, first, second)
		}
	}
}

// FuzzRoundTrip: parsing arbitrary input never panics, and serializing is
// stable under a second parse.
func FuzzRoundTrip(f *testing.F) {
	inputs, _ := filepath.Glob("../testdata/serialize/*.html")
	for _, in := range inputs {
		if b, err := os.ReadFile(in); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("<table><tr><td>x</table><svg><foreignObject><p>"))
	f.Fuzz(func(t *testing.T, src []byte) {
		first, second := roundTrip(t, src)
		if !bytes.Equal(first, second) && !knownUnstable(src) {
			t.Errorf("not stable:\n first %q\nsecond %q", first, second)
		}
	})
}

// knownUnstable reports serializations that do not survive a second
// parse for reasons the HTML standard itself warns about (the note after
// https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments);
// browsers serialize these the same way, and byte-exactness with them wins.
// The same classes as dom's unstableReason (test code cannot be shared):
// a quirks-mode doctype, carriage returns, plaintext, a leading newline in
// pre/textarea/listing, script text with <!--, a, form, p, nobr or
// button nested in its own kind (foster parenting makes them), and a
// declarative shadow root template left over because its host had one.
func knownUnstable(src []byte) bool {
	d, err := dom.Parse(bytes.NewReader(src))
	if err != nil {
		return false
	}
	if d.Doctype() != nil && d.CompatMode() == "BackCompat" {
		return true
	}
	unstable := false
	var walk func(n *dom.Node)
	walk = func(n *dom.Node) {
		n.Descendants(func(e *dom.Node) bool {
			switch {
			case e.IsCharacterData() && strings.Contains(e.Data, "\r"):
				unstable = true
			case e.Is(atom.Plaintext):
				unstable = true
			case e.Is(atom.Template):
				// A second declarative shadow root for a host stays a
				// template, and attaches on the next parse.
				if m := strings.ToLower(e.Attribute("shadowrootmode")); m == "open" || m == "closed" {
					unstable = true
				}
			case e.Is(atom.Pre) || e.Is(atom.Textarea) || e.Is(atom.Listing):
				if f := e.First(); f != nil && f.Kind() == dom.TextNode && strings.HasPrefix(f.Data, "\n") {
					unstable = true
				}
			case e.Is(atom.Script):
				if s, _ := e.TextContent(); strings.Contains(s, "<!--") {
					unstable = true
				}
			case e.Is(atom.A) || e.Is(atom.Form) || e.Is(atom.P) || e.Is(atom.Nobr) || e.Is(atom.Button):
				for p := e.ParentNode(); p != nil; p = p.ParentNode() {
					if p.Is(e.DataAtom) {
						unstable = true
					}
				}
			}
			for _, a := range e.Attr {
				if strings.Contains(a.Val, "\r") {
					unstable = true
				}
			}
			if c := e.TemplateContent(); c != nil {
				walk(c)
			}
			return !unstable
		})
	}
	walk(&d.Node)
	return unstable
}
