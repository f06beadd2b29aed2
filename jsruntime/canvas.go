package jsruntime

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Canvas 2D without pixels: CanvasRenderingContext2D and
// OffscreenCanvasRenderingContext2D keep the drawing state a script can
// read back (styles, line and text settings, the transform, the state
// stack) with Chromium's setter semantics, measure text with the font
// tables of canvasfont.go, and accept every drawing call, checking its
// arguments as Chromium does, without drawing anything: no pixels are
// rendered or serialized, getImageData reads transparent black and
// isPointInPath is always false.
// https://html.spec.whatwg.org/multipage/canvas.html#2dcontext

// canvasPaint is a fill or stroke style: a serialized color, or a
// CanvasGradient or CanvasPattern object.
type canvasPaint struct {
	color string
	obj   *goja.Object
}

// canvasSpacing is a letterSpacing or wordSpacing value: as written
// (re-serialized) and as a number and unit.
type canvasSpacing struct {
	text string
	n    float64
	unit string
	// sized: the font changed since the value was set, and Chromium 156
	// resolved it again against the new font's size alone (an ex is half
	// an em, a ch or cap nothing); until then ex, ch and cap are the
	// context font's
	sized bool
}

// canvasState is the drawing state save() pushes and restore() pops.
// https://html.spec.whatwg.org/multipage/canvas.html#the-canvas-state
type canvasState struct {
	fill, stroke                          canvasPaint
	lineWidth, miterLimit, lineDashOffset float64
	lineDash                              []float64 // never mutated: setLineDash makes a new slice
	lineCap, lineJoin                     string
	globalAlpha                           float64
	composite                             string
	smoothing                             bool
	smoothingQuality                      string
	shadowBlur, shadowX, shadowY          float64
	shadowColor                           string
	filter                                string
	font                                  canvasFont
	fontText                              string // font, serialized (with fontVariantCaps)
	textAlign, textBaseline, direction    string
	letterSpacing, wordSpacing            canvasSpacing
	fontKerning, fontStretch              string
	fontVariantCaps, textRendering        string
	lang                                  string
	m                                     [6]float64 // the transform: a b c d e f
}

var defaultCanvasState = canvasState{
	fill: canvasPaint{color: "#000000"}, stroke: canvasPaint{color: "#000000"},
	lineWidth: 1, miterLimit: 10, lineCap: "butt", lineJoin: "miter", globalAlpha: 1,
	composite: "source-over", smoothing: true, smoothingQuality: "low", shadowColor: "rgba(0, 0, 0, 0)",
	filter: "none", font: defaultCanvasFont, fontText: "10px sans-serif", textAlign: "start",
	textBaseline: "alphabetic", direction: "inherit",
	letterSpacing: canvasSpacing{text: "0px", unit: "px"}, wordSpacing: canvasSpacing{text: "0px", unit: "px"},
	fontKerning: "auto", fontStretch: "normal", fontVariantCaps: "normal", textRendering: "auto",
	lang: "inherit", m: [6]float64{1, 0, 0, 1, 0, 0},
}

// canvasAttrs are the context creation attributes getContextAttributes
// reports.
type canvasAttrs struct {
	alpha, desynchronized, willReadFrequently bool
	colorSpace, colorType                     string
}

// canvas2D is a CanvasRenderingContext2D (node set) or an
// OffscreenCanvasRenderingContext2D (off set).
type canvas2D struct {
	w     *Window
	node  *dom.Node
	off   *offscreenCanvas
	st    canvasState
	stack []canvasState
	attrs canvasAttrs
}

// canvasBitmapCtx is an ImageBitmapRenderingContext.
type canvasBitmapCtx struct {
	node *dom.Node
	off  *offscreenCanvas
}

// offscreenCanvas is an OffscreenCanvas: a size and at most one context.
type offscreenCanvas struct {
	dom.EventTarget
	width, height uint64
	ctx           any // *canvas2D or *canvasBitmapCtx
	detached      bool
	// placeholder is the canvas element that transferred its control to
	// it (transferControlToOffscreen), and w that element's window;
	// framed is set once its context drew, and a frame of it has gone
	// to the placeholder since (pushOffscreenFrames)
	placeholder *dom.Node
	w           *Window
	framed      bool
}

// Gradients, patterns and paths keep nothing, but each is an object of
// its own: a zero-sized type would give them all one address, and so one
// wrapper.
type canvasGradient struct{ _ byte }
type canvasPattern struct{ _ byte }
type path2D struct{ _ byte }

type imageBitmap struct {
	width, height int
	closed        bool
}

type canvasImageData struct {
	width, height int
	data          *goja.Object
	colorSpace    string
}

// canvasValue is what a context's canvas attribute returns.
func (c *canvas2D) canvasValue(r *bind.Realm) goja.Value {
	if c.node != nil {
		return c.w.wrap(c.node)
	}
	return r.WrapObject(c.off, r.Class("OffscreenCanvas"))
}

// reset is the context's "reset the rendering context to its default
// state": the state and the stack (and, with pixels, the bitmap and path).
// https://html.spec.whatwg.org/multipage/canvas.html#reset-the-rendering-context-to-its-default-state
func (c *canvas2D) reset() {
	c.st = defaultCanvasState
	c.stack = nil
}

// canvasResized resets n's 2D context when its width or height attribute
// is set, as setting the canvas's dimensions does.
// https://html.spec.whatwg.org/multipage/canvas.html#concept-canvas-set-bitmap-dimensions
func (w *Window) canvasResized(n *dom.Node) {
	if c, ok := w.canvases[n].(*canvas2D); ok {
		c.reset()
	}
}

// rtl tells whether text is laid out right to left: the direction
// attribute, or with "inherit" the canvas element's direction.
func (c *canvas2D) rtl() bool {
	switch c.st.direction {
	case "rtl":
		return true
	case "inherit":
		if c.node != nil {
			for a := c.node; a != nil && a.IsElement(); a = a.ParentElement() {
				if d, ok := a.GetAttribute("dir"); ok {
					return ascii.EqualFold(strings.TrimSpace(d), "rtl")
				}
			}
		}
	}
	return false
}

// fontContext resolves the relative units of a font against the canvas
// element's font size when it is connected, else against 10px.
// https://html.spec.whatwg.org/multipage/canvas.html#dom-context-2d-font
func (c *canvas2D) fontContext() *cssvalue.Context {
	w := c.w
	ctx := &cssvalue.Context{FontSize: 10, RootFontSize: 16,
		ViewportWidth: float64(w.cfg.Viewport.Width), ViewportHeight: float64(w.cfg.Viewport.Height)}
	if c.node != nil && c.node.IsConnected() && c.node.Document() == w.doc {
		ctx.FontSize = w.fontSize(c.node)
		ctx.RootFontSize = w.rootFontSize(c.node)
	} else if root := w.doc.DocumentElement(); root != nil {
		ctx.RootFontSize = w.fontSize(root)
	}
	ctx.Font = sansSerifUnits(ctx.FontSize)
	return ctx
}

