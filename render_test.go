package bangsnap_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/mapping"
)

var update = flag.Bool("update", false, "rewrite the golden snapshots of testdata/sites")

const sitesDir = "testdata/sites"

// sitesOrigin is the synthetic origin the in-process test sites answer at.
const sitesOrigin = "http://sites.test"

// sitesHandler serves testdata/sites, plus a few routes a static directory
// cannot answer: a redirect, origin error statuses and a JSON document.
func sitesHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(sitesDir)))
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/hashbang.html", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/gone", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusGone)
		fmt.Fprint(w, `<!doctype html><title>Gone</title><p id="p">static</p><script>document.getElementById("p").textContent = "gone, said by script"</script>`)
	})
	mux.HandleFunc("/headers", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><title>Headers</title><script>
			function meta(name, content) {
				var m = document.createElement("meta"); m.name = name; m.content = content;
				document.head.appendChild(m);
			}
			meta("prerender-status-code", "301");
			meta("prerender-header", "Location: https://example.com/new#!/place");
			meta("prerender-header", "Cache-Control: max-age=60");
			meta("prerender-header", "Content-Length: 1");
			meta("prerender-header", "not a header");
		</script>`)
	})
	mux.HandleFunc("/latin1", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><meta charset=\"windows-1252\"><title>caf\xe9</title><p>na\xefve \x80</p>"))
	})
	mux.HandleFunc("/charset", func(w http.ResponseWriter, r *http.Request) {
		// ct: the Content-Type; meta: a <meta charset>; bom: a UTF-8 BOM.
		q := r.URL.Query()
		w.Header().Set("Content-Type", q.Get("ct"))
		if q.Has("bom") {
			w.Write([]byte("\xEF\xBB\xBF"))
		}
		fmt.Fprintf(w, `<!doctype html><meta charset="%s"><title>t</title><script>
			document.title = [document.characterSet, document.charset, document.inputEncoding].join("|");
		</script>`, q.Get("meta"))
	})
	mux.HandleFunc("/charset-frame", func(w http.ResponseWriter, r *http.Request) {
		// The same query for a frame's document (/charset-doc), whose
		// encoding the page writes in its title with the frame's text;
		// pct: the page's own Content-Type (UTF-8 by default).
		ct := "text/html; charset=utf-8"
		if pct := r.URL.Query().Get("pct"); pct != "" {
			ct = pct
		}
		w.Header().Set("Content-Type", ct)
		fmt.Fprintf(w, `<!doctype html><title>t</title><iframe src="/charset-doc?%s"></iframe><script>
			document.querySelector("iframe").onload = function () {
				var d = this.contentDocument;
				document.title = [d.characterSet, d.charset, d.inputEncoding, d.querySelector("p").textContent].join("|");
			};
		</script>`, html.EscapeString(r.URL.RawQuery))
	})
	mux.HandleFunc("/charset-doc", func(w http.ResponseWriter, r *http.Request) {
		// ct, meta, bom as /charset; xml: an XML declaration's encoding.
		// The text is "café" in windows-1252 (é is 0xE9).
		q := r.URL.Query()
		w.Header().Set("Content-Type", q.Get("ct"))
		if q.Has("bom") {
			w.Write([]byte("\xEF\xBB\xBF"))
		}
		if q.Has("xml") {
			fmt.Fprintf(w, `<?xml version="1.0" encoding="%s"?><html xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="%s"/></head><body><p>caf%s</p></body></html>`, q.Get("xml"), q.Get("meta"), "\xe9")
			return
		}
		fmt.Fprintf(w, `<!doctype html><meta charset="%s"><p>caf%s</p>`, q.Get("meta"), "\xe9")
	})
	mux.HandleFunc("/ready", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><title>Ready</title><p id="p">waiting</p><script>
			window.prerenderReady = false;
			// 20 virtual seconds: far past the settle horizon.
			setTimeout(function () {
				document.getElementById("p").textContent = "ready";
				window.prerenderReady = true;
			}, 20000);
		</script>`)
	})
	mux.HandleFunc("/data.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"a": 1}`)
	})
	return mux
}

func newSitesRenderer(opts bangsnap.Options) *bangsnap.Renderer {
	opts.Handler = sitesHandler()
	if opts.Timeout == 0 {
		opts.Timeout = 20 * time.Second
	}
	return bangsnap.NewRenderer(opts)
}

func render(t *testing.T, r *bangsnap.Renderer, rawURL string) *bangsnap.Snapshot {
	t.Helper()
	snap, err := r.Render(context.Background(), rawURL)
	if err != nil {
		t.Fatalf("Render(%s): %v", rawURL, err)
	}
	return snap
}

// checkGolden compares got with testdata/sites/name, or rewrites it with
// -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(sitesDir, name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("snapshot differs from %s (rerun with -update if the change is right)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// TestRenderGolden renders the test sites through the URL forms a crawler
// uses and compares the snapshots with the golden files.
func TestRenderGolden(t *testing.T) {
	r := newSitesRenderer(bangsnap.Options{Deterministic: true})
	tests := []struct {
		name   string
		url    string // requested
		pretty string // Snapshot.URL
		status int
		golden string
	}{
		{"ugly hashbang route", "/hashbang.html?_escaped_fragment_=/about", "/hashbang.html#!/about", 200, "hashbang-about.golden"},
		{"pretty hashbang route", "/hashbang.html#!/products/42", "/hashbang.html#!/products/42", 200, "hashbang-product.golden"},
		{"404 by meta", "/hashbang.html?_escaped_fragment_=/nowhere", "/hashbang.html#!/nowhere", 404, "hashbang-404.golden"},
		{"meta fragment", "/meta.html?_escaped_fragment_=", "/meta.html", 200, "meta.golden"},
		{"throwing page", "/throws.html", "/throws.html", 200, "throws.golden"},
		{"origin error status", "/gone", "/gone", 410, "gone.golden"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := render(t, r, sitesOrigin+tt.url)
			if snap.URL != sitesOrigin+tt.pretty {
				t.Errorf("URL = %q, want %q", snap.URL, sitesOrigin+tt.pretty)
			}
			if snap.Status != tt.status {
				t.Errorf("Status = %d, want %d", snap.Status, tt.status)
			}
			if ct := snap.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			if snap.Report.Partial || snap.Report.Reason != "quiescent" {
				t.Errorf("render ended %q (partial %v), pending %v", snap.Report.Reason, snap.Report.Partial, snap.Report.Pending)
			}
			checkGolden(t, tt.golden, snap.HTML)
		})
	}
}

