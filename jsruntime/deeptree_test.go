package jsruntime

import (
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// TestDeepTreeBoundedStack: a script's chain of 30,000 nested spans (no
// parser limits its depth) is laid out, styled and serialized on a
// goroutine stack of 8 MB. Each of these recursed once per level before,
// which past about a million levels exhausts Go's 1 GB stack: a fatal
// error that ends the process, not a panic a render could recover from.
// Inline boxes nested deeper than maxInlineDepth are not laid out; a chain
// within it is.
func TestDeepTreeBoundedStack(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	const depth = 30000
	for _, c := range []struct {
		depth  int
		height string
	}{{500, "18"}, {depth, "0"}} {
		p := newPage(t, `<!doctype html><body></body>`, nil)
		p.run()
		p.eval(`var leaf = document.createTextNode('deep'), outer = leaf;
for (var i = 0; i < ` + strconv.Itoa(c.depth) + `; i++) { var s = document.createElement('span'); s.appendChild(outer); outer = s }
document.body.appendChild(outer); 1`)
		if got := p.eval(`document.body.offsetHeight`); got != c.height {
			t.Errorf("depth %d: body.offsetHeight = %s, want %s", c.depth, got, c.height)
		}
		if got := p.eval(`getComputedStyle(leaf.parentNode).fontStyle + ' ' + getComputedStyle(leaf.parentNode).fontSize`); got != "normal 16px" {
			t.Errorf("depth %d: the innermost span's font = %q, want normal 16px", c.depth, got)
		}
		want := strings.Repeat("<span>", c.depth) + "deep" + strings.Repeat("</span>", c.depth)
		if got := p.eval(`document.body.innerHTML`); got != want {
			t.Errorf("depth %d: innerHTML is %d bytes, want %d", c.depth, len(got), len(want))
		}
		wantXML := `<body xmlns="http://www.w3.org/1999/xhtml">` + want + `</body>`
		if got := p.eval(`new XMLSerializer().serializeToString(document.body)`); got != wantXML {
			t.Errorf("depth %d: XMLSerializer gave %d bytes, want %d", c.depth, len(got), len(wantXML))
		}
	}
}

// TestDeepTreeAnimatedFontSize: the font size of the innermost of 100,000
// nested spans under a body whose font size an animation changes is
// computed on a goroutine stack of 8 MB. It recursed once per level
// before, past the stack at this depth (a fatal error, not a panic).
func TestDeepTreeAnimatedFontSize(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	p := newPage(t, `<!doctype html><body></body>`, nil)
	p.run()
	p.eval(`var leaf = document.createTextNode('deep'), outer = leaf;
for (var i = 0; i < 100000; i++) { var s = document.createElement('span'); s.appendChild(outer); outer = s }
outer.style.fontSize = '2em';
document.body.appendChild(outer);
var a = document.body.animate({fontSize: ['10px', '30px']}, {duration: 1000}); a.pause(); a.currentTime = 500; 1`)
	if got := p.eval(`getComputedStyle(leaf.parentNode).fontSize + ' ' + getComputedStyle(document.body.firstChild).fontSize`); got != "40px 40px" {
		t.Errorf("font sizes of the innermost and outermost spans: %s, want 40px 40px", got)
	}
}

// deepChainPage is a page with a chain of depth nested divs of class c in
// #root (whose color, text-indent, --pad and font size the chain
// inherits), leaf the innermost.
func deepChainPage(t testing.TB, depth int, c string) *testPage {
	p := newPage(t, `<!doctype html><head><style>
#root { color: rgb(1, 2, 3); text-indent: 7px; --pad: 3px; font-size: 10px }
.var { padding-left: var(--pad) } .em { padding-left: 1em }
</style></head><body><div id=root></div></body>`, nil)
	p.run()
	p.eval(`var root = document.getElementById('root'), leaf = root;
for (var i = 0; i < ` + strconv.Itoa(depth) + `; i++) { var d = document.createElement('div'); d.className = '` + c + `'; leaf.appendChild(d); leaf = d }
leaf.textContent = 'leaf'; 1`)
	return p
}

// TestDeepTreeInheritedValues: the innermost of 30,000 nested divs reads
// its inherited values, a var() of a property the outermost declares and
// em lengths under an animated font size on a goroutine stack of 8 MB,
// and lays out; each inherited value read asked the parent's in turn
// (computedValue's recursion, once per level for each value asked), and
// the font sizes under an animation were not memoized, which made laying
// out such a chain quadratic in its depth.
func TestDeepTreeInheritedValues(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	const depth = 30000
	p := deepChainPage(t, depth, "var")
	if got := p.eval(`var cs = getComputedStyle(leaf); [cs.color, cs.textIndent, cs.getPropertyValue('--pad'), cs.paddingLeft, cs.fontSize].join()`); got != "rgb(1, 2, 3),7px,3px,3px,10px" {
		t.Errorf("the innermost div's values: %s", got)
	}
	p.eval(`root.style.setProperty('--pad', '2px'); root.style.color = 'rgb(4, 5, 6)'; 1`)
	if got := p.eval(`var cs = getComputedStyle(leaf); [cs.color, cs.paddingLeft, leaf.offsetLeft - root.offsetLeft].join()`); got != "rgb(4, 5, 6),2px,"+strconv.Itoa(2*(depth-1)) {
		t.Errorf("after the root changed: %s", got)
	}
	p = deepChainPage(t, depth, "em")
	p.eval(`var a = root.animate({fontSize: ['10px', '30px']}, {duration: 1000}); a.pause(); a.currentTime = 500; 1`)
	if got := p.eval(`[getComputedStyle(leaf).fontSize, getComputedStyle(leaf).paddingLeft, leaf.offsetLeft - root.offsetLeft].join()`); got != "20px,20px,"+strconv.Itoa(20*(depth-1)) {
		t.Errorf("under the animated font size: %s", got)
	}
	p.eval(`a.currentTime = 250; 1`)
	if got := p.eval(`[getComputedStyle(leaf).fontSize, leaf.offsetLeft - root.offsetLeft].join()`); got != "15px,"+strconv.Itoa(15*(depth-1)) {
		t.Errorf("seeked: %s", got)
	}
	p.eval(`a.cancel(); 1`)
	if got := p.eval(`[getComputedStyle(leaf).fontSize, leaf.offsetLeft - root.offsetLeft].join()`); got != "10px,"+strconv.Itoa(10*(depth-1)) {
		t.Errorf("cancelled: %s", got)
	}
}

// BenchmarkDeepChainLayout is a change of the outermost of 2,000 nested
// divs then the innermost one's offsetLeft, which lays the chain out:
// inherited is a color change (each block reads its inherited
// text-indent), var a change of the --pad each div's padding reads, and
// animated a seek of an animation of the outermost's font size, which
// each div's 1em padding follows.
func BenchmarkDeepChainLayout(b *testing.B) {
	for _, bc := range []struct{ name, class, setup, change string }{
		{"inherited", "", "", "root.style.color = i % 2 ? 'red' : 'blue'"},
		{"var", "var", "", "root.style.setProperty('--pad', i % 2 + 'px')"},
		{"animated", "em", "var a = root.animate({fontSize: ['10px', '30px']}, {duration: 1000}); a.pause()", "a.currentTime = i % 1000"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := deepChainPage(b, 2000, bc.class)
			b.ReportAllocs()
			b.ResetTimer()
			benchLoop(b, p, "var s = 0;"+bc.setup, bc.change+"; s += leaf.offsetLeft", b.N)
		})
	}
}
