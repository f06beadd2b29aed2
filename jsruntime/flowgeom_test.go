package jsruntime

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unsafe"
)

// flowSnapshot is every element's offsetTop, offsetHeight, offsetLeft,
// offsetWidth and scrollWidth, its rect, and the root's scrollHeight, as a
// string.
const flowSnapshot = `(function () {
	var out = [document.documentElement.scrollHeight, document.body.offsetHeight];
	var all = document.querySelectorAll("body *");
	for (var i = 0; i < all.length; i++) {
		var r = all[i].getBoundingClientRect();
		out.push(all[i].offsetTop + ":" + all[i].offsetHeight + ":" + r.top + ":" + r.height + ":" + all[i].offsetLeft + ":" + all[i].offsetWidth + ":" + r.left + ":" + r.width + ":" + all[i].scrollWidth);
	}
	return out.join(" ");
})()`

// TestFlowIncremental: after each of a run of random mutations (rows
// added, moved and removed, classes and styles changed, text edited, style
// sheets added), what the kept estimate measures is what one laid out from
// scratch measures, with sheets of each kind of selector the invalidation
// distinguishes.
func TestFlowIncremental(t *testing.T) {
	for _, sheet := range []string{
		`.big{padding:20px;font-size:30px} .hide{display:none} .flex{display:flex}`,
		`li + li{margin-top:7px} .big + *{padding-top:13px} p:first-child{margin:40px 0} div:empty{height:9px}`,
		`li:nth-child(3n){height:50px} .big ~ p{margin-top:21px}`,
		`ul:has(.big){padding-top:30px} .big{height:44px}`,
		`[data-x] p{line-height:40px} .box{height:60px;overflow:auto}`,
		`.flex{display:flex;justify-content:space-between} li{display:inline-block;padding:3px} .box{white-space:nowrap;overflow:hidden;width:100px} .big{flex:1;width:50%}`,
		`#list{display:flex;flex-wrap:wrap} li{flex:0 1 120px} .big{display:inline-block} section{display:grid;grid-template-columns:100px auto 1fr}`,
		`p{margin:10px 0} li{margin:6px 0 9px} .big{border-top:4px solid;margin-top:25px} div:empty{margin:30px 0} #top{text-align:center} .hide{direction:rtl;text-align:end}`,
		`.big{float:left;width:120px;height:40px} li{float:left;width:30%;height:15px} .box::after{content:"";display:table;clear:both} p{clear:left} .flex{float:right;width:25%}`,
		`#top{width:300px;text-align:justify} #top p, section div{float:right;width:90px;height:35px;margin:3px} .big{overflow:hidden} .hide{clear:both} div:empty{float:left;width:50px;height:70px}`,
		`.box{display:flex;flex-direction:column;height:300px} .box p{flex:1;min-height:0} #s{display:grid;height:200px;grid-template-rows:auto 1fr} .big{height:50%} .flex{display:flex;height:120px} .hide{position:absolute;top:5px;bottom:10px} body{position:relative}`,
		`#list{display:flex;flex-direction:column;height:400px} li{flex:1 1 auto} .big{display:table-cell;width:80px} section{display:flex} section > *{height:100%} .box{position:relative} .box p{position:absolute;top:0;bottom:0} .flex{display:flex;flex-direction:column;min-height:90vh}`,
		`#top{display:flex;align-items:center;height:150px} li{display:table-cell} .big{flex:1 0 40%;margin-top:auto} section{display:grid;grid-auto-rows:minmax(30px,auto);grid-template-columns:1fr 1fr} .hide{align-self:stretch;height:auto} .flex{display:flex;flex-wrap:wrap} .box{position:relative;bottom:7%} p{position:relative;top:-3px}`,
	} {
		t.Run(sheet[:12], func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><head><style>`+sheet+`</style></head><body>
				<div id=top><p>intro text that is long enough to wrap perhaps at some width or other</p></div>
				<ul id=list><li>one</li><li>two</li></ul>
				<div class=box><p>a</p><p>b</p><p>c</p><p>d</p></div>
				<section id=s><p>x</p><div></div><span>inline <b>bold</b></span></section>
				<table><tr><td>a</td><td id=cell>b</td></tr><tr><td>longer text</td><td>c</td></tr></table>
				<div id=end>end</div></body></html>`, nil)
			p.run()
			rnd := rand.New(rand.NewSource(int64(len(sheet))))
			ops := []string{
				`var li = document.createElement("li"); li.textContent = "row " + k; list.appendChild(li)`,
				`if (list.firstChild) list.removeChild(list.firstChild)`,
				`var e = pick(); if (e) e.classList.toggle("big")`,
				`var e = pick(); if (e) e.classList.toggle("hide")`,
				`var e = pick(); if (e) e.style.height = (k % 50) + "px"`,
				`var e = pick(); if (e && e.firstChild) e.firstChild.nodeValue = "text ".repeat(k % 40)`,
				`var e = pick(), f = pick(); if (e && f && !f.contains(e) && f.parentNode) e.appendChild(f)`,
				`var e = pick(); if (e) e.toggleAttribute("data-x")`,
				`var e = pick(); if (e) e.insertAdjacentHTML("afterend", "<p>new " + k + "</p><div></div>")`,
				`if (k % 7 == 0) { var s = document.createElement("style"); s.textContent = "p{margin-bottom:" + k + "px}"; document.head.appendChild(s) }`,
				`var e = pick(); if (e) e.classList.toggle("flex")`,
			}
			p.eval(`var list = document.getElementById("list"), seed = 1;
				function pick() { var all = document.querySelectorAll("body *"); seed = (seed * 16807) % 2147483647; return all[seed % all.length] }`)
			for k := range 150 {
				op := ops[rnd.Intn(len(ops))]
				p.eval(fmt.Sprintf("var k = %d; %s", k, op))
				kept := p.eval(flowSnapshot)
				p.w.geo.forget()
				fresh := p.eval(flowSnapshot)
				if kept != fresh {
					t.Fatalf("after op %d (%s):\nkept  %s\nfresh %s", k, op, kept, fresh)
				}
			}
			p.noErrors()
		})
	}
}

// TestFlowAnimationsSampled: the boxes of animated elements are measured
// again when their animations stand elsewhere (another time, keyframes,
// composite, target, timing, cancelled), each time as a layout from
// scratch measures them, and not at a second read at the same time: a
// page's reads in one task lay out nothing again for an infinite
// animation (a spinner, a skeleton's shimmer) running beside them.
func TestFlowAnimationsSampled(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
		@keyframes shimmer { from { background-position: 0 0 } to { background-position: 100% 0 } }
		.sk { height: 12px; animation: shimmer 1.4s infinite }
		#a, #b { width: 50px }</style></head><body>
		<div id=a>a</div><p class=sk></p><div id=b>b</div><p class=sk></p>
		<div id=wrap><span id=c>c</span></div></body></html>`, nil)
	p.run()
	p.eval(`var a = document.getElementById("a"), b = document.getElementById("b"), anim;`)
	check := func(step string) {
		t.Helper()
		kept := p.eval(flowSnapshot)
		before := p.w.geo.layouts
		if again := p.eval(flowSnapshot); again != kept {
			t.Fatalf("%s: a second read differs:\n%s\n%s", step, kept, again)
		}
		if n := p.w.geo.layouts - before; n != 0 {
			t.Errorf("%s: a second read at the same time laid out %d boxes", step, n)
		}
		p.w.geo.forget()
		if fresh := p.eval(flowSnapshot); fresh != kept {
			t.Fatalf("%s:\nkept  %s\nfresh %s", step, kept, fresh)
		}
	}
	check("CSS animations running")
	for _, step := range []string{
		`anim = a.animate([{height: "10px"}, {height: "110px"}], {duration: 1000, fill: "both"}); anim.pause(); anim.currentTime = 250`,
		`anim.currentTime = 500`,
		`anim.effect.composite = "add"`,
		`anim.effect.setKeyframes([{paddingTop: "0px"}, {paddingTop: "40px"}])`,
		`anim.effect.target = b`,
		`anim.effect.updateTiming({duration: 600})`,
		`anim.effect.target = document.getElementById("c")`,
		`anim.effect.setKeyframes([{fontSize: "10px"}, {fontSize: "30px"}])`,
		`anim.cancel()`,
		`a.animate([{marginTop: "0px"}, {marginTop: "30px"}], {duration: 400, iterations: Infinity})`,
		`document.getAnimations().forEach(function (x) { if (x.effect.target === a) x.currentTime = 100 })`,
		`document.getAnimations().forEach(function (x) { if (x.effect.target === a) x.playbackRate = -1 })`,
	} {
		p.eval(step)
		check(step)
	}
	p.noErrors()
}

// TestFlowIncrementalWork: a row appended to a list and measured lays out
// again the path to the root, not the page.
func TestFlowIncrementalWork(t *testing.T) {
	var body strings.Builder
	for i := range 200 {
		fmt.Fprintf(&body, `<div class=card><h3>Card %d</h3><p>Some text.</p></div>`, i)
	}
	p := newPage(t, `<!doctype html><html><body>`+body.String()+`<ul id=list></ul></body></html>`, nil)
	p.run()
	p.eval(`var list = document.getElementById("list"); list.offsetHeight`)
	before := p.w.geo.layouts
	p.eval(`for (var i = 0; i < 100; i++) { list.appendChild(document.createElement("li")).textContent = "row"; list.offsetHeight }`)
	if n := p.w.geo.layouts - before; n > 100*5 {
		t.Errorf("100 appends laid out %d elements; want the path (a few) each", n)
	}
	if got := p.eval(`list.offsetHeight`); got != "1800" {
		t.Errorf("list.offsetHeight = %s, want 1800 (100 rows of 18px)", got)
	}
}

// TestGeometryAPIs: the geometry scripts read comes from the estimate:
// a long page is long, what is below the fold is below it, a box with a
// height clips its content, the root's client height is the viewport's.
func TestGeometryAPIs(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body>
		<div id=a>`+strings.Repeat("<p>Paragraph of a long article.</p>", 60)+`</div>
		<div id=b>after</div>
		<div id=c style="height:50px;overflow:auto"><p>1</p><p>2</p><p>3</p><p>4</p></div>
		<div id=d style="position:relative"><span id=e>x</span></div>
		<p><span id=f>inline</span></p>
		<div id=g style="display:none"></div>
		<div id=h1 style="height:50px;padding:10px">x</div>
		<div id=h2 style="height:50px;padding:10px;box-sizing:border-box">x</div>
		<div id=h3 style="min-height:100px;padding:10px">x</div>
		<div id=h4 style="min-height:100px;padding:10px;box-sizing:border-box">x</div>
	</body></html>`, nil)
	p.run()
	for _, c := range []struct{ js, want string }{
		{`document.body.offsetHeight > 2000`, "true"},
		{`document.getElementById("b").getBoundingClientRect().top > innerHeight`, "true"},
		{`document.getElementById("b").offsetTop == document.getElementById("b").getBoundingClientRect().top`, "true"},
		{`document.documentElement.clientHeight == innerHeight`, "true"},
		{`document.documentElement.scrollHeight >= document.body.offsetHeight`, "true"},
		{`var c = document.getElementById("c"); [c.offsetHeight, c.clientHeight, c.scrollHeight > c.clientHeight].join()`, "50,50,true"},
		{`document.getElementById("e").offsetTop`, "0"},
		{`document.getElementById("e").offsetParent.id`, "d"},
		{`document.getElementById("f").clientHeight`, "0"},
		{`var r = document.getElementById("g").getBoundingClientRect(); [r.top, r.height, document.getElementById("g").offsetTop].join()`, "0,0,0"},
		{`document.createElement("div").offsetHeight`, "0"},
		{`["h1", "h2", "h3", "h4"].map(id => document.getElementById(id).offsetHeight).join()`, "70,50,120,100"},
		{`document.getElementById("b").getClientRects()[0].top == document.getElementById("b").getBoundingClientRect().top`, "true"},
	} {
		if got := p.eval(c.js); got != c.want {
			t.Errorf("%s = %s, want %s", c.js, got, c.want)
		}
	}
}

// TestFlowKeptAcrossWrites: the usual writes of a page (appends, HTML
// inserted, attributes, classes, inline styles, text, removals) each come
// with a mutation record, so the estimate is kept across them rather than
// forgotten; and a deep chain of inline boxes is measured without trouble.
func TestFlowKeptAcrossWrites(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>.x{padding:4px}</style></head><body><div id=a><p>one</p></div><ul id=l><li>x</li></ul></body></html>`, nil)
	p.run()
	p.eval(`var a = document.getElementById("a"), l = document.getElementById("l"); a.offsetHeight`)
	for _, js := range []string{
		`l.appendChild(document.createElement("li")).textContent = "y"`,
		`a.insertAdjacentHTML("beforeend", "<p>two <b>three</b></p>")`,
		`a.innerHTML = "<p>four</p><p>five</p>"`,
		`a.setAttribute("title", "t")`,
		`a.classList.add("x")`,
		`a.style.marginTop = "10px"`,
		`a.firstChild.textContent = "six"`,
		`a.firstChild.firstChild.data += "!"`,
		`l.removeChild(l.lastChild)`,
		`l.replaceChildren(document.createElement("li"))`,
		`a.append("text", document.createElement("span"))`,
		`a.remove(); document.body.prepend(a)`,
	} {
		before := p.w.geo.forgets
		p.eval(js + `; a.offsetHeight + l.getBoundingClientRect().top`)
		if p.w.geo.forgets != before {
			t.Errorf("%s: the estimate was forgotten", js)
		}
	}
	// an option selected comes with no record: the estimate starts over
	p.eval(`a.innerHTML = "<select><option value=a>a<option value=b>b</select>"; a.offsetHeight`)
	before := p.w.geo.forgets
	p.eval(`a.firstChild.value = "b"; a.offsetHeight`)
	if p.w.geo.forgets == before {
		t.Error("selecting an option: the estimate was kept")
	}
	deep := strings.Repeat("<span>", 5000) + "x" + strings.Repeat("</span>", 5000)
	if got := p.eval(`a.innerHTML = "` + deep + `"; a.offsetHeight > 0 && document.body.scrollHeight > 0`); got != "true" {
		t.Errorf("deep inline chain: %s", got)
	}
}

