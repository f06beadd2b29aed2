package jsruntime

import (
	"strings"
	"testing"
)

// TestContainerQueriesFollowMutations: the rules of @container blocks
// apply as their containers' sizes, types and names say, and follow the
// changes that make, unmake or resize a container (its class, a flex
// sibling taking its room, an element moved to another container), in
// the computed values and in the matched rules kept per element, which
// a scan of all rules must agree with; the values are Chromium 156's.
func TestContainerQueriesFollowMutations(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
body { margin: 0 }
.c { container-type: inline-size; width: 400px }
.wide { width: 900px }
.named { container-name: card }
.row { display: flex; width: 1000px }
.row > .c { width: auto; flex: 1 1 0 }
.grow { flex: 3 1 0 }
.t { order: 0 }
@container (width < 500px) { .t { order: 1 } }
@container card (width >= 500px) { .t { order: 2 } }
@container (width > 100px) { @container (width < 300px) { .t { tab-size: 3 } } }
</style></head><body>
<div class=c id=a><p class=t id=ta></p></div>
<div class="c named" id=b><div><p class=t id=tb></p></div></div>
<div class=row><div class=c id=r><p class=t id=tr></p></div><div id=s></div></div>
</body></html>`, nil)
	p.run()
	w := p.w
	read := func() string {
		return p.eval(`['ta', 'tb', 'tr'].map(id => { const s = getComputedStyle(document.getElementById(id)); return s.order + '/' + s.tabSize }).join(' ')`)
	}
	for _, step := range []struct{ js, want string }{
		{``, "1/8 1/8 0/8"},
		{`document.getElementById('a').classList.add('wide')`, "0/8 1/8 0/8"},
		{`document.getElementById('b').classList.add('wide')`, "0/8 2/8 0/8"},
		{`document.getElementById('s').className = 'grow'`, "0/8 2/8 1/3"},
		{`document.getElementById('s').className = ''`, "0/8 2/8 0/8"},
		{`document.getElementById('b').classList.remove('named')`, "0/8 0/8 0/8"},
		{`document.getElementById('b').classList.remove('wide')`, "0/8 1/8 0/8"},
		{`document.getElementById('a').classList.remove('c')`, "0/8 1/8 0/8"},
		{`document.getElementById('r').append(document.getElementById('tb'))`, "0/8 0/8 0/8"},
		{`document.getElementById('r').classList.add('named'); document.getElementById('s').className = 'grow'`, "0/8 1/3 1/3"},
	} {
		if step.js != "" {
			p.eval(step.js)
		}
		if got := read(); got != step.want {
			t.Errorf("after %q: %s, want %s", step.js, got, step.want)
		}
		checkMatchedAgainstScan(t, w, step.js, true)
	}
}

// TestContainerQuerySheetShapes: @container blocks in nesting, in @scope
// and around it, with invalid preludes dropped, and in a shadow tree's
// sheet (applied there whatever the condition).
func TestContainerQuerySheetShapes(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
.c { container-type: inline-size; width: 400px }
.x { .t { @container (width < 500px) { order: 1 } } }
@scope (.x) { @container (width < 500px) { .u { order: 2 } } }
@container (width < 500px) { @scope (.x) { .v { order: 3 } } }
@container none (width < 500px) { .t { tab-size: 1 } }
@container (width < 500px) foo { .t { tab-size: 2 } }
@container (width > 500px) { .w { order: 4 } }
</style></head><body><div class="c x"><p class=t id=t></p><p class=u id=u></p><p class=v id=v></p><p class=w id=w></p></div></body></html>`, nil)
	p.run()
	got := p.eval(`['t', 'u', 'v', 'w'].map(id => { const s = getComputedStyle(document.getElementById(id)); return s.order + '/' + s.tabSize }).join(' ')`)
	if want := "1/8 2/8 3/8 0/8"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// windowless documents have no containers
	if got := p.eval(`const d = document.implementation.createHTMLDocument(''); d.body.innerHTML = '<style>.c { container-type: inline-size } @container (width >= 0) { p { order: 5 } }</style><div class=c><p></p></div>'; getComputedStyle(d.querySelector('p')).order`); strings.Contains(got, "5") {
		t.Errorf("a query in a document with no window applied: %s", got)
	}
}
