package jsruntime

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/xhr"
)

// TestFrames: iframes get a document and a window as in Chromium (each
// expectation was checked with headless Chromium on the same markup).
func TestFrames(t *testing.T) {
	tests := []struct {
		name, markup, js, want string
	}{
		{name: "detached iframe has none", js: `var f = document.createElement('iframe'); [f.contentWindow, f.contentDocument].join()`,
			want: ","},
		{name: "about:blank on insertion", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var d = f.contentDocument, w = f.contentWindow;
			var a = d.createElement('a'); a.href = 'x.html';
			[d.URL, d.compatMode, d.doctype, d.documentElement.outerHTML, d.readyState, d.body.ownerDocument === d, w.document === d, d.baseURI, a.href].join()`,
			want: "about:blank,BackCompat,,<html><head></head><body></body></html>,complete,true,true,https://example.test/page,https://example.test/x.html"},
		{name: "window members", js: `var f = document.createElement('iframe'); f.name = 'n1'; document.body.appendChild(f); var w = f.contentWindow;
			[w.frameElement === f, w.parent === window, w.top === window, w.self === w, w.window === w, w.frames === w, w.length,
			 w.name, w.location.href, String(w.location), w.origin === origin, w.closed, window.length, frames[0] === w, window[0] === w,
			 typeof w.DOMParser, new w.DOMParser().parseFromString('<p>x</p>', 'text/html').body.innerHTML, typeof w.setTimeout,
			 w instanceof Window].join()`,
			want: "true,true,true,true,true,true,0,n1,about:blank,about:blank,true,false,1,true,true,function,<p>x</p>,function,true"},
		{name: "window.length's accessors check this", js: `document.body.appendChild(document.createElement('iframe'));
			var d = Object.getOwnPropertyDescriptor(window, 'length'), r = [d.get.call(undefined)];
			try { d.get.call({}); } catch (e) { r.push(e.name); }
			try { d.set.call(document, 3); } catch (e) { r.push(e.name); }
			r.push(window.length); r.join()`,
			want: "1,TypeError,TypeError,1"},
		{name: "load fires at once for script insertion", js: `var log = []; var f = document.createElement('iframe');
			f.onload = () => log.push('load ' + f.contentDocument.URL); document.body.appendChild(f); log.push('after'); log.join()`,
			want: "load about:blank,after"},
		{name: "a page has at most 1000 frames", js: `var n = 0; for (var i = 0; i < 1005; i++) { var f = document.createElement('iframe'); document.body.appendChild(f); if (f.contentWindow) n++; }
			var last = document.body.lastChild, r = [n, window.length, last.contentWindow, last.contentDocument];
			document.querySelector('iframe').remove(); var g = document.createElement('iframe'); document.body.appendChild(g); r.push(!!g.contentWindow); r.join()`,
			want: "1000,1000,,,true"},
		{name: "parsed iframe", markup: `<iframe id="p" name="pf"></iframe><script>var p = document.getElementById('p');
			var early = [p.contentDocument.URL, window.length, frames[0] === p.contentWindow].join()</script>`,
			js: `early`, want: "about:blank,1,true"},
		{name: "removal discards, insertion makes a new one", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var d = f.contentDocument, w = f.contentWindow; f.remove();
			var out = [f.contentWindow, f.contentDocument, window.length, 0 in window, w.closed, w.parent, w.frameElement];
			document.body.appendChild(f); out.push(f.contentDocument !== d, f.contentWindow !== w, window.length); out.join()`,
			want: ",,0,false,true,,,true,true,1"},
		{name: "removing an ancestor discards", js: `var div = document.createElement('div'); var f = document.createElement('iframe');
			div.appendChild(f); document.body.appendChild(div); var had = !!f.contentDocument; div.remove(); [had, f.contentDocument].join()`,
			want: "true,"},
		{name: "srcdoc after a task", js: `var f = document.createElement('iframe'); f.srcdoc = '<p id=s>srcdoc para</p>';
			var log = []; f.onload = () => log.push('load ' + f.contentDocument.URL + ' ' + f.contentDocument.body.innerHTML);
			document.body.appendChild(f); log.push('sync ' + f.contentDocument.URL + ' [' + f.contentDocument.body.innerHTML + ']');
			new Promise(r => setTimeout(r, 10)).then(() => log.join('|'))`,
			want: "sync about:blank []|load about:srcdoc <p id=\"s\">srcdoc para</p>"},
		{name: "frame window load and DOMContentLoaded before the element's load", js: `var f = document.createElement('iframe'); f.srcdoc = 'x';
			var log = []; document.body.appendChild(f); var w = f.contentWindow;
			f.onload = () => log.push('element');
			new Promise(r => setTimeout(r, 10)).then(() => log.join())`,
			want: "element"},
		{name: "srcdoc scripts run", js: `var f = document.createElement('iframe'); f.srcdoc = '<script>parent.ran = 1<\/script><p>t</p>';
			document.body.appendChild(f);
			new Promise(r => f.onload = r).then(() => [typeof window.ran, f.contentDocument.querySelector('p').textContent].join())`,
			want: "number,t"},
		{name: "cross-origin", js: `var f = document.createElement('iframe'); f.src = 'https://other.test/x.html'; document.body.appendChild(f);
			var sync = f.contentDocument.URL;
			new Promise(r => f.onload = r).then(() => { var w = f.contentWindow; var e; try { w.document } catch (x) { e = x.name }
				return [sync, f.contentDocument, typeof w, w.length, w.parent === window, e].join() })`,
			want: "about:blank,,object,0,true,SecurityError"},
		{name: "postMessage", js: `var f = document.createElement('iframe'); document.body.appendChild(f); var w = f.contentWindow; var log = [];
			w.addEventListener('message', e => log.push([e.data.a, e.origin === origin, e.source === window, e.target === w, this === window].join()));
			window.addEventListener('message', () => log.push('wrong window'));
			w.postMessage({a: 1}, '*'); log.push('posted');
			new Promise(r => setTimeout(r, 10)).then(() => log.join('|'))`,
			want: "posted|1,true,true,true,true"},
		{name: "events stop at the frame's window", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var w = f.contentWindow, d = f.contentDocument, log = [];
			w.addEventListener('click', e => log.push('frame window ' + (e.currentTarget === w)));
			window.addEventListener('click', () => log.push('page window'));
			w.onfoo = 1; w.onclick = () => log.push('handler');
			d.body.click(); log.join()`,
			want: "frame window true,handler"},
		{name: "document.write into about:blank", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var log = []; f.onload = () => log.push('load');
			var d = f.contentDocument; d.open(); d.write('<p id=x>written</p>'); log.push('written'); d.close(); d.close();
			[d.getElementById('x').textContent, f.contentDocument === d, d.body.innerHTML, log].join()`,
			want: "written,true,<p id=\"x\">written</p>,written,load"},
		{name: "the frame's document", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var d = f.contentDocument, w = f.contentWindow;
			var out = [d.defaultView === w, d.location === w.location, d.hidden, d.visibilityState, document.defaultView === window];
			f.remove(); out.push(d.defaultView, d.location, d.hidden); out.join()`,
			want: "true,true,false,visible,true,,,true"},
		{name: "nested frames", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var g = f.contentDocument.createElement('iframe'); f.contentDocument.body.appendChild(g);
			var gw = g.contentWindow;
			var out = [gw.parent === f.contentWindow, gw.top === window, f.contentWindow.length, f.contentWindow[0] === gw, window.length, gw.frameElement === g];
			f.remove(); out.push(g.contentWindow, gw.closed); out.join()`,
			want: "true,true,1,true,1,true,,true"},
		{name: "nested frames in srcdoc markup", js: `var f = document.createElement('iframe'); f.srcdoc = '<iframe></iframe><iframe name=two></iframe>';
			document.body.appendChild(f);
			new Promise(r => f.onload = r).then(() => { var w = f.contentWindow; return [w.length, w[1].name, w[0].parent === w, w[1].document.URL].join() })`,
			want: "2,two,true,about:blank"},
		{name: "named access", markup: `<iframe name="pf" id="pid"></iframe>`, js: `var f = document.getElementById('pid');
			var g = document.createElement('iframe'); g.name = 'dyn'; document.body.appendChild(g);
			var out = [window.pf === f.contentWindow, window.pid === f, frames.pf === f.contentWindow, window.dyn === g.contentWindow];
			g.contentWindow.name = 'renamed'; out.push(g.name, window.renamed === g.contentWindow, typeof window.dyn); out.join()`,
			want: "true,true,true,true,dyn,true,undefined"},
		{name: "the initial about:blank's window is kept by a document loaded at insertion", js: `var g = document.createElement('iframe'); g.srcdoc = '<p>x';
			document.body.appendChild(g);
			var log = []; var w = g.contentWindow;
			w.addEventListener('DOMContentLoaded', () => log.push('DCL'));
			w.addEventListener('load', e => log.push('load'));
			new Promise(r => g.onload = r).then(() => { log.push('element'); g.srcdoc = '<p>y'; return new Promise(r => g.onload = r) })
			.then(() => [log, w === g.contentWindow].join())`, want: "DCL,load,element,true"},
		{name: "a window whose load fired is not kept", js: `var g = document.createElement('iframe'); document.body.appendChild(g);
			var log = []; var w = g.contentWindow;
			w.addEventListener('load', e => log.push('window load'));
			g.srcdoc = '<p>x';
			new Promise(r => g.onload = r).then(() => [log.length, w === g.contentWindow].join())`, want: "0,true"},
		{name: "src set empty or removed loads a new about:blank", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var log = []; f.onload = () => log.push('load ' + f.contentDocument.URL + ' [' + f.contentDocument.body.innerHTML + ']');
			f.contentDocument.body.innerHTML = 'mark'; f.src = ''; log.push('set');
			new Promise(r => setTimeout(r, 10)).then(() => { f.contentDocument.body.innerHTML = 'mark2'; f.removeAttribute('src'); log.push('removed');
				return new Promise(r => setTimeout(r, 10)) })
			.then(() => { f.contentDocument.body.innerHTML = 'mark3'; f.src = 'about:blank#x'; log.push('fragment'); return new Promise(r => setTimeout(r, 10)) })
			.then(() => [log.join('|'), f.contentDocument.body.innerHTML, f.contentWindow.location.href].join())`,
			want: "set|load about:blank []|removed|load about:blank []|fragment,mark3,about:blank#x"},
		{name: "frame order is creation order, as in Chromium", js: `var a = document.createElement('iframe'); a.name = 'a'; var b = document.createElement('iframe'); b.name = 'b';
			document.body.appendChild(a); document.body.insertBefore(b, a); [frames[0].name, frames[1].name, window.length].join()`,
			want: "a,b,2"},
		{name: "window.length is replaceable", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var before = window.length; window.length = 7; [before, window.length, frames[0] === f.contentWindow].join()`, want: "1,7,true"},
		{name: "window.length replaced before the first frame stays", js: `window.length = 'mine'; var f = document.createElement('iframe'); document.body.appendChild(f);
			[window.length, frames[0] === f.contentWindow].join()`, want: "mine,true"},
		{name: "src change navigates", js: `var f = document.createElement('iframe'); document.body.appendChild(f); var log = [];
			f.onload = () => log.push(f.contentDocument.URL + ' ' + f.contentDocument.body.textContent);
			f.srcdoc = 'one';
			new Promise(r => setTimeout(r, 10)).then(() => { f.removeAttribute('srcdoc'); f.src = 'about:blank'; return new Promise(r => setTimeout(r, 10)) })
			.then(() => log.join('|'))`,
			want: "about:srcdoc one|about:blank "},
		{name: "through the frame's window", js: `var f = document.createElement('iframe'); document.body.appendChild(f);
			var w = f.contentWindow, d = f.contentDocument; d.body.innerHTML = '<p hidden>x</p><div></div>';
			var got = []; var mo = new w.MutationObserver(rs => got.push(rs.length)); mo.observe(d.body, {childList: true});
			d.body.append('t'); var ev = new w.CustomEvent('x', {detail: 2}); d.body.addEventListener('x', e => got.push(e.detail)); d.body.dispatchEvent(ev);
			var r = d.createRange(); r.selectNodeContents(d.body);
			Promise.resolve().then(() => [w.getComputedStyle(d.querySelector('p')).display, w.getComputedStyle(d.querySelector('div')).display,
				r.endOffset, got, w.eval('1+1'), d.defaultView.document === d].join())`,
			want: "none,block,3,2,1,2,true"},
		{name: "page load waits for frames", markup: `<script>var log = []; addEventListener('load', () => log.push('window'));</script>
			<iframe srcdoc="<p>x</p>" onload="log.push('frame ' + this.contentDocument.body.textContent)"></iframe>`,
			js: `log.join()`, want: "frame x,window"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			markup := tt.markup
			if markup == "" {
				markup = `<p>x</p>`
			}
			p := newPage(t, `<!doctype html><html><head></head><body>`+markup+`</body></html>`, nil)
			p.run()
			if got := evalSettled(t, p, tt.js); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			p.noErrors()
		})
	}
}