// TestGeometrySVG: an element inside an <svg> lies at the top of the
// outermost <svg> in the flow, with its made-up height.
func TestGeometrySVG(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><div style="height:1000px"></div>
		<svg id=s width=200 height=100><g><rect id=r width=10 height=10 /></g></svg></body></html>`, nil)
	p.run()
	if got := p.eval(`var s = document.getElementById("s").getBoundingClientRect(), r = document.getElementById("r").getBoundingClientRect(); [s.top, s.height, r.top == s.top].join()`); got != "1008,100,true" {
		t.Errorf("svg and rect: %s, want 1008,100,true", got)
	}
}

// TestGeometryForeignObject: HTML in a foreignObject is laid out in the
// foreignObject's box, which contains its positioned boxes; the root's
// margins move everything.
func TestGeometryForeignObject(t *testing.T) {
	tests := []struct {
		name, page, expr, want string
	}{
		{"block fills the box", `<svg width=300 height=200 style="display:block"><foreignObject x=20 y=30 width=100 height=50><div id=d style="margin:2px;height:5px"></div></foreignObject></svg>`,
			`var r = d.getBoundingClientRect(); [r.left, r.top, r.width, r.height].join()`, "30,40,96,5"},
		{"absolute box", `<svg width=300 height=200 style="display:block"><foreignObject id=fo x=20 y=30 width=100 height=50><div id=d style="position:absolute;right:1px;bottom:2px;width:4px;height:3px"></div></foreignObject></svg>`,
			`var r = d.getBoundingClientRect(); [r.left, r.top, d.offsetParent.id, d.offsetLeft, d.offsetTop].join()`, "123,83,fo,95,45"},
		{"fixed box", `<svg width=300 height=200 style="display:block"><foreignObject x=20 y=30 width=100 height=50><div id=d style="position:fixed;left:1px;top:2px;width:4px;height:3px"></div></foreignObject></svg>`,
			`var r = d.getBoundingClientRect(); [r.left, r.top].join()`, "29,40"},
		{"root margins", `<style>html{margin:7px 0 0 11px}</style><div id=d style="height:5px"></div>`,
			`var r = d.getBoundingClientRect(); [r.left, r.top, d.offsetLeft, d.offsetTop].join()`, "19,15,8,8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><body style="margin:8px">`+tt.page+`</body></html>`, nil)
			p.run()
			if got := p.eval(tt.expr); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestFlowBoxSizeClass keeps a flowBox, allocated for every box of every
