package xhr

import (
	"context"
	"mime"
	"strconv"
	"strings"
)

// A Timing is what a finished request leaves for the page's Resource Timing
// entry: the fetch's side of it, without times (the page's clock is the
// loop's, which the caller reads as the request starts and ends).
//
// https://w3c.github.io/resource-timing/#sec-performanceresourcetiming
type Timing struct {
	URL string // the URL first asked for (redirects do not change it), without its fragment
	// Status is the response's status, 0 when the page may not see it (an
	// opaque response).
	Status int
	// ContentType is the essence of the response's MIME type, "" for an
	// opaque response or one without.
	ContentType string
	// BodySize is the size of the body as received (no content coding is
	// undone by the client, so the encoded and decoded sizes are equal).
	BodySize int64
	// Hidden is set when a response of the chain failed the timing allow
	// check (Result.TimingHidden).
	Hidden bool
	// Done is set once the request has filled the Timing.
	Done bool
}

// TimingOf returns the Timing of res (nil: a request with no response),
// whose body was bodySize bytes (negative: the body's own length, or
// the Content-Length of a body still to come).
func TimingOf(res *Result, bodySize int64) Timing {
	if res == nil {
		return Timing{}
	}
	t := Timing{Status: res.Status, Hidden: res.TimingHidden, Done: true}
	if len(res.URLs) > 0 {
		t.URL = urlWithoutFragment(res.URLs[0])
	} else if res.URL != nil {
		t.URL = urlWithoutFragment(res.URL)
	}
	if ct := res.Header.Get("Content-Type"); ct != "" {
		if essence, _, err := mime.ParseMediaType(ct); err == nil {
			t.ContentType = essence
		} else {
			t.ContentType = strings.ToLower(strings.TrimSpace(strings.Split(ct, ";")[0]))
		}
	}
	switch {
	case bodySize >= 0:
		t.BodySize = bodySize
	case res.wire == nil:
		t.BodySize = int64(len(res.Body))
	default:
		if n, err := strconv.ParseInt(res.Header.Get("Content-Length"), 10, 64); err == nil && n >= 0 {
			t.BodySize = n
		}
	}
	return t
}

type timingKey struct{}

// WithTiming returns a context under which Do fills t with the Timing of
// its request once it has a response: how a loader that returns only a
// body (a script's, a style sheet's) tells its caller the rest. t is
// written on the goroutine of Do; read it after Do has returned.
func WithTiming(ctx context.Context, t *Timing) context.Context {
	return context.WithValue(ctx, timingKey{}, t)
}

// fillTiming fills the Timing ctx carries, if any, from res.
func fillTiming(ctx context.Context, res *Result) {
	if res != nil {
		ReportTiming(ctx, TimingOf(res, -1))
	}
}

// ReportTiming gives t to the Timing ctx carries (WithTiming), if any: for
// a loader that answers a request from a fetch made under another context
// (a preloaded script), which kept its Timing.
func ReportTiming(ctx context.Context, t Timing) {
	if ctx == nil {
		return
	}
	if p, ok := ctx.Value(timingKey{}).(*Timing); ok {
		*p = t
	}
}