func TestRenderMetaFragmentSeesNoHash(t *testing.T) {
	snap := render(t, newSitesRenderer(bangsnap.Options{}), sitesOrigin+"/meta.html?_escaped_fragment_=")
	want := "Rendered at " + sitesOrigin + "/meta.html (hash: '')"
	if !bytes.Contains(snap.HTML, []byte(want)) {
		t.Errorf("snapshot lacks %q:\n%s", want, snap.HTML)
	}
	if bytes.Contains(snap.HTML, []byte(`name="fragment"`)) {
		t.Errorf("the fragment meta is still in the snapshot:\n%s", snap.HTML)
	}
	// The page waited 2s of virtual time for its content.
	if v := snap.Report.Timings.Virtual; v < 2*time.Second {
		t.Errorf("virtual time %v, want at least 2s", v)
	}
}

func TestRenderScriptErrors(t *testing.T) {
	// In a #! state too: an inline script is named by the page's URL
	// without its fragment, as in Chromium's stacks and error events.
	for _, state := range []string{"", "#!/state"} {
		t.Run("state="+state, func(t *testing.T) { testRenderScriptErrors(t, sitesOrigin+"/throws.html"+state) })
	}
}

func testRenderScriptErrors(t *testing.T, url string) {
	snap := render(t, newSitesRenderer(bangsnap.Options{}), url)
	for _, want := range []string{"before the error", "second script still runs", "timer after the failing timer"} {
		if !bytes.Contains(snap.HTML, []byte(want)) {
			t.Errorf("snapshot lacks %q", want)
		}
	}
	if bytes.Contains(snap.HTML, []byte("never reached")) {
		t.Error("the statement after the throw ran")
	}
	errs := snap.Report.Errors
	if len(errs) != 2 {
		t.Fatalf("got %d script errors, want 2: %+v", len(errs), errs)
	}
	for i, want := range []struct {
		msg  string
		line int
	}{{"undefinedFunction is not defined", 13}, {"Cannot read property", 18}} {
		e := errs[i]
		if !strings.Contains(e.Message, want.msg) {
			t.Errorf("error %d message %q, want it to contain %q", i, e.Message, want.msg)
		}
		// Inline scripts report lines of the page, as Chromium does; goja
		// places some columns differently from V8 (KNOWN_GAPS: Render), so
		// only a column is required.
		if e.Source != sitesOrigin+"/throws.html" || e.Line != want.line || e.Column <= 0 {
			t.Errorf("error %d at %s:%d:%d, want line %d of the page", i, e.Source, e.Line, e.Column, want.line)
		}
	}
}

