// Package jsruntime gives a page's scripts a browser-like world: it binds a
// dom.Document into a goja runtime as the Web IDL interfaces of the DOM and
// HTML standards (window, document, nodes, elements, events, collections,
// style, location, history, MutationObserver, custom elements...), and runs
// the page's scripts in the HTML standard's order on the page's event loop.
//
// The interfaces are declared as Go tables and installed with the generic
// mechanism of package jsruntime/bind; the Web APIs that are not about the
// DOM (URL, TextEncoder, storage, console...) live in jsruntime/webapi and
// are installed through Config.Extensions, as is the network
// (NetworkExtension: XMLHttpRequest and fetch over an xhr.Client).
//
// One page is:
//
//	var w *jsruntime.Window
//	l := loop.New(goja.New(), loop.Options{OnError: func(err error) { w.ReportError(err) }})
//	w, err := jsruntime.New(l, doc, jsruntime.Config{URL: prettyURL, Loader: loader, Extensions: ...})
//	w.Start(ctx)           // queue the page's scripts, then DOMContentLoaded and load
//	res, err := l.Run(ctx) // until the page is quiet (or w.Run(ctx) for both)
//
// All of a page's JavaScript runs on the goroutine that runs its loop.
// External scripts are fetched through Config.Loader on their own
// goroutines as loop Ops; module scripts go through Config.Bundle; scripts
// goja cannot compile go through Config.Lower. Compiled scripts are cached
// process-wide by source URL and text.
//
// # Known gaps
//
//   - Pages are parsed as their scripts run (Window.ParseWith,
//     dom.StreamParser): parser-inserted scripts see only what precedes
//     them and document.write feeds the parser at the insertion point. A
//     document parsed whole beforehand runs its scripts in tree order as
//     before. After parsing, document.open gives the page a script-created
//     parser (docopen.go) and a write opens the document implicitly, as in
//     Chromium, unless it comes from an external script.
//   - No layout: element sizes are made up (a rendered block is as wide as
//     the viewport and one line high, or its pixel width/height from the
//     cascade) so that visibility checks work; getComputedStyle cascades
//     <style> elements but not external sheets; canvas contexts draw
//     nothing.
//   - XPath: dom/xpath evaluates, xpath.go binds. DOMParser parses XML types with
//     dom.ParseXML (CDATA sections included).
//   - document.all reads as undefined: Chromium's is a falsy collection
//     whose typeof is "undefined", which goja cannot make; undefined keeps
//     old scripts off their IE paths, but code that indexes document.all
//     without testing it first throws.
//   - Images are fetched only when Config.Images is set, style sheets
//     only when Config.Stylesheets is (linksheets.go): otherwise every
//     image with a valid URL loads (natural size from its width and height
//     attributes, else 1×1) and every stylesheet/preload link fires load,
//     and their events come after DOMContentLoaded, delaying the window's
//     load event. Media elements never load.
//   - Custom elements (customelements.go) have one registry, the window's
//     (no scoped registries); shadow trees are as far as package dom has
//     them. Navigating away from the
//     document is reported to Config.OnNavigate and not followed.
//   - iframes (frames.go) get a document (about:blank, srcdoc, or a
//     same-origin src fetched through NetworkExtension's client) and a
//     window whose prototype is the page's window: goja has one realm per
//     runtime, so contentWindow.Node === Node, and scripts inside frames do
//     not run.
//
// jsruntime must never import serialize, server or the root package, and
// never net/http directly: script fetches go through the ScriptLoader
// interface it declares, XHR and fetch through package xhr.
package jsruntime
