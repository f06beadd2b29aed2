package jsruntime

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

func benchPage(b *testing.B) *testPage {
	p := newPage(b, `<!doctype html><html><head></head><body><div id="root"></div></body></html>`, nil)
	p.run()
	return p
}

// benchLoop runs body n times inside one JS function call.
func benchLoop(b *testing.B, p *testPage, setup, body string, n int) {
	fn, err := p.w.RunScript("bench.js", "(function(n) {"+setup+"; for (var i = 0; i < n; i++) {"+body+"} })")
	if err != nil {
		b.Fatal(err)
	}
	call, _ := goja.AssertFunction(fn)
	if _, err := call(nil, p.w.rt.ToValue(n)); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkNodeTypeRead is one node.nodeType read from JS.
func BenchmarkNodeTypeRead(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var d = document.body, s = 0", "s += d.nodeType", b.N)
}

// BenchmarkNodeType1e6 is 1e6 node.nodeType reads from JS per op.
func BenchmarkNodeType1e6(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		benchLoop(b, p, "var d = document.body, s = 0", "s += d.nodeType", 1e6)
	}
}

// BenchmarkAppendChild is one document.createElement + appendChild from JS.
func BenchmarkAppendChild(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var r = document.getElementById('root')", "r.appendChild(document.createElement('p'))", b.N)
}