func TestRenderPageChoosesStatusAndHeaders(t *testing.T) {
	snap := render(t, newSitesRenderer(bangsnap.Options{}), sitesOrigin+"/headers")
	if snap.Status != 301 {
		t.Errorf("Status = %d, want 301", snap.Status)
	}
	want := map[string]string{
		"Location":       "https://example.com/new#!/place",
		"Cache-Control":  "max-age=60",
		"Content-Type":   "text/html; charset=utf-8",
		"Content-Length": "",
	}
	for k, v := range want {
		if got := snap.Header.Get(k); got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
}

func TestRenderOriginRedirectIsPassedOn(t *testing.T) {
	snap := render(t, newSitesRenderer(bangsnap.Options{}), sitesOrigin+"/moved?_escaped_fragment_=/about")
	if snap.Status != http.StatusMovedPermanently || snap.Header.Get("Location") != "/hashbang.html" {
		t.Errorf("got status %d Location %q, want 301 /hashbang.html", snap.Status, snap.Header.Get("Location"))
	}
	if len(snap.HTML) != 0 {
		t.Errorf("a redirect has a body: %s", snap.HTML)
	}
	if snap.URL != sitesOrigin+"/moved#!/about" {
		t.Errorf("URL = %q", snap.URL)
	}
	if n := len(snap.Report.Requests); n != 1 {
		t.Errorf("%d requests, want the page's only: %+v", n, snap.Report.Requests)
	}
}

func TestRenderCharset(t *testing.T) {
	snap := render(t, newSitesRenderer(bangsnap.Options{}), sitesOrigin+"/latin1")
	for _, want := range []string{"<title>café</title>", "naïve €"} {
		if !bytes.Contains(snap.HTML, []byte(want)) {
			t.Errorf("snapshot lacks %q:\n%s", want, snap.HTML)
		}
	}
}

// TestRenderCharacterSet: document.characterSet (and its aliases) names the
// encoding the page was decoded with, as the Encoding standard writes it.
func TestRenderCharacterSet(t *testing.T) {
	r := newSitesRenderer(bangsnap.Options{})
	tests := []struct{ query, want string }{
		{"ct=text/html", "windows-1252"}, // nothing names one: the locale's default, as in Chromium
		{"ct=text/html&meta=windows-1252", "windows-1252"},
		{"ct=text/html&meta=latin1", "windows-1252"},
		{"ct=text/html&meta=iso8859-2", "ISO-8859-2"},
		{"ct=text/html&meta=sjis", "Shift_JIS"},
		{"ct=text/html&meta=koi8-r", "KOI8-R"},
		{"ct=text/html&meta=gb2312", "GBK"},
		{"ct=text/html&meta=utf-16le", "UTF-8"}, // a meta naming UTF-16 means UTF-8
		{"ct=text/html&meta=x-user-defined", "windows-1252"},
		{"ct=text/html&meta=no-such-label", "windows-1252"},
		{"ct=text/html%3B+charset%3Dkoi8-u&meta=windows-1252", "KOI8-U"}, // the header wins
		{"ct=text/html&meta=windows-1252&bom", "UTF-8"},                  // and a BOM over both
	}
	for _, tt := range tests {
		snap := render(t, r, sitesOrigin+"/charset?"+tt.query)
		want := "<title>" + tt.want + "|" + tt.want + "|" + tt.want + "</title>"
		if !bytes.Contains(snap.HTML, []byte(want)) {
			t.Errorf("%s: snapshot lacks %s:\n%s", tt.query, want, snap.HTML)
		}
	}
	// A frame's document is decoded the same way (its text is "café" in
	// windows-1252: 0xE9 is "é" there, "é" in ISO-8859-2, "И" in KOI8-R,
	// U+FFFD in UTF-8), but takes its parent's encoding when nothing names
	// one; an XML one by its XML declaration, not a <meta>.
	frames := []struct{ query, want, text string }{
		{"ct=text/html", "UTF-8", "caf\uFFFD"},
		{"ct=text/html&pct=text/html", "windows-1252", "café"},
		{"ct=text/html&meta=windows-1252", "windows-1252", "café"},
		{"ct=text/html&meta=iso8859-2", "ISO-8859-2", "café"},
		{"ct=text/html%3B+charset%3Dkoi8-r&meta=windows-1252", "KOI8-R", "cafИ"},
		{"ct=text/html&meta=windows-1252&bom", "UTF-8", "caf\uFFFD"},
		{"ct=application/xhtml%2Bxml&xml=windows-1252&meta=koi8-r", "windows-1252", "café"},
		{"ct=application/xml%3B+charset%3Dkoi8-r&xml=windows-1252", "KOI8-R", "cafИ"},
		// Bytes that are not UTF-8 end an XML parse (the p is left empty).
		{"ct=application/xhtml%2Bxml&xml=utf-8&meta=windows-1252", "UTF-8", ""},
	}
	for _, tt := range frames {
		snap := render(t, r, sitesOrigin+"/charset-frame?"+tt.query)
		want := "<title>" + tt.want + "|" + tt.want + "|" + tt.want + "|" + tt.text + "</title>"
		if !bytes.Contains(snap.HTML, []byte(want)) {
			t.Errorf("frame %s: snapshot lacks %s:\n%s", tt.query, want, snap.HTML)
		}
	}
}

// TestRenderRunawayWebAssembly: a WebAssembly call that never returns is
// stopped at the wall budget like a script (not abandoned as stuck).
func TestRenderRunawayWebAssembly(t *testing.T) {
	r := newSitesRenderer(bangsnap.Options{Timeout: time.Second})
	snap := render(t, r, sitesOrigin+"/runaway-wasm.html")
	if !snap.Report.Partial || snap.Report.Reason != "wall-time" {
		t.Errorf("report: partial %v reason %q, want a partial wall-time render", snap.Report.Partial, snap.Report.Reason)
	}
	if !bytes.Contains(snap.HTML, []byte("Set by a timer, then WebAssembly loops")) {
		t.Errorf("snapshot lacks what the timer did before looping:\n%s", snap.HTML)
	}
}

func TestRenderPrerenderReady(t *testing.T) {
	snap := render(t, newSitesRenderer(bangsnap.Options{}), sitesOrigin+"/ready")
	if !bytes.Contains(snap.HTML, []byte(`<p id="p">ready</p>`)) {
		t.Errorf("the render did not wait for prerenderReady:\n%s", snap.HTML)
	}
}

// TestRenderRunaway: a script that never returns is interrupted at the wall
// budget; the snapshot holds what the page did before and is partial. (The
// budget leaves room for fetching and binding on a loaded machine: the timer
// must get to run before the loop.)
func TestRenderRunaway(t *testing.T) {
	r := newSitesRenderer(bangsnap.Options{Timeout: time.Second})
	snap := render(t, r, sitesOrigin+"/runaway.html")
	if !snap.Report.Partial || snap.Report.Reason != "wall-time" {
		t.Errorf("report: partial %v reason %q, want a partial wall-time render", snap.Report.Partial, snap.Report.Reason)
	}
	if !bytes.Contains(snap.HTML, []byte("Set by a timer, then the loop")) {
		t.Errorf("snapshot lacks what the timer did before looping:\n%s", snap.HTML)
	}
}

func TestRenderErrors(t *testing.T) {
	// A loopback port with nothing listening.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/"
	ln.Close()

	tests := []struct {
		name  string
		r     *bangsnap.Renderer
		url   string
		check func(error) bool
	}{
		{"not absolute", newSitesRenderer(bangsnap.Options{}), "/relative/page", func(err error) bool {
			var ue *mapping.URLError
			return errors.As(err, &ue) && errors.Is(err, mapping.ErrNotAbsolute)
		}},
		{"escaped fragment not last", newSitesRenderer(bangsnap.Options{}), sitesOrigin + "/p?_escaped_fragment_=a&b=c", func(err error) bool {
			return errors.Is(err, mapping.ErrNotLast)
		}},
		{"scheme", newSitesRenderer(bangsnap.Options{}), "ftp://example.com/page", func(err error) bool {
			return errors.Is(err, bangsnap.ErrScheme)
		}},
		{"not HTML", newSitesRenderer(bangsnap.Options{}), sitesOrigin + "/data.json", func(err error) bool {
			var fe *bangsnap.FetchError
			return errors.As(err, &fe) && fe.URL == sitesOrigin+"/data.json" && errors.Is(err, bangsnap.ErrNotHTML)
		}},
		{"unreachable", bangsnap.NewRenderer(bangsnap.Options{}), closed, func(err error) bool {
			var fe *bangsnap.FetchError
			return errors.As(err, &fe)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap, err := tt.r.Render(context.Background(), tt.url)
			if err == nil {
				t.Fatalf("no error; snapshot status %d", snap.Status)
			}
			if !tt.check(err) {
				t.Errorf("wrong error type: %T %v", err, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

func TestRenderCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := newSitesRenderer(bangsnap.Options{}).Render(ctx, sitesOrigin+"/hashbang.html")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// TestRenderIsolation renders the same page twice at once, over a loopback
// server, with one Renderer: neither render may see the other's global
// variables, storage or cookies, nor a seeded value be changed for the next.
func TestRenderIsolation(t *testing.T) {
	srv := httptest.NewServer(sitesHandler())
	defer srv.Close()
	r := bangsnap.NewRenderer(bangsnap.Options{
		LocalStorage: map[string]string{"seeded": "yes"},
		Cookies:      []*http.Cookie{{Name: "seed", Value: "1", Path: "/elsewhere"}},
		Timeout:      20 * time.Second,
	})
	names := []string{"alpha", "beta", "gamma", "delta"}
	snaps := make([]*bangsnap.Snapshot, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			snap, err := r.Render(context.Background(), srv.URL+"/isolation.html?name="+name)
			if err != nil {
				t.Error(err)
				return
			}
			snaps[i] = snap
		}()
	}
	wg.Wait()
	for i, snap := range snaps {
		if snap == nil {
			continue
		}
		html := string(snap.HTML)
		for _, want := range []string{
			"<dt>global</dt><dd>undefined</dd>",
			"<dt>localStorage</dt><dd>null</dd>",
			"<dt>sessionStorage</dt><dd>null</dd>",
			"<dt>cookie</dt><dd></dd>",
			"<dt>later global</dt><dd>" + names[i] + "</dd>",
			"<dt>later localStorage</dt><dd>" + names[i] + "</dd>",
			"<dt>later cookie</dt><dd>owner=" + names[i] + "</dd>",
		} {
			if !strings.Contains(html, want) {
				t.Errorf("render %s lacks %q:\n%s", names[i], want, html)
			}
		}
	}
}

func TestRenderSeeds(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><body><script>
			document.body.textContent = [localStorage.getItem("k"), sessionStorage.getItem("s"), document.cookie,
				navigator.userAgent, innerWidth + "x" + innerHeight, %q].join("|");
		</script>`, r.Header.Get("X-Test")+"/"+r.Header.Get("User-Agent"))
	})
	r := bangsnap.NewRenderer(bangsnap.Options{
		Handler:        h,
		LocalStorage:   map[string]string{"k": "local"},
		SessionStorage: map[string]string{"s": "session"},
		Cookies:        []*http.Cookie{{Name: "c", Value: "1"}},
		UserAgent:      "TestBot/1.0",
		Viewport:       bangsnap.Viewport{Width: 400, Height: 300},
		Header:         http.Header{"X-Test": {"yes"}},
	})
	snap := render(t, r, "http://seeds.test/")
	want := "local|session|c=1|TestBot/1.0|400x300|yes/TestBot/1.0"
	if !bytes.Contains(snap.HTML, []byte(want)) {
		t.Errorf("snapshot lacks %q:\n%s", want, snap.HTML)
	}
}

func TestRenderReportTimingsAndRequests(t *testing.T) {
	snap := render(t, newSitesRenderer(bangsnap.Options{}), sitesOrigin+"/meta.html?_escaped_fragment_=")
	rep := snap.Report
	if len(rep.Requests) == 0 || rep.Requests[0].Kind != "document" || rep.Requests[0].Status != 200 || rep.Requests[0].URL != sitesOrigin+"/meta.html" {
		t.Errorf("first request %+v, want the document", rep.Requests)
	}
	tm := rep.Timings
	if tm.Total <= 0 || tm.Fetch <= 0 || tm.Parse <= 0 || tm.Serialize <= 0 || tm.Bind <= 0 || tm.Total < tm.Fetch+tm.Parse+tm.Bind+tm.Serialize {
		t.Errorf("timings do not add up: %+v", tm)
	}
	if tm.VirtualScripts > tm.Virtual || tm.Virtual < 2*time.Second {
		t.Errorf("virtual timings %+v: the page waited 2s after load", tm)
	}
	if rep.Tasks == 0 {
		t.Error("no tasks counted")
	}
}

// TestRenderStylesheets: a page's external style sheet decides what its
// script shows, as in a browser (a jQuery-style show of an element a class
// hides), unless Options.SkipStylesheets.
func TestRenderStylesheets(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html><head><link rel=stylesheet href=/site.css></head><body>
<div id=panel class=panel>Opening hours</div>
<script>
function show(el) {
  el.style.display = '';
  if (getComputedStyle(el).display === 'none') el.style.display = 'block';
}
show(document.getElementById('panel'));
</script></body></html>`)
	})
	mux.HandleFunc("/site.css", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/css")
		io.WriteString(w, ".panel { display: none }")
	})
	for _, tt := range []struct {
		skip      bool
		want      string
		nRequests int
	}{
		{skip: false, want: `<div id="panel" class="panel" style="display: block;">`, nRequests: 2},
		{skip: true, want: `<div id="panel" class="panel">Opening`, nRequests: 1},
	} {
		r := bangsnap.NewRenderer(bangsnap.Options{Handler: mux, SkipStylesheets: tt.skip})
		snap := render(t, r, "http://css.test/page?_escaped_fragment_=")
		if !strings.Contains(string(snap.HTML), tt.want) {
			t.Errorf("skip=%v: snapshot lacks %s:\n%s", tt.skip, tt.want, snap.HTML)
		}
		if got := len(snap.Report.Requests); got != tt.nRequests {
			t.Errorf("skip=%v: %d requests %+v, want %d", tt.skip, got, snap.Report.Requests, tt.nRequests)
		} else if !tt.skip && snap.Report.Requests[1].Kind != "stylesheet" {
			t.Errorf("second request %+v, want the style sheet", snap.Report.Requests[1])
		}
	}
}

// TestRenderCSSOMRulesInSnapshot: rules script inserted into a <style>
// element's sheet (CSS-in-JS libraries in production: Emotion under MUI,
// styled-components) are written into the snapshot as the element's text,
// so that what they hide stays hidden where the snapshot is shown; a sheet
// edited and then given new text, and untouched ones, keep their text.
func TestRenderCSSOMRulesInSnapshot(t *testing.T) {
	page := `<!doctype html><html><head><style id=a data-emotion=css></style><style id=b>p{color:red}</style><style id=c></style><style id=d></style></head><body>
<div class=css-1>Hidden by an inserted rule</div>
<script>
var a = document.getElementById('a').sheet;
a.insertRule('.css-1{display:none;}', 0);
a.insertRule('.css-2{content:"</style><p>x</p>";}', 1);
document.getElementById('b').sheet.insertRule('.css-3{color:blue}', 1);
var c = document.getElementById('c');
c.sheet.insertRule('.gone{}', 0);
c.textContent = '.text{}';
var d = document.getElementById('d');
d.sheet.insertRule('.off{display:none}', 0);
d.sheet.disabled = true;
</script></body></html>`
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, page)
	})
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: mux}), "http://css.test/page?_escaped_fragment_=")
	for _, want := range []string{
		`<style id="a" data-emotion="css">.css-1{display:none;}` + "\n" + `.css-2{content:"<\/style><p>x</p>";}` + "\n</style>",
		`<style id="b">p{color:red}` + "\n" + `.css-3{color:blue}` + "\n</style>",
		`<style id="c">.text{}</style>`,
		`<style id="d"></style>`,
	} {
		if !strings.Contains(string(snap.HTML), want) {
			t.Errorf("snapshot lacks %s:\n%s", want, snap.HTML)
		}
	}
}

