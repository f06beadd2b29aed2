package jsruntime

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

// newStreamPage is newPage with the document parsed as the scripts run.
func newStreamPage(t testing.TB, markup string, loader ScriptLoader) *testPage {
	return newStreamPageWith(t, markup, loader, false)
}

// newStreamPageWith is newStreamPage, with what precedes the first script
// parsed before the window is bound when primed (as a render does).
func newStreamPageWith(t testing.TB, markup string, loader ScriptLoader, primed bool) *testPage {
	t.Helper()
	sp, err := dom.NewStreamParser(markup, dom.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sp.Close)
	if primed {
		sp.ParseUntilScript()
	}
	p := &testPage{t: t}
	p.l = loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { p.w.ReportError(err) }})
	p.w, err = New(p.l, sp.Document(), Config{
		URL:     "https://example.test/page",
		Loader:  loader,
		OnError: func(e ScriptError) { p.errors = append(p.errors, e) },
	})
	if err != nil {
		t.Fatal(err)
	}
	p.w.ParseWith(sp)
	return p
}

// TestStreamedScripts: with the document parsed as scripts run, each
// script sees only what comes before it, and document.write goes into the
// parser's input.
func TestStreamedScripts(t *testing.T) {
	tests := []struct {
		name, page string
		loader     mapLoader
		eval, want string
		body       string // the body's innerHTML at the end, when set
	}{
		{
			name: "a script sees only the elements before it",
			page: `<body><p>a</p><script>var n = document.body.children.length, rs = document.readyState</script><p>b</p>`,
			eval: `n + ' ' + rs`, want: "2 loading",
		},
		{
			name: "document.write in head goes to the body",
			page: `<!doctype html><html><head><script>document.write('hi')</script></head><body></body></html>`,
			eval: `document.body.innerHTML`, want: "hi",
		},
		{
			name: "written elements are found at once, before the rest",
			page: `<body><script>document.write('<p id=w>x</p>'); var found = !!document.getElementById('w'), later = !!document.getElementById('r')</script><p id=r>rest</p>`,
			eval: `found + ' ' + later + ' ' + document.getElementById('w').nextElementSibling.id`, want: "true false r",
		},
		{
			name: "writes split across calls join in the parser",
			page: `<body><script>document.write('<p id="w2">'); document.write('x</p>'); var p = document.getElementById('w2')</script><i>rest</i>`,
			eval: `document.body.innerHTML`, want: `<script>document.write('<p id="w2">'); document.write('x</p>'); var p = document.getElementById('w2')</script><p id="w2">x</p><i>rest</i>`,
		},
		{
			name: "a written inline script runs nested, inside the write",
			page: `<body><script>var log = []; document.write('<script>log.push("inner")<\/script>'); log.push('outer')</script>`,
			eval: `log.join()`, want: "inner,outer",
		},
		{
			name:   "a written external script blocks the parser until it has run",
			page:   `<body><script>var log = []; document.write('<script src="/x.js"><\/script><script>log.push("after:" + typeof x)<\/script>'); log.push('writer')</script><script>log.push('page')</script>`,
			loader: mapLoader{"https://example.test/x.js": "var x = 1; log.push('x')"},
			eval:   `log.join()`, want: "writer,x,after:number,page",
		},
		{
			name:   "an external script sees the document up to it",
			page:   `<body><p>1</p><script src="/c.js"></script><p>2</p><p>3</p>`,
			loader: mapLoader{"https://example.test/c.js": "var c = document.querySelectorAll('p').length"},
			eval:   `c`, want: "1",
		},
		{
			name: "a MutationObserver sees the parser's later insertions",
			// As Chromium (--dump-dom): one record per node, in parse order.
			page: `<!doctype html><html><head></head><body><script>var added = []; new MutationObserver(rs => rs.forEach(r => r.addedNodes.forEach(n => added.push(r.target.nodeName + '>' + n.nodeName)))).observe(document.body, {childList: true, subtree: true})</script><div><p>x<b>y</b></p></div>text<span></span><script>var seen = added.join()</script>`,
			eval: `seen`, want: "BODY>DIV,DIV>P,P>#text,P>B,B>#text,BODY>#text,BODY>SPAN,BODY>SCRIPT,SCRIPT>#text",
		},
		{
			name: "the parser keeps inserting into elements a script removed",
			page: `<body><div id=d><script>document.getElementById('d').remove()</script><p id=p>in d</p></div><i>after</i>`,
			eval: `[!!document.getElementById('p'), document.body.innerHTML].join()`, want: "false,<i>after</i>",
		},
		{
			name: "inline handlers on parsed elements work",
			page: `<body><button id=b onclick="window.clicked = 1">b</button><script>document.getElementById('b').click()</script>`,
			eval: `window.clicked`, want: "1",
		},
	}
	for _, tt := range tests {
		for _, primed := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/primed=%v", tt.name, primed), func(t *testing.T) {
				p := newStreamPageWith(t, tt.page, tt.loader, primed)
				p.run()
				p.noErrors()
				if got := p.eval(tt.eval); got != tt.want {
					t.Errorf("%s = %q, want %q", tt.eval, got, tt.want)
				}
				if p.w.ReadyState() != "complete" {
					t.Errorf("readyState %s", p.w.ReadyState())
				}
			})
		}
	}
}

