package webapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/bangsnap/bangsnap/internal/lru"
	"github.com/bangsnap/bangsnap/jsruntime/internal/jstok"
)

// A ModuleLoader fetches the source of one module URL: the page's own
// loader, so module imports go through the same transport, policy and report
// as every other request. It is called from esbuild's goroutines, possibly
// several at once, and must be safe for concurrent use.
type ModuleLoader func(ctx context.Context, url string) ([]byte, error)

// A ModuleEntry is the entry of a module graph: a <script type="module">.
type ModuleEntry struct {
	// URL is the module's URL: the src of an external module script, or
	// the document URL for an inline one (the base for its imports and
	// its import.meta.url).
	URL string
	// Source is the inline module's text. When nil, the entry is fetched
	// from URL with the loader.
	Source []byte
	// ImportMap is the page's import map, or nil.
	ImportMap *ImportMap
	// Loaded, when not nil, makes the bundle a chunk for a computed
	// import(): the URLs of the modules the page has already run, which
	// the chunk reads from the page's module registry instead of bundling
	// them again (see dynimport.go).
	Loaded []string
	// Lazy leaves out of the bundle the modules reached only through
	// import() with a string specifier: each such import() calls the
	// page's __bangsnapImport (jsruntime), which bundles its module as a
	// chunk when the import runs, as a browser fetches a module only then.
	// Only for a page whose runtime defines __bangsnapImport; a chunk
	// (Loaded set) is always lazy.
	Lazy bool
}

// A BundleError tells why esbuild could not bundle or lower a script; it
// carries esbuild's messages, each with its location.
type BundleError struct {
	Messages []api.Message
}

func (e *BundleError) Error() string {
	if len(e.Messages) == 0 {
		return "bundle failed"
	}
	m := e.Messages[0]
	var b strings.Builder
	if l := m.Location; l != nil {
		fmt.Fprintf(&b, "%s:%d:%d: ", l.File, l.Line, l.Column+1)
	}
	b.WriteString(m.Text)
	if n := len(e.Messages) - 1; n > 0 {
		fmt.Fprintf(&b, " (and %d more errors)", n)
	}
	return b.String()
}

// ErrBareSpecifier is wrapped by the error for an import of a bare specifier
// ("react") that no import map entry maps to a URL.
var ErrBareSpecifier = errors.New("bare module specifier not mapped by an import map")

// gojaSupported tells esbuild which syntax goja lacks, so that lowering
// touches nothing else: goja compiles classes with private members, optional
// chaining and async functions natively, and keeping them is faster than
// esbuild's helpers. Found by compiling each feature with goja (see
// TestGojaLacksSyntax).
var gojaSupported = map[string]bool{
	"async-generator":                 false,
	"for-await":                       false,
	"top-level-await":                 false,
	"using":                           false,
	"decorators":                      false,
	"import-meta":                     false,
	"dynamic-import":                  false,
	"regexp-match-indices":            false,
	"regexp-set-notation":             false,
	"regexp-unicode-property-escapes": false,
	// goja compiles template literals but makes a new template object at
	// each evaluation of a tagged template: === says it is the same, yet it
	// is a different Map and WeakMap key, so Lit's template cache misses
	// and re-creates a component's DOM at every update (Shoelace cards
	// looped on slotchange). esbuild's lowering keeps one object per site.
	"template-literal": false,
}

// A Bundler turns module scripts into classic scripts goja can run and
// lowers syntax goja cannot compile, with esbuild. Results are cached by
// content hash, so the same scripts across renders cost esbuild once. A
// Bundler is safe for concurrent use; one per process is the intent.
type Bundler struct {
	lowered *lru.Cache[contentHash, loweredScript]
	bundles *lru.Cache[contentHash, *bundleRecord]
	// builds counts bundles built (cache misses), passes the esbuild
	// runs they took; for tests.
	builds, passes atomic.Int64
}

type loweredScript struct {
	code string
	err  error
}

// bundleRecord is a cached bundle and the content hash of each module it was
// built from; a hit requires every module to load with the same content.
type bundleRecord struct {
	code string
	deps []moduleDep
}

type moduleDep struct {
	url  string
	typ  string // the module type it was loaded as (ModuleJSON...)
	hash contentHash
}

// bundlerCacheBytes bounds the code each of a Bundler's caches keeps.
const bundlerCacheBytes = 64 << 20

