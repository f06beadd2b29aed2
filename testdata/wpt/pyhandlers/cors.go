package pyhandlers

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// HostInfo is what WPT's /common/get-host-info.sub.js returns here, which
// wptserve makes by substituting its hosts and ports. The tests are loaded
// from 127.0.0.1 on the first port; the second port of 127.0.0.1 is the
// same host with another port (same site, another origin); localhost is the
// "remote" host (WPT's www1 subdomain: another origin, here another site
// too, so it also stands for the not-same-site host). HTTPS origins name
// the first port with https:, where nothing answers TLS: a request to them
// fails, in Chromium as in bangsnap.
func (s *Server) HostInfo() map[string]string {
	p1 := strings.TrimPrefix(s.URL, "http://127.0.0.1:")
	p2 := strings.TrimPrefix(s.URL2, "http://127.0.0.1:")
	const host, remote = "127.0.0.1", "localhost"
	return map[string]string{
		"HTTP_PORT":                              p1,
		"HTTP_PORT2":                             p2,
		"HTTPS_PORT":                             p1,
		"ORIGINAL_HOST":                          host,
		"REMOTE_HOST":                            remote,
		"NOTSAMESITE_HOST":                       remote,
		"ORIGIN":                                 "http://" + host + ":" + p1,
		"HTTP_ORIGIN":                            "http://" + host + ":" + p1,
		"HTTPS_ORIGIN":                           "https://" + host + ":" + p1,
		"HTTPS_ORIGIN_WITH_CREDS":                "https://foo:bar@" + host + ":" + p1,
		"HTTP_ORIGIN_WITH_DIFFERENT_PORT":        "http://" + host + ":" + p2,
		"REMOTE_ORIGIN":                          "http://" + remote + ":" + p1,
		"HTTP_REMOTE_ORIGIN":                     "http://" + remote + ":" + p1,
		"HTTP_REMOTE_ORIGIN_WITH_DIFFERENT_PORT": "http://" + remote + ":" + p2,
		"HTTPS_REMOTE_ORIGIN":                    "https://" + remote + ":" + p1,
		"HTTPS_REMOTE_ORIGIN_WITH_CREDS":         "https://foo:bar@" + remote + ":" + p1,
		"HTTP_NOTSAMESITE_ORIGIN":                "http://" + remote + ":" + p1,
		"HTTPS_NOTSAMESITE_ORIGIN":               "https://" + remote + ":" + p1,
		"UNAUTHENTICATED_ORIGIN":                 "http://" + remote + ":" + p1,
		"AUTHENTICATED_ORIGIN":                   "http://" + host + ":" + p1,
	}
}

// PortPlaceholders rewrites the server's origins in s (a subtest's name
// that holds a URL) with wptserve's placeholders for their ports
// ({{ports[http][0]}} and [1]), so that names from runs on other ports
// compare equal; run-chromium-realwpt.mjs does the same to Chromium's.
func (s *Server) PortPlaceholders(name string) string {
	p1 := strings.TrimPrefix(s.URL, "http://127.0.0.1:")
	p2 := strings.TrimPrefix(s.URL2, "http://127.0.0.1:")
	var pairs []string
	for _, host := range []string{"127.0.0.1:", "localhost:"} {
		pairs = append(pairs, host+p1, host+"{{ports[http][0]}}", host+p2, host+"{{ports[http][1]}}")
	}
	return strings.NewReplacer(pairs...).Replace(name)
}

// isHostInfo says whether p is get-host-info.sub.js (stored tests load it
// from /common/ and from /common/utils/).
func isHostInfo(p string) bool {
	return strings.HasPrefix(p, "/common/") && path.Base(p) == "get-host-info.sub.js"
}

// hostInfo answers get-host-info.sub.js: get_host_info() returning the
// server's HostInfo.
func hostInfo(r *Request) *Response {
	if r.srv == nil {
		return &Response{Status: 500, Body: []byte("pyhandlers: get-host-info.sub.js needs a Server")}
	}
	b, err := json.Marshal(r.srv.HostInfo())
	if err != nil {
		return &Response{Status: 500, Body: []byte(err.Error())}
	}
	js := "// get-host-info.sub.js as pyhandlers makes it (WPT's is a template wptserve fills in).\n" +
		"function get_host_info() {\n  return " + string(b) + ";\n}\n"
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "text/javascript; charset=utf-8"}, {"Cache-Control", "no-cache"}}, Body: []byte(js)}
}

