package bangsnap_test

// FuzzRender renders whole pages built from the fuzz input: a program of
// snippets (DOM, CSS, timers, XHR and fetch, streams, observers, workers,
// frames, parsers reached from script) with fuzzed arguments, around raw
// fuzzed markup, served by a loopback server. The property is the one every
// hostile page has: Render returns a snapshot or an error of a documented
// kind within its budget and a margin, no Go panic is recovered anywhere
// (not in a task, not off the loop, not in Render), and the goroutines go
// back to their count after it.
//
// Run it with
//
//	go test -run '^$' -fuzz '^FuzzRender$' -fuzztime 20m -parallel 2 .
//
// What it found is kept in testdata/fuzz/FuzzRender and run by plain
// `go test`.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/mapping"
)

// fuzzRenderBudget is the wall budget of one fuzzed render: short, so that
// the fuzzer runs many, and long enough that most programs end quiet.
const fuzzRenderBudget = 700 * time.Millisecond

// fuzzRenderMargin is how far past its budget a render may return: the
// grace Render gives a stuck page (5 s) and room for a loaded machine.
const fuzzRenderMargin = 15 * time.Second

// A fuzzSite is the loopback server the fuzzed pages come from: each page
// is stored under /p/N and every other path answers the requests the
// snippets make.
type fuzzSite struct {
	srv   *httptest.Server
	tr    *http.Transport
	pages sync.Map // "/p/N" → page text
	n     atomic.Int64
}

var fuzzSiteOnce = sync.OnceValue(newFuzzSite)

func newFuzzSite() *fuzzSite {
	s := &fuzzSite{}
	ms := func(r *http.Request) time.Duration {
		n, _ := strconv.Atoi(r.URL.Query().Get("ms"))
		return time.Duration(min(max(n, 0), 300)) * time.Millisecond
	}
	wait := func(r *http.Request, d time.Duration) bool {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return true
		case <-r.Context().Done():
			return false
		}
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/p/", func(w http.ResponseWriter, r *http.Request) {
		v, ok := s.pages.Load(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, v.(string))
	})
	mux.HandleFunc("/data", func(w http.ResponseWriter, r *http.Request) {
		if !wait(r, ms(r)) {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Access-Control-Allow-Origin", "*")
		fmt.Fprintf(w, `{"q":%q,"items":[1,2,3],"html":"<b>data</b>"}`, r.URL.RawQuery)
	})
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", r.URL.Query().Get("type"))
		io.WriteString(w, r.URL.Query().Get("body"))
	})
	mux.HandleFunc("/status", func(w http.ResponseWriter, r *http.Request) {
		code, _ := strconv.Atoi(r.URL.Query().Get("code"))
		if code < 100 || code > 599 {
			code = 500
		}
		if code >= 300 && code < 400 {
			w.Header().Set("Location", r.URL.Query().Get("to"))
		}
		w.WriteHeader(code)
	})
	mux.HandleFunc("/script.js", func(w http.ResponseWriter, r *http.Request) {
		if !wait(r, ms(r)) {
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
		io.WriteString(w, `document.documentElement.dataset.ext = (+document.documentElement.dataset.ext || 0) + 1;`)
	})
	mux.HandleFunc("/module.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		io.WriteString(w, `export const v = 1; export default function f(x) { return x + 1 }`)
	})
	mux.HandleFunc("/style.css", func(w http.ResponseWriter, r *http.Request) {
		if !wait(r, ms(r)) {
			return
		}
		w.Header().Set("Content-Type", "text/css")
		fmt.Fprintf(w, "@import url(/style.css?ms=%d&d=%s); body { color: red } %s", ms(r)/time.Millisecond, r.URL.Query().Get("d")+"x", r.URL.Query().Get("css"))
	})
	mux.HandleFunc("/sse", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		for i := range min(max(n, 1), 50) {
			fmt.Fprintf(w, "id: %d\ndata: message %d\n\n", i, i)
			w.(http.Flusher).Flush()
			if !wait(r, 5*time.Millisecond) {
				return
			}
		}
		fmt.Fprintf(w, "retry: %d\n\n", n)
	})
	mux.HandleFunc("/frame.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<!doctype html><p id=f>frame</p><script>parent.postMessage("from frame", "*"); setTimeout(() => document.body.append("later"), 5)</script>`)
	})
	mux.HandleFunc("/worker.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		io.WriteString(w, `onmessage = e => { postMessage(String(e.data).length); }; fetch("/data?w").then(r => r.text()).then(t => postMessage(t));`)
	})
	mux.HandleFunc("/vtt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/vtt")
		io.WriteString(w, r.URL.Query().Get("body"))
	})
	s.srv = httptest.NewServer(mux)
	s.tr = &http.Transport{MaxIdleConnsPerHost: 8}
	return s
}

