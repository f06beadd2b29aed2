package jsruntime

import (
	"strings"
	"testing"
)

// workerNetPage renders a page at srv's /page whose worker (srv's
// /sub/w.js, served by the loader) runs script; every message the worker
// posts is pushed to out, and out is returned joined by newlines.
func workerNetPage(t *testing.T, script string) string {
	t.Helper()
	return workerNetPageWith(t, script, "")
}

// workerNetPageWith is workerNetPage with the page's script pre run before
// the worker starts.
func workerNetPageWith(t *testing.T, script, pre string) string {
	t.Helper()
	srv := netServer(t)
	loader := mapLoader{srv.URL + "/sub/w.js": script}
	return netPageWith(t, srv, true, `<script>`+pre+`
		var w = new Worker('/sub/w.js');
		w.onmessage = function (e) { out.push(typeof e.data === 'string' ? e.data : JSON.stringify(e.data)); };
		w.onerror = function (e) { out.push('worker error: ' + e.message); };
	</script>`, func(c *Config) { c.Loader = loader })
}

// TestWorkerNetwork: a dedicated worker has fetch, XMLHttpRequest, Blob,
// FileReader(Sync), FormData, Headers and AbortController over the page's
// client, and the page is quiet only once the worker's requests are done
// (the messages they lead to are in out).
func TestWorkerNetwork(t *testing.T) {
	cases := []struct{ name, script, want string }{
		{"fetch JSON, relative to the worker's URL", `
			fetch('../api/items').then(function (r) { return r.json().then(function (j) {
				postMessage([r.status, r.url.endsWith('/api/items'), r.headers.get('X-Count'), r instanceof Response, j.items.join('+')].join());
			}); });`,
			"200,true,2,true,a+b"},
		{"fetch a URL relative to the worker's directory", `
			fetch('nothing-here').then(function (r) { postMessage(r.status + ' ' + r.url.endsWith('/sub/nothing-here')); });`,
			"404 true"},
		{"POST a FormData with a Blob", `
			var fd = new FormData(); fd.append('name', 'Ada'); fd.append('n', 2);
			fd.append('file', new Blob(['content'], {type: 'text/plain'}), 'f.txt');
			fetch('/echo', {method: 'POST', body: fd, headers: new Headers({'X-Test': 'h'})}).then(function (r) { return r.json(); })
				.then(function (j) { postMessage(j.method + ' ' + j.x + ' ' + j.ct.split(';')[0] + ' ' + j.body); });`,
			"POST h multipart/form-data Ada+2+f.txt:content"},
		{"XMLHttpRequest events and handlers", `
			var x = new XMLHttpRequest(), seen = [];
			x.onreadystatechange = function () { seen.push('rs' + x.readyState); };
			x.addEventListener('loadend', function (e) { seen.push(e.type + ':' + (e instanceof ProgressEvent) + ':' + e.isTrusted); postMessage(seen.join(' ')); });
			x.onload = function (e) { seen.push('load ' + x.status + ' ' + x.response.items.length + ' ' + e.loaded); };
			x.open('GET', '/api/items');
			x.responseType = 'json';
			x.send();`,
			"rs1 rs2 rs3 rs4 load 200 2 19 loadend:true:true"},
		{"a handler set to null is removed", `
			var x = new XMLHttpRequest(), n = 0;
			x.onload = function () { n++; };
			x.onload = null;
			x.onload = function () { n += 10; };
			x.onloadend = function () { postMessage('onload ran: ' + n + ', onloadend is ' + typeof x.onloadend); };
			x.open('GET', '/text'); x.send();`,
			"onload ran: 10, onloadend is function"},
		{"synchronous XMLHttpRequest", `
			var x = new XMLHttpRequest();
			x.open('GET', '/text', false); x.send();
			postMessage(x.status + ' ' + x.responseText + ' ' + x.getResponseHeader('content-type'));`,
			"200 héllo text/plain; charset=utf-8"},
		{"no documents in a worker", `
			var x = new XMLHttpRequest();
			postMessage(['responseXML' in x, typeof FormDataEvent, typeof document].join());
			x.open('GET', '/doc'); x.responseType = 'document';
			x.onload = function () { postMessage('document response ' + x.response); };
			x.send();`,
			"false,undefined,undefined\ndocument response null"},
		{"Blob, FileReaderSync and FileReader", `
			var b = new Blob(['hé', new Uint8Array([33])], {type: 'text/plain'});
			var s = new FileReaderSync();
			postMessage([b.size, s.readAsText(b), s.readAsDataURL(new Blob(['a'])), new Uint8Array(s.readAsArrayBuffer(b)).length, s.readAsBinaryString(new Blob([new Uint8Array([65, 255])])).length].join());
			var fr = new FileReader();
			fr.onload = function () { postMessage('reader ' + fr.result); };
			fr.readAsText(b);
			try { s.readAsText('x'); } catch (e) { postMessage(e.name); }`,
			"4,hé!,data:application/octet-stream;base64,YQ==,4,2\nTypeError\nreader hé!"},
		{"a blob URL made in the worker", `
			var u = URL.createObjectURL(new Blob(['from a blob'], {type: 'text/plain'}));
			fetch(u).then(function (r) { return r.text(); }).then(function (t) { postMessage(u.slice(0, 5) + ' ' + t); });`,
			"blob: from a blob"},
		{"abort", `
			var c = new AbortController();
			c.signal.onabort = function (e) { postMessage('onabort ' + e.type); };
			fetch('/block', {signal: c.signal}).catch(function (e) { postMessage(e.name + ' ' + (e instanceof DOMException)); });
			c.abort();`,
			"onabort abort\nAbortError true"},
		{"a network error rejects with TypeError", `
			fetch('/drop').catch(function (e) { postMessage(e.name + ': ' + e.message); });`,
			"TypeError: Failed to fetch"},
		{"shapes", `
			var x = new XMLHttpRequest();
			postMessage([x instanceof EventTarget, Object.prototype.toString.call(x), 'onload' in XMLHttpRequest.prototype,
				fetch.length, typeof Request, typeof Response.json, typeof Headers, typeof File, typeof URL.createObjectURL,
				Object.getOwnPropertyDescriptor(WorkerGlobalScope.prototype, 'fetch').enumerable].join());
			try { fetch.call({}, '/text'); } catch (e) { postMessage('threw'); }
			fetch.call({}, '/text').catch(function (e) { postMessage(e.message); });`,
			"true,[object XMLHttpRequest],true,1,function,function,function,function,function,true\nFailed to execute 'fetch' on 'WorkerGlobalScope': Illegal invocation"},
		{"an exception in an XHR listener reaches the page", `
			var x = new XMLHttpRequest();
			x.onload = function () { throw new Error('boom'); };
			self.onerror = function (m) { postMessage('worker saw ' + m); return true; };
			x.open('GET', '/text'); x.send();`,
			"worker saw Uncaught Error: boom"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := workerNetPage(t, tc.script); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestWorkerNetworkWithoutExtension: a page without NetworkExtension
// gives its workers no network either, rather than failing them.
func TestWorkerNetworkWithoutExtension(t *testing.T) {
	loader := mapLoader{"https://example.test/w.js": `postMessage([typeof fetch, typeof XMLHttpRequest, typeof ProgressEvent].join())`}
	p := newPage(t, `<!doctype html><p id=out></p><script>
		new Worker('w.js').onmessage = function (e) { document.getElementById('out').textContent = e.data; };
	</script>`, loader)
	p.run()
	p.noErrors()
	if got, want := p.eval(`document.getElementById('out').textContent`), "undefined,undefined,function"; !strings.EqualFold(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWorkerScopeValues: WorkerNavigator has the page's values (not
// what the page's script changed on its own navigator), WorkerLocation
// the URL standard's parts of the worker's URL, and self.origin is the
// page's, also for a worker made from a blob: URL.
func TestWorkerScopeValues(t *testing.T) {
	cases := []struct{ name, script, want string }{
		{"navigator", `
			postMessage([Object.prototype.toString.call(navigator), navigator.userAgent === 'overridden', /bangsnap/.test(navigator.userAgent),
				navigator.language, navigator.languages.join('+'), Object.isFrozen(navigator.languages), navigator.hardwareConcurrency,
				navigator.onLine, 'plugins' in navigator, 'cookieEnabled' in navigator, typeof Navigator].join());`,
			"[object WorkerNavigator],false,true,en-US,en-US+en,true,4,true,false,false,undefined"},
		{"location", `
			postMessage([location.href.endsWith('/sub/w.js'), location.pathname, location.protocol, location.search, location.hash,
				location.origin === self.origin, Object.prototype.toString.call(location), JSON.stringify(location)].join());`,
			"true,/sub/w.js,http:,,,true,[object WorkerLocation],{}"},
		{"origin and secure context", `
			var was = self.origin;
			self.origin = 'replaced';
			postMessage([/^http:\/\/127\.0\.0\.1:\d+$/.test(was), self.origin, isSecureContext, crossOriginIsolated].join());`,
			"true,replaced,true,false"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := workerNetPageWith(t, tc.script, `Object.defineProperty(navigator, 'userAgent', {value: 'overridden'});`)
			if got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestBlobWorkerOrigin: a worker made from a blob: URL has the page's
// origin.
func TestBlobWorkerOrigin(t *testing.T) {
	got := netPage(t, netServer(t), true, `<script>
		var src = 'postMessage([self.origin === ' + JSON.stringify(self.origin) + ', location.protocol, location.origin === self.origin].join())';
		new Worker(URL.createObjectURL(new Blob([src]))).onmessage = function (e) { out.push(e.data); };
	</script>`)
	if want := "true,blob:,true"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWorkerTerminateEndsItsRequests: the requests of a terminated worker
// end with it, so the page is quiet without waiting for them (the /block
// route answers only when its request is canceled).
func TestWorkerTerminateEndsItsRequests(t *testing.T) {
	srv := netServer(t)
	loader := mapLoader{srv.URL + "/sub/w.js": `
		fetch('/block').then(function () { postMessage('fetched'); }, function () { postMessage('rejected'); });
		var x = new XMLHttpRequest(); x.open('GET', '/block'); x.send();
		postMessage('started');`}
	got := netPageWith(t, srv, true, `<script>
		var w = new Worker('/sub/w.js');
		w.onmessage = function (e) { out.push(e.data); w.terminate(); };
	</script>`, func(c *Config) { c.Loader = loader })
	if want := "started"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