// A stash is wptserve's: values put under a key in a scope (a path, by
// default the handler's own) that a take removes; shared by both ports.
type stash struct {
	mu     sync.Mutex
	values map[[2]string]string
}

func (s *stash) put(scope, key, value string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.values == nil {
		s.values = map[[2]string]string{}
	}
	s.values[[2]string{scope, key}] = value
}

func (s *stash) take(scope, key string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.values[[2]string{scope, key}]
	delete(s.values, [2]string{scope, key})
	return v, ok
}

// stashOf is the request's server's stash (a throwaway one outside a
// Server).
func stashOf(r *Request) *stash {
	if r.srv == nil {
		return new(stash)
	}
	return &r.srv.stash
}

// preflightState is what preflight.py keeps of a preflight for the request
// that follows it, in its stash under the request's token.
type preflightState struct {
	Preflight      string  `json:"preflight"`
	RequestHeaders *string `json:"control_request_headers"` // nil: the preflight had none
	Referrer       string  `json:"preflight_referrer"`
	UserAgent      string  `json:"preflight_user_agent"`
}

// fetchPreflight is fetch/api/resources/preflight.py: Access-Control-Allow-
// Origin from origin (each of a ", " list) or *; with clear-stash, takes
// token's record and answers 1 if there was one, else 0; Allow-Credentials
// with credentials; a preflight (OPTIONS) must have Access-Control-Request-Method
// and Accept: */*, is answered with preflight_status (200) and the
// max_age, allow_headers and allow_methods given, and is recorded under
// token; the request after it reports that record (x-did-preflight,
// x-control-request-headers, x-preflight-referrer) and its own Referer and
// Origin, exposed.
func fetchPreflight(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}}
	if r.Has("origin") {
		for o := range strings.SplitSeq(r.First("origin", ""), ", ") {
			headers = append(headers, Pair{"Access-Control-Allow-Origin", o})
		}
	} else {
		headers = append(headers, Pair{"Access-Control-Allow-Origin", "*"})
	}
	st := stashOf(r)
	token := r.First("token", "")
	if r.Has("clear-stash") {
		body := "0"
		if _, ok := st.take(r.Path, token); ok {
			body = "1"
		}
		return &Response{Status: 200, Headers: headers, Body: []byte(body)}
	}
	if r.Has("credentials") {
		headers = append(headers, Pair{"Access-Control-Allow-Credentials", "true"})
	}
	empty := ""
	state := preflightState{Preflight: "0", RequestHeaders: &empty}
	if r.Method == "OPTIONS" {
		if _, ok := r.lookup("Access-Control-Request-Method"); !ok {
			return &Response{Status: 400, Body: []byte("ERROR: No access-control-request-method in preflight!")}
		}
		if r.Header("Accept", "") != "*/*" {
			return &Response{Status: 400, Body: []byte("ERROR: Invalid access in preflight!")}
		}
		if r.Has("control_request_headers") {
			if v, ok := r.lookup("Access-Control-Request-Headers"); ok {
				state.RequestHeaders = &v
			} else {
				state.RequestHeaders = nil
			}
		}
		for _, p := range [][2]string{{"max_age", "Access-Control-Max-Age"}, {"allow_headers", "Access-Control-Allow-Headers"}, {"allow_methods", "Access-Control-Allow-Methods"}} {
			if r.Has(p[0]) {
				headers = append(headers, Pair{p[1], r.First(p[0], "")})
			}
		}
		status := 200
		if r.Has("preflight_status") {
			n, err := strconv.Atoi(r.First("preflight_status", ""))
			if err != nil {
				return &Response{Status: 500, Body: []byte(err.Error())}
			}
			status = n
		}
		state.Preflight = "1"
		state.Referrer = r.Header("Referer", "")
		state.UserAgent = r.Header("User-Agent", "")
		if token != "" {
			b, _ := json.Marshal(state)
			st.put(r.Path, token, string(b))
		}
		return &Response{Status: status, Headers: headers}
	}
	if token != "" {
		if v, ok := st.take(r.Path, token); ok {
			json.Unmarshal([]byte(v), &state)
		}
	}
	if r.Has("checkUserAgentHeaderInPreflight") && r.Header("User-Agent", "") != state.UserAgent {
		return &Response{Status: 400, Headers: headers, Body: []byte("ERROR: No user-agent header in preflight")}
	}
	headers = append(headers,
		Pair{"Access-Control-Expose-Headers", "x-did-preflight, x-control-request-headers, x-referrer, x-preflight-referrer, x-origin"},
		Pair{"x-did-preflight", state.Preflight})
	if state.RequestHeaders != nil {
		headers = append(headers, Pair{"x-control-request-headers", *state.RequestHeaders})
	}
	headers = append(headers,
		Pair{"x-preflight-referrer", state.Referrer},
		Pair{"x-referrer", r.Header("Referer", "")},
		Pair{"x-origin", r.Header("Origin", "")})
	if token != "" {
		b, _ := json.Marshal(state)
		st.put(r.Path, token, string(b))
	}
	return &Response{Status: 200, Headers: headers}
}

