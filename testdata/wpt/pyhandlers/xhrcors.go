package pyhandlers

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The xhr/resources/access-control-*.py handlers of WPT's cross-origin
// XMLHttpRequest tests (and redirect-cors.py). They answer for the
// request's Origin; most of the originals are not in the index, so these
// follow what the tests expect of them, which Chromium's results confirm.

const corsAllowedBody = "PASS: Cross-domain access allowed."

// allowOrigin is Access-Control-Allow-Origin set to the request's Origin.
func allowOrigin(r *Request) Pair { return Pair{"Access-Control-Allow-Origin", r.Header("Origin", "")} }

// xhrBasicAllow is access-control-basic-allow.py: the Origin allowed.
func xhrBasicAllow(r *Request) *Response {
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "text/plain"}, allowOrigin(r)}, Body: []byte(corsAllowedBody)}
}

// xhrBasicAllowStar is access-control-basic-allow-star.py: any origin.
func xhrBasicAllowStar(r *Request) *Response {
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "text/plain"}, {"Access-Control-Allow-Origin", "*"}}, Body: []byte(corsAllowedBody)}
}

// xhrBasicDenied is access-control-basic-denied.py: no CORS headers.
func xhrBasicDenied(r *Request) *Response {
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "text/plain"}}, Body: []byte("FAIL: Cross-domain access allowed.")}
}

// xhrOptionsNotSupported is access-control-basic-options-not-supported.py:
// a preflight fails (500), any other request is allowed with credentials.
func xhrOptionsNotSupported(r *Request) *Response {
	if r.Method == http.MethodOptions {
		return &Response{Status: 500}
	}
	return &Response{Status: 200, Headers: []Pair{{"Content-Type", "text/plain"}, allowOrigin(r), {"Access-Control-Allow-Credentials", "true"}},
		Body: []byte("FAIL: Cross-domain access allowed.")}
}

// xhrBasicPutAllow is access-control-basic-put-allow.py: PUT with a
// Content-Type allowed; the body follows the allowed line.
func xhrBasicPutAllow(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}, allowOrigin(r)}
	if r.Method == http.MethodOptions {
		headers = append(headers, Pair{"Access-Control-Allow-Methods", "PUT"}, Pair{"Access-Control-Allow-Headers", "Content-Type"})
		return &Response{Status: 200, Headers: headers}
	}
	return &Response{Status: 200, Headers: headers, Body: append([]byte(corsAllowedBody+"\n"), r.Body...)}
}

// xhrPreflightHeaderSorted is access-control-preflight-request-header-
// sorted.py: the preflight must name the request's headers lower-case,
// sorted and comma-separated.
func xhrPreflightHeaderSorted(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}, allowOrigin(r)}
	if r.Method == http.MethodOptions {
		if r.Header("Access-Control-Request-Headers", "") != "x-custom-s,x-custom-test,x-custom-u,x-custom-ua,x-custom-v" {
			return &Response{Status: 400, Headers: headers}
		}
		headers = append(headers, Pair{"Access-Control-Allow-Headers", "x-custom-s,x-custom-test,x-custom-u,x-custom-ua,x-custom-v"})
		return &Response{Status: 200, Headers: headers}
	}
	return &Response{Status: 200, Headers: headers, Body: []byte("PASS")}
}

// xhrPreflightInvalidStatus is access-control-preflight-request-invalid-
// status.py: the preflight is answered with code (allowing x-pass), the
// request itself with PASS.
func xhrPreflightInvalidStatus(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}, allowOrigin(r)}
	if r.Method == http.MethodOptions {
		code, err := strconv.Atoi(r.First("code", "200"))
		if err != nil {
			return &Response{Status: 500, Body: []byte(err.Error())}
		}
		return &Response{Status: code, Headers: append(headers, Pair{"Access-Control-Allow-Headers", "x-pass"})}
	}
	return &Response{Status: 200, Headers: headers, Body: []byte("PASS")}
}

// xhrAllowWithBody is access-control-allow-with-body.py: a preflight
// allowing X-Requested-With answers with a body of its own (FAIL), the
// request with PASS.
func xhrAllowWithBody(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}, allowOrigin(r)}
	if r.Method == http.MethodOptions {
		return &Response{Status: 200, Headers: append(headers, Pair{"Access-Control-Allow-Headers", "X-Requested-With"}), Body: []byte("FAIL")}
	}
	return &Response{Status: 200, Headers: headers, Body: []byte("PASS")}
}

