package jsruntime

import (
	"reflect"
	"testing"
)

// TestParsePIAttributes checks the data parser against what Chromium 156
// answers for the same data (getAttributeNames and getAttribute).
func TestParsePIAttributes(t *testing.T) {
	tests := []struct {
		data string
		want []piAttribute // nil: data does not parse
	}{
		{``, []piAttribute{}},
		{"  \t", []piAttribute{}},
		{`href="a.xsl" type="text/xsl"`, []piAttribute{{"href", "a.xsl"}, {"type", "text/xsl"}}},
		{`a='x"y'`, []piAttribute{{"a", `x"y`}}},
		{`a="x'y"`, []piAttribute{{"a", `x'y`}}},
		{`  a = "1"  `, []piAttribute{{"a", "1"}}},
		{"a\r=\r\"1\"", []piAttribute{{"a", "1"}}},
		{"a=\"1\"\rb=\"2\"", []piAttribute{{"a", "1"}, {"b", "2"}}},
		{`A="1" a="2"`, []piAttribute{{"A", "1"}, {"a", "2"}}},
		{`_a="1" a-b="1" a:b="1" Z9.-_:="1" aé="1" 一="1"`, []piAttribute{{"_a", "1"}, {"a-b", "1"}, {"a:b", "1"}, {"Z9.-_:", "1"}, {"aé", "1"}, {"一", "1"}}},
		{`a="&amp;&lt;&gt;&quot;&apos;&#65;&#x41;&#x1F600;&#9;"`, []piAttribute{{"a", "&<>\"'AA😀\t"}}},
		{"a=\"x\ty\nz\r\nw\rv\"", []piAttribute{{"a", "x y z w v"}}},
		{`a=">?"`, []piAttribute{{"a", ">?"}}},
		{`a=""`, []piAttribute{{"a", ""}}},
		// Failures: the whole data has no attributes.
		{`junk`, nil},
		{`a`, nil},
		{`a=`, nil},
		{`a=1`, nil},
		{`a="1`, nil},
		{`a="1"b="2"`, nil},
		{`a="1" junk b="2"`, nil},
		{`a="1" b`, nil},
		{`a="1" a="2"`, nil},
		{"a=\"1\"\fb=\"2\"", nil},
		{"\fa=\"1\"", nil},
		{`1a="1"`, nil},
		{`-a="1"`, nil},
		{`.a="1"`, nil},
		{"\u00b7a=\"1\"", nil},
		{`a>b="1"`, nil},
		{`a?="1"`, nil},
		{`a="<"`, nil},
		{`a="&"`, nil},
		{`a="&amp"`, nil},
		{`a="&AMP;"`, nil},
		{`a="&foo;"`, nil},
		{`a="&nbsp;"`, nil},
		{`a="&#0;"`, nil},
		{`a="&#1;"`, nil},
		{`a="&#xD800;"`, nil},
		{`a="&#xFFFE;"`, nil},
		{`a="&#x110000;"`, nil},
		{`a="&#99999999999999;"`, nil},
		{`a="&#x;"`, nil},
		{`a="&#;"`, nil},
		{`a="&#65"`, nil},
		{"a=\"x\fy\"", nil},
		{"a=\"\x01\"", nil},
		{"a=\"\xff\"", nil},
	}
	for _, tt := range tests {
		got, ok := parsePIAttributes(tt.data)
		if tt.want == nil {
			if ok || got != nil {
				t.Errorf("parsePIAttributes(%q) = %q, %v; want failure", tt.data, got, ok)
			}
			continue
		}
		if !ok || len(got) != len(tt.want) || len(got) > 0 && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parsePIAttributes(%q) = %q, %v; want %q", tt.data, got, ok, tt.want)
		}
	}
}

func TestSerializePIAttributes(t *testing.T) {
	tests := []struct {
		attrs []piAttribute
		want  string
	}{
		{nil, ``},
		{[]piAttribute{{"a", "3"}, {"b", "2"}}, `a="3" b="2"`},
		{[]piAttribute{{"q", `it's "x" & <y>`}}, `q="it's &quot;x&quot; &amp; &lt;y&gt;"`},
		{[]piAttribute{{"a", "\t\n\r"}}, `a="&#9;&#10;&#13;"`},
		{[]piAttribute{{"a", "?>"}}, `a="?&gt;"`},
		{[]piAttribute{{"a", ""}}, `a=""`},
	}
	for _, tt := range tests {
		if got := serializePIAttributes(tt.attrs); got != tt.want {
			t.Errorf("serializePIAttributes(%q) = %q, want %q", tt.attrs, got, tt.want)
		}
	}
}

