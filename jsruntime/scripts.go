package jsruntime

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/xhr"
)

// Scripts, in the HTML standard's order
// (https://html.spec.whatwg.org/multipage/scripting.html#script-processing-model).
//
// A page's document is parsed by a dom.StreamParser (see ParseWith): each
// parser-inserted script runs when the parser has completed it, seeing only
// what comes before it; a parser-blocking external script stops the parser
// until it has loaded and run (timers and other tasks run meanwhile); and
// document.write during a parser-inserted script goes into the parser's
// input at the insertion point.
//
// A document parsed whole beforehand (a Window made without ParseWith) has
// its scripts run in tree order, as if the parser were reaching them, and
// document.write inserts the markup it parses right after the script.

type scriptKind int

const (
	notScript scriptKind = iota
	classicScript
	moduleScript
)

type scriptInfo struct {
	parserInserted bool // present when parsing began, or written by document.write
	created        bool // made by createElement: runs when connected
	started        bool // the "already started" flag
	forceAsync     bool // dynamic scripts are async unless async is set false
}

type deferredScript struct {
	el     *dom.Node
	kind   scriptKind
	src    string
	name   string
	failed bool
	// graphErr is a module script's error to rethrow (moduleerror.go):
	// its graph was fetched but cannot run.
	graphErr *webapi.ModuleGraphError
	ready    bool
	op       *loop.Op // its fetch or bundle, until ready

	// For a deferred module script (see bundleDeferred): shared makes it
	// a chunk that takes the modules earlier module scripts ran from the
	// page's module registry and registers its own; next is the module
	// script after it, bundled once this one has run; bundles counts its
	// bundle runs (a later one supersedes an earlier one); ran is set
	// once it is done (run, or failed).
	shared  bool
	next    *deferredScript
	bundles int
	ran     bool
}

type scriptState struct {
	w          *Window
	onYield    func() // run once, when the parser first stops (the XSLT banner)
	readyState string
	info       map[*dom.Node]*scriptInfo
	current    *dom.Node // document.currentScript
	cursor     *dom.Node // last parser-inserted script reached
	parsing    bool      // the walk is going on
	blocked    bool      // waiting for a parser-blocking script
	// sheetsBlocking are the parser's links whose sheets block scripts
	// (linksheets.go); sheetWaiters run, in order, once none blocks them.
	sheetsBlocking []*dom.Node
	sheetWaiters   []sheetWaiter
	deferWaits     bool // runDeferred waits for sheetWaiters
	parsed         bool // the walk has ended
	deferred       []*deferredScript
	lastModule     *deferredScript   // the last deferred module script prepared
	ordered        []*deferredScript // dynamic scripts with async=false
	delaying       int               // fetches that delay the load event
	// networkLoads is set when the load event waits for a subresource
	// bangsnap does not fetch (an image) but lets arrive as from a network.
	networkLoads bool
	dclDone      bool
	loadDone     bool
	write        strings.Builder
	writeDepth   int
	writeAfter   *dom.Node   // last node document.write inserted in this execution
	pending      []*dom.Node // dynamic scripts inserted, to prepare (and frame containers inserted with them)
	// pendingFrames is set when pending holds frame containers, whose
	// post-connection steps run in tree order with the scripts'.
	pendingFrames bool
	inErrorEvent  bool
	started       bool
	imports       *webapi.ImportMap // the page's import maps merged, or nil

	patternHelper bool // the array pattern helper is installed (destructure.go)
	// evaluated are the URLs of the external module scripts that ran: the
	// module map holds one module per URL, evaluated once.
	evaluated map[string]bool
	// parseErrors are the errors to rethrow of the modules that do not
	// parse, by URL (moduleerror.go).
	parseErrors map[string]goja.Value
	// evalErrors are what the external module scripts that threw as they
	// ran threw, by URL; thrown is what the last script executeAt ran
	// threw, or nil (moduleerror.go).
	evalErrors map[string]goja.Value
	thrown     goja.Value

	stream  *dom.StreamParser    // parses the document as scripts run, or nil
	xml     *dom.XMLStreamParser // the same for an XML document, or nil
	waiting *dom.Node            // a parser-blocking script written by document.write

	// opened is the script-created parser of document.open after the
	// page's parser ended, until document.close (docopen.go);
	// openedNesting counts the scripts it is running.
	opened        *dom.StreamParser
	openedNesting int

	// runningDeferred: runDeferred is running (a fetch it takes calls it).
	runningDeferred bool
}

// maxWriteNesting bounds scripts written by scripts written by scripts...:
// deeper ones do not run (a script that writes itself would recurse until
// the stack ends).
const maxWriteNesting = 32

// ParseWith makes p the parser of the window's document, which must be
// p.Document(): Start runs the page's scripts as p reaches them instead of
// walking a document parsed whole. The caller closes p after the page.
func (w *Window) ParseWith(p *dom.StreamParser) {
	w.scripts.stream = p
	p.SetLogger(w.log)
	// Observers get a record per node the parser inserts, as in browsers.
	p.Observed = func() bool { return len(w.observer.observers) > 0 }
	w.ceHookParsers()
}

// ParseXMLWith makes p the parser of the window's XML document, which must
// be p.Document(): Start runs the page's scripts as the XML parser
// reaches their end tags (see ParseWith).
// https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents
func (w *Window) ParseXMLWith(p *dom.XMLStreamParser) {
	w.scripts.xml = p
}

// modules reports whether module scripts can run (a bundler is set).
func (s *scriptState) modules() bool { return s.w.cfg.Bundle != nil || s.w.cfg.BundleImports != nil }

// addImportMap merges an inline <script type="importmap">; its specifier
// map values are resolved against the document base URL. Entries already
// present win, as when a later map is merged into an earlier one.
// https://html.spec.whatwg.org/multipage/webappapis.html#merge-existing-and-new-import-maps
func (s *scriptState) addImportMap(el *dom.Node) {
	if el.HasAttribute("src") {
		s.w.log.Debug("jsruntime: external import maps are not supported")
		return
	}
	base := ""
	if u := el.Document().BaseRecord(); u != nil {
		base = u.String()
	}
	m, err := webapi.ParseImportMap(scriptText(el), base)
	if err != nil {
		s.w.ReportError(fmt.Errorf("TypeError: Failed to parse import map: %w", err))
		return
	}
	s.imports = s.imports.Merge(m)
}

func (s *scriptState) init(w *Window) {
	s.w = w
	s.readyState = "loading"
	s.info = make(map[*dom.Node]*scriptInfo)
	w.doc.Descendants(func(n *dom.Node) bool {
		if isScript(n) {
			s.info[n] = &scriptInfo{parserInserted: true}
		}
		return true
	})
	s.templateScripts(&w.doc.Node)
}

// templateScripts makes the scripts a parser put in the contents of the
// templates at or below n (nested ones too) scripts that run once
// inserted into the document, as scripts made by script: the parser's
// preparation of such a script stops at "not connected", before "already
// started" is set, and drops its parser document (see prepareParserScript).
// Chromium runs them whichever parser made them, but the fragment parser
// of innerHTML, which marks every script it makes already started.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (steps 2–4 and 7)
func (s *scriptState) templateScripts(n *dom.Node) {
	var inTemplate func(k *dom.Node) bool
	inTemplate = func(k *dom.Node) bool {
		if isScript(k) {
			if i := s.info[k]; i == nil || !i.started {
				s.info[k] = &scriptInfo{created: true, forceAsync: !k.HasAttribute("async")}
			}
		} else if c := k.TemplateContent(); c != nil {
			c.Descendants(inTemplate)
		}
		return true
	}
	visit := func(k *dom.Node) bool {
		if c := k.TemplateContent(); c != nil {
			c.Descendants(inTemplate)
		}
		return true
	}
	visit(n)
	n.Descendants(visit)
}

