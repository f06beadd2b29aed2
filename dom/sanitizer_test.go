package dom

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func hn(names ...string) []SanitizerName {
	out := make([]SanitizerName, len(names))
	for i, n := range names {
		out[i] = SanitizerName{n, HTMLNamespace}
	}
	return out
}

func an(names ...string) []SanitizerName {
	out := make([]SanitizerName, len(names))
	for i, n := range names {
		out[i] = SanitizerName{Local: n}
	}
	return out
}

func boolp(b bool) *bool { return &b }

func mustConfig(t testing.TB, in SanitizerConfigInit, safeDefaults bool) *SanitizerConfig {
	t.Helper()
	c, err := NewSanitizerConfig(in, safeDefaults)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const sanitizeSample = `<p id=x class=c title=t data-a=1 onclick=alert(1) style="color:red">a<!--c--><b>b</b><script>x</script><iframe src=x></iframe><span>s</span><foo-bar>cu</foo-bar><img src=x onerror=1></p>`

// The expected markup is what Chromium 156 gives for the same call
// (testdata/wpt/html-sanitizer.html records most of them).
func TestSetHTMLSanitizes(t *testing.T) {
	empty := SanitizerConfigInit{}
	for _, tc := range []struct {
		name     string
		context  string
		markup   string
		cfg      *SanitizerConfigInit // nil: the default configuration
		unsafe   bool
		want     string
		wantHost string // the first child's shadow root, when it has one
	}{
		{name: "default", markup: sanitizeSample, want: `<p title="t">a<b>b</b><span>s</span></p>`},
		{name: "empty config, safe", markup: sanitizeSample, cfg: &empty,
			want: `<p id="x" class="c" title="t" data-a="1" style="color:red">a<b>b</b><span>s</span><foo-bar>cu</foo-bar><img src="x"></p>`},
		{name: "empty config, unsafe", markup: sanitizeSample, cfg: &empty, unsafe: true,
			want: `<p id="x" class="c" title="t" data-a="1" onclick="alert(1)" style="color:red">a<!--c--><b>b</b><script>x</script><iframe src="x"></iframe><span>s</span><foo-bar>cu</foo-bar><img src="x" onerror="1"></p>`},
		{name: "default, unsafe", markup: sanitizeSample, unsafe: true, want: `<p title="t">a<b>b</b><span>s</span></p>`},
		{name: "elements allow-list keeps no unsafe element", markup: sanitizeSample,
			cfg:  &SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0]}, {Name: hn("b")[0]}, {Name: hn("script")[0]}, {Name: hn("iframe")[0]}}},
			want: `<p id="x" class="c" title="t" data-a="1" style="color:red">a<b>b</b></p>`},
		{name: "attributes allow-list, data attributes off for a safe setter", markup: sanitizeSample,
			cfg:  &SanitizerConfigInit{Attributes: an("id", "onclick")},
			want: `<p id="x">a<b>b</b><span>s</span><foo-bar>cu</foo-bar><img></p>`},
		{name: "data attributes on", markup: sanitizeSample,
			cfg:  &SanitizerConfigInit{Attributes: an("id"), DataAttributes: boolp(true)},
			want: `<p id="x" data-a="1">a<b>b</b><span>s</span><foo-bar>cu</foo-bar><img></p>`},
		{name: "comments on", markup: sanitizeSample, cfg: &SanitizerConfigInit{Comments: boolp(true)},
			want: `<p id="x" class="c" title="t" data-a="1" style="color:red">a<!--c--><b>b</b><span>s</span><foo-bar>cu</foo-bar><img src="x"></p>`},
		{name: "replace with children", markup: sanitizeSample, cfg: &SanitizerConfigInit{ReplaceWithChildrenElements: hn("p", "b")},
			want: `ab<span>s</span><foo-bar>cu</foo-bar><img src="x">`},
		{name: "nested replacement", markup: `<b>x<b>y<i>q</i></b></b>z`,
			cfg: &SanitizerConfigInit{ReplaceWithChildrenElements: hn("b"), RemoveElements: hn("i")}, want: `xyz`},
		{name: "safe setter on a script", context: "script", markup: "a<b>c</b>", want: ``},
		{name: "unsafe setter on a script", context: "script", markup: "a<b>c</b>", cfg: &empty, unsafe: true, want: `a<b>c</b>`},
		{name: "table context", context: "table", markup: "<td>x</td>", cfg: &empty, want: `<tbody><tr><td>x</td></tr></tbody>`},
		{name: "javascript URLs", cfg: &empty,
			markup: `<a href="javascript:1">a</a><a href=" JAVA	SCRIPT:1">b</a><a href="http://x/">c</a><area href="javascript:1"><form action="javascript:1"><button formaction="javascript:1">b</button><input formaction="javascript:1"></form><iframe src="javascript:1"></iframe><base href="javascript:1"><a href="javascript">d</a><a href="jav&#x09;ascript:1">e</a>`,
			want:   `<a>a</a><a>b</a><a href="http://x/">c</a><area><form><button>b</button><input></form><a href="javascript">d</a><a>e</a>`},
		{name: "javascript URL variants", cfg: &empty,
			markup: "<a href=\"\x01javascript:1\">a</a><a href=\"javascript&colon;1\">b</a><a href=\"java\nscript:1\">c</a><a href=\"%6Aavascript:1\">e</a><a href=\"javascript://x\">f</a><a href=\"vbscript:1\">g</a><a href=\"java\x1ascript:1\">h</a>",
			want:   `<a>a</a><a>b</a><a>c</a><a href="%6Aavascript:1">e</a><a>f</a><a href="vbscript:1">g</a><a href="java` + "\x1a" + `script:1">h</a>`},
		{name: "javascript URLs kept by an unsafe setter", cfg: &empty, unsafe: true,
			markup: `<a href="javascript:1">a</a>`, want: `<a href="javascript:1">a</a>`},
		{name: "SVG", cfg: &empty,
			markup: `<svg viewBox="0 0 1 1"><circle r=1 onclick=1 /><script>1</script><use href=#a /><a href="javascript:1" xlink:href="javascript:2">x</a><animate attributeName=href to="javascript:1"/><set attributeName=href /></svg>`,
			want:   `<svg viewBox="0 0 1 1"><circle r="1"></circle><a>x</a><animate to="javascript:1"></animate><set></set></svg>`},
		{name: "MathML", cfg: &empty, markup: `<math><mi href="javascript:1" xlink:href="javascript:2">x</mi></math>`, want: `<math><mi>x</mi></math>`},
		{name: "MathML default", markup: `<math><mi href="javascript:1">x</mi><mo fence=true lspace=1 id=q>+</mo><mtext><p>t</p></mtext></math>`,
			want: `<math><mi>x</mi><mo fence="true" lspace="1">+</mo><mtext><p>t</p></mtext></math>`},
		{name: "namespaced attribute allowed", markup: `<svg><a xlink:href="http://x" href="http://y">x</a></svg>`,
			cfg: &SanitizerConfigInit{Elements: []SanitizerElement{{Name: SanitizerName{"svg", SVGNamespace}}, {Name: SanitizerName{"a", SVGNamespace}}},
				Attributes: []SanitizerName{{"href", XLinkNamespace}}},
			want: `<svg><a xlink:href="http://x">x</a></svg>`},
		{name: "per-element lists", markup: `<p id=1 title=2 lang=3>x</p><div id=4 title=5>y</div>`,
			cfg:  &SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0], Attributes: an("id")}, {Name: hn("div")[0], RemoveAttributes: an("title")}}},
			want: `<p id="1">x</p><div id="4">y</div>`},
		{name: "per-element lists beside global attributes", markup: `<p id=1 title=2 lang=3>x</p><div id=4 title=5>y</div>`,
			cfg: &SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0], Attributes: an("id")}, {Name: hn("div")[0], RemoveAttributes: an("title")}},
				Attributes: an("title", "lang")},
			want: `<p id="1" title="2" lang="3">x</p><div>y</div>`},
		{name: "template contents", cfg: &empty, markup: `<template><p onclick=1>t</p><script>1</script></template>`, want: `<template><p>t</p></template>`},
		{name: "template replaced by its contents", cfg: &SanitizerConfigInit{ReplaceWithChildrenElements: hn("template")},
			markup: `<template><p>a</p></template>`, want: `<p>a</p>`},
		{name: "removed template", cfg: &SanitizerConfigInit{RemoveElements: hn("template")},
			markup: `<template><p>a</p></template><b>c</b>`, want: `<b>c</b>`},
		{name: "declarative shadow root, default config drops it", markup: `<div><template shadowrootmode=open><p>in</p></template>out</div>`, want: `<div>out</div>`},
		{name: "declarative shadow root sanitized", cfg: &empty,
			markup: `<div><template shadowrootmode=open><p onclick=1>in</p><script>1</script></template>out</div>`,
			want:   `<div>out</div>`, wantHost: `<p>in</p>`},
		{name: "declarative shadow root, unsafe", cfg: &SanitizerConfigInit{RemoveElements: hn("p")}, unsafe: true,
			markup: `<div><template shadowrootmode=open><p onclick=1>in</p><b>b</b></template>out</div>`,
			want:   `<div>out</div>`, wantHost: `<b>b</b>`},
		{name: "case-sensitive names", cfg: &SanitizerConfigInit{RemoveElements: hn("P")}, markup: `<p>a</p><P>b</P>`, want: `<p>a</p><p>b</p>`},
		{name: "unknown on* attribute", cfg: &empty, markup: `<p onfoo=1 onclick=2 ONSCROLLEND=3>x</p>`, want: `<p onfoo="1">x</p>`},
		{name: "data attributes", markup: `<p data-x=1 data-=2 dATA-y=4 id=5>x</p>`,
			cfg:  &SanitizerConfigInit{Attributes: an(), DataAttributes: boolp(true)},
			want: `<p data-x="1" data-="2" data-y="4">x</p>`},
		{name: "whole document markup", cfg: &empty, markup: `<html><head><title>x</title></head><body><p>b</p></body></html>`, want: `<title>x</title><p>b</p>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, "<!doctype html><body>")
			name := tc.context
			if name == "" {
				name = "div"
			}
			ctx, _ := d.CreateElement(name)
			var c *SanitizerConfig // the default
			if tc.cfg != nil {
				c = mustConfig(t, *tc.cfg, !tc.unsafe)
			}
			before, beforeDefault := c.effective(false).Get(), chromiumLists().def.Get()
			if err := ctx.SetHTML(tc.markup, c, !tc.unsafe); err != nil {
				t.Fatal(err)
			}
			if got := ctx.InnerHTML(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if !reflect.DeepEqual(c.effective(false).Get(), before) || !reflect.DeepEqual(chromiumLists().def.Get(), beforeDefault) {
				t.Error("the setter changed the configuration it was given")
			}
			if tc.cfg == nil {
				// An explicit copy of the default does the same.
				again, _ := d.CreateElement(name)
				if err := again.SetHTML(tc.markup, DefaultSanitizerConfig(), !tc.unsafe); err != nil || again.InnerHTML() != tc.want {
					t.Errorf("with DefaultSanitizerConfig(): %s (%v)", again.InnerHTML(), err)
				}
			}
			var host string
			if f := ctx.First(); f != nil && f.ShadowRoot() != nil {
				host = f.ShadowRoot().InnerHTML()
			}
			if host != tc.wantHost {
				t.Errorf("shadow root: got %q, want %q", host, tc.wantHost)
			}
		})
	}
}

func TestParseHTMLSanitizes(t *testing.T) {
	for _, tc := range []struct {
		markup string
		cfg    SanitizerConfigInit
		want   string
	}{
		{`<!doctype html><title>t</title><p onclick=1 id=z>x<script>1</script></p><!--c-->`, SanitizerConfigInit{},
			`<!DOCTYPE html><html><head><title>t</title></head><body><p id="z">x</p></body></html>`},
		{`<p>x</p>`, SanitizerConfigInit{RemoveElements: hn("body", "head")}, `<html></html>`},
		{`<p>x</p>`, SanitizerConfigInit{RemoveElements: hn("html")}, ``},
		{`<p>x</p>`, SanitizerConfigInit{ReplaceWithChildrenElements: hn("body")}, `<html><head></head><p>x</p></html>`},
	} {
		d, err := ParseHTML(tc.markup, mustConfig(t, tc.cfg, true), true)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for k := d.First(); k != nil; k = k.Next() {
			b.WriteString(k.OuterHTML())
		}
		if got := b.String(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.markup, got, tc.want)
		}
	}
}

// The default configuration Get returns is the one recorded from Chromium.
func TestDefaultSanitizerConfigIsChromiums(t *testing.T) {
	var raw struct{ Default any }
	if err := json.Unmarshal(sanitizerChromiumJSON, &raw); err != nil {
		t.Fatal(err)
	}
	got := sanitizerConfigJSON(DefaultSanitizerConfig().Get())
	if !reflect.DeepEqual(got, raw.Default) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(raw.Default)
		t.Errorf("Get() differs from the recording:\n got %.400s\nwant %.400s", g, w)
	}
	g := DefaultSanitizerConfig().Get()
	if len(g.Elements) != 121 || len(g.Attributes) != 58 || *g.Comments || *g.DataAttributes {
		t.Errorf("default: %d elements, %d attributes, comments %v, data attributes %v", len(g.Elements), len(g.Attributes), *g.Comments, *g.DataAttributes)
	}
}

// sanitizerConfigJSON is in's JSON form as Sanitizer.get() gives it.
func sanitizerConfigJSON(in SanitizerConfigInit) any {
	names := func(l []SanitizerName) []any {
		out := []any{}
		for _, n := range l {
			var ns any
			if n.Namespace != "" {
				ns = n.Namespace
			}
			out = append(out, map[string]any{"name": n.Local, "namespace": ns})
		}
		return out
	}
	m := map[string]any{}
	put := func(k string, l []SanitizerName) {
		if l != nil {
			m[k] = names(l)
		}
	}
	if in.Elements != nil {
		var els []any
		for _, e := range in.Elements {
			o := names([]SanitizerName{e.Name})[0].(map[string]any)
			if e.Attributes != nil {
				o["attributes"] = names(e.Attributes)
			}
			if e.RemoveAttributes != nil {
				o["removeAttributes"] = names(e.RemoveAttributes)
			}
			els = append(els, o)
		}
		m["elements"] = els
	}
	put("removeElements", in.RemoveElements)
	put("replaceWithChildrenElements", in.ReplaceWithChildrenElements)
	put("attributes", in.Attributes)
	put("removeAttributes", in.RemoveAttributes)
	for k, l := range map[string][]string{"processingInstructions": in.ProcessingInstructions, "removeProcessingInstructions": in.RemoveProcessingInstructions} {
		if l != nil {
			out := []any{}
			for _, t := range l {
				out = append(out, map[string]any{"target": t})
			}
			m[k] = out
		}
	}
	if in.Comments != nil {
		m["comments"] = *in.Comments
	}
	if in.DataAttributes != nil {
		m["dataAttributes"] = *in.DataAttributes
	}
	return m
}

func TestSanitizerConfigValidity(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   SanitizerConfigInit
		ok   bool
	}{
		{"empty", SanitizerConfigInit{}, true},
		{"both element lists", SanitizerConfigInit{Elements: []SanitizerElement{}, RemoveElements: hn()}, false},
		{"duplicate", SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0]}, {Name: hn("p")[0]}}}, false},
		{"same name, other namespace", SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0]}, {Name: SanitizerName{"p", SVGNamespace}}}}, true},
		{"replace html", SanitizerConfigInit{ReplaceWithChildrenElements: hn("html")}, false},
		{"replace and allow", SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0]}}, ReplaceWithChildrenElements: hn("p")}, false},
		{"data attributes beside removeAttributes", SanitizerConfigInit{RemoveAttributes: an("id"), DataAttributes: boolp(true)}, false},
		{"both per-element lists beside removeAttributes", SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0], Attributes: an("id"), RemoveAttributes: an("class")}}}, false},
		{"per-element removeAttributes within attributes", SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0], RemoveAttributes: an("class")}}, Attributes: an("class", "id")}, true},
		{"per-element removeAttributes outside attributes", SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("p")[0], RemoveAttributes: an("class")}}, Attributes: an("id")}, false},
		{"duplicate processing instruction", SanitizerConfigInit{ProcessingInstructions: []string{"x", "x"}}, false},
	} {
		_, err := NewSanitizerConfig(tc.in, false)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

// The modifiers' results and effects, as Chromium 156 reports them.
func TestSanitizerConfigModifiers(t *testing.T) {
	names := func(l []SanitizerName) string {
		var s []string
		for _, n := range l {
			s = append(s, n.Local)
		}
		return strings.Join(s, ",")
	}
	elem := func(c *SanitizerConfig, local string) SanitizerElement {
		for _, e := range c.Get().Elements {
			if e.Name == hn(local)[0] {
				return e
			}
		}
		return SanitizerElement{}
	}
	d := DefaultSanitizerConfig()
	if !d.AllowElement(SanitizerElement{Name: hn("p")[0]}) {
		t.Error("allowElement(p) on the default changes p's attribute lists")
	}
	if got := len(d.Get().Elements); got != 121 {
		t.Errorf("%d elements", got)
	}
	if !d.AllowElement(SanitizerElement{Name: hn("foo")[0]}) || d.AllowElement(SanitizerElement{Name: hn("foo")[0]}) {
		t.Error("allowElement(foo) twice")
	}

	d = DefaultSanitizerConfig()
	d.AllowElement(SanitizerElement{Name: hn("p")[0], Attributes: an("id", "title")})
	if e := elem(d, "p"); names(e.Attributes) != "id" || e.RemoveAttributes != nil {
		t.Errorf("p after allowElement with attributes: %+v", e)
	}
	d.AllowElement(SanitizerElement{Name: hn("p")[0], RemoveAttributes: an("dir", "zzz")})
	if e := elem(d, "p"); names(e.RemoveAttributes) != "dir" || e.Attributes != nil {
		t.Errorf("p after allowElement with removeAttributes: %+v", e)
	}

	d = DefaultSanitizerConfig()
	if !d.RemoveElement(hn("p")[0]) || d.RemoveElement(hn("p")[0]) || len(d.Get().Elements) != 120 {
		t.Error("removeElement(p)")
	}
	d = DefaultSanitizerConfig()
	if !d.ReplaceElementWithChildren(hn("p")[0]) || d.ReplaceElementWithChildren(hn("p")[0]) || d.ReplaceElementWithChildren(htmlName) ||
		names(d.Get().ReplaceWithChildrenElements) != "p" || len(d.Get().Elements) != 120 {
		t.Error("replaceElementWithChildren(p)")
	}
	d = DefaultSanitizerConfig()
	if !d.AllowAttribute(an("id")[0]) || d.AllowAttribute(an("id")[0]) || len(d.Get().Attributes) != 59 {
		t.Error("allowAttribute(id)")
	}
	if !d.AllowAttribute(an("href")[0]) || names(elem(d, "a").Attributes) != "hreflang,type" {
		t.Errorf("allowAttribute(href) leaves a with %s", names(elem(d, "a").Attributes))
	}
	d = DefaultSanitizerConfig()
	if !d.RemoveAttribute(an("title")[0]) || d.RemoveAttribute(an("title")[0]) || len(d.Get().Attributes) != 57 {
		t.Error("removeAttribute(title)")
	}
	if !d.RemoveAttribute(an("href")[0]) || names(elem(d, "a").Attributes) != "hreflang,type" {
		t.Error("removeAttribute(href)")
	}

	e := mustConfig(t, SanitizerConfigInit{}, false)
	if e.AllowElement(SanitizerElement{Name: hn("p")[0]}) {
		t.Error("allowElement on a remove list that lacks it")
	}
	r := mustConfig(t, SanitizerConfigInit{RemoveElements: hn("p")}, false)
	if r.AllowElement(SanitizerElement{Name: hn("p")[0], Attributes: an("id")}) || !r.AllowElement(SanitizerElement{Name: hn("p")[0], RemoveAttributes: an()}) ||
		r.AllowElement(SanitizerElement{Name: hn("p")[0]}) {
		t.Error("allowElement on a remove list")
	}
	s := mustConfig(t, SanitizerConfigInit{Elements: []SanitizerElement{{Name: hn("script")[0]}, {Name: hn("p")[0]}}, Attributes: an("onclick", "id")}, false)
	s.RemoveUnsafe()
	if g := s.Get(); names(g.Attributes) != "id" || len(g.Elements) != 1 {
		t.Errorf("removeUnsafe: %+v", g)
	}
	g := mustConfig(t, SanitizerConfigInit{Elements: []SanitizerElement{}, Attributes: an("id", "class"), DataAttributes: boolp(true)}, false)
	if !g.AllowElement(SanitizerElement{Name: hn("p")[0], Attributes: an("id", "data-x", "title"), RemoveAttributes: an("class", "zz")}) {
		t.Error("allowElement with both lists")
	}
	if e := elem(g, "p"); names(e.Attributes) != "title" || names(e.RemoveAttributes) != "class" {
		t.Errorf("p: %+v", e)
	}
	pi := DefaultSanitizerConfig()
	if !pi.AllowProcessingInstruction("x") || pi.AllowProcessingInstruction("x") || !pi.RemoveProcessingInstruction("x") || pi.RemoveProcessingInstruction("x") {
		t.Error("processing instructions on an allow list")
	}
	if e.AllowProcessingInstruction("x") || !e.RemoveProcessingInstruction("y") || e.RemoveProcessingInstruction("y") {
		t.Error("processing instructions on a remove list")
	}
}

// sanitizerFuzzConfigs are the configurations FuzzSanitize picks from.
var sanitizerFuzzConfigs = []SanitizerConfigInit{
	{},
	{Comments: boolp(true), DataAttributes: nil},
	{Elements: []SanitizerElement{{Name: hn("p")[0], Attributes: an("id")}, {Name: hn("template")[0]}, {Name: SanitizerName{"svg", SVGNamespace}}, {Name: hn("script")[0]}}, Attributes: an("onclick", "title")},
	{ReplaceWithChildrenElements: hn("p", "b", "template", "body"), RemoveElements: hn("i")},
	{RemoveAttributes: an("id"), Comments: boolp(false)},
}

// FuzzSanitize sets and parses arbitrary markup with each configuration,
// safe and not: no panic, a well-formed tree, and after a safe setter no script
// element, no baseline event handler attribute and no javascript: link
// anywhere, template contents and shadow roots included.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{sanitizeSample, "<template shadowrootmode=open><script>1</script></template>", "<svg><a href='javascript:1'><set attributeName=href>", "<b>x<b>y</b></b><template><p onclick=1>", "<table><td><!--x--><script>"} {
		f.Add(s, uint8(0), true)
	}
	base := chromiumLists().baseline
	f.Fuzz(func(t *testing.T, markup string, which uint8, safe bool) {
		d := mustParse(t, "<!doctype html><body><div id=x></div>")
		ctx := d.GetElementByID("x")
		var c *SanitizerConfig
		if int(which) == len(sanitizerFuzzConfigs) {
			c = DefaultSanitizerConfig()
		} else {
			c = mustConfig(t, sanitizerFuzzConfigs[int(which)%len(sanitizerFuzzConfigs)], !safe)
		}
		if err := ctx.SetHTML(markup, c, safe); err != nil {
			t.Fatal(err)
		}
		checkTree(t, d)
		parsed, err := ParseHTML(markup, c, safe)
		if err != nil {
			t.Fatal(err)
		}
		checkTree(t, parsed)
		if !safe {
			return
		}
		var check func(root *Node)
		check = func(root *Node) {
			root.Descendants(func(n *Node) bool {
				if n.Type != html.ElementNode {
					return true
				}
				if base.removeElements.has(elementName(n)) {
					t.Fatalf("%s left by a safe setter", n.OuterHTML())
				}
				for _, a := range n.Attr {
					if base.removeAttributes.has(SanitizerName{attrLocalName(a), a.Namespace}) {
						t.Fatalf("attribute %s left by a safe setter", a.Key)
					}
				}
				if n.Data == "a" && (n.Namespace == "" || n.Namespace == "svg") && isJavascriptURL(n.Attribute("href")) {
					t.Fatalf("%s left by a safe setter", n.OuterHTML())
				}
				if n.Is(atom.Template) {
					check(n.TemplateContent())
				}
				if s := n.ShadowRoot(); s != nil {
					check(s)
				}
				return true
			})
		}
		check(ctx)
		check(&parsed.Node)
	})
}

// BenchmarkSetHTML is setHTML on a small comment thread's markup, with
// the default configuration (shared, RemoveUnsafe applied once) and with a
// Sanitizer's own configuration (copied and made safe at each call).
func BenchmarkSetHTML(b *testing.B) {
	d := mustParse(b, "<!doctype html><body>")
	ctx, _ := d.CreateElement("div")
	markup := strings.Repeat(`<article class=c><h2 id=t onclick=x()>Title</h2><p>Some <b>bold</b> and <a href="javascript:1" title=t>a link</a><img src=x onerror=y></p><!--c--></article>`, 20)
	for _, bc := range []struct {
		name string
		cfg  func() *SanitizerConfig
	}{
		{"default", func() *SanitizerConfig { return nil }},
		{"a Sanitizer's copy of the default", DefaultSanitizerConfig},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c := bc.cfg()
			b.ReportAllocs()
			for b.Loop() {
				if err := ctx.SetHTML(markup, c, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
