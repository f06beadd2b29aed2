package jsruntime

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strconv"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xslt"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/jsruntime/webapi/idb"
	"github.com/bangsnap/bangsnap/loop"
)

// A ScriptLoader fetches the body of an external script. It is called on
// its own goroutine (never the loop's) and must honour ctx. The xhr
// package implements it with the render's transport, policy and report.
type ScriptLoader interface {
	LoadScript(ctx context.Context, url string) ([]byte, error)
}

// An OrderedScriptLoader is a ScriptLoader whose loads have a place in an
// order (the render's request record): ScriptTicket is called on the loop
// goroutine when the load of an external script begins, in the page's
// order, and its result is handed to LoadScriptTicket on the load's own
// goroutine, so that goroutine scheduling cannot swap two loads begun in
// the same task.
type OrderedScriptLoader interface {
	ScriptLoader
	ScriptTicket() uint64
	LoadScriptTicket(ctx context.Context, url string, ticket uint64) ([]byte, error)
}

// LoaderFunc adapts a function to ScriptLoader.
type LoaderFunc func(ctx context.Context, url string) ([]byte, error)

// LoadScript calls f.
func (f LoaderFunc) LoadScript(ctx context.Context, url string) ([]byte, error) { return f(ctx, url) }

// A ModuleBundler turns the module graph rooted at a <script type="module">
// into one classic script. url is the module's URL (the document URL for an
// inline module, whose text is source; source is nil for an external
// module). Imports are fetched with load. It is called on its own goroutine.
type ModuleBundler func(ctx context.Context, url string, source []byte, load func(ctx context.Context, url string) ([]byte, error)) (string, error)

// An ImportMapBundler is a ModuleBundler that also takes the page's import
// map (its <script type="importmap"> elements merged; nil for none).
// https://html.spec.whatwg.org/multipage/webappapis.html#import-maps
type ImportMapBundler func(ctx context.Context, url string, source []byte, imports *webapi.ImportMap, load func(ctx context.Context, url string) ([]byte, error)) (string, error)

// A Lowerer rewrites a classic script that goja failed to compile into
// syntax goja knows (async generators, for await...), or returns an error.
type Lowerer func(source, name string) (string, error)

// Viewport is the size the page believes it is shown at.
type Viewport struct {
	Width, Height    int
	DevicePixelRatio float64
}