// TestRenderOptionalSpreadCalls: an optional chain that short-circuits a
// call with spread arguments gives undefined (goja's own compilation leaves
// its spread marker on the stack and panics: Vuetify 4's selects call
// `slots["append-inner"]?.(...args)`), in a classic script and in a module.
func TestRenderOptionalSpreadCalls(t *testing.T) {
	const body = `var o = {}, args = [1, 2], out = [];
out.push(JSON.stringify([o.f?.(...args), 2]));
out.push(String(o?.g?.h(...args) ?? 'dflt'));
o.k = function (a, b) { return this === o ? a + b : 'bad this'; };
out.push(String(o.k?.(...args)));
document.getElementById(ID).textContent = out.join(' ');`
	files := map[string]string{
		"/": `<!doctype html><title>t</title><p id=c></p><p id=m></p>
<script>` + strings.ReplaceAll(body, "ID", "'c'") + `</script>
<script type=module>` + strings.ReplaceAll(body, "ID", "'m'") + `</script>`,
	}
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: moduleFiles(files)}), "http://opt.test/?_escaped_fragment_=")
	for _, want := range []string{`<p id="c">[null,2] dflt 3</p>`, `<p id="m">[null,2] dflt 3</p>`} {
		if !strings.Contains(string(snap.HTML), want) {
			t.Errorf("snapshot lacks %s:\n%s", want, snap.HTML)
		}
	}
	if len(snap.Report.Errors) > 0 {
		t.Errorf("errors: %+v", snap.Report.Errors)
	}
}