// TestFrameFetch: a same-origin src is fetched through the page's network
// client and parsed; the page is not quiet before it answered.
func TestFrameFetch(t *testing.T) {
	var srvURL string
	mux := http.NewServeMux()
	mux.HandleFunc("/child.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!DOCTYPE html><html><head><title>child</title></head><body><p id=c>child text</p><script>parent.childRan = 1</script></body></html>`)
	})
	mux.HandleFunc("/plain.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, `a < b`)
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, strings.Replace(srvURL, "127.0.0.1", "localhost", 1)+"/child.html", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	srvURL = srv.URL

	tests := []struct{ name, body, want string }{
		{name: "same origin", body: `<iframe id=f src="/child.html"></iframe><script>
			var f = document.getElementById('f'); out.push('sync ' + f.contentDocument.URL);
			f.onload = () => { var d = f.contentDocument; out.push([d.URL.endsWith('/child.html'), d.title, d.getElementById('c').textContent,
				typeof window.childRan, d.compatMode, f.contentWindow.location.pathname].join()) };
			addEventListener('load', () => out.push('window load'));</script>`,
			want: "sync about:blank\ntrue,child,child text,number,CSS1Compat,/child.html\nwindow load"},
		{name: "text", body: `<script>var f = document.createElement('iframe'); f.src = '/plain.txt';
			f.onload = () => out.push(f.contentDocument.body.innerHTML); document.body.append(f);</script>`,
			want: "<pre>a &lt; b</pre>"},
		{name: "redirect to another origin", body: `<script>var f = document.createElement('iframe'); f.src = '/redirect';
			f.onload = () => out.push(String(f.contentDocument)); document.body.append(f);</script>`,
			want: "null"},
		{name: "location navigates the frame", body: `<script>var f = document.createElement('iframe'); document.body.append(f);
			f.contentWindow.location.href = '/child.html';
			f.onload = () => out.push(f.contentDocument.title + ' ' + f.contentWindow.location.pathname);</script>`,
			want: "child /child.html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := netPage(t, srv, true, tt.body); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// BenchmarkFrameInsert is inserting and removing an about:blank iframe.
func BenchmarkFrameInsert(b *testing.B) {
	doc, err := dom.Parse(strings.NewReader(`<!doctype html><html><body></body></html>`))
	if err != nil {
		b.Fatal(err)
	}
	var w *Window
	l := loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { w.ReportError(err) }})
	w, err = New(l, doc, Config{URL: "https://example.test/", Extensions: []func(*Window) error{NetworkExtension(xhr.NewClient(xhr.ClientOptions{}))}})
	if err != nil {
		b.Fatal(err)
	}
	if err := w.Run(context.Background()); err != nil {
		b.Fatal(err)
	}
	prog := goja.MustCompile("b.js", `var f = document.createElement('iframe'); document.body.appendChild(f); f.contentDocument.body; f.remove()`, false)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := w.rt.RunProgram(prog); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFrameStyle: a frame's document cascades its own style sheets, not
// the page's (Chromium: the colors below; the page's rule for p does not
// reach into the frame).
func TestFrameStyle(t *testing.T) {
	tests := []struct{ name, js, want string }{
		{"srcdoc", `var f = document.createElement('iframe'); f.srcdoc = '<style>p { color: rgb(1, 2, 3) } .b { display: none }</style><p id=x>x</p><div class=b id=b></div>';
			document.body.appendChild(f);
			return new Promise(r => f.onload = r).then(() => { var d = f.contentDocument, x = d.getElementById('x'), cs = getComputedStyle(x);
				return [cs.color, getComputedStyle(d.getElementById('b')).display, f.contentWindow.getComputedStyle(x).color].join() })`,
			"rgb(1, 2, 3),none,rgb(1, 2, 3)"},
		{"about:blank written by script", `var f = document.createElement('iframe'); document.body.appendChild(f); var d = f.contentDocument;
			d.open(); d.write('<style>p { color: rgb(4, 5, 6); width: 100px }</style><p id=x>x</p>'); d.close();
			var x = d.getElementById('x'); return [getComputedStyle(x).color, x.offsetWidth].join()`,
			"rgb(4, 5, 6),100"},
		{"a style added later and removed", `var f = document.createElement('iframe'); document.body.appendChild(f); var d = f.contentDocument;
			var p = d.createElement('p'); d.body.appendChild(p); var r = [getComputedStyle(p).color];
			var st = d.createElement('style'); st.textContent = 'p { color: rgb(7, 8, 9) }'; d.head.appendChild(st); r.push(getComputedStyle(p).color);
			st.remove(); r.push(getComputedStyle(p).color); return r.join('|')`,
			"rgb(0, 0, 0)|rgb(7, 8, 9)|rgb(0, 0, 0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, `<style>p { color: rgb(200, 0, 0) }</style>`, nil)
			p.run()
			p.eval(`var out; (async () => { ` + tt.js + ` })().then(v => out = v, e => out = String(e))`)
			p.run()
			if got := p.eval(`String(out)`); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
