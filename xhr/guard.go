package xhr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
)

// ErrPanic: code below the request (a RoundTripper, a Jar, the client
// itself) panicked; the request failed with a *PanicError instead of taking
// the process down.
var ErrPanic = errors.New("xhr: request panicked")

// A PanicError is a panic recovered while performing a request. For the page
// it is a network error.
type PanicError struct {
	URL   string
	Value any    // what was passed to panic
	Stack []byte // the panicking goroutine's stack
}

func (e *PanicError) Error() string { return fmt.Sprintf("xhr: %s: panic: %v", e.URL, e.Value) }

// Is makes errors.Is(err, ErrPanic) true.
func (e *PanicError) Is(target error) bool { return target == ErrPanic }

// doGuarded is Do, with a panic turned into a *PanicError (logged with its
// stack) so that the request ends through its normal completion path: the
// requests of Start, fetch and XMLHttpRequest run on goroutines of their
// own, where an unrecovered panic would end the whole process.
func (c *Client) doGuarded(ctx context.Context, req *http.Request, p Params) (res *Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			u := ""
			if req != nil && req.URL != nil {
				u = truncateURL(req.URL.String())
			}
			pe := &PanicError{URL: u, Value: v, Stack: debug.Stack()}
			c.log.Error("xhr: request panicked", slog.String("url", u), slog.Any("panic", v), slog.String("stack", string(pe.Stack)))
			res, err = nil, pe
		}
	}()
	return c.Do(ctx, req, p)
}
