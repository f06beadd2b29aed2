package xpath

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

const page = `<!DOCTYPE html><div id="t" lang="en"><p class="a">one</p><!--c--><p Title="x">two<b>2</b></p>` +
	`<svg xmlns:xlink="http://www.w3.org/1999/xlink"><path refX="1" xlink:href="h"/><path/></svg></div>`

var ns = map[string]string{"svg": dom.SVGNamespace, "html": dom.HTMLNamespace, "xlink": dom.XLinkNamespace}

func resolve(p string) (string, bool) { u, ok := ns[p]; return u, ok }

func eval(t *testing.T, doc *dom.Document, src string) (Value, error) {
	t.Helper()
	e, err := Compile(src, resolve)
	if err != nil {
		return Value{}, err
	}
	return e.Evaluate(&doc.Node)
}

func names(v Value) string {
	var s []string
	for _, n := range v.Nodes {
		s = append(s, n.NodeName())
	}
	return strings.Join(s, " ")
}

// The expected values are what Chromium 156 gives for the same expressions
// on the same markup.
func TestEvaluate(t *testing.T) {
	doc, err := dom.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ src, want string }{
		{"//P", "P P"},
		{"//html:p", "P P"},
		{"//path", ""},
		{"//svg:path", "path path"},
		{"//svg:*", "svg path path"},
		{"//*[@title]", "P"},
		{"//*[@refx]", ""},
		{"//*[@refX]", "path"},
		{"//*[@xlink:href]", "path"},
		{"//p[1]/following::*", "P B svg path path"},
		{"//b/preceding::node()[ancestor::div]", "P #text #comment #text"},
		{"//b/preceding::*[1]", "P"},
		{"//b/ancestor::*[2]", "DIV"},
		{"(//p | //b | //p)[last()]", "B"},
		{"//p[1]/@class/following::*[1]", "P"},
		{"//p/..", "DIV"},
		{"/", "#document"},
		{"id('t x')", "DIV"},
		{"//p[. = 'one']", "P"},
		{"(//text())[2]", "#text"},
	} {
		v, err := eval(t, doc, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := names(v); got != c.want {
			t.Errorf("%s = %q, want %q", c.src, got, c.want)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"string(1234567)", "1.23457e+6"},
		{"string(123456789012)", "1.23457e+11"},
		{"string(1 div 3)", "0.333333"},
		{"string(0.1 + 0.2)", "0.3"},
		{"string(0.000001)", "0.000001"},
		{"string(0.0000001)", "1.00000e-7"},
		{"string(999999.5)", "1.00000e+6"},
		{"string(-0)", "0"},
		{"string(1 div 0)", "Infinity"},
		{"string(0 div 0)", "NaN"},
		{"number(' 12 ')", "12"},
		{"number('1e2')", "NaN"},
		{"number('+1')", "NaN"},
		{"number('.5')", "0.5"},
		{"number('5.')", "5"},
		{"round(2.5)", "3"},
		{"round(-0.5)", "0"},
		{"3 mod -2", "1"},
		{"-3 mod 2", "-1"},
		{"substring('12345', 1.5, 2.6)", "234"},
		{"substring('12345', 0 div 0, 3)", ""},
		{"substring('12345', -1 div 0, 1 div 0)", ""},
		{"string-length('\U0001F600')", "2"},
		{"translate('abc', 'abca', 'AB')", "AB"},
		{"normalize-space(' a \t b\r\nc ')", "a b c"},
		{"normalize-space('\u00a0 x')", "\u00a0 x"},
		{"$x", ""},
		{"name(/*)", "html"},
		{"name(//svg:path/@*[2])", "xlink:href"},
		{"local-name(//svg:path/@*[2])", "href"},
		{"namespace-uri(//svg:path)", dom.SVGNamespace},
		{"count(//@*)", "6"},
		{"count(//p/namespace::*)", "0"},
		{"string(//p[2])", "two2"},
		{"sum(//b) + count(//text())", "5"},
		{"boolean(//p)", "true"},
		{"//p = 'two2'", "true"},
		{"//p != //p", "true"},
		{"//b < 3", "true"},
		{"'a' = 'a' = true()", "true"},
		{"lang('en')", "false"},
		{"concat('a', 1, true())", "a1true"},
		{"substring-before('a-b', '-')", "a"},
		{"substring-after('a-b', '-')", "b"},
		{"starts-with('abc', 'ab') and contains('abc', 'bc')", "true"},
		{"not(0) or false()", "true"},
		{"floor(-1.5) + ceiling(1.2)", "0"},
		{"last() + position()", "2"},
	} {
		v, err := eval(t, doc, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s = %q, want %q", c.src, got, c.want)
		}
	}
}

