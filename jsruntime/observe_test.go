package jsruntime

import "testing"

func TestMutationObserver(t *testing.T) {
	p := newPage(t, `<div id="root"><p id="p" title="a">x</p></div>`, nil)
	p.run()
	p.eval(`var log = [];
		var root = document.getElementById('root'), para = document.getElementById('p');
		var mo = new MutationObserver(function(recs, obs) {
			log.push('cb:' + (obs === mo) + ':' + recs.map(r => r.type + ':' + (r.attributeName || '') + ':' + (r.oldValue === null ? '-' : r.oldValue) + ':' + r.addedNodes.length + r.removedNodes.length).join(','));
		});
		mo.observe(root, {childList: true, subtree: true, attributes: true, attributeOldValue: true, characterData: true});
		para.title = 'b';
		root.appendChild(document.createElement('span'));
		para.firstChild.data = 'y';
		log.push('sync');
		Promise.resolve().then(() => log.push('promise'));`)
	// Records are delivered as a microtask: after the script, before later promise reactions.
	if got := p.eval(`log.join(' | ')`); got != "sync | cb:true:attributes:title:a:00,childList::-:10,characterData::-:00 | promise" {
		t.Fatalf("got %q", got)
	}
	got := p.eval(`log = []; mo.disconnect(); root.appendChild(document.createElement('i'));
		var mo2 = new MutationObserver(() => log.push('mo2')); mo2.observe(para, {attributes: true, attributeFilter: ['lang']});
		para.title = 'c'; para.lang = 'en'; var taken = mo2.takeRecords().length; taken`)
	if got != "1" {
		t.Fatalf("takeRecords gave %s", got)
	}
	if got := p.eval(`log.join()`); got != "" {
		t.Fatalf("callbacks after disconnect/takeRecords: %q", got)
	}
	if got := p.eval(`try { new MutationObserver(() => {}).observe(root, {}); 'no' } catch (e) { e instanceof TypeError }`); got != "true" {
		t.Fatalf("empty options: %s", got)
	}
}

func TestHistoryAndHash(t *testing.T) {
	p := newPage(t, `<body></body>`, nil)
	p.run()
	p.eval(`var log = [];
		window.addEventListener('hashchange', e => log.push('hash:' + e.oldURL.split('#')[1] + '>' + e.newURL.split('#')[1]));
		window.addEventListener('popstate', e => log.push('pop:' + JSON.stringify(e.state) + ':' + location.pathname + location.hash));
		location.hash = '#!/a';
		log.push('now:' + location.hash);`)
	if got := p.eval(`log.join(' ')`); got != "pop:null:/page#!/a now:#!/a" {
		t.Fatalf("sync part: %q", got)
	}
	p.run()
	if got := p.eval(`log.join(' ')`); got != "pop:null:/page#!/a now:#!/a hash:undefined>!/a" {
		t.Fatalf("after tasks: %q", got)
	}
	p.eval(`log = []; history.pushState({n: 1}, '', '/p1'); history.pushState({n: 2}, '', '/p2?q=1');
		log.push(location.href, history.length, JSON.stringify(history.state)); history.back();`)
	p.run()
	if got := p.eval(`log.join(' ')`); got != `https://example.test/p2?q=1 4 {"n":2} pop:{"n":1}:/p1` {
		t.Fatalf("pushState/back: %q", got)
	}
	if got := p.eval(`try { history.pushState(null, '', 'https://other.test/') ; 'no' } catch (e) { e.name }`); got != "SecurityError" {
		t.Fatalf("cross-origin pushState: %s", got)
	}
	if got := p.eval(`history.replaceState('r', ''); [history.state, history.length, location.pathname, location.origin, location.protocol, location.host].join()`); got != "r,4,/p1,https://example.test,https:,example.test" {
		t.Fatalf("replaceState: %q", got)
	}
}