// runnable makes the scripts the fragment parser put in f, and in the
// declarative shadow roots it attached there, scripts that run once
// connected, as setHTMLUnsafe's runScripts option asks (the fragment
// parser's scripts are otherwise already started); they are treated as
// the parser's scripts that were not connected (prepareParserScript).
func (s *scriptState) runnable(f *dom.Node) {
	var mark func(k *dom.Node) bool
	mark = func(k *dom.Node) bool {
		if isScript(k) {
			s.info[k] = &scriptInfo{created: true, forceAsync: !k.HasAttribute("async")}
		}
		if sr := k.ShadowRoot(); sr != nil {
			sr.Descendants(mark)
		}
		return true
	}
	f.Descendants(mark)
}

// scriptSrc returns the URL attribute of a script element and whether it
// has one: src for an HTML script; href, else xlink:href, for an SVG one.
// https://svgwg.org/svg2-draft/interact.html#ScriptElement
func scriptSrc(el *dom.Node) (string, bool) {
	if el.Namespace != "svg" {
		return el.GetAttribute("src")
	}
	return svgHref(el)
}

// hasScriptSrc reports whether a script element is external (scriptSrc).
func hasScriptSrc(el *dom.Node) bool {
	_, ok := scriptSrc(el)
	return ok
}

func isScript(n *dom.Node) bool {
	return n.IsElement() && n.DataAtom == atom.Script && (n.Namespace == "" || n.Namespace == "svg")
}

// created marks a script element made by createElement: it runs when it
// becomes connected.
func (s *scriptState) created(el *dom.Node) {
	if isScript(el) {
		s.info[el] = &scriptInfo{created: true, forceAsync: true}
	}
}

// cloned copies the "already started" flag to clones.
//
// A script a parser made in a document without scripting (DOMParser,
// responseXML) is already started, and so are its clones, whether the HTML
// or the XML parser made it (Chromium 156; 148 ran the copies of XML ones).
// https://html.spec.whatwg.org/multipage/scripting.html#script-processing-model (cloning steps)
func (s *scriptState) cloned(orig, clone *dom.Node) {
	var walk func(a, b *dom.Node)
	walk = func(a, b *dom.Node) {
		if isScript(a) {
			if i := s.info[a]; i != nil {
				s.info[b] = &scriptInfo{started: i.started, created: true, forceAsync: true}
			}
		}
		for x, y := a.First(), b.First(); x != nil && y != nil; x, y = x.Next(), y.Next() {
			walk(x, y)
		}
		if a.IsElement() && a.DataAtom == atom.Template {
			// a template's clone has copies of its contents
			if ca, cb := a.TemplateContent(), b.TemplateContent(); ca != nil && cb != nil {
				walk(ca, cb)
			}
		}
	}
	walk(orig, clone)
}

// Start queues the page's scripts: the parser-inserted ones in tree order,
// then deferred ones, DOMContentLoaded, and load once nothing delays it.
// Run the loop afterwards (see the package example).
func (w *Window) Start(ctx context.Context) {
	if w.scripts.started {
		return
	}
	w.scripts.started = true
	if ctx != nil {
		w.ctx = ctx
		if w.net != nil {
			// The page's fetches end with it (a body still streaming
			// closes its connection).
			w.net.ctx = ctx
		}
	}
	w.scanHandlers(&w.doc.Node)
	w.loop.QueueTask(func() {
		w.scripts.parsing = true
		w.scripts.walk()
	})
}

// Run starts the page's scripts and runs the loop until the page is quiet.
func (w *Window) Run(ctx context.Context) error {
	w.Start(ctx)
	_, err := w.loop.Run(ctx)
	return err
}

// ReadyState returns document.readyState.
func (w *Window) ReadyState() string { return w.scripts.readyState }

// nextParserScript returns the first parser-inserted script after the
// cursor, in tree order, that has not started.
func (s *scriptState) nextParserScript() *dom.Node {
	var found *dom.Node
	visit := func(n *dom.Node) bool {
		if isScript(n) {
			if i := s.info[n]; i != nil && i.parserInserted && !i.started {
				found = n
				return false
			}
		}
		return true
	}
	root := &s.w.doc.Node
	if s.cursor == nil || !s.cursor.IsConnected() {
		root.Descendants(visit)
		return found
	}
	// Walk forward from the cursor: its descendants, then what follows.
	s.cursor.Descendants(visit)
	if found != nil {
		return found
	}
	for n := s.cursor; n != nil && found == nil; n = n.ParentNode() {
		for k := n.Next(); k != nil && found == nil; k = k.Next() {
			if visit(k) {
				k.Descendants(visit)
			}
		}
	}
	return found
}

// nextScript returns the next parser-inserted script to prepare, with the
// position of its text in the page (zero when unknown), or nil at the end
// of parsing.
func (s *scriptState) nextScript() (*dom.Node, dom.Position) {
	if s.xml != nil {
		s.w.res.parserInserting = true
		el, pos, err := s.xml.Next()
		s.w.res.parserInserting = false
		s.w.parserStylesDone()
		if err != nil {
			if perr := s.xml.Err(); perr != nil {
				s.w.log.Debug("jsruntime: the document is not well-formed XML", "err", perr)
			}
			return nil, dom.Position{}
		}
		if s.info[el] == nil {
			s.info[el] = &scriptInfo{parserInserted: true}
		}
		return el, pos
	}
	if s.stream == nil {
		el := s.nextParserScript()
		if el != nil {
			s.cursor = el
		}
		return el, dom.Position{}
	}
	if el := s.waiting; el != nil {
		s.waiting = nil
		return el, dom.Position{}
	}
	s.w.res.parserInserting = true
	el, pos, err := s.stream.Next()
	s.w.res.parserInserting = false
	s.w.parserStylesDone()
	if err != nil {
		if !errors.Is(err, io.EOF) {
			s.w.log.Debug("jsruntime: parsing stopped", "err", err)
		}
		return nil, dom.Position{}
	}
	if s.info[el] == nil {
		s.info[el] = &scriptInfo{parserInserted: true}
	}
	return el, pos
}

// walk runs parser-inserted scripts until one blocks or none is left.
func (s *scriptState) walk() {
	for {
		el, pos := s.nextScript()
		s.w.loop.ResumeRendering() // the parser may have made the body
		if el == nil {
			// The input has ended. Chromium runs the end of parsing in a
			// task of its own, after the zero-delay timers the last scripts
			// set: a zero-delay timer rather than a task keeps that order.
			s.w.loop.SetTimer(0, false, s.finishParsing)
			s.yielded()
			return
		}
		if (s.stream != nil || s.xml != nil) && s.writeDepth == 0 {
			// https://html.spec.whatwg.org/multipage/parsing.html#scriptEndTag:
			// with no script running, a microtask checkpoint first (mutation
			// observers hear of the parser's insertions before the script runs).
			s.w.loop.PerformMicrotaskCheckpoint()
		}
		if s.prepareParserScript(el, pos) {
			s.yielded()
			return // the walk resumes when the script has run
		}
	}
}

// yielded runs onYield the first time the parser stops.
func (s *scriptState) yielded() {
	if f := s.onYield; f != nil {
		s.onYield = nil
		f()
	}
}