// Config configures the window of one page.
type Config struct {
	// URL is the page's URL (location.href); empty means the document's
	// URL, else about:blank.
	URL string
	// Loader fetches external scripts; nil makes every external script
	// fail to load (its error event fires).
	Loader ScriptLoader
	// Bundle handles module scripts; nil skips them (nomodule fallbacks run).
	Bundle ModuleBundler
	// BundleImports, when set, is used instead of Bundle and also gets the
	// page's import map.
	BundleImports ImportMapBundler
	// ImportChunk, when set, bundles the module of an import() whose
	// specifier a module bundle could only compute at run time (see
	// dynimport.go); nil makes such an import fail.
	ImportChunk ChunkBundler
	// Lower, when set, is tried on scripts goja cannot compile.
	Lower Lowerer
	// LowerSourceMap, when set, lowers a script as Lower did, returning
	// the lowering before Lower's own rewrites within lines and its source
	// map's mappings: Function.prototype.toString of a function from a
	// lowered script gives its text as written with it (srctext.go).
	LowerSourceMap func(source, name string) (code, mappings string, err error)
	// ShareText, when set, is told of each script text a page compiled
	// (a miss of the process-wide program cache) with kept, the equal copy
	// the compiled program holds: goja copies every source it parses, so a
	// cache that also keeps the text (webapi.Bundler's bundles and
	// lowerings) can keep that copy instead of a second one of its own.
	ShareText func(text, kept string)
	// UserAgent is navigator.userAgent.
	UserAgent string
	// Viewport defaults to 1366x768 at ratio 1.
	Viewport Viewport
	// OnError receives every uncaught script error (also fired as the
	// window's error event).
	OnError func(ScriptError)
	// Cookies backs document.cookie; nil keeps cookies in memory for the
	// page only.
	Cookies CookieJar
	// Images, when set, fetches images (their natural size, load or
	// error); nil treats every image with a valid URL as loaded, sized by
	// its width and height attributes (else 1×1), without a request.
	Images ImageLoader
	// Fonts, when set, fetches the font files of the faces a page loads
	// (document.fonts.load, FontFace.load, and the faces of
	// document.fonts its text uses, fontface.go): a face whose file is
	// not fetched, or is no font, fails; nil loads every url() source
	// without a request.
	Fonts FontLoader
	// UsedFonts, with Fonts set, loads the @font-face files the rendered
	// text uses as a browser's layout does: once the document is parsed
	// and at the frames after it changes (fontfacecss.go), and the fetches
	// started before the load event delay it. Without it those faces are
	// loaded only once a script uses document.fonts.
	UsedFonts bool
	// Stylesheets, when set, fetches the sheets of <link rel=stylesheet>
	// (getComputedStyle, link.sheet and document.styleSheets see them, and
	// the parser's links block scripts until they arrive, as in browsers);
	// nil fetches none: such a link fires load at once and contributes no
	// rules.
	Stylesheets StylesheetLoader
	// XSLT, when set, loads the xsl:import and xsl:include stylesheets of
	// an XSLTProcessor's stylesheet, synchronously as Chromium does (its
	// context ends with the loop's budget); nil fails such a stylesheet.
	XSLT xslt.Loader
	// OnNavigate is told about navigations away from the document
	// (location.href = "/elsewhere"), which the page does not follow.
	OnNavigate func(url string)
	// Console, when set, receives the browser's own console messages
	// (a throttled navigation's warning); nil logs them at debug level.
	Console func(level, msg string)
	// Extensions install more of the global object once the DOM is bound
	// (the Web APIs of package webapi, XMLHttpRequest and fetch).
	Extensions []func(w *Window) error
	// IndexedDB is the engine behind indexedDB; nil gives the page an
	// empty one of its own, made when a script first uses indexedDB.
	IndexedDB *idb.Engine
	// Logger receives diagnostics; nil means slog.Default().
	Logger *slog.Logger
	// CSP and CSPReportOnly are the values of the document's
	// Content-Security-Policy and Content-Security-Policy-Report-Only
	// response headers; of them bangsnap enforces Trusted Types
	// (require-trusted-types-for, trusted-types; see csp.go).
	CSP, CSPReportOnly []string
}

// A ScriptError is an uncaught exception thrown by a page script, or a
// script that failed to compile or load.
type ScriptError struct {
	Message string
	Source  string
	Line    int
	Column  int
	Stack   string
}

func (e *ScriptError) Error() string {
	if e.Source != "" {
		return fmt.Sprintf("%s (%s:%d:%d)", e.Message, e.Source, e.Line, e.Column)
	}
	return e.Message
}