func TestErrors(t *testing.T) {
	doc, err := dom.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		src  string
		kind ErrorKind
	}{
		{"ends-with('a', 'a')", SyntaxError}, {"foo()", SyntaxError}, {"count()", SyntaxError},
		{"string(1, 2)", SyntaxError}, {"concat('a')", SyntaxError}, {"1e3", SyntaxError}, {"//p[", SyntaxError},
		{"nosuch::p", SyntaxError}, {"\u3000.", SyntaxError}, {"\u2019x\u2019", SyntaxError}, {"\v.", SyntaxError},
		{"count(1)", SyntaxError}, {"//p | 1", SyntaxError}, {"1/p", SyntaxError}, {"", SyntaxError}, {"a b", SyntaxError},
		{"//x:p", NamespaceError}, {"x:*", NamespaceError},
	} {
		_, err := eval(t, doc, c.src)
		var xe *Error
		if !errors.As(err, &xe) || xe.Kind != c.kind {
			t.Errorf("%q: error %v, want kind %d", c.src, err, c.kind)
		}
	}
	e, _ := Compile(".", nil)
	if _, err := e.Evaluate(doc.First()); err == nil || err.(*Error).Kind != NotSupportedError {
		t.Errorf("doctype context: %v", err)
	}
	// An orphan attribute has no parent, following or preceding nodes.
	a, err := doc.CreateAttribute("a")
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{"..", "ancestor::*", "following::*", "preceding::*", "/"} {
		e, _ := Compile(src, nil)
		v, err := e.Evaluate(a)
		if err != nil || src != "/" && len(v.Nodes) != 0 || src == "/" && (len(v.Nodes) != 1 || v.Nodes[0] != a) {
			t.Errorf("%s on an orphan Attr: %v %v", src, names(v), err)
		}
	}
}

func TestXMLDocument(t *testing.T) {
	doc, err := dom.ParseXML(strings.NewReader(`<r xmlns="urn:x" xml:lang="en-GB"><a/><b xmlns=""><![CDATA[y]]>z<?pi d?></b></r>`))
	if err != nil {
		t.Fatal(err)
	}
	x := func(p string) (string, bool) {
		if p == "x" {
			return "urn:x", true
		}
		return "", false
	}
	for _, c := range []struct{ src, want string }{
		{"count(//a)", "0"}, {"count(//x:a)", "1"}, {"count(//b)", "1"}, {"count(//B)", "0"},
		{"count(//x:*)", "2"}, {"count(//b/text())", "2"}, {"string(//b)", "yz"},
		{"name(//processing-instruction('pi'))", "pi"}, {"count(//processing-instruction('no'))", "0"},
		{"boolean(//x:a[lang('en')])", "true"}, {"boolean(//x:a[lang('EN-gb')])", "true"}, {"boolean(//x:a[lang('e')])", "false"},
	} {
		e, err := Compile(c.src, x)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		v, err := e.Evaluate(&doc.Node)
		if err != nil || v.String() != c.want {
			t.Errorf("%s = %q (%v), want %q", c.src, v.String(), err, c.want)
		}
	}
}

// bigDocument has n list items in nested lists.
func bigDocument(tb testing.TB, n int) *dom.Document {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><body>")
	for i := 0; i < n/10; i++ {
		fmt.Fprintf(&b, "<ul id=u%d>", i)
		for j := 0; j < 10; j++ {
			fmt.Fprintf(&b, "<li class=c%d><a href=#%d>x</a></li>", j, i*10+j)
		}
		b.WriteString("</ul>")
	}
	doc, err := dom.Parse(strings.NewReader(b.String()))
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

// TestLargeDocument checks results over 10,000 items; BenchmarkXPath shows
// the cost stays linear (document order is numbered once per evaluation).
func TestLargeDocument(t *testing.T) {
	doc := bigDocument(t, 10000)
	for _, c := range []struct {
		src  string
		want float64
	}{
		{"count(//li)", 10000}, {"count(//li/a | //ul)", 11000}, {"count(//ul/li[1])", 1000},
		{"count(//li[@class='c9']/preceding-sibling::li[1])", 1000}, {"count(//a/ancestor::ul)", 1000},
		{"count((//li)[last()]/preceding::li)", 9999}, {"count((//li)[1]/following::*)", 20997}, {"count(//li[5]/following-sibling::*)", 5000},
	} {
		e, err := Compile(c.src, nil)
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Evaluate(&doc.Node)
		if err != nil || v.Number() != c.want {
			t.Errorf("%s = %v (%v), want %v", c.src, v.Number(), err, c.want)
		}
	}
}

// BenchmarkXPath runs each expression on 1,000 and 10,000 items: the
// times grow tenfold, not a hundredfold.
func BenchmarkXPath(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		doc := bigDocument(b, n)
		for _, src := range []string{"//li", "//ul/li[1]", "//li/a | //ul", "//a/ancestor::ul", "//li[@class='c9']/preceding-sibling::li[1]"} {
			e, err := Compile(src, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%d", src, n), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					if _, err := e.Evaluate(&doc.Node); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// FuzzXPath: expressions come from pages; compiling and evaluating must
// never panic, only return errors.
func FuzzXPath(f *testing.F) {
	for _, s := range []string{"//p", ".//*[@*[starts-with(name(), 'hx-on:')]]", "count(//a) + 1", "//p[2]/..", "(//a | //b)[last()]",
		"//[", "substring('abc', 2)", "//svg:path/following::*[1]", "preceding::node()[last()]", "id('t')/@*", "-(1)|2", "$a:b"} {
		f.Add(s)
	}
	doc, err := dom.Parse(strings.NewReader(page))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Compile(s, resolve)
		if err != nil {
			return
		}
		v, err := e.Evaluate(&doc.Node)
		if err == nil {
			_, _ = v.String(), math.IsNaN(v.Number())
		}
	})
}