// prepareParserScript prepares a parser-inserted script the parser has
// reached: runs it (inline), fetches it (async, defer, module) or, for a
// parser-blocking one, fetches it and reports true: the walk resumes once
// it has run.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element
func (s *scriptState) prepareParserScript(el *dom.Node, pos dom.Position) (blocking bool) {
	info := s.info[el]
	if info == nil || info.started {
		return false
	}
	if !el.IsConnected() {
		// One the parser made in a template's contents (or one removed
		// before its end tag): see templateScripts.
		info.parserInserted, info.created, info.forceAsync = false, true, !el.HasAttribute("async")
		return false
	}
	if s.leftUnprepared(el, info) {
		return false
	}
	info.started = true
	if ascii.EqualFold(strings.TrimSpace(el.Attribute("type")), "importmap") {
		s.addImportMap(el)
		return false
	}
	kind := s.kindOf(el)
	if kind == notScript {
		return false
	}
	src, external := scriptSrc(el)
	if external && s.emptySrc(el, src) {
		return false
	}
	url := ""
	if external {
		url = el.Document().ResolveURL(src)
	}
	switch {
	case kind == moduleScript:
		d := &deferredScript{el: el, kind: kind, name: url}
		if el.HasAttribute("async") {
			s.delaying++
			s.bundle(el, url, func(code string, err error) {
				s.delaying--
				s.runFetched(el, code, url, err)
				s.maybeLoad()
			})
		} else {
			s.deferred = append(s.deferred, d)
			s.deferModule(d)
		}
	case !external:
		if s.writeDepth == 0 && (len(s.sheetWaiters) > 0 || s.blockedBySheets(el)) {
			// The parser pauses until the page's style sheets have
			// arrived; the script then runs and the walk goes on.
			s.blocked = true
			s.afterSheets(el, func() {
				s.blocked = false
				s.executeAt(el, scriptText(el), s.w.inlineScriptURL(), pos)
				s.walk()
			})
			return true
		}
		s.executeAt(el, scriptText(el), s.w.inlineScriptURL(), pos)
	case el.HasAttribute("async"):
		s.delaying++
		s.fetch(el, url, func(body string, err error) {
			s.delaying--
			s.runFetched(el, body, url, err)
			s.maybeLoad()
		})
	case el.HasAttribute("defer") && s.xml == nil:
		// (Chromium's XML parser does not defer: a deferred script of an
		// XHTML page blocks the parser like one without the attribute.)
		d := &deferredScript{el: el, kind: kind, name: url}
		s.deferred = append(s.deferred, d)
		d.op = s.fetch(el, url, func(body string, err error) {
			d.src, d.failed, d.ready, d.op = body, err != nil, true, nil
			if err != nil {
				s.loadFailed(el, url, err)
			}
			s.runDeferred()
		})
	default:
		// A parser-blocking script: the walk resumes when it has run.
		// Fetched at once; run once no style sheet blocks scripts.
		s.blocked = true
		s.fetch(el, url, func(body string, err error) {
			s.afterSheets(el, func() {
				s.blocked = false
				s.runFetched(el, body, url, err)
				s.walk()
			})
		})
		return true
	}
	return false
}

// leftUnprepared reports whether the parser's preparation of el stops
// before "already started" is set: el has neither a src attribute nor text,
// or its type is no script type. Its parser document is gone by then, so el
// becomes as a script made by script: text or a src added later prepares it
// again (and runs it), and so does inserting it after a type change.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (steps 3, 6 and 12)
func (s *scriptState) leftUnprepared(el *dom.Node, info *scriptInfo) bool {
	if hasScriptSrc(el) || hasScriptText(el) {
		if ascii.EqualFold(strings.TrimSpace(el.Attribute("type")), "importmap") || s.kindOf(el) != notScript {
			return false
		}
	}
	info.parserInserted, info.created, info.forceAsync = false, true, !el.HasAttribute("async")
	return true
}

// parserBlocking reports whether the parser-inserted script el would block
// the parser: an external classic script, neither async nor defer.
func (s *scriptState) parserBlocking(el *dom.Node) bool {
	return hasScriptSrc(el) && !el.HasAttribute("async") && !el.HasAttribute("defer") &&
		!ascii.EqualFold(strings.TrimSpace(el.Attribute("type")), "importmap") && s.kindOf(el) == classicScript
}

// runWrittenScript is called for each script the parser completes in
// markup that document.write gave it: inline ones run at once, nested in
// the write; a parser-blocking one stops the parser, and runs after the
// writing script, before the parser goes on.
func (s *scriptState) runWrittenScript(el *dom.Node, pos dom.Position) bool {
	if s.waiting != nil {
		return false // the parser is paused for a blocking script
	}
	info := s.info[el]
	if info == nil {
		info = &scriptInfo{parserInserted: true}
		s.info[el] = info
	}
	if info.started {
		return true
	}
	if s.parserBlocking(el) {
		s.waiting = el
		return false
	}
	if s.writeDepth > maxWriteNesting {
		info.started = true
		s.w.log.Debug("jsruntime: document.write nested too deep, script not run")
		return true
	}
	s.prepareParserScript(el, pos)
	// A blocking script it wrote pauses the parser: the writes around
	// stop parsing too.
	return s.waiting == nil
}

// runFetched runs a fetched external script and fires load or error at its
// element.
func (s *scriptState) runFetched(el *dom.Node, body, url string, err error) {
	ge := moduleGraphError(err)
	if err != nil && ge == nil {
		s.loadFailed(el, url, err)
		return
	}
	if ge != nil {
		s.rethrow(ge)
	} else {
		s.evaluate(el, body, url)
	}
	if hasScriptSrc(el) { // an inline module fires no load
		s.w.fire(el, "load", false, false)
	}
}

// evaluatedBefore tells whether el is an external module script whose URL
// already ran: the module map gives it the same module, which is not
// evaluated again (its element still fires load).
// https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-single-module-script (step 3)
func (s *scriptState) evaluatedBefore(el *dom.Node, url string) bool {
	if url == "" || s.kindOf(el) != moduleScript {
		return false
	}
	if s.evaluated[url] {
		return true
	}
	if reg := s.w.moduleRegistry(); reg != nil {
		// an earlier module script imported it: Starlight's mobile table
		// of contents imports the module that the next script loads
		if _, ok := registryGet(s.w.rt, reg, url); ok {
			return true
		}
	}
	if s.evaluated == nil {
		s.evaluated = map[string]bool{}
	}
	s.evaluated[url] = true
	return false
}

// emptySrc handles a src attribute that is empty (blank in Chromium,
// which trims it): the script fires error in a task and never runs.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (step 31.2)
func (s *scriptState) emptySrc(el *dom.Node, src string) bool {
	if strings.Trim(src, " \t\n\f\r") != "" {
		return false
	}
	s.w.loop.QueueTask(func() { s.w.fire(el, "error", false, false) })
	return true
}

func (s *scriptState) loadFailed(el *dom.Node, url string, err error) {
	s.w.log.Debug("jsruntime: script failed to load", "url", url, "err", err)
	if s.w.cfg.OnError != nil {
		s.w.cfg.OnError(ScriptError{Message: "Failed to load script: " + err.Error(), Source: url})
	}
	s.w.fire(el, "error", false, false)
}

// finishParsing runs the end of parsing: interactive, deferred scripts,
// DOMContentLoaded, then load.
// https://html.spec.whatwg.org/multipage/parsing.html#the-end
func (s *scriptState) finishParsing() {
	if s.parsed {
		return
	}
	s.parsing, s.parsed = false, true
	s.current = nil
	s.w.loop.ResumeRendering()
	s.setReadyState("interactive")
	s.runDeferred()
}

