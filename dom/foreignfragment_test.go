package dom

import "testing"

// TestForeignFragmentHTMLEndTag: an </html> end tag in markup parsed in an
// SVG or MathML context is ignored; x/net/html popped the fragment's root
// for it and failed on a nil node (a "runtime error" from innerHTML).
// The expectations are Chromium 156's.
func TestForeignFragmentHTMLEndTag(t *testing.T) {
	d := mustParse(t, `<svg><foreignObject id=fo></foreignObject><g id=g></g></svg><math><mi id=mi></mi><mrow id=mr></mrow><annotation-xml id=ax encoding="text/html"></annotation-xml></math>`)
	tests := []struct{ id, markup, want string }{
		{"fo", `<b>a</b><html>x</html>y<i>z</i>`, `<b>a</b>xy<i>z</i>`},
		{"fo", `</html><input></font><marquee>`, `<input><marquee></marquee>`},
		{"mr", `</html></font></a>`, ``},
		{"mi", `</html></b></marquee><col>`, ``},
		{"ax", `</html>x`, `x`},
		{"g", `a</html>b<style></html></style>`, `ab<style></style>`},
	}
	for _, tt := range tests {
		el := d.GetElementByID(tt.id)
		if err := el.SetInnerHTML(tt.markup); err != nil {
			t.Errorf("%s.innerHTML = %q: %v", tt.id, tt.markup, err)
			continue
		}
		if got := el.InnerHTML(); got != tt.want {
			t.Errorf("%s.innerHTML = %q: reads %q, want %q", tt.id, tt.markup, got, tt.want)
		}
	}
}