// xhrRedirectCORS is redirect-cors.py: a redirect (status, 302) to
// location, with Access-Control-Allow-Origin set to the Origin when
// allow_origin is given and Access-Control-Allow-Headers to allow_header; a
// preflight is answered 200 with those headers unless redirect_preflight.
func xhrRedirectCORS(r *Request) *Response {
	status := 302
	if r.Has("status") {
		n, err := strconv.Atoi(r.First("status", ""))
		if err != nil {
			return &Response{Status: 500, Body: []byte(err.Error())}
		}
		status = n
	}
	var headers []Pair
	if r.Has("allow_origin") {
		headers = append(headers, Pair{"Access-Control-Allow-Origin", r.First("origin", r.Header("Origin", ""))})
	}
	if r.Has("allow_header") {
		headers = append(headers, Pair{"Access-Control-Allow-Headers", r.First("allow_header", "")})
	}
	if r.Has("allow_credentials") {
		headers = append(headers, Pair{"Access-Control-Allow-Credentials", "true"})
	}
	if r.Method == http.MethodOptions && !r.Has("redirect_preflight") {
		return &Response{Status: 200, Headers: headers}
	}
	headers = append(headers, Pair{"Location", r.First("location", "")})
	return &Response{Status: status, Headers: headers}
}

// xhrPreflightDenied is access-control-preflight-denied.py: a state kept
// in the stash under token. command=reset clears it; a preflight while it
// is clear is answered without allowing anything and moves it to
// "Denied"; command=complete then answers "Request successfully blocked."
// Any other request says what went wrong.
func xhrPreflightDenied(r *Request) *Response {
	st, token := stashOf(r), r.First("token", "")
	headers := []Pair{{"Content-Type", "text/plain"}, {"Cache-Control", "no-store"}, allowOrigin(r), {"Access-Control-Max-Age", "1"}}
	state, _ := st.take(r.Path, token)
	fail := func(msg string) *Response {
		return &Response{Status: 200, Headers: headers, Body: []byte("FAIL " + r.Method + ": " + msg)}
	}
	ok := func(body string) *Response { return &Response{Status: 200, Headers: headers, Body: []byte(body)} }
	command := r.First("command", "")
	switch {
	case command == "reset":
		if r.Method != http.MethodGet {
			return fail("Invalid Method.")
		}
		st.put(r.Path, token, "")
		return ok("Server state reset")
	case state == "":
		if r.Method == http.MethodOptions {
			st.put(r.Path, token, "Denied")
			return ok("This request should not be displayed.")
		}
		return fail("Uninitialized")
	case state == "Denied":
		if r.Method == http.MethodGet && command == "complete" {
			st.put(r.Path, token, "")
			return ok("Request successfully blocked.")
		}
		st.put(r.Path, token, "Deny Ignored")
		return fail("The request was not denied.")
	case state == "Deny Ignored":
		st.put(r.Path, token, "")
		return fail(state)
	}
	return fail("Invalid state")
}

// xhrCookie is access-control-cookie.py: with cookie_name, sets that
// cookie (value COOKIE); without, expires every cookie the request sent.
// Credentials are allowed for the Origin.
func xhrCookie(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}, {"Cache-Control", "no-store"}, allowOrigin(r), {"Access-Control-Allow-Credentials", "true"}}
	if name := r.First("cookie_name", ""); name != "" {
		headers = append(headers, Pair{"Set-Cookie", name + "=COOKIE"})
	} else {
		for c := range strings.SplitSeq(r.Header("Cookie", ""), ";") {
			if name, _, _ := strings.Cut(strings.TrimSpace(c), "="); name != "" {
				headers = append(headers, Pair{"Set-Cookie", name + "=deleted; expires=Thu, 01 Jan 1970 00:00:00 GMT"})
			}
		}
	}
	return &Response{Status: 200, Headers: headers, Body: []byte("COOKIE")}
}

// xhrPreflightNoCookie is access-control-preflight-request-must-not-
// contain-cookie.py: a preflight with a Cookie header fails (400); the
// request answers the value of its cookie foo (NO_COOKIE without one).
func xhrPreflightNoCookie(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}, allowOrigin(r), {"Access-Control-Allow-Credentials", "true"}}
	if r.Method == http.MethodOptions {
		if _, ok := r.lookup("Cookie"); ok {
			return &Response{Status: 400, Headers: headers}
		}
		return &Response{Status: 200, Headers: append(headers, Pair{"Access-Control-Allow-Headers", "X-Proprietary-Header"})}
	}
	body := "NO_COOKIE"
	for c := range strings.SplitSeq(r.Header("Cookie", ""), ";") {
		if name, value, _ := strings.Cut(strings.TrimSpace(c), "="); name == "foo" {
			body = value
		}
	}
	return &Response{Status: 200, Headers: headers, Body: []byte(body)}
}

