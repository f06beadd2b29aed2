package jsruntime

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/dop251/goja"
)

// External style sheets: with Config.Stylesheets set, a connected
// <link rel=stylesheet> fetches its sheet through it. The sheet then counts
// in getComputedStyle's cascade at the link's place in tree order, is the
// link's `sheet` and is listed in document.styleSheets; the link fires
// load, or error when the fetch failed. A link the parser made, whose media
// matches, blocks scripts until its sheet has arrived, as in browsers: an
// inline parser-inserted script, a parser-blocking external script (which
// is fetched meanwhile) and the deferred scripts wait for it, so that they
// see the page's styles (jQuery's .show() of an element a class hides).
// Its @import rules are fetched too (sheetimports.go).
// https://html.spec.whatwg.org/multipage/links.html#link-type-stylesheet
// https://html.spec.whatwg.org/multipage/semantics.html#interactions-of-styling-and-scripting

// A StylesheetLoader fetches the CSS text of an external style sheet (see
// Config.Stylesheets). It is called on its own goroutine (never the loop's)
// and must honour ctx. Returning an error wrapping ErrNotFetched treats the
// sheet as loaded and empty (a request the page's policy refuses); any
// other error fires the link's error event (its sheet is then empty, as in
// Chromium).
type StylesheetLoader interface {
	LoadStylesheet(ctx context.Context, url string) (css string, err error)
}

// StylesheetLoaderFunc adapts a function to StylesheetLoader.
type StylesheetLoaderFunc func(ctx context.Context, url string) (string, error)

// LoadStylesheet calls f.
func (f StylesheetLoaderFunc) LoadStylesheet(ctx context.Context, url string) (string, error) {
	return f(ctx, url)
}

// stylesheetTimeout bounds the fetch of one style sheet (a variable for
// tests).
var stylesheetTimeout = 10 * time.Second

// linkSheet is the style sheet a link element fetched.
type linkSheet struct {
	url  string
	text string // the CSS, as fetched
	// The CSSOM object, made on first use of link.sheet or
	// document.styleSheets; edited is set once script changed its rules.
	sheet  any
	obj    goja.Value
	edited bool
	// media and inMedia cache the text wrapped in the link's @media
	// block, so that the cascade compares the same string each time.
	media, inMedia string
	inText         string // the text inMedia wraps (with its imports)
	// absIn and absOut cache the text as the cascade reads it: its URLs
	// made absolute, its comments stripped (cascadeSheetText, cssurl.go).
	absIn, absOut string
}

// fetchLinkSheet fetches the sheet of link n (update gen) from u as a loop
// operation that delays the load event, and, for a sheet the parser's link
// asks for, blocks scripts until it is done.
func (w *Window) fetchLinkSheet(n *dom.Node, gen int, u string) {
	fr := w.frames.byDoc[n.Document()] // a frame's link holds the frame's load event
	blocking := fr == nil && w.res.parserInserting && w.linkMediaMatches(n)
	if blocking {
		w.scripts.sheetsBlocking = append(w.scripts.sheetsBlocking, n)
	}
	w.scripts.delaying++
	if fr != nil {
		fr.sheetsPending++
	}
	rf := w.timings(n).begin(w.loop, "link", u)
	if rf != nil {
		// https://html.spec.whatwg.org/multipage/links.html#link-type-stylesheet
		// (a link the parser put in the head: the body is not there yet)
		rf.blocking = blocking && n.ParentNode() == w.doc.Head()
	}
	w.fetchSheet(u, rf, func(css string, err error) {
		w.linkSheetFetched(n, gen, u, css, err, blocking)
		if fr != nil {
			w.frameSheetArrived(fr, n.Document()) // frames.go
		}
	})
}