// moduleFiles serves a page at "/" and scripts at the other paths of files.
func moduleFiles(files map[string]string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if r.URL.Path == "/" {
			w.Header().Set("Content-Type", "text/html")
		} else {
			w.Header().Set("Content-Type", "text/javascript")
		}
		io.WriteString(w, body)
	})
}

// TestRenderComputedImports: import() of specifiers computed at run time
// (a lazy loader's `./${name}.entry.js`, a variable URL, a bare specifier
// through the import map) loads each module once, and the chunks share the
// modules the page already ran: one registry, as in a browser.
func TestRenderComputedImports(t *testing.T) {
	files := map[string]string{
		"/": `<!doctype html><ul id="out"></ul>
			<script type="importmap">{"imports": {"widgets/": "/lib/widgets/"}}</script>
			<script type="module">
				import { define, registry } from "./lib/core.js";
				const names = ["card", "badge"];
				const load = (name) => import(` + "`./lib/widgets/${name}.entry.js`" + `);
				Promise.all(names.map(load)).then(async (mods) => {
					mods.forEach((m) => define(m.name, m.render));
					const url = "./lib/widgets/" + "card.entry.js";
					const again = await import(url);
					const bare = "widgets/badge.entry.js";
					const viaMap = await import(bare);
					const out = document.getElementById("out");
					for (const [name, render] of registry) out.insertAdjacentHTML("beforeend", "<li>" + render(name) + "</li>");
					out.insertAdjacentHTML("beforeend", "<li>same module: " + (again === mods[0]) + " " + (viaMap === mods[1]) + "</li>");
					out.insertAdjacentHTML("beforeend", "<li>core runs: " + window.coreRuns + "</li>");
					return import("./lib/widgets/" + "missing.entry.js");
				}).catch((e) => document.getElementById("out").insertAdjacentHTML("beforeend", "<li>" + e.name + "</li>"));
			</script>`,
		"/lib/core.js": `window.coreRuns = (window.coreRuns || 0) + 1;
			export const registry = new Map();
			export function define(name, render) { registry.set(name, render); }`,
		"/lib/widgets/card.entry.js":  `import { registry } from "../core.js"; export const name = "card"; export const render = (n) => n + " after " + registry.size;`,
		"/lib/widgets/badge.entry.js": `import { define } from "/lib/core.js"; export const name = "badge"; export const render = (n) => n + " " + typeof define;`,
	}
	h := moduleFiles(files)
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: h}), "http://modules.test/")
	want := `<ul id="out"><li>card after 2</li><li>badge function</li><li>same module: true true</li><li>core runs: 1</li><li>TypeError</li></ul>`
	if !bytes.Contains(snap.HTML, []byte(want)) {
		t.Errorf("snapshot lacks %s:\n%s\nerrors: %+v", want, snap.HTML, snap.Report.Errors)
	}
}

// TestRenderConcurrentComputedImports: two computed import()s started
// together whose modules share one the page has not run yet (Astro's
// islands import a component and its renderer at once, both built on one
// preact module) get that module once, as a browser's module map gives it:
// a second copy would have state of its own (preact's hooks read the
// component being rendered from their copy of the options object).
func TestRenderConcurrentComputedImports(t *testing.T) {
	files := map[string]string{
		"/": `<!doctype html><p id="out"></p>
			<script>
				const at = (name) => "/lib/" + name + ".js";
				Promise.all([import(at("component")), import(at("renderer"))]).then(([c, r]) => {
					document.getElementById("out").textContent = r.render(c.default) + ", same state: " + (c.state === r.state) + ", shared runs: " + window.sharedRuns;
				}, (e) => { document.getElementById("out").textContent = String(e); });
			</script>`,
		"/lib/shared.js":    `window.sharedRuns = (window.sharedRuns || 0) + 1; export const state = { current: null };`,
		"/lib/component.js": `import { state } from "./shared.js"; export { state }; export default () => "rendered by " + (state.current || "nobody");`,
		"/lib/renderer.js":  `import { state } from "./shared.js"; export { state }; export function render(f) { state.current = "renderer"; try { return f(); } finally { state.current = null; } }`,
	}
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: moduleFiles(files)}), "http://modules.test/")
	want := `<p id="out">rendered by renderer, same state: true, shared runs: 1</p>`
	if !bytes.Contains(snap.HTML, []byte(want)) {
		t.Errorf("snapshot lacks %s:\n%s\nerrors: %+v", want, snap.HTML, snap.Report.Errors)
	}
}

