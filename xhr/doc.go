// Package xhr performs the network requests of one render: the document
// itself, its scripts, and the page's XMLHttpRequest and fetch calls.
//
// It is the Go implementation behind the page's XMLHttpRequest, fetch,
// Headers, Request, Response, FormData and Blob (what jsdom calls the
// "impl"); package jsruntime wraps these types for JavaScript and turns the
// events reported here into DOM events.
//
// Every request of a render goes through one [Client]: one
// [http.RoundTripper] (the real network, or [HandlerTransport] serving an
// in-process http.Handler), one cookie [Jar], one request [Policy] (same
// origin always allowed; analytics and ad hosts and resources a snapshot does
// not need refused by default), and one record of every request made or
// refused. Asynchronous requests are begun as operations of the page's
// event loop (package loop) and their results posted back to it as tasks,
// so that all page state is touched only on the loop's goroutine.
//
// Package xhr must never import goja, dom, jsruntime, serialize or the root
// package bangsnap directly: it knows HTTP and the Fetch and XHR standards,
// not JavaScript or documents. (It imports loop, which holds the page's goja
// runtime, only to schedule its completions.)
package xhr
