package jsruntime

import (
	"encoding/binary"
	"regexp"
	"strings"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
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
// would. The set holds the faces scripts add: the @font-face rules of
// style sheets make no FontFace objects.

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
}

// fontSource is one entry of a FontFace source list.
type fontSource struct{ local bool }

// fontFaceDescriptors are FontFace's descriptor attributes in Chromium's
// order, with their defaults and the CSS property whose grammar a value
// must match ("" for the ones checked otherwise).
var fontFaceDescriptors = []struct{ name, def, prop string }{
	{"style", "normal", "font-style"}, {"weight", "normal", "font-weight"},
	{"stretch", "normal", "font-stretch"}, {"unicodeRange", "U+0-10FFFF", ""},
	{"variant", "normal", "font-variant"}, {"featureSettings", "normal", "font-feature-settings"},
	{"variationSettings", "normal", "font-variation-settings"}, {"display", "auto", ""},
	{"ascentOverride", "normal", ""}, {"descentOverride", "normal", ""},
	{"lineGapOverride", "normal", ""}, {"sizeAdjust", "100%", ""},
}

var (
	unicodeRangeRE = regexp.MustCompile(`^(?i:u\+[0-9a-f?]{1,6}(-[0-9a-f]{1,6})?)(\s*,\s*(?i:u\+[0-9a-f?]{1,6}(-[0-9a-f]{1,6})?))*$`)
	percentRE      = regexp.MustCompile(`^(\d+(\.\d*)?|\.\d+)%$`)
	sourceURLRE    = regexp.MustCompile(`^url\(\s*(?:"[^"]*"|'[^']*'|[^"'()\s]*)\s*\)(\s+format\([^()]*\))?(\s+tech\([^()]*\))?$`)
	sourceLocalRE  = regexp.MustCompile(`^local\(\s*(?:"[^"]*"|'[^']*'|[^"'()]+)\s*\)$`)
)

// validFontDescriptor reports whether v is a value of the descriptor.
// https://drafts.csswg.org/css-fonts/#font-face-rule
func validFontDescriptor(name, prop, v string) bool {
	v = strings.TrimSpace(v)
	if v == "" {
		return false
	}
	switch name {
	case "unicodeRange":
		return unicodeRangeRE.MatchString(v)
	case "display":
		switch ascii.Lower(v) {
		case "auto", "block", "swap", "fallback", "optional":
			return true
		}
		return false
	case "ascentOverride", "descentOverride", "lineGapOverride":
		return ascii.EqualFold(v, "normal") || percentRE.MatchString(v)
	case "sizeAdjust":
		return percentRE.MatchString(v)
	case "weight", "stretch":
		// A descriptor takes a range: two values of the property.
		if parts := strings.Fields(v); len(parts) == 2 {
			return supportsDeclaration(prop+":"+parts[0]) && supportsDeclaration(prop+":"+parts[1])
		}
	}
	return supportsDeclaration(prop + ":" + v)
}

