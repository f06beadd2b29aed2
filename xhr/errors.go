package xhr

import (
	"errors"
	"fmt"
)

// Sentinel errors a caller can test for with errors.Is.
var (
	// ErrBlocked: the request policy refused the request. The error is a
	// *BlockedError.
	ErrBlocked = errors.New("xhr: request blocked by policy")
	// ErrTooLarge: the response body exceeded the client's size limit.
	ErrTooLarge = errors.New("xhr: response too large")
	// ErrTooManyRedirects: more redirects than the client follows.
	ErrTooManyRedirects = errors.New("xhr: too many redirects")
	// ErrRedirect: a redirect was met in redirect mode "error".
	ErrRedirect = errors.New("xhr: redirect in redirect mode error")
	// ErrAborted: the page aborted the request (XMLHttpRequest.abort,
	// AbortSignal). It is also the cause of a *DOMError named "AbortError".
	ErrAborted = errors.New("xhr: request aborted")
	// ErrTimeout: the request's timeout elapsed.
	ErrTimeout = errors.New("xhr: request timed out")
	// ErrCORS: a cross-origin response did not allow the page to read it.
	ErrCORS = errors.New("xhr: cross-origin response not allowed (CORS)")
	// ErrConnectRefused: the page's ConnectCheck refused a URL of the
	// request (its Content Security Policy's connect-src).
	ErrConnectRefused = errors.New("xhr: connection refused by the page's content security policy")
)

// A BlockedError is returned for a request the [Policy] refused. For the page
// it is a network error; the render report records it as blocked.
type BlockedError struct {
	URL    string
	Reason string // e.g. "denied host", "not in allow list", "image not fetched"
}

func (e *BlockedError) Error() string {
	return fmt.Sprintf("xhr: %s blocked: %s", e.URL, e.Reason)
}

// Is makes errors.Is(err, ErrBlocked) true.
func (e *BlockedError) Is(target error) bool { return target == ErrBlocked }

// A NetworkError is a request that produced no usable response: connection
// refused, DNS failure, reset, TLS error, a CORS failure, a response too
// large. Err says which; the page only sees "a network error" (a TypeError
// from fetch, an "error" event from XMLHttpRequest).
//
// https://fetch.spec.whatwg.org/#concept-network-error
type NetworkError struct {
	URL string
	Err error
}

func (e *NetworkError) Error() string { return fmt.Sprintf("xhr: %s: %v", e.URL, e.Err) }

// Unwrap returns the cause.
func (e *NetworkError) Unwrap() error { return e.Err }

// A DOMError is an exception the JavaScript wrapper throws as a DOMException
// with the same name ("InvalidStateError", "SyntaxError", "SecurityError",
// "InvalidAccessError", "NetworkError", "AbortError", "TimeoutError"), or as
// a TypeError when Name is "TypeError".
//
// https://webidl.spec.whatwg.org/#idl-DOMException-error-names
type DOMError struct {
	Name    string
	Message string
	Err     error // optional cause
}

func (e *DOMError) Error() string {
	if e.Message == "" {
		return e.Name
	}
	return e.Name + ": " + e.Message
}

// Unwrap returns the cause.
func (e *DOMError) Unwrap() error { return e.Err }

func domError(name, format string, args ...any) *DOMError {
	return &DOMError{Name: name, Message: fmt.Sprintf(format, args...)}
}

func typeError(format string, args ...any) *DOMError {
	return domError("TypeError", format, args...)
}

// latin1 gives byte string s (an HTTP method as Web IDL's ByteString has
// it) as text, one character per byte, for a message.
func latin1(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			r := make([]rune, len(s))
			for j := 0; j < len(s); j++ {
				r[j] = rune(s[j])
			}
			return string(r)
		}
	}
	return s
}