// fuzzSnippets are the statements a program is made of. Each takes two
// argument bytes a and b and a string S chosen from the fuzzed text (JSON
// quoted, so any text is a string literal); %[1]d is a, %[2]d is b, %[3]s
// is S and %[4]s a second string.
var fuzzSnippets = []string{
	/* 0 */ `document.body.innerHTML += %[3]s;`,
	/* 1 */ `{ const e = document.createElement(["div","span","p","table","tr","td","select","option","input","textarea","img","svg","template","slot","details","dialog","form","button","ul","li","font","hr","iframe","video","canvas","a","style","script","object","marquee"][%[1]d %% 30]); try { e.setAttribute(%[3]s, %[4]s) } catch (x) {} (document.querySelectorAll("*")[%[2]d] || document.body).append(e); }`,
	/* 2 */ `document.body.style.cssText = %[3]s;`,
	/* 3 */ `{ const s = document.createElement("style"); s.textContent = %[3]s; document.head.append(s); void getComputedStyle(document.body).color; }`,
	/* 4 */ `setTimeout(() => { document.body.dataset.t = (+document.body.dataset.t || 0) + 1; document.body.append(%[3]s); }, %[1]d * 4);`,
	/* 5 */ `{ let n = 0; const id = setInterval(() => { if (++n > %[2]d %% 20) clearInterval(id); document.body.append(n); }, %[1]d %% 50); }`,
	/* 6 */ `fetch("/data?ms=" + %[1]d + "&q=" + encodeURIComponent(%[3]s)).then(r => r.json()).then(j => { document.body.insertAdjacentHTML("beforeend", j.html); });`,
	/* 7 */ `{ const x = new XMLHttpRequest(); x.open(["GET","POST","PUT","HEAD"][%[1]d %% 4], "/data?ms=" + %[2]d, %[1]d %% 5 != 0); x.timeout = %[2]d; x.onload = () => document.body.append(x.responseText.length); try { x.send(%[3]s) } catch (e) {} }`,
	/* 8 */ `{ const es = new EventSource("/sse?n=" + %[1]d); let c = 0; es.onmessage = e => { document.body.append(e.data); if (++c > %[2]d %% 10) es.close(); }; es.onerror = () => es.close(); }`,
	/* 9 */ `{ let p = Promise.resolve(); for (let i = 0; i < %[1]d; i++) p = p.then(() => document.body.dataset.p = i); }`,
	/* 10 */ `{ let n = 0; new MutationObserver(rs => { if (n++ < %[2]d %% 16) document.body.setAttribute("data-mo", n); }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true}); }`,
	/* 11 */ `{ const io = new IntersectionObserver(es => es.forEach(e => e.target.dataset.i = e.isIntersecting), {rootMargin: %[3]s.slice(0, 20) || "0px", threshold: [0, %[1]d / 255]}); document.querySelectorAll("*").forEach(e => io.observe(e)); }`,
	/* 12 */ `{ let n = 0; const f = t => { document.body.dataset.raf = n; if (++n < %[1]d %% 20) requestAnimationFrame(f); }; requestAnimationFrame(f); }`,
	/* 13 */ `{ const w = new Worker(%[1]d %% 2 ? "/worker.js" : URL.createObjectURL(new Blob(["onmessage = e => postMessage(e.data + 1)"]))); let n = 0; w.onmessage = e => { if (n++ < %[2]d %% 10) w.postMessage(e.data); else w.terminate(); document.body.dataset.w = n; }; w.postMessage(%[3]s); }`,
	/* 14 */ `{ const f = document.createElement("iframe"); if (%[1]d %% 2) f.srcdoc = %[3]s; else f.src = ["/frame.html", "about:blank", "/p/none", "data:text/html,<p>x", "javascript:1"][%[2]d %% 5]; document.body.append(f); f.onload = () => { try { document.body.append(f.contentDocument.body.innerHTML.length) } catch (e) {} }; }`,
	/* 15 */ `{ const ch = new MessageChannel(); let n = 0; ch.port1.onmessage = e => { if (n++ < %[1]d) ch.port2.postMessage(n); }; ch.port2.onmessage = e => ch.port1.postMessage(e.data); ch.port2.postMessage(0); }`,
	/* 16 */ `{ let n = 0; const rs = new ReadableStream({pull(c) { if (n++ < %[1]d %% 40) c.enqueue(new TextEncoder().encode(%[3]s)); else c.close(); }}); new Response(rs.pipeThrough(new TextDecoderStream())).text().then(t => document.body.append(t.length)); }`,
	/* 17 */ `document.querySelectorAll(%[3]s).forEach(e => e.dataset.q = 1);`,
	/* 18 */ `document.querySelectorAll("*").forEach(e => void getComputedStyle(e).getPropertyValue(%[3]s));`,
	/* 19 */ `document.querySelectorAll("*").forEach(e => { const r = e.getBoundingClientRect(); e.dataset.h = r.height + e.offsetWidth + e.scrollHeight; });`,
	/* 20 */ `document.body.dataset.s = CSS.supports(%[3]s) + " " + matchMedia(%[4]s).matches + " " + CSS.supports("width", %[3]s);`,
	/* 21 */ `document.body.dataset.u = new URL(%[3]s, location.href).href + new URLSearchParams(%[4]s);`,
	/* 22 */ `document.body.dataset.r = new RegExp(%[3]s, ["", "g", "i", "u", "v", "y", "s", "gimsuy"][%[1]d %% 8]).test(%[4]s);`,
	/* 23 */ `document.body.dataset.j = JSON.stringify(JSON.parse(%[3]s));`,
	/* 24 */ `document.write(%[3]s);`,
	/* 25 */ `if (%[1]d %% 2) history.pushState({n: %[2]d}, "", %[3]s); else location.hash = %[3]s;`,
	/* 26 */ `document.querySelectorAll("*").forEach(e => e.animate([{opacity: 0, transform: "translateX(" + %[1]d + "px)"}, {opacity: 1}], {duration: %[2]d, iterations: %[1]d %% 3 + 1}));`,
	/* 27 */ `customElements.define("x-e" + %[1]d, class extends HTMLElement { connectedCallback() { this.textContent = %[3]s; } attributeChangedCallback() { this.dataset.c = 1 } static get observedAttributes() { return ["a"] } }); document.body.innerHTML += "<x-e" + %[1]d + " a=1></x-e" + %[1]d + ">";`,
	/* 28 */ `{ const h = document.createElement("div"); document.body.append(h); const r = h.attachShadow({mode: "open"}); r.innerHTML = %[3]s + "<slot></slot><style>:host { color: red } ::slotted(*) { width: " + %[1]d + "px }</style>"; h.append("light"); void h.offsetHeight; }`,
	/* 29 */ `{ const c = document.createElement("canvas"); const x = c.getContext("2d"); x.font = %[4]s; x.fillText(%[3]s, %[1]d, %[2]d); document.body.dataset.m = x.measureText(%[3]s).width; c.toDataURL(); }`,
	/* 30 */ `{ const d = new DOMParser().parseFromString(%[3]s, ["text/html", "application/xml", "image/svg+xml", "application/xhtml+xml", "text/xml"][%[1]d %% 5]); document.body.append(document.importNode(d.documentElement, true)); }`,
	/* 31 */ `{ const r = document.createRange(); const a = document.querySelectorAll("*"); r.setStart(a[%[1]d %% a.length], 0); r.setEnd(document.body, document.body.childNodes.length); r.extractContents(); getSelection().addRange(document.createRange()); getSelection().selectAllChildren(document.body); getSelection().deleteFromDocument(); }`,
	/* 32 */ `(document.querySelectorAll("*")[%[2]d] || document.body).insertAdjacentHTML(["beforebegin", "afterbegin", "beforeend", "afterend"][%[1]d %% 4], %[3]s);`,
	/* 33 */ `{ const o = {a: [1, %[3]s], m: new Map([[1, 2]]), d: new Date(%[1]d), r: /x/g, b: new Uint8Array(%[2]d)}; o.self = o; document.body.dataset.sc = Object.keys(structuredClone(o)).length; }`,
	/* 34 */ `{ const b = new Blob([%[3]s]).stream().pipeThrough(new CompressionStream(["gzip", "deflate", "deflate-raw"][%[1]d %% 3])).pipeThrough(new DecompressionStream(["gzip", "deflate", "deflate-raw"][%[1]d %% 3])); new Response(b).text().then(t => document.body.dataset.z = t.length); document.body.dataset.td = new TextDecoder(["utf-8", "utf-16le", "shift_jis", "gb18030", "iso-2022-jp", "big5", "euc-kr", "windows-1252"][%[2]d %% 8]).decode(new TextEncoder().encode(%[4]s)); }`,
	/* 35 */ `document.body.dataset.i = new Intl.DateTimeFormat(%[3]s, {timeZone: "UTC"}).format(0) + new Intl.NumberFormat(%[4]s).format(%[1]d / 7) + new Intl.Collator(%[3]s).compare("a", "b");`,
	/* 36 */ `{ const w = document.createTreeWalker(document, %[1]d * 257); let n = 0; while (w.nextNode() && n < 10000) n++; document.body.dataset.tw = n; }`,
	/* 37 */ `{ document.body.insertAdjacentHTML("beforeend", "<svg viewBox='0 0 " + %[1]d + " 100'><path id=p" + %[2]d + "></path><text>t</text></svg>"); const p = document.querySelector("path"); p.setAttribute("d", %[3]s); document.body.dataset.l = p.getTotalLength() + " " + JSON.stringify(p.getPointAtLength(%[1]d)) + JSON.stringify(p.getBBox()) + p.getCTM(); }`,
	/* 38 */ `(document.querySelectorAll("*")[%[2]d] || document.body).style.setProperty(["width", "color", "background", "grid-template-columns", "transform", "font", "clip-path", "filter", "margin", "display", "animation", "transition", "border", "content", "line-height", "shape-outside", "mask-image", "font-size", "inset", "background-image", "color-scheme", "text-shadow", "offset-path", "container", "height", "aspect-ratio", "translate", "rotate", "scale", "flex", "gap", "zoom"][%[1]d %% 32], %[3]s);`,
	/* 39 */ `document.body.insertAdjacentHTML("beforeend", "<font color='" + %[3]s + "' size='" + %[4]s + "' face=x>f</font><table bgcolor='" + %[3]s + "' width='" + %[4]s + "' cellpadding='" + %[4]s + "' border='" + %[4]s + "'><tr><td height='" + %[3]s + "'>c</td></tr></table><hr width='" + %[4]s + "' size='" + %[3]s + "' noshade><img width='" + %[3]s + "' height='" + %[4]s + "' hspace='" + %[4]s + "'><body text='" + %[3]s + "'><ol type='" + %[4]s + "' start='" + %[3]s + "'><li value='" + %[4]s + "'>l</ol>"); document.querySelectorAll("*").forEach(e => void e.offsetHeight);`,
	/* 40 */ `{ const v = document.createElement("video"); const t = document.createElement("track"); t.default = true; t.src = %[1]d %% 2 ? "/vtt?body=" + encodeURIComponent("WEBVTT\n\n" + %[3]s) : "data:text/vtt," + encodeURIComponent("WEBVTT" + %[3]s); v.append(t); document.body.append(v); t.onload = () => { document.body.dataset.cues = t.track.cues.length; for (const c of t.track.cues) document.body.append(c.text + c.startTime); }; }`,
	/* 41 */ `(document.querySelectorAll("*")[%[2]d] || document.body).style.width = "calc(" + %[3]s + ")"; document.body.dataset.cw = getComputedStyle(document.body).width + document.body.offsetWidth;`,
	/* 42 */ `{ let n = 0; document.addEventListener("x" + %[1]d, e => { if (n++ < %[2]d %% 30) document.body.dispatchEvent(new CustomEvent("x" + %[1]d, {bubbles: true, detail: %[3]s})); }); document.body.dispatchEvent(new CustomEvent("x" + %[1]d, {bubbles: true})); }`,
	/* 43 */ `{ const a = new BroadcastChannel(%[3]s), b = new BroadcastChannel(%[3]s); let n = 0; b.onmessage = e => { if (n++ < %[1]d) a.postMessage(n); else { a.close(); b.close(); } }; a.postMessage(0); }`,
	/* 44 */ `import(%[1]d %% 2 ? "/module.js" : URL.createObjectURL(new Blob([%[3]s], {type: "text/javascript"}))).then(m => document.body.dataset.mod = Object.keys(m).join()).catch(e => document.body.dataset.mod = e.name);`,
	/* 45 */ `document.body.dataset.mx = new DOMMatrix(%[3]s).rotate(%[1]d).skewX(%[2]d).inverse().toString() + new DOMMatrix().translate(%[1]d).multiply(new DOMMatrix(%[4]s));`,
	/* 46 */ `{ const f = new FontFace("F" + %[1]d, %[3]s, {weight: %[4]s}); document.fonts.add(f); f.load().catch(() => {}); document.body.dataset.ff = document.fonts.check(%[4]s); }`,
	/* 47 */ `document.body.dataset.it = document.body.innerText.length; (document.querySelectorAll("*")[%[1]d] || document.body).innerText = %[3]s;`,
	/* 48 */ `{ const e = document.querySelectorAll("body *")[%[1]d]; if (e) e.outerHTML = %[3]s; }`,
	/* 49 */ `{ const r = document.evaluate(%[3]s, document, null, %[1]d %% 10, null); document.body.dataset.xp = r.resultType; }`,
	/* 50 */ `{ const s = document.createElement("script"); if (%[1]d %% 3 == 0) s.src = "/script.js?ms=" + %[2]d; else if (%[1]d %% 3 == 1) { s.type = "module"; s.textContent = %[3]s; } else s.textContent = %[3]s; document.body.append(s); }`,
	/* 51 */ `{ const l = document.createElement("link"); l.rel = "stylesheet"; l.href = "/style.css?ms=" + %[1]d + "&css=" + encodeURIComponent(%[3]s); document.head.append(l); l.onload = () => document.body.dataset.css = getComputedStyle(document.body).color; }`,
	/* 52 */ `document.body.dataset.ev = String(eval(%[3]s));`,
	/* 53 */ `new Function(%[3]s);`,
	/* 54 */ `{ const ta = document.createElement(%[1]d %% 2 ? "input" : "textarea"); ta.type = %[4]s; document.body.append(ta); ta.value = %[3]s; ta.setSelectionRange(%[1]d, %[2]d); ta.focus(); try { ta.stepUp(%[2]d) } catch (e) {} try { ta.setRangeText(%[4]s) } catch (e) {} ta.checkValidity(); }`,
	/* 55 */ `{ const sel = document.createElement("select"); sel.innerHTML = %[3]s; sel.add(new Option(%[4]s)); sel.selectedIndex = %[1]d %% 4 - 1; document.body.append(sel); document.body.dataset.sel = sel.value + new FormData(Object.assign(document.createElement("form"), {innerHTML: "<input name=a value=" + %[1]d + ">"})).get("a"); }`,
	/* 56 */ `(document.querySelectorAll("*")[%[1]d] || document.body).remove();`,
	/* 57 */ `{ const a = document.querySelectorAll("*"); const x = a[%[1]d %% a.length], y = a[%[2]d %% a.length]; try { x.append(y) } catch (e) {} try { y.replaceWith(x) } catch (e) {} try { x.before(y.cloneNode(true)) } catch (e) {} }`,
	/* 58 */ `setTimeout(() => location.href = %[3]s, %[1]d);`,
	/* 59 */ `{ const s = document.styleSheets[%[1]d %% Math.max(document.styleSheets.length, 1)]; if (s) { try { s.insertRule(%[3]s, 0) } catch (e) {} try { s.replaceSync(%[4]s) } catch (e) {} for (const r of s.cssRules) void r.cssText; } const c = new CSSStyleSheet(); try { c.replaceSync(%[3]s); document.adoptedStyleSheets = [c] } catch (e) {} }`,
	/* 60 */ `{ const d = document.createElement("dialog"); document.body.append(d); d.innerHTML = %[3]s; try { d.showModal() } catch (e) {} const p = document.createElement("div"); p.popover = "auto"; document.body.append(p); try { p.showPopover() } catch (e) {} }`,
	/* 61 */ `document.body.dataset.ih = document.documentElement.innerHTML.length + document.documentElement.outerHTML.length + new XMLSerializer().serializeToString(document).length;`,
	/* 62 */ `{ const ws = new WebSocket(%[3]s.startsWith("ws") ? %[3]s : "ws://" + location.host + "/ws"); ws.onerror = () => document.body.dataset.ws = "error"; ws.onopen = () => ws.close(); }`,
	/* 63 */ `document.body.setHTMLUnsafe(%[3]s); if (document.body.setHTML) document.body.setHTML(%[4]s);`,
}