// NewBundler returns a Bundler whose caches hold up to entries results each
// (256 when entries <= 0) and at most 64 MiB of code each.
func NewBundler(entries int) *Bundler {
	if entries <= 0 {
		entries = 256
	}
	return &Bundler{
		lowered: lru.New(lru.Options[contentHash, loweredScript]{
			MaxLen: entries, MaxCost: bundlerCacheBytes,
			Cost: func(_ contentHash, l loweredScript) int64 { return int64(len(l.code) + 64) },
		}),
		bundles: lru.New(lru.Options[contentHash, *bundleRecord]{
			MaxLen: entries, MaxCost: bundlerCacheBytes,
			Cost: func(_ contentHash, b *bundleRecord) int64 { return int64(len(b.code) + 64*len(b.deps) + 64) },
		}),
	}
}

// ShareText has b's caches keep kept in place of text wherever they keep
// text itself, the code of a bundle or a lowering (the same string, not
// an equal one), when kept is an equal copy: jsruntime.Config.ShareText,
// told of each compiled script with the copy of it goja's parser made and
// the compiled program keeps. A cached bundle then costs its text once in
// the process, not twice (Angular's 2.4 MB bundle: its idle heap, which
// every render's peak counts, is that much smaller). A record is replaced,
// never changed, so a render reading the old one is unaffected.
func (b *Bundler) ShareText(text, kept string) {
	if text == "" || len(text) != len(kept) || unsafe.StringData(text) == unsafe.StringData(kept) || text != kept {
		return
	}
	same := func(code string) bool {
		return len(code) == len(text) && unsafe.StringData(code) == unsafe.StringData(text)
	}
	b.bundles.Replace(func(r *bundleRecord) *bundleRecord {
		if !same(r.code) {
			return r
		}
		return &bundleRecord{code: kept, deps: r.deps}
	})
	b.lowered.Replace(func(l loweredScript) loweredScript {
		if same(l.code) {
			l.code = kept
		}
		return l
	})
}

// Drop empties b's caches, as if no module had been bundled or lowered.
func (b *Bundler) Drop() {
	b.lowered.Clear()
	b.bundles.Clear()
}

// Lower rewrites a classic script that uses syntax goja lacks (async
// generators, for await, using declarations, RegExp flags d/v...) into
// syntax goja compiles. name is the script's URL, used in error locations
// and as the base URL of the script's import() calls, which call the page's
// __bangsnapImport (jsruntime) instead.
// Callers try goja first and lower only on a SyntaxError, or where goja
// would compile the script wrongly; optional chains are lowered too.
func (b *Bundler) Lower(src, name string) (string, error) {
	key := hashString(src)
	if r, ok := b.lowered.Get(key); ok {
		return r.lowered(name)
	}
	r := lowerFor(src, name, gojaLowerSupported)
	if r.err == nil {
		// goja's parser reads a class field named get, set or async as
		// the start of an accessor or async method, so
		// `class A { get = () => 1 }` (Ember's TrackedValue) is a
		// SyntaxError that esbuild, keeping class fields, prints back
		// unchanged: quote those names (fieldnames.go), or, when that
		// does not make it parse, lower class fields too (to definitions
		// in the constructor and after the class: slower in goja).
		if code, ok := quoteFieldNames(r.code, name); ok {
			r.code = code
		} else if r2 := lowerFor(src, name, gojaSupportedNoClassFields); r2.err == nil {
			r = r2
		}
	}
	if r.err == nil {
		r.code = markAsyncGenerators(r.code)      // asyncgen.go
		r.code = hideLoweringHelpers(r.code, src) // lowerhelpers.go
		r.code = hideLoweringTemps(r.code, src)   // lowertemps.go
	}
	b.lowered.Put(key, r)
	return r.lowered(name)
}

// lowered is the lowered script as the script at url runs it: its import()
// calls resolve against url (the cache is shared by every URL whose script
// has these bytes).
func (r loweredScript) lowered(url string) (string, error) {
	if r.err != nil {
		return "", r.err
	}
	return rewriteClassicImports(r.code, url), nil
}

// gojaLowerSupported is what Lower leaves: gojaSupported, but optional
// chains are lowered too, since jsruntime also lowers scripts where goja
// compiles an optional call with spread arguments wrongly (a short-circuit
// leaves a marker on its stack and panics; jsruntime/optspread.go). import()
// is left as written, options included, for rewriteClassicImports to make
// a call of the page's __bangsnapImport: lowered to a require, it would
// lose a literal second argument.
var gojaLowerSupported = func() map[string]bool {
	m := maps.Clone(gojaSupported)
	m["optional-chain"] = false
	m["dynamic-import"] = true
	return m
}()

// gojaSupportedNoClassFields is gojaLowerSupported with class fields lowered.
var gojaSupportedNoClassFields = func() map[string]bool {
	m := maps.Clone(gojaLowerSupported)
	m["class-field"] = false
	m["class-static-field"] = false
	return m
}()