// BenchmarkAppendChild1e5 is 1e5 appendChild calls from JS per op (of
// elements created beforehand), on a fresh page each time.
func BenchmarkAppendChild1e5(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		p := benchPage(b)
		fn, err := p.w.RunScript("bench.js", `(function() { var r = document.getElementById('root'), els = [];
			for (var i = 0; i < 1e5; i++) els.push(document.createElement('p'));
			return function() { for (var i = 0; i < els.length; i++) r.appendChild(els[i]) } })()`)
		if err != nil {
			b.Fatal(err)
		}
		call, _ := goja.AssertFunction(fn)
		b.StartTimer()
		if _, err := call(nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMethodCallGetAttribute is one el.getAttribute('id') from JS.
func BenchmarkMethodCallGetAttribute(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var r = document.getElementById('root'), s", "s = r.getAttribute('id')", b.N)
}

// BenchmarkNewWindow is the cost of binding a parsed document into a fresh
// runtime (every interface installed), per page.
func BenchmarkNewWindow(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		doc, _ := dom.Parse(strings.NewReader(`<p>x</p>`))
		l := loop.New(goja.New(), loop.Options{})
		if _, err := New(l, doc, Config{URL: "https://example.test/"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJQueryPage loads jQuery 3 from the program cache and runs a
// small page to quiescence.
func BenchmarkJQueryPage(b *testing.B) {
	lib := loadJQuery(b)
	loader := mapLoader{"https://example.test/jquery.js": lib}
	page := `<script src="/jquery.js"></script><ul id="l"></ul><script>$(function() { for (var i = 0; i < 100; i++) $('#l').append('<li>' + i + '</li>') })</script>`
	b.ReportAllocs()
	for b.Loop() {
		p := newPage(b, page, loader)
		p.run()
	}
}

// BenchmarkNodeTypeReadNoAccumulate is BenchmarkNodeTypeRead without the
// JS-side sum, whose growing number is what allocates there: the binding
// itself does not allocate.
func BenchmarkNodeTypeReadNoAccumulate(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var d = document.body, x", "x = d.nodeType", b.N)
}

// BenchmarkComputedStyle is what layout and CSS-in-JS libraries do in
// loops: getComputedStyle of an element 12 levels deep under a few style
// rules, and reads of inherited, length and color properties.
func BenchmarkComputedStyle(b *testing.B) {
	p := newPage(b, `<!doctype html><html><head><style>
html { font-size: 15px } .a { color: rgb(1, 2, 3); font-size: 1.2em; line-height: 1.5 }
.b { margin-left: 1em; padding-top: calc(1rem + 2px) } div > p { letter-spacing: .1em }
</style></head><body>`+strings.Repeat(`<div class="a b">`, 12)+`<p id=x>x</p>`+strings.Repeat(`</div>`, 12)+`</body></html>`, nil)
	p.run()
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var x = document.getElementById('x'), s",
		"var cs = getComputedStyle(x); s = cs.fontSize + cs.color + cs.marginLeft + cs.paddingTop + cs.lineHeight + cs.letterSpacing + cs.display", b.N)
}

// BenchmarkTimerCall is a setTimeout and a clearTimeout from JS, plain and
// through window (the call path of the window's timer functions, which
// check their this value).
func BenchmarkTimerCall(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var f = function () {}", "clearTimeout(setTimeout(f, 1000)); window.clearTimeout(window.setTimeout(f, 1000))", b.N)
}

// BenchmarkStyleTextAppend1e3 is 1,000 rules appended one text node at a
// time to one <style> element (styled-components' development mode), on a
// fresh page each time: each append updates the style block.
func BenchmarkStyleTextAppend1e3(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		p := benchPage(b)
		b.StartTimer()
		benchLoop(b, p, "var s = document.createElement('style'); document.head.appendChild(s)",
			"s.appendChild(document.createTextNode('.c' + i + ' { color: red; margin: 0 auto; padding: 4px 8px; font: 12px sans-serif }'))", 1000)
	}
}

// BenchmarkMutateThenStyleRead is one appendChild then one
// getComputedStyle read in a document of 15,000 nodes (jQuery's .show()
// or :visible after a change): the mutation must not make the read walk
// the document for its style sheets.
func BenchmarkMutateThenStyleRead(b *testing.B) {
	p := benchPage(b)
	benchLoop(b, p, "var r = document.getElementById('root')",
		"var d = document.createElement('div'); d.className = 'c' + i; d.innerHTML = '<span>x</span><b>y</b>'; r.appendChild(d)", 5000)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var r = document.getElementById('root')", "r.appendChild(document.createElement('p')); getComputedStyle(r.lastChild).display", b.N)
}

// BenchmarkInnerTextStyled is document.body.innerText of a styled page of
// 200 table rows and 200 list items with icons, buttons and inline blocks
// (the cascade decides each box's display and visibility).
func BenchmarkInnerTextStyled(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>.ib { display: inline-block } .hide { visibility: hidden } td { padding: 2px }</style><table>`)
	for i := range 200 {
		body.WriteString(`<tr><td><i class=ib></i> Row</td><td><button> b </button> <span class=hide>x</span></td><td>` + strings.Repeat("w ", i%7) + `</td></tr>`)
	}
	body.WriteString(`</table><ul>`)
	for range 200 {
		body.WriteString(`<li><a href="#"><i class=ib></i> <p style="display:inline">Item</p></a> <select><option>1<option>2</select></li>`)
	}
	body.WriteString(`</ul>`)
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var d = document.body, total = 0", "total += d.innerText.length", b.N)
}

// BenchmarkInnerTextIconFont is innerText after a mutation of a page with
// an icon font's style sheet: a ::before rule per icon (2,000 of them, as
// Bootstrap Icons and Font Awesome have) and 400 icons in use, each of
// whose ::before boxes innerText lays out.
func BenchmarkInnerTextIconFont(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>.bi::before { display: inline-block; font-family: icons }`)
	for i := range 2000 {
		fmt.Fprintf(&body, ".bi-%d::before { content: \"\\f%03x\" }\n", i, i)
	}
	body.WriteString(`</style><ul>`)
	for i := range 400 {
		fmt.Fprintf(&body, `<li><a href="#"><i class="bi bi-%d"></i> Item %d</a></li>`, i*5, i)
	}
	body.WriteString(`</ul>`)
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var d = document.body, total = 0", "d.setAttribute('data-i', i); total += d.innerText.length", b.N)
}

// BenchmarkCascadeClassRules is what CSS-in-JS pages cost the cascade: a
// sheet of 3,000 rules in the shape Ant Design's cssinjs writes them
// (`:where(.css-hash).ant-x-N { ... }`, a hash class every element
// carries) and 300 elements, each with the hash class and two of the
// rules' classes; each iteration changes an attribute and reads five
// properties of every element through getComputedStyle.
func BenchmarkCascadeClassRules(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>`)
	for i := range 3000 {
		fmt.Fprintf(&body, ":where(.css-h).ant-x-%d{color:rgb(%d, 0, 0);margin:%dpx;padding-left:1px}\n", i, i%256, i%9)
		if i%10 == 0 {
			fmt.Fprintf(&body, ".ant-x-%d .ant-x-%d, #id-%d{display:block}\n", i, i+1, i)
		}
	}
	body.WriteString(`div{line-height:1.5}[data-i]{letter-spacing:1px}</style>`)
	for i := range 300 {
		fmt.Fprintf(&body, `<div id="id-%d" class="css-h ant-x-%d ant-x-%d">x</div>`, i*10, i*10, i*10+3)
	}
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var d = document.body, all = document.querySelectorAll('div'), s = ''",
		"d.setAttribute('data-i', i); for (var j = 0; j < all.length; j++) { var cs = getComputedStyle(all[j]); s = cs.color + cs.marginTop + cs.paddingLeft + cs.display + cs.letterSpacing }", b.N)
}

// cascadeSheetPage is a page of 300 elements under a sheet of 2,000 rules
// in CSS-in-JS shape (`:where(.css-h).ant-x-N`, a hash class on every
// element; universal, tag and attribute rules besides), each element with
// the hash class and two of the rules' classes, each rule declaring ten
// properties; extra is added to the sheet.
func cascadeSheetPage(b *testing.B, extra string) *testPage {
	var body strings.Builder
	body.WriteString(`<style>*{box-sizing:border-box}div{line-height:1.5;font-family:sans-serif}[data-i]{letter-spacing:1px}`)
	for i := range 2000 {
		fmt.Fprintf(&body, ":where(.css-h).ant-x-%d{color:rgb(%d, 0, 0);margin:%dpx;padding:1px %dpx;border:1px solid #ccc;border-radius:%dpx;"+
			"background-color:#fff;opacity:.9;font-size:%dpx;min-height:%dpx;text-decoration:none}\n", i, i%256, i%9, i%5, i%4, 12+i%5, i%30)
		if i%10 == 0 {
			fmt.Fprintf(&body, ".ant-x-%d .ant-x-%d, #id-%d{display:block;width:%d%%}\n", i, i+1, i, 50+i%50)
		}
	}
	body.WriteString(extra + `</style>`)
	for i := range 300 {
		fmt.Fprintf(&body, `<div id="id-%d" class="css-h ant-x-%d ant-x-%d">x</div>`, i*5, i*5, i*5+3)
	}
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	return p
}

// BenchmarkCascadeManyProperties is what a style update, layout or a
// library measuring elements costs the cascade: each iteration changes an
// attribute (a new document version) and reads 24 properties of each of
// the 300 elements of cascadeSheetPage through getComputedStyle.
func BenchmarkCascadeManyProperties(b *testing.B) {
	p := cascadeSheetPage(b, "")
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var d = document.body, all = document.querySelectorAll('div'), s = '', "+
		"props = ['color', 'marginTop', 'marginLeft', 'paddingTop', 'paddingRight', 'borderTopWidth', 'borderLeftStyle', 'borderTopLeftRadius', "+
		"'backgroundColor', 'opacity', 'fontSize', 'minHeight', 'textDecorationLine', 'display', 'width', 'letterSpacing', 'lineHeight', "+
		"'boxSizing', 'position', 'float', 'visibility', 'zIndex', 'overflowX', 'transform']",
		"d.setAttribute('data-i', i); for (var j = 0; j < all.length; j++) { var cs = getComputedStyle(all[j]); for (var k = 0; k < props.length; k++) s = cs[props[k]] }", b.N)
}

// BenchmarkCascadeLogicalSides is BenchmarkCascadeManyProperties' reads
// of side properties on a page whose rules also declare logical ones
// (Ant Design's `margin-inline-start`, `padding-block`, `inset-inline-end`):
// each physical longhand then takes part in one cascade with its logical
// counterpart under the element's writing mode and direction.
func BenchmarkCascadeLogicalSides(b *testing.B) {
	p := cascadeSheetPage(b, `.ant-x-3{margin-inline-start:4px;padding-block:2px 3px}.ant-x-8{inset-inline-end:0;border-inline-start-width:2px}[dir=rtl] div{margin-inline-end:1px}`)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var d = document.body, all = document.querySelectorAll('div'), s = '', "+
		"props = ['marginTop', 'marginRight', 'marginBottom', 'marginLeft', 'paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft', "+
		"'borderTopWidth', 'borderRightWidth', 'borderBottomWidth', 'borderLeftWidth', 'top', 'right', 'bottom', 'left', 'width', 'height']",
		"d.setAttribute('data-i', i); for (var j = 0; j < all.length; j++) { var cs = getComputedStyle(all[j]); for (var k = 0; k < props.length; k++) s = cs[props[k]] }", b.N)
}

// BenchmarkCascadeClassToggle is a CSS-in-JS page's class toggles between
// reads: each iteration toggles a class of one of cascadeSheetPage's 300
// elements (a class some rules name left of their subject too) and reads
// 6 properties of every element through getComputedStyle; only the
// toggled element's rules need matching again (matchinval.go).
func BenchmarkCascadeClassToggle(b *testing.B) {
	p := cascadeSheetPage(b, "")
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var all = document.querySelectorAll('div'), s = '', props = ['color', 'marginTop', 'paddingLeft', 'display', 'width', 'opacity']",
		"all[(i * 7) % all.length].classList.toggle('ant-x-' + (i % 2000)); for (var j = 0; j < all.length; j++) { var cs = getComputedStyle(all[j]); for (var k = 0; k < props.length; k++) s = cs[props[k]] }", b.N)
}

// BenchmarkCascadeSheetAppend is a CSS-in-JS page adding a style element
// between reads: each iteration appends a <style> with one rule for one
// of cascadeSheetPage's 300 elements and reads 6 properties of every
// element through getComputedStyle; only that element's rules need
// matching again (sheetgrowth.go). Run it with a fixed count
// (-benchtime 200x): the sheets it adds stay.
func BenchmarkCascadeSheetAppend(b *testing.B) {
	p := cascadeSheetPage(b, "")
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var all = document.querySelectorAll('div'), s = '', props = ['color', 'marginTop', 'paddingLeft', 'display', 'width', 'opacity']",
		"var st = document.createElement('style'); st.textContent = '.ant-x-' + ((i * 35) % 1500) + ' { color: rgb(' + (i % 256) + ', 1, 2) }'; document.head.appendChild(st); "+
			"for (var j = 0; j < all.length; j++) { var cs = getComputedStyle(all[j]); for (var k = 0; k < props.length; k++) s = cs[props[k]] }", b.N)
}

// BenchmarkCascadeSheetRewrite is a page with a large prebuilt sheet and a
// style element a script compiles its utilities into (Tailwind's browser
// build beside daisyUI's sheet of every component): each iteration
// rewrites that style element's text and reads a property of one element,
// so the per-property rule lists of all the sheets are built again.
func BenchmarkCascadeSheetRewrite(b *testing.B) {
	var extra strings.Builder
	for i := range 300 {
		fmt.Fprintf(&extra, ".ant-x-%d::before{content:'';display:block;margin-left:%dpx}\n", i, i%7)
	}
	p := cascadeSheetPage(b, extra.String())
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var st = document.createElement('style'), x = document.getElementById('id-5'), s = ''; document.head.appendChild(st)",
		"st.textContent = '.u-' + i + ' { color: red } .ant-x-5 { padding-top: ' + i + 'px }'; s = getComputedStyle(x).paddingTop", b.N)
}

// BenchmarkCascadeNestedLists is a sheet nesting rules under selector
// lists, as daisyUI 5's components do (`.c { & .a, & .b { … &:hover { … } } }`
// makes `:is(.c .a, .c .b):hover`, expanded into one selector per item):
// 400 components over 300 elements, of which a tenth sit in a component.
// Each iteration rewrites a style element, so every element is matched
// again, and reads one property of each element: the ancestor filter
// keeps each expanded selector out of the elements outside its component.
func BenchmarkCascadeNestedLists(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>`)
	for i := range 400 {
		fmt.Fprintf(&body, ".c-%d { display: flex; & .a, & .b, & [data-x=y] { color: rgb(%d, 0, 0); &:hover { color: blue } &:focus-visible { outline: 1px solid } } }\n", i, i%256)
	}
	body.WriteString(`</style>`)
	for i := range 30 {
		fmt.Fprintf(&body, `<div class="c-%d"><span class="a">x</span><span class="b">y</span></div>`, i*13)
	}
	for i := range 240 {
		fmt.Fprintf(&body, `<p class="p-%d">z</p>`, i)
	}
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var st = document.createElement('style'), all = document.body.querySelectorAll('*'), s = ''; document.head.appendChild(st)",
		"st.textContent = '.u-' + i + ' { color: red }'; for (var j = 0; j < all.length; j++) s = getComputedStyle(all[j]).color", b.N)
}

