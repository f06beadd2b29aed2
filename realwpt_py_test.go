package bangsnap_test

import (
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/testdata/wpt/pyhandlers"
)

// TestRealWPTPyHandlers pins the bytes the Go equivalents of WPT's Python
// handlers write (testdata/wpt/pyhandlers, which TestRealWPT and
// run-chromium-realwpt.mjs serve): header names as the client sent them,
// raw status lines and .asis files, the fallback for every other path.
func TestRealWPTPyHandlers(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "xhr", "resources"), 0o755); err != nil {
		t.Fatal(err)
	}
	asis := "HTTP/1.1 200 YAYAYAYA\nfoo-test: 1\nfoo-test: 2\n\n"
	if err := os.WriteFile(filepath.Join(dir, "xhr", "resources", "h.asis"), []byte(asis), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"top.txt": "top", "cors.txt": "c", "cors.txt.headers": "Access-Control-Allow-Origin: *\nContent-Type: text/x\n"} {
		if err := os.WriteFile(filepath.Join(dir, "xhr", "resources", name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := pyhandlers.Start(dir, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "fallback "+r.URL.Path)
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	multipart := "--b\r\nContent-Disposition: form-data; name=\"z\"\r\n\r\n1\r\n" +
		"--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n2\r\n" +
		"--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\nContent-Type: text/x\r\n\r\nabc\r\n--b--\r\n"
	tests := []struct{ name, req, want string }{
		{"inspect-headers keeps the name's case",
			"POST /xhr/resources/inspect-headers.py?filter_name=TEST-me HTTP/1.1\r\nHost: h\r\ntest-Me: , x\tx, \r\nContent-Length: 0\r\n\r\n",
			"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nContent-Length: 17\r\nConnection: close\r\n\r\ntest-Me: , x\tx, \n"},
		{"inspect-headers by value",
			"GET /xhr/resources/inspect-headers.py?filter_value=v HTTP/1.1\r\nHost: h\r\nA: v\r\nB: w\r\nC: v\r\n\r\n",
			"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nContent-Length: 4\r\nConnection: close\r\n\r\nA,C,"},
		{"status with any reason and bytes",
			"GET /xhr/resources/status.py?code=299&text=Hi+there&content=%FF&type=x/y HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 299 Hi there\r\nContent-Type: x/y\r\nX-Request-Method: GET\r\nContent-Length: 1\r\nConnection: close\r\n\r\n\xff"},
		{"content echoes the body",
			"PUT /xhr/resources/content.py HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc",
			"HTTP/1.1 200 OK\r\nContent-type: text/plain\r\nX-Request-Method: PUT\r\nX-Request-Query: NO\r\nX-Request-Content-Length: 3\r\nX-Request-Content-Type: NO\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"},
		{"echo-method writes a body to HEAD",
			"HEAD /xhr/resources/echo-method.py HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 200 OK\nContent-type: text/plain\nContent-Length: 4\n\nHEAD"},
		{"fetch inspect-headers",
			"GET /fetch/api/resources/inspect-headers.py?headers=x-a|x-b HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n\r\n",
			"HTTP/1.1 200 OK\r\nx-request-x-a: 1\r\ncontent-type: text/plain\r\nCache-Control: no-cache\r\nVary: *\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"},
		{"upload lists fields, then files",
			"POST /xhr/resources/upload.py HTTP/1.1\r\nHost: h\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: " + strconv.Itoa(len(multipart)) + "\r\n\r\n" + multipart,
			"HTTP/1.1 200 OK\r\nContent-Length: 26\r\nConnection: close\r\n\r\na=2,z=1,\nf=x.txt:text/x:3,"},
		{"an .asis file as it is", "GET /xhr/resources/h.asis HTTP/1.1\r\nHost: h\r\n\r\n", asis},
		{"a tree file with header pipes",
			"GET /xhr/resources/top.txt?pipe=header(Vary,*)|header(Set-Cookie,a=1,True)|header(Set-Cookie,b=2%3B%20max-age=0,True)|header(X-A,1\\,2) HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nVary: *\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2; max-age=0\r\nX-A: 1,2\r\nContent-Length: 3\r\nConnection: close\r\n\r\ntop"},
		{"a tree file with a .headers file",
			"GET /xhr/resources/cors.txt HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\nContent-Type: text/x\r\nContent-Length: 1\r\nConnection: close\r\n\r\nc"},
		{"redirect.py counts its redirects under a token",
			"GET /fetch/api/resources/redirect.py?token=c&max_count=0&location=x HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nConnection: close\r\n\r\n0"},
		{"a status pipe on a handler",
			"GET /xhr/resources/parse-headers.py?pipe=status(299,Hi) HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 299 Hi\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"},
		{"a pipe with no equivalent",
			"GET /xhr/resources/top.txt?pipe=slice(1) HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 45\r\nConnection: close\r\n\r\npyhandlers: no Go equivalent of pipe slice(1)"},
		{"a tree file trickled: no length, not cached",
			"GET /xhr/resources/top.txt?pipe=status(201)|trickle(1:d0.001:1) HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nCache-Control: no-cache, no-store, must-revalidate\r\nPragma: no-cache\r\nExpires: 0\r\nConnection: close\r\n\r\ntop"},
		{"a trickle with its own cache header",
			"GET /xhr/resources/top.txt?pipe=header(Cache-Control,max-age=5)|trickle(2) HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nCache-Control: max-age=5\r\nConnection: close\r\n\r\ntop"},
		{"a malformed trickle",
			"GET /xhr/resources/top.txt?pipe=trickle(d1:r2) HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 48\r\nConnection: close\r\n\r\npyhandlers: trickle(d1:r2): repeats 2 steps of 1"},
		{"a preflight without Access-Control-Request-Method",
			"OPTIONS /fetch/api/resources/preflight.py HTTP/1.1\r\nHost: h\r\nAccept: */*\r\n\r\n",
			"HTTP/1.1 400 Bad Request\r\nContent-Length: 53\r\nConnection: close\r\n\r\nERROR: No access-control-request-method in preflight!"},
		{"a request no preflight came before",
			"GET /fetch/api/resources/preflight.py?token=t0&origin=http://a,%20http://b HTTP/1.1\r\nHost: h\r\nOrigin: http://a\r\n\r\n",
			"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nAccess-Control-Allow-Origin: http://a\r\nAccess-Control-Allow-Origin: http://b\r\n" +
				"Access-Control-Expose-Headers: x-did-preflight, x-control-request-headers, x-referrer, x-preflight-referrer, x-origin\r\n" +
				"x-did-preflight: 0\r\nx-control-request-headers: \r\nx-preflight-referrer: \r\nx-referrer: \r\nx-origin: http://a\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"},
		{"log.py logs its id",
			"GET /html/semantics/scripting-1/the-script-element/log.py?sec=0&id=7 HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nContent-Length: 8\r\nConnection: close\r\n\r\nlog('7')"},
		{"log.py without its parameters",
			"GET /html/semantics/scripting-1/the-script-element/log.py?id=x HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 400 Invalid parameter\r\nContent-Type: text/javascript\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"},
		{"a .py with no equivalent",
			"GET /x/y.py HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 501 Not Implemented\r\nContent-Type: text/plain\r\nContent-Length: 40\r\nConnection: close\r\n\r\npyhandlers: no Go equivalent of /x/y.py\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rawExchange(t, srv.URL, tt.req); got != tt.want {
				t.Errorf("\n got %q\nwant %q", got, tt.want)
			}
		})
	}
	t.Run("preflight then request", func(t *testing.T) {
		got := rawExchange(t, srv.URL, "OPTIONS /fetch/api/resources/preflight.py?token=t1&control_request_headers&allow_methods=PUT&max_age=0 HTTP/1.1\r\n"+
			"Host: h\r\nAccept: */*\r\nAccess-Control-Request-Method: PUT\r\nAccess-Control-Request-Headers: x-a,x-b\r\nReferer: http://r/\r\n\r\n")
		if want := "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nAccess-Control-Allow-Origin: *\r\nAccess-Control-Max-Age: 0\r\nAccess-Control-Allow-Methods: PUT\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"; got != want {
			t.Errorf("preflight\n got %q\nwant %q", got, want)
		}
		// The other port serves the same, with the same stash.
		got = rawExchange(t, srv.URL2, "PUT /fetch/api/resources/preflight.py?token=t1 HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")
		for _, h := range []string{"\r\nx-did-preflight: 1\r\n", "\r\nx-control-request-headers: x-a,x-b\r\n", "\r\nx-preflight-referrer: http://r/\r\n"} {
			if !strings.Contains(got, h) {
				t.Errorf("request after the preflight: no %q in %q", h, got)
			}
		}
		got = rawExchange(t, srv.URL, "GET /fetch/api/resources/preflight.py?token=t1&clear-stash HTTP/1.1\r\nHost: h\r\n\r\n")
		if !strings.HasSuffix(got, "\r\n\r\n1") {
			t.Errorf("clear-stash: %q", got)
		}
	})
	t.Run("xhr access-control-preflight-denied", func(t *testing.T) {
		u := "/xhr/resources/access-control-preflight-denied.py?token=d"
		steps := []struct{ method, query, body string }{
			{"GET", "&command=reset", "Server state reset"},
			{"OPTIONS", "&command=header", "This request should not be displayed."},
			{"GET", "&command=complete", "Request successfully blocked."},
			{"GET", "&command=header", "FAIL GET: Uninitialized"},
		}
		for _, st := range steps {
			got := rawExchange(t, srv.URL, st.method+" "+u+st.query+" HTTP/1.1\r\nHost: h\r\nOrigin: http://o\r\n\r\n")
			if !strings.HasSuffix(got, "\r\n\r\n"+st.body) || !strings.Contains(got, "\r\nAccess-Control-Allow-Origin: http://o\r\n") {
				t.Errorf("%s %s: %q, want the body %q", st.method, st.query, got, st.body)
			}
		}
	})
	t.Run("xhr redirect-cors", func(t *testing.T) {
		got := rawExchange(t, srv.URL, "GET /xhr/resources/redirect-cors.py?location=http://x/y&allow_origin=true HTTP/1.1\r\nHost: h\r\nOrigin: http://o\r\n\r\n")
		if want := "HTTP/1.1 302 Found\r\nAccess-Control-Allow-Origin: http://o\r\nLocation: http://x/y\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"; got != want {
			t.Errorf("\n got %q\nwant %q", got, want)
		}
		got = rawExchange(t, srv.URL, "OPTIONS /xhr/resources/redirect-cors.py?location=http://x/y&allow_header=x-test HTTP/1.1\r\nHost: h\r\n\r\n")
		if want := "HTTP/1.1 200 OK\r\nAccess-Control-Allow-Headers: x-test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"; got != want {
			t.Errorf("preflight\n got %q\nwant %q", got, want)
		}
	})
	t.Run("stash-put and stash-take", func(t *testing.T) {
		take := "GET /fetch/api/resources/stash-take.py?key=k HTTP/1.1\r\nHost: h\r\n\r\n"
		if got := rawExchange(t, srv.URL, take); !strings.HasSuffix(got, "\r\n\r\nnull") {
			t.Errorf("empty stash: %q", got)
		}
		rawExchange(t, srv.URL, "GET /fetch/api/resources/stash-put.py?key=k&value=v%20w HTTP/1.1\r\nHost: h\r\n\r\n")
		if got := rawExchange(t, srv.URL, take); !strings.HasSuffix(got, "\r\n\r\n\"v w\"") {
			t.Errorf("after a put: %q", got)
		}
		if got := rawExchange(t, srv.URL, take); !strings.HasSuffix(got, "\r\n\r\nnull") {
			t.Errorf("after a take: %q", got)
		}
	})
	t.Run("get-host-info", func(t *testing.T) {
		got := rawExchange(t, srv.URL, "GET /common/get-host-info.sub.js HTTP/1.1\r\nHost: h\r\n\r\n")
		for _, want := range []string{"function get_host_info()", `"HTTP_ORIGIN":"` + srv.URL + `"`, `"HTTP_ORIGIN_WITH_DIFFERENT_PORT":"` + srv.URL2 + `"`,
			`"HTTP_REMOTE_ORIGIN":"` + strings.Replace(srv.URL, "127.0.0.1", "localhost", 1) + `"`} {
			if !strings.Contains(got, want) {
				t.Errorf("no %q in %q", want, got)
			}
		}
	})
	t.Run("port placeholders", func(t *testing.T) {
		name := "Fetch " + srv.URL2 + "/a and " + strings.Replace(srv.URL, "127.0.0.1", "localhost", 1) + "/b"
		if got, want := srv.PortPlaceholders(name), "Fetch http://127.0.0.1:{{ports[http][1]}}/a and http://localhost:{{ports[http][0]}}/b"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	})
	t.Run("a TLS handshake is refused at once", func(t *testing.T) {
		if got := rawExchange(t, srv.URL, "\x16\x03\x01\x00\x05hello"); got != "" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("fallback", func(t *testing.T) {
		got := rawExchange(t, srv.URL, "GET /a/b.html HTTP/1.1\r\nHost: h\r\n\r\n")
		if !strings.HasPrefix(got, "HTTP/1.1 200 OK\r\n") || !strings.Contains(got, "Connection: close\r\n") || !strings.HasSuffix(got, "fallback /a/b.html") {
			t.Errorf("got %q", got)
		}
	})
	t.Run("bad request line", func(t *testing.T) {
		// Not ours: the fallback server answers it (400).
		if got := rawExchange(t, srv.URL, "NONSENSE\r\n\r\n"); !strings.HasPrefix(got, "HTTP/1.1 400") {
			t.Errorf("got %q", got)
		}
	})
}

// rawExchange writes req on a new connection to the server at url and reads
// until the server closes it.
func rawExchange(t *testing.T, url, req string) string {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(got)
}

// writeLog records each Write on its own, to see the parts a stream is
// sent in.
type writeLog []string

func (l *writeLog) Write(p []byte) (int, error) {
	*l = append(*l, string(p))
	return len(p), nil
}

// TestPyhandlersTrickle checks the parts wptserve's trickle pipe sends a
// body in (pyhandlers.ApplyPipes): byte counts in order, the rest at the
// end, a last rN repeating the N steps before it until the body is sent,
// delays that end early when the server closes; and the steps it refuses.
func TestPyhandlersTrickle(t *testing.T) {
	tests := []struct {
		spec  string
		parts []string
	}{
		{"trickle(3)", []string{"abc", "defg"}},
		{"trickle(d0.001:2:d0.001:1:d0.001:r2)", []string{"ab", "c", "d", "e", "f", "g"}},
		{"trickle(1:1:d0:d0.001:9)", []string{"ab", "cdefg"}},
		{"header(X-A,1)|trickle(0:7)", []string{"abcdefg"}},
	}
	for _, tt := range tests {
		resp := pyhandlers.ApplyPipes(&pyhandlers.Response{Status: 200, Body: []byte("abcdefg")}, tt.spec, nil)
		if resp.Stream == nil || resp.Body != nil {
			t.Errorf("%s: not a stream: %+v", tt.spec, resp)
			continue
		}
		var log writeLog
		resp.Stream(&log)
		if strings.Join(log, "|") != strings.Join(tt.parts, "|") {
			t.Errorf("%s: parts %q, want %q", tt.spec, log, tt.parts)
		}
	}
	t.Run("done ends a delay", func(t *testing.T) {
		done := make(chan struct{})
		close(done)
		resp := pyhandlers.ApplyPipes(&pyhandlers.Response{Status: 200, Body: []byte("abc")}, "trickle(1:d30:1)", done)
		var log writeLog
		resp.Stream(&log)
		if strings.Join(log, "|") != "a" {
			t.Errorf("parts %q, want [a]", log)
		}
	})
	for _, bad := range []string{"trickle()", "trickle(x)", "trickle(-1)", "trickle(d-1)", "trickle(d99999)", "trickle(1:r3)",
		"trickle(r2:1)", "trickle(d1:d1:r2)", "trickle(d1:0:r2)", "trickle(1,2)"} {
		resp := pyhandlers.ApplyPipes(&pyhandlers.Response{Status: 200, Body: []byte("abc")}, bad, nil)
		if resp.Status != 500 || resp.Stream != nil {
			t.Errorf("%s: status %d, want a 500", bad, resp.Status)
		}
	}
}
