package dom

import "testing"

// TestTextareaChildTextContent checks that a textarea's default value, and
// its value until edited, are its child text content: the data of its Text
// children only, not of the text inside element children script put there
// (as Chromium).
func TestTextareaChildTextContent(t *testing.T) {
	for _, c := range []struct{ markup, want string }{
		{`<textarea id=t>a</textarea>`, "a"},
		{`<textarea id=t></textarea>`, ""},
	} {
		d := mustParse(t, c.markup)
		ta := d.GetElementByID("t")
		if ta.DefaultValue() != c.want || ta.Value() != c.want {
			t.Errorf("%s: default %q value %q, want %q", c.markup, ta.DefaultValue(), ta.Value(), c.want)
		}
	}
	d := mustParse(t, `<textarea id=t>a</textarea>`)
	ta := d.GetElementByID("t")
	b, _ := d.CreateElement("b")
	b.SetTextContent("B")
	if _, err := ta.AppendChild(b); err != nil {
		t.Fatal(err)
	}
	if _, err := ta.AppendChild(d.CreateTextNode("c")); err != nil {
		t.Fatal(err)
	}
	if ta.DefaultValue() != "ac" || ta.Value() != "ac" {
		t.Errorf("with an element child: default %q value %q, want ac", ta.DefaultValue(), ta.Value())
	}
}