// sansSerifUnits are a canvas font's ex and ch: the default sans-serif's
// at the size it holds (the canvas element's font size; letterSpacing and
// wordSpacing read the context font's own, canvasSpacing.px).
type sansSerifUnits float64

func (s sansSerifUnits) FontUnits(float64) (ex, ch float64) {
	return fontUnitSizes("sans-serif", faceNamed("sans-serif", false, false), float64(s))
}

// unitFontUnits make ex and ch 1px each: a context that only asks whether
// a unit is a length.
type unitFontUnits struct{}

func (unitFontUnits) FontUnits(float64) (ex, ch float64) { return 1, 1 }

// --- conversions -------------------------------------------------------

// float32Of is an unrestricted double stored as Chromium stores it.
func float32Of(f float64) float64 { return float64(float32(f)) }

func finite(fs ...float64) bool {
	for _, f := range fs {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
	}
	return true
}

func jsNum(f float64) string { return string(appendJSNumber(nil, f)) }

// doubles converts args[:n] to unrestricted doubles.
func doubles(args []goja.Value, n int) [9]float64 {
	var out [9]float64
	for i := 0; i < n && i < len(args); i++ {
		out[i] = bind.Number(args[i])
	}
	return out
}

// restrictedDouble converts a double argument, throwing for a non-finite
// value.
func restrictedDouble(r *bind.Realm, v goja.Value, what string) float64 {
	f := bind.Number(v)
	if !finite(f) {
		r.ThrowTypeError("Failed to %s: The provided double value is non-finite.", what)
	}
	return f
}

// enforceLong converts an [EnforceRange] long argument.
// https://webidl.spec.whatwg.org/#EnforceRange
func enforceLong(r *bind.Realm, v goja.Value, what string, lo, hi float64, typ string) float64 {
	f := bind.Number(v)
	switch {
	case math.IsNaN(f):
		r.ThrowTypeError("Failed to %s: Value is not of type '%s'.", what, typ)
	case math.IsInf(f, 0):
		r.ThrowTypeError("Failed to %s: Value is infinite and not of type '%s'.", what, typ)
	}
	f = math.Trunc(f)
	if f < lo || f > hi {
		r.ThrowTypeError("Failed to %s: Value is outside the '%s' value range.", what, typ)
	}
	return f
}

// canvasEnum converts an enumeration argument.
func canvasEnum(r *bind.Realm, v goja.Value, what, typ string, values ...string) string {
	s := bind.DOMString(v)
	for _, x := range values {
		if s == x {
			return s
		}
	}
	r.ThrowTypeError("Failed to %s: The provided value '%s' is not a valid enum value of type %s.", what, s, typ)
	return ""
}

// canvasColor parses a CSS color for a canvas style and serializes it as
// Chromium's getters do: #rrggbb when opaque, rgba() otherwise, other
// color spaces as written in their normalized form.
// https://html.spec.whatwg.org/multipage/canvas.html#serialisation-of-a-color
func (w *Window) canvasColor(s string) (string, bool) {
	if c, ok := w.canvasColors[s]; ok {
		return c, c != ""
	}
	out := ""
	t := strings.TrimSpace(s)
	if _, ok := cssvalue.WebkitColors[ascii.Lower(t)]; ok {
		// Chromium's -webkit- color keywords are no canvas colors
	} else if c, ok := cssvalue.ParseColor(t); ok {
		out = canvasRGBA(c)
	} else if ascii.EqualFold(t, "currentcolor") {
		out = "#000000"
	} else if cssvalue.IsFloatColor(t) {
		// Chromium keeps lab(), oklch(), color() and the results of
		// color-mix() and relative colors in their space, as computed;
		// currentcolor is black here as above
		if c, ok := cssvalue.ComputeColor(t, cssvalue.FromRGBA(cssvalue.RGBA{A: 1}), true); ok {
			out = c.String()
		}
	}
	if w.canvasColors == nil || len(w.canvasColors) > 1024 {
		w.canvasColors = make(map[string]string)
	}
	w.canvasColors[s] = out
	return out, out != ""
}

func canvasRGBA(c cssvalue.RGBA) string {
	if c.A >= 1 {
		const hex = "0123456789abcdef"
		return string([]byte{'#', hex[c.R>>4], hex[c.R&15], hex[c.G>>4], hex[c.G&15], hex[c.B>>4], hex[c.B&15]})
	}
	return c.String()
}

// --- CanvasRenderingContext2D and OffscreenCanvasRenderingContext2D ------

func ctxOf(this any) *canvas2D { return this.(*canvas2D) }

// floatAttr is an unrestricted double attribute whose setter ignores
// values ok rejects; values are kept as floats.
func floatAttr(name string, field func(st *canvasState) *float64, ok func(f float64) bool) bind.Attribute {
	return bind.Attribute{Name: name,
		Get: func(r *bind.Realm, this any) goja.Value { return r.Float(*field(&ctxOf(this).st)) },
		Set: func(r *bind.Realm, this any, v goja.Value) {
			f := bind.Number(v)
			if finite(f) && ok(f) {
				*field(&ctxOf(this).st) = float32Of(f)
			}
		}}
}

// enumAttr is an enumerated attribute: other values are ignored.
func enumAttr(name string, field func(st *canvasState) *string, values ...string) bind.Attribute {
	return bind.Attribute{Name: name,
		Get: func(r *bind.Realm, this any) goja.Value { return r.String(*field(&ctxOf(this).st)) },
		Set: func(r *bind.Realm, this any, v goja.Value) {
			s := bind.DOMString(v)
			for _, x := range values {
				if s == x {
					*field(&ctxOf(this).st) = x
					return
				}
			}
		}}
}

func paintAttr(name string, field func(st *canvasState) *canvasPaint) bind.Attribute {
	return bind.Attribute{Name: name,
		Get: func(r *bind.Realm, this any) goja.Value {
			p := field(&ctxOf(this).st)
			if p.obj != nil {
				return p.obj
			}
			return r.String(p.color)
		},
		// (DOMString or CanvasGradient or CanvasPattern): objects other
		// than gradients and patterns become strings, as do primitives.
		Set: func(r *bind.Realm, this any, v goja.Value) {
			c := ctxOf(this)
			if o, ok := v.(*goja.Object); ok {
				if _, cls, ok := r.Unwrap(o); ok && (cls.Name() == "CanvasGradient" || cls.Name() == "CanvasPattern") {
					*field(&c.st) = canvasPaint{obj: o}
					return
				}
			}
			if col, ok := c.w.canvasColor(bind.DOMString(v)); ok {
				*field(&c.st) = canvasPaint{color: col}
			}
		}}
}

var compositeOps = set("source-over source-in source-out source-atop destination-over destination-in destination-out destination-atop lighter copy xor multiply screen overlay darken lighten color-dodge color-burn hard-light soft-light difference exclusion hue saturation color luminosity")

