package jsruntime

import (
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/internal/sfnt"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// The CSS Font Loading API: FontFace, document.fonts (FontFaceSet) and
// FontFaceSetLoadEvent, which webfont loaders construct, add and load.
// https://drafts.csswg.org/css-font-loading/
//
// bangsnap fetches no subresources (resources.go), so it decides what a
// font's load would have done: a url() source loads (as a stylesheet
// link fires load), a local() one fails (the renderer has no local fonts
// to match), and binary data loads when it is laid out as a font file
// (an sfnt, WOFF or WOFF2 header whose sizes fit the data); else it fails
// with Chromium's SyntaxError. A load settles in a task, as a fetch
// would. The set holds the faces of the document's @font-face rules and
// those scripts add (fontfacecss.go).

// fontFace is a FontFace.
type fontFace struct {
	family string
	// desc are the descriptors by attribute name, as given (defaults
	// filled in).
	desc   map[string]string
	status string // "unloaded", "loading", "loaded", "error"
	// sources is the source list (nil for binary data); binary says the
	// data was a font file; failure is the error a failed load gives.
	sources []fontSource
	failure func(r *bind.Realm) goja.Value
	// loaded is the face's [[FontStatusPromise]], made on first use;
	// settle settles it.
	loaded         *goja.Object
	resolve        func(any) error
	reject         func(any) error
	pendingSettled bool // settled before the promise was made
	// css is set for the face of an @font-face rule (fontfacecss.go).
	css bool
	// ranges are the unicode-range descriptor rangesOf, parsed.
	ranges   []unicodeRange
	rangesOf string
	// famName is the family name family stands for (faceFamilyName),
	// famOf the family it was read from
	famName, famOf string
	// font is the font file the face loaded, parsed (webfont.go); nil
	// when its bytes are not known (not fetched) or no font sfnt reads
	font *sfnt.Font
}

// fontSource is one entry of a FontFace source list: a local() font, or
// a url() one's URL as written.
type fontSource struct {
	local bool
	url   string
}

// A FontLoader fetches a font file for the page (see Config.Fonts). It is
// called on its own goroutine (never the loop's) and must honour ctx.
// Returning an error wrapping ErrNotFetched leaves the face to the
// default answer (loaded).
type FontLoader interface {
	LoadFont(ctx context.Context, url string) ([]byte, error)
}

// FontLoaderFunc adapts a function to FontLoader.
type FontLoaderFunc func(ctx context.Context, url string) ([]byte, error)

// LoadFont calls f.
func (f FontLoaderFunc) LoadFont(ctx context.Context, url string) ([]byte, error) {
	return f(ctx, url)
}

// fontFaceDescriptors are FontFace's descriptor attributes in Chromium's
// order, with their defaults and the @font-face descriptor each stands
// for.
var fontFaceDescriptors = []struct{ name, def, desc string }{
	{"style", "normal", "font-style"}, {"weight", "normal", "font-weight"},
	{"stretch", "normal", "font-stretch"}, {"unicodeRange", "U+0-10FFFF", "unicode-range"},
	{"variant", "normal", "font-variant"}, {"featureSettings", "normal", "font-feature-settings"},
	{"variationSettings", "normal", "font-variation-settings"}, {"display", "auto", "font-display"},
	{"ascentOverride", "normal", "ascent-override"}, {"descentOverride", "normal", "descent-override"},
	{"lineGapOverride", "normal", "line-gap-override"}, {"sizeAdjust", "100%", "size-adjust"},
}

// faceDescriptor reads v as the value of a FontFace attribute standing
// for descriptor desc, serialized as the descriptor is (fontdesc.go); a
// CSS-wide keyword is no value of it.
func faceDescriptor(desc, v string) (string, bool) {
	if cssWideKeywords[ascii.Lower(strings.TrimSpace(v))] {
		return "", false
	}
	return fontFaceDescriptor(desc, v)
}

// parseFontSources parses a FontFace source string as the src
// descriptor: url() (with format() and tech()) and local() entries, an
// entry Chromium cannot use dropped.
// https://drafts.csswg.org/css-fonts/#src-desc
func parseFontSources(s string) ([]fontSource, bool) {
	var out []fontSource
	for _, part := range splitTopLevelCommas(s) {
		if v, ok := srcItem(strings.TrimSpace(part)); ok {
			src := fontSource{local: strings.HasPrefix(v, "local(")}
			if !src.local {
				src.url, _, _ = urlArgument(v, len("url("))
			}
			out = append(out, src)
		}
	}
	return out, len(out) > 0
}

// isFontData reports whether b is laid out as a font file: an sfnt
// (TrueType, OpenType, a collection) whose table directory fits, or a
// WOFF or WOFF2 file whose header gives its length. The tables
// themselves are not checked.
func isFontData(b []byte) bool {
	if len(b) < 12 {
		return false
	}
	switch string(b[:4]) {
	case "\x00\x01\x00\x00", "OTTO", "true", "typ1":
		n := int(binary.BigEndian.Uint16(b[4:6]))
		return n > 0 && 12+16*n <= len(b)
	case "ttcf":
		n := int(binary.BigEndian.Uint32(b[8:12]))
		return n > 0 && 12+4*n <= len(b)
	case "wOFF", "wOF2":
		return len(b) >= 44 && int(binary.BigEndian.Uint32(b[8:12])) == len(b)
	}
	return false
}

func newFontFace(r *bind.Realm, args []goja.Value) *fontFace {
	f := &fontFace{family: familyName(bind.DOMString(args[0])), status: "unloaded", desc: map[string]string{}}
	for _, d := range fontFaceDescriptors {
		f.desc[d.name] = d.def
	}
	// The descriptors: an invalid one makes the face fail at once, with
	// a SyntaxError, rather than throw.
	// https://drafts.csswg.org/css-font-loading/#font-face-constructor
	if o, ok := bind.Arg(args, 2).(*goja.Object); ok {
		for _, d := range fontFaceDescriptors {
			v := o.Get(d.name)
			if bind.Absent(v) {
				continue
			}
			s := bind.DOMString(v)
			val, ok := faceDescriptor(d.desc, s)
			if !ok {
				f.fail(func(r *bind.Realm) goja.Value {
					return r.NewDOMException("SyntaxError", "Failed to set '"+s+"' as a property value.")
				})
				continue
			}
			f.desc[d.name] = val
		}
	} else if v := bind.Arg(args, 2); !bind.Nullish(v) {
		r.ThrowTypeError("Failed to construct 'FontFace': The provided value is not of type 'FontFaceDescriptors'.")
	}
	src := args[1]
	if b, ok := bufferBytes(r, src); ok {
		if f.status == "error" {
			return f
		}
		if isFontData(b) {
			f.status = "loaded"
			f.font = parseWebFont(b)
			win(r).webFontLoaded(f)
		} else {
			f.fail(func(r *bind.Realm) goja.Value {
				return r.NewDOMException("SyntaxError", "Invalid font data in ArrayBuffer.")
			})
		}
		return f
	}
	s := bind.DOMString(src)
	sources, ok := parseFontSources(s)
	if !ok {
		f.fail(func(r *bind.Realm) goja.Value {
			return r.NewDOMException("SyntaxError", "The source provided ('"+s+"') could not be parsed as a value list.")
		})
		return f
	}
	f.sources = sources
	return f
}

// faceFamilyName is the name a family attribute's value stands for.
func faceFamilyName(v string) string {
	if fams, ok := parseFamilies(splitComponents(v)); ok && len(fams) == 1 {
		return fams[0].name
	}
	return v
}

// bufferBytes returns the bytes of an ArrayBuffer or ArrayBufferView.
func bufferBytes(r *bind.Realm, v goja.Value) ([]byte, bool) {
	switch x := v.Export().(type) {
	case goja.ArrayBuffer:
		return x.Bytes(), true
	case []byte:
		return x, true
	}
	o, ok := v.(*goja.Object)
	if !ok {
		return nil, false
	}
	if buf, ok := o.Get("buffer").Export().(goja.ArrayBuffer); ok && goja.IsNumber(o.Get("byteOffset")) {
		off, n := int(o.Get("byteOffset").ToInteger()), int(o.Get("byteLength").ToInteger())
		b := buf.Bytes()
		if off >= 0 && n >= 0 && off+n <= len(b) {
			return b[off : off+n], true
		}
	}
	return nil, false
}

// fail makes the face's status error, its load failing with err.
func (f *fontFace) fail(err func(r *bind.Realm) goja.Value) {
	f.status = "error"
	f.failure = err
}

// promise returns the face's loaded promise.
func (f *fontFace) promise(r *bind.Realm) *goja.Object {
	if f.loaded == nil {
		p, resolve, reject := r.Runtime.NewPromise()
		f.loaded, f.resolve, f.reject = r.Runtime.ToValue(p).(*goja.Object), resolve, reject
		f.settle(r)
	}
	return f.loaded
}

// settle settles the loaded promise once the face is loaded or failed.
func (f *fontFace) settle(r *bind.Realm) {
	if f.loaded == nil || f.pendingSettled {
		return
	}
	switch f.status {
	case "loaded":
		f.pendingSettled = true
		_ = f.resolve(win(r).realm.Lookup(f))
	case "error":
		f.pendingSettled = true
		_ = f.reject(f.failure(r))
	}
}

// loadFontFace starts loading an unloaded face: its sources are tried in
// order, local() ones failing at once (the renderer has no local fonts),
// url() ones fetched through Config.Fonts (a response that is no font
// fails as Chromium's sanitizer fails it), or, with no loader, taken as
// loaded in a task, as a fetch would settle. A face of document.fonts
// makes the set load.
// https://drafts.csswg.org/css-font-loading/#font-face-load
func (w *Window) loadFontFace(f *fontFace) {
	if f.status != "unloaded" {
		return
	}
	f.status = "loading"
	fs := w.fontSet
	inSet := fs != nil && containsFace(fs.faces, f)
	if inSet {
		w.fontSetLoading(fs)
	}
	done := func() {
		f.settle(w.realm)
		if inSet {
			w.fontSetSettled(fs, f)
		}
	}
	var try func(i int)
	try = func(i int) {
		for ; i < len(f.sources) && f.sources[i].local; i++ {
		}
		if i == len(f.sources) {
			f.fail(func(r *bind.Realm) goja.Value { return r.NewDOMException("NetworkError", "A network error occurred.") })
			done()
			return
		}
		loaded := func(font *sfnt.Font) {
			f.status = "loaded"
			f.font = font
			w.webFontLoaded(f)
			done()
		}
		if w.cfg.Fonts == nil {
			w.loop.QueueTask(func() { loaded(nil) })
			return
		}
		u, err := parseAgainst(&w.doc.Node, f.sources[i].url)
		if err != nil {
			w.loop.QueueTask(func() { try(i + 1) })
			return
		}
		w.fetchFont(u, func(ok bool, font *sfnt.Font) {
			if ok {
				loaded(font)
			} else {
				try(i + 1)
			}
		})
	}
	try(0)
}

// fetchFont fetches a font file through Config.Fonts and calls then on
// the loop with whether it is a font (a declined request counts as one)
// and the font parsed (nil for a declined request, or bytes sfnt cannot
// read), parsed off the loop.
//
// With Config.UsedFonts a fetch started before the load event delays
// it, as a browser's font fetches do; load then fires in the task that
// took the font, before the set's loadingdone task.
func (w *Window) fetchFont(u string, then func(ok bool, font *sfnt.Font)) {
	delay := w.cfg.UsedFonts && !w.scripts.loadDone
	if delay {
		w.scripts.delaying++
	}
	start := func() {
		op := w.loop.Begin("font " + u)
		rf := w.timings(nil).begin(w.loop, "css", u) // Chromium's initiator for every font file
		loader, ctx, log := w.cfg.Fonts, rf.context(w.ctx), w.log
		go func() {
			var body []byte
			err := offLoop(log, "font "+u, func() (err error) {
				body, err = loader.LoadFont(ctx, u)
				return err
			})
			ok := errors.Is(err, ErrNotFetched) || err == nil && isFontData(body)
			var font *sfnt.Font
			if ok && err == nil {
				font = parseWebFont(body)
			}
			op.Complete(func() {
				rf.loaded(err, len(body), w.doc.URL())
				then(ok, font)
				if delay {
					w.scripts.delaying--
					w.scripts.loadNow()
				}
			})
		}()
	}
	if w.scripts.started {
		start()
	} else {
		w.loop.QueueTask(start) // before Start the page's context is not known yet
	}
}

// fontFaceAttr is the attribute of descriptor desc, kept under key in
// the face's descriptors.
func fontFaceAttr(name, key, desc string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
		return r.String(this.(*fontFace).desc[key])
	}, Set: func(r *bind.Realm, this any, v goja.Value) {
		s := bind.DOMString(v)
		val, ok := faceDescriptor(desc, s)
		if !ok {
			r.ThrowDOMException("SyntaxError", "Failed to set the '"+name+"' property on 'FontFace': Failed to set '"+s+"' as a property value.")
		}
		this.(*fontFace).desc[key] = val
	}}
}

