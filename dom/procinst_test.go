package dom

import (
	"fmt"
	"strings"
	"testing"
)

// TestHTMLProcessingInstructions checks that the HTML parser makes
// processing instructions of <?target data> where the standard's tokenizer
// does (the same characters a bogus comment took), and that they serialize
// with "?>", as in Chromium.
func TestHTMLProcessingInstructions(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<?go there?>`, `<?go there?>`},
		{`<?go there>`, `<?go there?>`},
		{`<?go?>x`, `<?go ?>x`},
		{`<?Go-2_x  a b ?>`, `<?Go-2_x a b ?>`},
		{"<?go\n\tdata?>", `<?go data?>`},
		{`<?go ??>`, `<?go ??>`},
		{`<?go?more>`, `<?go ?more?>`},
		{`<?_u>`, `<?_u ?>`},
		{`<?go a > b?>`, `<?go a ?> b?&gt;`},
		// Comments: no valid target, or a reserved one.
		{`<?xml version="1.0"?>`, `<!--?xml version="1.0"?-->`},
		{`<?XML-Stylesheet href=a?>`, `<!--?XML-Stylesheet href=a?-->`},
		{`<?1go?>`, `<!--?1go?-->`},
		{`<?-go>`, `<!--?-go-->`},
		{`<?go$ x>`, `<!--?go$ x-->`},
		{`<?a.b>`, `<!--?a.b-->`},
		{`<? go?>`, `<!--? go?-->`},
		{`<??>`, `<!--??-->`},
		// A real comment with the same data stays one.
		{`<!--?go there?-->`, `<!--?go there?-->`},
		// Text content is not tokenized.
		{`<textarea><?go?></textarea>`, `<textarea>&lt;?go?&gt;</textarea>`},
	}
	for _, tt := range tests {
		d := mustParse(t, "<body>"+tt.in)
		if got := d.Body().InnerHTML(); got != tt.want {
			t.Errorf("document %q: got %q, want %q", tt.in, got, tt.want)
		}
		div, _ := d.CreateElement("div")
		if err := div.SetInnerHTML(tt.in); err != nil {
			t.Fatal(err)
		}
		if got := div.InnerHTML(); got != tt.want {
			t.Errorf("innerHTML %q: got %q, want %q", tt.in, got, tt.want)
		}
	}
	d := mustParse(t, "<?top a?><html><body><div><?in b></div>")
	pi := d.Body().First().First()
	if pi.Kind() != ProcessingInstructionNode || pi.Target() != "in" || pi.Data != "b" {
		t.Errorf("in div: %v %q %q", pi.Kind(), pi.Target(), pi.Data)
	}
	if first := d.First(); first.Kind() != ProcessingInstructionNode || first.Target() != "top" {
		t.Errorf("before html: %v", first.Kind())
	}
}

// BenchmarkParseManyProcessingInstructions parses a page of 20,000
// distinct processing instructions and 20,000 comments that look like
// them: each is looked up in one index of the markup, not searched for in
// it (which was quadratic).
func BenchmarkParseManyProcessingInstructions(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("<!doctype html><body>")
	for i := range 20000 {
		fmt.Fprintf(&sb, "<p>x</p><?pi%d d?><!--?c%d-->", i, i)
	}
	src := sb.String()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(strings.NewReader(src)); err != nil {
			b.Fatal(err)
		}
	}
}