var canvasFilterFuncs = set("blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia url")

// validCanvasFilter checks a filter value: none, or CSS filter functions
// with balanced parentheses.
func validCanvasFilter(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	if ascii.EqualFold(t, "none") {
		return true
	}
	for _, p := range splitComponents(t) {
		open := strings.IndexByte(p, '(')
		if open <= 0 || !strings.HasSuffix(p, ")") || !canvasFilterFuncs[ascii.Lower(p[:open])] {
			return false
		}
	}
	return true
}

// parseSpacing parses letterSpacing/wordSpacing: a CSS length.
func parseSpacing(s string) (canvasSpacing, bool) {
	n, unit, ok := splitNumber(s)
	if !ok || !finite(n) {
		return canvasSpacing{}, false
	}
	unit = ascii.Lower(unit)
	if unit == "" || unit == "%" {
		return canvasSpacing{}, false
	}
	if _, ok := cssvalue.Dimension(1, unit, &cssvalue.Context{Font: unitFontUnits{}}); !ok && unit != "cap" && unit != "ic" {
		return canvasSpacing{}, false
	}
	return canvasSpacing{text: formatNumber(n) + unit, n: n, unit: unit}, true
}

// px resolves a spacing against the font.
func (s canvasSpacing) px(c *canvas2D) float64 {
	if s.n == 0 {
		return 0
	}
	f := &c.st.font
	switch s.unit {
	case "px":
		return s.n
	case "em", "rem", "ic":
		// rem and ic are the context font's size too (Chromium 156)
		return s.n * f.size
	case "ex", "ch", "cap":
		switch {
		case s.sized && s.unit == "ex":
			return s.n * f.size / 2
		case s.sized:
			return 0
		case s.unit == "cap":
			if f.face == nil {
				return 0
			}
			return s.n * f.face.capHeight * f.size / f.face.unitsPerEm
		}
		names := make([]string, len(f.families))
		for i, fam := range f.families {
			names[i] = fam.name
		}
		ex, ch := fontUnitSizes(strings.Join(names, ","), f.face, f.size)
		if s.unit == "ex" {
			return s.n * ex
		}
		return s.n * ch
	}
	ctx := c.fontContext()
	ctx.FontSize = c.st.font.size
	v, ok := cssvalue.Dimension(s.n, s.unit, ctx)
	if !ok {
		return 0
	}
	return v.Px
}

func spacingAttr(name string, field func(st *canvasState) *canvasSpacing) bind.Attribute {
	return bind.Attribute{Name: name,
		Get: func(r *bind.Realm, this any) goja.Value { return r.String(field(&ctxOf(this).st).text) },
		Set: func(r *bind.Realm, this any, v goja.Value) {
			if sp, ok := parseSpacing(bind.DOMString(v)); ok {
				*field(&ctxOf(this).st) = sp
			}
		}}
}

func (st *canvasState) setFont(f canvasFont) {
	st.font = f
	st.letterSpacing.sized, st.wordSpacing.sized = true, true
	st.fontStretch = f.stretch
	st.fontVariantCaps = "normal"
	if f.smallCaps {
		st.fontVariantCaps = "small-caps"
	}
	st.fontText = f.text
}

// canvasStateAttrs are the attributes of CanvasCompositing,
// CanvasImageSmoothing, CanvasFillStrokeStyles, CanvasShadowStyles,
// CanvasFilters, CanvasPathDrawingStyles and CanvasTextDrawingStyles, in
// Chromium's order.
func canvasStateAttrs() []bind.Attribute {
	return []bind.Attribute{
		{Name: "globalAlpha",
			Get: func(r *bind.Realm, this any) goja.Value { return r.Float(ctxOf(this).st.globalAlpha) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				if f := bind.Number(v); f >= 0 && f <= 1 {
					ctxOf(this).st.globalAlpha = f
				}
			}},
		{Name: "globalCompositeOperation",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(ctxOf(this).st.composite) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				if s := bind.DOMString(v); compositeOps[s] {
					ctxOf(this).st.composite = s
				}
			}},
		{Name: "imageSmoothingEnabled",
			Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(ctxOf(this).st.smoothing) },
			Set: func(r *bind.Realm, this any, v goja.Value) { ctxOf(this).st.smoothing = v.ToBoolean() }},
		enumAttr("imageSmoothingQuality", func(st *canvasState) *string { return &st.smoothingQuality }, "low", "medium", "high"),
		paintAttr("strokeStyle", func(st *canvasState) *canvasPaint { return &st.stroke }),
		paintAttr("fillStyle", func(st *canvasState) *canvasPaint { return &st.fill }),
		floatAttr("shadowOffsetX", func(st *canvasState) *float64 { return &st.shadowX }, func(float64) bool { return true }),
		floatAttr("shadowOffsetY", func(st *canvasState) *float64 { return &st.shadowY }, func(float64) bool { return true }),
		floatAttr("shadowBlur", func(st *canvasState) *float64 { return &st.shadowBlur }, func(f float64) bool { return f >= 0 }),
		{Name: "shadowColor",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(ctxOf(this).st.shadowColor) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				c := ctxOf(this)
				if col, ok := c.w.canvasColor(bind.DOMString(v)); ok {
					c.st.shadowColor = col
				}
			}},
		{Name: "filter",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(ctxOf(this).st.filter) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				if s := bind.DOMString(v); validCanvasFilter(s) {
					ctxOf(this).st.filter = s
				}
			}},
		floatAttr("lineWidth", func(st *canvasState) *float64 { return &st.lineWidth }, func(f float64) bool { return f > 0 }),
		enumAttr("lineCap", func(st *canvasState) *string { return &st.lineCap }, "butt", "round", "square"),
		enumAttr("lineJoin", func(st *canvasState) *string { return &st.lineJoin }, "round", "bevel", "miter"),
		floatAttr("miterLimit", func(st *canvasState) *float64 { return &st.miterLimit }, func(f float64) bool { return f > 0 }),
		floatAttr("lineDashOffset", func(st *canvasState) *float64 { return &st.lineDashOffset }, func(float64) bool { return true }),
		{Name: "lang",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(ctxOf(this).st.lang) },
			Set: func(r *bind.Realm, this any, v goja.Value) { ctxOf(this).st.lang = bind.DOMString(v) }},
		{Name: "font",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(ctxOf(this).st.fontText) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				c := ctxOf(this)
				s := bind.DOMString(v)
				if s == c.st.fontText {
					return
				}
				if f, ok := c.w.canvasFonts[s]; ok {
					c.st.setFont(f)
					return
				}
				f, relative, ok := parseCanvasFont(s, c.fontContext)
				if !ok {
					return
				}
				c.st.setFont(f)
				if !relative {
					// Charts set a few fonts over and over.
					if c.w.canvasFonts == nil || len(c.w.canvasFonts) > 256 {
						c.w.canvasFonts = make(map[string]canvasFont)
					}
					c.w.canvasFonts[s] = f
				}
			}},
		enumAttr("textAlign", func(st *canvasState) *string { return &st.textAlign }, "start", "end", "left", "right", "center"),
		enumAttr("textBaseline", func(st *canvasState) *string { return &st.textBaseline }, "top", "hanging", "middle", "alphabetic", "ideographic", "bottom"),
		enumAttr("direction", func(st *canvasState) *string { return &st.direction }, "ltr", "rtl", "inherit"),
		spacingAttr("letterSpacing", func(st *canvasState) *canvasSpacing { return &st.letterSpacing }),
		enumAttr("fontKerning", func(st *canvasState) *string { return &st.fontKerning }, "auto", "normal", "none"),
		{Name: "fontStretch",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(ctxOf(this).st.fontStretch) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				if s := bind.DOMString(v); s == "normal" || fontStretch[s] {
					ctxOf(this).st.fontStretch = s
				}
			}},
		{Name: "fontVariantCaps",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(ctxOf(this).st.fontVariantCaps) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				st := &ctxOf(this).st
				switch s := bind.DOMString(v); s {
				case "normal", "small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "titling-caps":
					st.fontVariantCaps = s
					st.fontText = st.font.serialize(s == "small-caps")
				}
			}},
		enumAttr("textRendering", func(st *canvasState) *string { return &st.textRendering }, "auto", "optimizeSpeed", "optimizeLegibility", "geometricPrecision"),
		spacingAttr("wordSpacing", func(st *canvasState) *canvasSpacing { return &st.wordSpacing }),
	}
}

