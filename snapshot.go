// Package bangsnap renders JavaScript-built (AJAX) web pages into HTML
// snapshots in pure Go, for the AJAX crawling scheme (#! pretty URLs and
// their _escaped_fragment_ ugly counterparts).
//
// A render is one trip: the URL is mapped to its pretty form (package
// mapping), the page is fetched and parsed into a dom.Document (package dom),
// its scripts, timers and requests run on one event loop with virtual time
// (packages jsruntime, loop, xhr) until the page is quiet, and the document
// is serialized (package serialize). Package server and cmd/bangsnap are thin
// shells over this package.
//
// There are two ways in. Render (or a Renderer, which shares fetched scripts
// between renders) turns a URL into a Snapshot: the HTML, the status and
// headers to serve, and a Report of what the page did. Open returns a live
// Page to drive from Go tests (Click, Type, Submit, Eval, Query) with no
// browser. Crawl checks a whole site the way the scheme's crawlers see it.
//
// The page's own status and headers follow the convention prerendering
// services already use: <meta name="prerender-status-code" content="404">
// and <meta name="prerender-header" content="Location: /new"> in the rendered
// DOM.
//
// This package wires the stages together and may import all of them; none
// of them may import it (the pipeline only points right).
package bangsnap

import (
	"net/http"
	"time"
)

// A Snapshot is the result of one render: the serialized document and what
// a server needs to answer a crawler with it.
type Snapshot struct {
	// HTML is the serialized document.
	HTML []byte
	// Status is the HTTP status to serve: the origin's own status for the
	// page, or the one the page chose with
	// <meta name="prerender-status-code" content="404">.
	Status int
	// Header holds the headers to serve with the snapshot: Content-Type and
	// those the page chose with <meta name="prerender-header" content="Name: value">
	// (headers describing the transfer, such as Content-Length, are
	// ignored); for a redirect of the page, the origin's Location.
	Header http.Header
	// URL is the pretty URL the page was rendered at: the #! form of an
	// ugly URL, the URL without _escaped_fragment_ for the meta-fragment
	// form, else the URL given. A redirect of the page is not followed (see
	// Renderer.Render), so it is always the requested page.
	URL string
	// Report tells what happened during the render.
	Report Report
}

// A Report describes one render.
type Report struct {
	// Partial is true when a budget ran out before the page was quiet; the
	// snapshot holds the document as it was at that moment.
	Partial bool `json:"partial"`
	// Reason says why the render ended: "quiescent", or the budget that ran
	// out ("wall-time", "virtual-time", "tasks", "memory"); for a Page,
	// "advanced" after Page.Advance.
	Reason string `json:"reason"`
	// Tasks is the number of tasks the page's event loop ran (timer
	// callbacks and animation frames included).
	Tasks int `json:"tasks"`
	// Pending lists what was still outstanding when a budget ran out
	// (requests in flight, timers).
	Pending []string `json:"pending,omitempty"`

	// Errors are the page's uncaught exceptions, scripts that failed to
	// compile or load (at most 100, then one entry saying how many more).
	Errors []ScriptError `json:"errors,omitempty"`
	// Console is what the page logged (at most 1000 entries, then one
	// saying how many more).
	Console []ConsoleEntry `json:"console,omitempty"`
	// Requests are every request of the render in the order they ended,
	// the page's own first; a redirect chain gives one entry per hop.
	Requests []Request `json:"requests,omitempty"`
	// Navigations are the URLs the page tried to navigate to
	// (location.href = ..., a form submission), which a render does not
	// follow.
	Navigations []string `json:"navigations,omitempty"`
	Timings     Timings  `json:"timings"`
	// Retried is the status (429 or 503) of the page's first answer when
	// the render waited RetryAfter, its Retry-After, and asked again
	// (Options.MaxRetryAfter); 0 when it did not.
	Retried    int           `json:"retried,omitempty"`
	RetryAfter time.Duration `json:"retry_after,omitempty"`
}

// A ScriptError is an uncaught exception thrown by a page script.
type ScriptError struct {
	Message string `json:"message"`
	Source  string `json:"source,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Stack   string `json:"stack,omitempty"`
}

// A ConsoleEntry is one call of a console method by the page.
type ConsoleEntry struct {
	Level   string `json:"level"` // log, info, warn, error, debug
	Message string `json:"message"`
}

// A Request is one network request the page made (document, script, XHR,
// fetch), or one the request policy blocked.
type Request struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	Kind   string `json:"kind"` // document, script, xhr, fetch
	Status int    `json:"status,omitempty"`
	Bytes  int64  `json:"bytes"`
	// Start is when the request began, from the start of the render
	// (ready to go: waiting for a free connection counts in Duration);
	// Duration runs from then to the end of its response body. Together
	// they draw the render's waterfall (see Report.CriticalPath).
	Start    time.Duration `json:"start"`
	Duration time.Duration `json:"duration"`
	Blocked  bool          `json:"blocked,omitempty"`
	Cached   bool          `json:"cached,omitempty"` // served by the Renderer's script cache
	Error    string        `json:"error,omitempty"`
}

// Timings break a render down into its stages, in wall time, plus the
// virtual time the page's clock advanced. Durations are in nanoseconds in
// JSON.
type Timings struct {
	Fetch     time.Duration `json:"fetch"`     // the page's own request
	Parse     time.Duration `json:"parse"`     // parsing the document up to the end of its first script (all of it when it has none)
	Bind      time.Duration `json:"bind"`      // creating the page's runtime and window
	Scripts   time.Duration `json:"scripts"`   // running the page until its load event
	Settle    time.Duration `json:"settle"`    // from load until the page was quiet
	Serialize time.Duration `json:"serialize"` // writing the snapshot
	Total     time.Duration `json:"total"`
	// Busy is the part of Scripts+Settle spent running the page's scripts
	// and tasks (timers, callbacks, microtasks) and the event loop's own
	// work; the rest the loop waited: for the network, for timers to come
	// due while a request was in flight, or for work done beside it
	// (bundling a module script). Report.CriticalPath tells how much of
	// the waiting no renderer could avoid.
	Busy time.Duration `json:"busy"`
	// Virtual is the page's virtual time at the end of the render;
	// VirtualScripts its virtual time at the load event (the rest is
	// settling).
	Virtual        time.Duration `json:"virtual"`
	VirtualScripts time.Duration `json:"virtual_scripts"`
}
