package bangsnap_test

// The /dyn/ routes of the WPT-format pages: responses computed from the
// request, for the XMLHttpRequest and fetch pages (status lines, headers,
// redirects, bodies, delays). run-chromium.mjs implements the same routes
// (function dyn): for one request both servers write the same bytes. The
// response is written raw on the hijacked connection, so nothing is added
// (no Date, no keep-alive header) and the reason phrase can be anything.
//
//	/dyn/echo   200, application/json: {"method","url","headers","body"}; header
//	            names lowercased and sorted, repeated headers joined with ", ",
//	            every byte of a value or of the body above 0x7e as \u00XX
//	/dyn/body   200, the request body as it came, with the request's
//	            Content-Type (none if it had none)
//	/dyn/resp   a response from the query: status=N (200), reason=text (the
//	            usual phrase of N), type=Content-Type (text/plain;charset=utf-8;
//	            notype leaves it out), header=Name:Value (repeatable, in order),
//	            body=bytes, delay=ms before answering, nolength (no
//	            Content-Length: the body ends when the connection closes)
//
// Query values are percent-decoded to bytes ('+' is a space; a '%' not
// followed by two hex digits stays), so a value can carry any byte. Every
// response has Connection: close; a HEAD response has no body.

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/testdata/wpt/pyhandlers"
)

// wptDynReasons are the reason phrases both servers use by default.
var wptDynReasons = map[int]string{
	200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
	205: "Reset Content", 206: "Partial Content", 301: "Moved Permanently", 302: "Found", 303: "See Other",
	304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
	401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 410: "Gone",
	500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
}

// wptDynJSONString quotes s for /dyn/echo: ", \ and bytes outside
// 0x20..0x7e escaped, each byte on its own.
func wptDynJSONString(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c > 0x7e:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}

// wptDynResponse is what a /dyn/ route answers.
type wptDynResponse struct {
	status  int
	reason  string
	headers [][2]string
	body    []byte
	length  bool // write Content-Length
	delay   time.Duration
}

// wptDynRoute computes the response to a /dyn/ request, or nil for a path
// that is not a route.
func wptDynRoute(method, target, path string, headers [][2]string, body []byte) *wptDynResponse {
	resp := &wptDynResponse{status: 200, reason: "OK", length: true}
	switch path {
	case "/dyn/echo":
		// Headers by lowercased name, values in arrival order.
		byName := map[string][]string{}
		var names []string
		for _, h := range headers {
			n := strings.ToLower(h[0])
			if n == "transfer-encoding" {
				continue
			}
			if _, ok := byName[n]; !ok {
				names = append(names, n)
			}
			byName[n] = append(byName[n], h[1])
		}
		sort.Strings(names)
		var b strings.Builder
		b.WriteString(`{"method":`)
		wptDynJSONString(&b, method)
		b.WriteString(`,"url":`)
		wptDynJSONString(&b, target)
		b.WriteString(`,"headers":{`)
		for i, n := range names {
			if i > 0 {
				b.WriteByte(',')
			}
			wptDynJSONString(&b, n)
			b.WriteByte(':')
			wptDynJSONString(&b, strings.Join(byName[n], ", "))
		}
		b.WriteString(`},"body":`)
		wptDynJSONString(&b, string(body))
		b.WriteString("}")
		resp.headers = [][2]string{{"Content-Type", "application/json"}}
		resp.body = []byte(b.String())
	case "/dyn/body":
		for _, h := range headers {
			if strings.EqualFold(h[0], "Content-Type") {
				resp.headers = [][2]string{{"Content-Type", h[1]}}
				break
			}
		}
		resp.body = body
	case "/dyn/resp":
		_, query, _ := strings.Cut(target, "?")
		ctype, typed := "text/plain;charset=utf-8", true
		var extra [][2]string
		reasonSet := false
		for _, p := range pyhandlers.DecodeQuery(query) {
			switch p.Name {
			case "status":
				if n, err := strconv.Atoi(p.Value); err == nil && n >= 100 && n <= 999 {
					resp.status = n
				}
			case "reason":
				resp.reason, reasonSet = p.Value, true
			case "type":
				ctype = p.Value
			case "notype":
				typed = false
			case "header":
				name, value, _ := strings.Cut(p.Value, ":")
				extra = append(extra, [2]string{name, value})
			case "body":
				resp.body = []byte(p.Value)
			case "delay":
				if n, err := strconv.Atoi(p.Value); err == nil && n > 0 && n <= 10000 {
					resp.delay = time.Duration(n) * time.Millisecond
				}
			case "nolength":
				resp.length = false
			}
		}
		if !reasonSet {
			resp.reason = wptDynReasons[resp.status]
		}
		if typed {
			resp.headers = append(resp.headers, [2]string{"Content-Type", ctype})
		}
		resp.headers = append(resp.headers, extra...)
	default:
		return nil
	}
	return resp
}

