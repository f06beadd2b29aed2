package jsruntime

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

func TestFetch(t *testing.T) {
	srv := netServer(t)
	cases := []struct {
		name          string
		deterministic bool
		script, want  string
	}{
		{"json", true, `
			fetch("/api/items").then(r => { out.push([r.ok, r.status, r.statusText, r.type, r.headers.get("X-Count"), r.url.endsWith("/api/items"), r.redirected, r instanceof Response].join()); return r.json() })
				.then(j => out.push(j.items.join("+")));`,
			"true,200,OK,basic,2,true,false,true\na+b"},
		{"redirect followed", true, `
			fetch("/redirect").then(r => out.push(r.redirected + " " + r.url.endsWith("/api/items") + " " + r.status));`,
			"true true 200"},
		{"404 resolves", true, `fetch("/missing").then(r => out.push(r.ok + " " + r.status));`, "false 404"},
		{"POST JSON with headers", true, `
			fetch("/echo", {method: "post", headers: {"X-Test": "h", "Content-Type": "application/json"}, body: JSON.stringify({a: 1})})
				.then(r => r.json()).then(j => out.push([j.method, j.ct, j.x, j.body].join("|")));`,
			`POST|application/json|h|{"a":1}`},
		{"URLSearchParams body", true, `
			fetch("/echo", {method: "POST", body: new URLSearchParams({a: "1 2"})}).then(r => r.json()).then(j => out.push(j.ct + " " + j.body));`,
			"application/x-www-form-urlencoded;charset=UTF-8 a=1+2"},
		{"string body gets text/plain", true, `
			fetch("/echo", {method: "PUT", body: "a=1"}).then(r => r.json()).then(j => out.push(j.method + " " + j.ct + " " + j.body));`,
			"PUT text/plain;charset=UTF-8 a=1"},
		{"FormData multipart", true, `
			var fd = new FormData(); fd.append("name", "Ada"); fd.append("n", 2);
			fd.append("file", new Blob(["content"], {type: "text/plain"}), "f.txt");
			fetch("/echo", {method: "POST", body: fd}).then(r => r.json()).then(j => out.push(j.ct.split(";")[0] + " " + j.body));`,
			"multipart/form-data Ada+2+f.txt:content"},
		{"body methods", true, `
			fetch("/bytes").then(r => r.arrayBuffer()).then(b => out.push("ab " + new Uint8Array(b).join(".")))
				.then(() => fetch("/text")).then(r => r.blob()).then(b => b.text().then(s => out.push("blob " + b.type + " " + s)))
				.then(() => fetch("/text")).then(async r => { await r.text(); try { await r.text() } catch (e) { out.push("used " + e.name + " " + r.bodyUsed) } })
				.then(() => fetch("/text")).then(async r => { var rd = r.body.getReader(); var c = await rd.read(); var end = await rd.read(); out.push("stream " + c.value.length + " " + end.done) })
				.then(() => fetch("/bytes")).then(async r => { var it = r.body[Symbol.asyncIterator](), n = 0; for (var c = await it.next(); !c.done; c = await it.next()) n += c.value.length; out.push("async iteration " + n) });`,
			"ab 1.2.3.250\nblob text/plain; charset=utf-8 héllo\nused TypeError true\nstream 6 true\nasync iteration 4"},
		{"network error rejects with TypeError", true, `
			fetch("/drop").then(() => out.push("resolved"), e => out.push(e.name + ": " + e.message + " " + (e instanceof TypeError)));`,
			"TypeError: Failed to fetch true"},
		{"abort rejects with AbortError", true, `
			var c = new AbortController();
			fetch("/block", {signal: c.signal}).then(() => out.push("resolved"), e => out.push(e.name + " " + (e instanceof DOMException) + " " + c.signal.aborted));
			c.abort();`,
			"AbortError true true"},
		{"abort reason is passed through", true, `
			var c = new AbortController(); c.abort("why");
			fetch("/api/items", {signal: c.signal}).catch(e => out.push("reason " + e));`,
			"reason why"},
		{"AbortSignal.timeout on the virtual clock", false, `
			fetch("/block", {signal: AbortSignal.timeout(30)}).catch(e => out.push(e.name));`,
			"TimeoutError"},
		{"bad URL and method reject", true, `
			fetch("http://a b/").catch(e => out.push(e.name));
			fetch("/x", {method: "CONNECT"}).catch(e => out.push(e.name));
			fetch("/x", {method: "GET", body: "b"}).catch(e => out.push(e.name));`,
			"TypeError\nTypeError\nTypeError"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := netPage(t, srv, tc.deterministic, "<script>"+tc.script+"</script>"); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestFetchClasses(t *testing.T) {
	srv := netServer(t)
	cases := []struct{ name, script, want string }{
		{"Headers", `
			var h = new Headers({"B": "2", "a": "1"}); h.append("a", "3"); h.append("Set-Cookie", "x=1"); h.append("Set-Cookie", "y=2");
			out.push([...h].map(p => p.join("=")).join("&"), h.get("A"), h.has("b"), h.get("none"), h.getSetCookie().join(";"));
			h.delete("b"); h.set("c", "4"); out.push([...h.keys()].join());
			try { h.append("bad name", "v") } catch (e) { out.push(e.name) }
			out.push(new Headers([["k", "v"]]).get("k") + new Headers(h).get("c"));`,
			"a=1, 3&b=2&set-cookie=x=1&set-cookie=y=2\n1, 3\ntrue\n\nx=1;y=2\na,c,set-cookie,set-cookie\nTypeError\nv4"},
		{"Headers are byte strings", `
			var h = new Headers({"a": "\u00e9"});
			out.push(h.get("a").charCodeAt(0) + " " + h.get("a").length);
			try { h.append("b", "\u0100") } catch (e) { out.push(e.name) }
			try { new Headers({"\u00e9": "x"}) } catch (e) { out.push(e.name) }
			try { new Response("", {statusText: "\u20ac"}) } catch (e) { out.push(e.name) }
			out.push(new Response("", {statusText: "\u00e9"}).statusText.charCodeAt(0));`,
			"233 1\nTypeError\nTypeError\nTypeError\n233"},
		{"Request init members", `
			var r = new Request("/a b?\u00e9", {cache: "no-store", referrer: "", referrerPolicy: "origin", integrity: "sha256-x", keepalive: true});
			out.push([r.url.endsWith("/a%20b?%C3%A9"), r.cache, JSON.stringify(r.referrer), r.referrerPolicy, r.integrity, r.keepalive, r.duplex].join());
			var r2 = new Request(r);
			out.push([r2.cache, JSON.stringify(r2.referrer), r2.referrerPolicy, r2.integrity, r2.keepalive].join());
			out.push(new Request("/", {referrer: "/x"}).referrer.endsWith("/x"), new Request("/", {referrer: "http://other.test/"}).referrer);
			for (var bad of [{cache: "only-if-cached"}, {cache: "bogus"}, {mode: "x"}, {redirect: "x"}, {credentials: "x"}, {referrerPolicy: "x"}, {duplex: "full"}, {referrer: "http://["}]) {
				try { new Request("/", bad); out.push("no error") } catch (e) { out.push(e.name) }
			}`,
			"true,no-store,\"\",origin,sha256-x,true,half\nno-store,\"\",origin,sha256-x,true\ntrue\nabout:client\nTypeError\nTypeError\nTypeError\nTypeError\nTypeError\nTypeError\nTypeError\nTypeError"},
		{"Blob parts, endings, slice and FileReader", `
			var b = new Blob(["a\r\nb\rc", new Uint8Array([13, 10])], {endings: "native", type: "T/X"});
			out.push(b.size + " " + b.type + " " + new Blob(["\ud800"]).size + " " + new File([], "n\udc00").name.charCodeAt(1).toString(16));
			try { new Blob([], {endings: "x"}) } catch (e) { out.push(e.name) }
			try { new Blob([], 5) } catch (e) { out.push(e.name) }
			new Blob(["abcdefgh"]).slice(1.5, 4.5).text().then(s => out.push("slice " + s));
			var r = new FileReader(), log = [];
			["loadstart", "progress", "load", "loadend"].forEach(t => r.addEventListener(t, () => log.push(t + r.readyState)));
			r.onloadend = () => out.push(log.join() + " " + r.result);
			r.readAsText(new Blob([new Uint8Array([0xE9])]), "latin1");`,
			"7 t/x 3 fffd\nTypeError\nTypeError\nslice cd\nloadstart1,progress1,load2,loadend2 \u00e9"},
		{"blob URLs", `
			var u = URL.createObjectURL(new Blob(["from blob"], {type: "text/x"}));
			out.push(/^blob:http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u));
			try { URL.createObjectURL("x") } catch (e) { out.push(e.name) }
			fetch(u).then(r => r.text().then(t => {
				out.push(r.headers.get("content-type") + " " + t);
				URL.revokeObjectURL(u);
				return fetch(u);
			})).catch(e => out.push("revoked " + e.name));`,
			"true\nTypeError\ntext/x from blob\nrevoked TypeError"},
		{"Request", `
			var r = new Request("/api?q=1", {method: "post", body: "x", headers: {"X-A": "1"}});
			out.push([r.method, r.url.endsWith("/api?q=1"), r.headers.get("x-a"), r.headers.get("content-type"), r.mode, r.credentials, r.redirect, r.signal instanceof AbortSignal, r.bodyUsed].join());
			var c = r.clone(); r.text().then(s => out.push("body " + s + " " + r.bodyUsed)); c.text().then(s => out.push("clone " + s));
			try { new Request("/x", {method: "GET", body: "no"}) } catch (e) { out.push(e.name) }`,
			"POST,true,1,text/plain;charset=UTF-8,cors,same-origin,follow,true,false\nTypeError\nbody x true\nclone x"},
		{"Response", `
			var r = new Response("hi", {status: 201, statusText: "Made", headers: {"X": "y"}});
			out.push([r.status, r.statusText, r.ok, r.headers.get("x"), r.type, r.headers.get("content-type")].join());
			r.text().then(s => out.push("text " + s));
			Response.json({a: [1]}).json().then(j => out.push("json " + j.a[0]));
			out.push(Response.error().type + " " + Response.redirect("/next", 301).headers.get("location").endsWith("/next"));
			try { new Response("", {status: 99}) } catch (e) { out.push(e.name) }
			try { new Response("x", {status: 204}) } catch (e) { out.push(e.name) }
			new Response(new Uint8Array([104, 105])).text().then(s => out.push("bytes " + s));
			new Response(null).text().then(s => out.push("null [" + s + "] " + (new Response(null).body)));`,
			"201,Made,true,y,default,text/plain;charset=UTF-8\nerror true\nRangeError\nTypeError\ntext hi\njson 1\nbytes hi\nnull [] null"},
		{"Blob and File", `
			var b = new Blob(["ab", new Uint8Array([99]), new Blob(["d"])], {type: "Text/Plain"});
			out.push([b.size, b.type, b instanceof Blob].join());
			b.slice(1, 3).text().then(s => out.push("slice " + s));
			b.arrayBuffer().then(a => out.push("ab " + a.byteLength));
			var f = new File(["x"], "n.txt", {type: "text/plain", lastModified: 5});
			out.push([f.name, f.lastModified, f.size, f instanceof Blob, f instanceof File].join());`,
			"4,text/plain,true\nn.txt,5,1,true,true\nslice bc\nab 4"},
		{"forged buffer sources are strings", `
			// An ordinary object with a binary-data tag and a huge length is a
			// string to BodyInit and BlobPart (as in Chromium), never bytes.
			var big = 2**53-1;
			new Response({[Symbol.toStringTag]: "Uint8Array", length: big}).text().then(s => out.push("response " + s));
			new Response({[Symbol.toStringTag]: "ArrayBuffer", byteLength: 2**31}).text().then(s => out.push("ab " + s));
			out.push("blob " + new Blob([{[Symbol.toStringTag]: "DataView", length: big}]).size);
			out.push("file " + new File([{[Symbol.toStringTag]: "Float64Array", length: 2**31}], "f").size);
			out.push("view " + new Blob([new DataView(new Uint8Array([1, 2, 3, 4]).buffer, 1, 2), new Uint16Array(4).subarray(1, 2)]).size);
			new Response(new Uint8Array([120, 104, 105]).subarray(1)).text().then(s => out.push("sub " + s));
			var gone = new Uint8Array(new ArrayBuffer(1 << 16), 1 << 15), goneView = new DataView(gone.buffer, 8);
			structuredClone(0, {transfer: [gone.buffer]});
			out.push("detached " + new Blob([gone, goneView]).size);`,
			"blob 17\nfile 21\nview 4\ndetached 0\nresponse [object Uint8Array]\nab [object ArrayBuffer]\nsub hi"},
		{"FormData", `
			var fd = new FormData(); fd.append("a", "1"); fd.append("a", "2"); fd.set("b", new Blob(["z"]), "z.bin");
			out.push([fd.get("a"), fd.getAll("a").join("+"), fd.has("b"), fd.get("b") instanceof File, fd.get("b").name, fd.get("none")].join());
			fd.delete("a"); out.push([...fd.keys()].join());
			document.body.insertAdjacentHTML("beforeend", '<form id="f"><input name="q" value="go"><input type="checkbox" name="c" checked><input type="checkbox" name="d"><select name="s"><option>o1<option selected>o2</select><textarea name="t">tx</textarea><input name="dis" disabled value="n"><button name="b">B</button></form>');
			out.push([...new FormData(document.getElementById("f"))].map(p => p.join("=")).join("&"));`,
			"1,1+2,true,true,z.bin,\nb\nq=go&c=on&s=o2&t=tx"},
		{"AbortController and AbortSignal", `
			var c = new AbortController(), s = c.signal, log = [];
			s.onabort = e => log.push("onabort " + e.type + " " + (e.target === s));
			s.addEventListener("abort", () => log.push("listener"));
			var removed = new AbortController();
			document.body.addEventListener("click", () => log.push("click"), {signal: removed.signal});
			removed.abort();
			document.body.click();
			c.abort();
			c.abort();
			out.push(log.join(","), s.aborted, s.reason.name, s.reason instanceof DOMException);
			try { s.throwIfAborted() } catch (e) { out.push("threw " + e.name) }
			var pre = AbortSignal.abort("r"); out.push(pre.aborted + " " + pre.reason);
			var a = new AbortController(), b = new AbortController(), any = AbortSignal.any([a.signal, b.signal]);
			any.onabort = () => out.push("any " + any.reason);
			b.abort("from b");
			out.push(s instanceof EventTarget, typeof AbortSignal.timeout(1000).aborted);`,
			"onabort abort true,listener\ntrue\nAbortError\ntrue\nthrew AbortError\ntrue r\nany from b\ntrue\nboolean"},
		{"WebSocket and EventSource fail asynchronously", `
			var ws = new WebSocket("/socket"), es = new EventSource("/events");
			out.push([ws.url.startsWith("ws://"), ws.readyState, es.readyState, ws instanceof EventTarget, WebSocket.CLOSED].join());
			ws.addEventListener("error", e => out.push("ws error " + e.type + " " + ws.readyState + " " + (e.target === ws)));
			ws.onclose = e => out.push("ws close " + e.code + " " + e.wasClean);
			es.onerror = () => out.push("es error " + es.readyState);
			try { ws.send("x") } catch (e) { out.push(e.name) }
			try { new WebSocket("ftp://x/") } catch (e) { out.push(e.name) }`,
			"true,0,0,true,3\nInvalidStateError\nSyntaxError\nws error error 3 true\nws close 1006 false\nes error 2"},
		{"FileReader", `
			var fr = new FileReader(), b = new Blob(["héllo"], {type: "text/plain"}), log = [];
			["loadstart", "progress", "load", "loadend"].forEach(t => fr.addEventListener(t, e => log.push(t + ":" + e.loaded + "/" + e.total)));
			fr.onload = () => out.push("text " + fr.result + " " + fr.readyState + " " + log.join(","));
			fr.readAsText(b);
			out.push("sync " + fr.readyState + " " + fr.result);
			try { fr.readAsText(b) } catch (e) { out.push(e.name) }
			var d = new FileReader(); d.onload = () => out.push(d.result); d.readAsDataURL(new Blob(["hi"]));
			var a = new FileReader(); a.onloadend = () => out.push("ab " + new Uint8Array(a.result).join(".")); a.readAsArrayBuffer(new Blob([new Uint8Array([1, 2])]));
			var x = new FileReader(); x.onabort = () => out.push("aborted " + x.readyState); x.onload = () => out.push("never"); x.readAsText(b); x.abort();`,
			"sync 1 null\nInvalidStateError\naborted 2\ntext héllo 2 loadstart:0/6,progress:6/6,load:6/6\ndata:application/octet-stream;base64,aGk=\nab 1.2"},
		{"structuredClone of Blob and File", `
			var f = new File(["abc"], "a.txt", {type: "text/plain", lastModified: 7}), c = structuredClone({f, b: new Blob(["xy"])});
			c.f.text().then(t => out.push([c.f !== f, c.f instanceof File, c.f.name, c.f.type, c.f.lastModified, t, c.b.size].join()));`,
			"true,true,a.txt,text/plain,7,abc,2"},
		{"MessageChannel and BroadcastChannel", `
			var ch = new MessageChannel(), sent = {k: [1]};
			ch.port1.onmessage = e => out.push("port1 " + e.data.k[0] + " " + (e.data !== sent) + " " + (e instanceof MessageEvent) + " " + (e.target === ch.port1));
			ch.port2.postMessage(sent);
			Promise.resolve().then(() => out.push("micro first"));
			var held = new MessageChannel(); held.port2.postMessage("queued");
			held.port1.addEventListener("message", e => out.push("started " + e.data));
			setTimeout(() => held.port1.start(), 5);
			var a = new BroadcastChannel("room"), b = new BroadcastChannel("room"), other = new BroadcastChannel("hall");
			b.onmessage = e => out.push("b got " + e.data);
			a.onmessage = () => out.push("sender never hears itself");
			other.onmessage = () => out.push("other room never hears");
			a.postMessage("hi");
			a.close(); try { a.postMessage("x") } catch (e) { out.push(e.name) }`,
			"InvalidStateError\nmicro first\nport1 1 true true true\nb got hi\nstarted queued"},
		{"AbortSignal.any marks dependents aborted before events fire", `
			var c = new AbortController(), d1 = AbortSignal.any([c.signal]), d2 = AbortSignal.any([d1]);
			c.signal.onabort = () => out.push("source event: dependents aborted " + d1.aborted + " " + d2.aborted);
			d1.onabort = () => out.push("d1 event " + d1.reason);
			d2.onabort = () => out.push("d2 event " + d2.reason);
			c.abort("R");
			var pre = AbortSignal.any([AbortSignal.abort("early"), c.signal]);
			out.push("pre " + pre.aborted + " " + pre.reason);`,
			"source event: dependents aborted true true\nd1 event R\nd2 event R\npre true early"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := netPage(t, srv, true, "<script>"+tc.script+"</script>"); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestNetworkWithModulesAndWebAPIs renders a page whose module script is
// bundled by webapi.Bundler from modules fetched over loopback, awaits
// fetch at top level, and whose classic script needs lowering.
func TestNetworkWithModulesAndWebAPIs(t *testing.T) {
	srv := netServer(t)
	bundler := webapi.NewBundler(0)
	loader := LoaderFunc(func(ctx context.Context, url string) ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
		if err != nil {
			return nil, err
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			return nil, err
		}
		defer res.Body.Close()
		return io.ReadAll(res.Body)
	})
	body := `<script type="module" src="/mod/main.js"></script>
		<script>
			async function* pages() { yield 1; yield 2 }
			(async () => { let s = 0; for await (const p of pages()) s += p; out.push("lowered " + s) })();
			out.push([screen.width === innerWidth, matchMedia("(min-width: " + innerWidth + "px)").matches, new URLSearchParams("a=1").get("a"), typeof structuredClone, navigator.onLine].join());
		</script>`
	got := netPageWith(t, srv, true, body, func(c *Config) {
		c.Loader = loader
		c.Bundle = bundler.BundleModule
		c.Lower = bundler.Lower
	})
	want := "true,true,1,function,true\nlowered 3\nmodule a and b true"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