// runDeferred runs the deferred scripts that are ready, in order, and
// after the last one fires DOMContentLoaded, all in the task that calls
// it, as Chromium does: the deferred scripts whose fetch has arrived run
// back to back, with no timer or other task between them (a script's
// zero-delay timer runs after the next one and after DOMContentLoaded),
// and DOMContentLoaded fires in the task of the last one (or of the end
// of parsing, when none is left), load too when nothing delays it. A
// deferred script not arrived yet is waited for as the standard's "spin
// the event loop": other tasks and timers run meanwhile. A fetch counts
// as arrived once it has completed (in deterministic mode, once its
// virtual delivery instant has come), though its task has not run
// (loop.Op.RunArrived).
// https://html.spec.whatwg.org/multipage/parsing.html#the-end (steps 3 to 6)
func (s *scriptState) runDeferred() {
	if !s.parsed || s.dclDone || s.deferWaits || s.runningDeferred {
		return
	}
	s.runningDeferred = true
	defer func() { s.runningDeferred = false }()
	for len(s.deferred) > 0 {
		d := s.deferred[0]
		if !d.ready && (d.op == nil || !d.op.RunArrived() || !d.ready) {
			return
		}
		if len(s.sheetWaiters) > 0 || s.blockedBySheets(nil) {
			s.deferWaits = true
			s.afterSheets(nil, func() {
				s.deferWaits = false
				s.runDeferred()
			})
			return
		}
		s.deferred = s.deferred[1:]
		if !d.failed {
			if d.graphErr != nil {
				s.rethrow(d.graphErr)
			} else {
				s.evaluate(d.el, d.src, d.name)
			}
			if hasScriptSrc(d.el) { // an inline module fires no load
				s.w.fire(d.el, "load", false, false)
			}
		}
		d.ran = true
		if d.next != nil {
			s.bundleDeferred(d.next, true)
		}
	}
	s.dclDone = true
	ev := dom.NewEvent("DOMContentLoaded", true, false)
	ev.IsTrusted = true
	s.w.dispatch(&s.w.doc.Node, ev)
	s.w.scrollToFragment(s.w.doc) // fragment.go
	s.w.checkDeclarative()        // cssanim.go
	s.w.fontsParsed()             // fontfacecss.go
	s.loadNow()
}

// maybeLoad fires load when parsing is over and nothing delays it any
// more, in a task of its own (see loadWhenDue).
func (s *scriptState) maybeLoad() { s.loadWhenDue(false) }

// loadNow is maybeLoad for DOMContentLoaded's task and the tasks of the
// resource events held until then: with nothing left to delay it, load
// fires at once in that task, as Chromium fires it right after
// DOMContentLoaded (and after the load of a style sheet it had before),
// so load comes before the zero-delay timers DOMContentLoaded handlers set.
func (s *scriptState) loadNow() { s.loadWhenDue(true) }

// loadWhenDue fires load when it is due: at once or in a task of its own
// (now), or, when it waited for images, in a zero-delay timer: images
// bangsnap does not fetch stand for a network and arrive after the
// zero-delay timers DOMContentLoaded handlers set (jQuery's ready
// callbacks), as they do in Chromium.
func (s *scriptState) loadWhenDue(now bool) {
	switch {
	case !s.loadDue():
	case s.networkLoads:
		s.w.loop.SetTimer(0, false, s.fireLoad)
	case now:
		s.fireLoad()
	default:
		s.w.loop.QueueTask(s.fireLoad)
	}
}

// loadDue reports whether load is to fire now, and marks it fired.
func (s *scriptState) loadDue() bool {
	if !s.dclDone || s.loadDone || s.delaying > 0 || len(s.ordered) > 0 {
		return false
	}
	s.loadDone = true
	return true
}

func (s *scriptState) fireLoad() {
	s.setReadyState("complete")
	ev := dom.NewEvent("load", false, false)
	ev.IsTrusted = true
	ev.SetLegacyTargetOverride(s.w.doc)
	s.w.dispatch(s.w, ev)
	s.w.checkDeclarative()
	s.w.nav.completelyLoaded = true
	ps := dom.NewEvent("pageshow", true, true) // bubbles and cancelable, as the standard and Chromium have it
	ps.IsTrusted = true
	ps.Detail = &eventData{kind: "PageTransitionEvent", detail: goja.Null(), view: goja.Null(), state: goja.Null()}
	ps.SetLegacyTargetOverride(s.w.doc)
	s.w.dispatch(s.w, ps)
	s.w.reveal()
	s.w.fontsDocumentLoaded() // fontfacecss.go
}

func (s *scriptState) setReadyState(rs string) {
	s.readyState = rs
	ev := dom.NewEvent("readystatechange", false, false)
	ev.IsTrusted = true
	s.w.dispatch(&s.w.doc.Node, ev)
}

// kindOf decides from type and language whether el is a classic script, a
// module script or neither.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (step 8)
func (s *scriptState) kindOf(el *dom.Node) scriptKind {
	typ, hasType := el.GetAttribute("type")
	lang, hasLang := el.GetAttribute("language")
	classic, module := ScriptKindOf(typ, hasType, lang, hasLang)
	switch {
	case module && s.modules():
		return moduleScript
	case classic && !(el.HasAttribute("nomodule") && s.modules()) && forWindowOnload(el):
		return classicScript
	}
	return notScript
}

// forWindowOnload tells whether a classic script may run as far as its
// legacy for and event attributes go: with both, only for="window"
// event="onload" (or "onload()") runs, whatever the case and surrounding
// spaces.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (step 17)
func forWindowOnload(el *dom.Node) bool {
	f, hasFor := el.GetAttribute("for")
	ev, hasEvent := el.GetAttribute("event")
	if !hasFor || !hasEvent {
		return true
	}
	const ws = "\t\n\f\r "
	if !ascii.EqualFold(strings.Trim(f, ws), "window") {
		return false
	}
	ev = ascii.Lower(strings.Trim(ev, ws))
	return ev == "onload" || ev == "onload()"
}

// ScriptKindOf decides from a script element's type and language
// attributes (and whether it has them) whether it is a classic script, a
// module script or neither (a data block), before nomodule and module
// support are taken into account.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (step 8)
func ScriptKindOf(typ string, hasType bool, lang string, hasLang bool) (classic, module bool) {
	var t string
	switch {
	case hasType && typ == "":
		t = "text/javascript"
	case !hasType && (!hasLang || lang == ""):
		t = "text/javascript"
	case !hasType:
		t = "text/" + lang
	default:
		t = typ
	}
	t = ascii.Lower(strings.TrimSpace(t))
	if t == "module" {
		return false, true
	}
	// The type must be a JavaScript MIME type essence: with parameters
	// (text/javascript; charset=utf-8) it is a data block, as in Chromium.
	return jsMIME[t], false
}

// jsMIME are the JavaScript MIME type essences.
// https://mimesniff.spec.whatwg.org/#javascript-mime-type
var jsMIME = map[string]bool{
	"application/ecmascript": true, "application/javascript": true, "application/x-ecmascript": true,
	"application/x-javascript": true, "text/ecmascript": true, "text/javascript": true,
	"text/javascript1.0": true, "text/javascript1.1": true, "text/javascript1.2": true,
	"text/javascript1.3": true, "text/javascript1.4": true, "text/javascript1.5": true,
	"text/jscript": true, "text/livescript": true, "text/x-ecmascript": true, "text/x-javascript": true,
}

