package jsruntime

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestFrameScripts: scripts inside frames run with the frame's window as
// their global. Each page's #out was recorded from headless Chromium 156
// (--virtual-time-budget) on the same markup.
func TestFrameScripts(t *testing.T) {
	tests := []struct{ name, markup, js, want string }{
		{name: "declarations are the frame's globals",
			markup: `<iframe id=f srcdoc="<script>var v1 = 1; function f1(){ return v1 + 1 } let l1 = 'l'; const c1 = 'c'; class K1 {} var top1 = this === window;</script><script>var seen = [typeof v1, f1(), l1, c1, typeof K1].join(':');</script>"></iframe>`,
			js:     `var w = document.getElementById('f').contentWindow; [w.v1, typeof w.f1, w.l1, w.c1, typeof w.K1, w.top1, w.seen, typeof v1, typeof f1, typeof seen, Object.getOwnPropertyDescriptor(w, 'v1') ? 'own' : 'none'].join(' ')`,
			want:   "1 function   undefined true number:2:l:c:function undefined undefined undefined own"},
		{name: "window, document and location are the frame's",
			markup: `<iframe id=f srcdoc="<p id=q>q</p><script>parent.r2 = [window !== parent, self === window, document !== parent.document, location.href, frameElement.id, document.getElementById('q').textContent, document.currentScript.tagName, typeof parent.document.getElementById('out'), top === parent, window.length, document.readyState].join(' ');</script>"></iframe><p id=out></p>`,
			js:     `r2`, want: "true true true about:srcdoc f q SCRIPT object true 0 loading"},
		{name: "document.write inserts after the script and runs what it wrote",
			markup: `<iframe id=f srcdoc="<div id=a>a</div><script>var x = 0; document.write('<span id=w>w</span><script>x = 1<\/script>'); var seenX = x; var sp = document.getElementById('w') ? 'found' : 'no';</script><div id=b>b</div>"></iframe>`,
			js:     `var w = document.getElementById('f').contentWindow; [w.seenX, w.sp, w.document.body.innerHTML.replace(/<script>[^]*?<\/script>/g, 'S')].join(' ')`,
			want:   `1 found <div id="a">a</div>S<span id="w">w</span>S<div id="b">b</div>`},
		{name: "readyState, DOMContentLoaded and load in order",
			markup: `<script>var log = [];</script><iframe id=f onload="log.push('iframe load')" srcdoc="<script>parent.log.push('script'); addEventListener('DOMContentLoaded', function(){ parent.log.push('frame DCL') }); window.onload = function(){ parent.log.push('frame load ' + document.readyState) }; document.addEventListener('readystatechange', function(){ parent.log.push('rs ' + document.readyState) });</script>"></iframe>`,
			js:     `log.join(', ')`, want: "script, rs interactive, frame DCL, rs complete, frame load complete, iframe load"},
		{name: "a script-inserted script runs in the frame",
			markup: `<iframe id=f srcdoc="<script>var s = document.createElement('script'); s.textContent = 'var dyn = typeof document.body'; document.head.appendChild(s); var afterDyn = typeof dyn;</script>"></iframe>`,
			js:     `var w = document.getElementById('f').contentWindow; [w.dyn, w.afterDyn].join(' ')`, want: "object string"},
		{name: "scripts written by the parent run as they are written",
			markup: `<iframe id=f></iframe><script>var w = document.getElementById('f').contentWindow, d = w.document; d.open(); d.write('<!doctype html><html><body><p id=p>written</p><script>var w1 = 2; var pt = document.getElementById(\'p\').textContent;<\/script></body></html>'); var early = [w.w1, w.pt].join(); d.close();
				var late = [w.w1, w.pt, d.body.children.length].join();</script>`,
			js: `early + ' ' + late`, want: "2,written 2,written,2"},
		{name: "handler attributes see the frame's globals",
			markup: `<iframe id=f srcdoc="<body onload='parent.h = typeof fv + typeof document.getElementById(&quot;z&quot;)'><p id=z>z</p><script>var fv = 1;</script></body>"></iframe>`,
			js:     `String(window.h)`, want: "numberobject"},
		{name: "the frame's DOM",
			markup: `<iframe id=f srcdoc="<p>x</p><script>document.body.appendChild(document.createElement('b')).textContent = 'by script'; var n = document.querySelectorAll('p,b').length; var el = document.createElement('div'); el.innerHTML = '<i>i</i>'; document.body.appendChild(el); var htmlOK = el instanceof HTMLElement;</script>"></iframe>`,
			js:     `var w = document.getElementById('f').contentWindow; [w.n, w.htmlOK, w.document.body.innerHTML.replace(/<script>[^]*?<\/script>/g, 'S')].join(' ')`,
			want:   "2 true <p>x</p>S<b>by script</b><div><i>i</i></div>"},
		{name: "a frame's listener posts with the frame as the source",
			markup: `<script>var log = [];
				var f = document.createElement('iframe'); f.srcdoc = "<script>window.addEventListener('message', function (e) { parent.log.push('frame got ' + e.data); e.source.postMessage('frame says hello', '*'); });<\/script>";
				window.addEventListener('message', function (e) { log.push('page got ' + e.data + ' ' + (e.source === f.contentWindow)); });
				f.onload = function(){ log.push('onload'); f.contentWindow.postMessage('hello frame', '*'); };
				document.body.appendChild(f);</script>`,
			js: `log.join(', ')`, want: "onload, frame got hello frame, page got frame says hello true"},
		{name: "a syntax error is reported and the next script runs",
			markup: `<iframe id=f srcdoc="<script>var = ;</script><script>var ok = 'ok'</script>"></iframe>`,
			js:     `document.getElementById('f').contentWindow.ok`, want: "ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><head></head><body>`+tt.markup+`</body></html>`, nil)
			p.run()
			if got := evalSettled(t, p, tt.js); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			if tt.name == "a syntax error is reported and the next script runs" {
				if len(p.errors) != 1 {
					t.Errorf("errors: %v, want one SyntaxError", p.errors)
				}
				return
			}
			p.noErrors()
		})
	}
}