// fetchCleanStash is fetch/api/resources/clean-stash.py: takes token from
// its own stash scope (so it never sees preflight.py's), answering 1 when
// there was a value, 0 otherwise.
func fetchCleanStash(r *Request) *Response {
	body := "0"
	if _, ok := stashOf(r).take(r.Path, r.First("token", "")); ok {
		body = "1"
	}
	return &Response{Status: 200, Body: []byte(body)}
}

// resourcesScope is the stash scope stash-put.py, stash-take.py and
// infinite-slow-response.py share: their directory.
func resourcesScope(r *Request) string { return path.Dir(r.Path) + "/" }

// fetchStashPut is fetch/api/resources/stash-put.py: value under key.
func fetchStashPut(r *Request) *Response {
	headers := []Pair{{"Access-Control-Allow-Origin", "*"}}
	if r.Method == "OPTIONS" {
		headers = append(headers, Pair{"Access-Control-Allow-Methods", "*"}, Pair{"Access-Control-Allow-Headers", "*"})
		return &Response{Status: 200, Headers: headers, Body: []byte("done")}
	}
	stashOf(r).put(resourcesScope(r), r.First("key", ""), r.First("value", ""))
	return &Response{Status: 200, Headers: headers, Body: []byte("done")}
}

// fetchStashTake is fetch/api/resources/stash-take.py: the value under
// key, taken, as JSON (null when there is none).
func fetchStashTake(r *Request) *Response {
	body := []byte("null")
	if v, ok := stashOf(r).take(resourcesScope(r), r.First("key", "")); ok {
		body, _ = json.Marshal(v)
	}
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "application/json"}, {"Access-Control-Allow-Origin", "*"}}, Body: body}
}

// fetchInfiniteSlowResponse is fetch/api/resources/infinite-slow-response.py:
// stateKey is "open" while a body of dots trickles out (2 KiB, then one
// every 10 ms) until abortKey is put in the stash or the client goes, and
// "closed" after; it gives up after a minute (wptserve's never does).
func fetchInfiniteSlowResponse(r *Request) *Response {
	st, scope := stashOf(r), resourcesScope(r)
	stateKey, abortKey := r.First("stateKey", ""), r.First("abortKey", "")
	if stateKey != "" {
		st.put(scope, stateKey, "open")
	}
	var done <-chan struct{}
	if r.srv != nil {
		done = r.srv.done
	}
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "text/plain"}}, Stream: func(w io.Writer) {
		defer func() {
			if stateKey != "" {
				st.put(scope, stateKey, "closed")
			}
		}()
		if _, err := io.WriteString(w, strings.Repeat(".", 2048)); err != nil {
			return
		}
		end := time.After(time.Minute)
		for {
			if _, err := io.WriteString(w, "."); err != nil {
				return
			}
			if abortKey != "" {
				if _, ok := st.take(scope, abortKey); ok {
					return
				}
			}
			select {
			case <-time.After(10 * time.Millisecond):
			case <-done:
				return
			case <-end:
				return
			}
		}
	}}
}

// staticTypes are the Content-Types wptserve gives the tree's files by
// extension (those the piped files here have).
var staticTypes = map[string]string{
	".txt": "text/plain", ".json": "application/json", ".html": "text/html", ".htm": "text/html",
	".js": "text/javascript", ".xml": "application/xml", ".css": "text/css",
	".png": "image/png", ".jpg": "image/jpeg", ".gif": "image/gif", ".svg": "image/svg+xml",
}

// hasHeadersFile says whether the tree's file p has a NAME.headers file
// beside it, whose header lines wptserve adds to the file's response.
func hasHeadersFile(root, p string) bool {
	if strings.Contains(p, "..") || strings.HasSuffix(p, "/") {
		return false
	}
	_, err := os.Stat(asisFile(root, p+".headers"))
	return err == nil
}