// fuzzPage builds the page of a fuzz input: prog is read three bytes at a
// time (snippet, a, b; the snippet's high bit runs it at load instead of at
// once), text is split at NUL into the raw markup and the strings.
func fuzzPage(prog []byte, text string) string {
	parts := strings.Split(text, "\x00")
	markup := parts[0]
	strs := parts[1:]
	if len(strs) == 0 {
		strs = []string{"", "x"}
	}
	quote := func(i int) string {
		b, _ := json.Marshal(strs[i%len(strs)])
		return string(b)
	}
	var now, later strings.Builder
	for i := 0; i+2 < len(prog) && i < 3*64; i += 3 {
		op, a, b := prog[i], int(prog[i+1]), int(prog[i+2])
		code := fmt.Sprintf(fuzzSnippets[int(op&0x7f)%len(fuzzSnippets)], a, b, quote(a), quote(b+1))
		dst := &now
		if op&0x80 != 0 {
			dst = &later
		}
		fmt.Fprintf(dst, "try { %s } catch (e) { document.documentElement.dataset.err = e && e.name; }\n", code)
	}
	var sb strings.Builder
	if len(prog) == 0 || prog[0]&1 == 0 {
		sb.WriteString("<!doctype html>")
	}
	sb.WriteString("<html><head><title>fuzz</title></head><body>")
	sb.WriteString(markup)
	sb.WriteString("<script>\n")
	sb.WriteString(strings.ReplaceAll(now.String(), "</script", `<\/script`))
	sb.WriteString("addEventListener('load', () => {\n")
	sb.WriteString(strings.ReplaceAll(later.String(), "</script", `<\/script`))
	sb.WriteString("});\n</script></body></html>")
	return sb.String()
}