// lowerOptions are esbuild's options for lowering a script named name to
// the syntax supported says the engine has; the source map of a lowering
// (lowerWithMap) must come from the same options.
func lowerOptions(name string, supported map[string]bool) api.TransformOptions {
	return api.TransformOptions{
		Loader:     api.LoaderJS,
		Target:     api.ESNext,
		Supported:  supported,
		Sourcefile: name,
		Charset:    api.CharsetUTF8,
		LogLevel:   api.LogLevelSilent,
	}
}

// lowerFor transforms src with esbuild for the syntax supported says the
// engine has.
func lowerFor(src, name string, supported map[string]bool) loweredScript {
	res := api.Transform(src, lowerOptions(name, supported))
	if len(res.Errors) > 0 {
		return loweredScript{err: &BundleError{Messages: res.Errors}}
	}
	return loweredScript{code: string(res.Code)}
}

const urlNamespace = "url"

// Bundle builds the module graph of entry into one classic script (an
// IIFE), fetching imports with load. Static imports are bundled in, and so
// are dynamic imports with string specifiers unless entry.Lazy;
// import.meta.url is each module's own URL. The result is cached by the
// content of every module in the graph.
//
// A bundle with an import() left to run time (lazy or computed) registers
// every module's namespace for the chunks those imports will load.
// Registration keeps all of a module's exports, so a graph without such an
// import is not registered; whether it has one is known once esbuild has
// read it: a second pass registers when the first, without, finds one.
// When the entry's own text calls import() (a code-split bundle's entry
// chunk), the first pass registers, and a second without is needed only if
// no import() was left to run time after all. A chunk registers its modules
// in its one pass.
func (b *Bundler) Bundle(ctx context.Context, entry ModuleEntry, load ModuleLoader) (string, error) {
	if entry.URL == "" {
		return "", errors.New("bundle: the entry has no URL")
	}
	entrySrc := entry.Source
	if entrySrc == nil {
		src, err := load(ctx, entry.URL)
		if err != nil {
			return "", fmt.Errorf("bundle: load %s: %w", entry.URL, err)
		}
		entrySrc = src
	}
	key := bundleKey(entry, entrySrc)
	if rec, ok := b.bundles.Get(key); ok && depsUnchanged(ctx, rec.deps, load) {
		return rec.code, nil
	}

	b.builds.Add(1)
	var fromRegistry map[string]bool
	if entry.Loaded != nil {
		fromRegistry = make(map[string]bool, len(entry.Loaded))
		for _, u := range entry.Loaded {
			fromRegistry[u] = u != entry.URL
		}
	}
	lazy := entry.Lazy || entry.Loaded != nil
	newGraph := func(register bool) *graphLoader {
		return &graphLoader{ctx: ctx, load: load, entry: entry, entrySrc: entrySrc, fromRegistry: fromRegistry, register: register, lazy: lazy}
	}
	g := newGraph(entry.Loaded != nil || (lazy && importCall.Match(entrySrc)))
	res := b.build(g, false)
	esm := false
	if len(res.Errors) > 0 && needsTopLevelAwait(res.Errors) {
		// An IIFE cannot await at top level: bundle as one ES module
		// instead and run it inside an async function.
		g, esm = newGraph(g.register), true
		res = b.build(g, true)
	}
	if len(res.Errors) == 0 && len(res.OutputFiles) == 1 && !g.register &&
		(g.deferred.Load() || hasComputedImport(string(res.OutputFiles[0].Contents))) {
		// An import() left to run time: build again with each
		// module's namespace registered, for the chunks it will load.
		g = newGraph(true)
		res = b.build(g, esm)
	} else if len(res.Errors) == 0 && len(res.OutputFiles) == 1 && g.register && entry.Loaded == nil &&
		!g.deferred.Load() && !hasComputedImport(string(res.OutputFiles[0].Contents)) {
		// The entry's "import(" was in a string or comment, or its
		// import() calls were all bundled in: build again without the
		// registrations, which keep every export.
		g = newGraph(false)
		res = b.build(g, esm)
	}
	if len(res.Errors) > 0 {
		if g.graphErr != nil {
			return "", fmt.Errorf("bundle %s: %w", entry.URL, g.graphErr)
		}
		return "", fmt.Errorf("bundle %s: %w", entry.URL, &BundleError{Messages: res.Errors})
	}
	if len(res.OutputFiles) != 1 {
		return "", fmt.Errorf("bundle %s: esbuild wrote %d files", entry.URL, len(res.OutputFiles))
	}
	code := string(res.OutputFiles[0].Contents)
	if g.register {
		code = rewriteComputedImports(code)
	}
	code = tagNamespaces(code)
	if g.asyncWrap {
		code = asyncWrap(code)
	}
	code = markAsyncGenerators(code) // asyncgen.go
	b.bundles.Put(key, &bundleRecord{code: code, deps: g.deps()})
	return code, nil
}