func TestHashbangVisible(t *testing.T) {
	doc := `<script>window.seen = location.hash + '|' + location.href</script>`
	p := newPage(t, doc, nil)
	p.w.nav.url.Fragment = "!/products/1"
	p.run()
	if got := p.eval(`seen`); got != "#!/products/1|https://example.test/page#!/products/1" {
		t.Fatalf("got %q", got)
	}
}

func TestStyle(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "parse and camelCase", markup: `<div id="d" style="color: red; background-color:blue ;margin-top: 2px !important"></div>`,
			js: `var s = document.getElementById('d').style;
			[s.color, s.backgroundColor, s['background-color'], s.getPropertyValue('margin-top'), s.getPropertyPriority('margin-top'), s.length, s[1]].join()`,
			want: "red,blue,blue,2px,important,3,background-color"},
		{name: "write back", markup: `<!doctype html><div id="d" style="color: red"></div>`,
			js: `var d = document.getElementById('d'); d.style.fontSize = '12px'; d.style.color = ''; d.style.setProperty('--x', '1');
			d.style.width = 10; d.style.cssFloat = 'left';
			d.getAttribute('style')`, want: "font-size: 12px; --x: 1; float: left;"},
		{name: "write back in quirks mode", markup: `<div id="d" style="color: red"></div>`,
			js: `var d = document.getElementById('d'); d.style.width = 10; d.style.color = 'f00';
			[document.compatMode, d.getAttribute('style')].join()`, want: "BackCompat,color: rgb(255, 0, 0); width: 10px;"},
		{name: "cssText", markup: `<div id="d"></div>`,
			js: `var d = document.getElementById('d'); d.style.cssText = 'display:none;opacity:0.5'; var r = d.style.removeProperty('display');
			[r, d.style.cssText, 'opacity' in d.style, 'fooBar' in d.style, 'WebkitTransform' in d.style].join()`, want: "none,opacity: 0.5;,true,false,true"},
		{name: "computed display", markup: `<div id="d"><span id="s"></span></div><p id="h" hidden></p><div id="n" style="display:none"><b id="b">x</b></div>`,
			js: `function cs(id) { return getComputedStyle(document.getElementById(id)).display }
			[cs('d'), cs('s'), cs('h'), cs('n'), cs('b'), document.getElementById('b').offsetWidth, document.getElementById('d').offsetWidth > 0,
			 document.getElementById('b').getClientRects().length, document.createElement('div').offsetHeight].join()`,
			want: "block,inline,none,none,inline,0,true,0,0"},
	})
}

// Documents scripts make have no browsing context, but MutationObservers
// still see their changes (Chromium: one record for each of these).
func TestMutationObserverOtherDocuments(t *testing.T) {
	p := newPage(t, `<body></body>`, nil)
	p.run()
	docs := []string{
		`document.implementation.createDocument(null, 'root', null).documentElement`,
		`document.implementation.createHTMLDocument('t').body`,
		`new DOMParser().parseFromString('<p>x</p>', 'text/html').body`,
		`new DOMParser().parseFromString('<r/>', 'application/xml').documentElement`,
		`new Document().appendChild(document.createElement('div'))`,
		`document.cloneNode(true).body`,
	}
	for _, d := range docs {
		got := p.eval(`(function () {
			var target = ` + d + `, recs = [];
			var mo = new MutationObserver(function (r) { recs = recs.concat(r) });
			mo.observe(target, {childList: true, attributes: true});
			target.appendChild(target.ownerDocument.createElement('i'));
			target.setAttribute('data-x', '1');
			var taken = mo.takeRecords().map(function (r) { return r.type }).join();
			mo.disconnect();
			return taken;
		})()`)
		if got != "childList,attributes" {
			t.Errorf("%s: records %q, want childList,attributes", d, got)
		}
	}
	// Handler content attributes stay inert there, as in Chromium.
	if got := p.eval(`var hd = document.implementation.createHTMLDocument('t');
		hd.body.setAttribute('onclick', 'window.clicked = true'); hd.body.click(); String(window.clicked)`); got != "undefined" {
		t.Errorf("handler in a document without browsing context ran: %s", got)
	}
}

