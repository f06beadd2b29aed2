package jsruntime

import (
	"strings"
	"testing"
)

func TestEvents(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "phases", markup: `<div id="outer"><p id="inner"><b id="leaf">x</b></p></div>`,
			js: `var log = []; var o = document.getElementById('outer'), i = document.getElementById('inner'), l = document.getElementById('leaf');
			function rec(name) { return function(e) { log.push(name + e.eventPhase + (e.currentTarget === this ? '' : '!')) } }
			window.addEventListener('ping', rec('wc'), true); window.addEventListener('ping', rec('wb'));
			document.addEventListener('ping', rec('dc'), true);
			o.addEventListener('ping', rec('oc'), true); o.addEventListener('ping', rec('ob'));
			i.addEventListener('ping', rec('ib'));
			l.addEventListener('ping', rec('lb')); l.addEventListener('ping', rec('lc'), {capture: true});
			var r = l.dispatchEvent(new Event('ping', {bubbles: true}));
			log.join(' ') + ' ' + r`,
			want: "wc1 dc1 oc1 lc2 lb2 ib3 ob3 wb3 true"},
		{name: "no bubbling", markup: `<div id="o"><p id="i"></p></div>`,
			js: `var log = []; document.getElementById('o').addEventListener('x', () => log.push('o'));
			document.getElementById('i').addEventListener('x', () => log.push('i'));
			document.getElementById('i').dispatchEvent(new Event('x')); log.join()`, want: "i"},
		{name: "stopPropagation and immediate", markup: `<div id="o"><p id="i"></p></div>`,
			js: `var log = []; var o = document.getElementById('o'), i = document.getElementById('i');
			o.addEventListener('x', () => log.push('o'));
			i.addEventListener('x', e => { log.push('i1'); e.stopImmediatePropagation() });
			i.addEventListener('x', () => log.push('i2'));
			i.dispatchEvent(new Event('x', {bubbles: true}));
			i.addEventListener('y', e => { log.push('y1'); e.stopPropagation() }); i.addEventListener('y', () => log.push('y2'));
			o.addEventListener('y', () => log.push('yo'));
			i.dispatchEvent(new Event('y', {bubbles: true})); log.join()`, want: "i1,y1,y2"},
		{name: "preventDefault and passive", js: `var b = document.body;
			b.addEventListener('c', e => e.preventDefault());
			var r1 = b.dispatchEvent(new Event('c', {cancelable: true}));
			b.addEventListener('p', e => e.preventDefault(), {passive: true});
			var ev = new Event('p', {cancelable: true}); var r2 = b.dispatchEvent(ev);
			[r1, r2, ev.defaultPrevented].join()`, want: "false,true,false"},
		{name: "once and remove", js: `var n = 0, b = document.body; function f() { n++ }
			b.addEventListener('a', f, {once: true}); b.dispatchEvent(new Event('a')); b.dispatchEvent(new Event('a'));
			b.addEventListener('r', f); b.addEventListener('r', f); b.dispatchEvent(new Event('r'));
			b.removeEventListener('r', f); b.dispatchEvent(new Event('r')); n`, want: "2"},
		{name: "signal", js: `var n = 0, ac = { aborted: false, listeners: [], addEventListener(t, f) { this.listeners.push(f) } };
			document.body.addEventListener('s', () => n++, {signal: ac}); document.body.dispatchEvent(new Event('s'));
			ac.listeners.forEach(f => f()); document.body.dispatchEvent(new Event('s')); n`, want: "1"},
		{name: "handleEvent object", js: `var o = { n: 0, handleEvent(e) { this.n++ } }; document.body.addEventListener('h', o);
			document.body.dispatchEvent(new Event('h')); o.n`, want: "1"},
		{name: "CustomEvent detail", js: `var got; document.addEventListener('c', e => got = e.detail.x);
			document.dispatchEvent(new CustomEvent('c', {detail: {x: 5}})); [got, new CustomEvent('c') instanceof Event].join()`, want: "5,true"},
		{name: "event subclasses", js: `var m = new MouseEvent('click', {clientX: 3, button: 1, ctrlKey: true}), k = new KeyboardEvent('keydown', {key: 'a', code: 'KeyA'});
			[m.clientX, m.button, m.ctrlKey, m instanceof UIEvent, k.key, k.code, new FocusEvent('focus') instanceof UIEvent,
			 new HashChangeEvent('hashchange', {newURL: 'u'}).newURL, new PopStateEvent('popstate', {state: 1}).state,
			 new ProgressEvent('progress', {loaded: 4, total: 8}).loaded, new ErrorEvent('error', {message: 'm'}).message,
			 new InputEvent('input', {data: 'd'}).data].join()`, want: "3,1,true,true,a,KeyA,true,u,1,4,m,d"},
		{name: "createEvent", js: `var e = document.createEvent('CustomEvent'); var r = []; try { document.dispatchEvent(e) } catch (x) { r.push(x.name) }
			e.initCustomEvent('q', true, true, 7); var d; document.addEventListener('q', ev => d = ev.detail); document.dispatchEvent(e);
			var h = document.createEvent('HTMLEvents'); h.initEvent('z', false, false); r.push(d, h.type, h instanceof Event); r.join()`,
			want: "InvalidStateError,7,z,true"},
		{name: "on properties", js: `var n = 0, b = document.body; b.onclick = function(e) { n += 1; return false };
			var ev = new MouseEvent('click', {cancelable: true, bubbles: true}); var r = b.dispatchEvent(ev);
			b.onclick = null; b.dispatchEvent(new MouseEvent('click')); [n, r, b.onclick, typeof window.onload].join()`, want: "1,false,,object"},
		{name: "inline handler attributes", markup: `<form id="f"><button id="b" onclick="window.hit = (window.hit || 0) + 1; window.who = this.id + ':' + event.type + ':' + typeof form">x</button></form>`,
			js: `var b = document.getElementById('b'); b.dispatchEvent(new MouseEvent('click'));
			b.setAttribute('onclick', 'window.hit += 10'); b.dispatchEvent(new MouseEvent('click')); [hit, who, typeof b.onclick].join()`,
			want: "11,b:click:object,function"},
		{name: "click activation", markup: `<input id="c" type="checkbox"><label id="l" for="c">L</label>`,
			js: `var c = document.getElementById('c'), changes = 0; c.addEventListener('change', () => changes++);
			c.click(); var a = c.checked; document.getElementById('l').click(); [a, c.checked, changes].join()`, want: "true,false,2"},
		{name: "focus and blur", markup: `<input id="a"><input id="b">`,
			js: `var log = []; var a = document.getElementById('a'), b = document.getElementById('b');
			a.addEventListener('focus', () => log.push('fa')); a.addEventListener('blur', () => log.push('ba'));
			b.addEventListener('focus', e => log.push('fb:' + (e.relatedTarget === a)));
			document.addEventListener('focusin', e => log.push('in:' + e.target.id));
			a.focus(); b.focus(); log.push(document.activeElement.id); b.blur(); log.push(document.activeElement.tagName); log.join()`,
			want: "fa,in:a,ba,fb:true,in:b,b,BODY"},
		{name: "window.event", js: `var seen; document.body.addEventListener('w', function() { seen = window.event.type });
			document.body.dispatchEvent(new Event('w')); [seen, window.event].join()`, want: "w,"},
		{name: "focus needs a focusable element", markup: `<div id="d"></div><input id="i" type="hidden"><div id="t" tabindex="0"></div>`,
			js: `document.getElementById('d').focus(); document.getElementById('i').focus(); var a = document.activeElement.tagName;
			document.getElementById('t').focus(); [a, document.activeElement.id].join()`, want: "BODY,t"},
	})
}