// importCall matches what looks like an import() call in a module's text.
var importCall = regexp.MustCompile(`\bimport\s*\(`)

// exportHelper matches esbuild's helper that fills a module namespace
// object (`import * as ns`, what import() resolves with), its names as
// esbuild's renamer left them. tagNamespaces makes it also give the
// namespace its @@toStringTag "Module", as an ES module namespace has
// (Object.prototype.toString gives "[object Module]", and routers tell a
// lazily imported module from a component by it).
// https://tc39.es/ecma262/#sec-module-namespace-objects
var exportHelper = regexp.MustCompile(`(var __export = \((\w+), \w+\) => \{\n)(\s*)(for \(var \w+ in \w+\)\n\s*)(\w+)\(`)

func tagNamespaces(code string) string {
	loc := exportHelper.FindStringSubmatchIndex(code)
	if loc == nil {
		return code
	}
	m := func(i int) string { return code[loc[2*i]:loc[2*i+1]] }
	return code[:loc[0]] + m(1) + m(3) + m(5) + "(" + m(2) + `, Symbol.toStringTag, { value: "Module" });` + "\n" +
		m(3) + m(4) + m(5) + "(" + code[loc[1]:]
}

// entryNamespace holds the virtual entry of an ES-module build: a module
// that only imports the real entry, so that the bundle exports nothing.
const entryNamespace = "bangsnap-entry"

// build runs esbuild over g's graph: as an IIFE, or (esm) as one ES module
// with top-level await allowed, to be wrapped by asyncWrap.
func (b *Bundler) build(g *graphLoader, esm bool) api.BuildResult {
	b.passes.Add(1)
	opts := api.BuildOptions{
		EntryPoints: []string{g.entry.URL},
		Bundle:      true,
		Write:       false,
		Format:      api.FormatIIFE,
		// Neutral, not browser: for the browser platform esbuild defines
		// process.env.NODE_ENV as "development", and a browser has no
		// process (nanostores' ES modules served as they are throw a
		// ReferenceError in Chromium). Every import is resolved by the
		// plugin, so the platform's main fields and conditions do not apply.
		Platform:  api.PlatformNeutral,
		Target:    api.ESNext,
		Supported: gojaSupported,
		Charset:   api.CharsetUTF8,
		LogLevel:  api.LogLevelSilent,
		Plugins:   []api.Plugin{{Name: "bangsnap-url", Setup: g.setup}},
	}
	if esm {
		g.asyncWrap = true
		supported := make(map[string]bool, len(gojaSupported))
		for k, v := range gojaSupported {
			supported[k] = v
		}
		supported["top-level-await"] = true
		opts.Format, opts.Supported = api.FormatESModule, supported
		opts.EntryPoints = []string{entryNamespace + ":" + g.entry.URL}
	}
	res := api.Build(opts)
	if len(res.Errors) > 0 {
		g.graphErr = g.graphError(res.Errors)
	}
	g.release()
	return res
}

func needsTopLevelAwait(msgs []api.Message) bool {
	for _, m := range msgs {
		if strings.Contains(m.Text, "Top-level await") {
			return true
		}
	}
	return false
}

// asyncWrap runs an ES-module bundle (with no imports or exports left)
// inside an async function; an exception it throws, before or after an
// await, is reported as the page's uncaught error.
func asyncWrap(code string) string {
	return asyncWrapStart + code + asyncWrapEnd
}

const (
	asyncWrapStart = "(async () => {\n"
	asyncWrapEnd   = "\n})().catch((e) => { if (typeof reportError === \"function\") reportError(e); else throw e; });\n"
)

// EvaluationPromise returns code, a bundle Bundle made, changed to
// complete with the promise of its evaluation, when the bundle awaits at
// top level (it runs inside an async function, see asyncWrap): its
// modules have been evaluated, and have registered their namespaces, when
// that promise fulfills; it rejects with what they threw, which is not
// reported (import() rejects with it instead). ok is false for a bundle
// that does not await at top level: its evaluation ends when it returns.
func EvaluationPromise(code string) (string, bool) {
	if !strings.HasPrefix(code, asyncWrapStart) || !strings.HasSuffix(code, asyncWrapEnd) {
		return code, false
	}
	return strings.TrimSuffix(code, asyncWrapEnd) + "\n})();\n", true
}

