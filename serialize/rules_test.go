package serialize

import (
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// build returns a body-less document's new element, for DOM-built cases the
// parser cannot produce.
func el(t testing.TB, d *dom.Document, name string) *dom.Node {
	t.Helper()
	e, err := d.CreateElement(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func elNS(t testing.TB, d *dom.Document, ns, name string) *dom.Node {
	t.Helper()
	e, err := d.CreateElementNS(ns, name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func add(t testing.TB, parent *dom.Node, kids ...*dom.Node) *dom.Node {
	t.Helper()
	if err := parent.Append(kids...); err != nil {
		t.Fatal(err)
	}
	return parent
}

// TestSerializationRules covers each step of the HTML fragment
// serialization algorithm (https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments)
// on trees built with DOM calls, as scripts build them.
func TestSerializationRules(t *testing.T) {
	d := dom.NewDocument()
	txt := d.CreateTextNode
	withAttr := func(n *dom.Node, kv ...string) *dom.Node {
		for i := 0; i < len(kv); i += 2 {
			if err := n.SetAttribute(kv[i], kv[i+1]); err != nil {
				t.Fatal(err)
			}
		}
		return n
	}
	withAttrNS := func(n *dom.Node, ns, q, v string) *dom.Node {
		if err := n.SetAttributeNS(ns, q, v); err != nil {
			t.Fatal(err)
		}
		return n
	}
	pi, err := d.CreateProcessingInstruction("xml-stylesheet", "href=a")
	if err != nil {
		t.Fatal(err)
	}
	dt, _ := d.CreateDocumentType("html", "-//W3C//DTD HTML 4.01//EN", "http://www.w3.org/TR/html4/strict.dtd")
	tests := []struct {
		name string
		node *dom.Node
		want string
	}{
		{"text escapes & < > nbsp, not quotes", add(t, el(t, d, "p"), txt("a&b<c>d\u00a0e\"f'g")), `<p>a&amp;b&lt;c&gt;d&nbsp;e"f'g</p>`},
		{"attribute escapes & \" < > nbsp, not '", withAttr(el(t, d, "p"), "title", "a&b\"c<d>e\u00a0f'g"), `<p title="a&amp;b&quot;c&lt;d&gt;e&nbsp;f'g"></p>`},
		{"empty attribute", withAttr(el(t, d, "input"), "disabled", ""), `<input disabled="">`},
		{"attribute order as set", withAttr(el(t, d, "a"), "z", "1", "a", "2", "m", "3"), `<a z="1" a="2" m="3"></a>`},
		{"void elements have no end tag nor children", add(t, el(t, d, "br"), txt("lost")), `<br>`},
		{"void list", add(t, el(t, d, "div"), el(t, d, "area"), el(t, d, "base"), el(t, d, "basefont"), el(t, d, "bgsound"), el(t, d, "col"), el(t, d, "embed"), el(t, d, "frame"), el(t, d, "hr"), el(t, d, "img"), el(t, d, "keygen"), el(t, d, "link"), el(t, d, "meta"), el(t, d, "param"), el(t, d, "source"), el(t, d, "track"), el(t, d, "wbr")),
			`<div><area><base><basefont><bgsound><col><embed><frame><hr><img><keygen><link><meta><param><source><track><wbr></div>`},
		{"non-void empty element", el(t, d, "span"), `<span></span>`},
		{"raw text parents", add(t, el(t, d, "div"),
			add(t, el(t, d, "script"), txt("a<b&&c>d")), add(t, el(t, d, "style"), txt("a>b&")),
			add(t, el(t, d, "xmp"), txt("<x>")), add(t, el(t, d, "iframe"), txt("<x>")),
			add(t, el(t, d, "noembed"), txt("<x>")), add(t, el(t, d, "noframes"), txt("<x>")),
			add(t, el(t, d, "plaintext"), txt("<x>")), add(t, el(t, d, "noscript"), txt("<x>"))),
			`<div><script>a<b&&c>d</script><style>a>b&</style><xmp><x></xmp><iframe><x></iframe><noembed><x></noembed><noframes><x></noframes><plaintext><x></plaintext><noscript><x></noscript></div>`},
		{"textarea and title escape", add(t, el(t, d, "div"), add(t, el(t, d, "textarea"), txt("<x>")), add(t, el(t, d, "title"), txt("&"))),
			`<div><textarea>&lt;x&gt;</textarea><title>&amp;</title></div>`},
		{"svg style is not raw text", add(t, elNS(t, d, dom.SVGNamespace, "style"), txt("a>b")), `<style>a&gt;b</style>`},
		{"comment literal", add(t, el(t, d, "div"), d.CreateComment("a<b>--c")), `<div><!--a<b>--c--></div>`},
		{"processing instruction", add(t, el(t, d, "div"), pi), `<div><?xml-stylesheet href=a?></div>`},
		{"doctype is name only", dt, `<!DOCTYPE html>`},
		{"svg casing as created", add(t, withAttr(elNS(t, d, dom.SVGNamespace, "svg"), "viewBox", "0 0 1 1"), elNS(t, d, dom.SVGNamespace, "foreignObject")),
			`<svg viewBox="0 0 1 1"><foreignObject></foreignObject></svg>`},
		{"foreign attribute names", withAttrNS(withAttrNS(withAttrNS(withAttrNS(elNS(t, d, dom.SVGNamespace, "use"),
			dom.XLinkNamespace, "xlink:href", "#a"), dom.XMLNamespace, "xml:lang", "en"), dom.XMLNSNamespace, "xmlns:xlink", dom.XLinkNamespace), dom.XMLNSNamespace, "xmlns", dom.SVGNamespace),
			`<use xlink:href="#a" xml:lang="en" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg"></use>`},
		{"other-namespace attribute keeps its qualified name", withAttrNS(el(t, d, "p"), "urn:x", "foo:bar", "1"), `<p foo:bar="1"></p>`},
		{"xlink attribute with another prefix", withAttrNS(el(t, d, "p"), dom.XLinkNamespace, "l:href", "1"), `<p xlink:href="1"></p>`},
		{"element in another namespace uses its qualified name", elNS(t, d, "urn:x", "x:Foo"), `<x:Foo></x:Foo>`},
		{"element in no namespace", elNS(t, d, "", "Foo"), `<Foo></Foo>`},
		{"mathml", add(t, elNS(t, d, dom.MathMLNamespace, "math"), elNS(t, d, dom.MathMLNamespace, "mi")), `<math><mi></mi></math>`},
		{"html element in svg", add(t, elNS(t, d, dom.SVGNamespace, "svg"), el(t, d, "br")), `<svg><br></svg>`},
		{"br in svg namespace is not void", add(t, elNS(t, d, dom.SVGNamespace, "br"), txt("x")), `<br>x</br>`},
		{"fragment serializes its children", add(t, d.CreateDocumentFragment(), txt("a"), el(t, d, "b")), `a<b></b>`},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := Render(&b, tt.node, Options{KeepScripts: true}); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

func TestTemplateContentsSerialize(t *testing.T) {
	d := dom.NewDocument()
	tpl := el(t, d, "template")
	add(t, tpl.TemplateContent(), el(t, d, "p"))
	add(t, tpl, el(t, d, "i")) // real children are not serialized, contents are
	var b strings.Builder
	if err := Render(&b, tpl, Options{}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "<template><p></p></template>" {
		t.Errorf("got %s", got)
	}
}

func TestNoscriptWithScriptingOff(t *testing.T) {
	d := dom.NewDocument()
	d.Scripting = false
	n := add(t, el(t, d, "noscript"), d.CreateTextNode("<x>"))
	var b strings.Builder
	if err := Render(&b, n, Options{}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "<noscript>&lt;x&gt;</noscript>" {
		t.Errorf("got %s", got)
	}
}