// scriptText is the child text content of a script element.
func scriptText(el *dom.Node) string {
	// One text child (a style element CSS-in-JS filled, a script): its
	// data as it is. The cascade collects every style element's text at
	// each change of the page's sheets, and a copy of each made Ant
	// Design's render allocate megabytes.
	if k := el.First(); k != nil && k.Next() == nil {
		if k.IsText() {
			return k.Data
		}
		return ""
	}
	var b strings.Builder
	for k := el.First(); k != nil; k = k.Next() {
		if k.IsText() { // CDATA sections too
			b.WriteString(k.Data)
		}
	}
	return b.String()
}

// hasScriptText reports whether scriptText(el) is not empty, without
// building it.
func hasScriptText(el *dom.Node) bool {
	for k := el.First(); k != nil; k = k.Next() {
		if k.IsText() && k.Data != "" {
			return true
		}
	}
	return false
}

var errNoLoader = errors.New("no script loader configured")

// fetch loads url, the source of script element el, off the loop and
// delivers the body as a task: bytes that are not UTF-8 (the loader decodes
// a response that names its charset) are decoded in the encoding el's
// charset attribute names, else as UTF-8 with U+FFFD for each bad byte
// (goja refuses ill-formed source).
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (step 19)
func (s *scriptState) fetch(el *dom.Node, url string, done func(body string, err error)) *loop.Op {
	charset := strings.TrimSpace(el.Attribute("charset"))
	w := s.w
	op := w.loop.Begin("script " + url)
	loader := w.cfg.Loader
	ordered, _ := loader.(OrderedScriptLoader)
	var ticket uint64
	if ordered != nil {
		ticket = ordered.ScriptTicket() // on the loop: the page's order
	}
	ctx := w.ctx
	log := w.log
	// A classic script of the page runs as its text named by its URL
	// (runFetched): compile it here, beside the loop and the other
	// fetches, and the loop finds it in the program cache.
	kind := s.kindOf(el)
	precompile := el.Document() == w.doc && kind == classicScript
	lower := w.cfg.Lower
	rf := w.timings(el).begin(w.loop, "script", url)
	if rf != nil {
		// A parser-inserted classic script that neither defers nor is
		// async blocks rendering while the document has no body.
		// https://html.spec.whatwg.org/multipage/dom.html#implicitly-potentially-render-blocking
		info := s.info[el]
		rf.blocking = w.renderBlocked() && info != nil && info.parserInserted && kind == classicScript &&
			!el.HasAttribute("async") && !el.HasAttribute("defer")
		ctx = rf.context(ctx)
	}
	go func() {
		var body []byte
		err := offLoop(log, "script "+url, func() (err error) {
			if loader == nil {
				return errNoLoader
			}
			check := checkClassic
			if kind == moduleScript {
				check = checkModule
			}
			body, err = loadScript(ctx, loader, url, ticket, check)
			return err
		})
		src := decodeScript(body, charset)
		if err == nil && precompile {
			precompileClassic(log, src, url, lower)
		}
		op.Complete(func() {
			rf.loaded(err, len(body), w.doc.URL())
			done(src, err)
		})
	}()
	return op
}

// compileSlots bounds the scripts compiled ahead of their turn at once,
// process-wide, to the number of CPUs.
var compileSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// precompileClassic compiles the classic script src named name into the
// program cache, off the loop, when the cache would keep it, it is not
// cached yet and a compile slot is free; else the loop compiles it when
// the script runs (waiting for a slot could hold up a page whose loop
// would compile it at once). A compile error is left for the loop to
// report when it compiles the script again.
func precompileClassic(log *slog.Logger, src, name string, lower Lowerer) {
	if !programs.keeps(name, src) || programs.get(name, src) != nil {
		return // the loop would have to compile it again
	}
	select {
	case compileSlots <- struct{}{}:
	default:
		return
	}
	defer func() { <-compileSlots }()
	_ = offLoop(log, "compile "+name, func() error {
		_, err := compileClassic(src, name, lower)
		return err
	})
}

// deferModule bundles the deferred module script d, now or, when an
// earlier one has not run yet, once it has.
//
// The module map holds one module per URL, evaluated once, whichever
// module scripts import it (an Astro page's view-transition router and a
// page script both import the router module; Vite's pages share chunks).
// Bundled on its own, each module script would run its own copy. So the
// module scripts of a page with several are bundled one after another as
// chunks (webapi/dynimport.go): each registers its modules' namespaces
// and takes those of the modules that the scripts before it ran from the
// registry. The first one is bundled at once, before the parser has seen
// a second; when one comes, the first is bundled again as a chunk (the
// first bundle is dropped). A page with one module script is bundled as
// before, without registration.
// https://html.spec.whatwg.org/multipage/webappapis.html#module-map
func (s *scriptState) deferModule(d *deferredScript) {
	prev := s.lastModule
	s.lastModule = d
	if prev == nil || prev.ran || s.w.cfg.ImportChunk == nil {
		d.shared = s.w.moduleRegistry() != nil && s.w.cfg.ImportChunk != nil
		s.bundleDeferred(d, false)
		return
	}
	d.shared = true
	prev.next = d
	if !prev.shared {
		// prev was bundled alone: bundle it again as a chunk.
		prev.shared = true
		s.bundleDeferred(prev, false)
	}
}

// bundleDeferred bundles the deferred module script d, as a chunk when it
// is shared; a bundle started earlier for d is dropped. next is set for
// the bundle of the module script after one that has just run: in
// Chromium that script was fetched with the others while the page was
// parsed, so its bundle, only started now, is taken as local work with
// no network latency (loop.BeginLocal): in deterministic mode it runs
// right after the one before it, before that one's zero-delay timers.
func (s *scriptState) bundleDeferred(d *deferredScript, next bool) {
	d.bundles++
	run := d.bundles
	d.ready, d.failed = false, false
	var loaded []string
	if d.shared {
		loaded = registryKeys(s.w.rt, s.w.moduleRegistry())
		slices.Sort(loaded)
	}
	d.op = s.bundleWith(d.el, d.name, loaded, next, func(code string, err error) {
		if run != d.bundles {
			return
		}
		d.graphErr = moduleGraphError(err)
		d.src, d.failed, d.ready, d.op = code, err != nil && d.graphErr == nil, true, nil
		if d.failed {
			s.loadFailed(d.el, d.name, err)
		}
		s.runDeferred()
	})
}

// bundle turns a module script into a classic one off the loop: as a
// chunk sharing the page's module registry when modules registered there
// (see deferModule).
func (s *scriptState) bundle(el *dom.Node, url string, done func(code string, err error)) {
	var loaded []string
	if reg := s.w.moduleRegistry(); reg != nil && s.w.cfg.ImportChunk != nil {
		loaded = registryKeys(s.w.rt, reg)
		slices.Sort(loaded)
	}
	s.bundleWith(el, url, loaded, false, done)
}

// bundleWith bundles a module script: as a chunk when loaded is not nil
// (the modules it takes from the registry); local begins its Op with no
// network latency (see bundleDeferred).
func (s *scriptState) bundleWith(el *dom.Node, url string, loaded []string, local bool, done func(code string, err error)) *loop.Op {
	w := s.w
	var source []byte
	if url == "" {
		url = w.docURL(&w.doc.Node)
		source = []byte(scriptText(el))
	}
	begin := w.loop.Begin
	if local {
		begin = w.loop.BeginLocal
	}
	op := begin("module " + url)
	bundler, withImports, chunk, loader, ctx := w.cfg.Bundle, w.cfg.BundleImports, w.cfg.ImportChunk, w.cfg.Loader, w.ctx
	if loaded == nil {
		chunk = nil
	}
	imports := s.imports
	load := func(ctx context.Context, u string) ([]byte, error) {
		if loader == nil {
			return nil, errNoLoader
		}
		return loadScript(ctx, loader, u, 0, moduleCheck(ctx))
	}
	log := w.log
	go func() {
		var code string
		err := offLoop(log, "module "+url, func() (err error) {
			if chunk != nil {
				code, err = chunk(ctx, url, source, loaded, imports, load)
			} else if withImports != nil {
				code, err = withImports(ctx, url, source, imports, load)
			} else {
				code, err = bundler(ctx, url, source, load)
			}
			return err
		})
		op.Complete(func() { done(code, err) })
	}()
	return op
}