// layout, within the allocator's 768-byte size class: an object over 512
// bytes that holds pointers carries an 8-byte header, so 761 bytes of
// fields already take the 896-byte class (+17% for every box).
func TestFlowBoxSizeClass(t *testing.T) {
	if n := unsafe.Sizeof(flowBox{}); n+8 > 768 {
		t.Fatalf("flowBox is %d bytes: with its 8-byte malloc header it leaves the 768-byte size class", n)
	}
}

// TestTableFixedPercentColumn: a column of a 100px cell and a 20% cell is
// as wide as a max-content column as the 100px say (plus the paddings),
// not as a later cell's text: the table is 102 / 20% wide with its
// spacing (Chromium 156: 516 and 102; 651 and 129 before).
func TestTableFixedPercentColumn(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>body { margin: 0; font: 16px/20px Arial, sans-serif }</style></head><body><div style="width: 600px">
		<table id="t"><tr><td id="a" style="width: 100px">a</td><td>x</td></tr><tr><td style="width: 20%">sit amet consectetur</td><td>y</td></tr></table>
	</div></body></html>`, nil)
	p.run()
	if got, want := p.eval(`["t", "a"].map(id => document.getElementById(id).offsetWidth).join(" ")`), "516 102"; got != want {
		t.Errorf("table and column: %s, want %s", got, want)
	}
}