func bundleKey(entry ModuleEntry, src []byte) contentHash {
	var key contentHash
	for i := range key {
		var h maphash.Hash
		h.SetSeed(contentSeeds[i])
		h.WriteString(entry.URL)
		h.WriteByte(0)
		h.Write(src)
		if entry.Lazy {
			h.WriteString("\x00lazy")
		}
		if entry.Loaded != nil {
			h.WriteString("\x00loaded")
			for _, u := range entry.Loaded {
				h.WriteByte(0)
				h.WriteString(u)
			}
		}
		if m := entry.ImportMap; m != nil {
			hashSpecifierMap(&h, m.Imports)
			for _, prefix := range slices.Sorted(maps.Keys(m.Scopes)) {
				h.WriteString("\x00scope\x00")
				h.WriteString(prefix)
				hashSpecifierMap(&h, m.Scopes[prefix])
			}
		}
		key[i] = h.Sum64()
	}
	return key
}

// hashSpecifierMap writes an import map's specifier map in sorted order.
func hashSpecifierMap(h *maphash.Hash, specs map[string]string) {
	for _, k := range slices.Sorted(maps.Keys(specs)) {
		h.WriteByte(0)
		h.WriteString(k)
		h.WriteByte(0)
		h.WriteString(specs[k])
	}
	h.WriteByte(1)
}

// A contentHash identifies a text in the Bundler's caches: two 64-bit
// maphashes, each with its own random process-wide seed. It replaced
// SHA-256, which took several milliseconds per render to re-validate
// Angular's few megabytes of modules; a collision (2^-128 for texts not
// chosen with the seeds in hand, which never leave the process) would
// serve a stale bundle.
type contentHash [2]uint64

var contentSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func hashBytes(b []byte) contentHash {
	return contentHash{maphash.Bytes(contentSeeds[0], b), maphash.Bytes(contentSeeds[1], b)}
}

func hashString(s string) contentHash {
	return contentHash{maphash.String(contentSeeds[0], s), maphash.String(contentSeeds[1], s)}
}

// depsParallel bounds how many modules depsUnchanged loads at once.
const depsParallel = 8

// depsUnchanged reloads each module of a cached bundle and reports whether
// all still have the content the bundle was built from. The loads run
// depsParallel at a time (each is a request, possibly to the network); the
// first difference, error or cancellation stops the loads not yet started.
func depsUnchanged(ctx context.Context, deps []moduleDep, load ModuleLoader) bool {
	if ctx.Err() != nil {
		return false
	}
	same := func(ctx context.Context, d moduleDep) bool {
		src, err := load(withModuleType(ctx, d.typ), d.url)
		return err == nil && hashBytes(src) == d.hash
	}
	if len(deps) <= 1 {
		return len(deps) == 0 || same(ctx, deps[0])
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next    atomic.Int64
		changed atomic.Bool
		wg      sync.WaitGroup
	)
	for range min(depsParallel, len(deps)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(deps) || ctx.Err() != nil {
					return
				}
				if !same(ctx, deps[i]) {
					changed.Store(true)
					cancel()
					return
				}
			}
		})
	}
	wg.Wait()
	// Every module was loaded and matched unless one differed or the
	// caller's context ended first (then some were never checked).
	return !changed.Load() && context.Cause(ctx) == nil
}

// graphLoader resolves and loads the modules of one Bundle call through the
// page's loader.
type graphLoader struct {
	ctx      context.Context
	load     ModuleLoader
	entry    ModuleEntry
	entrySrc []byte

	mu     sync.Mutex
	loaded []moduleDep
	// depth is each module's depth in the graph of static imports (the
	// entry's is 1), as first reached; see MaxModuleDepth.
	depth map[string]int
	// asyncWrap is set for an ES-module build (top-level await).
	asyncWrap bool
	// fromRegistry are the modules a chunk reads from the page's module
	// registry (dynimport.go).
	fromRegistry map[string]bool
	// register makes the bundle register each module's namespace in the
	// page's module registry.
	register bool
	// lazy leaves the modules of string-specifier import() calls out of
	// the bundle, to be loaded as chunks when the calls run; deferred is
	// set when the graph has one.
	lazy     bool
	deferred atomic.Bool

	// For a build that fails (moduleerror.go): the modules' texts and
	// static imports, the importers of specifiers that did not resolve,
	// whether a module could not be fetched, and the graph's error to
	// rethrow, found when the build ends (release drops the rest).
	sources     map[string][]byte
	edges       map[string][]graphEdge
	unresolved  map[string]unresolvedImport
	fetchFailed bool
	graphErr    *ModuleGraphError
}