var fontFaceIface = &bind.Interface{
	Name:       "FontFace",
	CtorLength: 2,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		return newFontFace(r, args)
	},
	Attributes: func() []bind.Attribute {
		// The family as CSS shows it: a name given to the constructor
		// quoted unless it is one identifier; the setter's value is read as
		// CSS (a string stays one).
		attrs := []bind.Attribute{{Name: "family", Get: func(r *bind.Realm, this any) goja.Value {
			return r.String(this.(*fontFace).family)
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			s := strings.TrimSpace(bind.DOMString(v))
			fams, ok := parseFamilies(splitComponents(s))
			if !ok || len(fams) != 1 || fams[0].generic {
				r.ThrowDOMException("SyntaxError", "Failed to set the 'family' property on 'FontFace': Failed to set '"+s+"' as a property value.")
			}
			this.(*fontFace).family = s
		}}}
		for _, d := range fontFaceDescriptors {
			attrs = append(attrs, fontFaceAttr(d.name, d.name, d.desc))
			if d.name == "weight" {
				// width is Chromium's newer name of stretch.
				attrs = append(attrs, fontFaceAttr("width", "stretch", "font-stretch"))
			}
		}
		attrs = append(attrs,
			bind.Attribute{Name: "status", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*fontFace).status) }},
			bind.Attribute{Name: "loaded", Promise: true, Get: func(r *bind.Realm, this any) goja.Value {
				return this.(*fontFace).promise(r)
			}})
		return attrs
	}(),
	Methods: []bind.Method{
		{Name: "load", Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			f := this.(*fontFace)
			win(r).loadFontFace(f)
			return f.promise(r)
		}},
	},
}