// panicLog records the log records that tell of a recovered Go panic.
type panicLog struct {
	mu   sync.Mutex
	msgs []string
}

func (p *panicLog) Enabled(context.Context, slog.Level) bool { return true }
func (p *panicLog) WithAttrs([]slog.Attr) slog.Handler       { return p }
func (p *panicLog) WithGroup(string) slog.Handler            { return p }
func (p *panicLog) Handle(_ context.Context, r slog.Record) error {
	if !strings.Contains(r.Message, "panic") {
		return nil
	}
	var sb strings.Builder
	sb.WriteString(r.Message)
	r.Attrs(func(a slog.Attr) bool {
		fmt.Fprintf(&sb, " %s=%v", a.Key, a.Value)
		return true
	})
	p.mu.Lock()
	p.msgs = append(p.msgs, sb.String())
	p.mu.Unlock()
	return nil
}

func FuzzRender(f *testing.F) {
	if testing.Short() {
		f.Skip("renders pages")
	}
	seeds := []struct {
		prog []byte
		text string
	}{
		{nil, "<p>static</p>"},
		{[]byte{0, 0, 0, 3, 1, 2, 38, 3, 1}, "<div id=a>a</div>\x00<b>x</b>\x00p { color: calc(1px + sin(30deg)) }\x00repeat(auto-fill, minmax(10px, 1fr))"},
		{[]byte{6, 20, 1, 7, 3, 10, 8, 3, 4, 4, 10, 1, 0x80 | 19, 0, 0}, "<ul><li>1<li>2</ul>\x00q\x00r"},
		{[]byte{13, 1, 5, 15, 30, 0, 43, 20, 0, 16, 10, 0}, "\x00hello\x00chan"},
		{[]byte{14, 1, 0, 14, 0, 0, 11, 128, 0, 12, 10, 0, 10, 0, 5}, "<iframe srcdoc='<p>in'></iframe>\x00<p>srcdoc<script>parent.document.body.append(1)</script>"},
		{[]byte{39, 1, 2, 41, 0, 0, 38, 0, 1, 38, 3, 1}, "<table><tr><td>x</table>\x00#ff00zz\x00+5\x001px + 2%\x00repeat(auto-fit, 10px) repeat(auto-fill, 20px)"},
		{[]byte{40, 1, 0, 40, 0, 1}, "\x00\n00:00.000 --> 00:01.000 line:0 position:10%\ncue text\n\nNOTE x\n\n1\n00:02.000 --> 00:01.000\nback\x00"},
		{[]byte{22, 1, 2, 23, 0, 0, 21, 0, 0, 45, 30, 10, 37, 10, 0}, "\x00(a+)+$\x00aaaaaaaaaaaaaaaa!\x00M0 0 C 10 10 20 20 30 0 A 5 5 0 1 1 50 50 Z\x00matrix(1,2,3,4,5,6)"},
		{[]byte{0x80 | 25, 1, 0, 58, 3, 0, 24, 0, 0}, "\x00#!state=1\x00/p/nothing"},
		{[]byte{26, 10, 100, 60, 0, 0, 54, 3, 7, 55, 1, 2, 31, 2, 0}, "<p>text<b>bold</b></p>\x00<option>a<option>b\x00number"},
		{[]byte{28, 0, 0, 27, 1, 0, 36, 1, 0, 57, 3, 5, 56, 4, 0, 48, 1, 0}, "<div><span>s</span></div>\x00<i>x</i>"},
		{[]byte{50, 0, 100, 50, 1, 0, 50, 2, 0, 44, 1, 0, 44, 0, 0, 51, 5, 0}, "\x00export default 1; document.body.append('m')\x00"},
		{nil, "<table><caption>a caption wider than the table</caption><tr><td rowspan=0>a<td rowspan=3 colspan=2>b<br>b<br>b<tr><td>c</table><div style=float:left><div style=width:0>x y</div></div>"},
	}
	for _, s := range seeds {
		f.Add(s.prog, s.text)
	}
	site := fuzzSiteOnce()
	plog := &panicLog{}
	r := bangsnap.NewRenderer(bangsnap.Options{
		Transport:    site.tr,
		Timeout:      fuzzRenderBudget,
		VirtualLimit: 10 * time.Second,
		MaxTasks:     20000,
		MemoryLimit:  256 << 20,
		Logger:       slog.New(plog),
	})
	f.Fuzz(func(t *testing.T, prog []byte, text string) {
		if len(text) > 1<<16 || len(prog) > 1<<10 {
			return
		}
		path := "/p/" + strconv.FormatInt(site.n.Add(1), 10)
		site.pages.Store(path, fuzzPage(prog, text))
		defer site.pages.Delete(path)
		plog.mu.Lock()
		plog.msgs = nil
		plog.mu.Unlock()

		goroutines := runtime.NumGoroutine()
		start := time.Now()
		snap, err := r.Render(context.Background(), site.srv.URL+path)
		wall := time.Since(start)
		if wall > fuzzRenderBudget+fuzzRenderMargin {
			t.Errorf("render took %v, budget %v", wall, fuzzRenderBudget)
		}
		plog.mu.Lock()
		msgs := plog.msgs
		plog.mu.Unlock()
		for _, m := range msgs {
			t.Errorf("logged: %.4000s", m)
		}
		if err != nil {
			var fe *bangsnap.FetchError
			var ue *mapping.URLError
			switch {
			case errors.Is(err, bangsnap.ErrSnapshotTooLarge), errors.As(err, &fe), errors.As(err, &ue):
			default:
				t.Errorf("Render: %v", err)
			}
		} else {
			if testing.Verbose() {
				t.Logf("%d bytes, partial %v %q, %d errors, %d requests, wall %v: %.300s", len(snap.HTML), snap.Report.Partial, snap.Report.Reason, len(snap.Report.Errors), len(snap.Report.Requests), wall, snap.HTML)
			}
			for _, e := range snap.Report.Errors {
				if strings.Contains(e.Message, "loop: panic in task") || strings.Contains(e.Message, ": panic: ") {
					t.Errorf("script error from a Go panic: %.4000s", e.Message)
				}
			}
		}
		site.tr.CloseIdleConnections()
		deadline := time.Now().Add(10 * time.Second)
		for runtime.NumGoroutine() > goroutines && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if n := runtime.NumGoroutine() - goroutines; n > 0 {
			buf := make([]byte, 1<<18)
			t.Errorf("the render left %d goroutines running:\n%s", n, buf[:runtime.Stack(buf, true)])
		}
	})
}