// A Window is the global object of one page and everything bound to it.
// Its methods must be called on the loop's goroutine.
type Window struct {
	dom.EventTarget
	// resourceTimings takes the page's fetches to performance's
	// timeline (webapi.ResourceTimingHost).
	resourceTimings
	// sockets and streams are the page's WebSocket and EventSource
	// transports (Sockets, EventStreams), its workers' too; nil when the
	// page has none.
	sockets webapi.Sockets
	streams webapi.EventStreams

	loop   *loop.Loop
	rt     *goja.Runtime
	realm  *bind.Realm
	doc    *dom.Document
	cfg    Config
	log    *slog.Logger
	global *goja.Object
	ctx    context.Context
	// platform is what the frames' windows inherit (frameglobal.go).
	platform platformGlobals
	// nameValues are the JavaScript strings of the tag and local names
	// scripts read, at most maxNameValues (tagnames.go).
	nameValues map[nameKey]goja.Value
	// highlightRegistry is CSS.highlights once read (highlight.go).
	highlightRegistry *goja.Object
	// attrStyleMaps are the elements' attributeStyleMap objects (typedom.go).
	attrStyleMaps map[*dom.Node]*goja.Object
	// computedStyleMaps are their computedStyleMap() objects.
	computedStyleMaps map[*dom.Node]*goja.Object

	// layoutChanged is called after each mutation of the document
	// (WatchLayout, flow.go).
	layoutChanged func()
	// frameMQLs are the MediaQueryLists of the frames' windows, in the
	// order they were made; mqlDirty asks the next rendering update to
	// evaluate them again (mediaquerysteps.go).
	frameMQLs []frameMQL
	mqlDirty  bool
	// cqMeasuring holds the containers whose size a container query is
	// measuring (containerquery.go).
	cqMeasuring map[*dom.Node]bool
	// geo is the flow estimate of the page's document, kept across
	// versions and invalidated by its mutations (flow.go).
	geo *flowLayout
	// flatT is the slot assignment the flat tree's walks found (flattree.go)
	flatT *flatTree
	// scroll is where the viewport and the elements are scrolled to
	// (scroll.go).
	scroll scrollState
	// unstuck, above 0, leaves sticky boxes where the flow puts them: while
	// one's offset is worked out (what it reads sees it unshifted) and
	// while scrollIntoView measures (flowsticky.go)
	unstuck int

	c classes // installed classes by role

	handlers map[dom.Target]handlerSet
	styles   map[*dom.Node]*styleDecl
	// inlineParsed holds the declarations of the style attribute values
	// the cascade read last (inlineQuirky those parsed with the quirks,
	// cssquirks.go), inlineBytes the length of those values (matched.go).
	inlineParsed, inlineQuirky map[string][]cssDecl
	inlineBytes                int
	// customValidity holds the messages of setCustomValidity.
	customValidity map[*dom.Node]string
	// elementSheets are the CSSStyleSheets of <style> elements.
	elementSheets map[*dom.Node]*elementSheet
	// styleBases are the texts of <style> elements with their URLs
	// resolved against the base URL of the time they were read
	// (cssurl.go).
	styleBases map[*dom.Node]*styleBase
	// imports are the sheets @import rules fetched (sheetimports.go).
	imports  sheetImports
	attrMaps map[*dom.Node]*namedNodeMap
	datasets map[*dom.Node]*datasetMap
	// videoFrameCallbacks counts each video's requestVideoFrameCallback
	// handles (chromemembers.go); nil until one is asked for.
	videoFrameCallbacks map[*dom.Node]int
	liveLists           map[liveKey]*liveList
	tagColls            map[liveKey]*dom.Collection
	animStrings         map[tokenKey]*goja.Object
	svgStates           map[*dom.Node]*svgSVGState // <svg> currentScale and currentTranslate
	contentTypes        map[*dom.Document]string

	scripts  scriptState
	srcTexts sourceTexts // lowered scripts run, for Function.prototype.toString (srctext.go)
	nav      navState
	observer observerState
	slots    slotSignals // slotchange bookkeeping (mutation.go)
	ce       ceState
	sheets   sheetState
	// frameSheets are the cascades of the frames' documents
	// (stylesheet.go).
	frameSheets map[*dom.Document]*sheetState
	// pseudoHosts maps the stand-in node of a pseudo-element's computed
	// style to its element (computed.go); pseudoNodes finds the stand-in.
	pseudoHosts map[*dom.Node]pseudoRef
	pseudoNodes map[pseudoRef]*dom.Node
	// registered are the custom properties of CSS.registerProperty.
	registered map[string]*registeredProperty
	// shadowSheets and shadowParsed hold the rules of shadow trees' style
	// sheets (shadowstyle.go): per shadow root, and per sheet text.
	shadowSheets map[*dom.Node]*shadowStyles
	shadowParsed map[string]shadowParsedSheet
	// shadowRestyled are the shadow roots whose rules were rebuilt from
	// other sheets since the estimate last looked (restyleShadowHosts).
	shadowRestyled []*dom.Node
	// toggles are the toggle events queued and not yet fired, by element
	// (toggleevent.go).
	toggles map[*dom.Node]*dom.Event
	// looseToggles are queued toggle events no longer in toggles that
	// still fire: their element's tracker was dropped (forgetToggle).
	looseToggles map[*dom.Event]bool
	// adopted are the adoptedStyleSheets arrays of documents and shadow
	// roots (adoptedsheets.go).
	adopted map[*dom.Node]*adoptedList
	res     resourceState
	// submitting marks the forms whose submission events are being fired;
	// planCount counts planned form navigations, plannedNav is the last
	// of this page's own (the last one wins); formPlans holds each form's
	// planned during a click's dispatch (clickDepth counts those under way)
	// until its task runs: a later submission of the form, to whatever
	// target, replaces it (submit.go).
	submitting map[*dom.Node]bool
	planCount  int
	plannedNav int
	formPlans  map[*dom.Node]int
	clickDepth int
	// resetting holds the forms being reset (resetForm), innermost last.
	resetting []*dom.Node
	// constructingEntries marks the forms whose entry list is being
	// constructed (formdata listeners run then).
	constructingEntries map[*dom.Node]bool
	// pastNames is each form's past names map (formcontrols.go).
	pastNames map[*dom.Node]map[string]*dom.Node

	rejections rejectionState
	focused    *dom.Node
	// pointerModality is set by the user's latest input being a pointer
	// press, cleared by a key press: :focus-visible (htmlelements.go).
	pointerModality bool
	// focusFixupDue is set while a focus fixup waits for the next
	// rendering update (focusFixupSoon).
	focusFixupDue bool
	// currentEvent is window.event: the event whose listeners run now.
	currentEvent *goja.Object
	sel          *selectionImpl
	editing      bool // an execCommand's input event is being dispatched
	status       string
	dynImports   dynamicImports
	// remoteWatchID is the id of the latest RemotePlayback availability
	// watch (remoteplayback.go).
	remoteWatchID int
	// fullscreenErrors are the elements whose fullscreenerror is fired at
	// the next rendering update (fullscreen.go).
	fullscreenErrors []*dom.Node
	// modulePrograms holds the module bundles and chunks run, by the name
	// they were compiled under (activescript.go).
	modulePrograms map[string][]*moduleProgram
	canvases       map[*dom.Node]any          // a canvas's context (*canvas2D, *canvasBitmapCtx) or offscreenPlaceholder
	offscreenDue   []*offscreenCanvas         // OffscreenCanvases whose frame goes to their placeholder at the next frame
	media          map[*dom.Node]*mediaState  // media elements' state (media.go)
	tracks         map[*dom.Node]*textTrack   // <track> elements' TextTracks
	canvasFonts    map[string]canvasFont      // canvas fonts of absolute sizes parsed
	canvasColors   map[string]string          // canvas color strings parsed, serialized ("" invalid)
	uint8Clamped   *goja.Object               // the Uint8ClampedArray constructor ImageData uses
	fileLists      map[*dom.Node]*goja.Object // input.files of file inputs
	aria           ariaRefs                   // element references set by script (ariaelements.go)
	popovers       map[*dom.Node]bool
	modals         map[*dom.Node]bool          // dialogs opened by showModal
	dialogCancels  map[*dom.Node]*closeRequest // dialogs whose requestClose is firing cancel
	targets        map[*dom.Document]*dom.Node // each document's target element, :target (fragment.go)
	top            topLayerState               // popover stack and targets, dialogs' previous focus (popover.go)
	returnValues   map[*dom.Node]string
	outputDefaults map[*dom.Node]string
	fontSet        *fontFaceSet
	// webFontsLoaded says a FontFace of the page loaded a font file
	// (webfont.go); webFaces are the faces made of them
	webFontsLoaded bool
	webFaces       map[webFaceKey]*canvasFace
	webFontGen     uint64                    // counts the changes of the faces text may use
	familyLists    map[string][]canvasFamily // computed font-family lists, parsed (webfont.go)
	anim           *animationState           // Web Animations (animation.go), nil until used
	cssAnim        *cssAnimState             // CSS animations and transitions (cssanim.go), nil until used
	name           string
	tt             trustedState // Trusted Types (trustedtypes.go)

	// attrElements are the elements set through element-reference IDL
	// attributes (commandForElement, popoverTargetElement; commands.go).
	attrElements map[attrElementKey]*dom.Node

	jar        CookieJar
	tokenLists map[tokenKey]*dom.TokenList
	// supportedTokens are the tokens DOMTokenList.supports knows, per list
	// (nil: the list has none and supports throws).
	supportedTokens map[*dom.TokenList]map[string]bool
	// autofocusDue: a flush of the autofocus candidates is queued for the
	// next rendering update (autofocusSoon).
	autofocusDue bool
	foreign      map[any]*foreignTarget
	// idb is the page's indexedDB, made on first use (indexeddb.go);
	// idbEvent is the event it is dispatching, and idbThrew tells whether
	// a listener of that event threw.
	idb      *idbFactory
	idbEvent *dom.Event
	idbThrew bool
	clicking map[*dom.Node]bool
	domImpls map[*dom.Document]*domImplementation

	// workers counts the dedicated workers running (MaxWorkers); net is
	// the network environment NetworkExtension made (nil without it).
	workers int
	net     *netEnv
	// sharedWorkers are the page's shared workers by URL and name, which
	// every SharedWorker its window and frames make connects to
	// (sharedworker.go); made on first use.
	sharedWorkers map[sharedKey]*worker
	// paint is CSS.paintWorklet, made on first use (worklet.go).
	paint *worklet
	// observables is what observable.js made, on first use (observable.go).
	observables *observableAPI

	// piAttrs keeps the attribute lists set on processing instructions
	// (see piattributes.go).
	piAttrs map[*dom.Node]*piAttrList

	undefined, null goja.Value

	// frames are the nested browsing contexts (frames.go).
	frames frameState
	// docNamed keeps the document's named properties (document.myForm).
	docNamed *docNamedProps
	// frameNamed keeps those of the documents frames have loaded.
	frameNamed map[*dom.Document]*docNamedProps
	// radioLists are the RadioNodeLists handed out (formNamedItem).
	radioLists map[radioListKey]*radioNodeList

	// selectionChanges: text fields with a selectionchange event pending.
	selectionChanges map[*dom.Node]bool

	// viewTransitions is the active view transition of each document or
	// element (viewtransition.go).
	viewTransitions map[*dom.Node]*viewTransition
}