// treeFile is a file of the tree at root, for a request with pipes or a
// file with a .headers file.
func treeFile(root, p string) *Response {
	if strings.Contains(p, "..") {
		return &Response{Status: 404, Body: []byte("not found")}
	}
	b, err := os.ReadFile(asisFile(root, p))
	if err != nil {
		return &Response{Status: 404, Body: []byte("not found")}
	}
	var headers []Pair
	if t := staticTypes[path.Ext(p)]; t != "" {
		headers = append(headers, Pair{"Content-Type", t})
	}
	if extra, err := os.ReadFile(asisFile(root, p+".headers")); err == nil {
		for line := range strings.Lines(string(extra)) {
			if name, value, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ":"); ok {
				name = strings.TrimSpace(name)
				if strings.EqualFold(name, "Content-Type") && len(headers) > 0 && headers[0].Name == "Content-Type" {
					headers = headers[1:] // the file's own type wins
				}
				headers = append(headers, Pair{name, strings.TrimSpace(value)})
			}
		}
	}
	return &Response{Status: 200, Headers: headers, Body: b}
}

// ApplyPipes applies wptserve's pipes (pipe=a(x,y)|b(z)) to a response:
// status(code[,reason]), header(name,value[,append]) (which replaces every
// header of that name unless append is True) and trickle(steps) (see
// parseTrickle), which sends the body in parts with pauses, each ended
// early when done closes. Any other pipe is a 500 that names it.
func ApplyPipes(resp *Response, spec string, done <-chan struct{}) *Response {
	if resp.Raw != nil {
		return resp
	}
	pipes, err := parsePipes(spec)
	if err != nil {
		return &Response{Status: 500, Body: []byte(err.Error())}
	}
	for _, p := range pipes {
		switch {
		case p.name == "status" && len(p.args) >= 1:
			n, err := strconv.Atoi(p.args[0])
			if err != nil {
				return &Response{Status: 500, Body: fmt.Appendf(nil, "pyhandlers: pipe status(%s): %v", p.args[0], err)}
			}
			resp.Status, resp.Reason = n, ""
			if len(p.args) > 1 {
				resp.Reason = p.args[1]
			}
		case p.name == "header" && len(p.args) >= 2:
			if len(p.args) < 3 || p.args[2] != "True" {
				kept := resp.Headers[:0:0]
				for _, h := range resp.Headers {
					if !strings.EqualFold(h.Name, p.args[0]) {
						kept = append(kept, h)
					}
				}
				resp.Headers = kept
			}
			resp.Headers = append(resp.Headers, Pair{p.args[0], p.args[1]})
		case p.name == "trickle" && len(p.args) == 1 && resp.Stream == nil:
			steps, err := parseTrickle(p.args[0])
			if err != nil {
				return &Response{Status: 500, Body: []byte(err.Error())}
			}
			trickle(resp, steps, done)
		default:
			return &Response{Status: 500, Body: fmt.Appendf(nil, "pyhandlers: no Go equivalent of pipe %s(%s)", p.name, strings.Join(p.args, ","))}
		}
	}
	return resp
}

type pipe struct {
	name string
	args []string
}

// parsePipes splits a pipe= value: functions separated by |, their
// arguments by commas; a backslash escapes the next character.
func parsePipes(spec string) ([]pipe, error) {
	var out []pipe
	i := 0
	for i < len(spec) {
		open := strings.IndexByte(spec[i:], '(')
		if open < 0 {
			return nil, fmt.Errorf("pyhandlers: bad pipe %q", spec[i:])
		}
		p := pipe{name: spec[i : i+open]}
		i += open + 1
		var arg strings.Builder
		closed := false
		for i < len(spec) && !closed {
			c := spec[i]
			switch {
			case c == '\\' && i+1 < len(spec):
				arg.WriteByte(spec[i+1])
				i++
			case c == ',':
				p.args = append(p.args, arg.String())
				arg.Reset()
			case c == ')':
				p.args = append(p.args, arg.String())
				closed = true
			default:
				arg.WriteByte(c)
			}
			i++
		}
		if !closed {
			return nil, fmt.Errorf("pyhandlers: unclosed pipe %q", p.name)
		}
		out = append(out, p)
		if i < len(spec) {
			if spec[i] != '|' {
				return nil, fmt.Errorf("pyhandlers: bad pipe separator in %q", spec)
			}
			i++
		}
	}
	return out, nil
}