// what is the "execute 'op' on 'Iface'" part of Chromium's messages.
func what(op, iface string) string { return "execute '" + op + "' on '" + iface + "'" }

func canvasNoop(*bind.Realm, any, []goja.Value) goja.Value { return nil }

// canvasNumbers is an operation taking n unrestricted doubles that draws
// nothing here: its arguments are converted (a Symbol is a TypeError),
// non-finite values are ignored, as by every such operation.
func canvasNumbers(n int) bind.Func {
	return func(_ *bind.Realm, _ any, args []goja.Value) goja.Value {
		doubles(args, n)
		return nil
	}
}

// canvasText is fillText and strokeText (text, x, y, optional maxWidth):
// the arguments converted, nothing drawn.
func canvasText(_ *bind.Realm, _ any, args []goja.Value) goja.Value {
	bind.DOMString(args[0])
	doubles(args[1:], 2)
	if v := bind.Arg(args, 3); !bind.Absent(v) {
		bind.Number(v)
	}
	return nil
}

// drawing is m, an operation that draws on the context's bitmap, noting
// that it drew (canvas2D.drew) once its arguments were accepted.
func drawing(m bind.Method) bind.Method {
	fn := m.Fn
	m.Fn = func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		v := fn(r, this, args)
		ctxOf(this).drew()
		return v
	}
	return m
}

// canvasPathMethods are CanvasPath's operations on iface (the context or
// Path2D): non-finite arguments make them do nothing, negative radii
// throw.
// https://html.spec.whatwg.org/multipage/canvas.html#canvaspath
func canvasPathMethods(iface string) []bind.Method {
	radius := func(r *bind.Realm, op, which string, f float64) {
		if f < 0 {
			r.ThrowDOMException("IndexSizeError", "Failed to "+what(op, iface)+": The "+which+" provided ("+jsNum(f)+") is negative.")
		}
	}
	return []bind.Method{
		{Name: "roundRect", Length: 4, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			a := doubles(args, 4)
			roundRectRadii(r, bind.Arg(args, 4), what("roundRect", iface), finite(a[:4]...))
			return nil
		}},
		{Name: "arc", Length: 5, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			a := doubles(args, 5)
			bind.Boolean(bind.Arg(args, 5))
			if finite(a[:5]...) {
				radius(r, "arc", "radius", a[2])
			}
			return nil
		}},
		{Name: "arcTo", Length: 5, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			a := doubles(args, 5)
			if finite(a[:5]...) {
				radius(r, "arcTo", "radius", a[4])
			}
			return nil
		}},
		{Name: "bezierCurveTo", Length: 6, Fn: canvasNumbers(6)},
		{Name: "closePath", Fn: canvasNoop},
		{Name: "ellipse", Length: 7, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			a := doubles(args, 7)
			bind.Boolean(bind.Arg(args, 7))
			if finite(a[:7]...) {
				radius(r, "ellipse", "major-axis radius", a[2])
				radius(r, "ellipse", "minor-axis radius", a[3])
			}
			return nil
		}},
		{Name: "lineTo", Length: 2, Fn: canvasNumbers(2)},
		{Name: "moveTo", Length: 2, Fn: canvasNumbers(2)},
		{Name: "quadraticCurveTo", Length: 4, Fn: canvasNumbers(4)},
		{Name: "rect", Length: 4, Fn: canvasNumbers(4)},
	}
}

