package jsruntime

import (
	"errors"
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// @import and the load events of <style> elements.
//
// With Config.Stylesheets set, the @import rules of style sheets (a
// <style> element's, a link's, an imported sheet's) are fetched through
// it, once per URL and window. An imported sheet counts in the cascade in
// place of its @import rule, inside the rule's media, supports and layer
// conditions; a rule whose supports() condition fails is ignored, and one
// that would import a sheet it is inside (a cycle) imports nothing.
//
// Imports are critical subresources: a link fires load (error when an
// import failed) and a <style> element fires load (or error) only once
// every import of its sheet has arrived, both delay the window's load
// event until then, and a <style> element the parser made blocks the
// scripts after it meanwhile, as a link does.
// https://drafts.csswg.org/css-cascade-5/#at-import
// https://html.spec.whatwg.org/multipage/semantics.html#update-a-style-block
// https://html.spec.whatwg.org/multipage/semantics.html#a-style-sheet-that-is-blocking-scripts

// maxImportDepth bounds a chain of nested imports and maxImports the
// sheets one window imports: a page generating imports must not fetch
// without end.
const (
	maxImportDepth = 16
	maxImports     = 256
)

// An importedSheet is a sheet an @import rule fetches.
type importedSheet struct {
	done, failed bool
	text         string
	// abs is text as the cascade reads it, its URLs made absolute and its
	// comments stripped (cascadeSheetText, cssurl.go); made on first use.
	abs    string
	hasAbs bool
}

// sheetImports is a window's imported sheets.
type sheetImports struct {
	byURL map[string]*importedSheet
	// expanded caches the cascade's text of sheets with imports; cleared
	// when an import arrives.
	expanded map[importKey]string
	// waiters are called when an import arrives; those that return false
	// are still waiting.
	waiters []func() bool
}

type importKey struct{ css, base string }

// styleBlock is the state of a <style> element's sheet: gen counts its
// updates, so that a sheet replaced while its imports load fires no load
// event (one whose event is queued still fires it, as in Chromium).
type styleBlock struct {
	gen int
	// updates counts the updates by script not looked at yet; queued is
	// set while the task that looks at them is queued.
	updates int
	queued  bool
}

// followsImports reports whether the window fetches imported sheets.
func (w *Window) followsImports() bool { return w.cfg.Stylesheets != nil }

// importTree walks the imports of css (whose relative URLs resolve against
// base) that apply, depth first, starting the fetch of those not asked
// for yet; it reports whether one is still on its way and whether one
// failed. chain holds the URLs of the sheets css is inside.
func (w *Window) importTree(css, base string, chain []string) (pending, failed bool) {
	if !w.followsImports() || !webapi.MayImport(css) {
		return false, false
	}
	for _, im := range webapi.LeadingImports(css) {
		u, ok := w.resolveImport(im, base, chain)
		if !ok {
			continue
		}
		s := w.importedSheet(u)
		switch {
		case !s.done:
			pending = true
		case s.failed:
			failed = true
		default:
			p, f := w.importTree(s.text, u, append(chain, u))
			pending, failed = pending || p, failed || f
		}
	}
	return pending, failed
}

// resolveImport returns the URL an @import rule fetches, or ok=false when
// it fetches nothing: a failing supports() condition, a bad URL, a cycle,
// a chain too deep.
func (w *Window) resolveImport(im webapi.Import, base string, chain []string) (string, bool) {
	if im.HasSupports && !cssSupports(im.Supports) || len(chain) >= maxImportDepth {
		return "", false
	}
	b := w.doc.BaseRecord()
	if base != "" {
		var err error
		if b, err = webapi.ParseURL(base, nil); err != nil {
			return "", false
		}
	}
	ref, err := webapi.ParseURL(im.URL, b)
	if err != nil {
		return "", false
	}
	u := ref.String()
	if slices.Contains(chain, u) || u == base {
		return "", false
	}
	return u, true
}

// importedSheet returns the imported sheet at u, fetching it the first
// time (the fetch delays the window's load event).
func (w *Window) importedSheet(u string) *importedSheet {
	if s := w.imports.byURL[u]; s != nil {
		return s
	}
	if w.imports.byURL == nil {
		w.imports.byURL = map[string]*importedSheet{}
	}
	s := &importedSheet{}
	w.imports.byURL[u] = s
	if len(w.imports.byURL) > maxImports {
		s.done, s.failed = true, true
		w.log.Debug("jsruntime: too many imported style sheets", "url", u)
		return s
	}
	w.scripts.delaying++
	w.fetchSheet(u, w.timings(nil).begin(w.loop, "css", u), func(css string, err error) { w.importArrived(s, u, css, err) })
	return s
}

// importArrived takes the answer of an imported sheet's fetch: the
// cascade is built again and the sheets waiting for it go on.
func (w *Window) importArrived(s *importedSheet, u, css string, err error) {
	defer func() {
		w.scripts.delaying--
		w.scripts.maybeLoad()
	}()
	s.done = true
	switch {
	case errors.Is(err, ErrNotFetched):
	case err != nil:
		w.log.Debug("jsruntime: imported style sheet failed to load", "url", u, "err", err)
		s.failed = true
	default:
		s.text = css
	}
	w.imports.expanded = nil
	w.sheets.cssomEdits++
	w.sheetsEdited()
	waiters := w.imports.waiters
	w.imports.waiters = nil
	for _, f := range waiters {
		if !f() {
			w.imports.waiters = append(w.imports.waiters, f)
		}
	}
}

// afterImports calls done with whether an import failed once every import
// of css (at base; "" for a <style> element's sheet) has arrived: at once
// when none is on its way. It reports whether it waits.
func (w *Window) afterImports(css, base string, done func(failed bool)) bool {
	var chain []string
	if base != "" {
		chain = []string{base}
	}
	check := func() bool {
		pending, failed := w.importTree(css, base, chain)
		if pending {
			return false
		}
		done(failed)
		return true
	}
	if check() {
		return false
	}
	w.imports.waiters = append(w.imports.waiters, check)
	return true
}

// withImports returns the text the cascade reads for sheet css at base:
// css preceded by the sheets its imports fetched (those arrived), each in
// its rule's conditions.
func (w *Window) withImports(css, base string) string {
	if !w.followsImports() || !webapi.MayImport(css) {
		return css
	}
	k := importKey{css, base}
	if s, ok := w.imports.expanded[k]; ok {
		return s
	}
	var chain []string
	if base != "" {
		chain = []string{base}
	}
	var b strings.Builder
	w.writeImports(&b, css, base, chain)
	b.WriteString(css)
	s := b.String()
	if w.imports.expanded == nil {
		w.imports.expanded = map[importKey]string{}
	}
	w.imports.expanded[k] = s
	return s
}

func (w *Window) writeImports(b *strings.Builder, css, base string, chain []string) {
	for _, im := range webapi.LeadingImports(css) {
		u, ok := w.resolveImport(im, base, chain)
		if !ok {
			continue
		}
		s := w.importedSheet(u)
		if !s.done || s.failed {
			continue
		}
		closers := 0
		if im.Media != "" {
			b.WriteString("@media " + im.Media + "{")
			closers++
		}
		if im.HasLayer {
			b.WriteString("@layer " + im.Layer + "{")
			closers++
		}
		inner := append(chain, u)
		w.writeImports(b, s.text, u, inner)
		if !s.hasAbs {
			s.abs, s.hasAbs = cascadeSheetText(s.text, u), true
		}
		b.WriteString(s.abs)
		b.WriteString("\n" + strings.Repeat("}", closers) + "\n")
	}
}

// isCSSStyle reports whether a <style> element's type makes a CSS sheet:
// none, empty, or text/css.
// https://html.spec.whatwg.org/multipage/semantics.html#update-a-style-block
func isCSSStyle(n *dom.Node) bool {
	t, ok := n.GetAttribute("type")
	return !ok || t == "" || ascii.EqualFold(t, "text/css")
}

// styleUpdated runs "update a style block" for a <style> element of the
// window's document whose children changed or that was connected: the
// load event of its new sheet (error when an import failed) is queued
// once its imports have arrived. One the parser made (byParser: the parser
// now paused after it) is looked at at once and blocks the scripts after
// it meanwhile. Updates by script are looked at in a task, all of them
// at once, so that a page appending rules to a <style> one text node at a
// time (styled-components in development) does not read the growing text
// at each append.
func (w *Window) styleUpdated(n *dom.Node, byParser bool) {
	if n.Document() != w.doc || !w.res.ready {
		return
	}
	b, _ := w.res.styles.get(n)
	if b == nil {
		b = &styleBlock{}
		w.res.styles.set(n, b)
	}
	b.gen++
	if !n.IsConnected() {
		return // no sheet, no event
	}
	if byParser {
		w.lookAtStyle(n, b, 1, true)
		return
	}
	b.updates++
	if b.queued {
		return
	}
	b.queued = true
	w.queueResourceTask(func() {
		k := b.updates
		b.queued, b.updates = false, 0
		w.lookAtStyle(n, b, k, false)
	})
}

// lookAtStyle takes the sheet of style element n after count updates:
// once its imports have arrived, one load event per update is queued (one
// in all when the imports made it wait, the sheets of the updates before
// being replaced meanwhile).
func (w *Window) lookAtStyle(n *dom.Node, b *styleBlock, count int, byParser bool) {
	if !n.IsConnected() || !isCSSStyle(n) {
		return
	}
	gen := b.gen
	blocking, released, waited := false, false, false
	release := func() {
		if released {
			return
		}
		released = true
		if blocking {
			w.scripts.sheetArrived(n)
		}
	}
	waits := w.afterImports(scriptText(n), "", func(failed bool) {
		defer release()
		if b.gen != gen {
			return // a later update replaced the sheet while its imports loaded
		}
		typ := "load"
		if failed {
			typ = "error"
		}
		if waited {
			count = 1
		}
		w.queueResourceTask(func() {
			for range count {
				if n.IsConnected() {
					w.fire(n, typ, false, false)
				}
			}
		})
	})
	waited = waits
	if waits && byParser {
		if m := strings.TrimSpace(n.Attribute("media")); m == "" || webapi.MatchMedia(m, w.viewport()) {
			blocking = true
			w.scripts.sheetsBlocking = append(w.scripts.sheetsBlocking, n)
		}
	}
}

// importLoader is the CSSOM's webapi.ImportLoader: the sheets the
// window's imports fetched (one that failed is empty).
func (w *Window) importLoader(ref, base string) (string, string, bool) {
	u, ok := w.resolveImport(webapi.Import{URL: ref}, base, nil)
	if !ok {
		return "", "", false
	}
	s := w.imports.byURL[u]
	if s == nil || !s.done {
		return "", "", false
	}
	return u, s.text, true
}