// release drops what reaches the page (its loader and context) once g's
// build is over: esbuild keeps a finished build's options, our plugin's
// callbacks among them, for 250 ms after Build returns (a goroutine that
// clears its dev server's last result), which kept each page that
// bundled modules reachable that long after its render.
func (g *graphLoader) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.load, g.ctx = nil, nil
	g.sources, g.edges, g.unresolved = nil, nil, nil
}

func (g *graphLoader) deps() []moduleDep {
	g.mu.Lock()
	defer g.mu.Unlock()
	slices.SortFunc(g.loaded, func(a, b moduleDep) int { return strings.Compare(a.url, b.url) })
	return g.loaded
}

func (g *graphLoader) setup(build api.PluginBuild) {
	build.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(args api.OnResolveArgs) (api.OnResolveResult, error) {
		if args.Kind == api.ResolveEntryPoint && strings.HasPrefix(args.Path, entryNamespace+":") {
			return api.OnResolveResult{Path: strings.TrimPrefix(args.Path, entryNamespace+":"), Namespace: entryNamespace}, nil
		}
		if args.Namespace == entryNamespace {
			return api.OnResolveResult{Path: args.Path, Namespace: urlNamespace}, nil
		}
		if args.Kind == api.ResolveEntryPoint {
			return api.OnResolveResult{Path: args.Path, Namespace: urlNamespace}, nil
		}
		u, err := g.resolve(args.Path, args.Importer)
		if err != nil {
			if args.Kind == api.ResolveJSDynamicImport {
				// import() of a specifier that does not resolve
				// rejects with a TypeError when it runs, as in a
				// browser, instead of failing the whole graph.
				return api.OnResolveResult{Path: args.Path, Namespace: unresolvedNamespace}, nil
			}
			g.noteEdge(args.Importer, args.Path, "", err)
			return api.OnResolveResult{}, err
		}
		if args.Kind != api.ResolveJSDynamicImport {
			g.noteEdge(args.Importer, args.Path, u, nil)
		}
		if g.fromRegistry[u] {
			return api.OnResolveResult{Path: u, Namespace: registryNamespace}, nil
		}
		g.noteDepth(u, args)
		var data any
		if args.Kind == api.ResolveJSDynamicImport {
			if g.lazy && !typedModule(args.With, u) {
				// Loaded when the import() runs: esbuild turns it into
				// a require of the specifier as written, which
				// rewriteComputedImports makes a call of the page's
				// __bangsnapImport (resolving it as the page does then).
				g.deferred.Store(true)
				return api.OnResolveResult{Path: args.Path, External: true}, nil
			}
			data = dynamicImportData
		}
		return api.OnResolveResult{Path: u, Namespace: urlNamespace, PluginData: data}, nil
	})
	build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: registryNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
		contents := registryModule(args.Path)
		return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
	})
	build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: unresolvedNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
		contents := "throw new TypeError(" + strconv.Quote("Failed to resolve module specifier \""+args.Path+"\". Relative references must start with either \"/\", \"./\", or \"../\".") + ");"
		return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
	})
	build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: entryNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
		contents := "import " + strconv.Quote(args.Path) + ";"
		return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
	})
	build.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: urlNamespace}, func(args api.OnLoadArgs) (api.OnLoadResult, error) {
		if g.tooDeep(args.Path) {
			contents := tooDeepModule
			return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
		}
		var src []byte
		typ := importedType(args.With)
		if args.Path == g.entry.URL {
			src = g.entrySrc
		} else {
			var err error
			if src, err = g.load(withModuleType(g.ctx, typ), args.Path); err != nil {
				if args.PluginData == dynamicImportData {
					// import() of a module that cannot be fetched
					// rejects when it runs, as in a browser, instead of
					// failing the whole bundle.
					contents := "throw new TypeError(" + strconv.Quote("Failed to fetch dynamically imported module: "+args.Path) + ");"
					return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
				}
				g.noteFetchFailed()
				return api.OnLoadResult{}, fmt.Errorf("load %s: %w", args.Path, err)
			}
			g.noteSource(args.Path, src)
			g.mu.Lock()
			g.loaded = append(g.loaded, moduleDep{url: args.Path, typ: typ, hash: hashBytes(src)})
			g.mu.Unlock()
		}
		var contents string
		switch {
		case args.With["type"] == "json" || urlExt(args.Path) == ".json":
			// Not registered: the JSON loader takes no code.
			contents = string(src)
			return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJSON}, nil
		case args.With["type"] == "css" || urlExt(args.Path) == ".css":
			// A CSS module script: its default export is a constructed
			// CSSStyleSheet holding the file's rules, which pages adopt
			// (document.adoptedStyleSheets, a shadow root's, Lit's
			// static styles).
			// https://html.spec.whatwg.org/multipage/webappapis.html#creating-a-css-module-script
			contents = cssModule(src)
		default:
			contents = withImportMeta(string(src), args.Path)
			contents = withImportOptions(contents, args.Path) // dynimport.go
			// "export {}" makes every module ESM to esbuild, even one
			// without imports or exports: its top-level this is
			// undefined, as in a module script, instead of the
			// CommonJS exports object.
			contents += "\nexport {};"
		}
		if g.register {
			contents = withRegistration(contents, args.Path, typ)
		}
		return api.OnLoadResult{Contents: &contents, Loader: api.LoaderJS}, nil
	})
}

