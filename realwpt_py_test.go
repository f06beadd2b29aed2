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
