// Package pyhandlers answers, for the real web-platform-tests that
// TestRealWPT (realwpt_test.go) and run-chromium-realwpt.mjs run, the
// requests WPT's own server (wptserve) answers with Python: a Go
// equivalent of each handler the fetched xhr/ and fetch/ tests call, and
// WPT's .asis files (a raw HTTP response stored in the tree). It is test
// code only, kept in one place so that bangsnap and Chromium are served by
// the same implementation: the Go test starts a Server in process, the
// node script runs ./serve in front of its own server.
//
// A Server reads each request's head itself, so the handlers see header
// names as the client sent them and in order (wptserve's raw_headers), and
// writes each response raw, so a reason phrase or a malformed header line
// goes out as the handler made it. Every other request is passed to the
// fallback handler. Each connection carries one request.
//
// For cross-origin tests a Server listens on two ports, answers WPT's
// /common/get-host-info.sub.js with them (see [Server.HostInfo]), keeps
// wptserve's stash for the handlers that use one and applies wptserve's
// header, status and trickle pipes (?pipe=) to the tree's files and its
// handlers' responses.
//
// It must never be imported by the library: it lives under testdata.
package pyhandlers

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A Request is what a handler sees: wptserve's request, reduced to what
// the handlers here read.
type Request struct {
	Method   string
	Target   string // the request line's target, as sent
	Path     string // percent-decoded path
	RawQuery string
	// Query holds the query's pairs in order, decoded to bytes as
	// wptserve's request.GET ('+' is a space).
	Query []Pair
	// Headers are the header lines as sent: names in the client's case.
	Headers []Pair
	Body    []byte

	// srv is the server the request came to (its stash and origins);
	// nil for a request made outside a Server.
	srv *Server
}

// A Pair is a name and a value, as bytes in strings.
type Pair struct{ Name, Value string }

// First is wptserve's request.GET.first: the first value of name, or def.
func (r *Request) First(name, def string) string {
	for _, p := range r.Query {
		if p.Name == name {
			return p.Value
		}
	}
	return def
}

// Has says whether the query has name.
func (r *Request) Has(name string) bool {
	for _, p := range r.Query {
		if p.Name == name {
			return true
		}
	}
	return false
}

// Header is wptserve's request.headers.get: the first value of the header
// named name in any case, or def.
func (r *Request) Header(name, def string) string {
	for _, h := range r.Headers {
		if strings.EqualFold(h.Name, name) {
			return h.Value
		}
	}
	return def
}

// A Response is written as it is: the status line, the headers in order,
// Content-Length (unless Raw), Connection: close and the body.
type Response struct {
	Status  int
	Reason  string // the usual phrase of Status when empty
	Headers []Pair
	Body    []byte
	// Raw, when set, is written instead of all of the above (.asis files,
	// handlers that write to the socket themselves).
	Raw []byte
	// Delay is waited before answering.
	Delay time.Duration
	// Stream, when set, writes the body after the head (which then has
	// no Content-Length: the body ends when the connection closes) until
	// it returns; a write fails once the client has gone.
	Stream func(w io.Writer)
}

// Bytes renders the response as it goes on the wire; a HEAD response has
// no body (unless it is Raw).
func (r *Response) Bytes(method string) []byte {
	if r.Raw != nil {
		return r.Raw
	}
	var b bytes.Buffer
	reason := r.Reason
	if reason == "" {
		reason = http.StatusText(r.Status)
	}
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", r.Status, reason)
	for _, h := range r.Headers {
		b.WriteString(h.Name + ": " + h.Value + "\r\n")
	}
	if r.Stream == nil {
		b.WriteString("Content-Length: " + strconv.Itoa(len(r.Body)) + "\r\n")
	}
	b.WriteString("Connection: close\r\n\r\n")
	if method != "HEAD" {
		b.Write(r.Body)
	}
	return b.Bytes()
}