// roundRectRadii converts and checks roundRect's radii:
// (unrestricted double or DOMPointInit or sequence<...>), one to four
// of them, none negative.
// https://html.spec.whatwg.org/multipage/canvas.html#dom-context-2d-roundrect
func roundRectRadii(r *bind.Realm, v goja.Value, what string, check bool) {
	var radii []goja.Value
	if o, ok := v.(*goja.Object); ok {
		if it := o.GetSymbol(goja.SymIterator); it != nil && !goja.IsUndefined(it) {
			if err := r.Runtime.Try(func() {
				arr := r.Runtime.Get("Array").ToObject(r.Runtime).Get("from")
				from, _ := goja.AssertFunction(arr)
				res, err := from(goja.Undefined(), o)
				if err != nil {
					panic(err)
				}
				ro := res.ToObject(r.Runtime)
				n := int(ro.Get("length").ToInteger())
				for i := 0; i < n && i < 16; i++ {
					radii = append(radii, ro.Get(itoa(i)))
				}
				if n > 16 {
					radii = append(radii, make([]goja.Value, n-16)...)
				}
			}); err != nil {
				panic(err)
			}
			if len(radii) < 1 || len(radii) > 4 {
				r.ThrowRangeError("Failed to " + what + ": " + itoa(len(radii)) + " radii provided. Between one and four radii are necessary.")
			}
		} else {
			radii = []goja.Value{v}
		}
	} else if v == nil || goja.IsUndefined(v) {
		return
	} else {
		radii = []goja.Value{v}
	}
	type radius struct{ x, y float64 }
	rs := make([]radius, 0, len(radii))
	for _, x := range radii {
		if o, ok := x.(*goja.Object); ok {
			rs = append(rs, radius{dictDoubleOr(o, "x", 0), dictDoubleOr(o, "y", 0)})
		} else if x == nil || goja.IsUndefined(x) {
			rs = append(rs, radius{})
		} else {
			f := bind.Number(x)
			rs = append(rs, radius{f, f})
		}
	}
	if !check {
		return
	}
	for _, p := range rs {
		if !finite(p.x, p.y) {
			return
		}
	}
	for _, p := range rs {
		switch {
		case p.x < 0 && p.x == p.y:
			r.ThrowRangeError("Failed to " + what + ": Radius value " + jsNum(p.x) + " is negative.")
		case p.x < 0:
			r.ThrowRangeError("Failed to " + what + ": X-radius value " + jsNum(p.x) + " is negative.")
		case p.y < 0:
			r.ThrowRangeError("Failed to " + what + ": Y-radius value " + jsNum(p.y) + " is negative.")
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// isPath2D tells whether v is a Path2D.
func isPath2D(r *bind.Realm, v goja.Value) bool {
	_, ok := r.UnwrapAs(v, r.Class("Path2D"))
	return ok
}

// fillRule converts an optional CanvasFillRule.
func fillRule(r *bind.Realm, v goja.Value, w string) {
	if v != nil && !goja.IsUndefined(v) {
		canvasEnum(r, v, w, "CanvasFillRule", "nonzero", "evenodd")
	}
}

// canvasImageSource checks a CanvasImageSource argument and reports
// whether it can be drawn (an image without a source cannot); a canvas of
// zero size throws.
func canvasImageSource(r *bind.Realm, v goja.Value, w string) bool {
	impl, cls, ok := r.Unwrap(v)
	if ok {
		switch cls.Name() {
		case "ImageBitmap":
			if impl.(*imageBitmap).closed {
				r.ThrowDOMException("InvalidStateError", "Failed to "+w+": The image source is detached")
			}
			return true
		case "OffscreenCanvas":
			o := impl.(*offscreenCanvas)
			if o.width == 0 || o.height == 0 {
				r.ThrowDOMException("InvalidStateError", "Failed to "+w+": The image argument is an OffscreenCanvas element with a width or height of 0.")
			}
			return true
		}
		if n, isNode := impl.(*dom.Node); isNode && n.IsElement() {
			switch {
			case n.Namespace == "svg" && n.Data == "image":
				return true
			case isHTMLElement(n) && n.Data == "img":
				_, has := n.GetAttribute("src")
				return has
			case isHTMLElement(n) && n.Data == "video":
				return true
			case isHTMLElement(n) && n.Data == "canvas":
				if canvasDim(n, "width", 300) == 0 || canvasDim(n, "height", 150) == 0 {
					r.ThrowDOMException("InvalidStateError", "Failed to "+w+": The image argument is a canvas element with a width or height of 0.")
				}
				return true
			}
		}
	}
	r.ThrowTypeError("Failed to %s: The provided value is not of type '(CSSImageValue or HTMLCanvasElement or HTMLImageElement or HTMLVideoElement or ImageBitmap or OffscreenCanvas or SVGImageElement or VideoFrame)'.", w)
	return false
}

// canvasDim is a canvas element's width or height attribute as the
// reflecting IDL attribute reads it.
func canvasDim(n *dom.Node, name string, def int) int {
	v, ok := n.GetAttribute(name)
	if !ok {
		return def
	}
	f, err := parseNonNegative(v)
	if !err {
		return def
	}
	return f
}

// canvasNaturalSize is the natural size of n when it is an HTML canvas
// element: its width and height attributes (300 by 150 by default), which
// also give its natural aspect ratio.
// https://html.spec.whatwg.org/multipage/canvas.html#attr-canvas-width
func canvasNaturalSize(n *dom.Node) (w, h float64, ok bool) {
	if n.Namespace != "" || n.Data != "canvas" {
		return 0, 0, false
	}
	return float64(canvasDim(n, "width", 300)), float64(canvasDim(n, "height", 150)), true
}

// parseNonNegative parses a non-negative integer as HTML does.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers
func parseNonNegative(s string) (int, bool) {
	s = strings.TrimLeft(s, " \t\n\f\r")
	s = strings.TrimPrefix(s, "+")
	n, digits := 0, 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		if n < 1<<31 {
			n = n*10 + int(s[digits]-'0')
		}
		digits++
	}
	if digits == 0 || n > math.MaxInt32 {
		return 0, false
	}
	return n, true
}

func canvas2DMethods(iface string, offscreen bool) []bind.Method {
	checkPath := func(r *bind.Realm, v goja.Value, op string) {
		if !isPath2D(r, v) {
			r.ThrowTypeError("Failed to %s: parameter 1 is not of type 'Path2D'.", what(op, iface))
		}
	}
	fillLike := func(op string) bind.Method {
		return bind.Method{Name: op, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := what(op, iface)
			if len(args) >= 2 || len(args) == 1 && isPath2D(r, args[0]) {
				checkPath(r, args[0], op)
				fillRule(r, bind.Arg(args, 1), w)
				return nil
			}
			fillRule(r, bind.Arg(args, 0), w)
			return nil
		}}
	}
	ms := []bind.Method{
		{Name: "getContextAttributes", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			a := ctxOf(this).attrs
			o := r.Runtime.NewObject()
			o.Set("alpha", a.alpha)
			o.Set("colorSpace", a.colorSpace)
			o.Set("colorType", a.colorType)
			o.Set("desynchronized", a.desynchronized)
			tm := r.Runtime.NewObject()
			tm.Set("mode", "standard")
			o.Set("toneMapping", tm)
			o.Set("willReadFrequently", a.willReadFrequently)
			return o
		}},
		{Name: "save", Fn: func(_ *bind.Realm, this any, _ []goja.Value) goja.Value {
			c := ctxOf(this)
			if len(c.stack) < 1<<16 {
				c.stack = append(c.stack, c.st)
			}
			return nil
		}},
		{Name: "restore", Fn: func(_ *bind.Realm, this any, _ []goja.Value) goja.Value {
			c := ctxOf(this)
			if n := len(c.stack); n > 0 {
				c.st = c.stack[n-1]
				c.stack[n-1] = canvasState{}
				c.stack = c.stack[:n-1]
			}
			return nil
		}},
		{Name: "reset", Fn: func(_ *bind.Realm, this any, _ []goja.Value) goja.Value {
			ctxOf(this).reset()
			return nil
		}},
		{Name: "isContextLost", Fn: func(r *bind.Realm, _ any, _ []goja.Value) goja.Value { return r.Bool(false) }},
		{Name: "scale", Length: 2, Fn: func(_ *bind.Realm, this any, args []goja.Value) goja.Value {
			a := doubles(args, 2)
			if finite(a[:2]...) {
				ctxOf(this).transform(float32Of(a[0]), 0, 0, float32Of(a[1]), 0, 0)
			}
			return nil
		}},
		{Name: "rotate", Length: 1, Fn: func(_ *bind.Realm, this any, args []goja.Value) goja.Value {
			a := bind.Number(args[0])
			if finite(a) {
				s, c := math.Sin(a), math.Cos(a)
				ctxOf(this).transform(c, s, -s, c, 0, 0)
			}
			return nil
		}},
		{Name: "translate", Length: 2, Fn: func(_ *bind.Realm, this any, args []goja.Value) goja.Value {
			a := doubles(args, 2)
			if finite(a[:2]...) {
				ctxOf(this).transform(1, 0, 0, 1, float32Of(a[0]), float32Of(a[1]))
			}
			return nil
		}},
		{Name: "transform", Length: 6, Fn: func(_ *bind.Realm, this any, args []goja.Value) goja.Value {
			a := doubles(args, 6)
			if finite(a[:6]...) {
				ctxOf(this).transform(float32Of(a[0]), float32Of(a[1]), float32Of(a[2]), float32Of(a[3]), float32Of(a[4]), float32Of(a[5]))
			}
			return nil
		}},
		{Name: "getTransform", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			m := ctxOf(this).st.m
			return r.WrapObject(&matrixImpl{m: matrix2D(m[0], m[1], m[2], m[3], m[4], m[5]), is2D: true}, r.Class("DOMMatrix"))
		}},
		{Name: "setTransform", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			c := ctxOf(this)
			if len(args) >= 6 {
				a := doubles(args, 6)
				if finite(a[:6]...) {
					c.st.m = [6]float64{float32Of(a[0]), float32Of(a[1]), float32Of(a[2]), float32Of(a[3]), float32Of(a[4]), float32Of(a[5])}
				}
				return nil
			}
			m := matrixFromInit(r, bind.Arg(args, 0), what("setTransform", iface))
			e := [6]float64{m.m[0], m.m[1], m.m[4], m.m[5], m.m[12], m.m[13]}
			if finite(e[:]...) {
				for i := range e {
					e[i] = float32Of(e[i])
				}
				c.st.m = e
			}
			return nil
		}},
		{Name: "resetTransform", Fn: func(_ *bind.Realm, this any, _ []goja.Value) goja.Value {
			ctxOf(this).st.m = [6]float64{1, 0, 0, 1, 0, 0}
			return nil
		}},
		{Name: "createLinearGradient", Length: 4, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			for i := range 4 {
				restrictedDouble(r, args[i], what("createLinearGradient", iface))
			}
			return r.WrapObject(&canvasGradient{}, r.Class("CanvasGradient"))
		}},
		{Name: "createRadialGradient", Length: 6, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			var a [6]float64
			for i := range 6 {
				a[i] = restrictedDouble(r, args[i], what("createRadialGradient", iface))
			}
			if a[2] < 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+what("createRadialGradient", iface)+": The r0 provided is less than 0.")
			}
			if a[5] < 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+what("createRadialGradient", iface)+": The r1 provided is less than 0.")
			}
			return r.WrapObject(&canvasGradient{}, r.Class("CanvasGradient"))
		}},
		{Name: "createConicGradient", Length: 3, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			for i := range 3 {
				restrictedDouble(r, args[i], what("createConicGradient", iface))
			}
			return r.WrapObject(&canvasGradient{}, r.Class("CanvasGradient"))
		}},
		{Name: "createPattern", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := what("createPattern", iface)
			ready := canvasImageSource(r, args[0], w)
			rep := bind.LegacyNullToEmptyString(args[1])
			switch rep {
			case "", "repeat", "repeat-x", "repeat-y", "no-repeat":
			default:
				r.ThrowDOMException("SyntaxError", "Failed to "+w+": The provided type ('"+rep+"') is not one of 'repeat', 'no-repeat', 'repeat-x', or 'repeat-y'.")
			}
			if !ready {
				return goja.Null()
			}
			return r.WrapObject(&canvasPattern{}, r.Class("CanvasPattern"))
		}},
		drawing(bind.Method{Name: "clearRect", Length: 4, Fn: canvasNumbers(4)}),
		drawing(bind.Method{Name: "fillRect", Length: 4, Fn: canvasNumbers(4)}),
		drawing(bind.Method{Name: "strokeRect", Length: 4, Fn: canvasNumbers(4)}),
		{Name: "beginPath", Fn: canvasNoop},
		drawing(fillLike("fill")),
		drawing(bind.Method{Name: "stroke", Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			if len(args) >= 1 {
				checkPath(r, args[0], "stroke")
			}
			return nil
		}}),
		fillLike("clip"),
		{Name: "isPointInPath", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := what("isPointInPath", iface)
			if isPath2D(r, args[0]) {
				if len(args) < 3 {
					r.ThrowTypeError("Failed to %s: 3 arguments required, but only %d present.", w, len(args))
				}
				doubles(args[1:], 2)
				fillRule(r, bind.Arg(args, 3), w)
			} else {
				doubles(args, 2)
				fillRule(r, bind.Arg(args, 2), w)
			}
			return r.Bool(false)
		}},
		{Name: "isPointInStroke", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			if isPath2D(r, args[0]) {
				if len(args) < 3 {
					r.ThrowTypeError("Failed to %s: 3 arguments required, but only %d present.", what("isPointInStroke", iface), len(args))
				}
				doubles(args[1:], 2)
			} else {
				doubles(args, 2)
			}
			return r.Bool(false)
		}},
	}
	if !offscreen {
		ms = append(ms, bind.Method{Name: "drawFocusIfNeeded", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			el := args[0]
			if len(args) >= 2 {
				if !isPath2D(r, args[0]) {
					r.ThrowTypeError("Failed to %s: parameter 1 is not of type 'Path2D'.", what("drawFocusIfNeeded", iface))
				}
				el = args[1]
			}
			if n := win(r).toNode(el); n == nil || !n.IsElement() {
				param := "1"
				if len(args) >= 2 {
					param = "2"
				}
				r.ThrowTypeError("Failed to %s: parameter %s is not of type 'Element'.", what("drawFocusIfNeeded", iface), param)
			}
			return nil
		}})
	}
	ms = append(ms,
		drawing(bind.Method{Name: "fillText", Length: 3, Fn: canvasText}),
		drawing(bind.Method{Name: "strokeText", Length: 3, Fn: canvasText}),
		bind.Method{Name: "measureText", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			c := ctxOf(this)
			m := c.measure(bind.USVString(args[0]))
			return r.WrapObject(m, r.Class("TextMetrics"))
		}},
		drawing(bind.Method{Name: "drawImage", Length: 3, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := what("drawImage", iface)
			switch len(args) {
			case 3, 5, 9:
			default:
				if len(args) < 9 {
					r.ThrowTypeError("Failed to %s: Overload resolution failed.", w)
				}
			}
			canvasImageSource(r, args[0], w)
			return nil
		}}),
		bind.Method{Name: "createImageData", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := what("createImageData", iface)
			if len(args) < 2 {
				d, ok := r.UnwrapAs(args[0], r.Class("ImageData"))
				if !ok {
					r.ThrowTypeError("Failed to %s: parameter 1 is not of type 'ImageData'.", w)
				}
				id := d.(*canvasImageData)
				return newImageData(r, id.width, id.height, id.colorSpace, w)
			}
			sw := enforceLong(r, args[0], w, math.MinInt32, math.MaxInt32, "long")
			sh := enforceLong(r, args[1], w, math.MinInt32, math.MaxInt32, "long")
			cs, _ := imageDataSettings(r, bind.Arg(args, 2), w)
			if sw == 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The source width is zero or not a number.")
			}
			if sh == 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The source height is zero or not a number.")
			}
			return newImageData(r, int(math.Abs(sw)), int(math.Abs(sh)), cs, w)
		}},
		bind.Method{Name: "getImageData", Length: 4, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := what("getImageData", iface)
			var a [4]float64
			for i := range 4 {
				a[i] = enforceLong(r, args[i], w, math.MinInt32, math.MaxInt32, "long")
			}
			cs, _ := imageDataSettings(r, bind.Arg(args, 4), w)
			if a[2] == 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The source width is 0.")
			}
			if a[3] == 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The source height is 0.")
			}
			return newImageData(r, int(math.Abs(a[2])), int(math.Abs(a[3])), cs, w)
		}},
		drawing(bind.Method{Name: "putImageData", Length: 3, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			w := what("putImageData", iface)
			if _, ok := r.UnwrapAs(args[0], r.Class("ImageData")); !ok {
				r.ThrowTypeError("Failed to %s: parameter 1 is not of type 'ImageData'.", w)
			}
			if len(args) > 3 && len(args) < 7 {
				r.ThrowTypeError("Failed to %s: Overload resolution failed.", w)
			}
			for i := 1; i < len(args) && i < 7; i++ {
				enforceLong(r, args[i], w, math.MinInt32, math.MaxInt32, "long")
			}
			return nil
		}}),
		bind.Method{Name: "setLineDash", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			segs := numberSequence(r, args[0], what("setLineDash", iface))
			for _, f := range segs {
				if !finite(f) || f < 0 {
					return nil
				}
			}
			for i := range segs {
				segs[i] = float32Of(segs[i])
			}
			if len(segs)%2 == 1 {
				segs = append(segs, segs...)
			}
			ctxOf(this).st.lineDash = segs
			return nil
		}},
		bind.Method{Name: "getLineDash", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			d := ctxOf(this).st.lineDash
			vs := make([]any, len(d))
			for i, f := range d {
				vs[i] = f
			}
			return r.Runtime.NewArray(vs...)
		}},
	)
	return append(ms, canvasPathMethods(iface)...)
}