// parseFontSources parses a FontFace source string: a comma-separated
// list of url() (with format() and tech()) and local() entries.
// https://drafts.csswg.org/css-fonts/#src-desc
func parseFontSources(s string) ([]fontSource, bool) {
	var out []fontSource
	for _, part := range splitTopLevelCommas(s) {
		part = strings.TrimSpace(part)
		switch {
		case sourceURLRE.MatchString(part):
			out = append(out, fontSource{})
		case sourceLocalRE.MatchString(part):
			out = append(out, fontSource{local: true})
		default:
			return nil, false
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
			if !validFontDescriptor(d.name, d.prop, s) {
				f.fail(func(r *bind.Realm) goja.Value {
					return r.NewDOMException("SyntaxError", "Failed to set '"+s+"' as a property value.")
				})
				continue
			}
			f.desc[d.name] = strings.TrimSpace(s)
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

// loadFontFace starts loading an unloaded face: a url() source settles
// in a task, as a fetch would; local() sources fail at once (Chromium
// looks local fonts up synchronously). A face of document.fonts makes
// the set load.
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
	for _, s := range f.sources {
		if !s.local {
			w.loop.QueueTask(func() {
				f.status = "loaded"
				done()
			})
			return
		}
	}
	f.fail(func(r *bind.Realm) goja.Value { return r.NewDOMException("NetworkError", "A network error occurred.") })
	done()
}

func fontFaceAttr(name string, validate func(name, prop, v string) bool, prop string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
		return r.String(this.(*fontFace).desc[name])
	}, Set: func(r *bind.Realm, this any, v goja.Value) {
		s := bind.DOMString(v)
		if !validate(name, prop, s) {
			r.ThrowDOMException("SyntaxError", "Failed to set the '"+name+"' property on 'FontFace': Failed to set '"+s+"' as a property value.")
		}
		this.(*fontFace).desc[name] = strings.TrimSpace(s)
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
			attrs = append(attrs, fontFaceAttr(d.name, validFontDescriptor, d.prop))
			if d.name == "weight" {
				// width is Chromium's newer name of stretch.
				a := fontFaceAttr("stretch", validFontDescriptor, "font-stretch")
				a.Name = "width"
				attrs = append(attrs, a)
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

// fontFaceSet is document.fonts: the faces scripts added, in a backing
// Set (setlike<FontFace>), and its ready promise.
// https://drafts.csswg.org/css-font-loading/#fontfaceset
type fontFaceSet struct {
	dom.EventTarget
	set   *goja.Object
	faces []*fontFace // the backing set's values, kept in step with it
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
	}
	return w.fontSet
}

// sync reads the backing set's values after a change.
func (fs *fontFaceSet) sync(r *bind.Realm) {
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
		if fs.readyDone != nil && !fs.loading {
			_ = fs.readyDone(w.realm.Lookup(fs))
			fs.readyDone = nil
		}
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
	ev.TimeStamp = float64(w.loop.Elapsed()) / float64(time.Millisecond)
	ev.Detail = &eventData{kind: "FontFaceSetLoadEvent", detail: frozenArray(w.realm, list), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
	w.dispatch(fs, ev)
}

// matchingFaces returns the faces of the set whose family a font
// shorthand names, or ok false when font is no font shorthand.
// https://drafts.csswg.org/css-font-loading/#find-the-matching-font-faces
func (w *Window) matchingFaces(fs *fontFaceSet, font string) ([]*fontFace, bool) {
	f, _, ok := parseFontShorthand(font, func() *cssvalue.Context {
		return &cssvalue.Context{FontSize: 16, RootFontSize: 16,
			ViewportWidth: float64(w.cfg.Viewport.Width), ViewportHeight: float64(w.cfg.Viewport.Height)}
	})
	if !ok {
		return nil, false
	}
	var out []*fontFace
	for _, fam := range f.families {
		if fam.generic {
			continue
		}
		for _, face := range fs.faces {
			if ascii.EqualFold(faceFamilyName(face.family), fam.name) && !containsFace(out, face) {
				out = append(out, face)
			}
		}
	}
	return out, true
}

var fontFaceSetIface = &bind.Interface{
	Name:   "FontFaceSet",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		handlerAttr("loading"), handlerAttr("loadingdone"), handlerAttr("loadingerror"),
		{Name: "ready", Promise: true, Get: func(r *bind.Realm, this any) goja.Value {
			fs := this.(*fontFaceSet)
			if fs.ready == nil {
				p, resolve, _ := r.Runtime.NewPromise()
				fs.ready = r.Runtime.ToValue(p).(*goja.Object)
				if fs.loading {
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
		// check is true when every face the font names is loaded.
		// https://drafts.csswg.org/css-font-loading/#dom-fontfaceset-check
		{Name: "check", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			font := bind.DOMString(args[0])
			faces, ok := win(r).matchingFaces(this.(*fontFaceSet), font)
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
		// load loads the faces the font names and settles with them.
		// https://drafts.csswg.org/css-font-loading/#dom-fontfaceset-load
		{Name: "load", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			font := bind.DOMString(args[0])
			faces, ok := w.matchingFaces(this.(*fontFaceSet), font)
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
			if fs.set == nil {
				fs.set = r.NewSet()
			}
			return fs.set
		},
		Convert: func(r *bind.Realm, v goja.Value, method string) goja.Value {
			if _, ok := r.UnwrapAs(v, r.Class("FontFace")); !ok {
				r.ThrowTypeError("Failed to execute '" + method + "' on 'FontFaceSet': parameter 1 is not of type 'FontFace'.")
			}
			return v
		},
		Changed: func(r *bind.Realm, this any) { this.(*fontFaceSet).sync(r) },
	},
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