type classes struct {
	eventTarget, node, element, htmlElement, svgElement, characterData  *bind.Class
	text, comment, pi, doctype, fragment, document, htmlDocument, attr  *bind.Class
	nodeList, htmlCollection, tokenList, namedNodeMap, stringMap, style *bind.Class
	event, customEvent, window                                          *bind.Class
	byTag                                                               map[string]*bind.Class
	unknown, shadowRoot, mathML                                         *bind.Class
}

// New binds doc into l's runtime and returns its window. The runtime's
// global object becomes the window.
func New(l *loop.Loop, doc *dom.Document, cfg Config) (*Window, error) {
	if l == nil || doc == nil {
		return nil, errors.New("jsruntime: New needs a loop and a document")
	}
	rt := l.Runtime()
	w := &Window{
		loop:       l,
		rt:         rt,
		doc:        doc,
		cfg:        cfg,
		log:        cfg.Logger,
		global:     rt.GlobalObject(),
		ctx:        context.Background(),
		handlers:   make(map[dom.Target]handlerSet),
		styles:     make(map[*dom.Node]*styleDecl),
		attrMaps:   make(map[*dom.Node]*namedNodeMap),
		datasets:   make(map[*dom.Node]*datasetMap),
		liveLists:  make(map[liveKey]*liveList),
		tokenLists: make(map[tokenKey]*dom.TokenList),
		undefined:  goja.Undefined(),
		null:       goja.Null(),
	}
	if w.log == nil {
		w.log = slog.Default()
	}
	if w.cfg.Viewport.Width <= 0 {
		w.cfg.Viewport.Width = 1366
	}
	if w.cfg.Viewport.Height <= 0 {
		w.cfg.Viewport.Height = 768
	}
	if w.cfg.Viewport.DevicePixelRatio <= 0 {
		w.cfg.Viewport.DevicePixelRatio = 1
	}
	if w.cfg.UserAgent == "" {
		w.cfg.UserAgent = DefaultUserAgent
	}
	pageURL := cfg.URL
	if pageURL == "" && doc.URL() != nil {
		pageURL = doc.URL().String()
	}
	if pageURL == "" {
		pageURL = "about:blank"
	}
	u, err := url.Parse(pageURL)
	if err != nil {
		return nil, fmt.Errorf("jsruntime: page URL: %w", err)
	}
	if doc.URL() == nil || cfg.URL != "" {
		doc.SetURL(u)
	}
	w.nav.init(w, u)
	w.ce.init()
	w.realm = bind.NewRealm(rt)
	w.realm.MapError = mapDOMError
	// Each call into the bindings is work that moves the page's clock
	// within a task (loop.Work).
	w.realm.SetWorkCounter(l.Work())
	w.realm.SetTaskCounter(l.TaskSeq())
	if err := w.install(); err != nil {
		return nil, err
	}
	if err := w.installChromeGlobals(); err != nil {
		return nil, fmt.Errorf("jsruntime: chrome globals: %w", err)
	}
	w.trackRejections()
	doc.ParentTarget = w
	doc.DirectionalSelections = true
	doc.OnMutation = w.mutated
	doc.OnPresentationDirty = w.presentationDirty // cssanim.go
	doc.BeforeRemove = w.focusedRemoved
	doc.OnHeldRemoval = w.heldRemoval
	doc.OnSlotChange = w.signalSlot
	doc.Display = w.boxDisplay
	doc.PseudoState = w.pseudoState
	doc.ComputedStyle = w.computedMemo
	doc.SkipsAutoContents = w.skipsAutoContents
	doc.WhiteSpace = w.whiteSpaceOf // csswhitespace.go
	doc.PseudoBox = w.pseudoBoxOf
	doc.Languages = w.languages
	doc.OnAutofocus = w.autofocusSoon
	w.autofocusSoon() // the candidates the document was parsed with
	w.scripts.init(w)
	w.initResources()
	l.SetStringHandlerURL(w.URL)
	w.initCSP()
	l.OnFirstFrame(w.reveal)
	l.OnScrollSteps(w.runFrameSteps) // the scroll and fullscreen steps
	l.SetRenderBlocked(w.renderBlocked)
	w.notePlatformGlobals()
	return w, nil
}

