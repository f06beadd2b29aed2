// Package jsruntime gives a page's scripts a browser-like world: it binds a
// dom.Document into a goja runtime as the Web IDL interfaces of the DOM and
// HTML standards (window, document, nodes, elements, events, collections,
// style, location, history, MutationObserver...), and runs the page's
// scripts in the HTML standard's order on the page's event loop.
//
// The interfaces are declared as Go tables and installed with the generic
// mechanism of package jsruntime/bind; the Web APIs that are not about the
// DOM (URL, TextEncoder, storage, console...) live in jsruntime/webapi.
//
// Use it as:
//
//	l := loop.New(goja.New(), loop.Options{OnError: func(err error) { w.ReportError(err) }})
//	w, err := jsruntime.New(l, doc, jsruntime.Config{URL: pageURL, Loader: loader})
//	w.Start(ctx)           // queue the page's scripts, then DOMContentLoaded and load
//	res, err := l.Run(ctx) // until the page is quiet
//
// All of a page's JavaScript runs on the goroutine that runs its loop.
//
// jsruntime must never import net/http, serialize, xhr or the root package:
// requests reach it through the ScriptLoader interface it declares.
package jsruntime