// BenchmarkTransitionAllUpdate is the style update of a page whose
// elements all have `transition: all` (Ant Design's buttons, inputs and
// links): each iteration changes an attribute of the body, and the forced
// style update reads every animatable property the sheet declares for
// each of cascadeSheetPage's 300 elements.
func BenchmarkTransitionAllUpdate(b *testing.B) {
	p := cascadeSheetPage(b, `div{transition:all .2s cubic-bezier(.645,.045,.355,1)}`)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var d = document.body, x = document.getElementById('id-5'), s = ''",
		"d.setAttribute('data-i', i); s = getComputedStyle(x).color", b.N)
}

// BenchmarkFlowPlace is IntersectionObserver's estimate of where a target
// lies (flow.go) on a page of 3,000 cards (a heading, a paragraph that
// wraps and a sized image each, in padded blocks): each iteration changes
// an attribute, which drops the estimate, and places the last card's image
// (laying out the whole page) and then the first's.
func BenchmarkFlowPlace(b *testing.B) {
	benchFlowPlace(b, `<style>.item{padding:8px}</style>`,
		`<div class="item"><h3>Item %d</h3><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p><img id="i%d" width="200" height="100"></div>`, 3000)
}

// BenchmarkFlowPercentEdges is BenchmarkFlowPlace on 2,000 cards whose
// paddings and margins are percentages of their containers' widths
// (fluid layouts: `padding: 2%`, `margin: 1% 3%`), nested two deep, so
// every box's edges resolve against a container's laid-out width
// (percentEdges).
func BenchmarkFlowPercentEdges(b *testing.B) {
	benchFlowPlace(b, `<style>.item{padding:2% 3%;margin:1% 2%}.inner{padding:5%;margin:0 1%}</style>`,
		`<div class="item"><div class="inner"><h3>Item %d</h3><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p><img id="i%d" width="200" height="100"></div></div>`, 2000)
}

