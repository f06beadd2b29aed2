package jsruntime

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/xhr"
)

// netServer is the loopback origin of the network tests. /block holds its
// request until the client goes away (a request that never completes).
func netServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/api/items", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Count", "2")
		fmt.Fprint(w, `{"items":["a","b"]}`)
	})
	mux.HandleFunc("/text", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, "héllo")
	})
	mux.HandleFunc("/doc", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><title>D</title><h1 id="h">Fragment</h1>`)
	})
	mux.HandleFunc("/bytes", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write([]byte{1, 2, 3, 250})
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		out := map[string]string{"method": r.Method, "ct": r.Header.Get("Content-Type"), "x": r.Header.Get("X-Test"), "body": string(body)}
		if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
			r.Body = io.NopCloser(strings.NewReader(string(body)))
			if err := r.ParseMultipartForm(1 << 20); err == nil {
				out["body"] = r.FormValue("name") + "+" + r.FormValue("n")
				if f, h, err := r.FormFile("file"); err == nil {
					data, _ := io.ReadAll(f)
					out["body"] += "+" + h.Filename + ":" + string(data)
				}
			}
		}
		json.NewEncoder(w).Encode(out)
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/api/items", http.StatusFound)
	})
	mux.HandleFunc("/missing", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "nope", http.StatusNotFound)
	})
	mux.HandleFunc("/drop", func(w http.ResponseWriter, r *http.Request) {
		// Close the connection without a response: a network error.
		hj, ok := w.(http.Hijacker)
		if !ok {
			return
		}
		conn, _, err := hj.Hijack()
		if err == nil {
			conn.Close()
		}
	})
	mux.HandleFunc("/mod/main.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, `import { label } from "./util.js"; const r = await fetch(new URL("../api/items", import.meta.url)); out.push("module " + label((await r.json()).items) + " " + import.meta.url.endsWith("/mod/main.js"));`)
	})
	mux.HandleFunc("/mod/util.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, `export const label = (xs) => new Intl.ListFormat("en").format(xs);`)
	})
	mux.HandleFunc("/block", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// netPage renders body (markup with scripts that push to window.out) at
// srv's /page and returns out joined by newlines, failing on script errors.
func netPage(t *testing.T, srv *httptest.Server, deterministic bool, body string) string {
	t.Helper()
	return netPageWith(t, srv, deterministic, body, nil)
}

// netPageWith is netPage with a hook to adjust the window's Config.
func netPageWith(t *testing.T, srv *httptest.Server, deterministic bool, body string, adjust func(*Config)) string {
	t.Helper()
	doc, err := dom.Parse(strings.NewReader("<!doctype html><html><head></head><body><script>var out = [];</script>" + body + "</body></html>"))
	if err != nil {
		t.Fatal(err)
	}
	var errs []ScriptError
	var w *Window
	l := loop.New(goja.New(), loop.Options{Deterministic: deterministic, OnError: func(err error) { w.ReportError(err) }})
	client := xhr.NewClient(xhr.ClientOptions{Logger: nil})
	cfg := Config{
		URL:     srv.URL + "/page",
		OnError: func(e ScriptError) { errs = append(errs, e) },
		Extensions: []func(*Window) error{func(w *Window) error {
			return webapi.Install(w.Realm(), w.Global(), webapi.Config{Host: w.Loop(), Console: func(level, msg string) { t.Logf("console.%s: %s", level, msg) }})
		}, NetworkExtension(client)},
	}
	if adjust != nil {
		adjust(&cfg)
	}
	w, err = New(l, doc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := w.Run(ctx); err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Errorf("script error: %s (%s:%d:%d)\n%s", e.Message, e.Source, e.Line, e.Column, e.Stack)
	}
	v, err := w.RunScript("result.js", `out.join("\n")`)
	if err != nil {
		t.Fatal(err)
	}
	return v.String()
}

func TestXMLHttpRequest(t *testing.T) {
	srv := netServer(t)
	cases := []struct {
		name          string
		deterministic bool
		script, want  string
	}{
		{"json with Chromium's event order (one progress for a small body)", true, `
			var x = new XMLHttpRequest();
			x.onreadystatechange = () => out.push("rs" + x.readyState);
			["loadstart", "progress", "load", "loadend"].forEach(t => x.addEventListener(t, e => out.push(t + ":" + (e instanceof ProgressEvent) + ":" + e.lengthComputable)));
			x.open("GET", "/api/items");
			x.responseType = "json";
			x.send();
			x.onload = function (e) { out.push([this === x, x.status, x.statusText, x.response.items.join("+"), x.response === x.response, x.getResponseHeader("x-count"), x.responseURL.endsWith("/api/items")].join()) };`,
			"rs1\nloadstart:true:false\nrs2\nrs3\nprogress:true:true\nrs4\nload:true:true\ntrue,200,OK,a+b,true,2,true\nloadend:true:true"},
		{"text and headers", true, `
			var x = new XMLHttpRequest();
			x.open("GET", "/text");
			x.onload = () => out.push(x.responseText + "|" + x.response + "|" + x.getAllResponseHeaders().includes("content-type: text/plain"));
			x.send();`,
			"héllo|héllo|true"},
		{"synchronous", true, `
			var x = new XMLHttpRequest();
			x.open("GET", "/text", false);
			x.send();
			out.push(x.readyState + " " + x.status + " " + x.responseText);`,
			"4 200 héllo"},
		{"document, arraybuffer, blob", true, `
			var d = new XMLHttpRequest(); d.open("GET", "/doc"); d.responseType = "document";
			d.onload = () => out.push("doc:" + d.response.getElementById("h").textContent + ":" + d.responseXML.title + ":" + (d.response !== document));
			d.send();
			var a = new XMLHttpRequest(); a.open("GET", "/bytes"); a.responseType = "arraybuffer";
			a.onload = () => out.push("ab:" + (a.response instanceof ArrayBuffer) + ":" + Array.from(new Uint8Array(a.response)).join("."));
			a.send();
			var b = new XMLHttpRequest(); b.open("GET", "/bytes"); b.responseType = "blob";
			b.onload = () => out.push("blob:" + (b.response instanceof Blob) + ":" + b.response.size + ":" + b.response.type);
			b.send();`,
			"doc:Fragment:D:true\nab:true:1.2.3.250\nblob:true:4:application/octet-stream"},
		{"POST with headers and JSON body", true, `
			var x = new XMLHttpRequest();
			x.open("POST", "/echo");
			x.setRequestHeader("X-Test", "yes");
			x.setRequestHeader("Content-Type", "application/json");
			x.onload = () => { var r = JSON.parse(x.responseText); out.push([r.method, r.ct, r.x, r.body].join("|")) };
			x.send(JSON.stringify({a: 1}));`,
			`POST|application/json|yes|{"a":1}`},
		{"404 is a load, not an error", true, `
			var x = new XMLHttpRequest(); x.open("GET", "/missing");
			x.onload = () => out.push("load " + x.status); x.onerror = () => out.push("error"); x.send();`,
			"load 404"},
		{"network error", true, `
			var x = new XMLHttpRequest(); x.open("GET", "/drop");
			x.onerror = e => out.push("error " + x.status + " " + x.readyState + " " + e.type); x.onload = () => out.push("load"); x.send();`,
			"error 0 4 error"},
		{"abort", true, `
			var x = new XMLHttpRequest(); x.open("GET", "/block");
			x.onabort = () => out.push("abort"); x.onloadend = () => out.push("loadend " + x.status);
			x.send(); x.abort(); out.push("state " + x.readyState);`,
			"abort\nloadend 0\nstate 0"},
		{"timeout on the virtual clock", false, `
			var x = new XMLHttpRequest(); x.open("GET", "/block"); x.timeout = 50;
			x.ontimeout = e => out.push("timeout " + e.type + " " + x.readyState); x.onload = () => out.push("load"); x.send();`,
			"timeout timeout 4"},
		{"interfaces", true, `
			var x = new XMLHttpRequest();
			out.push([x instanceof XMLHttpRequestEventTarget, x instanceof EventTarget, x.upload instanceof XMLHttpRequestUpload, XMLHttpRequest.DONE, x.UNSENT, x.readyState, x.response, typeof x.onload].join());
			try { x.send() } catch (e) { out.push(e.name) }
			try { x.open("GET", "/x", false); x.responseType = "json" } catch (e) { out.push(e.name) }`,
			"true,true,true,4,0,0,,object\nInvalidStateError\nInvalidAccessError"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := netPage(t, srv, tc.deterministic, "<script>"+tc.script+"</script>"); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
