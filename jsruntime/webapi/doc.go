// Package webapi holds the Web APIs a page sees beside the DOM: URL and
// URLSearchParams (a WHATWG URL parser written in Go), TextEncoder and
// TextDecoder, atob/btoa, structuredClone, crypto.getRandomValues and
// randomUUID, performance, console, Storage, navigator, screen and the
// viewport, matchMedia, IntersectionObserver and ResizeObserver,
// AbortController and AbortSignal, polyfills of built-ins goja lacks, and the
// esbuild-based Bundler that turns module scripts into classic scripts and
// lowers syntax goja cannot compile.
//
// Each piece is installed on a goja runtime by its own InstallX function, so
// that package jsruntime decides what a page's global object holds. Pieces
// that need time, randomness or scheduling take a Host (satisfied by
// *loop.Loop), so that every callback runs on the page's loop goroutine.
//
// webapi needs only goja (and esbuild for the Bundler). It must never import
// package dom, net/http, or package jsruntime: the DOM-facing parts of the
// page live in jsruntime, which imports this package, not the reverse.
package webapi