// renderBlocked reports whether the document is render-blocked: an HTML
// document still being parsed that has no body yet "allows adding
// render-blocking elements", and has no rendering update (no animation
// frame callbacks) until the parser makes its body, as in Chromium (a
// requestAnimationFrame callback asked for by a script in the head runs
// after the timers the head's scripts set, however long a parser-blocking
// script takes to load). Render-blocking style sheets and scripts are not
// modelled.
// https://html.spec.whatwg.org/multipage/dom.html#render-blocked
func (w *Window) renderBlocked() bool {
	return w.scripts.parsing && !w.scripts.parsed && w.doc.Body() == nil && !w.doc.IsXML()
}

// DefaultUserAgent is navigator.userAgent when Config.UserAgent is empty.
const DefaultUserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 bangsnap"

// Runtime returns the page's goja runtime.
func (w *Window) Runtime() *goja.Runtime { return w.rt }

// Realm returns the binding realm, for packages that install more
// interfaces (webapi) or wrap values.
func (w *Window) Realm() *bind.Realm { return w.realm }

// Loop returns the page's event loop.
func (w *Window) Loop() *loop.Loop { return w.loop }

// Document returns the page's document.
func (w *Window) Document() *dom.Document { return w.doc }

// Global returns the global object (the window).
func (w *Window) Global() *goja.Object { return w.global }

