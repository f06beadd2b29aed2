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
