package dom

import (
	"fmt"
	"strings"
	"testing"
)

// A template that x/net/html's tree builder handles while an SVG or
// MathML element is open made it ignore the rest of the input: the
// template and all that followed were lost.
func TestTemplateInForeignContent(t *testing.T) {
	cases := []struct{ in, want string }{
		{`<svg><foreignObject><template><p>a</p></template><div>after</div></foreignObject></svg><p>rest`,
			`<svg><foreignObject><template><p>a</p></template><div>after</div></foreignObject></svg><p>rest</p>`},
		{`<math><annotation-xml encoding="text/html"><template>x</template><b>after</b></annotation-xml></math><p>rest`,
			`<math><annotation-xml encoding="text/html"><template>x</template><b>after</b></annotation-xml></math><p>rest</p>`},
		{`<math><mi><template id=t><td>cell</td></template>i</mi></math>z`,
			`<math><mi><template id="t"><td>cell</td></template>i</mi></math>z`},
		{`<svg><title><template>x</template>t</title></svg><p>rest`,
			`<svg><title><template>x</template>t</title></svg><p>rest</p>`},
		// unclosed, to the end of the input
		{`<svg><desc><template><b>x`, `<svg><desc><template><b>x</b></template></desc></svg>`},
		// nested, and several
		{"<svg><foreignObject><template>1<svg><foreignObject><template>2</template>3</foreignObject></svg>4</template>5<template>6</template>7</foreignObject></svg>8",
			"<svg><foreignObject><template>1<svg><foreignObject><template>2</template>3</foreignObject></svg>4</template>5<template>6</template>7</foreignObject></svg>8"},
		// positions kept: line breaks and wide characters in the template
		{"<svg><foreignObject><template>é\n€😀</template></foreignObject></svg><i>x</i>",
			"<svg><foreignObject><template>é\n€😀</template></foreignObject></svg><i>x</i>"},
		// after an end tag of the svg the tree builder ignores (in the p
		// of a foreignObject), the svg still open
		{"<svg><foreignObject><p>f</svg><template><tr><td>in</td></tr></template><b>after</b>",
			"<svg><foreignObject><p>f<template><tr><td>in</td></tr></template><b>after</b></p></foreignObject></svg>"},
		// scripts after it, and inside it
		{"<svg><foreignObject><template><script>a()</script></template><script>b()</script></foreignObject></svg><script>c()</script>",
			"<svg><foreignObject><template><script>a()</script></template><script>b()</script></foreignObject></svg><script>c()</script>"},
	}
	for _, c := range cases {
		d, err := Parse(strings.NewReader(c.in))
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Body().InnerHTML(); got != c.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", c.in, got, c.want)
		}
		for _, split := range []int{0, 1, 7, -1} {
			s, err := streamAll(t, c.in, ParseOptions{}, max(split, 1), split < 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Body().InnerHTML(); got != c.want {
				t.Errorf("stream %d %q:\n got %s\nwant %s", split, c.in, got, c.want)
			}
		}
		body := d.Body()
		f, err := body.ParseFragment(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := fragmentHTML(f); got != c.want {
			t.Errorf("fragment %q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func fragmentHTML(f *Node) string {
	var b strings.Builder
	for k := f.First(); k != nil; k = k.Next() {
		b.WriteString(k.OuterHTML())
	}
	return b.String()
}

// The StreamParser parses the source with the template cut out: the
// scripts after it keep their positions, and the one inside it is
// completed (it never runs: its preparation stops at "not connected").
func TestStreamTemplateInForeignContentPositions(t *testing.T) {
	src := "<svg><foreignObject><template>é\n€<script>a()</script>😀\n</template>\n  <script>b()</script></foreignObject></svg><script>c()</script>"
	p, err := NewStreamParser(src, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var got []string
	for {
		n, pos, err := p.Next()
		if err != nil {
			break
		}
		text, _ := n.TextContent()
		got = append(got, fmt.Sprintf("%s@%d:%d", text, pos.Line, pos.Column))
	}
	want := "a()@0:0 b()@4:11 c()@4:53"
	if strings.Join(got, " ") != want {
		t.Errorf("scripts: %v, want %s", got, want)
	}
	if h := p.Document().Body().InnerHTML(); !strings.Contains(h, "<template>é\n€<script>a()</script>😀\n</template>") {
		t.Errorf("body: %s", h)
	}
}