// FuzzPIAttributes checks that parsing never panics and that what parses
// serializes back to data that parses to the same attributes.
func FuzzPIAttributes(f *testing.F) {
	for _, s := range []string{`href="a.xsl" type="text/xsl"`, `a='x"y' b="&#x41;&amp;"`, "a=\"x\r\ny\"", `a="1" a="2"`, `1a="1"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		attrs, ok := parsePIAttributes(data)
		if !ok {
			return
		}
		again, ok := parsePIAttributes(serializePIAttributes(attrs))
		if !ok || len(again) != len(attrs) || len(attrs) > 0 && !reflect.DeepEqual(again, attrs) {
			t.Fatalf("%q: parsed %q, round trip %q (%v)", data, attrs, again, ok)
		}
	})
}

// TestProcessingInstructionAttributes checks the operations from script,
// with Chromium 156's answers.
func TestProcessingInstructionAttributes(t *testing.T) {
	const pi = `var x = document.implementation.createDocument(null, '', null);
	function pi(d) { return x.createProcessingInstruction('xml-stylesheet', d) }
	`
	runEvalCases(t, []evalCase{
		{name: "read", js: pi + `var p = pi('href="a.xsl" type="text/xsl"');
			JSON.stringify([p.hasAttributes(), p.getAttributeNames(), p.getAttribute('href'), p.getAttribute('nope'), p.hasAttribute('type'), p.hasAttribute('TYPE')])`,
			want: `[true,["href","type"],"a.xsl",null,true,false]`},
		{name: "unparsable data has none", js: pi + `var p = pi('a="1" junk'); JSON.stringify([p.hasAttributes(), p.getAttributeNames(), p.getAttribute('a')])`,
			want: `[false,[],null]`},
		{name: "set rewrites data", js: pi + `var p = pi("a='1'   b=\"2\""); p.setAttribute('a', '3'); p.setAttribute('q', 'it\'s "x" & <y>'); p.data`,
			want: `a="3" b="2" q="it's &quot;x&quot; &amp; &lt;y&gt;"`},
		{name: "set on unparsable data replaces it", js: pi + `var p = pi('junk'); p.setAttribute('c', '3'); p.data`, want: `c="3"`},
		{name: "remove", js: pi + `var p = pi('a="1"   b="2"'); p.removeAttribute('c'); var r = [p.data]; p.removeAttribute('a'); r.push(p.data); p.removeAttribute('b'); r.push(p.data, p.hasAttributes()); r.join('|')`,
			want: `a="1"   b="2"|b="2"||false`},
		{name: "toggle", js: pi + `var p = pi('a="1"'); var r = [p.toggleAttribute('b'), p.data]; p.toggleAttribute('a'); r.push(p.data);
			p.toggleAttribute('b', true); p.toggleAttribute('c', false); r.push(p.data); p.toggleAttribute('b', false); r.push(p.data); JSON.stringify(r)`,
			want: `[null,"a=\"1\" b=\"\"","b=\"\"","b=\"\"",""]`},
		{name: "data change reparses", js: pi + `var p = pi('a="1"'); p.data = 'z="9"'; JSON.stringify([p.getAttributeNames(), p.getAttribute('z')])`, want: `[["z"],"9"]`},
		{name: "invalid names throw", js: pi + `var p = pi(''), r = [];
			['', '=', 'a=', '>', '/', 'a b', 'x\t', 'a\0'].forEach(function (n) { try { p.setAttribute(n, 'v'); r.push('ok') } catch (e) { r.push(e.name) } });
			try { p.toggleAttribute('a>') } catch (e) { r.push(e.name) }
			r.push(p.data); r.join()`,
			want: "InvalidCharacterError,InvalidCharacterError,InvalidCharacterError,InvalidCharacterError,InvalidCharacterError,InvalidCharacterError,InvalidCharacterError,InvalidCharacterError,InvalidCharacterError,"},
		{name: "lenient names are allowed", js: pi + `var p = pi(''); p.setAttribute('"', 'v'); p.setAttribute('a<b', 'w'); p.data`, want: `"="v" a<b="w"`},
		{name: "in an HTML document too", js: `document.createProcessingInstruction('foo', 'a="1"').getAttribute('a')`, want: "1"},
		{name: "shape", js: `var P = ProcessingInstruction.prototype;
			['hasAttributes', 'getAttributeNames', 'getAttribute', 'setAttribute', 'removeAttribute', 'toggleAttribute', 'hasAttribute'].map(function (k) { return k + P[k].length }).join() +
			' ' + String(document.createProcessingInstruction('a', '').sheet) + ' ' + typeof document.createProcessingInstruction('a', '').attributes`,
			want: "hasAttributes0,getAttributeNames0,getAttribute1,setAttribute2,removeAttribute1,toggleAttribute1,hasAttribute1 null undefined"},
		{name: "too few arguments", js: pi + `try { pi('').setAttribute('a') } catch (e) { e.message }`,
			want: "Failed to execute 'setAttribute' on 'ProcessingInstruction': 2 arguments required, but only 1 present."},
	})
}

// BenchmarkPIGetAttribute measures one getAttribute on a typical
// xml-stylesheet processing instruction (the data is parsed each time).
func BenchmarkPIGetAttribute(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		attrs, _ := parsePIAttributes(`href="style.xsl" type="text/xsl" media="screen"`)
		if piAttributeIndex(attrs, "media") != 2 {
			b.Fatal("media not found")
		}
	}
}