// compile compiles src (named name), through the process-wide cache and,
// when goja cannot parse it, through Config.Lower.
func (s *scriptState) compile(src, name string) (*goja.Program, error) {
	if !s.patternHelper {
		// Compiled scripts call it (see destructure.go).
		if err := installArrayPatternHelper(s.w.rt); err != nil {
			return nil, err
		}
		// and async methods and lowered async generators call this
		// (asyncmethods.go, webapi/asyncgen.go).
		if err := webapi.InstallAsyncGenerators(s.w.rt); err != nil {
			return nil, err
		}
		s.patternHelper = true
	}
	return compileClassicShared(src, name, s.w.cfg.Lower, s.w.cfg.ShareText)
}

// compileClassic compiles the classic script src (named name) with the
// lowerings of compileScript, through the process-wide cache and, when
// goja cannot compile it, through lower (Config.Lower, may be nil). Page
// and worker scripts both come here; the runtime running the program needs
// installArrayPatternHelper.
func compileClassic(src, name string, lower Lowerer) (*goja.Program, error) {
	return compileClassicShared(src, name, lower, nil)
}

// compileClassicShared is compileClassic telling share (Config.ShareText,
// may be nil) of the text it compiles on a miss and goja's copy of it.
func compileClassicShared(src, name string, lower Lowerer, share func(text, kept string)) (*goja.Program, error) {
	return programs.getOrCompile(name, src, func() (*goja.Program, error) { return compileNew(src, name, lower, share) })
}

// compileNew compiles src (named name) as compileClassic does, without the
// cache; share (may be nil) is told of the text it compiled, src or its
// lowering, and of the copy of it the program keeps.
func compileNew(src, name string, lower Lowerer, share func(text, kept string)) (*goja.Program, error) {
	if err := checkNesting(src, name); err != nil {
		return nil, err
	}
	var shareText, shareKept string
	if share != nil {
		defer func() {
			if shareKept != "" {
				share(shareText, shareKept)
			}
		}()
	}
	p, kept, err := compileScriptKept(name, expandRegExpPropertyEscapes(src))
	if err == nil || errors.Is(err, errOptionalSpreadCall) {
		shareText, shareKept = src, kept
	}
	if errors.Is(err, errOptionalSpreadCall) {
		err = nil // p runs until such a call short-circuits (optspread.go)
		if lower != nil {
			if lowered, lerr := lower(src, name); lerr == nil {
				text := expandRegExpPropertyEscapes(lowered)
				if p2, kept2, err2 := compileScriptKept(name, text); err2 == nil {
					p = p2
					shareText, shareKept = lowered, kept2
					noteLowered(p, text) // srctext.go
				}
			}
		}
	}
	if isRedeclaration(err) {
		// a var naming a destructured parameter (paramvars.go)
		if p2, err2 := compileScriptParamVars(name, expandRegExpPropertyEscapes(src)); err2 == nil {
			p, err = p2, nil
		}
	}
	if err != nil && lower != nil {
		if lowered, lerr := lower(src, name); lerr == nil {
			text := expandRegExpPropertyEscapes(lowered)
			if p2, kept2, err2 := compileScriptKept(name, text); err2 == nil {
				p, err = p2, nil
				shareText, shareKept = lowered, kept2
				noteLowered(p, text) // srctext.go
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

// inlineScriptURL is the name an inline classic script is compiled under:
// the document's URL without its fragment. Chromium names a parser-inserted
// inline script so in stacks, ErrorEvent.filename and window.onerror's
// source (an event handler attribute keeps the fragment, there and here), and
// one compiled program then serves every #! state of a page.
func (w *Window) inlineScriptURL() string { return stripFragment(w.docURL(&w.doc.Node)) }

// stripFragment returns the URL string u without its fragment.
func stripFragment(u string) string {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		return u[:i]
	}
	return u
}

// execute runs a classic script's source as el's script.
// https://html.spec.whatwg.org/multipage/scripting.html#execute-the-script-element
func (s *scriptState) execute(el *dom.Node, src, name string) {
	s.executeAt(el, src, name, dom.Position{})
}

// executeAt is execute for an inline script whose text starts at pos in
// the page (when known): the source is compiled after as many line breaks
// and spaces, so that errors and stacks give page lines and columns, as
// browsers do. The padding is part of the compiled program's cache key.
func (s *scriptState) executeAt(el *dom.Node, src, name string, pos dom.Position) {
	w := s.w
	if pos.Line > 1 || pos.Column > 1 {
		src = strings.Repeat("\n", max(pos.Line-1, 0)) + strings.Repeat(" ", max(pos.Column-1, 0)) + src
	}
	prog, err := s.compile(src, name)
	if err != nil {
		w.ReportError(err)
		return
	}
	if l := loweredText(prog); l != nil {
		w.noteLoweredRun(src, name, l.text, l) // srctext.go
	}
	old := s.current
	if el != nil && el.Document() == w.doc {
		// document.currentScript is the element of a classic script only,
		// and null for one in a shadow tree.
		// https://html.spec.whatwg.org/multipage/webappapis.html#run-a-module-script
		// https://html.spec.whatwg.org/multipage/scripting.html#execute-the-script-element (step 5.1)
		if s.kindOf(el) == moduleScript || el.Root().IsShadowRoot() {
			s.current = nil
		} else {
			s.current = el
		}
	}
	s.writeDepth++
	prevAfter := s.writeAfter
	s.writeAfter = nil
	_, err = w.rt.RunProgram(prog)
	s.writeDepth--
	s.current = old
	s.thrown = nil
	if ex, ok := err.(*goja.Exception); ok {
		s.thrown = ex.Value()
	}
	if err != nil {
		var ie *goja.InterruptedError
		if !errors.As(err, &ie) { // an interruption is the loop stopping the page
			w.ReportError(err)
		}
	}
	if s.write.Len() > 0 && el != nil {
		s.flushWrite(el)
	}
	s.writeAfter = prevAfter
	w.afterMutation()
}

// documentWrite implements document.write and writeln.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document.write()
func (w *Window) documentWrite(d *dom.Document, args []goja.Value, ln bool) {
	s := &w.scripts
	var text strings.Builder
	for _, a := range args {
		text.WriteString(bind.DOMString(a))
	}
	if ln {
		text.WriteByte('\n')
	}
	cur := s.current
	if d == w.doc && w.writeOpened(text.String()) {
		return
	}
	if d != w.doc || cur == nil || !s.parsing || s.info[cur] == nil || !s.info[cur].parserInserted {
		// After parsing, write would replace the whole document (an implicit
		// document.open); that is not supported and is ignored.
		w.log.Debug("jsruntime: document.write outside parsing ignored", "len", text.Len())
		return
	}
	if s.stream != nil {
		if cur.HasAttribute("async") && cur.HasAttribute("src") {
			// An async script runs with no insertion point: writing would
			// open a new document, which browsers refuse to do for it.
			w.log.Debug("jsruntime: document.write from an async script ignored", "len", text.Len())
			return
		}
		// Into the parser's input at the insertion point, parsed at once
		// unless a parser-blocking script waits.
		run := s.runWrittenScript
		if s.waiting != nil {
			run = nil
		}
		if err := s.stream.Write(text.String(), run); err != nil {
			w.log.Debug("jsruntime: document.write after parsing ignored", "err", err)
		}
		w.afterMutation()
		return
	}
	s.write.WriteString(text.String())
	// Insert at once what is complete markup, so that the script that
	// wrote it can find the elements (document.getElementById after
	// document.write); an open tag or script waits for the next write.
	if writeComplete(s.write.String()) {
		s.runWritten(s.flushWrite(cur))
	}
}

// writeComplete reports whether markup ends outside any tag, comment and
// raw-text element, where the parser could stop.
func writeComplete(markup string) bool {
	if i := strings.LastIndexByte(markup, '<'); i >= 0 && strings.IndexByte(markup[i:], '>') < 0 {
		return false
	}
	if strings.Count(markup, "<!--") > strings.Count(markup, "-->") {
		return false
	}
	z := html.NewTokenizer(strings.NewReader(markup))
	open := 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return open == 0
		case html.StartTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext":
				open++
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript":
				if open > 0 {
					open--
				}
			}
		}
	}
}