// fetchSheet fetches the style sheet at u through Config.Stylesheets as a
// loop operation and calls done on the loop with its text. A sheet that
// takes longer than stylesheetTimeout fails, so that a slow style server
// holds the page's scripts for a while, not for the whole render.
func (w *Window) fetchSheet(u string, rf *resourceFetch, done func(css string, err error)) {
	start := func() {
		op := w.loop.Begin("stylesheet " + u)
		loader, ctx, log := w.cfg.Stylesheets, rf.context(w.ctx), w.log
		go func() {
			ctx, cancel := context.WithTimeout(ctx, stylesheetTimeout)
			defer cancel()
			var css string
			err := offLoop(log, "stylesheet "+u, func() (err error) {
				css, err = loader.LoadStylesheet(ctx, u)
				return err
			})
			op.Complete(func() {
				rf.loaded(err, len(css), w.doc.URL())
				done(css, err)
			})
		}()
	}
	if w.scripts.started {
		start()
	} else {
		// Before Start the page's context is not known yet.
		w.loop.QueueTask(start)
	}
}

// linkSheetFetched takes the answer of fetchLinkSheet: the sheet replaces
// the link's previous one, and load or error is queued, unless a later
// update of the link superseded this fetch.
// https://html.spec.whatwg.org/multipage/semantics.html#process-the-linked-resource
//
// A sheet with @import rules waits for its imports (sheetimports.go):
// until they have arrived it still blocks scripts and holds its load event,
// which is error when one failed.
func (w *Window) linkSheetFetched(n *dom.Node, gen int, u, css string, err error, blocking bool) {
	release := func() {
		w.scripts.delaying--
		if blocking {
			w.scripts.sheetArrived(n)
		}
		w.scripts.maybeLoad()
	}
	if g, _ := w.res.gens.get(n); g != gen {
		release()
		return
	}
	twice := alsoPreloads(n)
	fireNow := func(typ string) {
		if g, _ := w.res.gens.get(n); g == gen && n.IsConnected() {
			w.fire(n, typ, false, false)
			if twice {
				w.fire(n, typ, false, false)
			}
		}
	}
	// finish queues typ and lets the scripts go. The event of a sheet that
	// blocked the parser's scripts is queued at once, not held for the end
	// of parsing: as in Chromium, the script waiting for the sheet runs
	// first, then the event, then DOMContentLoaded.
	finish := func(typ string) {
		if blocking {
			w.scripts.delaying++
			w.loop.QueueTask(func() {
				defer func() {
					w.scripts.delaying--
					w.scripts.loadNow()
				}()
				fireNow(typ)
			})
		} else {
			w.queueResourceTask(func() { fireNow(typ) })
		}
		release()
	}
	switch {
	case errors.Is(err, ErrNotFetched):
		w.setLinkSheet(n, &linkSheet{url: u})
	case err != nil:
		// The link fires error and has an empty sheet (as in Chromium).
		w.log.Debug("jsruntime: style sheet failed to load", "url", u, "err", err)
		w.setLinkSheet(n, &linkSheet{url: u})
		finish("error")
		return
	default:
		w.setLinkSheet(n, &linkSheet{url: u, text: css})
		w.afterImports(css, u, func(failed bool) {
			if failed {
				finish("error")
			} else {
				finish("load")
			}
		})
		return
	}
	finish("load")
}

// setLinkSheet makes s the sheet of link n (nil: none) and invalidates the
// cascade.
func (w *Window) setLinkSheet(n *dom.Node, s *linkSheet) {
	old, _ := w.res.sheets.get(n)
	if old == nil && s == nil {
		return
	}
	w.res.sheets.set(n, s)
	w.sheets.cssomEdits++
	w.sheetsEdited()
}

// linkMediaMatches reports whether link n's media attribute matches the
// viewport (an absent or empty one matches).
func (w *Window) linkMediaMatches(n *dom.Node) bool {
	m := strings.TrimSpace(n.Attribute("media"))
	return m == "" || webapi.MatchMedia(m, w.viewport())
}

// viewport is the page's viewport as package webapi takes it.
func (w *Window) viewport() webapi.Viewport {
	return webapi.Viewport{Width: w.cfg.Viewport.Width, Height: w.cfg.Viewport.Height, DevicePixelRatio: w.cfg.Viewport.DevicePixelRatio}
}

