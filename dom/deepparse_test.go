package dom

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestParseDeepDocument: a document nested deeper than x/net/html accepts
// is parsed, flattened below the depth limit, with all its content, as
// browsers do, instead of failing.
func TestParseDeepDocument(t *testing.T) {
	garbage := make([]byte, 1<<20)
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range garbage {
		garbage[i] = byte(rnd.Uint32())
	}
	tests := []struct {
		name, src, text string
	}{
		{"divs", "<!doctype html><body>" + strings.Repeat("<div>", 100000) + "leaf", "leaf"},
		{"spans and divs", strings.Repeat("<span><div>", 2000) + "deep text" + strings.Repeat("</div></span>", 2000) + "<p>after", "deep textafter"},
		{"formatting", strings.Repeat("<b><i><p>", 5000) + "formatted", "formatted"},
		{"tables", strings.Repeat("<table><tr><td>", 3000) + "cell", "cell"},
		{"script inside", strings.Repeat("<div>", 1000) + `<script>var s = "<div><div>";</script>end`, `var s = "<div><div>";end`},
		{"garbage", string(garbage), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse(strings.NewReader(tt.src))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			depth, deepest := 0, 0
			for n := &d.Node; n != nil; n = n.following(&d.Node) {
				depth = 0
				for p := n; p != nil; p = p.ParentNode() {
					depth++
				}
				deepest = max(deepest, depth)
			}
			if deepest > 520 {
				t.Errorf("tree is %d deep, want at most ~512", deepest)
			}
			body := d.Body()
			if body == nil {
				t.Fatal("no body")
			}
			if text, _ := body.TextContent(); !strings.Contains(text, tt.text) {
				t.Errorf("body text lacks %q", tt.text)
			}
		})
	}
}

func FuzzFlattenDeep(f *testing.F) {
	for _, s := range []string{"<div><div>x</div></div>", "<b><i>", "<script><div></script>", "<br><img>", "</p></p>", "<svg><path/></svg>"} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, src string, limit int) {
		limit = 1 + abs(limit)%8
		out := flattenDeep(src, limit)
		// Only end tags are added: the source is a subsequence of the output.
		i := 0
		for j := 0; j < len(out) && i < len(src); j++ {
			if out[j] == src[i] {
				i++
			}
		}
		if i != len(src) {
			t.Fatalf("flattenDeep(%q, %d) = %q drops source bytes", src, limit, out)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TestParseDeepFragment: innerHTML of markup nested deeper than x/net/html
// accepts is flattened too, instead of throwing.
func TestParseDeepFragment(t *testing.T) {
	d, err := Parse(strings.NewReader("<!doctype html><body><div id=host></div>"))
	if err != nil {
		t.Fatal(err)
	}
	host := d.GetElementByID("host")
	if err := host.SetInnerHTML(strings.Repeat("<div>", 20000) + "leaf"); err != nil {
		t.Fatalf("SetInnerHTML: %v", err)
	}
	if text, _ := host.TextContent(); text != "leaf" {
		t.Errorf("text %q, want leaf", text)
	}
}