// Send writes the response to w as it goes on the wire (see Bytes), its
// Stream after the head; it returns the head's write error.
func (r *Response) Send(w io.Writer, method string) error {
	if _, err := w.Write(r.Bytes(method)); err != nil {
		return err
	}
	if r.Stream != nil && method != "HEAD" && r.Raw == nil {
		r.Stream(w)
	}
	return nil
}

// A Handler computes the response to one request.
type Handler func(r *Request) *Response

// handlers are the Python handlers of WPT that have a Go equivalent here,
// by their path in WPT's tree.
var handlers = map[string]Handler{
	"/xhr/resources/content.py":                                                  xhrContent,
	"/xhr/resources/status.py":                                                   xhrStatus,
	"/xhr/resources/inspect-headers.py":                                          xhrInspectHeaders,
	"/xhr/resources/parse-headers.py":                                            xhrParseHeaders,
	"/xhr/resources/echo-method.py":                                              xhrEchoMethod,
	"/xhr/resources/redirect.py":                                                 xhrRedirect,
	"/xhr/resources/headers.py":                                                  xhrHeaders,
	"/xhr/resources/upload.py":                                                   xhrUpload,
	"/xhr/resources/requri.py":                                                   xhrRequestURI,
	"/fetch/api/resources/inspect-headers.py":                                    fetchInspectHeaders,
	"/fetch/api/resources/echo-content.py":                                       fetchEchoContent,
	"/fetch/api/resources/method.py":                                             fetchMethod,
	"/fetch/api/resources/redirect.py":                                           fetchRedirect,
	"/fetch/api/resources/preflight.py":                                          fetchPreflight,
	"/fetch/api/resources/clean-stash.py":                                        fetchCleanStash,
	"/fetch/api/resources/stash-put.py":                                          fetchStashPut,
	"/fetch/api/resources/stash-take.py":                                         fetchStashTake,
	"/fetch/api/resources/infinite-slow-response.py":                             fetchInfiniteSlowResponse,
	"/xhr/resources/access-control-basic-allow.py":                               xhrBasicAllow,
	"/xhr/resources/access-control-basic-allow-star.py":                          xhrBasicAllowStar,
	"/xhr/resources/access-control-basic-denied.py":                              xhrBasicDenied,
	"/xhr/resources/access-control-basic-options-not-supported.py":               xhrOptionsNotSupported,
	"/xhr/resources/access-control-basic-put-allow.py":                           xhrBasicPutAllow,
	"/xhr/resources/access-control-basic-cors-safelisted-request-headers.py":     xhrCORSSafelistedHeaders,
	"/xhr/resources/access-control-preflight-request-header-sorted.py":           xhrPreflightHeaderSorted,
	"/xhr/resources/access-control-preflight-request-invalid-status.py":          xhrPreflightInvalidStatus,
	"/xhr/resources/access-control-allow-with-body.py":                           xhrAllowWithBody,
	"/xhr/resources/access-control-preflight-denied.py":                          xhrPreflightDenied,
	"/xhr/resources/access-control-cookie.py":                                    xhrCookie,
	"/xhr/resources/access-control-preflight-request-must-not-contain-cookie.py": xhrPreflightNoCookie,
	"/xhr/resources/corsenabled.py":                                              xhrCORSEnabled,
	"/xhr/resources/access-control-allow-lists.py":                               xhrAllowLists,
	"/xhr/resources/access-control-preflight-request-headers-origin.py":          xhrPreflightHeadersOrigin,
	"/xhr/resources/delay.py":                                                    xhrDelay,
	"/xhr/resources/redirect-cors.py":                                            xhrRedirectCORS,
	"/html/semantics/scripting-1/the-script-element/log.py":                      scriptLog,
	"/common/slow.py":                                                            commonSlow,
	"/common/handlers/slow.py":                                                   commonSlow,
}