// TestRenderRunTimeLowering: code compiled at run time gets the lowering
// scripts get for syntax goja's parser lacks: import() inside new Function
// (how CanJS, among others, hides import() from bundlers), resolved
// against the document; async generators and for await in new Function
// and eval. Sources goja parses, and invalid ones,
// are left alone.
func TestRenderRunTimeLowering(t *testing.T) {
	files := map[string]string{
		"/": `<!doctype html><ul id="out"></ul>
			<script>
				const add = (s) => document.getElementById("out").insertAdjacentHTML("beforeend", "<li>" + s + "</li>");
				const load = new Function("name", "return import('./mods/' + name + '.js')");
				const collect = async (it) => { const out = []; for await (const v of it) out.push(v); return out.join(" "); };
				const gen = new Function("n", "return (async function* () { for (let i = 0; i < n; i++) yield i; })()");
				const doubler = eval("({ async *double(xs) { for await (const x of xs) yield x * 2; } })");
				load("greet").then((m) => add(m.greet("module")))
					.then(() => collect(gen(3))).then(add)
					.then(() => collect(doubler.double([Promise.resolve(1), 2]))).then(add)
					.then(() => eval("(async () => { let s = 0; for await (const x of [1, 2, 3]) s += x; return s; })()")).then(add)
					.then(() => { try { new Function("return import("); } catch (e) { add(e.name); } })
					.catch((e) => add("error " + e));
			</script>`,
		"/mods/greet.js": `export const greet = (who) => "hello " + who;`,
	}
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: moduleFiles(files)}), "http://modules.test/")
	want := `<ul id="out"><li>hello module</li><li>0 1 2</li><li>2 4</li><li>6</li><li>SyntaxError</li></ul>`
	if !bytes.Contains(snap.HTML, []byte(want)) {
		t.Errorf("snapshot lacks %s:\n%s\nerrors: %+v", want, snap.HTML, snap.Report.Errors)
	}
}

// TestRenderStreams: a response body and a Blob read as streams, through
// a TextDecoderStream (as streaming JSON and chat clients read).
func TestRenderStreams(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html><body><ul id=out></ul><script>
function add(s) { var li = document.createElement('li'); li.textContent = s; document.getElementById('out').append(li); }
async function readAll(stream) {
  var reader = stream.getReader(), text = '';
  for (;;) { var r = await reader.read(); if (r.done) return text; text += r.value; }
}
fetch('/lines.txt').then(res => readAll(res.body.pipeThrough(new TextDecoderStream())).then(t => add(t.trim().split('\n').length + ' lines, used ' + res.bodyUsed)))
  .then(() => readAll(new Blob(['caf\u00e9']).stream().pipeThrough(new TextDecoderStream()))).then(add)
  .then(() => {
    var bytes = new TextEncoder().encode('{"n": 42}');
    var res = new Response(new ReadableStream({pull(c) { c.enqueue(bytes); c.close(); }}));
    var before = res.bodyUsed, copy = res.clone();
    return res.json().then(v => add('json ' + v.n + ' ' + before + ' ' + res.bodyUsed))
      .then(() => copy.text()).then(add)
      .then(() => res.text()).catch(e => add(e.name));
  })
  .then(() => new Response(new ReadableStream({start(c) { c.enqueue('not bytes'); c.close(); }})).text().catch(e => add(e.name)));
</script></body></html>`)
	})
	mux.HandleFunc("/lines.txt", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "one\ntwo\nthree\n")
	})
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: mux}), "http://streams.test/")
	if want := `<ul id="out"><li>3 lines, used true</li><li>café</li><li>json 42 false true</li><li>{"n": 42}</li><li>TypeError</li><li>TypeError</li></ul>`; !strings.Contains(string(snap.HTML), want) {
		t.Errorf("snapshot lacks %s:\n%s\nerrors: %+v", want, snap.HTML, snap.Report.Errors)
	}
}

// TestRenderXHRPage renders a page whose content all comes from
// XMLHttpRequest and fetch, filled into a <template>.
func TestRenderXHRPage(t *testing.T) {
	r := newSitesRenderer(bangsnap.Options{Deterministic: true})
	snap := render(t, r, sitesOrigin+"/shop.html")
	if len(snap.Report.Errors) > 0 {
		t.Errorf("script errors: %+v", snap.Report.Errors)
	}
	checkGolden(t, "shop.golden", snap.HTML)
	var kinds []string
	for _, req := range snap.Report.Requests {
		kinds = append(kinds, req.Kind+" "+strings.TrimPrefix(req.URL, sitesOrigin)+" "+fmt.Sprint(req.Status))
	}
	want := []string{"document /shop.html 200", "xhr /api/shop.json 200", "fetch /api/products.json 200"}
	if strings.Join(kinds, ", ") != strings.Join(want, ", ") {
		t.Errorf("requests:\n%s\nwant:\n%s", strings.Join(kinds, "\n"), strings.Join(want, "\n"))
	}
}

// TestRenderDeterministicBytes renders the request-built page several times
// concurrently in deterministic mode: the bytes never change.
func TestRenderDeterministicBytes(t *testing.T) {
	r := newSitesRenderer(bangsnap.Options{Deterministic: true})
	first := render(t, r, sitesOrigin+"/shop.html")
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			snap, err := r.Render(context.Background(), sitesOrigin+"/shop.html")
			if err != nil {
				t.Error(err)
				return
			}
			if !bytes.Equal(snap.HTML, first.HTML) || snap.Report.Timings.Virtual != first.Report.Timings.Virtual {
				t.Errorf("render differs (virtual %v vs %v):\n%s", snap.Report.Timings.Virtual, first.Report.Timings.Virtual, snap.HTML)
			}
		}()
	}
	wg.Wait()
}

func TestRenderConsole(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, `<!doctype html><script>
			console.log("hello %s", "world", 42);
			console.warn("careful");
			console.error(new Error("bad"));
			for (var i = 0; i < 1005; i++) console.debug(i);
		</script>`)
	})
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: h, Logger: log, LogConsole: true}), "http://console.test/")
	c := snap.Report.Console
	if len(c) != 1001 {
		t.Fatalf("%d console entries, want 1000 and one saying how many more", len(c))
	}
	if c[0] != (bangsnap.ConsoleEntry{Level: "log", Message: "hello world 42"}) || c[1].Level != "warn" || c[2].Level != "error" || !strings.Contains(c[2].Message, "bad") {
		t.Errorf("console: %+v", c[:3])
	}
	if last := c[1000].Message; !strings.Contains(last, "8 more console messages") {
		t.Errorf("last entry %q", last)
	}
	for _, want := range []string{`level=INFO msg="hello world 42" console=log`, `level=WARN msg=careful`, `level=ERROR msg="Error: bad`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %q:\n%.600s", want, logs.String())
		}
	}
}