func TestErrorReporting(t *testing.T) {
	p := newPage(t, `<script>window.onerror = function(msg, src, line, col, err) { window.seen = [msg, line, err && err.message].join('|'); return true }</script>
<script src="https://example.test/bad.js"></script><script>window.after = 1</script>`, mapLoader{
		"https://example.test/bad.js": "var x = 1;\nvar o = null;\no.foo();\n",
	})
	p.run()
	if got := p.eval(`[seen, after].join()`); !strings.Contains(got, "TypeError") || !strings.HasSuffix(got, ",1") {
		t.Fatalf("onerror saw %q", got)
	}
	if len(p.errors) != 1 {
		t.Fatalf("errors = %+v, want one", p.errors)
	}
	e := p.errors[0]
	if e.Source != "https://example.test/bad.js" || e.Line != 3 || !strings.Contains(e.Message, "TypeError") || e.Stack == "" {
		t.Errorf("reported %+v", e)
	}
}

func TestListenerErrorsDoNotStopDispatch(t *testing.T) {
	p := newPage(t, `<body></body>`, nil)
	p.run()
	got := p.eval(`var n = 0; document.body.addEventListener('e', () => { throw new Error('boom') });
		document.body.addEventListener('e', () => n++); window.addEventListener('error', e => window.caught = e.message + '|' + e.error.message);
		document.body.dispatchEvent(new Event('e')); [n, caught].join()`)
	if got != "1,Uncaught Error: boom|boom" {
		t.Fatalf("got %q", got)
	}
	if len(p.errors) != 1 || p.errors[0].Message != "Uncaught Error: boom" {
		t.Fatalf("errors %+v", p.errors)
	}
}

func TestUnhandledRejections(t *testing.T) {
	p := newPage(t, `<script>
		var log = [];
		window.addEventListener('unhandledrejection', e => { log.push('unhandled:' + e.reason.message + ':' + (e.promise instanceof Promise)); if (e.reason.message === 'quiet') e.preventDefault() });
		window.addEventListener('rejectionhandled', e => log.push('handled-late'));
		Promise.reject(new Error('loud'));
		Promise.reject(new Error('quiet'));
		Promise.reject(new Error('caught')).catch(() => log.push('caught'));
		var late = Promise.reject(new Error('late'));
		setTimeout(() => late.catch(() => log.push('late-catch')), 10);
	</script>`, nil)
	p.run()
	if got := p.eval(`log.join(' ')`); got != "caught unhandled:loud:true unhandled:quiet:true unhandled:late:true late-catch handled-late" {
		t.Fatalf("got %q", got)
	}
	var msgs []string
	for _, e := range p.errors {
		msgs = append(msgs, e.Message)
	}
	if strings.Join(msgs, "|") != "Uncaught (in promise) Error: loud|Uncaught (in promise) Error: late" {
		t.Fatalf("reported %q", msgs)
	}
}
