package dom

import (
	"fmt"
	"testing"
)

// TestSetInnerHTMLRawTextContext checks innerHTML in the context of an
// element whose contents the tokenizer reads as text: no end tag is
// appropriate there, so the whole markup is one Text node (character
// references decoded in title and textarea), as in Chromium; x/net/html
// alone would end it at the context's end tag.
func TestSetInnerHTMLRawTextContext(t *testing.T) {
	const markup = "a</%s>b&amp;<i>c</i>\r\n\x00d"
	for _, c := range []struct {
		tag, want string
	}{
		{"textarea", "a</textarea>b&<i>c</i>\nd"},
		{"title", "a</title>b&<i>c</i>\nd"},
		{"style", "a</style>b&amp;<i>c</i>\n\uFFFDd"},
		{"xmp", "a</xmp>b&amp;<i>c</i>\n\uFFFDd"},
		{"iframe", "a</iframe>b&amp;<i>c</i>\n\uFFFDd"},
		{"noembed", "a</noembed>b&amp;<i>c</i>\n\uFFFDd"},
		{"noframes", "a</noframes>b&amp;<i>c</i>\n\uFFFDd"},
		{"noscript", "a</noscript>b&amp;<i>c</i>\n\uFFFDd"},
		{"script", "a</script>b&amp;<i>c</i>\n\uFFFDd"},
		{"plaintext", "a</plaintext>b&amp;<i>c</i>\n\uFFFDd"},
	} {
		d := mustParse(t, `<body>`)
		d.Scripting = true
		el, err := d.CreateElement(c.tag)
		if err != nil {
			t.Fatal(err)
		}
		if err := el.SetInnerHTML(fmt.Sprintf(markup, c.tag)); err != nil {
			t.Fatal(err)
		}
		if k := el.First(); k == nil || k.Next() != nil || k.Kind() != TextNode || k.Data != c.want {
			t.Errorf("%s: innerHTML gave %q (%d children), want one text %q", c.tag, el.InnerHTML(), len(el.ChildNodeList()), c.want)
		}
	}
}

// TestSetInnerHTMLNoscriptWithoutScripting checks innerHTML on a noscript
// element of a document without scripting: its markup is parsed as
// elements (x/net/html's tokenizer would read a noscript context as text
// whatever the scripting flag).
func TestSetInnerHTMLNoscriptWithoutScripting(t *testing.T) {
	d := NewHTMLDocument("", false)
	el, err := d.CreateElement("noscript")
	if err != nil {
		t.Fatal(err)
	}
	if err := el.SetInnerHTML("<b>z</b><style>a<i</style>"); err != nil {
		t.Fatal(err)
	}
	if got, want := el.InnerHTML(), "<b>z</b><style>a<i</style>"; got != want || el.First() == nil || el.First().Kind() != ElementNode {
		t.Errorf("innerHTML gave %q, want %q as elements", got, want)
	}
}
