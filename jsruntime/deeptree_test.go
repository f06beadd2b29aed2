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