// Answers says whether a request for p is answered here: a handler's path,
// any other .py path (a 501 that names it: no Go equivalent yet) or an
// .asis file of the tree at root.
func Answers(root, p string) bool {
	switch path.Ext(p) {
	case ".py":
		return true
	case ".asis":
		_, err := os.Stat(asisFile(root, p))
		return err == nil && !strings.Contains(p, "..")
	}
	return isHostInfo(p) || hasHeadersFile(root, p)
}

func asisFile(root, p string) string {
	return filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(p, "/")))
}

// Respond computes the response to a request Answers took (or one with
// a pipe= query, see [Pipes]): a handler's, an .asis file's or, with
// pipes, the tree's file; then the query's pipes apply.
func Respond(root string, r *Request) *Response {
	resp := respond(root, r)
	if r.Has("pipe") {
		var done <-chan struct{}
		if r.srv != nil {
			done = r.srv.done
		}
		resp = ApplyPipes(resp, r.First("pipe", ""), done)
	}
	return resp
}

func respond(root string, r *Request) *Response {
	if h := handlers[r.Path]; h != nil {
		return h(r)
	}
	if isHostInfo(r.Path) {
		return hostInfo(r)
	}
	if (r.Has("pipe") || hasHeadersFile(root, r.Path)) && path.Ext(r.Path) != ".py" {
		return treeFile(root, r.Path)
	}
	if path.Ext(r.Path) == ".asis" && !strings.Contains(r.Path, "..") {
		if b, err := os.ReadFile(asisFile(root, r.Path)); err == nil {
			return &Response{Raw: b}
		}
	}
	return &Response{Status: http.StatusNotImplemented, Headers: []Pair{{"Content-Type", "text/plain"}},
		Body: []byte("pyhandlers: no Go equivalent of " + r.Path + "\n")}
}

// xhrContent is xhr/resources/content.py: the request's method, query,
// Content-Length and Content-Type in X-Request-* headers; the body is the
// content parameter or the request's body.
func xhrContent(r *Request) *Response {
	ctype := "text/plain"
	if r.Has("response_charset_label") {
		ctype += ";charset=" + r.First("response_charset_label", "")
	}
	query := r.RawQuery
	if query == "" {
		query = "NO"
	}
	body := r.Body
	if r.Has("content") {
		body = []byte(r.First("content", ""))
	}
	return &Response{Status: 200, Headers: []Pair{
		{"Content-type", ctype},
		{"X-Request-Method", r.Method},
		{"X-Request-Query", query},
		{"X-Request-Content-Length", r.Header("Content-Length", "NO")},
		{"X-Request-Content-Type", r.Header("Content-Type", "NO")},
	}, Body: body}
}

// xhrStatus is xhr/resources/status.py: status code and text, body and
// Content-Type (empty when not given) from the query.
func xhrStatus(r *Request) *Response {
	code, err := strconv.Atoi(r.First("code", "200"))
	if err != nil {
		return &Response{Status: 500, Body: []byte(err.Error())}
	}
	return &Response{Status: code, Reason: r.First("text", "OMG"), Headers: []Pair{
		{"Content-Type", r.First("type", "")},
		{"X-Request-Method", r.Method},
	}, Body: []byte(r.First("content", ""))}
}

// xhrInspectHeaders is xhr/resources/inspect-headers.py: the request's
// header lines named filter_name ("name: value\n" each, the name as sent),
// or the names of those whose value is filter_value ("name," each).
func xhrInspectHeaders(r *Request) *Response {
	var headers []Pair
	if r.Has("cors") {
		headers = append(headers,
			Pair{"Access-Control-Allow-Origin", "*"},
			Pair{"Access-Control-Allow-Credentials", "true"},
			Pair{"Access-Control-Allow-Methods", "GET, POST, PUT, FOO"},
			Pair{"Access-Control-Allow-Headers", "x-test, x-foo"},
			Pair{"Access-Control-Expose-Headers", "x-request-method, x-request-content-type, x-request-query, x-request-content-length"})
	}
	headers = append(headers, Pair{"content-type", "text/plain"})
	filterValue := r.First("filter_value", "")
	filterName := strings.ToLower(r.First("filter_name", ""))
	var b strings.Builder
	for _, h := range r.Headers {
		switch {
		case filterValue != "":
			if h.Value == filterValue {
				b.WriteString(h.Name + ",")
			}
		case strings.ToLower(h.Name) == filterName:
			b.WriteString(h.Name + ": " + h.Value + "\n")
		}
	}
	return &Response{Status: 200, Headers: headers, Body: []byte(b.String())}
}