// numberSequence converts a sequence<unrestricted double> argument.
func numberSequence(r *bind.Realm, v goja.Value, w string) []float64 {
	o, ok := v.(*goja.Object)
	var it goja.Value
	if ok {
		it = o.GetSymbol(goja.SymIterator)
	}
	if !ok || it == nil || goja.IsUndefined(it) {
		r.ThrowTypeError("Failed to %s: The provided value cannot be converted to a sequence.", w)
	}
	var out []float64
	if o.ClassName() == "Array" {
		n := int(o.Get("length").ToInteger())
		out = make([]float64, 0, n)
		for i := 0; i < n; i++ {
			out = append(out, bind.Number(o.Get(itoa(i))))
		}
		return out
	}
	from, _ := goja.AssertFunction(r.Runtime.Get("Array").ToObject(r.Runtime).Get("from"))
	res, err := from(goja.Undefined(), o)
	if err != nil {
		panic(err)
	}
	ro := res.ToObject(r.Runtime)
	n := int(ro.Get("length").ToInteger())
	for i := 0; i < n; i++ {
		out = append(out, bind.Number(ro.Get(itoa(i))))
	}
	return out
}

// transform post-multiplies the current transform.
func (c *canvas2D) transform(a, b, cc, d, e, f float64) {
	m := &c.st.m
	*m = [6]float64{
		m[0]*a + m[2]*b, m[1]*a + m[3]*b,
		m[0]*cc + m[2]*d, m[1]*cc + m[3]*d,
		m[0]*e + m[2]*f + m[4], m[1]*e + m[3]*f + m[5],
	}
}