// fontFaceSet is document.fonts: the faces of the document's @font-face
// rules and those scripts added, in a backing Set (setlike<FontFace>),
// and its ready promise.
// https://drafts.csswg.org/css-font-loading/#fontfaceset
type fontFaceSet struct {
	dom.EventTarget
	set   *goja.Object
	faces []*fontFace // the backing set's values, kept in step with it
	// css are the faces of @font-face rules (fontfacecss.go), made from
	// cssBlocks (cssOf[i] from block i, nil for a rule making none) for
	// the sheets of generation cssGen.
	css       []*fontFace
	cssBlocks []string
	cssOf     []*fontFace
	cssGen    uint64
	cssMade   bool
	// scanQueued says a look at the faces the rendered text uses is due,
	// scanned that one was taken (the last at lastScan), settled that no
	// face of the set was left unloaded by the last.
	scanQueued, scanned, settled bool
	lastScan                     time.Duration
	// changed are the roots of the subtrees that changed since the last
	// look (changedAll: anything may have); facesGen counts the changes
	// of faces, and scannedFaces and scannedSheets are the faces' and the
	// sheets' generations the last look saw: a look walks only what
	// changed while those are the same (fontfacecss.go).
	changed                []*dom.Node
	changedAll             bool
	facesGen, scannedFaces uint64
	scannedSheets          uint64
	// ready is the current ready promise (nil: not made yet, the set
	// being loaded); readyDone resolves it; loading says a load is in
	// progress, whose finished and failed faces are gathered.
	ready            *goja.Object
	readyDone        func(any) error
	loading          bool
	finished, failed []*fontFace
}