// benchFlowPlace places the images of the first and the last of n cards
// (card, a format taking the card's number twice, the second its image's
// id), after head, at each iteration, after changing an attribute of the
// body, which drops the estimate.
func benchFlowPlace(b *testing.B, head, card string, n int) {
	var body strings.Builder
	body.WriteString(head)
	for i := range n {
		fmt.Fprintf(&body, card, i, i)
	}
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	first, _ := p.w.RunScript("first.js", `document.getElementById("i0")`)
	last, _ := p.w.RunScript("last.js", fmt.Sprintf(`document.getElementById("i%d")`, n-1))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.w.doc.Body().SetAttribute("data-i", fmt.Sprint(i))
		top, _, ok := p.w.FlowPlace(last.(*goja.Object))
		if !ok || top < 100000 {
			b.Fatalf("last card at %v (%v)", top, ok)
		}
		if top, _, ok := p.w.FlowPlace(first.(*goja.Object)); !ok || top > 200 {
			b.Fatalf("first card at %v (%v)", top, ok)
		}
	}
}

// BenchmarkFlowShadowPlace is BenchmarkFlowPlace on web components: 1,000
// cards, each a host whose shadow tree wraps its light children (a
// heading and a wrapping paragraph) in a padded block and a flex row of
// two named slots (flattree.go); each iteration changes an attribute,
// which drops the estimate, and places the last card's paragraph and
// then the first's.
func BenchmarkFlowShadowPlace(b *testing.B) {
	var body strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&body, `<div class="card"><h3 slot="title">Item %d</h3><p id="p%d">Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p><img slot="a" width="20" height="20"><img slot="b" width="20" height="20"></div>`, i, i)
	}
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	if _, err := p.w.RunScript("shadow.js", `for (const c of document.querySelectorAll(".card"))
		c.attachShadow({mode: "open"}).innerHTML = '<div style="padding:8px"><slot name=title></slot><slot></slot></div><div style="display:flex"><slot name=a></slot><slot name=b></slot></div>'`); err != nil {
		b.Fatal(err)
	}
	first, _ := p.w.RunScript("first.js", `document.getElementById("p0")`)
	last, _ := p.w.RunScript("last.js", `document.getElementById("p999")`)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.w.doc.Body().SetAttribute("data-i", fmt.Sprint(i))
		top, _, ok := p.w.FlowPlace(last.(*goja.Object))
		if !ok || top < 50000 {
			b.Fatalf("last card at %v (%v)", top, ok)
		}
		if top, _, ok := p.w.FlowPlace(first.(*goja.Object)); !ok || top > 200 {
			b.Fatalf("first card at %v (%v)", top, ok)
		}
	}
}