// TestStreamedErrorPositions: errors of inline scripts give the line and
// column in the page, as Chromium does. Chromium gives 11:1 14:23 17:21
// for this page; goja places a ReferenceError of a call at the end of the
// callee's name (17 characters later), so those columns differ by that.
func TestStreamedErrorPositions(t *testing.T) {
	page := `<!doctype html>
<html>
<head><title>Throwing page</title>
<script>window.onerror=function(m,s,l,c){(window.errs=window.errs||[]).push(l+":"+c)}</script></head>
<body>
<ul id="log"></ul>
<script>
function add(text) {
}
add("before the error");
undefinedFunction();
add("never reached");
</script>
<script>  var x = 1;  undefinedFunction2();
</script>
<script>  
   var y = 1;  null.foo;
</script>
</body>
</html>`
	p := newStreamPage(t, page, nil)
	p.run()
	if got := p.eval(`errs.join(' ')`); got != "11:18 14:41 17:21" {
		t.Errorf("positions %s, want 11:18 14:41 17:21", got)
	}
	if len(p.errors) != 3 || p.errors[0].Line != 11 || p.errors[0].Source != "https://example.test/page" {
		t.Errorf("errors %+v", p.errors)
	}
}

// scriptedPage is about size bytes of rows with scripts inline scripts spread
// through it, each reading the document.
func scriptedPage(size, scripts int) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>t</title></head><body>\n")
	row := `<div class="item"><a href="/x" title="t">link</a><span>some text &amp; more</span></div>` + "\n"
	rows := size / len(row)
	every := max(rows/scripts, 1)
	for i := range rows {
		b.WriteString(row)
		if i%every == every-1 {
			fmt.Fprintf(&b, "<script>var n%d = document.body.children.length;</script>\n", i)
		}
	}
	b.WriteString("</body></html>")
	return b.String()
}

func benchmarkPage(b *testing.B, streamed bool, src string) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var p *testPage
		if streamed {
			p = newStreamPage(b, src, nil)
		} else {
			p = newPage(b, src, nil)
		}
		p.run()
	}
}

// Parse and run a 1 MB page with 30 inline scripts: parsed as the scripts
// run, and parsed whole first.
func BenchmarkPage1MB30ScriptsStreamed(b *testing.B) { benchmarkPage(b, true, scriptedPage(1<<20, 30)) }
func BenchmarkPage1MB30ScriptsWhole(b *testing.B)    { benchmarkPage(b, false, scriptedPage(1<<20, 30)) }

// TestStreamedNestedBlockingWrite: a blocking script written by a script
// that was itself written pauses the parser, so the outer write stops
// parsing too (Chromium logs inner,outer,x,second,page).
func TestStreamedNestedBlockingWrite(t *testing.T) {
	page := `<body><script>var log = []; document.write('<script>document.write("<script src=/x.js><\\/script>"); log.push("inner")<\/script><script>log.push("second")<\/script>'); log.push('outer')</script><script>log.push('page')</script>`
	p := newStreamPage(t, page, mapLoader{"https://example.test/x.js": "log.push('x')"})
	p.run()
	p.noErrors()
	if got := p.eval(`log.join()`); got != "inner,outer,x,second,page" {
		t.Errorf("log %s, want inner,outer,x,second,page", got)
	}
}

// TestStreamedSelfWritingScript: a script that writes itself again ends
// (written scripts nest at most maxWriteNesting deep), with no stack
// overflow.
func TestStreamedSelfWritingScript(t *testing.T) {
	page := `<body><script>window.n = (window.n || 0) + 1; document.write('<script>' + document.currentScript.textContent + '<\/script>')</script><p id=end>end</p>`
	p := newStreamPage(t, page, nil)
	p.run()
	p.noErrors()
	if got := p.eval(`n + ' ' + !!document.getElementById('end')`); got != fmt.Sprint(maxWriteNesting+1, " true") {
		t.Errorf("got %s, want %d true", got, maxWriteNesting+1)
	}
}
