package jsruntime

import (
	"math"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// TestFlowIntersectRoots: what a page can pass as a root or a target gives
// an answer, never a panic: a target that is not rendered, not connected
// or the root itself is not eligible, a root the target is not in either,
// a node of another document is not a root; deep nesting of clipping boxes
// stays finite.
func TestFlowIntersectRoots(t *testing.T) {
	deep := strings.Repeat(`<div style="overflow:hidden;padding:1px">`, 300) + `<i id=deep style="display:block;height:5px"></i>` + strings.Repeat("</div>", 300)
	p := newPage(t, `<!doctype html><html><body style="margin:0"><div id=root style="height:100px;overflow:hidden"><div id=t style="height:20px"></div></div><div id=out style="height:20px"></div><div id=none style="display:none"></div>`+deep+`</body></html>`, nil)
	p.run()
	get := func(js string) *goja.Object {
		v, err := p.w.RunScript("get.js", js)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := v.(*goja.Object)
		return o
	}
	root, target := get(`document.getElementById("root")`), get(`document.getElementById("t")`)
	for _, c := range []struct {
		name            string
		target, root    *goja.Object
		known, eligible bool
	}{
		{"in its root", target, root, true, true},
		{"implicit root", target, nil, true, true},
		{"the document", target, get(`document`), true, true},
		{"another document", target, get(`document.implementation.createHTMLDocument("x")`), true, false},
		{"outside its root", get(`document.getElementById("out")`), root, true, false},
		{"the root itself", root, root, true, false},
		{"not rendered", get(`document.getElementById("none")`), nil, true, false},
		{"detached", get(`document.createElement("div")`), nil, true, false},
		{"a text node root", target, get(`document.createTextNode("x")`), true, false},
		{"a plain object root", target, get(`({nodeType: 1})`), true, false},
		{"a plain object target", get(`({})`), nil, false, false},
		{"deep in clipping boxes", get(`document.getElementById("deep")`), nil, true, true},
	} {
		g := p.w.FlowIntersect(c.target, c.root, nil)
		if g.Known != c.known || g.Eligible != c.eligible {
			t.Errorf("%s: known %v eligible %v, want %v %v", c.name, g.Known, g.Eligible, c.known, c.eligible)
		}
		for _, v := range []float64{g.Target.X, g.Target.Y, g.Target.W, g.Target.H, g.Clipped.Y, g.Root.H} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%s: a rect that is not finite: %+v", c.name, g)
			}
		}
	}
	if g := p.w.FlowIntersect(target, root, nil); g.Root.H != 100 || !g.Visible || g.Clipped.H != 20 {
		t.Errorf("a target inside a clipping root: %+v", g)
	}
}