// BenchmarkFlowWriteMeasure is code that writes and then measures in a
// loop, on a page of 300 cards: 1,000 rows appended to a list one at a
// time, each followed by a read of the list's offsetHeight and of the new
// row's getBoundingClientRect(). "incremental" keeps the estimate across
// mutations (flowMutated), "full" lays the page out again at each read.
func BenchmarkFlowWriteMeasure(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>.item{padding:8px} li{margin:2px 0}</style>`)
	for i := range 300 {
		fmt.Fprintf(&body, `<div class="item"><h3>Item %d</h3><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p></div>`, i)
	}
	body.WriteString(`<ul id="list"></ul><footer>end</footer>`)
	benchWriteMeasure(b, body.String(), 1000)
}

// benchWriteMeasure runs appendRowsMeasuring(rows) on a page of body with
// the estimate kept across mutations (incremental) and laid out again at
// each read (full).
func benchWriteMeasure(b *testing.B, body string, rows int) {
	for _, mode := range []string{"incremental", "full"} {
		b.Run(mode, func(b *testing.B) {
			flowIncremental = mode == "incremental"
			defer func() { flowIncremental = true }()
			p := newPage(b, `<!doctype html><html><head></head><body>`+body+`</body></html>`, nil)
			p.run()
			b.ReportAllocs()
			b.ResetTimer()
			benchLoop(b, p, `var list = document.getElementById("list"), top = 0`,
				appendRowsMeasuring(rows), b.N)
		})
	}
}

// appendRowsMeasuring is the script of the write/measure benchmarks: n
// rows appended to #list one at a time, each followed by a read of the
// list's height and the new row's rect.
func appendRowsMeasuring(n int) string {
	return fmt.Sprintf(`list.textContent = "";
		for (var j = 0; j < %d; j++) {
			var li = document.createElement("li"); li.textContent = "row " + j; list.appendChild(li);
			if (list.offsetHeight < 18 * j) throw new Error("list too short: " + list.offsetHeight);
			top = li.getBoundingClientRect().top
		}
		if (top < 5000) throw new Error("last row at " + top)`, n)
}

// BenchmarkFlowFloats is BenchmarkFlowWriteMeasure on an old-style page
// laid out with floats: 100 rows of three floated columns (a float grid
// whose rows hold them with a clearfix), a floated sidebar beside the
// list, and 300 rows appended to the list one at a time, each followed by
// a read of the list's offsetHeight and the new row's rect.
func BenchmarkFlowFloats(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>.row::after{content:"";display:table;clear:both} .col{float:left;width:33.3%;padding:0 15px;box-sizing:border-box} #side{float:right;width:200px;height:3000px}</style>`)
	for i := range 100 {
		fmt.Fprintf(&body, `<div class="row"><div class="col"><h3>Item %d</h3><p>Lorem ipsum dolor sit amet.</p></div><div class="col"><p>Consectetur adipiscing elit, sed do eiusmod tempor.</p></div><div class="col">x</div></div>`, i)
	}
	body.WriteString(`<div id="side"></div><ul id="list"></ul><footer>end</footer>`)
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, `var list = document.getElementById("list"), top = 0`,
		appendRowsMeasuring(300), b.N)
}

// BenchmarkFlowFlexShell is BenchmarkFlowWriteMeasure in an app shell
// laid out with flex boxes (flowheight.go): a 100vh column of a header, a
// row that grows (a sidebar of 100 links stretched to it and a main area
// that scrolls, holding 100 cards of a stretched three-column flex row and
// the list) and a footer; 300 rows appended to the list one at a time,
// each followed by a read of the list's offsetHeight and the new row's
// rect. "full" lays the page out again at each read.
func BenchmarkFlowFlexShell(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>#app{display:flex;flex-direction:column;height:100vh} #mid{flex:1;display:flex;min-height:0} nav{width:200px;overflow:auto} main{flex:1;overflow:auto} .cards{display:flex} .card{flex:1;padding:8px}</style><div id="app"><header>title</header><div id="mid"><nav>`)
	for i := range 100 {
		fmt.Fprintf(&body, `<a href="#%d">Link %d</a><br>`, i, i)
	}
	body.WriteString(`</nav><main>`)
	for i := range 100 {
		fmt.Fprintf(&body, `<div class="cards"><div class="card"><h3>Item %d</h3><p>Lorem ipsum dolor sit amet.</p></div><div class="card"><p>Consectetur adipiscing elit, sed do eiusmod tempor.</p></div><div class="card">x</div></div>`, i)
	}
	body.WriteString(`<ul id="list"></ul></main></div><footer>end</footer></div>`)
	benchWriteMeasure(b, body.String(), 300)
}

