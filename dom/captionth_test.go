package dom

import (
	"strings"
	"testing"
)

// A <th> start tag in a caption closes it, as the standard and Chromium 156
// do, in every parse: a whole document, a streamed one (split anywhere),
// a fragment. The expected markup is Chromium's (testdata/wpt/lead66-caption-th.html
// checks the same cases against Chromium's own parse).
func TestCaptionTh(t *testing.T) {
	cases := []struct{ src, want string }{
		{`<table><caption>a<th>b</table>`,
			`<table><caption>a</caption><tbody><tr><th>b</th></tr></tbody></table>`},
		{`<table><caption>a<b>x<th>y</table>`,
			`<table><caption>a<b>x</b></caption><tbody><tr><th>y</th></tr></tbody></table>`},
		{`<table><caption><table><tr><th>x</table>y<TH class=c>z</table>`,
			`<table><caption><table><tbody><tr><th>x</th></tr></tbody></table>y</caption><tbody><tr><th class="c">z</th></tr></tbody></table>`},
		{`<table><caption>a<!--<th>-->b<p title="<th>">c</caption></table>`,
			`<table><caption>a<!--<th>-->b<p title="&lt;th&gt;">c</p></caption></table>`},
		{`<table><caption><svg><th>x</svg></caption></table>`,
			`<table><caption><svg><th>x</th></svg></caption></table>`},
		{`<table><caption><textarea><th></textarea><th>q</table>`,
			`<table><caption><textarea>&lt;th&gt;</textarea></caption><tbody><tr><th>q</th></tr></tbody></table>`},
		{`<table><caption><svg><foreignObject><th>x</table>`,
			`<table><caption><svg><foreignObject></foreignObject></svg></caption><tbody><tr><th>x</th></tr></tbody></table>`},
		{`<table><caption><math><mi><th>x</table>`,
			`<table><caption><math><mi></mi></math></caption><tbody><tr><th>x</th></tr></tbody></table>`},
		{`<table><caption><template><th>x</template></caption></table>`,
			`<table><caption><template><th>x</th></template></caption></table>`},
		{`<table><caption><table><caption>x</caption><tr><th>y</table>z<th>w</table>`,
			`<table><caption><table><caption>x</caption><tbody><tr><th>y</th></tr></tbody></table>z</caption><tbody><tr><th>w</th></tr></tbody></table>`},
		{`<table><caption>a<script>s()</script>b<th>c<th>d</table><p>e`,
			`<table><caption>a<script>s()</script>b</caption><tbody><tr><th>c</th><th>d</th></tr></tbody></table><p>e</p>`},
	}
	for _, c := range cases {
		d, err := Parse(strings.NewReader(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Body().InnerHTML(); got != c.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", c.src, got, c.want)
		}
		for _, split := range []int{0, 1, 7} {
			d, err := streamAll(t, c.src, ParseOptions{}, split, false)
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Body().InnerHTML(); got != c.want {
				t.Errorf("stream split %d (%q):\n got %s\nwant %s", split, c.src, got, c.want)
			}
		}
		// As a fragment in a body.
		if err := d.Body().SetInnerHTML(c.src); err != nil {
			t.Fatal(err)
		}
		if got := d.Body().InnerHTML(); got != c.want {
			t.Errorf("innerHTML %q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}

	// In a fragment whose context is a caption, none is on the stack: the
	// th is ignored.
	d, err := Parse(strings.NewReader(`<table><caption></caption></table>`))
	if err != nil {
		t.Fatal(err)
	}
	caption, err := d.QuerySelector("caption")
	if err != nil || caption == nil {
		t.Fatal(caption, err)
	}
	if err := caption.SetInnerHTML("a<th>b"); err != nil {
		t.Fatal(err)
	}
	if got := caption.OuterHTML(); got != "<caption>ab</caption>" {
		t.Errorf("caption.innerHTML: got %s", got)
	}
}

// A page whose captions end with their end tags before its header cells,
// as pages write them, is not tokenized twice nor cut.
func TestCaptionThNoWork(t *testing.T) {
	for _, src := range []string{
		`<table><caption>Orders</caption><thead><tr><th>id<th>total</thead></table>`,
		`<TABLE><CAPTION>a</CAPTION><TR><TH>b</TABLE><table><caption>c</Caption><tr><th>d</table>`,
		`<p>no tables <th> at all`,
	} {
		if mayHaveCaptionTh(src) || captionThs(src) != nil {
			t.Errorf("%q: a th in a caption is looked for", src)
		}
	}
	if !mayHaveCaptionTh(`<table><caption>a<th>b</table>`) {
		t.Error("a th in an open caption is not looked for")
	}
}