// xhrCORSSafelistedHeaders is access-control-basic-cors-safelisted-
// request-headers.py: a POST (any other method, a preflight among them,
// fails) answered with the values of the CORS-safelisted headers it
// carried, one "Name: value" line each.
func xhrCORSSafelistedHeaders(r *Request) *Response {
	headers := []Pair{{"Cache-Control", "no-store"}}
	if r.Method != http.MethodPost {
		return &Response{Status: 400, Headers: headers}
	}
	headers = append(headers, Pair{"Access-Control-Allow-Credentials", "true"}, allowOrigin(r))
	var b strings.Builder
	for _, name := range []string{"Accept", "Accept-Language", "Content-Language", "Content-Type", "Last-Event-ID"} {
		b.WriteString(name + ": " + r.Header(name, "<None>") + "\n")
	}
	return &Response{Status: 200, Headers: headers, Body: []byte(b.String())}
}

// xhrDelay is xhr/resources/delay.py: TEST_DELAY after ms milliseconds
// (500; at most 10 s here), allowing any origin and the method YO.
func xhrDelay(r *Request) *Response {
	ms, err := strconv.ParseFloat(r.First("ms", "500"), 64)
	if err != nil || ms < 0 {
		return &Response{Status: 500, Body: []byte("pyhandlers: delay.py: bad ms")}
	}
	return &Response{Status: 200, Headers: []Pair{{"Access-Control-Allow-Origin", "*"}, {"Access-Control-Allow-Methods", "YO"}, {"Content-type", "text/plain"}},
		Body: []byte("TEST_DELAY"), Delay: time.Duration(min(ms, 10000) * float64(time.Millisecond))}
}

// xhrCORSEnabled is xhr/resources/corsenabled.py: any origin, with
// credentials, the methods GET, POST, PUT and FOO and the headers x-test
// and x-foo (and content-type with safelist_content_type) allowed; the
// request's method, query, Content-Length, Content-Type and body in exposed
// x-request-* headers, "Test" as the body.
func xhrCORSEnabled(r *Request) *Response {
	allowHeaders := "x-test, x-foo"
	if r.Has("safelist_content_type") {
		allowHeaders += ", content-type"
	}
	headers := []Pair{
		{"Access-Control-Allow-Origin", "*"},
		{"Access-Control-Allow-Credentials", "true"},
		{"Access-Control-Allow-Methods", "GET, POST, PUT, FOO"},
		{"Access-Control-Allow-Headers", allowHeaders},
		{"Access-Control-Expose-Headers", "x-request-method, x-request-content-type, x-request-query, x-request-content-length, x-request-data"},
	}
	if r.Method == http.MethodOptions {
		return &Response{Status: 200, Headers: headers}
	}
	query := r.RawQuery
	if query == "" {
		query = "NO"
	}
	headers = append(headers,
		Pair{"x-request-method", r.Method},
		Pair{"x-request-query", query},
		Pair{"x-request-content-length", r.Header("Content-Length", "NO")},
		Pair{"x-request-content-type", r.Header("Content-Type", "NO")},
		Pair{"x-request-data", string(r.Body)})
	return &Response{Status: 200, Headers: headers, Body: []byte("Test")}
}

// xhrAllowLists is access-control-allow-lists.py: Access-Control-Allow-
// Origin from origin, -Headers from headers and -Methods from methods as
// given; the body is a JSON object of the request's headers by lower-case
// name.
func xhrAllowLists(r *Request) *Response {
	headers := []Pair{{"Access-Control-Allow-Origin", r.First("origin", "")}}
	if r.Has("headers") {
		headers = append(headers, Pair{"Access-Control-Allow-Headers", r.First("headers", "")})
	}
	if r.Has("methods") {
		headers = append(headers, Pair{"Access-Control-Allow-Methods", r.First("methods", "")})
	}
	headers = append(headers, Pair{"Content-Type", "application/json"})
	seen := map[string]string{}
	for _, h := range r.Headers {
		if n := strings.ToLower(h.Name); seen[n] == "" {
			seen[n] = h.Value
		}
	}
	b, err := json.Marshal(seen)
	if err != nil {
		return &Response{Status: 500, Body: []byte(err.Error())}
	}
	return &Response{Status: 200, Headers: headers, Body: b}
}

// xhrPreflightHeadersOrigin is access-control-preflight-request-headers-
// origin.py: a preflight whose Access-Control-Request-Headers names
// origin fails (400); x-pass is allowed, the request answers the value of
// its x-pass header.
func xhrPreflightHeadersOrigin(r *Request) *Response {
	headers := []Pair{{"Content-Type", "text/plain"}, allowOrigin(r)}
	if r.Method == http.MethodOptions {
		for h := range strings.SplitSeq(strings.ToLower(r.Header("Access-Control-Request-Headers", "")), ",") {
			if strings.TrimSpace(h) == "origin" {
				return &Response{Status: 400, Headers: headers, Body: []byte("FAIL")}
			}
		}
		return &Response{Status: 200, Headers: append(headers, Pair{"Access-Control-Allow-Headers", "x-pass"})}
	}
	return &Response{Status: 200, Headers: headers, Body: []byte(r.Header("x-pass", "FAIL"))}
}