// BenchmarkFlowWidths is code that writes and then reads widths: on a
// page with a toolbar of 30 tabs in a row that does not wrap and a table
// of 200 rows of 4 cells, each iteration changes a tab's label and reads
// the toolbar's scrollWidth (a priority+ menu's test), then changes a
// cell's text and reads the table's offsetWidth and the last cell's
// offsetLeft (the columns are shared out again).
func BenchmarkFlowWidths(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>.tabs{display:flex;overflow:hidden;white-space:nowrap} .tabs a{padding:0 12px}</style><nav class="tabs" id="tabs">`)
	for i := range 30 {
		fmt.Fprintf(&body, `<a>Tab %d</a>`, i)
	}
	body.WriteString(`</nav><table id="t">`)
	for i := range 200 {
		fmt.Fprintf(&body, `<tr><td>%d</td><td>Name %d</td><td>Some description of row %d</td><td><button>Edit</button></td></tr>`, i, i, i)
	}
	body.WriteString(`</table>`)
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, `var tabs = document.getElementById("tabs"), t = document.getElementById("t"), cells = t.querySelectorAll("td"), last = cells[cells.length - 1]`,
		`tabs.children[i % 30].textContent = "Tab label " + i;
		if (tabs.scrollWidth <= tabs.clientWidth) throw new Error("tabs fit: " + tabs.scrollWidth);
		cells[(i * 7) % cells.length].textContent = "x".repeat(i % 50);
		if (t.offsetWidth < 100 || last.offsetLeft < 50) throw new Error("table " + t.offsetWidth + " " + last.offsetLeft)`, b.N)
}

// BenchmarkCascadeSheetAppendToggle is a CSS-in-JS page adding rules
// between class changes, as Ant Design's cssinjs does while a page
// renders: each iteration appends a <style> with a rule for one of
// cascadeSheetPage's elements and a descendant rule, toggles a class of
// an element (a style invalidation, which reads the rules' invalidation
// features: styleinval.go) and reads 2 properties of that element. Run
// it with a fixed count (-benchtime 200x): the sheets it adds stay.
func BenchmarkCascadeSheetAppendToggle(b *testing.B) {
	p := cascadeSheetPage(b, "")
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var all = document.querySelectorAll('div'), s = ''",
		"var st = document.createElement('style'); var k = (i * 35) % 1500; st.textContent = '.ant-x-' + k + ' { color: rgb(' + (i % 256) + ', 1, 2) } .ant-y-' + i + ' .ant-x-' + k + ' { margin-left: 1px }'; document.head.appendChild(st); "+
			"var e = all[(i * 7) % all.length]; e.classList.toggle('ant-x-' + (i % 2000)); var cs = getComputedStyle(e); s = cs.color + cs.marginLeft", b.N)
}

// rtlLangs are the 19 right-to-left languages Handsontable's sheet lists
// in each of its :lang() selectors.
const rtlLangs = "ae,ar,arc,bcc,bqi,ckb,dv,fa,glk,he,ku,mzn,nqo,pnb,ps,sd,ug,ur,yi"

// langList is :lang(x) for each of rtlLangs, joined by commas.
func langList() string {
	var l []string
	for _, x := range strings.Split(rtlLangs, ",") {
		l = append(l, ":lang("+x+")")
	}
	return strings.Join(l, ",")
}

// BenchmarkCascadeLang is Handsontable's sheet on a grid: rules whose
// subjects are every cell (`td:not(:lang(ae), ..., :lang(yi))` and its
// :is() counterpart, 19 languages in each, as its theme writes them for
// right-to-left borders) on a table of 100 rows of 10 cells 8 levels
// deep under <html lang=en>; each iteration changes a row's class (a new
// document version, no lang attribute) and reads three border widths of
// every cell from the cascade (no script: what the cascade does for
// getComputedStyle).
func BenchmarkCascadeLang(b *testing.B) {
	l := langList()
	var body strings.Builder
	fmt.Fprintf(&body, `<style>.ht td:not(%s){border-right-width:1px} .ht td:is(%s){border-left-width:1px} .ht tr:first-child>td:first-child:not(%s){border-top-width:2px} td{padding:1px}</style>`, l, l, l)
	body.WriteString(`<div><div><div class=ht><div><table><tbody>`)
	for i := range 100 {
		fmt.Fprintf(&body, "<tr class=r%d>", i)
		for j := range 10 {
			fmt.Fprintf(&body, "<td>%d</td>", j)
		}
		body.WriteString("</tr>")
	}
	body.WriteString(`</tbody></table></div></div></div></div>`)
	p := newPage(b, `<!doctype html><html lang=en><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	var rows, cells []*dom.Node
	p.w.doc.Descendants(func(n *dom.Node) bool {
		switch n.Data {
		case "tr":
			rows = append(rows, n)
		case "td":
			cells = append(cells, n)
		}
		return true
	})
	read := func(i int) {
		r := rows[i%len(rows)]
		if r.Attribute("class") == "sel" {
			_ = r.SetAttribute("class", "")
		} else {
			_ = r.SetAttribute("class", "sel")
		}
		for _, c := range cells {
			for _, prop := range [...]string{"border-right-width", "border-left-width", "border-top-width"} {
				if v, _ := p.w.computedValue(c, prop); v == "" {
					b.Fatalf("no %s", prop)
				}
			}
		}
	}
	read(0)
	if v, _ := p.w.computedValue(cells[0], "border-top-width"); v != "2px" {
		b.Fatalf("the first cell's border-top-width is %q, want 2px", v)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		read(i)
	}
}