// xhrParseHeaders is xhr/resources/parse-headers.py: My-Custom-Header set
// to the my-custom-header parameter, bytes as they are.
func xhrParseHeaders(r *Request) *Response {
	resp := &Response{Status: 200}
	if r.Has("my-custom-header") {
		resp.Headers = []Pair{{"My-Custom-Header", r.First("my-custom-header", "")}}
	}
	return resp
}

// xhrEchoMethod is xhr/resources/echo-method.py: the method as the body,
// written with the head in one piece, LF line ends and all, even for HEAD.
func xhrEchoMethod(r *Request) *Response {
	return &Response{Raw: fmt.Appendf(nil, "HTTP/1.1 200 OK\nContent-type: text/plain\nContent-Length: %d\n\n%s", len(r.Method), r.Method)}
}

// xhrRedirect is xhr/resources/redirect.py: a redirect (code, default 302)
// to location (default this path with ?followed), after delay ms; the
// followed request gets "MAGIC HAPPENED" (with the handler's malformed
// "Content:Type" header line).
func xhrRedirect(r *Request) *Response {
	code, err := strconv.Atoi(r.First("code", "302"))
	if err != nil {
		return &Response{Status: 500, Body: []byte(err.Error())}
	}
	resp := &Response{Status: code, Reason: "WEBSRT MARKETING",
		Headers: []Pair{{"Location", r.First("location", r.Path+"?followed")}}, Body: []byte("TEST")}
	if d := r.First("delay", ""); d != "" {
		ms, err := strconv.ParseFloat(d, 64)
		if err == nil && ms > 0 && ms <= 10000 {
			resp.Delay = time.Duration(ms * float64(time.Millisecond))
		}
	}
	if r.Has("followed") {
		resp.Status, resp.Reason = 200, ""
		resp.Headers = []Pair{{"Content:Type", "text/plain"}}
		resp.Body = []byte("MAGIC HAPPENED")
	}
	return resp
}

// xhrHeaders is xhr/resources/headers.py: a fixed set of response headers
// (a repeated one, an empty one, Set-Cookie, UTF-8 bytes) and "TEST".
func xhrHeaders(r *Request) *Response {
	return &Response{Status: 200, Headers: []Pair{
		{"Content-Type", "text/plain"},
		{"X-Custom-Header", "test"},
		{"Set-Cookie", "test"},
		{"Set-Cookie2", "test"},
		{"X-Custom-Header-Empty", ""},
		{"X-Custom-Header-Comma", "1"},
		{"X-Custom-Header-Comma", "2"},
		{"X-Custom-Header-Bytes", "\xe2\x80\xa6"},
	}, Body: []byte("TEST")}
}