// flushWrite parses what document.write gave during el's execution and
// inserts it after el (after what earlier writes of this execution
// inserted); scripts in it run next, as the parser would.
func (s *scriptState) flushWrite(el *dom.Node) (scripts []*dom.Node) {
	markup := s.write.String()
	s.write.Reset()
	after := el
	if s.writeAfter != nil && s.writeAfter.ParentNode() != nil {
		after = s.writeAfter
	}
	parent := after.ParentNode()
	if parent == nil {
		return nil
	}
	ctx := parent
	if !ctx.IsElement() {
		ctx = el
	}
	frag, err := ctx.ParseFragment(markup)
	if err != nil {
		s.w.log.Debug("jsruntime: document.write markup failed to parse", "err", err)
		return nil
	}
	frag.Descendants(func(n *dom.Node) bool {
		if isScript(n) {
			s.info[n] = &scriptInfo{parserInserted: true}
			scripts = append(scripts, n)
		}
		return true
	})
	top := frag.ChildNodeList()
	last := frag.Last()
	if _, err := parent.InsertBefore(frag, after.Next()); err != nil {
		s.w.log.Debug("jsruntime: document.write insertion failed", "err", err)
		return nil
	}
	if last != nil {
		s.writeAfter = last
	}
	for _, n := range top {
		if n.IsElement() {
			s.w.scanHandlers(n)
		}
	}
	return scripts
}

// runWritten runs the inline scripts document.write just inserted, inside
// the write call as the parser would, up to the first external one: that
// one blocks the parser, so it and what follows run after the writing
// script, when the walk reaches them.
func (s *scriptState) runWritten(scripts []*dom.Node) {
	for _, el := range scripts {
		if hasScriptSrc(el) || !el.IsConnected() {
			return
		}
		info := s.info[el]
		if info == nil || info.started || s.leftUnprepared(el, info) {
			continue
		}
		kind := s.kindOf(el)
		if kind == moduleScript {
			return // deferred: left to the walk
		}
		info.started = true
		if kind == classicScript {
			s.execute(el, scriptText(el), s.w.inlineScriptURL())
		}
	}
}

// inserted is called for every node inserted into the document: dynamic
// scripts among its shadow-including inclusive descendants (those of the
// shadow trees of hosts it holds too) are prepared after the mutation.
func (s *scriptState) inserted(n *dom.Node) {
	s.insertedTree(n, n.Document() != nil && n.Document().HasShadowRoots())
}

func (s *scriptState) insertedTree(n *dom.Node, shadows bool) {
	s.insertedNode(n, shadows)
	if n.First() != nil {
		n.Descendants(func(k *dom.Node) bool { s.insertedNode(k, shadows); return true })
	}
}

func (s *scriptState) insertedNode(k *dom.Node, shadows bool) {
	if isScript(k) {
		if i := s.info[k]; i != nil && i.created && !i.started {
			s.pending = append(s.pending, k)
		}
	}
	if shadows {
		if sr := k.ShadowRoot(); sr != nil {
			s.insertedTree(sr, true)
		}
	}
}

// startInert prepares the scripts at or below n, connected in a document
// without a browsing context, without running them: each one that would
// have run is already started, so that moving it into the page later runs
// nothing.
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (steps 10 and 13)
func (s *scriptState) startInert(n *dom.Node) {
	check := func(el *dom.Node) {
		if !isScript(el) {
			return
		}
		i := s.info[el]
		if i == nil || i.started {
			return
		}
		if (hasScriptSrc(el) || scriptText(el) != "") && s.kindOf(el) != notScript {
			i.started = true
		}
	}
	check(n)
	if n.First() != nil {
		n.Descendants(func(k *dom.Node) bool { check(k); return true })
	}
}

// afterMutation prepares the dynamic scripts that became connected.
//
// The scripts one insertion connected are prepared in tree order as a batch
// taken whole: a script one of them runs that changes or inserts another
// script prepares that one at once, nested, without running the rest of the
// batch first (https://dom.spec.whatwg.org/#concept-node-insert, steps 7.7
// and 11; a script's children changed steps prepare it).
func (w *Window) afterMutation() {
	s := &w.scripts
	for len(s.pending) > 0 {
		batch := s.pending
		s.pending = nil
		if s.pendingFrames {
			s.pendingFrames = false
			slices.SortStableFunc(batch, func(a, b *dom.Node) int {
				switch p := a.CompareDocumentPosition(b); {
				case a == b:
					return 0
				case p&dom.DocumentPositionFollowing != 0:
					return -1
				case p&dom.DocumentPositionPreceding != 0:
					return 1
				}
				return 0
			})
		}
		s.prepareBatch(batch)
	}
	if len(w.ce.queue) > 0 {
		w.ceRun()
	}
}

// ceReactions ends a [CEReactions] member called from script: the custom
// element reactions it queued (and the scripts it inserted) run before it
// returns. The node members get it from nf; members of other interfaces
// that change attributes (DOMTokenList, DOMStringMap, NamedNodeMap,
// CSSStyleDeclaration) call it.
// https://html.spec.whatwg.org/multipage/custom-elements.html#cereactions
func (w *Window) ceReactions() {
	if len(w.ce.queue) > 0 || len(w.scripts.pending) > 0 {
		w.afterMutation()
	}
}

// prepareBatch prepares the scripts of batch in order; when one of them
// throws out (an interrupt), the rest go back to the front of the queue.
func (s *scriptState) prepareBatch(batch []*dom.Node) {
	i := 0
	defer func() {
		if i < len(batch) {
			s.pending = append(batch[i:len(batch):len(batch)], s.pending...)
		}
	}()
	for i < len(batch) {
		el := batch[i]
		i++
		if isFrameContainer(el) {
			if el.IsConnected() && el.Document() == s.w.doc {
				s.w.frameConnected(el, true)
			}
			continue
		}
		s.prepareDynamic(el)
	}
}