// canvas2DOrder is the order of Chromium's CanvasRenderingContext2D
// prototype properties (OffscreenCanvasRenderingContext2D's lacks
// drawFocusIfNeeded and has getContextAttributes last).
const canvas2DOrder = "canvas lang font textAlign textBaseline direction fontKerning fontStretch fontVariantCaps letterSpacing " +
	"textRendering wordSpacing globalCompositeOperation filter imageSmoothingQuality strokeStyle fillStyle shadowColor " +
	"lineCap lineJoin globalAlpha imageSmoothingEnabled shadowOffsetX shadowOffsetY shadowBlur lineWidth miterLimit " +
	"lineDashOffset clip createConicGradient createImageData createLinearGradient createPattern createRadialGradient " +
	"drawFocusIfNeeded drawImage fill fillText getContextAttributes getImageData getLineDash getTransform isContextLost " +
	"isPointInPath isPointInStroke measureText reset roundRect setLineDash strokeText arc arcTo beginPath bezierCurveTo " +
	"clearRect closePath ellipse fillRect lineTo moveTo putImageData quadraticCurveTo rect resetTransform restore " +
	"rotate save scale setTransform stroke strokeRect transform translate"

func canvas2DIface(name string, offscreen bool) *bind.Interface {
	attrs := append([]bind.Attribute{{Name: "canvas", Get: func(r *bind.Realm, this any) goja.Value {
		return ctxOf(this).canvasValue(r)
	}}}, canvasStateAttrs()...)
	methods := canvas2DMethods(name, offscreen)
	order := canvas2DOrder
	if offscreen {
		order = strings.Replace(order, " getContextAttributes", "", 1) + " getContextAttributes"
	}
	rank := map[string]int{}
	for i, n := range strings.Fields(order) {
		rank[n] = i
	}
	slices.SortStableFunc(attrs, func(a, b bind.Attribute) int { return rank[a.Name] - rank[b.Name] })
	slices.SortStableFunc(methods, func(a, b bind.Method) int { return rank[a.Name] - rank[b.Name] })
	return &bind.Interface{Name: name, Attributes: attrs, Methods: methods, OpsInOrder: true}
}

var textMetricsIface = &bind.Interface{
	Name: "TextMetrics",
	// The slot spares the realm a map entry per measureText.
	Slot: func(impl any) *any { return &impl.(*canvasTextMetrics).wrapper },
	Attributes: func() []bind.Attribute {
		f := func(name string, v func(m *canvasTextMetrics) float64) bind.Attribute {
			return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return r.Float(v(this.(*canvasTextMetrics))) }}
		}
		return []bind.Attribute{
			f("width", func(m *canvasTextMetrics) float64 { return m.width }),
			f("actualBoundingBoxLeft", func(m *canvasTextMetrics) float64 { return m.actualLeft }),
			f("actualBoundingBoxRight", func(m *canvasTextMetrics) float64 { return m.actualRight }),
			f("fontBoundingBoxAscent", func(m *canvasTextMetrics) float64 { return m.fontAscent }),
			f("fontBoundingBoxDescent", func(m *canvasTextMetrics) float64 { return m.fontDescent }),
			f("actualBoundingBoxAscent", func(m *canvasTextMetrics) float64 { return m.actualAscent }),
			f("actualBoundingBoxDescent", func(m *canvasTextMetrics) float64 { return m.actualDescent }),
			f("hangingBaseline", func(m *canvasTextMetrics) float64 { return m.hanging }),
			f("alphabeticBaseline", func(m *canvasTextMetrics) float64 { return m.alphabetic }),
			f("ideographicBaseline", func(m *canvasTextMetrics) float64 { return m.ideographic }),
		}
	}(),
}