func (w *Window) fonts() goja.Value {
	return w.realm.WrapObject(w.fontFaces(), w.realm.Class("FontFaceSet"))
}

func (w *Window) fontFaces() *fontFaceSet {
	if w.fontSet == nil {
		w.fontSet = &fontFaceSet{}
		w.queueFontScan(w.fontSet) // fontfacecss.go
	}
	w.refreshCSSFaces(w.fontSet)
	return w.fontSet
}

// sync reads the backing set's values after a change.
func (fs *fontFaceSet) sync(r *bind.Realm) {
	fs.settled = false
	fs.facesGen++
	fs.faces = fs.faces[:0]
	if fs.set == nil {
		return
	}
	values, ok := goja.AssertFunction(fs.set.Get("values"))
	if !ok {
		return
	}
	it, err := values(fs.set)
	if err != nil {
		return
	}
	r.Runtime.ForOf(it, func(v goja.Value) bool {
		if impl, ok := r.UnwrapAs(v, r.Class("FontFace")); ok {
			fs.faces = append(fs.faces, impl.(*fontFace))
		}
		return true
	})
}

// status is the set's: "loading" from the first face of it that starts
// loading until the task after the last one settles.
func (fs *fontFaceSet) status() string {
	if fs.loading {
		return "loading"
	}
	return "loaded"
}

