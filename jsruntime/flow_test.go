package jsruntime

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// TestFlowPlaceHostile: the estimate stays finite and quick on what a
// page can make of it: a megabyte of text in a box one pixel wide, a
// grid of a million repeated tracks, boxes nested deeper than the
// estimate descends, sizes that are not numbers.
func TestFlowPlaceHostile(t *testing.T) {
	deep := strings.Repeat("<div>", 400) + "x" + strings.Repeat("</div>", 400)
	for _, c := range []struct {
		name, body string
		minTop     float64
	}{
		{"narrow text", `<div style="width:1px">` + strings.Repeat("word ", 200000) + `</div>`, 1e6},
		{"huge grid", `<div style="display:grid;grid-template-columns:repeat(1000000, 1px)">` + strings.Repeat("<div>c</div>", 50) + `</div>`, 0},
		{"deep nesting", deep, 0},
		{"deep flex columns", `<div style="height:500px">` + strings.Repeat(`<div style="display:flex;flex-direction:column;height:100%"><div style="flex:1 1 auto;min-height:0;display:flex">`, 200) + "x" + strings.Repeat("</div></div>", 200) + `</div>`, 500},
		{"deep stretched rows", strings.Repeat(`<div style="display:flex"><div><div style="height:100%">`, 150) + "x" + strings.Repeat("</div></div></div>", 150), 0},
		{"many floats", `<div style="width:300px">` + strings.Repeat(`<div style="float:left;width:7px;height:3px"></div>text <div style="float:right;width:299px;height:1px"></div>`, 20000) + `</div>`, 0},
		{"floats as wide as the line", `<div style="width:100px;line-height:0.5px"><div style="float:left;width:100px;height:1e7px"></div>` + strings.Repeat("wordy ", 50000) + `</div>`, 0},
		{"narrow kept spaces", `<div style="width:1px;white-space:break-spaces">` + strings.Repeat("  x", 70000) + `</div>`, 1e6},
		{"bad sizes", `<div style="height:NaNpx;margin-top:1e999px;line-height:-3"><p style="padding-top:calc(1px/0)">x</p></div>`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><body>`+c.body+`<div id=t>t</div></body></html>`, nil)
			p.run()
			v, err := p.w.RunScript("t.js", `document.getElementById("t")`)
			if err != nil {
				t.Fatal(err)
			}
			top, h, ok := p.w.FlowPlace(v.(*goja.Object))
			if !ok || top != top || h != h || top < c.minTop || top > 1e12 {
				t.Fatalf("FlowPlace = %v, %v, %v; want a finite top of at least %v", top, h, ok, c.minTop)
			}
		})
	}
}

// TestFlowPlaceOrder: boxes later in the flow are placed lower, inline
// content on the lines of its block, and a box that is not rendered or
// not in the document is not placed.
func TestFlowPlaceOrder(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body>
		<h1 id=a>Title</h1>
		<p id=b>Some text <a id=c href="#">link</a></p>
		<ul><li>one<li>two<li id=d>three</ul>
		<div style="display:flex"><div style="height:100px">x</div><div id=e>y</div></div>
		<div id=f>after</div>
		<div style="display:none"><span id=g>hidden</span></div>
	</body></html>`, nil)
	p.run()
	place := func(id string) (float64, bool) {
		v, err := p.w.RunScript("t.js", `document.getElementById("`+id+`") || document.createElement("div")`)
		if err != nil {
			t.Fatal(err)
		}
		top, _, ok := p.w.FlowPlace(v.(*goja.Object))
		return top, ok
	}
	var last float64 = -1
	for _, id := range []string{"a", "b", "d", "e", "f"} {
		top, ok := place(id)
		if !ok || top <= last {
			t.Errorf("#%s at %v (%v), want below %v", id, top, ok, last)
		}
		last = top
	}
	b, _ := place("b")
	if c, ok := place("c"); !ok || c != b {
		t.Errorf("link on the paragraph's first line at %v, paragraph at %v", c, b)
	}
	e, _ := place("e")
	f, _ := place("f")
	if f-e < 100 {
		t.Errorf("the flex row's tallest item (100px) is not under #e: #e %v, #f %v", e, f)
	}
	if _, ok := place("g"); ok {
		t.Error("an element inside display:none is placed")
	}
	if _, ok := place("nope"); ok {
		t.Error("a detached element is placed")
	}
}

// The deps of a sheet's selectors are read from the text cascadia parses,
// where :has(> x) is written :haschild(x): it reads descendants too.
func TestSheetSelectorDeps(t *testing.T) {
	for _, c := range []struct {
		sel  string
		want selDeps
	}{
		{"div:has(> .x)", depHas},
		{".a:has(.b) .c", depHas},
		{".a + .b", depAdjacent},
		{"li:nth-child(2)", depSiblings},
		{".a .b > c", 0},
	} {
		sels := parseSheetSelectors(c.sel)
		if len(sels) != 1 {
			t.Fatalf("%s: %d selectors", c.sel, len(sels))
		}
		if got := sels[0].deps; got != c.want {
			t.Errorf("%s: deps %b, want %b", c.sel, got, c.want)
		}
	}
}

// TestFlowBaselineQuirks: an image sits on its line's baseline, below
// which the line keeps room for descenders (4 px for 16px Liberation
// Serif), except in quirks mode on a line with no text (the line height
// quirk), as in Chromium.
func TestFlowBaselineQuirks(t *testing.T) {
	const body = `<div id=a><img width=100 height=50></div><div id=b>text <img width=100 height=50></div>`
	for _, c := range []struct {
		name, doctype, want string
	}{
		{"standards", "<!doctype html>", "54 54"},
		{"quirks", "", "50 54"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPage(t, c.doctype+`<html><body>`+body+`</body></html>`, nil)
			p.run()
			if got := p.eval(`a.offsetHeight + ' ' + b.offsetHeight`); got != c.want {
				t.Errorf("heights %q, want %q", got, c.want)
			}
		})
	}
}

