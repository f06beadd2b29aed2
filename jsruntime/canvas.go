package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
)

// canvasSource defines CanvasRenderingContext2D, Path2D, CanvasGradient,
// CanvasPattern, ImageBitmap and createImageBitmap: every drawing
// call is accepted and draws nothing (no pixels are ever rendered or
// serialized), state is kept so that scripts reading it back see their
// values, and measureText answers with a fixed-width estimate. Chart and
// game libraries then run to completion instead of throwing on a null
// context. It returns the two interfaces and the function making a
// canvas's context.
// https://html.spec.whatwg.org/multipage/canvas.html#canvasrenderingcontext2d
const canvasSource = `(function (g) {
	var illegal = function () { throw new TypeError("Illegal constructor") };
	function CanvasRenderingContext2D() { illegal() }
	var p = CanvasRenderingContext2D.prototype;
	["save", "restore", "scale", "rotate", "translate", "transform", "setTransform", "resetTransform",
	 "clearRect", "fillRect", "strokeRect", "beginPath", "closePath", "moveTo", "lineTo", "bezierCurveTo",
	 "quadraticCurveTo", "arc", "arcTo", "ellipse", "rect", "roundRect", "fill", "stroke", "clip",
	 "fillText", "strokeText", "drawImage", "putImageData", "setLineDash", "drawFocusIfNeeded",
	 "scrollPathIntoView", "reset"].forEach(function (m) { p[m] = function () {} });
	p.isPointInPath = function () { return false };
	p.isPointInStroke = function () { return false };
	p.getLineDash = function () { return [] };
	p.getTransform = function () { return {a: 1, b: 0, c: 0, d: 1, e: 0, f: 0} };
	p.measureText = function (t) {
		var size = parseFloat(/(\d+(?:\.\d+)?)px/.exec(this.font) ? /(\d+(?:\.\d+)?)px/.exec(this.font)[1] : 10);
		var w = String(t).length * size * 0.5;
		return {width: w, actualBoundingBoxLeft: 0, actualBoundingBoxRight: w, actualBoundingBoxAscent: size * 0.8,
			actualBoundingBoxDescent: size * 0.2, fontBoundingBoxAscent: size * 0.8, fontBoundingBoxDescent: size * 0.2};
	};
	function imageData(w, h) { w = Math.max(1, w | 0); h = Math.max(1, h | 0);
		return {width: w, height: h, data: new Uint8ClampedArray(w * h * 4), colorSpace: "srgb"} }
	p.createImageData = function (w, h) { return typeof w === "object" ? imageData(w.width, w.height) : imageData(w, h) };
	p.getImageData = function (x, y, w, h) { return imageData(w, h) };
	// CanvasGradient and CanvasPattern keep nothing; libraries test
	// fill styles with instanceof (OpenLayers).
	var made = new WeakSet();
	function opaque(name, method, length) {
		var C = function () { throw new TypeError("Failed to construct '" + name + "': Illegal constructor") };
		var f = function () { if (!made.has(this)) throw new TypeError("Illegal invocation") };
		Object.defineProperty(f, "name", {value: method});
		Object.defineProperty(f, "length", {value: length});
		Object.defineProperty(C.prototype, method, {value: f, writable: true, enumerable: true, configurable: true});
		Object.defineProperty(C.prototype, Symbol.toStringTag, {value: name, configurable: true});
		Object.defineProperty(C, "name", {value: name});
		return C;
	}
	var CanvasGradient = opaque("CanvasGradient", "addColorStop", 2), CanvasPattern = opaque("CanvasPattern", "setTransform", 0);
	var make2 = function (C) { return function () { var o = Object.create(C.prototype); made.add(o); return o } };
	var grad = make2(CanvasGradient);
	p.createLinearGradient = grad; p.createRadialGradient = grad; p.createConicGradient = grad;
	p.createPattern = make2(CanvasPattern);
	p.getContextAttributes = function () { return {alpha: true, desynchronized: false, colorSpace: "srgb", willReadFrequently: false} };
	Object.defineProperty(p, Symbol.toStringTag, {value: "CanvasRenderingContext2D", configurable: true});
	// Path2D records nothing: paths are only ever drawn by the context.
	// https://html.spec.whatwg.org/multipage/canvas.html#path2d-objects
	var paths = new WeakSet();
	function Path2D() {
		var path = arguments[0];
		if (!new.target) throw new TypeError("Failed to construct 'Path2D': Please use the 'new' operator, this DOM object constructor cannot be called as a function.");
		if (path !== undefined && !paths.has(path)) String(path);
		paths.add(this);
	}
	var pp = Path2D.prototype;
	[["addPath", 1], ["roundRect", 4], ["arc", 5], ["arcTo", 5], ["bezierCurveTo", 6], ["closePath", 0],
	 ["ellipse", 7], ["lineTo", 2], ["moveTo", 2], ["quadraticCurveTo", 4], ["rect", 4]].forEach(function (m) {
		var f = function () {
			if (!paths.has(this)) throw new TypeError("Illegal invocation");
			if (m[0] === "addPath" && !paths.has(arguments[0])) throw new TypeError("Failed to execute 'addPath' on 'Path2D': parameter 1 is not of type 'Path2D'.");
		};
		Object.defineProperty(f, "name", {value: m[0]});
		Object.defineProperty(f, "length", {value: m[1]});
		Object.defineProperty(pp, m[0], {value: f, writable: true, enumerable: true, configurable: true});
	});
	Object.defineProperty(pp, Symbol.toStringTag, {value: "Path2D", configurable: true});
	// ImageBitmap keeps only its size (createImageBitmap resolves at once).
	// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#images-2
	var bitmaps = new WeakMap();
	function ImageBitmap() { throw new TypeError("Failed to construct 'ImageBitmap': Illegal constructor") }
	var bp = ImageBitmap.prototype;
	["width", "height"].forEach(function (k) {
		Object.defineProperty(bp, k, {enumerable: true, configurable: true, get: function () {
			var b = bitmaps.get(this);
			if (!b) throw new TypeError("Illegal invocation");
			return b.closed ? 0 : b[k];
		}});
	});
	Object.defineProperty(bp, "close", {value: function close() {
		var b = bitmaps.get(this);
		if (!b) throw new TypeError("Illegal invocation");
		b.closed = true;
	}, writable: true, enumerable: true, configurable: true});
	Object.defineProperty(bp, Symbol.toStringTag, {value: "ImageBitmap", configurable: true});
	var is = function (v, name) { var C = g[name]; return typeof C === "function" && v instanceof C };
	function createImageBitmap(source) {
		var w, h;
		if (source && typeof source === "object" && (is(source, "HTMLImageElement") || is(source, "SVGImageElement"))) {
			w = source.naturalWidth || source.width || 0; h = source.naturalHeight || source.height || 0;
		} else if (source && typeof source === "object" && (is(source, "HTMLCanvasElement") || is(source, "HTMLVideoElement") || bitmaps.has(source) ||
			source.data instanceof Uint8ClampedArray)) {
			w = source.width | 0; h = source.height | 0;
		} else if (source && typeof source === "object" && is(source, "Blob")) {
			w = 0; h = 0;
		} else {
			return Promise.reject(new TypeError("Failed to execute 'createImageBitmap' on 'Window': The provided value is not of type '(Blob or HTMLCanvasElement or HTMLImageElement or HTMLVideoElement or ImageBitmap or ImageData or OffscreenCanvas or SVGImageElement or VideoFrame)'."));
		}
		if (arguments.length >= 5 && typeof arguments[3] === "number" && typeof arguments[4] === "number") {
			w = Math.abs(arguments[3]) | 0; h = Math.abs(arguments[4]) | 0;
		}
		var b = Object.create(bp);
		bitmaps.set(b, {width: w, height: h, closed: false});
		return Promise.resolve(b);
	}
	Object.defineProperty(createImageBitmap, "length", {value: 1});
	var make = function (canvas) {
		var c = Object.create(p);
		var state = {fillStyle: "#000000", strokeStyle: "#000000", lineWidth: 1, lineCap: "butt", lineJoin: "miter",
			miterLimit: 10, lineDashOffset: 0, font: "10px sans-serif", textAlign: "start", textBaseline: "alphabetic",
			direction: "inherit", globalAlpha: 1, globalCompositeOperation: "source-over", imageSmoothingEnabled: true,
			imageSmoothingQuality: "low", shadowBlur: 0, shadowColor: "rgba(0, 0, 0, 0)", shadowOffsetX: 0,
			shadowOffsetY: 0, filter: "none", letterSpacing: "0px", wordSpacing: "0px"};
		Object.keys(state).forEach(function (k) { c[k] = state[k] });
		Object.defineProperty(c, "canvas", {value: canvas, enumerable: true});
		return c;
	};
	return {CanvasRenderingContext2D: CanvasRenderingContext2D, Path2D: Path2D, CanvasGradient: CanvasGradient, CanvasPattern: CanvasPattern,
		ImageBitmap: ImageBitmap, createImageBitmap: createImageBitmap, make: make};
})`