// BenchmarkStyleUpdateSiblingRules is the style update (cssanim.go) of a
// large table whose sheet reads siblings (zebra rows, first and last
// cells, adjacent rows, :nth-child), has a :has() rule and declares a
// transition, so that every update looks for elements those rules
// started or stopped matching: each iteration toggles a class of one of
// 2,000 cells and forces the update. tests/op counts the volatile rules
// matched against elements.
func BenchmarkStyleUpdateSiblingRules(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>tr:nth-child(2n) td { background-color: #eee } td:first-child { font-weight: bold } tr + tr td:last-child { color: gray }
td.sel ~ td { color: blue } tr:has(td.sel) { outline: 1px solid } .grid td { transition: background-color .2s }</style><table class=grid><tbody>`)
	for i := range 400 {
		fmt.Fprintf(&body, "<tr id=r%d>", i)
		for j := range 5 {
			fmt.Fprintf(&body, "<td>%d</td>", j)
		}
		body.WriteString("</tr>")
	}
	body.WriteString(`</tbody></table>`)
	benchStyleUpdateToggle(b, body.String(), "td")
}

// benchStyleUpdateToggle renders body and times toggling a class of one of
// its elements matching sel and reading a computed color, which forces
// the style update; tests/op counts the rule tests the update made.
func benchStyleUpdateToggle(b *testing.B, body, sel string) {
	benchStyleUpdate(b, body, sel, "classList.toggle('sel')")
}

// benchStyleUpdate renders body and times a change (change, a JavaScript
// expression applied to the element) of one of its elements matching sel
// and reading a computed color, which forces the style update; tests/op
// counts the rule tests the update made.
func benchStyleUpdate(b *testing.B, body, sel, change string) {
	p := newPage(b, `<!doctype html><html><head></head><body>`+body+`</body></html>`, nil)
	p.run()
	c := p.w.cssAnimations()
	b.ReportAllocs()
	b.ResetTimer()
	n := c.volTests
	benchLoop(b, p, "var all = document.querySelectorAll('"+sel+"'), s = ''",
		"all[(i * 7) % all.length]."+change+"; s = getComputedStyle(all[0]).color", b.N)
	b.ReportMetric(float64(c.volTests-n)/float64(b.N), "tests/op")
}

// BenchmarkStyleUpdateComponentSheetStyleAttribute is
// BenchmarkStyleUpdateComponentSheet with each iteration setting an
// element's style attribute, as a script animating it frame by frame
// does: no rule reading siblings or descendants reads it, so none is
// matched.
func BenchmarkStyleUpdateComponentSheetStyleAttribute(b *testing.B) {
	benchStyleUpdate(b, componentPage(componentSheet(300), ""), "section", "style.marginLeft = (i % 50) + 'px'")
}

// componentSheet is a sheet in the shape of daisyUI 5's prebuilt one, made
// of n components: @layer blocks, @property rules, oklch and color-mix()
// values, and for each component rules reading siblings or descendants
// under its class (`.cN > :first-child`, `.cN li + li`, `.cN:has(> input:checked)`,
// `.cN > :not(ul, .cN-title)`), with a transition on the component.
func componentSheet(n int) string {
	var s strings.Builder
	s.WriteString("@layer base, components, utilities;\n")
	for i := range 20 {
		fmt.Fprintf(&s, "@property --p%d { syntax: '<length>'; inherits: false; initial-value: 0px }\n", i)
	}
	s.WriteString("@layer base { :root { --color-base: oklch(98% 0 0); --color-primary: oklch(45% .24 277) } body { color: var(--color-primary) } }\n@layer components {\n")
	for i := range n {
		fmt.Fprintf(&s, ".c%d { background: color-mix(in oklab, var(--color-primary) %d%%, transparent); transition: color .2s }\n", i, i%100)
		fmt.Fprintf(&s, ".c%d > :first-child { margin-left: %dpx } .c%d > :last-child { margin-right: 1px }\n", i, i%7, i)
		fmt.Fprintf(&s, ".c%d li + li { border-top: 1px solid oklch(90%% 0 0) } .c%d > :not(ul, .c%d-title) { padding: 2px }\n", i, i, i)
		fmt.Fprintf(&s, ".c%d:has(> input:checked) { color: oklch(50%% .2 %d) } .c%d :where(.item:nth-child(2n)) { opacity: .9 }\n", i, i%360, i)
	}
	s.WriteString("}\n")
	return s.String()
}

// BenchmarkStyleUpdateComponentSheet is the style update (cssanim.go) of
// a page under componentSheet(300) with two of its components and 600
// plain elements: each iteration toggles a class of one of them and
// forces the update, which matches the rules reading siblings or
// descendants around the mutation and the :has() rules everywhere.
// tests/op counts those rules matched against elements (the ancestor
// filter rejects the others).
func BenchmarkStyleUpdateComponentSheet(b *testing.B) {
	benchStyleUpdateToggle(b, componentPage(componentSheet(300), ""), "section")
}

// BenchmarkStyleUpdateEscapedComponentSheet is
// BenchmarkStyleUpdateComponentSheet with the components' classes named
// as Tailwind's responsive variants are (`.md\:c3 > :first-child`, the
// class "md:c3"): the escapes do not change which ancestors the rules
// need.
func BenchmarkStyleUpdateEscapedComponentSheet(b *testing.B) {
	sheet := regexp.MustCompile(`\.c(\d)`).ReplaceAllString(componentSheet(300), `.md\:c$1`)
	benchStyleUpdateToggle(b, componentPage(sheet, "md:"), "section")
}

// componentPage is a page under sheet with two of componentSheet's
// components (their classes prefixed) and 200 sections.
func componentPage(sheet, prefix string) string {
	var body strings.Builder
	body.WriteString(`<style>` + sheet + `</style><div class="` + prefix + `c3"><input type=checkbox checked><ul><li class=item>a</li><li class=item>b</li></ul></div>`)
	body.WriteString(`<div class="` + prefix + `c7"><span class=` + prefix + `c7-title>t</span><p>x</p></div><main>`)
	for i := range 200 {
		fmt.Fprintf(&body, "<section><h2>%d</h2><p>text</p></section>", i)
	}
	body.WriteString(`</main>`)
	return body.String()
}

// BenchmarkSVGChartBuild builds a 200-bar SVG chart as D3 does (elements
// made and given attributes, no typed value read), the case the SVG DOM's
// lazily made typed values must leave alone.
func BenchmarkSVGChartBuild(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var NS = 'http://www.w3.org/2000/svg', root = document.getElementById('root')",
		`var s = document.createElementNS(NS, 'svg'); s.setAttribute('viewBox', '0 0 400 200');
		for (var j = 0; j < 200; j++) { var r = document.createElementNS(NS, 'rect'); r.setAttribute('x', j * 2); r.setAttribute('height', j);
			r.setAttribute('transform', 'translate(1,2)'); s.appendChild(r) }
		root.appendChild(s); root.removeChild(s)`, b.N)
}

// BenchmarkSVGTypedValueRead reads typed values (rect.x.baseVal.value, a
// polygon's points, a filter primitive's stdDeviationX) on one element.
func BenchmarkSVGTypedValueRead(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, `var NS = 'http://www.w3.org/2000/svg', s = document.createElementNS(NS, 'svg'), r = document.createElementNS(NS, 'rect'),
		pg = document.createElementNS(NS, 'polygon'), f = document.createElementNS(NS, 'feGaussianBlur'), t = 0;
		s.appendChild(r); document.getElementById('root').appendChild(s); r.setAttribute('x', '5'); pg.setAttribute('points', '1,2 3,4'); f.setAttribute('stdDeviation', '2')`,
		`t += r.x.baseVal.value + pg.points.numberOfItems + f.stdDeviationX.baseVal`, b.N)
}

// BenchmarkInnerTextInlineInLargeBlock is the innerText of one span among
// 5,000 in a block: its line is laid out from the last text before it,
// not from the block's start (reading every span's was quadratic).
func BenchmarkInnerTextInlineInLargeBlock(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>.x { color: red }</style><div id=root>`)
	for i := range 5000 {
		fmt.Fprintf(&body, `<span class=x> w%d </span>`, i)
	}
	body.WriteString(`</div>`)
	p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
	p.run()
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var r = document.getElementById('root'), s = r.children[4000], total = 0", "total += s.innerText.length", b.N)
}