// xhrUpload is xhr/resources/upload.py: the posted form's fields, sorted
// by name, "name=value," each, a newline, then its files,
// "name=filename:type:length," each (type None when the part has none).
func xhrUpload(r *Request) *Response {
	type field struct{ name, text string }
	var fields, files []field
	ctype := r.Header("Content-Type", "")
	mt, params, _ := mime.ParseMediaType(ctype)
	switch mt {
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(r.Body), params["boundary"])
		for {
			part, err := mr.NextRawPart()
			if err != nil {
				break
			}
			data, err := io.ReadAll(part)
			if err != nil {
				return &Response{Status: 400, Body: []byte(err.Error())}
			}
			name := part.FormName()
			if _, disp, _ := mime.ParseMediaType(part.Header.Get("Content-Disposition")); disp != nil {
				if _, isFile := disp["filename"]; isFile {
					ct := "None"
					if v := part.Header.Values("Content-Type"); len(v) > 0 {
						ct = v[0]
					}
					files = append(files, field{name, part.FileName() + ":" + ct + ":" + strconv.Itoa(len(data))})
					continue
				}
			}
			fields = append(fields, field{name, string(data)})
		}
	case "application/x-www-form-urlencoded":
		for _, p := range DecodeQuery(string(r.Body)) {
			fields = append(fields, field{p.Name, p.Value})
		}
	}
	// request.POST keeps the first value of a name.
	first := func(fs []field) []field {
		seen := map[string]bool{}
		var out []field
		for _, f := range fs {
			if !seen[f.name] {
				seen[f.name] = true
				out = append(out, f)
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return out[i].name < out[j].name })
		return out
	}
	var b strings.Builder
	for _, f := range first(fields) {
		b.WriteString(f.name + "=" + f.text + ",")
	}
	b.WriteString("\n")
	for _, f := range first(files) {
		b.WriteString(f.name + "=" + f.text + ",")
	}
	return &Response{Status: 200, Body: []byte(b.String())}
}

// xhrRequestURI is xhr/resources/requri.py: the request's URL, as the
// server saw it (http://host/path?query).
func xhrRequestURI(r *Request) *Response {
	u := "http://" + r.Header("Host", "") + r.Target
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "text/plain"}}, Body: []byte(u)}
}

// fetchInspectHeaders is fetch/api/resources/inspect-headers.py: each
// header named in headers=a|b echoed as x-request-a, with CORS headers
// when cors is given.
func fetchInspectHeaders(r *Request) *Response {
	var headers []Pair
	var checked []string
	if r.Has("headers") {
		checked = strings.Split(r.First("headers", ""), "|")
		for _, name := range checked {
			if v, ok := r.lookup(name); ok {
				headers = append(headers, Pair{"x-request-" + name, v})
			}
		}
	}
	if r.Has("cors") {
		origin, ok := r.lookup("Origin")
		if !ok {
			origin = "*"
		}
		exposed := make([]string, len(checked))
		for i, name := range checked {
			exposed[i] = "x-request-" + name
		}
		headers = append(headers,
			Pair{"Access-Control-Allow-Origin", origin},
			Pair{"Access-Control-Allow-Credentials", "true"},
			Pair{"Access-Control-Allow-Methods", "GET, POST, HEAD"},
			Pair{"Access-Control-Expose-Headers", strings.Join(exposed, ", ")})
		allow := r.First("allow_headers", "")
		if !r.Has("allow_headers") {
			var names []string
			seen := map[string]bool{}
			for _, h := range r.Headers {
				n := strings.ToLower(h.Name)
				if !seen[n] {
					seen[n] = true
					names = append(names, n)
				}
			}
			allow = strings.Join(names, ", ")
		}
		headers = append(headers, Pair{"Access-Control-Allow-Headers", allow})
	}
	headers = append(headers, Pair{"content-type", "text/plain"}, Pair{"Cache-Control", "no-cache"}, Pair{"Vary", "*"})
	return &Response{Status: 200, Headers: headers}
}

func (r *Request) lookup(name string) (string, bool) {
	for _, h := range r.Headers {
		if strings.EqualFold(h.Name, name) {
			return h.Value, true
		}
	}
	return "", false
}

// fetchEchoContent is fetch/api/resources/echo-content.py: the request's
// body, with its method, Content-Length, Content-Type and Referer in
// X-Request-* headers.
func fetchEchoContent(r *Request) *Response {
	return &Response{Status: 200, Headers: []Pair{
		{"X-Request-Method", r.Method},
		{"X-Request-Content-Length", r.Header("Content-Length", "NO")},
		{"X-Request-Content-Type", r.Header("Content-Type", "NO")},
		{"X-Request-Referer", r.Header("Referer", "NO")},
		{"Content-Type", "text/plain"},
	}, Body: r.Body}
}

