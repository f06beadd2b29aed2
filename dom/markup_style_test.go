package dom

import (
	"strings"
	"testing"
)

// TestSerializeStyleText: SerializeOptions.StyleText replaces the contents
// of HTML <style> elements only, and an end tag in the text it gives cannot
// close the element early.
func TestSerializeStyleText(t *testing.T) {
	d, err := Parse(strings.NewReader(`<style id=s>old</style><svg><style id=v>svg</style></svg><p id=p>text</p>`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ text, want string }{
		{".a{}", `<style id="s">.a{}</style>`},
		{`.b{content:"</STYLE><p>"}`, `<style id="s">.b{content:"<\/STYLE><p>"}</style>`},
		{"</style</style>", `<style id="s"><\/style<\/style></style>`},
		{"", `<style id="s"></style>`},
	}
	for _, tt := range tests {
		var b strings.Builder
		err := WriteHTML(&b, &d.Node, SerializeOptions{StyleText: func(n *Node) (string, bool) { return tt.text, true }})
		if err != nil {
			t.Fatal(err)
		}
		got := b.String()
		if !strings.Contains(got, tt.want) {
			t.Errorf("StyleText %q: got %s, want %s in it", tt.text, got, tt.want)
		}
		if !strings.Contains(got, `<style id="v">svg</style>`) || !strings.Contains(got, `<p id="p">text</p>`) {
			t.Errorf("StyleText %q changed an element that is not an HTML <style>: %s", tt.text, got)
		}
	}
}

// TestSerializeAllShadowRootsAndAdoptedStyles: AllShadowRoots writes closed
// and unserializable shadow roots as declarative ones, each followed by the
// sheets AdoptedStyles gives for it, and a whole document's adopted sheets
// end its body; parsing the result attaches the roots again.
func TestSerializeAllShadowRootsAndAdoptedStyles(t *testing.T) {
	d, err := Parse(strings.NewReader(`<head><title>t</title></head><body>` +
		`<x-card id=a><template shadowrootmode=open><h2>in shadow</h2><slot name=s></slot></template><b slot=s>light</b></x-card>` +
		`<x-note id=b><template shadowrootmode=closed shadowrootdelegatesfocus>closed text</template></x-note><p>end</p></body>`))
	if err != nil {
		t.Fatal(err)
	}
	sa := d.GetElementByID("a").ShadowRoot()
	if sa == nil || d.GetElementByID("b").ShadowRoot() == nil {
		t.Fatal("the declarative shadow roots were not attached")
	}
	sheets := map[*Node][]AdoptedStyle{
		sa:      {{Text: ".h{color:red}\n"}, {Text: "p{}</style><i>", Media: "print"}},
		&d.Node: {{Text: "body{margin:0}\n"}},
	}
	write := func(opts SerializeOptions) string {
		var w strings.Builder
		if err := WriteHTML(&w, &d.Node, opts); err != nil {
			t.Fatal(err)
		}
		return w.String()
	}
	got := write(SerializeOptions{AllShadowRoots: true, AdoptedStyles: func(n *Node) []AdoptedStyle { return sheets[n] }})
	want := `<html><head><title>t</title></head><body>` +
		`<x-card id="a"><template shadowrootmode="open"><h2>in shadow</h2><slot name="s"></slot><style>.h{color:red}` + "\n" + `</style><style media="print">p{}<\/style><i></style></template><b slot="s">light</b></x-card>` +
		`<x-note id="b"><template shadowrootmode="closed" shadowrootdelegatesfocus="">closed text</template></x-note>` +
		`<p>end</p><style>body{margin:0}` + "\n" + `</style></body></html>`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if plain := write(SerializeOptions{}); strings.Contains(plain, "template") || strings.Contains(plain, "style") {
		t.Errorf("without the options shadow roots and adopted sheets are left out, got %s", plain)
	}
	back, err := Parse(strings.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	for id, mode := range map[string]string{"a": "open", "b": "closed"} {
		s := back.GetElementByID(id).ShadowRoot()
		if s == nil || s.ShadowMode() != mode {
			t.Errorf("parsed back, #%s has shadow root %v, want a %s one", id, s, mode)
		}
	}
}