// TestRendererSharesScripts: a Renderer keeps fresh script bodies between
// renders, following their Cache-Control.
func TestRendererSharesScripts(t *testing.T) {
	var mu sync.Mutex
	fetched := 0
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/app.js":
			mu.Lock()
			fetched++
			mu.Unlock()
			w.Header().Set("Content-Type", "text/javascript")
			w.Header().Set("Cache-Control", "max-age=600")
			fmt.Fprint(w, `document.getElementById("p").textContent = "from app.js";`)
		default:
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, `<!doctype html><p id="p"></p><script src="/app.js"></script>`)
		}
	})
	r := bangsnap.NewRenderer(bangsnap.Options{Handler: h})
	for i := range 3 {
		snap := render(t, r, "http://cache.test/")
		if !bytes.Contains(snap.HTML, []byte("from app.js")) {
			t.Fatalf("render %d:\n%s", i, snap.HTML)
		}
		last := snap.Report.Requests[len(snap.Report.Requests)-1]
		if last.Kind != "script" || last.Cached != (i > 0) {
			t.Errorf("render %d: script request %+v", i, last)
		}
	}
	if fetched != 1 {
		t.Errorf("script fetched %d times, want once", fetched)
	}
}

func TestRenderBudgets(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><p id="p">0</p><script>
			var n = 0;
			(function tick() { document.getElementById("p").textContent = ++n; setTimeout(tick, 100); })();
			window.prerenderReady = false; // never ready: only a budget ends this page
		</script>`)
	})
	tests := []struct {
		name   string
		opts   bangsnap.Options
		reason string
	}{
		{"virtual time", bangsnap.Options{VirtualLimit: 2 * time.Second}, "virtual-time"},
		{"tasks", bangsnap.Options{MaxTasks: 50}, "tasks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Handler = h
			snap := render(t, bangsnap.NewRenderer(tt.opts), "http://budget.test/")
			rep := snap.Report
			if !rep.Partial || rep.Reason != tt.reason || len(rep.Pending) == 0 {
				t.Errorf("partial %v, reason %q, pending %v; want partial %q with the pending timer", rep.Partial, rep.Reason, rep.Pending, tt.reason)
			}
			if bytes.Contains(snap.HTML, []byte(`<p id="p">0</p>`)) {
				t.Errorf("the snapshot does not show the page's progress:\n%s", snap.HTML)
			}
		})
	}
}

func TestRenderKeepOptions(t *testing.T) {
	r := newSitesRenderer(bangsnap.Options{KeepScripts: true, KeepFragmentMeta: true})
	snap := render(t, r, sitesOrigin+"/meta.html?_escaped_fragment_=")
	for _, want := range []string{`<meta name="fragment" content="!">`, `<script>`, `<h1>Rendered at`} {
		if !bytes.Contains(snap.HTML, []byte(want)) {
			t.Errorf("snapshot lacks %q", want)
		}
	}
}

// TestRenderOddFragments: fragments net/url would refuse (a lone %) or must
// escape still render, and the page reads its state from location.hash.
func TestRenderOddFragments(t *testing.T) {
	r := newSitesRenderer(bangsnap.Options{})
	tests := []struct{ url, pretty, h1 string }{
		{"/hashbang.html?_escaped_fragment_=/products/%25zz", "/hashbang.html#!/products/%zz", "<h1>Product %zz</h1>"},
		{"/hashbang.html?_escaped_fragment_=/products/%C3%BC%20x", "/hashbang.html#!/products/ü x", "<h1>Product ü x</h1>"},
		{"/hashbang.html#!/products/%C3%BC", "/hashbang.html#!/products/%C3%BC", "<h1>Product ü</h1>"},
	}
	for _, tt := range tests {
		snap := render(t, r, sitesOrigin+tt.url)
		if snap.URL != sitesOrigin+tt.pretty || !bytes.Contains(snap.HTML, []byte(tt.h1)) {
			t.Errorf("%s: URL %q, want %q; snapshot has %q: %v", tt.url, snap.URL, sitesOrigin+tt.pretty, tt.h1, bytes.Contains(snap.HTML, []byte(tt.h1)))
		}
	}
}

// TestRenderViewport: the window's sizes and matchMedia agree, by default
// and when set.
func TestRenderViewport(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><body><script>
			document.body.textContent = [innerWidth, innerHeight, screen.width, devicePixelRatio,
				matchMedia("(min-width: " + innerWidth + "px)").matches, matchMedia("(min-width: " + (innerWidth + 1) + "px)").matches].join(" ");
		</script>`)
	})
	for _, tt := range []struct {
		vp   bangsnap.Viewport
		want string
	}{
		{bangsnap.Viewport{}, "1280 800 1280 1 true false"},
		{bangsnap.Viewport{Width: 375, Height: 667, DevicePixelRatio: 2}, "375 667 375 2 true false"},
	} {
		snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: h, Viewport: tt.vp}), "http://vp.test/")
		if !bytes.Contains(snap.HTML, []byte("<body>"+tt.want+"</body>")) {
			t.Errorf("viewport %+v: %s, want %q", tt.vp, snap.HTML, tt.want)
		}
	}
}

// TestRenderPendingRequest: when the wall budget ends while a request is in
// flight, the snapshot is partial and the report names the request.
func TestRenderPendingRequest(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><p id="p">waiting</p><script>
			fetch("/slow").then(function () { document.getElementById("p").textContent = "done"; });
		</script>`)
	})
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: h, Timeout: time.Second}), "http://pending.test/")
	rep := snap.Report
	if !rep.Partial || rep.Reason != "wall-time" {
		t.Fatalf("partial %v reason %q, want a partial wall-time render", rep.Partial, rep.Reason)
	}
	if !strings.Contains(strings.Join(rep.Pending, "\n"), "http://pending.test/slow") {
		t.Errorf("pending %q does not name the request in flight", rep.Pending)
	}
	if !bytes.Contains(snap.HTML, []byte(`<p id="p">waiting</p>`)) {
		t.Errorf("snapshot:\n%s", snap.HTML)
	}
}

// TestRenderDefaultUserAgent: the page and the origin see the same agent,
// as in a browser.
func TestRenderDefaultUserAgent(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><body><script>document.body.textContent = String(navigator.userAgent === %q);</script>`, r.UserAgent())
	})
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: h}), "http://ua.test/")
	if !bytes.Contains(snap.HTML, []byte("<body>true</body>")) {
		t.Errorf("navigator.userAgent differs from the User-Agent header:\n%s", snap.HTML)
	}
}

