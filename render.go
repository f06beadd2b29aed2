package bangsnap

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Options configure a Renderer. The zero value renders over the real network
// with default budgets.
type Options struct {
	// Handler, when set, answers every request of the render in process
	// (the page, its scripts, its XHR and fetch calls), with no network hop.
	Handler http.Handler
	// Transport carries requests when Handler is nil; nil means
	// http.DefaultTransport.
	Transport http.RoundTripper

	// UserAgent is navigator.userAgent and the User-Agent request header.
	UserAgent string
	// Header is added to every request the render makes.
	Header http.Header
	// Cookies seed the render's cookie jar.
	Cookies []*http.Cookie

	// Timeout bounds the wall time of one render (default 30s).
	Timeout time.Duration
	// SettleHorizon: the page is quiet when no timer is due within this
	// much virtual time (default 5s).
	SettleHorizon time.Duration
	// Deterministic fixes the clock, seeds randomness and orders network
	// completions so that the same page and responses give the same bytes.
	Deterministic bool

	// KeepScripts keeps <script> elements in the snapshot.
	KeepScripts bool
}

// A Renderer renders pages with one configuration and shares compiled
// scripts between renders. It is safe for concurrent use.
type Renderer struct {
	opts Options
}

// NewRenderer returns a Renderer for opts.
func NewRenderer(opts Options) *Renderer {
	return &Renderer{opts: opts}
}

// errNotWired is returned until the stages are wired together.
var errNotWired = errors.New("bangsnap: rendering is not wired yet")

// Render renders the page at rawURL, which may be a pretty (#!), ugly
// (_escaped_fragment_) or plain URL.
func (r *Renderer) Render(ctx context.Context, rawURL string) (*Snapshot, error) {
	return nil, errNotWired
}
