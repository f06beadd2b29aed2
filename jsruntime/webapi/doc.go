// Package webapi holds the Web APIs a page sees beside the DOM: URL and
// URLSearchParams (a WHATWG URL parser written in Go), TextEncoder and
// TextDecoder, atob/btoa, structuredClone, crypto (getRandomValues,
// randomUUID, subtle.digest), performance (user timing, navigation entry,
// PerformanceObserver), console, Storage, navigator, screen and the
// viewport, matchMedia, IntersectionObserver and ResizeObserver,
// MessageChannel and BroadcastChannel, WebSocket and EventSource (over the
// Sockets and EventStreams the page's network provides, else failing at
// once), polyfills of built-ins goja lacks (with a small Intl),
// and the esbuild-based Bundler that turns module scripts into classic
// scripts and lowers syntax goja cannot compile.
//
// Each piece is installed on a goja runtime by its own InstallX function, or
// all of them by Install, so that package jsruntime decides what a page's
// global object holds. Pieces that need time, randomness or scheduling take
// a Host (satisfied by *loop.Loop), so that every callback runs on the
// page's loop goroutine. The pieces that fire events (connections,
// messaging) use the window's own EventTarget and Event constructors, and
// are skipped on a bare runtime without them.
//
// webapi needs only goja, jsruntime/bind and (for the Bundler) esbuild. It
// must never import package dom, net/http, package jsruntime or package
// xhr: the DOM-facing parts of the page live in jsruntime, which imports
// this package, not the reverse.
package webapi