// Listeners and GetTheParent make the window a dom.Target: the root of
// every event path.
func (w *Window) GetTheParent(*dom.Event) dom.Target { return nil }

// mapDOMError turns dom's typed errors into DOMException names.
func mapDOMError(err error) (string, string, bool) {
	var de *dom.DOMError
	if errors.As(err, &de) {
		return de.Name, de.Message, true
	}
	var be *bind.DOMException
	if errors.As(err, &be) {
		return be.Name, be.Message, true
	}
	return "", "", false
}

// ReportError reports an uncaught exception thrown by a callback (timer,
// listener, microtask): to Config.OnError and as the window's error event.
// Wire loop.Options.OnError to it.
func (w *Window) ReportError(err error) {
	if err == nil {
		return
	}
	se := w.scriptError(err)
	w.reportScriptError(se, w.errorValue(err))
}

// errorValue returns the JavaScript value err stands for: the thrown
// value, or a new SyntaxError for source that did not compile (a script's
// or an event handler attribute's ErrorEvent.error is that SyntaxError).
func (w *Window) errorValue(err error) goja.Value {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		return ex.Value()
	}
	var syn *goja.CompilerSyntaxError
	if errors.As(err, &syn) {
		if ctor, ok := goja.AssertConstructor(w.rt.Get("SyntaxError")); ok {
			if o, err := ctor(nil, w.rt.ToValue(syn.Message)); err == nil {
				return o
			}
		}
	}
	return nil
}