func TestAreaColumns(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{`none`, 0},
		{`"a a a a a a a"`, 7},
		{`"head head" "nav main"`, 2},
		{`"a ... ." "a b c"`, 3},
		{`'p q r s'`, 4},
		{`"a.b"`, 3},
		{`"  x   "`, 1},
		{`"unterminated`, 0},
	}
	for _, tt := range tests {
		if got := areaColumns(tt.in); got != tt.want {
			t.Errorf("areaColumns(%s) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestFlowButtonHeight: a button is as tall as its label's lines and its
// edges (Chromium 156's sizes; testdata/wpt/sweep62-button-label-lines.html).
func TestFlowButtonHeight(t *testing.T) {
	const style = `<style>body{margin:0;font:14px/21px Arial} button{font:inherit;padding:4px 8px;border:1px solid}
		.row{display:flex;width:160px} .row>button{flex:1 1 auto;width:50%} .x::before{content:"x"}</style>`
	for _, c := range []struct {
		name, body string
		want       float64
	}{
		{"one line", `<button id=t>Deselect All</button>`, 31},
		{"wrapped", `<button id=t style="width:60px">Deselect All</button>`, 52},
		{"nowrap", `<button id=t style="width:60px;white-space:nowrap">Deselect All</button>`, 31},
		{"empty", `<button id=t style="width:60px"> </button>`, 10},
		{"generated label", `<button id=t class=x></button>`, 31},
		{"stretched in a flex row", `<div class=row><button>Deselect All</button><button id=t>x</button></div>`, 52},
		{"flex-start in a flex row", `<div class=row style="align-items:flex-start"><button>Deselect All</button><button id=t>x</button></div>`, 31},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><head>`+style+`</head><body>`+c.body+`</body></html>`, nil)
			p.run()
			v, err := p.w.RunScript("t.js", `document.getElementById("t").getBoundingClientRect().height`)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.ToFloat(); got != c.want {
				t.Errorf("height %v, want %v", got, c.want)
			}
		})
	}
}

// TestFlowCompressedControl: a percentage-wide text field, select or
// textarea adds only its edges to its container's min-content width
// (Chromium 156's sizes; testdata/wpt/sweep62-compressed-controls.html).
func TestFlowCompressedControl(t *testing.T) {
	const style = `<style>body{margin:0;font:16px/24px Arial} .cb{position:relative;width:0} .m{position:absolute;border:1px solid}
		input{width:100%;padding:6px 12px;font:inherit;border:1px solid;display:block;box-sizing:border-box}</style>`
	for _, c := range []struct {
		name, body string
		want       float64
	}{
		{"text field", `<div class=cb><div class=m id=t><input></div></div>`, 28},
		{"beside text", `<div class=cb><div class=m id=t><span>Name</span><input></div></div>`, 44.6875},
		{"submit button", `<div class=cb><div class=m id=t><input type=submit value="Send the form"></div></div>`, 128.5},
		{"float with room", `<div style="float:left" id=t><textarea style="width:90%"></textarea></div>`, 182},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><head>`+style+`</head><body>`+c.body+`</body></html>`, nil)
			p.run()
			v, err := p.w.RunScript("t.js", `document.getElementById("t").getBoundingClientRect().width`)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.ToFloat(); got < c.want-0.02 || got > c.want+0.02 {
				t.Errorf("width %v, want %v", got, c.want)
			}
		})
	}
}

