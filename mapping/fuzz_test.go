package mapping

import (
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func addURLSeeds(f *testing.F) {
	for _, tc := range uglyCases {
		f.Add(tc.pretty)
		f.Add(tc.ugly)
	}
	for _, s := range []string{
		"", "http://h/p?_escaped_fragment_=a&b=c", "http://h/?%5Fescaped_fragment_=%zz",
		"http://[::1/#!", "http://u@h:8x/#!a", "http://h/p?_escaped_fragment_#!x",
	} {
		f.Add(s)
	}
}

// FuzzRoundTrip checks ToPretty(ToUgly(u)) == u for every URL ToUgly accepts,
// except that an empty "#!" comes back as no "#!" (the meta-tag case), and
// that Classify agrees with both functions.
func FuzzRoundTrip(f *testing.F) {
	addURLSeeds(f)
	f.Fuzz(func(t *testing.T, pretty string) {
		ugly, err := ToUgly(pretty)
		if err != nil {
			if k := Classify(pretty); k == Pretty {
				t.Fatalf("Classify(%q) = pretty but ToUgly fails: %v", pretty, err)
			}
			return
		}
		if k := Classify(pretty); k != Pretty {
			t.Fatalf("ToUgly accepts %q but Classify says %v", pretty, k)
		}
		if k := Classify(ugly); k != Ugly {
			t.Fatalf("Classify(ToUgly(%q) = %q) = %v, want ugly", pretty, ugly, k)
		}
		back, err := ToPretty(ugly)
		if err != nil {
			t.Fatalf("ToPretty(ToUgly(%q) = %q): %v", pretty, ugly, err)
		}
		want := pretty
		if strings.HasSuffix(pretty, "#!") && strings.Index(pretty, "#") == len(pretty)-2 {
			want = pretty[:len(pretty)-2]
		}
		if back != want {
			t.Fatalf("round trip of %q via %q gave %q", pretty, ugly, back)
		}
	})
}

// FuzzToPretty checks that ToPretty never panics, that Classify agrees with
// it, and that what it returns maps to a canonical ugly URL and back to itself.
func FuzzToPretty(f *testing.F) {
	addURLSeeds(f)
	f.Fuzz(func(t *testing.T, ugly string) {
		pretty, err := ToPretty(ugly)
		if err != nil {
			if k := Classify(ugly); k == Ugly {
				t.Fatalf("Classify(%q) = ugly but ToPretty fails: %v", ugly, err)
			}
			return
		}
		if k := Classify(ugly); k != Ugly {
			t.Fatalf("ToPretty accepts %q but Classify says %v", ugly, k)
		}
		if !strings.Contains(pretty, "#!") {
			// The meta-tag case: the page URL itself, plain.
			if k := Classify(pretty); k != Plain {
				t.Fatalf("ToPretty(%q) = %q, classified %v, want plain", ugly, pretty, k)
			}
			return
		}
		canonical, err := ToUgly(pretty)
		if err != nil {
			t.Fatalf("ToUgly(ToPretty(%q) = %q): %v", ugly, pretty, err)
		}
		again, err := ToPretty(canonical)
		if err != nil || again != pretty {
			t.Fatalf("ToPretty(%q) = %q, %v; want %q", canonical, again, err, pretty)
		}
	})
}

// FuzzOptsIn checks that OptsIn never fails or panics on in-memory input and
// agrees with the full HTML parser about metas in the head.
func FuzzOptsIn(f *testing.F) {
	for _, s := range []string{
		``, `<meta name=fragment content=!>`, `<head><template><meta name=fragment content=!></template>`,
		`<head></head><meta name=fragment content=!><body>`, `<head><noscript><meta name=fragment content=!>`,
		`<html><head><title>x</title><script>a<b</script></head><body><meta name=fragment content=!>`,
		`<head><frameset><meta name=fragment content=!>`, `x<meta name=fragment content=!>`,
		`<svg><meta name=fragment content=!>`, `<head></br><meta name=fragment content=!>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		got, err := OptsIn(strings.NewReader(doc))
		if err != nil {
			t.Fatalf("OptsIn(%q): %v", doc, err)
		}
		root, err := html.Parse(strings.NewReader(doc))
		if err != nil {
			t.Fatalf("html.Parse(%q): %v", doc, err)
		}
		if want := headOptsIn(root); got != want {
			t.Fatalf("OptsIn(%q) = %v, the parsed tree's head says %v", doc, got, want)
		}
	})
}

// headOptsIn is the reference answer: a qualifying meta that is a child of
// the parsed document's head.
func headOptsIn(root *html.Node) bool {
	for n := range root.Descendants() {
		if n.Type != html.ElementNode || n.DataAtom != atom.Head {
			continue
		}
		for c := range n.ChildNodes() {
			if c.Type != html.ElementNode || c.DataAtom != atom.Meta || c.Namespace != "" {
				continue
			}
			var name, content *string
			for i := range c.Attr {
				a := &c.Attr[i]
				switch {
				case a.Namespace != "":
				case a.Key == "name" && name == nil:
					name = &a.Val
				case a.Key == "content" && content == nil:
					content = &a.Val
				}
			}
			if name != nil && content != nil && ascii.EqualFoldBytes([]byte(*name), "fragment") && *content == "!" {
				return true
			}
		}
		return false
	}
	return false
}