// bytes renders the response as it goes on the wire.
func (r *wptDynResponse) bytes(method string) []byte {
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 " + strconv.Itoa(r.status) + " " + r.reason + "\r\n")
	for _, h := range r.headers {
		b.WriteString(h[0] + ": " + h[1] + "\r\n")
	}
	if r.length {
		b.WriteString("Content-Length: " + strconv.Itoa(len(r.body)) + "\r\n")
	}
	b.WriteString("Connection: close\r\n\r\n")
	if method != "HEAD" {
		b.Write(r.body)
	}
	return b.Bytes()
}

// serveWPTDyn answers a /dyn/ request; false if the path is not a route.
func serveWPTDyn(w http.ResponseWriter, r *http.Request) bool {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return true
	}
	headers := [][2]string{{"Host", r.Host}}
	for name, values := range r.Header {
		for _, v := range values {
			headers = append(headers, [2]string{name, v})
		}
	}
	resp := wptDynRoute(r.Method, r.RequestURI, r.URL.Path, headers, body)
	if resp == nil {
		return false
	}
	if resp.delay > 0 {
		time.Sleep(resp.delay)
	}
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return true
	}
	defer conn.Close()
	buf.Write(resp.bytes(r.Method))
	buf.Flush()
	return true
}

// TestWPTDyn pins the bytes of the /dyn/ routes and of a tree file with
// wptserve's pipes; run-chromium.mjs gave the same bytes for these requests
// when they were written.
func TestWPTDyn(t *testing.T) {
	srv := httptest.NewServer(wptHandler())
	defer srv.Close()
	tests := []struct{ req, want string }{
		{"GET /dyn/echo?a=1 HTTP/1.1\r\nHost: h\r\nX-Foo: 1\r\nx-foo: 2\r\nX-Bin: caf\xe9\r\n\r\n",
			"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 106\r\nConnection: close\r\n\r\n" +
				`{"method":"GET","url":"/dyn/echo?a=1","headers":{"host":"h","x-bin":"caf\u00e9","x-foo":"1, 2"},"body":""}`},
		{"POST /dyn/echo HTTP/1.1\r\nHost: h\r\nContent-Type: text/plain\r\nContent-Length: 7\r\n\r\na\"b\\\xff\n\x01",
			"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 141\r\nConnection: close\r\n\r\n" +
				`{"method":"POST","url":"/dyn/echo","headers":{"content-length":"7","content-type":"text/plain","host":"h"},"body":"a\"b\\\u00ff\u000a\u0001"}`},
		{"POST /dyn/body HTTP/1.1\r\nHost: h\r\nContent-Type: x/y;z=1\r\nContent-Length: 4\r\n\r\n\x00\x01\xfe\xff",
			"HTTP/1.1 200 OK\r\nContent-Type: x/y;z=1\r\nContent-Length: 4\r\nConnection: close\r\n\r\n\x00\x01\xfe\xff"},
		{"GET /dyn/body HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"},
		{"GET /dyn/resp?status=299&reason=Hi%20there%E9&header=X-A:%20b&header=Set-Cookie:x=1&body=hello%zz+w HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 299 Hi there\xe9\r\nContent-Type: text/plain;charset=utf-8\r\nX-A:  b\r\nSet-Cookie: x=1\r\nContent-Length: 10\r\nConnection: close\r\n\r\nhello%zz w"},
		{"HEAD /dyn/resp?status=404 HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 404 Not Found\r\nContent-Type: text/plain;charset=utf-8\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"},
		{"GET /dyn/resp?notype&nolength&body=abc HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nabc"},
		// wptserve's pipes on a tree file (wptTreeHandler)
		{"GET /resources/realwpt34-trickle.txt?pipe=status(201)|header(X-A,1)|trickle(3:d0.001:r2) HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 201 Created\r\nContent-Type: text/plain; charset=utf-8\r\nX-A: 1\r\nCache-Control: no-cache, no-store, must-revalidate\r\nPragma: no-cache\r\nExpires: 0\r\nConnection: close\r\n\r\n0123456789abcdefghij"},
		{"GET /resources/realwpt34-trickle.txt?pipe=status(404) HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 20\r\nConnection: close\r\n\r\n0123456789abcdefghij"},
		{"GET /dyn/resp?status=302&header=Location:/dyn/echo&type=text/html HTTP/1.1\r\nHost: h\r\n\r\n",
			"HTTP/1.1 302 Found\r\nContent-Type: text/html\r\nLocation: /dyn/echo\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"},
	}
	for _, tt := range tests {
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		c.Write([]byte(tt.req))
		got, err := io.ReadAll(c)
		c.Close()
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("%q:\n got %q\nwant %q", tt.req, got, tt.want)
		}
	}
}