// fontSetLoading puts the set in the loading state, unless it is: a new
// ready promise, and loading fired in a task (with no faces, as in
// Chromium).
// https://drafts.csswg.org/css-font-loading/#fontfaceset-pending-on-the-environment
func (w *Window) fontSetLoading(fs *fontFaceSet) {
	if fs.loading {
		return
	}
	fs.loading = true
	if fs.ready != nil && fs.readyDone == nil {
		fs.ready = nil // resolved: the next read makes a pending one
	}
	w.loop.QueueTask(func() { w.fireFontSetEvent(fs, "loading", nil) })
}

// fontSetSettled notes that f, a face of the set, finished loading; in a
// task, once no face of the set is loading, loadingdone (and loadingerror
// when a face failed) fire and ready resolves.
func (w *Window) fontSetSettled(fs *fontFaceSet, f *fontFace) {
	if f.status == "loaded" {
		fs.finished = append(fs.finished, f)
	} else {
		fs.failed = append(fs.failed, f)
	}
	w.loop.QueueTask(func() {
		if !fs.loading {
			return
		}
		for _, g := range fs.faces {
			if g.status == "loading" {
				return
			}
		}
		fs.loading = false
		finished, failed := fs.finished, fs.failed
		fs.finished, fs.failed = nil, nil
		w.fireFontSetEvent(fs, "loadingdone", finished)
		if len(failed) > 0 {
			w.fireFontSetEvent(fs, "loadingerror", failed)
		}
		w.fontSetMayBeReady(fs)
	})
}