// prepareDynamic runs the prepare steps for a script inserted by script.
func (s *scriptState) prepareDynamic(el *dom.Node) {
	info := s.info[el]
	if info == nil || info.started || !el.IsConnected() {
		return
	}
	if d := el.Document(); d != s.w.doc {
		if f := s.w.frames.byDoc[d]; f != nil && f.doc == d && !f.gone {
			s.w.frameDynamicScript(f, el)
		}
		return
	}
	src, external := scriptSrc(el)
	if !external && scriptText(el) == "" {
		return // an empty script waits for text or src (not supported: stays unrun)
	}
	kind := s.kindOf(el)
	if kind == notScript {
		return
	}
	text := ""
	if !external {
		text = scriptText(el)
	}
	if s.w.tt.require {
		var ok bool
		if text, ok = s.w.trustedScriptText(el); !ok {
			return
		}
	}
	info.started = true
	if external && s.emptySrc(el, src) {
		return
	}
	url := ""
	if external {
		url = el.Document().ResolveURL(src)
	}
	if kind == moduleScript {
		s.delaying++
		s.bundle(el, url, func(code string, err error) {
			s.delaying--
			s.runFetched(el, code, url, err)
			s.maybeLoad()
		})
		return
	}
	if !external {
		s.execute(el, text, s.w.inlineScriptURL())
		return
	}
	if !info.forceAsync && !el.HasAttribute("async") {
		// In insertion order, as soon as possible.
		d := &deferredScript{el: el, kind: kind, name: url}
		s.ordered = append(s.ordered, d)
		s.fetch(el, url, func(body string, err error) {
			d.src, d.failed, d.ready = body, err != nil, true
			if err != nil {
				d.src = err.Error()
			}
			s.runOrdered()
		})
		return
	}
	s.delaying++
	s.fetch(el, url, func(body string, err error) {
		s.delaying--
		s.runFetched(el, body, url, err)
		s.maybeLoad()
	})
}

func (s *scriptState) runOrdered() {
	for len(s.ordered) > 0 && s.ordered[0].ready {
		d := s.ordered[0]
		s.ordered = s.ordered[1:]
		if d.failed {
			s.loadFailed(d.el, d.name, errors.New(d.src))
		} else {
			s.runFetched(d.el, d.src, d.name, nil)
		}
	}
	s.maybeLoad()
}

// scriptReferrerPolicyAttr is referrerPolicyAttr, except that setting null
// or undefined removes the attribute: Chromium declares the script
// element's referrerPolicy nullable.
// https://html.spec.whatwg.org/multipage/scripting.html#dom-script-referrerpolicy
var scriptReferrerPolicyAttr = attr("referrerPolicy", func(w *Window, n *dom.Node) goja.Value {
	k, _ := enumKeyword(n.Attribute("referrerpolicy"), referrerPolicies)
	return w.str(k)
}, func(w *Window, n *dom.Node, v goja.Value) {
	if bind.Nullish(v) {
		n.RemoveAttribute("referrerpolicy")
		return
	}
	w.check(n.SetAttribute("referrerpolicy", bind.DOMString(v)))
})

// scriptIface https://html.spec.whatwg.org/multipage/scripting.html#htmlscriptelement
var scriptIface = &bind.Interface{Name: "HTMLScriptElement", Attributes: []bind.Attribute{
	trustedReflect(rURL("src", "src"), trustedScriptURL, "HTMLScriptElement"), rStr("type", "type"), rBool("noModule", "nomodule"), rBool("defer", "defer"),
	rNullableEnum("crossOrigin", "crossorigin", "anonymous", "anonymous", "use-credentials"), rStr("integrity", "integrity"), scriptReferrerPolicyAttr,
	rStr("charset", "charset"), rStr("event", "event"), rStr("htmlFor", "for"), rTokens("blocking", "blocking"),
	rEnum("fetchPriority", "fetchpriority", "auto", "auto", "high", "low"), attributionSrcAttr,
	attr("async", func(w *Window, n *dom.Node) goja.Value {
		if i := w.scripts.info[n]; i != nil && i.forceAsync {
			return valTrue
		}
		return w.boolean(n.HasAttribute("async"))
	}, func(w *Window, n *dom.Node, v goja.Value) {
		if i := w.scripts.info[n]; i != nil {
			i.forceAsync = false
		}
		if bind.Boolean(v) {
			w.check(n.SetAttribute("async", ""))
		} else {
			n.RemoveAttribute("async")
		}
	}),
	attr("text", func(w *Window, n *dom.Node) goja.Value { return w.str(scriptText(n)) },
		func(w *Window, n *dom.Node, v goja.Value) {
			n.SetTextContent(w.trustedScriptSet(n, v, bind.DOMString, "text"))
			w.afterMutation()
		}),
}, StaticMethods: []bind.Method{{Name: "supports", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
	// Speculation rules are supported as Chromium supports them, so a
	// prefetch script adds the rules (a data block here, left out of the
	// snapshot) rather than the prefetch links it falls back to
	// (testdata/wpt/sweep51-script-supports-speculationrules.html).
	t := bind.DOMString(args[0])
	return win(r).boolean(t == "classic" || t == "speculationrules" || (t == "module" || t == "importmap") && win(r).scripts.modules())
}}}}

// RunScript compiles and runs src as a classic script named name, outside
// any element, and returns its completion value. Errors are returned, not
// reported. It is meant for tests and embedders.
func (w *Window) RunScript(name, src string) (goja.Value, error) {
	prog, err := w.scripts.compile(src, name)
	if err != nil {
		return nil, fmt.Errorf("jsruntime: %w", err)
	}
	v, err := w.rt.RunProgram(prog)
	w.afterMutation()
	return v, err
}

// RunTrusted runs src as RunScript does; src must evaluate to a function,
// which RunTrusted then calls with a function dispatch(target, event)
// followed by args. dispatch dispatches event at target as dispatchEvent
// does, but as the user agent dispatches the events of a user's input:
// with isTrusted true (a click still runs its target's activation
// behavior). It returns what the function returns. The dispatcher exists
// only for this call and is handed to src alone, so the page's own
// scripts cannot make a trusted event. It is meant for embedders acting
// as the user (bangsnap's Page actions).
// https://dom.spec.whatwg.org/#dom-event-istrusted
func (w *Window) RunTrusted(name, src string, args ...goja.Value) (goja.Value, error) {
	v, err := w.RunScript(name, src)
	if err != nil {
		return nil, err
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		return nil, fmt.Errorf("jsruntime: %s: evaluates to %s, not a function", name, v)
	}
	dispatch := w.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		impl, _, ok := w.realm.Unwrap(c.Argument(0))
		if !ok {
			if c.Argument(0) != w.global {
				w.realm.ThrowTypeError("dispatch: parameter 1 is not an EventTarget.")
			}
			impl = w
		}
		return dispatchEventAt(w.realm, impl, c.Argument(1), true)
	})
	v, err = fn(goja.Undefined(), append([]goja.Value{dispatch}, args...)...)
	w.afterMutation()
	return v, err
}

// BundlerImports adapts a webapi.Bundler to Config.BundleImports, so that
// module graphs see the page's import map:
//
//	b := webapi.NewBundler(0)
//	cfg := jsruntime.Config{BundleImports: jsruntime.BundlerImports(b), Lower: b.Lower}
func BundlerImports(b *webapi.Bundler) ImportMapBundler {
	return func(ctx context.Context, url string, source []byte, imports *webapi.ImportMap, load func(context.Context, string) ([]byte, error)) (string, error) {
		return b.Bundle(ctx, webapi.ModuleEntry{URL: url, Source: source, ImportMap: imports}, load)
	}
}

// decodeScript is a fetched script's source: UTF-8 as it is, other bytes
// decoded by charset (the response's or the element's), or sniffed when
// there is none.
func decodeScript(body []byte, charset string) string {
	if utf8.Valid(body) {
		return string(body)
	}
	return xhr.DecodeText(body, charset)
}