// TestRenderModules: module scripts (static and dynamic imports, an import
// map) are bundled and run.
func TestRenderModules(t *testing.T) {
	files := map[string]string{
		"/": `<!doctype html><p id="a"></p><p id="b"></p>
			<script type="importmap">{"imports": {"greet": "/lib/greet.js"}}</script>
			<script type="module">
				import { greet } from "greet";
				import { tail } from "./lib/tail.js";
				document.getElementById("a").textContent = greet("modules") + tail;
				import("./lib/late.js").then(function (m) { document.getElementById("b").textContent = m.late; });
			</script>
			<script nomodule>document.body.append("nomodule ran")</script>`,
		"/lib/greet.js": `export function greet(who) { return "hello " + who; }`,
		"/lib/tail.js":  `export const tail = "!";`,
		"/lib/late.js":  `export const late = "dynamic import: " + import.meta.url;`,
	}
	h := moduleFiles(files)
	snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: h}), "http://modules.test/")
	for _, want := range []string{`<p id="a">hello modules!</p>`, `<p id="b">dynamic import: http://modules.test/lib/late.js</p>`} {
		if !bytes.Contains(snap.HTML, []byte(want)) {
			t.Errorf("snapshot lacks %q:\n%s\nerrors: %+v", want, snap.HTML, snap.Report.Errors)
		}
	}
	if bytes.Contains(snap.HTML, []byte("nomodule ran")) {
		t.Error("the nomodule script ran")
	}
}

// TestRenderFragmentScrolls: a page rendered at a URL with a fragment is
// scrolled to its target once parsing is over, as in Chromium: scripts at
// load read the scroll position, the target's rect at the top of the
// viewport (below the root's scroll-padding-top), and a scroll event came
// at the document; without a fragment, or with one naming nothing, the
// page stays at the top.
func TestRenderFragmentScrolls(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/doc", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html style="scroll-padding-top:40px"><body style="margin:0">
<div style="height:3000px">intro</div><h2 id=usage style="margin:0;height:30px">Usage</h2><div style="height:3000px"></div>
<p id=log></p>
<script>
let scrolls = 0;
document.addEventListener('scroll', () => scrolls++);
addEventListener('load', () => setTimeout(() => {
  log.textContent = 'y=' + scrollY + ' top=' + usage.getBoundingClientRect().top + ' scrolls=' + scrolls;
}, 100));
</script></body></html>`)
	})
	for _, tt := range []struct{ url, want string }{
		{"http://scroll.test/doc#usage", "y=2960 top=40 scrolls=1"},
		{"http://scroll.test/doc", "y=0 top=3000 scrolls=0"},
		{"http://scroll.test/doc#nothing", "y=0 top=3000 scrolls=0"},
	} {
		snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: mux}), tt.url)
		if !strings.Contains(string(snap.HTML), `<p id="log">`+tt.want+`</p>`) {
			t.Errorf("%s: want %s in:\n%s", tt.url, tt.want, snap.HTML)
		}
	}
}

// TestRenderFragmentReveals: a page rendered at a URL with a fragment has
// its target revealed as in Chromium once parsing is over: the closed
// details holding it open and its hidden=until-found ancestors, after a
// beforematch event, lose the attribute; :target matches it.
func TestRenderFragmentReveals(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/faq", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html><body>
<div id=acc hidden=until-found><details id=q3><summary>Q3</summary><p id=a3>Answer three</p></details></div>
<details id=q4><summary>Q4</summary><p>Answer four</p></details>
<p id=log></p>
<script>
document.addEventListener('beforematch', e => { log.textContent += 'beforematch ' + e.target.id + ';'; });
document.addEventListener('DOMContentLoaded', () => { log.textContent += 'dcl ' + acc.hidden + ';'; });
addEventListener('load', () => { log.textContent += 'target ' + document.querySelector(':target')?.id + ';'; });
</script></body></html>`)
	})
	for _, tt := range []struct {
		url  string
		want []string
		not  []string
	}{
		{"http://reveal.test/faq#a3",
			[]string{`<div id="acc"><details id="q3" open="">`, `<details id="q4">`,
				`dcl until-found;beforematch acc;target a3;`},
			[]string{`hidden=`}},
		{"http://reveal.test/faq",
			[]string{`<div id="acc" hidden="until-found"><details id="q3">`, `dcl until-found;target undefined;`},
			[]string{`open=`, `beforematch`}},
	} {
		snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: mux}), tt.url)
		for _, w := range tt.want {
			if !strings.Contains(string(snap.HTML), w) {
				t.Errorf("%s: snapshot lacks %s:\n%s", tt.url, w, snap.HTML)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(string(snap.HTML), n) {
				t.Errorf("%s: snapshot has %s:\n%s", tt.url, n, snap.HTML)
			}
		}
	}
}

// A page whose Content-Type, byte order mark and <meta> name no encoding
// is decoded as windows-1252, as Chromium 156 decodes it (UTF-8 text reads
// "cafÃ©"), and the queries of the URLs parsed relative to it (a.href, an
// img's src, XMLHttpRequest.open) are written in its encoding, while
// fetch() and the URL constructor keep UTF-8. The strings are Chromium's.
func TestRenderUnlabelledEncoding(t *testing.T) {
	var mu sync.Mutex
	queries := map[string]string{}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<!doctype html><p id=t>caf\xc3\xa9</p><a id=a href=\"/x?q=&#233;&#12354;\">x</a><ul id=log></ul><script>"+`
				function log(s) { document.getElementById('log').insertAdjacentHTML('beforeend', '<li>' + s + '</li>'); }
				var E = String.fromCharCode(233);
				log('charset ' + document.characterSet);
				log('text ' + document.getElementById('t').textContent);
				log('a ' + document.getElementById('a').href);
				var img = document.createElement('img'); img.src = '/img?q=' + E; log('img ' + img.src);
				log('URL ' + new URL('/z?q=' + E, location.href).href);
				var x = new XMLHttpRequest(); x.open('GET', '/xhr?q=' + E); x.send();
				fetch('/fetch?q=' + E);
			</script>`)
		default:
			mu.Lock()
			queries[r.URL.Path] = r.URL.RawQuery
			mu.Unlock()
		}
	})
	checkLoggedRender(t, "http://legacy.test/", bangsnap.Options{Handler: h, Deterministic: true},
		"unlabelled", []string{"charset windows-1252", "text cafÃ©", "a http://legacy.test/x?q=%E9%26%2312354%3B",
			"img http://legacy.test/img?q=%E9", "URL http://legacy.test/z?q=%C3%A9"})
	if queries["/xhr"] != "q=%E9" || queries["/fetch"] != "q=%C3%A9" {
		t.Errorf("queries sent: %v, want q=%%E9 for the XMLHttpRequest, q=%%C3%%A9 for fetch", queries)
	}
}