func containsFace(list []*fontFace, f *fontFace) bool {
	for _, g := range list {
		if g == f {
			return true
		}
	}
	return false
}

// fireFontSetEvent fires a FontFaceSetLoadEvent at the set.
func (w *Window) fireFontSetEvent(fs *fontFaceSet, typ string, faces []*fontFace) {
	list := make([]any, len(faces))
	for i, f := range faces {
		list[i] = w.realm.Lookup(f)
	}
	ev := dom.NewEvent(typ, false, false)
	ev.IsTrusted = true
	ev.TimeStamp = webapi.HighResTime(w.loop.Elapsed())
	ev.Detail = &eventData{kind: "FontFaceSetLoadEvent", detail: frozenArray(w.realm, list), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
	w.dispatch(fs, ev)
}

// matchingFaces returns the faces of the set that text in a font (a
// font shorthand) would use, or ok false when font is no font
// shorthand.
// https://drafts.csswg.org/css-font-loading/#find-the-matching-font-faces
func (w *Window) matchingFaces(fs *fontFaceSet, font, text string) ([]*fontFace, bool) {
	f, _, ok := parseFontShorthand(font, func() *cssvalue.Context {
		return &cssvalue.Context{FontSize: 16, RootFontSize: 16,
			ViewportWidth: float64(w.cfg.Viewport.Width), ViewportHeight: float64(w.cfg.Viewport.Height)}
	})
	if !ok {
		return nil, false
	}
	w.refreshCSSFaces(fs)
	slope := 0
	if f.italic {
		slope = 2
	}
	st := stretchValue(f.stretch)
	want := faceStyle{wLo: float64(f.weight), wHi: float64(f.weight), slope: slope, sLo: st, sHi: st}
	var runes []rune
	for _, c := range text {
		if !slices.Contains(runes, c) {
			runes = append(runes, c)
		}
	}
	return selectFaces(fs.faces, f.families, want, runes, false), true
}

var fontFaceSetIface = &bind.Interface{
	Name:   "FontFaceSet",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		handlerAttr("loading"), handlerAttr("loadingdone"), handlerAttr("loadingerror"),
		{Name: "ready", Promise: true, Get: func(r *bind.Realm, this any) goja.Value {
			fs := this.(*fontFaceSet)
			w := win(r)
			if !fs.loading {
				// Chromium updates style (and layout) for a read while no
				// font loads, to start the loads it would find.
				w.flushStyle()
			}
			if fs.ready == nil {
				p, resolve, _ := r.Runtime.NewPromise()
				fs.ready = r.Runtime.ToValue(p).(*goja.Object)
				if fs.loading || !w.fontsEnvironmentReady(fs) {
					fs.readyDone = resolve
				} else {
					_ = resolve(r.Lookup(fs))
				}
			}
			return fs.ready
		}},
		{Name: "status", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*fontFaceSet).status()) }},
	},
	Methods: []bind.Method{
		// check is true when every face text in the font would use is
		// loaded.
		// https://drafts.csswg.org/css-font-loading/#dom-fontfaceset-check
		{Name: "check", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			font := bind.DOMString(args[0])
			faces, ok := win(r).matchingFaces(this.(*fontFaceSet), font, faceText(args))
			if !ok {
				r.ThrowDOMException("SyntaxError", "Failed to execute 'check' on 'FontFaceSet': Could not resolve '"+font+"' as a font.")
			}
			for _, f := range faces {
				if f.status != "loaded" {
					return valFalse
				}
			}
			return valTrue
		}},
		// load loads the faces text in the font would use and settles
		// with them.
		// https://drafts.csswg.org/css-font-loading/#dom-fontfaceset-load
		{Name: "load", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			font := bind.DOMString(args[0])
			faces, ok := w.matchingFaces(this.(*fontFaceSet), font, faceText(args))
			if !ok {
				r.ThrowDOMException("SyntaxError", "Could not resolve '"+font+"' as a font.")
			}
			promises := make([]any, len(faces))
			for i, f := range faces {
				w.loadFontFace(f)
				promises[i] = f.promise(r)
			}
			all, ok := goja.AssertFunction(r.Runtime.Get("Promise").ToObject(r.Runtime).Get("all"))
			if !ok {
				return w.resolved(r.Runtime.NewArray())
			}
			v, err := all(r.Runtime.Get("Promise"), r.Runtime.NewArray(promises...))
			if err != nil {
				panic(err)
			}
			return v
		}},
	},
	SetLike: &bind.SetLike{
		Backing: func(r *bind.Realm, this any) *goja.Object {
			fs := this.(*fontFaceSet)
			win(r).refreshCSSFaces(fs) // fontfacecss.go
			if fs.set == nil {
				fs.set = r.NewSet()
			}
			return fs.set
		},
		Kept: func(r *bind.Realm, this any, v goja.Value) bool {
			impl, ok := r.UnwrapAs(v, r.Class("FontFace"))
			return ok && impl.(*fontFace).css && containsFace(this.(*fontFaceSet).css, impl.(*fontFace))
		},
		Convert: func(r *bind.Realm, v goja.Value, method string) goja.Value {
			if _, ok := r.UnwrapAs(v, r.Class("FontFace")); !ok {
				r.ThrowTypeError("Failed to execute '" + method + "' on 'FontFaceSet': parameter 1 is not of type 'FontFace'.")
			}
			return v
		},
		Changed: func(r *bind.Realm, this any) {
			this.(*fontFaceSet).sync(r)
			w := win(r)
			if w.webFontsLoaded {
				// a face with a font added or deleted: text measures anew
				w.webFontsChanged() // webfont.go
			}
			w.fontsChanged(nil) // fontfacecss.go
		},
	},
}