// BenchmarkValueMemosWriteRead is a page that alternates writes and reads
// (a framework measuring in its effects): each iteration changes the
// style attribute of one of 400 cards (2,000 elements) and reads the
// page's innerText, which asks every box its display and visibility, or
// the offsetTop of a card, which lays the page out. Only the changed
// card's values need computing again (valueinval.go).
func BenchmarkValueMemosWriteRead(b *testing.B) {
	var body strings.Builder
	body.WriteString(`<style>.card { padding: 4px; font-size: 1.1em } .card h3 { font-weight: bold; margin: 0 }
.card p { white-space: pre-line } .card:nth-child(2n) .tag { visibility: hidden } .tag { display: inline-block }</style><div id=list>`)
	for i := range 400 {
		fmt.Fprintf(&body, `<div class="card"><h3>Card %d</h3><p>Some text</p><span class="tag">tag</span><i>x</i></div>`, i)
	}
	body.WriteString(`</div>`)
	for _, read := range []string{"innerText", "offsetTop"} {
		b.Run(read, func(b *testing.B) {
			p := newPage(b, `<!doctype html><html><head></head><body>`+body.String()+`</body></html>`, nil)
			p.run()
			js := "document.body.innerText.length"
			if read == "offsetTop" {
				js = "cards[(i * 13) % cards.length].offsetTop"
			}
			b.ReportAllocs()
			b.ResetTimer()
			benchLoop(b, p, "var cards = document.querySelectorAll('.card')",
				"cards[(i * 7) % cards.length].setAttribute('style', 'color: rgb(' + (i % 255) + ', 0, 0)'); "+js, b.N)
		})
	}
}