// fetchMethod is fetch/api/resources/method.py: the request's method and
// content headers in x-request-* headers, its body as the body.
func fetchMethod(r *Request) *Response {
	var headers []Pair
	if r.Has("cors") {
		headers = append(headers,
			Pair{"Access-Control-Allow-Origin", "*"},
			Pair{"Access-Control-Allow-Credentials", "true"},
			Pair{"Access-Control-Allow-Methods", "GET, POST, PUT, FOO"},
			Pair{"Access-Control-Allow-Headers", "x-test, x-foo"},
			Pair{"Access-Control-Expose-Headers", "x-request-method"})
	}
	headers = append(headers, Pair{"x-request-method", r.Method})
	for _, n := range []string{"Content-Length", "Content-Type", "Content-Encoding", "Content-Language", "Content-Location"} {
		headers = append(headers, Pair{"x-request-" + strings.ToLower(n), r.Header(n, "NO")})
	}
	return &Response{Status: 200, Headers: headers, Body: r.Body}
}

// fetchRedirect is fetch/api/resources/redirect.py: a redirect with
// redirect_status (302) to location, whose http(s) or relative URL gets
// this request's parameters and count (how many times token was asked,
// kept in the stash) appended unless simple is given; CORS headers for the
// request's Origin; a preflight (OPTIONS) is answered 200 unless
// redirect_preflight is given; past max_count the answer is 200 with the
// count of redirects as its body.
func fetchRedirect(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}, {"Cache-Control", "no-cache"}, {"Pragma", "no-cache"}}
	if origin, ok := r.lookup("Origin"); ok {
		headers = append(headers, Pair{"Access-Control-Allow-Origin", origin}, Pair{"Access-Control-Allow-Credentials", "true"})
	} else {
		headers = append(headers, Pair{"Access-Control-Allow-Origin", "*"})
	}
	// The stash keeps, under token, how many times this was asked and
	// whether a preflight came.
	st, token := stashOf(r), r.First("token", "")
	count, preflight := 0, "0"
	if token != "" {
		if v, ok := st.take(r.Path, token); ok {
			n, p, _ := strings.Cut(v, " ")
			count, _ = strconv.Atoi(n)
			preflight = p
		}
	}
	save := func() {
		if token != "" {
			st.put(r.Path, token, strconv.Itoa(count)+" "+preflight)
		}
	}
	if r.Method == "OPTIONS" {
		if r.Has("allow_headers") {
			headers = append(headers, Pair{"Access-Control-Allow-Headers", r.First("allow_headers", "")})
		}
		preflight = "1"
		if !r.Has("redirect_preflight") {
			save()
			return &Response{Status: 200, Headers: headers}
		}
	}
	count++
	status := 302
	if r.Has("redirect_status") {
		n, err := strconv.Atoi(r.First("redirect_status", ""))
		if err != nil {
			return &Response{Status: 500, Body: []byte(err.Error())}
		}
		status = n
	}
	if r.Has("location") {
		loc := r.First("location", "")
		scheme := ""
		if i := strings.IndexAny(loc, ":/?#"); i > 0 && loc[i] == ':' {
			scheme = strings.ToLower(loc[:i])
		}
		if (scheme == "" || scheme == "http" || scheme == "https") && !strings.Contains(loc, "#") && !r.Has("simple") {
			if strings.Contains(loc, "?") {
				loc += "&"
			} else {
				loc += "?"
			}
			// The parameters again (each name once, its first value),
			// urlencoded as Python's urlencode does.
			seen := map[string]bool{}
			var parts []string
			for _, p := range r.Query {
				if !seen[p.Name] {
					seen[p.Name] = true
					parts = append(parts, url.QueryEscape(p.Name)+"="+url.QueryEscape(r.First(p.Name, "")))
				}
			}
			loc += strings.Join(parts, "&") + "&count=" + strconv.Itoa(count)
		}
		headers = append(headers, Pair{"Location", loc})
	}
	if r.Has("redirect_referrerpolicy") {
		headers = append(headers, Pair{"Referrer-Policy", r.First("redirect_referrerpolicy", "")})
	}
	resp := &Response{Status: status, Headers: headers}
	if d := r.First("delay", ""); d != "" {
		if ms, err := strconv.ParseFloat(d, 64); err == nil && ms > 0 && ms <= 10000 {
			resp.Delay = time.Duration(ms * float64(time.Millisecond))
		}
	}
	if token != "" {
		save()
		if max, err := strconv.Atoi(r.First("max_count", "")); err == nil && count > max {
			// The redirects stop: the body says how many there were.
			return &Response{Status: 200, Body: []byte(strconv.Itoa(count - 1)), Delay: resp.Delay}
		}
	}
	return resp
}