// MaxModuleDepth is how deep a chain of static imports is followed. V8
// links and evaluates a module graph recursively, so Chromium 156 throws a
// RangeError for a chain a few thousand modules deep (a dynamic import of
// a chain of 2,500 blob: modules loads, one of 3,000 rejects with "Maximum
// call stack size exceeded"); a module deeper than this is not loaded but
// throws that RangeError when it runs, which, being the first of the graph
// to run, ends the graph's evaluation before any other module runs. It
// also bounds what a hostile page makes the bundler load and parse.
const MaxModuleDepth = 2500

// tooDeepModule is the module that stands for one beyond MaxModuleDepth.
const tooDeepModule = `throw new RangeError("Maximum call stack size exceeded");`

// noteDepth records the depth of u, imported by args.Importer: one more
// than its importer's for a static import, 1 for a dynamic one (a new
// graph), the least when reached by several paths.
func (g *graphLoader) noteDepth(u string, args api.OnResolveArgs) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.depth == nil {
		g.depth = map[string]int{}
	}
	d := 1
	if args.Kind != api.ResolveJSDynamicImport && args.Namespace == urlNamespace {
		d = g.depth[args.Importer] + 1
	}
	if old, ok := g.depth[u]; !ok || d < old {
		g.depth[u] = d
	}
}

// tooDeep reports whether the module at u is deeper than MaxModuleDepth.
func (g *graphLoader) tooDeep(u string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.depth[u] > MaxModuleDepth
}

// cssModule is the JavaScript of a CSS module script whose text is css.
func cssModule(css []byte) string {
	text, _ := json.Marshal(string(css))
	return "const sheet = new CSSStyleSheet();\nsheet.replaceSync(" + string(text) + ");\nexport default sheet;\n"
}

// unresolvedNamespace holds the specifiers of import() expressions that
// resolve to no URL (a bare name no import map maps): each is a module that
// throws the TypeError the import() rejects with.
const unresolvedNamespace = "unresolved"

// dynamicImportData marks a module resolved for an import() expression.
var dynamicImportData any = "dynamic import"

// typedModule reports whether the module at u, imported with the
// attributes with, is a JSON or CSS module: a lazy bundle keeps those of
// its import() calls in, since a JSON module cannot register its
// namespace for a chunk to read.
func typedModule(with map[string]string, u string) bool {
	if with["type"] != "" {
		return true
	}
	ext := urlExt(u)
	return ext == ".json" || ext == ".css"
}

// importedType is the module type an import with the attributes with asks
// for (the loader checks the response's MIME type against it). A module
// whose URL ends in .json or .css but imported without a type is still
// JavaScript to a browser (and fails its MIME type check when served as
// JSON or CSS).
func importedType(with map[string]string) string {
	switch t := with["type"]; t {
	case ModuleJSON, ModuleCSS:
		return t
	}
	return ModuleJavaScript
}

// resolve resolves a module specifier against the importing module's URL.
// https://html.spec.whatwg.org/multipage/webappapis.html#resolve-a-module-specifier
func (g *graphLoader) resolve(spec, importer string) (string, error) {
	if importer == "" {
		importer = g.entry.URL
	}
	return g.entry.ImportMap.Resolve(spec, importer)
}

// withImportMeta replaces import.meta in a module's source with an object
// holding its URL: esbuild has no per-module import.meta in an IIFE bundle.
// Its resolve applies the page's import map through the page's hidden
// __bangsnapResolve (jsruntime/dynimport.go) where there is one.
// Only the expression is replaced: the words in a string literal, a
// template's text, a regular expression or a comment stay (a library's
// message "import.meta.url is not supported" was rewritten into a
// SyntaxError, testdata/wpt/sweep51-import-meta-text.html).
func withImportMeta(src, url string) string {
	if !strings.Contains(src, "import.meta") {
		return src
	}
	sites, _ := importMetaSites(src, jstok.NewScanner(src, 0), nil, false)
	if len(sites) == 0 {
		return src
	}
	q := strconv.Quote(url)
	meta := "({url:" + q + `,resolve:function(s){return typeof __bangsnapResolve==="function"?__bangsnapResolve(String(s),` + q + "):new URL(s," + q + ").href}})"
	var b strings.Builder
	b.Grow(len(src) + len(sites)*len(meta))
	last := 0
	for _, m := range sites {
		b.WriteString(src[last:m.start])
		end := m.end
		if rest := src[end:]; strings.HasPrefix(rest, ".url") && (len(rest) == 4 || !jstok.IsNameByte(rest[4])) {
			b.WriteString(q)
			end += len(".url")
		} else {
			b.WriteString(meta)
		}
		last = end
	}
	b.WriteString(src[last:])
	return b.String()
}