// installCanvas defines CanvasRenderingContext2D, Path2D, CanvasGradient,
// CanvasPattern, ImageBitmap and createImageBitmap on the global,
// made on first use like the interface objects.
func (w *Window) installCanvas() {
	for _, name := range []string{"CanvasRenderingContext2D", "Path2D", "CanvasGradient", "CanvasPattern", "ImageBitmap", "createImageBitmap"} {
		_ = w.realm.DefineLazy(w.global, name, func() goja.Value {
			if api := w.canvasAPI(); api != nil {
				return api.Get(name)
			}
			return goja.Undefined()
		})
	}
}

// canvasAPI runs canvasSource once per window.
func (w *Window) canvasAPI() *goja.Object {
	if w.canvasObjs == nil {
		v, err := w.RunScript("canvas.js", canvasSource)
		if err != nil {
			return nil
		}
		f, _ := goja.AssertFunction(v)
		api, err := f(goja.Undefined(), w.global)
		if err != nil {
			return nil
		}
		w.canvasObjs = api.ToObject(w.rt)
		w.newCanvasCtx, _ = goja.AssertFunction(w.canvasObjs.Get("make"))
	}
	return w.canvasObjs
}

// canvasContext implements HTMLCanvasElement.getContext: a non-drawing 2D
// context (the same one each time), null for WebGL and the others.
func (w *Window) canvasContext(n *dom.Node, kind string) goja.Value {
	if kind != "2d" {
		return w.null
	}
	if c := w.canvases[n]; c != nil {
		return c
	}
	if w.canvasAPI() == nil || w.newCanvasCtx == nil {
		return w.null
	}
	v, ok := w.call(w.newCanvasCtx, goja.Undefined(), w.wrap(n))
	if !ok {
		return w.null
	}
	o, _ := v.(*goja.Object)
	if w.canvases == nil {
		w.canvases = make(map[*dom.Node]*goja.Object)
	}
	w.canvases[n] = o
	return o
}