// DecodeQuery splits a raw query into its pairs, in order, percent-decoded
// to bytes ('+' is a space; a '%' not followed by two hex digits stays).
// TestWPT's /dyn/resp reads its parameters with it too.
func DecodeQuery(raw string) []Pair {
	var out []Pair
	for part := range strings.SplitSeq(raw, "&") {
		if part == "" {
			continue
		}
		name, value, _ := strings.Cut(part, "=")
		out = append(out, Pair{unescape(name, true), unescape(value, true)})
	}
	return out
}

func unescape(s string, plus bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '+' && plus:
			b.WriteByte(' ')
		case c == '%' && i+2 < len(s) && unhex(s[i+1]) >= 0 && unhex(s[i+2]) >= 0:
			b.WriteByte(byte(unhex(s[i+1])<<4 | unhex(s[i+2])))
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// maxHead bounds a request's head; maxBody its body.
const (
	maxHead = 64 << 10
	maxBody = 32 << 20
)

// ReadRequest reads one request's head (and, when the path is answered
// here, its body) from br. head is every byte read of the head, for the
// fallback to read again.
func ReadRequest(br *bufio.Reader) (req *Request, head []byte, err error) {
	var lines []string
	for {
		line, err := br.ReadSlice('\n')
		head = append(head, line...)
		if err != nil {
			return nil, head, fmt.Errorf("pyhandlers: reading a request head: %w", err)
		}
		if len(head) > maxHead {
			return nil, head, errors.New("pyhandlers: request head too long")
		}
		l := strings.TrimRight(string(line), "\r\n")
		if l == "" {
			if len(lines) == 0 {
				continue // blank lines before the request line
			}
			break
		}
		lines = append(lines, l)
	}
	parts := strings.Fields(lines[0])
	if len(parts) != 3 {
		return nil, head, fmt.Errorf("pyhandlers: bad request line %q", lines[0])
	}
	req = &Request{Method: parts[0], Target: parts[1]}
	target, query, _ := strings.Cut(parts[1], "?")
	req.Path, req.RawQuery = unescape(target, false), query
	req.Query = DecodeQuery(query)
	for _, l := range lines[1:] {
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			return nil, head, fmt.Errorf("pyhandlers: bad header line %q", l)
		}
		req.Headers = append(req.Headers, Pair{name, strings.TrimLeft(value, " \t")})
	}
	return req, head, nil
}

// readBody reads the body the head announces (Content-Length or chunked).
func readBody(req *Request, br *bufio.Reader) error {
	var r io.Reader
	switch {
	case strings.EqualFold(req.Header("Transfer-Encoding", ""), "chunked"):
		r = httputil.NewChunkedReader(br)
	case req.Header("Content-Length", "") != "":
		n, err := strconv.ParseInt(strings.TrimSpace(req.Header("Content-Length", "")), 10, 64)
		if err != nil || n < 0 || n > maxBody {
			return fmt.Errorf("pyhandlers: bad Content-Length %q", req.Header("Content-Length", ""))
		}
		r = io.LimitReader(br, n)
	default:
		return nil
	}
	b, err := io.ReadAll(io.LimitReader(r, maxBody))
	if err != nil {
		return fmt.Errorf("pyhandlers: reading a request body: %w", err)
	}
	req.Body = b
	return nil
}