var canvasGradientIface = &bind.Interface{
	Name: "CanvasGradient",
	Methods: []bind.Method{{Name: "addColorStop", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		w := what("addColorStop", "CanvasGradient")
		off := restrictedDouble(r, args[0], w)
		if off < 0 || off > 1 {
			r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The provided value ("+jsNum(off)+") is outside the range (0.0, 1.0).")
		}
		col := bind.USVString(args[1])
		if _, ok := win(r).canvasColor(col); !ok {
			r.ThrowDOMException("SyntaxError", "Failed to "+w+": The value provided ('"+col+"') could not be parsed as a color.")
		}
		return nil
	}}},
}

var canvasPatternIface = &bind.Interface{
	Name: "CanvasPattern",
	Methods: []bind.Method{{Name: "setTransform", Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		matrixFromInit(r, bind.Arg(args, 0), what("setTransform", "CanvasPattern"))
		return nil
	}}},
}

var path2DIface = &bind.Interface{
	Name:       "Path2D",
	OpsInOrder: true,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		if p := bind.Arg(args, 0); !goja.IsUndefined(p) && !isPath2D(r, p) {
			_ = p.String()
		}
		return &path2D{}
	},
	Methods: append([]bind.Method{{Name: "addPath", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		w := what("addPath", "Path2D")
		if !isPath2D(r, args[0]) {
			r.ThrowTypeError("Failed to %s: parameter 1 is not of type 'Path2D'.", w)
		}
		matrixFromInit(r, bind.Arg(args, 1), w)
		return nil
	}}}, canvasPathMethods("Path2D")...),
}

// colorSpace converts a PredefinedColorSpace member; Chromium 156 knows
// the linear spaces but supports neither.
func colorSpace(r *bind.Realm, v goja.Value, w, dict string) string {
	s := canvasEnum(r, v, w+": Failed to read the 'colorSpace' property from '"+dict+"'", "PredefinedColorSpace", "srgb", "srgb-linear", "display-p3", "display-p3-linear")
	if s != "srgb" && s != "display-p3" {
		r.ThrowTypeError("Failed to %s: The provided value '%s' is not a valid enum value of the type PredefinedColorSpace.", w, s)
	}
	return s
}

// contextAttrs reads the context creation attributes
// (CanvasRenderingContext2DSettings) of getContext's options.
func contextAttrs(r *bind.Realm, v goja.Value, w string) canvasAttrs {
	a := canvasAttrs{alpha: true, colorSpace: "srgb", colorType: "unorm8"}
	o, ok := v.(*goja.Object)
	if !ok {
		return a
	}
	if x := o.Get("alpha"); x != nil && !goja.IsUndefined(x) {
		a.alpha = x.ToBoolean()
	}
	if x := o.Get("colorSpace"); x != nil && !goja.IsUndefined(x) {
		a.colorSpace = colorSpace(r, x, w, "CanvasContextCreationAttributesModule")
	}
	if x := o.Get("colorType"); x != nil && !goja.IsUndefined(x) {
		a.colorType = canvasEnum(r, x, w+": Failed to read the 'colorType' property from 'CanvasContextCreationAttributesModule'", "CanvasColorType", "unorm8", "float16")
	}
	if x := o.Get("desynchronized"); x != nil && !goja.IsUndefined(x) {
		a.desynchronized = x.ToBoolean()
	}
	if x := o.Get("willReadFrequently"); x != nil && !goja.IsUndefined(x) {
		a.willReadFrequently = x.ToBoolean()
	}
	return a
}

// contextFor returns the context of kind held in *slot, making it on
// first use; null when the canvas has a context of another kind, and for
// WebGL and WebGPU (bangsnap has none).
func (w *Window) contextFor(slot *any, kind string, attrs canvasAttrs, n *dom.Node, off *offscreenCanvas) goja.Value {
	r := w.realm
	switch c := (*slot).(type) {
	case nil:
	case *canvas2D:
		if kind == "2d" {
			return r.WrapObject(c, c.class(r))
		}
		return w.null
	case *canvasBitmapCtx:
		if kind == "bitmaprenderer" {
			return r.WrapObject(c, r.Class("ImageBitmapRenderingContext"))
		}
		return w.null
	}
	switch kind {
	case "2d":
		c := &canvas2D{w: w, node: n, off: off, st: defaultCanvasState, attrs: attrs}
		*slot = c
		return r.WrapObject(c, c.class(r))
	case "bitmaprenderer":
		b := &canvasBitmapCtx{node: n, off: off}
		*slot = b
		return r.WrapObject(b, r.Class("ImageBitmapRenderingContext"))
	}
	return w.null
}

func (c *canvas2D) class(r *bind.Realm) *bind.Class {
	if c.off != nil {
		return r.Class("OffscreenCanvasRenderingContext2D")
	}
	return r.Class("CanvasRenderingContext2D")
}

// canvasContext implements HTMLCanvasElement.getContext.
// https://html.spec.whatwg.org/multipage/canvas.html#dom-canvas-getcontext
func (w *Window) canvasContext(n *dom.Node, args []goja.Value) goja.Value {
	const what = "execute 'getContext' on 'HTMLCanvasElement'"
	kind := bind.DOMString(args[0])
	attrs := contextAttrs(w.realm, bind.Arg(args, 1), what)
	if w.canvases == nil {
		w.canvases = make(map[*dom.Node]any)
	}
	slot := w.canvases[n]
	if slot == offscreenPlaceholder {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to "+what+": Cannot get context from a canvas that has transferred its control to offscreen.")
	}
	v := w.contextFor(&slot, kind, attrs, n, nil)
	if slot != nil {
		w.canvases[n] = slot
	}
	return v
}

// canvasIfaces are the canvas interfaces, installed with the others.
var canvasIfaces = []*bind.Interface{
	canvas2DIface("CanvasRenderingContext2D", false), canvas2DIface("OffscreenCanvasRenderingContext2D", true),
	textMetricsIface, canvasGradientIface, canvasPatternIface, path2DIface, imageDataIface, imageBitmapIface,
	imageBitmapRenderingContextIface, offscreenCanvasIface,
}

// installCanvas keeps the constructor ImageData makes its data with, so
// that a page replacing the global does not change it.
func (w *Window) installCanvas() {
	if c, ok := w.global.Get("Uint8ClampedArray").(*goja.Object); ok {
		w.uint8Clamped = c
	}
}
