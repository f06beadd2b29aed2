package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sites = "../../testdata/sites"

func TestRender(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<!doctype html><p id=p></p><script>
				document.getElementById("p").textContent = [location.hash, navigator.userAgent, innerWidth + "x" + innerHeight, document.cookie, %q].join("|");
			</script>`, r.Header.Get("X-Extra"))
		case "/missing":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusNotFound)
			fmt.Fprint(w, `<!doctype html><title>missing</title>`)
		case "/moved":
			http.Redirect(w, r, "/page", http.StatusFound)
		case "/moved-twice":
			http.Redirect(w, r, "/moved#!/kept", http.StatusMovedPermanently)
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/gallery":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<!doctype html><p id=p></p><img src="/broken.png" onload="p.textContent = 'image loaded'" onerror="p.textContent = 'image failed'">`)
		case "/fonts":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<!doctype html><style>@font-face { font-family: F; src: url(/f.woff2) } p { font-family: F }</style><p id=p>text</p><script>
				addEventListener("load", () => { p.textContent = "font files " + performance.getEntriesByType("resource").length; });
			</script>`)
		default:
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("\x89PNG"))
		}
	}))
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/"
	ln.Close()

	tests := []struct {
		name           string
		args           []string
		code           int
		outHas, errHas []string
		errLines       int // exact number of stderr lines, when > 0
	}{
		{name: "local file with JS content", args: []string{"render", sites + "/hashbang.html#!/products/7"}, code: 0,
			outHas: []string{"<h1>Product 7</h1>", "<title>Product 7 - Hashbang router</title>"}},
		{name: "local file built by XHR", args: []string{"render", sites + "/shop.html"}, code: 0,
			outHas: []string{"<h1 id=\"title\">The Bang Shop</h1>", ">Kettle &amp; lid</a>", "3 products"}},
		{name: "local file with an ugly state", args: []string{"render", sites + "/hashbang.html?_escaped_fragment_=/about"}, code: 0,
			outHas: []string{"<h1>About us</h1>"}},
		{name: "meta fragment file", args: []string{"render", sites + "/meta.html"}, code: 0,
			outHas: []string{"Rendered at http://localhost/meta.html (hash: '')"}},
		{name: "ugly URL with flags", args: []string{"render", "--user-agent", "Bot/2", "--viewport", "320x480",
			"--cookie", "k=v", "--header", "X-Extra: a, b", srv.URL + "/page?_escaped_fragment_=/x"}, code: 0,
			outHas: []string{"#!/x|Bot/2|320x480|k=v|a, b"}},
		{name: "images load without fetching", args: []string{"render", srv.URL + "/gallery"}, code: 0,
			outHas: []string{"image loaded"}},
		{name: "fetched images decide", args: []string{"render", "--fetch-images", srv.URL + "/gallery"}, code: 0,
			outHas: []string{"image failed"}},
		{name: "fonts fetched only for scripts", args: []string{"render", srv.URL + "/fonts"}, code: 0,
			outHas: []string{"font files 0"}},
		{name: "fonts the text uses fetched", args: []string{"render", "--fetch-fonts", srv.URL + "/fonts"}, code: 0,
			outHas: []string{"font files 1"}},
		{name: "origin status", args: []string{"render", srv.URL + "/missing"}, code: 0,
			outHas: []string{"<title>missing</title>"}, errHas: []string{"status 404"}, errLines: 1},
		{name: "redirect followed with the #! state", args: []string{"render", srv.URL + "/moved#!/x"}, code: 0,
			outHas: []string{"<p id=\"p\">#!/x|"}, errHas: []string{"status 302: following the redirect to " + srv.URL + "/page#!/x"}, errLines: 1},
		{name: "ugly URL redirected", args: []string{"render", srv.URL + "/moved?_escaped_fragment_=/y"}, code: 0,
			outHas: []string{"<p id=\"p\">#!/y|"}, errHas: []string{"following the redirect to " + srv.URL + "/page#!/y"}, errLines: 1},
		{name: "redirect with a fragment of its own", args: []string{"render", srv.URL + "/moved-twice#!/x"}, code: 0,
			outHas: []string{"<p id=\"p\">#!/kept|"}, errHas: []string{"status 301: following the redirect to " + srv.URL + "/moved#!/kept", "status 302: following the redirect to " + srv.URL + "/page#!/kept"}, errLines: 2},
		{name: "redirect not followed", args: []string{"render", "--max-redirects", "0", srv.URL + "/moved"}, code: 0,
			errHas: []string{"status 302: redirect to /page"}, errLines: 1},
		{name: "redirect loop", args: []string{"render", "--max-redirects", "3", srv.URL + "/loop"}, code: 1,
			errHas: []string{"stopped after 3 redirects"}, errLines: 4},
		{name: "negative max-redirects", args: []string{"render", "--max-redirects", "-1", "x.html"}, code: 2, errHas: []string{"must not be negative"}},
		{name: "script errors noted", args: []string{"render", sites + "/throws.html"}, code: 0,
			outHas: []string{"second script still runs"}, errHas: []string{"threw 2 uncaught errors", "undefinedFunction"}, errLines: 1},
		{name: "partial", args: []string{"render", "--timeout", "1s", sites + "/runaway.html"}, code: 3,
			outHas: []string{"Set by a timer, then the loop"}, errHas: []string{"partial snapshot: the wall-time budget ran out"}, errLines: 1},
		{name: "not HTML", args: []string{"render", srv.URL + "/img"}, code: 1,
			errHas: []string{"not an HTML document", `"image/png"`}, errLines: 1},
		{name: "unreachable", args: []string{"render", closed}, code: 1, errHas: []string{"connection refused"}, errLines: 1},
		{name: "invalid URL", args: []string{"render", "http://h/?_escaped_fragment_=a&b"}, code: 1,
			errHas: []string{"not the last query parameter"}, errLines: 1},
		{name: "no such file", args: []string{"render", "nowhere.html"}, code: 1,
			errHas: []string{`"nowhere.html" is neither a URL`}, errLines: 1},
		{name: "no argument", args: []string{"render"}, code: 2, errHas: []string{"want exactly one URL or file", "usage: bangsnap render"}},
		{name: "bad viewport", args: []string{"render", "--viewport", "big", "x.html"}, code: 2, errHas: []string{"WIDTHxHEIGHT"}},
		{name: "bad header", args: []string{"render", "--header", "nocolon", "x.html"}, code: 2, errHas: []string{"'Name: value'"}},
		{name: "help", args: []string{"render", "-h"}, code: 0, outHas: []string{"Exit status:", "3  the snapshot is partial", "-keep-scripts", "-form-state", "-shadow-roots"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runArgs(t, tt.args...)
			if res.code != tt.code {
				t.Errorf("exit %d, want %d\nstderr: %s", res.code, tt.code, res.stderr)
			}
			for _, s := range tt.outHas {
				if !strings.Contains(res.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, res.stdout)
				}
			}
			for _, s := range tt.errHas {
				if !strings.Contains(res.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, res.stderr)
				}
			}
			if tt.errLines > 0 {
				if n := strings.Count(res.stderr, "\n"); n != tt.errLines {
					t.Errorf("stderr has %d lines, want %d:\n%s", n, tt.errLines, res.stderr)
				}
			}
			if strings.HasPrefix(res.stdout, "<!DOCTYPE") && strings.Contains(res.stdout, "<script>") {
				t.Errorf("the snapshot kept scripts:\n%s", res.stdout)
			}
		})
	}
}

func TestRenderOutputAndReportFiles(t *testing.T) {
	dir := t.TempDir()
	out, rep := filepath.Join(dir, "snap.html"), filepath.Join(dir, "report.json")
	res := runArgs(t, "render", "-o", out, "--report="+rep, "--keep-scripts", "--deterministic", sites+"/throws.html")
	if res.code != 0 || res.stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", res.code, res.stdout, res.stderr)
	}
	html, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "<script>") || !strings.Contains(string(html), "second script still runs") {
		t.Errorf("snapshot file:\n%s", html)
	}
	b, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	var r renderResult
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, b)
	}
	if r.URL != "http://localhost/throws.html" || r.Status != 200 || len(r.Report.Errors) != 2 || r.Report.Reason != "quiescent" || len(r.Report.Requests) == 0 {
		t.Errorf("report: %+v", r)
	}
}

func TestRenderReportToStderr(t *testing.T) {
	res := runArgs(t, "render", "--report", sites+"/hashbang.html")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	var r renderResult
	if err := json.Unmarshal([]byte(res.stderr), &r); err != nil {
		t.Fatalf("stderr is not the JSON report: %v\n%s", err, res.stderr)
	}
	if r.Report.Timings.Total <= 0 {
		t.Errorf("report without timings: %s", res.stderr)
	}
}

func TestRenderFormState(t *testing.T) {
	plain := runArgs(t, "render", "--deterministic", sites+"/formstate.html")
	if plain.code != 0 {
		t.Fatalf("exit %d: %s", plain.code, plain.stderr)
	}
	// By default the snapshot is the DOM's serialization: the markup's
	// defaults, as a browser's outerHTML.
	for _, s := range []string{`id="t1" checked=""`, `<option selected="">Free</option>`, `<textarea id="notes">draft</textarea>`} {
		if !strings.Contains(plain.stdout, s) {
			t.Errorf("without --form-state the snapshot has no %s:\n%s", s, plain.stdout)
		}
	}
	res := runArgs(t, "render", "--deterministic", "--form-state", sites+"/formstate.html")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	for _, s := range []string{
		`<input type="radio" name="tabs" id="t1">`,
		`<input type="radio" name="tabs" id="t2" checked="">`,
		`<option>Free</option><option selected="">Pro</option>`,
		`<input id="q" value="shoes">`,
		`<input id="pw" type="password">`,
		`<textarea id="notes">final</textarea>`,
	} {
		if !strings.Contains(res.stdout, s) {
			t.Errorf("with --form-state the snapshot has no %s:\n%s", s, res.stdout)
		}
	}
	if strings.Contains(res.stdout, "hunter2") {
		t.Errorf("the snapshot holds the password:\n%s", res.stdout)
	}
}

func TestRenderShadowRoots(t *testing.T) {
	const shadowText = "<h2>Products</h2><ul><li>Teapot</li><li>Kettle &amp; lid</li><li>Cup &lt;small&gt;</li></ul><slot></slot>"
	docSheet := "<style>body { font-family: sans-serif }\n</style></body>"
	plain := runArgs(t, "render", "--deterministic", sites+"/components.html")
	if plain.code != 0 {
		t.Fatalf("exit %d: %s", plain.code, plain.stderr)
	}
	// By default the snapshot is the light DOM, as a browser's outerHTML;
	// the document's adopted sheet is written all the same.
	if strings.Contains(plain.stdout, "<template") || strings.Contains(plain.stdout, "Teapot") {
		t.Errorf("without --shadow-roots the snapshot holds a shadow tree:\n%s", plain.stdout)
	}
	if !strings.Contains(plain.stdout, docSheet) {
		t.Errorf("the document's adopted sheet is not at the end of the body:\n%s", plain.stdout)
	}
	res := runArgs(t, "render", "--deterministic", "--shadow-roots", sites+"/components.html")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	for _, s := range []string{
		`<product-list><template shadowrootmode="open">` + shadowText + "<style>:host { display: block }\nh2 { color: teal }\n</style></template><p>Prices include VAT.</p></product-list>",
		`<site-footer><template shadowrootmode="closed"><small>Made with components</small></template></site-footer>`,
		docSheet,
	} {
		if !strings.Contains(res.stdout, s) {
			t.Errorf("with --shadow-roots the snapshot has no %s:\n%s", s, res.stdout)
		}
	}
}