// TestFrameExternalScripts: a fetched frame document's external scripts
// are loaded in order, and the page's load waits for them (order recorded
// from Chromium).
func TestFrameExternalScripts(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/ext.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><p>ext</p><script src="ext.js"></script><script src="missing.js" onerror="parent.out.push('error event')"></script><script>parent.out.push('inline after ext ' + typeof extVar);</script>`)
	})
	mux.HandleFunc("/ext.js", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `var extVar = 1; parent.out.push('ext.js');`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	load := LoaderFunc(func(ctx context.Context, u string) ([]byte, error) {
		res, err := http.Get(u)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		if res.StatusCode != 200 {
			return nil, fmt.Errorf("status %d", res.StatusCode)
		}
		return io.ReadAll(res.Body)
	})
	got := netPageWith(t, srv, true, `<script>addEventListener('load', () => out.push('page load'));</script><iframe src="/ext.html"></iframe>`,
		func(c *Config) { c.Loader = load; c.OnError = nil })
	if want := "ext.js\nerror event\ninline after ext number\npage load"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestFrameWrap: the wrapper keeps line numbers and turns top-level
// declarations into the frame's globals.
func TestFrameWrap(t *testing.T) {
	src := "var a = 1, {b} = o;\nfunction f() {}\nlet c = 2;\nconst d = 3;\nclass E {}\nif (x) { var g; }"
	got, err := frameWrap("t.js", src)
	if err != nil {
		t.Fatal(err)
	}
	want := `(function(){if(!("a" in this))this["a"]=void 0;if(!("b" in this))this["b"]=void 0;if(!("g" in this))this["g"]=void 0;arguments[0]["c"]=void 0;arguments[0]["d"]=void 0;with(this)with(arguments[0]){this["f"]=f;var a = 1, {b} = o;
function f() {}
var c = 2;
var   d = 3;
class E {};arguments[0]["E"]=E;
if (x) { var g; }
}})`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := frameWrap("bad.js", "var = ;"); err == nil {
		t.Error("a syntax error compiled")
	}
}