// A Server listens on two ports of 127.0.0.1 (two origins, which
// localhost gives two more: see [Server.HostInfo]), answers handler paths
// and .asis files of its tree itself and passes every other request to its
// fallback. Both ports serve the same.
type Server struct {
	URL  string // http://127.0.0.1:port, where the tests are loaded from
	URL2 string // http://127.0.0.1:port2, the same with another port

	stash    stash
	root     string
	ln, ln2  net.Listener
	fallback *http.Server
	conns    chan net.Conn
	done     chan struct{}
	once     sync.Once
	wg       sync.WaitGroup
}

// Start listens on a free loopback port and serves the tree at root, with
// fallback for what is not answered here.
func Start(root string, fallback http.Handler) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("pyhandlers: %w", err)
	}
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		ln.Close()
		return nil, fmt.Errorf("pyhandlers: %w", err)
	}
	s := &Server{URL: "http://" + ln.Addr().String(), URL2: "http://" + ln2.Addr().String(), root: root, ln: ln, ln2: ln2,
		conns: make(chan net.Conn), done: make(chan struct{})}
	// One request a connection: the next one must come back through
	// serveConn, which decides who answers it.
	s.fallback = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close")
		fallback.ServeHTTP(w, r)
	}), ReadHeaderTimeout: time.Minute}
	s.wg.Add(3)
	go func() {
		defer s.wg.Done()
		s.fallback.Serve(chanListener{s})
	}()
	for _, l := range []net.Listener{ln, ln2} {
		go func() {
			defer s.wg.Done()
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				s.wg.Add(1)
				go func() {
					defer s.wg.Done()
					s.serveConn(c)
				}()
			}
		}()
	}
	return s, nil
}

// Close stops the server and waits for its connections to end.
func (s *Server) Close() {
	s.once.Do(func() {
		close(s.done)
		s.ln.Close()
		s.ln2.Close()
		s.fallback.Close()
	})
	s.wg.Wait()
}

func (s *Server) serveConn(c net.Conn) {
	c.SetReadDeadline(time.Now().Add(time.Minute))
	br := bufio.NewReader(c)
	if b, err := br.Peek(1); err == nil && b[0] == 0x16 {
		// A TLS handshake (the https: origins of HostInfo): nothing
		// here speaks TLS, so the client is told at once.
		c.Close()
		return
	}
	req, head, err := ReadRequest(br)
	if err == nil && (Answers(s.root, req.Path) || req.Has("pipe")) {
		defer c.Close()
		req.srv = s
		var resp *Response
		if err := readBody(req, br); err != nil {
			resp = &Response{Status: 400, Body: []byte(err.Error())}
		} else if resp = Respond(s.root, req); resp.Delay > 0 {
			select {
			case <-time.After(resp.Delay):
			case <-s.done:
			}
		}
		c.SetReadDeadline(time.Time{})
		resp.Send(c, req.Method)
		return
	}
	if len(head) == 0 {
		c.Close()
		return
	}
	c.SetReadDeadline(time.Time{})
	select {
	case s.conns <- &replayConn{Conn: c, r: io.MultiReader(bytes.NewReader(head), br)}:
	case <-s.done:
		c.Close()
	}
}

// chanListener hands serveConn's connections to the fallback server.
type chanListener struct{ s *Server }

func (l chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.s.conns:
		return c, nil
	case <-l.s.done:
		return nil, net.ErrClosed
	}
}
func (l chanListener) Close() error   { return nil }
func (l chanListener) Addr() net.Addr { return l.s.ln.Addr() }

// replayConn reads again what serveConn read of the request.
type replayConn struct {
	net.Conn
	r io.Reader
}

func (c *replayConn) Read(p []byte) (int, error) { return c.r.Read(p) }