// linkSheetOf returns the sheet link n contributes to the document: nil
// unless n is connected, its rel still asks for a style sheet and its
// sheet arrived.
func (w *Window) linkSheetOf(n *dom.Node) *linkSheet {
	if !w.hasBrowsingContext(n.Document()) || !n.IsConnected() || linkKindOf(n) != "stylesheet" {
		return nil
	}
	s, _ := w.res.sheets.get(n)
	return s
}

// linkSheetText is the CSS link n contributes to the cascade: its sheet's
// text (its rules once script changed them), inside an @media block when
// the link has a media attribute.
func (w *Window) linkSheetText(n *dom.Node, s *linkSheet) string {
	text := s.text
	if s.sheet != nil && webapi.StyleSheetDisabled(s.sheet) {
		return ""
	}
	if s.edited {
		text = webapi.StyleSheetText(s.sheet)
	}
	if s.absIn != text || s.absOut == "" {
		s.absIn, s.absOut = text, cascadeSheetText(text, s.url) // cssurl.go
	}
	text = w.withImports(s.absOut, s.url) // sheetimports.go
	m := strings.TrimSpace(n.Attribute("media"))
	if m == "" || text == "" {
		return text
	}
	if s.edited || s.inMedia == "" || s.media != m || s.inText != text {
		s.media, s.inText, s.inMedia = m, text, "@media "+m+"{"+text+"\n}"
	}
	return s.inMedia
}

// linkStyleSheet is link.sheet: the CSSStyleSheet of the link's fetched
// sheet, or null.
// https://drafts.csswg.org/cssom/#dom-linkstyle-sheet
func (w *Window) linkStyleSheet(n *dom.Node) goja.Value {
	s := w.linkSheetOf(n)
	if s == nil || w.realm.Class("CSSStyleSheet") == nil {
		return w.null
	}
	if s.obj == nil {
		s.sheet = webapi.NewLinkStyleSheet(s.text, s.url, w.wrap(n), func() {
			s.edited = true
			w.sheets.cssomEdits++
			w.sheetsEdited()
		}, quirksDocument(n))
		webapi.SetImportLoader(s.sheet, w.importLoader) // sheetimports.go
		webapi.SetStyleSheetTitle(s.sheet, sheetTitle(n))
		s.obj = webapi.WrapStyleSheet(w.realm, s.sheet)
	}
	return s.obj
}

// Script-blocking style sheets
// https://html.spec.whatwg.org/multipage/semantics.html#a-style-sheet-that-is-blocking-scripts

// sheetWaiter is a script (nil: the deferred scripts) waiting for the
// sheets that block it.
type sheetWaiter struct {
	el *dom.Node
	fn func()
}

// blockedBySheets reports whether a sheet still blocks script el: a
// pending parser-made link before it in tree order (any pending one for
// el nil, the deferred scripts at the end of parsing).
func (s *scriptState) blockedBySheets(el *dom.Node) bool {
	for _, l := range s.sheetsBlocking {
		if !l.IsConnected() {
			continue // a link removed meanwhile blocks nothing
		}
		if el == nil || l.CompareDocumentPosition(el)&dom.DocumentPositionFollowing != 0 {
			return true
		}
	}
	return false
}

// afterSheets runs fn now when no style sheet blocks script el (nil: the
// deferred scripts), else once they have arrived, and reports whether it
// waits.
func (s *scriptState) afterSheets(el *dom.Node, fn func()) bool {
	if len(s.sheetWaiters) == 0 && !s.blockedBySheets(el) {
		fn()
		return false
	}
	s.sheetWaiters = append(s.sheetWaiters, sheetWaiter{el, fn})
	return true
}

// sheetArrived is called when the script-blocking sheet of link has
// arrived (or failed): the scripts it no longer blocks go on, in order.
func (s *scriptState) sheetArrived(link *dom.Node) {
	if i := slices.Index(s.sheetsBlocking, link); i >= 0 {
		s.sheetsBlocking = slices.Delete(s.sheetsBlocking, i, i+1)
	}
	for len(s.sheetWaiters) > 0 && !s.blockedBySheets(s.sheetWaiters[0].el) {
		fn := s.sheetWaiters[0].fn
		s.sheetWaiters = s.sheetWaiters[1:]
		fn()
	}
}