// TestMutationObserverImpliedOptions checks that attributeOldValue,
// characterDataOldValue and attributeFilter turn on their kind of record when
// they are present, whatever their value (DOM's observe() steps 1 and 2), as
// in Chromium: {attributeOldValue: false} alone observes attributes.
func TestMutationObserverImpliedOptions(t *testing.T) {
	p := newPage(t, `<div id="root">t</div>`, nil)
	p.run()
	for _, c := range []struct{ opts, want string }{
		{`{attributeOldValue: false}`, "attributes:null"},
		{`{attributeOldValue: true}`, "attributes:root"},
		{`{attributeFilter: []}`, ""},
		{`{attributeFilter: ['id']}`, "attributes:null"},
		{`{characterDataOldValue: false, subtree: true}`, "characterData:null"},
		{`{characterDataOldValue: true, subtree: true}`, "characterData:t"},
		{`{attributeOldValue: undefined}`, "TypeError"},
		{`{attributes: false, attributeOldValue: false}`, "TypeError"},
		{`{attributes: false, attributeOldValue: true}`, "TypeError"},
		{`{characterData: false, characterDataOldValue: false}`, "TypeError"},
	} {
		got := p.eval(`(function () {
			var root = document.getElementById('root');
			root.id = 'root'; root.setAttribute('id', 'root'); root.firstChild.data = 't';
			var mo = new MutationObserver(function () {});
			try { mo.observe(root, ` + c.opts + `); } catch (e) { return e.name; }
			root.setAttribute('id', 'a'); root.setAttribute('id', 'root');
			root.firstChild.data = 'x'; root.firstChild.data = 't';
			var out = mo.takeRecords().slice(0, 1).map(function (r) { return r.type + ':' + r.oldValue; }).join();
			mo.disconnect();
			return out;
		})()`)
		if got != c.want {
			t.Errorf("observe(%s): %q, want %q", c.opts, got, c.want)
		}
	}
}

// TestMutationObserverTransient checks the transient registrations a removal
// leaves on the removed subtree: disconnect() and observing the same node
// again drop them (as Chromium), a subtree removed from a transiently
// observed one gets its own, and each keeps the options of its source.
func TestMutationObserverTransient(t *testing.T) {
	p := newPage(t, `<div id="stage"></div>`, nil)
	p.run()
	p.eval(`function ids(rs) { return rs.map(function (r) { return r.type + ":" + (r.target.id || r.target.nodeName); }).join(","); }
		var st = document.getElementById("stage"), mo = new MutationObserver(function () {});
		function reset() { mo.disconnect(); st.innerHTML = '<div id=a><p id=p><b id=b>t</b></p></div>'; }`)
	for _, c := range []struct{ name, js, want string }{
		{"kept until delivery", `reset(); mo.observe(st, {attributes: true, subtree: true});
			var p = document.getElementById("p"); p.remove(); p.id = "p1"; ids(mo.takeRecords())`, "attributes:p1"},
		{"disconnect drops", `reset(); mo.observe(st, {attributes: true, subtree: true});
			var p = document.getElementById("p"); p.remove(); mo.disconnect(); p.id = "p2"; ids(mo.takeRecords())`, ""},
		{"observe again drops", `reset(); mo.observe(st, {attributes: true, subtree: true});
			var p = document.getElementById("p"); p.remove(); mo.observe(st, {attributes: true, subtree: true}); p.id = "q"; ids(mo.takeRecords())`, ""},
		{"observing another node keeps", `reset(); mo.observe(st, {attributes: true, subtree: true});
			var p = document.getElementById("p"); p.remove(); mo.observe(p, {childList: true}); p.id = "q"; ids(mo.takeRecords())`, "attributes:q"},
		{"propagates", `reset(); mo.observe(st, {attributes: true, subtree: true, childList: true});
			var p = document.getElementById("p"), b = document.getElementById("b"); p.remove(); b.remove(); b.id = "b2"; ids(mo.takeRecords())`,
			"childList:a,childList:p,attributes:b2"},
	} {
		if got := p.eval(c.js); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