// TestFlowFloatFoundLate: the first float of a document whose sheets
// float nothing, set in a style attribute inside a block that is no
// formatting context, still narrows the blocks after that block: a table
// goes beside it (Chromium: x 45, not 0), in the page as parsed and when a
// script adds the float after the page was laid out.
func TestFlowFloatFoundLate(t *testing.T) {
	const float = `<div><div><div style="float:left;width:45px;height:40px">x</div></div></div>`
	for _, c := range []struct{ name, body, script string }{
		{"parsed", float + `<table id=t><tr><td>cell</td></tr></table>`, ""},
		{"added", `<div id=h></div><table id=t><tr><td>cell</td></tr></table>`,
			`document.getElementById("t").offsetLeft; document.getElementById("h").innerHTML = '` + float + `';`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><body style="margin:0">`+c.body+`</body></html>`, nil)
			p.run()
			v, err := p.w.RunScript("t.js", c.script+`const r = document.getElementById("t").getBoundingClientRect(); [r.left, r.top]`)
			if err != nil {
				t.Fatal(err)
			}
			got := v.Export().([]any)
			if got[0] != float64(45) && got[0] != int64(45) || got[1] != float64(0) && got[1] != int64(0) {
				t.Errorf("table at %v, want beside the float at 45, 0", got)
			}
		})
	}
}

// TestFlowBreakSpaces: under white-space: break-spaces a run of spaces
// longer than the line takes lines of its own, where under pre-wrap it
// hangs at the end of one.
func TestFlowBreakSpaces(t *testing.T) {
	run := strings.Repeat(" ", 60)
	p := newPage(t, `<!doctype html><html><body style="font:16px Arial;line-height:20px">
		<div style="width:100px;white-space:pre-wrap">a`+run+`</div><div id=pw>x</div>
		<div style="width:100px;white-space:break-spaces">a`+run+`</div><div id=bs>x</div>
	</body></html>`, nil)
	p.run()
	top := func(id string) float64 {
		v, err := p.w.RunScript("t.js", `document.getElementById("`+id+`")`)
		if err != nil {
			t.Fatal(err)
		}
		y, _, ok := p.w.FlowPlace(v.(*goja.Object))
		if !ok {
			t.Fatalf("%s not placed", id)
		}
		return y
	}
	pw, bs := top("pw"), top("bs")
	// pre-wrap: one line (20px) and the x (20px) above #bs's block;
	// break-spaces: three lines (20, 22 and 18 spaces)
	if got := bs - pw; got < 79 || got > 81 {
		t.Errorf("break-spaces block starts %v below pre-wrap's next box, want 80 (20 + 60)", got)
	}
}