// An importMetaSite is where an import.meta expression is in a source:
// from its import to the end of its meta.
type importMetaSite struct{ start, end int }

// importMetaSites appends the import.meta expressions read by s to sites,
// entering the substitutions of template literals. In a substitution
// (inSubstitution), it stops at the } that closes it and returns that
// brace's offset; else at the end of the source.
func importMetaSites(src string, s *jstok.Scanner, sites []importMetaSite, inSubstitution bool) ([]importMetaSite, int) {
	var prev, prev2 jstok.Token
	depth := 0
	for {
		t := s.Next()
		switch t.Kind {
		case jstok.EOF:
			return sites, len(src)
		case jstok.Punct:
			switch t.Text {
			case "{", "(", "[":
				depth++
			case "}", ")", "]":
				depth--
				if depth < 0 && inSubstitution {
					return sites, t.Start
				}
			}
		case jstok.Name:
			if t.Text == "meta" && prev.Kind == jstok.Punct && prev.Text == "." && prev2.Kind == jstok.Name && prev2.Text == "import" {
				sites = append(sites, importMetaSite{prev2.Start, t.End})
			}
		case jstok.Template:
			if strings.Contains(src[t.Start:t.End], "import.meta") {
				sites = templateImportMetaSites(src, t, sites)
			}
		}
		prev2, prev = prev, t
	}
}

// templateImportMetaSites appends the import.meta expressions in the
// substitutions of the template literal t.
func templateImportMetaSites(src string, t jstok.Token, sites []importMetaSite) []importMetaSite {
	for i := t.Start + 1; i < t.End-1; i++ {
		switch src[i] {
		case '\\':
			i++
		case '$':
			if src[i+1] == '{' {
				sites, i = importMetaSites(src, jstok.NewScanner(src, i+2), sites, true)
			}
		}
	}
	return sites
}

func urlExt(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return path.Ext(u)
}

// BundleModule is Bundle with the shape of jsruntime.ModuleBundler, so a
// Renderer can pass b.BundleModule as the window's module hook (and b.Lower
// as its Lowerer). Import maps are not passed through this shape.
func (b *Bundler) BundleModule(ctx context.Context, url string, source []byte, load func(ctx context.Context, url string) ([]byte, error)) (string, error) {
	return b.Bundle(ctx, ModuleEntry{URL: url, Source: source}, load)
}

// LowerSourceMap lowers src as Lower does and returns esbuild's output as
// it was before Lower's own rewrites (field names quoted, async generators
// marked, helpers hidden, import() calls made hook calls: each on the line
// it rewrites,
// so lines stay as esbuild printed them) with the mappings of its source
// map (https://tc39.es/source-map/#mappings-structure). It is called
// only when a page reads the source text of a function from a lowered
// script (jsruntime's Function.prototype.toString), so Lower itself makes
// no source map.
func (b *Bundler) LowerSourceMap(src, name string) (code, mappings string, err error) {
	code, mappings, err = lowerWithMap(src, name, gojaLowerSupported)
	if err != nil {
		return "", "", err
	}
	if _, ok := quoteFieldNames(code, name); ok {
		return code, mappings, nil
	}
	if c2, m2, err2 := lowerWithMap(src, name, gojaSupportedNoClassFields); err2 == nil {
		return c2, m2, nil
	}
	return code, mappings, nil
}

// lowerWithMap is lowerFor with an external source map.
func lowerWithMap(src, name string, supported map[string]bool) (code, mappings string, err error) {
	opts := lowerOptions(name, supported)
	opts.Sourcemap = api.SourceMapExternal
	res := api.Transform(src, opts)
	if len(res.Errors) > 0 {
		return "", "", &BundleError{Messages: res.Errors}
	}
	var m struct {
		Mappings string `json:"mappings"`
	}
	if err := json.Unmarshal(res.Map, &m); err != nil {
		return "", "", fmt.Errorf("webapi: lowering's source map: %w", err)
	}
	return string(res.Code), m.Mappings, nil
}