// faceText is the text argument of check and load: " " when absent.
func faceText(args []goja.Value) string {
	if v := bind.Arg(args, 1); !bind.Absent(v) {
		return bind.DOMString(v)
	}
	return " "
}

var fontFaceSetLoadEventCtor = eventCtor("FontFaceSetLoadEvent", nil)

// FontFaceSetLoadEvent https://drafts.csswg.org/css-font-loading/#fontfacesetloadevent
// Its fontfaces are a frozen array, kept in eventData.detail.
var fontFaceSetLoadEventIface = &bind.Interface{Name: "FontFaceSetLoadEvent", Parent: "Event", CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		ev := fontFaceSetLoadEventCtor(r, args, nt).(*dom.Event)
		var list []any
		if v := dictVal(bind.Arg(args, 1), "fontfaces", nil); v != nil {
			if _, ok := v.(*goja.Object); !ok {
				r.ThrowTypeError("Failed to construct 'FontFaceSetLoadEvent': Failed to read the 'fontfaces' property from 'FontFaceSetLoadEventInit': The provided value cannot be converted to a sequence.")
			}
			cls := r.Class("FontFace")
			r.Runtime.ForOf(v, func(item goja.Value) bool {
				if _, ok := r.UnwrapAs(item, cls); !ok {
					r.ThrowTypeError("Failed to construct 'FontFaceSetLoadEvent': Failed to read the 'fontfaces' property from 'FontFaceSetLoadEventInit': Failed to convert value to 'FontFace'.")
				}
				list = append(list, item)
				return true
			})
		}
		evData(ev).detail = frozenArray(r, list)
		return ev
	},
	Attributes: []bind.Attribute{
		{Name: "fontfaces", Get: func(r *bind.Realm, this any) goja.Value {
			d := evData(this.(*dom.Event))
			if bind.Nullish(d.detail) {
				d.detail = frozenArray(r, nil)
			}
			return d.detail
		}},
	},
}