// scriptError describes err as a ScriptError.
func (w *Window) scriptError(err error) *ScriptError {
	se := &ScriptError{Message: err.Error()}
	var ex *goja.Exception
	var syn *goja.CompilerSyntaxError
	var so *goja.StackOverflowError
	switch {
	case errors.As(err, &so):
		// goja's uncatchable overflow has no value. Its stack is as deep as
		// the limit: the report keeps the top ten frames, as V8's
		// Error.stackTraceLimit does.
		se.Message = "Uncaught RangeError: Maximum call stack size exceeded"
		frames := so.Stack()
		var b bytes.Buffer
		b.WriteString("RangeError: Maximum call stack size exceeded\n")
		for _, f := range frames[:min(len(frames), 10)] {
			b.WriteString("\tat ")
			f.Write(&b)
			b.WriteByte('\n')
		}
		se.Stack = b.String()
		for _, f := range frames {
			if p := f.Position(); p.Filename != "" {
				se.Source, se.Line, se.Column = p.Filename, p.Line, p.Column
				break
			}
		}
	case errors.As(err, &ex):
		v := ex.Value()
		se.Message = "Uncaught " + exceptionMessage(v)
		se.Stack = ex.String()
		for _, f := range ex.Stack() {
			if p := f.Position(); p.Filename != "" {
				se.Source, se.Line, se.Column = p.Filename, p.Line, p.Column
				break
			}
		}
	case errors.As(err, &syn):
		se.Message = "Uncaught SyntaxError: " + syn.Message
		if syn.File != nil {
			p := syn.File.Position(syn.Offset)
			se.Source, se.Line, se.Column = syn.File.Name(), p.Line, p.Column
		} else if m := parserErrorAt.FindStringSubmatch(syn.Message); m != nil {
			// goja's parser errors carry their position in the message
			// only: "name: Line 3:5 Unexpected token".
			se.Source = m[1]
			se.Line, _ = strconv.Atoi(m[2])
			se.Column, _ = strconv.Atoi(m[3])
		}
	}
	return se
}

// parserErrorAt matches the start of a goja parser error message.
var parserErrorAt = regexp.MustCompile(`^(.*?): Line (\d+):(\d+) `)

// exceptionMessage renders a thrown value as browsers do in reports:
// "TypeError: x is not a function", or the value itself.
func exceptionMessage(v goja.Value) string {
	if o, ok := v.(*goja.Object); ok {
		name, msg := o.Get("name"), o.Get("message")
		if name != nil && msg != nil && !goja.IsUndefined(msg) {
			n := name.String()
			if m := msg.String(); m != "" {
				return n + ": " + m
			}
			return n
		}
	}
	if v == nil {
		return "undefined"
	}
	return v.String()
}

// reportErrorIn reports err, thrown by a script of frame f (nil: the
// page), at f's window: the script's global is that window, so the error
// event fires there and not at the page's window.
// https://html.spec.whatwg.org/multipage/webappapis.html#report-the-exception
func (w *Window) reportErrorIn(f *frame, err error) {
	if f == nil {
		w.ReportError(err)
		return
	}
	se := w.scriptError(err)
	if w.cfg.OnError != nil {
		w.cfg.OnError(*se)
	}
	if f.gone {
		return
	}
	ev := dom.NewEvent("error", false, true)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "ErrorEvent", message: se.Message, filename: se.Source, lineno: se.Line, colno: se.Column, errVal: w.errorValue(err)}
	w.dispatch(f, ev)
}

// reportScriptError hands se to Config.OnError and fires the window's error
// event (window.onerror sees message, source, line, column, error).
// https://html.spec.whatwg.org/multipage/webappapis.html#report-the-exception
func (w *Window) reportScriptError(se *ScriptError, thrown goja.Value) {
	if w.cfg.OnError != nil {
		w.cfg.OnError(*se)
	}
	if w.scripts.inErrorEvent {
		return // an error thrown by an error handler is reported, not refired
	}
	w.scripts.inErrorEvent = true
	defer func() { w.scripts.inErrorEvent = false }()
	ev := dom.NewEvent("error", false, true)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "ErrorEvent", message: se.Message, filename: se.Source, lineno: se.Line, colno: se.Column, errVal: thrown}
	w.dispatch(w, ev)
}

// languages is navigator.languages as configured, which SVG's
// systemLanguage attributes are matched against (dom/svgbox.go).
func (w *Window) languages() []string {
	nav, _ := webapi.NavigatorConfig(w.realm, w.global.Get("navigator"))
	return nav.Languages
}
