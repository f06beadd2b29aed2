package jsruntime

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"strconv"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// ImageData, ImageBitmap, ImageBitmapRenderingContext and OffscreenCanvas:
// sizes and states without pixels (see canvas.go).
// https://html.spec.whatwg.org/multipage/canvas.html#pixel-manipulation
// https://html.spec.whatwg.org/multipage/canvas.html#the-offscreencanvas-interface

// newImageData makes an ImageData of w×h transparent black pixels,
// throwing a RangeError for sizes bangsnap will not allocate.
func newImageData(r *bind.Realm, w, h int, colorSpace, what string) goja.Value {
	if w <= 0 || h <= 0 || w*h > maxImageDataPixels || w > 1<<24 || h > 1<<24 {
		r.ThrowRangeError("Failed to " + what + ": Out of memory at ImageData creation.")
	}
	win := win(r)
	if win.uint8Clamped == nil {
		r.ThrowTypeError("Failed to %s: Uint8ClampedArray is not available.", what)
	}
	data, err := r.Runtime.New(win.uint8Clamped, r.Int(w*h*4))
	if err != nil {
		r.Throw(err)
	}
	return r.WrapObject(&canvasImageData{width: w, height: h, data: data, colorSpace: colorSpace}, r.Class("ImageData"))
}

// maxImageDataPixels bounds the pixels of one ImageData (64 MB of data):
// Chromium allocates up to its typed array limit, bangsnap will not.
const maxImageDataPixels = 1 << 24

// imageDataSettings reads an ImageDataSettings dictionary: colorSpace,
// then pixelFormat (an ImageDataPixelFormat; its "rgba-float16" needs a
// Float16Array, which goja lacks: the data stays a Uint8ClampedArray).
// https://html.spec.whatwg.org/multipage/canvas.html#imagedatasettings
func imageDataSettings(r *bind.Realm, v goja.Value, w string) (colorSpace_, pixelFormat string) {
	colorSpace_, pixelFormat = "srgb", "rgba-unorm8"
	d := bind.NewDictionary(v, "ImageDataSettings")
	d.Convert("colorSpace", func(cs goja.Value) { colorSpace_ = colorSpace(r, cs, w, "ImageDataSettings") })
	if f, ok := d.Enum("pixelFormat", "ImageDataPixelFormat", "rgba-unorm8", "rgba-float16"); ok {
		pixelFormat = f
	}
	return colorSpace_, pixelFormat
}

// imageDataArray reports whether v is an ImageDataArray, the typed arrays
// that choose the ImageData constructor taking data (any other value is
// the width of the one taking sizes), and gives its constructor's name.
func imageDataArray(r *bind.Realm, v goja.Value) (*goja.Object, string, bool) {
	o, ok := v.(*goja.Object)
	if !ok || !isTypedArray(o) {
		return nil, "", false
	}
	name := o.Get("constructor").ToObject(r.Runtime).Get("name").String()
	switch name {
	case "Uint8ClampedArray", "Float16Array", "Float32Array":
		return o, name, true
	}
	return nil, "", false
}

var imageDataIface = &bind.Interface{
	Name:       "ImageData",
	CtorLength: 2,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		const w = "construct 'ImageData'"
		if o, name, ok := imageDataArray(r, args[0]); ok {
			// The arguments are converted before any check.
			sw := int(bind.UnsignedLong(args[1]))
			sh, hasHeight := 0, len(args) > 2 && !goja.IsUndefined(args[2])
			if hasHeight {
				sh = int(bind.UnsignedLong(args[2]))
			}
			cs, format := imageDataSettings(r, bind.Arg(args, 3), w)
			n := int(o.Get("length").ToInteger())
			if n == 0 {
				r.ThrowDOMException("InvalidStateError", "Failed to "+w+": The input data has zero elements.")
			}
			if n%4 != 0 {
				r.ThrowDOMException("InvalidStateError", "Failed to "+w+": The input data length is not a multiple of 4.")
			}
			if sw == 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The source width is zero or not a number.")
			}
			if hasHeight && sh == 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The source height is zero or not a number.")
			}
			if (n/4)%sw != 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The input data length is not a multiple of (4 * width).")
			}
			if hasHeight && sh != n/4/sw {
				r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The input data length is not equal to (4 * width * height).")
			}
			want := map[string]string{"Uint8ClampedArray": "rgba-unorm8", "Float16Array": "rgba-float16", "Float32Array": "rgba-float32"}[name]
			if want != format {
				r.ThrowDOMException("InvalidStateError", "Failed to "+w+": "+name+" must use "+want+" pixelFormat.")
			}
			return &canvasImageData{width: sw, height: n / 4 / sw, data: o, colorSpace: cs}
		}
		sw, sh := bind.UnsignedLong(args[0]), bind.UnsignedLong(args[1])
		cs, _ := imageDataSettings(r, bind.Arg(args, 2), w)
		if sw == 0 {
			r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The source width is zero or not a number.")
		}
		if sh == 0 {
			r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The source height is zero or not a number.")
		}
		if uint64(sw)*uint64(sh)*4 > math.MaxUint32 {
			r.ThrowDOMException("IndexSizeError", "Failed to "+w+": The requested image size exceeds the supported range.")
		}
		return newImageData(r, int(sw), int(sh), cs, w).(*goja.Object)
	},
	Attributes: []bind.Attribute{
		{Name: "width", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*canvasImageData).width) }},
		{Name: "height", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*canvasImageData).height) }},
		{Name: "colorSpace", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*canvasImageData).colorSpace) }},
		{Name: "data", Get: func(r *bind.Realm, this any) goja.Value { return this.(*canvasImageData).data }},
		{Name: "pixelFormat", Get: func(r *bind.Realm, this any) goja.Value { return r.String("rgba-unorm8") }},
	},
}

// isTypedArray tells whether o is a typed array (by its constructor's
// name, the way the ImageData constructor's overloads are told apart).
func isTypedArray(o *goja.Object) bool {
	if _, ok := o.Export().(goja.ArrayBuffer); ok {
		return false
	}
	bpe := o.Get("BYTES_PER_ELEMENT")
	return bpe != nil && !goja.IsUndefined(bpe) && o.Get("buffer") != nil && !goja.IsUndefined(o.Get("buffer"))
}

var imageBitmapIface = &bind.Interface{
	Name: "ImageBitmap",
	Attributes: []bind.Attribute{
		{Name: "width", Get: func(r *bind.Realm, this any) goja.Value {
			if b := this.(*imageBitmap); !b.closed {
				return r.Int(b.width)
			}
			return r.Int(0)
		}},
		{Name: "height", Get: func(r *bind.Realm, this any) goja.Value {
			if b := this.(*imageBitmap); !b.closed {
				return r.Int(b.height)
			}
			return r.Int(0)
		}},
	},
	Methods: []bind.Method{{Name: "close", Fn: func(_ *bind.Realm, this any, _ []goja.Value) goja.Value {
		this.(*imageBitmap).closed = true
		return nil
	}}},
}

var imageBitmapRenderingContextIface = &bind.Interface{
	Name: "ImageBitmapRenderingContext",
	Attributes: []bind.Attribute{{Name: "canvas", Get: func(r *bind.Realm, this any) goja.Value {
		b := this.(*canvasBitmapCtx)
		if b.node != nil {
			return win(r).wrap(b.node)
		}
		return r.WrapObject(b.off, r.Class("OffscreenCanvas"))
	}}},
	Methods: []bind.Method{{Name: "transferFromImageBitmap", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		if bind.Nullish(args[0]) {
			return nil
		}
		b, ok := r.UnwrapAs(args[0], r.Class("ImageBitmap"))
		if !ok {
			r.ThrowTypeError("Failed to execute 'transferFromImageBitmap' on 'ImageBitmapRenderingContext': parameter 1 is not of type 'ImageBitmap'.")
		}
		bm := b.(*imageBitmap)
		if bm.closed {
			r.ThrowDOMException("InvalidStateError", "Failed to execute 'transferFromImageBitmap' on 'ImageBitmapRenderingContext': The input ImageBitmap has been detached")
		}
		bm.closed = true
		return nil
	}}},
}

func offscreenOf(this any) *offscreenCanvas { return this.(*offscreenCanvas) }

func offscreenDim(name string, field func(o *offscreenCanvas) *uint64) bind.Attribute {
	return bind.Attribute{Name: name,
		Get: func(r *bind.Realm, this any) goja.Value { return r.Float(float64(*field(offscreenOf(this)))) },
		Set: func(r *bind.Realm, this any, v goja.Value) {
			o := offscreenOf(this)
			f := enforceLong(r, v, "set the '"+name+"' property on 'OffscreenCanvas'", 0, math.MaxUint32, "unsigned long")
			*field(o) = uint64(f)
			if c, ok := o.ctx.(*canvas2D); ok {
				c.reset()
			}
			if o.framed {
				// the cleared bitmap of the new size goes to the placeholder
				o.w.pushOffscreenSoon(o)
			}
		}}
}

var offscreenCanvasIface = &bind.Interface{
	Name:       "OffscreenCanvas",
	Parent:     "EventTarget",
	CtorLength: 2,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		const w = "construct 'OffscreenCanvas'"
		wd := enforceLong(r, args[0], w, 0, math.MaxUint32, "unsigned long")
		ht := enforceLong(r, args[1], w, 0, math.MaxUint32, "unsigned long")
		return &offscreenCanvas{width: uint64(wd), height: uint64(ht)}
	},
	Attributes: []bind.Attribute{
		offscreenDim("width", func(o *offscreenCanvas) *uint64 { return &o.width }),
		offscreenDim("height", func(o *offscreenCanvas) *uint64 { return &o.height }),
		handlerAttr("contextlost"),
		handlerAttr("contextrestored"),
	},
	Methods: []bind.Method{
		{Name: "convertToBlob", Promise: true, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			o := offscreenOf(this)
			if o.ctx == nil {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'convertToBlob' on 'OffscreenCanvas': OffscreenCanvas object has no rendering contexts")
			}
			if o.width == 0 || o.height == 0 {
				r.ThrowDOMException("IndexSizeError", "Failed to execute 'convertToBlob' on 'OffscreenCanvas': The size of the OffscreenCanvas is zero.")
			}
			// Nothing is ever drawn: the bitmap is transparent black.
			if o.width*o.height > maxImageDataPixels {
				r.ThrowDOMException("EncodingError", "Failed to execute 'convertToBlob' on 'OffscreenCanvas': Encoding of the source image has failed.")
			}
			var buf bytes.Buffer
			if err := png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, int(o.width), int(o.height)))); err != nil {
				r.ThrowDOMException("EncodingError", "Failed to execute 'convertToBlob' on 'OffscreenCanvas': Encoding of the source image has failed.")
			}
			blob := r.WrapObject(xhr.NewBlob([][]byte{buf.Bytes()}, "image/png"), r.Class("Blob"))
			p, resolve, _ := r.Runtime.NewPromise()
			_ = resolve(blob)
			return r.Runtime.ToValue(p)
		}},
		{Name: "getContext", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const w = "execute 'getContext' on 'OffscreenCanvas'"
			o := offscreenOf(this)
			kind := canvasEnum(r, args[0], w, "OffscreenRenderingContextType", "2d", "bitmaprenderer", "webgl", "webgl2", "webgpu")
			attrs := contextAttrs(r, bind.Arg(args, 1), w)
			if o.detached {
				r.ThrowDOMException("InvalidStateError", "Failed to "+w+": OffscreenCanvas object is detached")
			}
			return win(r).contextFor(&o.ctx, kind, attrs, nil, o)
		}},
		{Name: "transferToImageBitmap", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			o := offscreenOf(this)
			if o.ctx == nil {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'transferToImageBitmap' on 'OffscreenCanvas': Cannot transfer an ImageBitmap from an OffscreenCanvas with no context")
			}
			return r.WrapObject(&imageBitmap{width: int(o.width), height: int(o.height)}, r.Class("ImageBitmap"))
		}},
	},
}

// offscreenPlaceholder marks a canvas whose control went to an
// OffscreenCanvas.
var offscreenPlaceholder any = &struct{ transferred bool }{true}

// transferControlToOffscreen gives the canvas's size to a new
// OffscreenCanvas.
// https://html.spec.whatwg.org/multipage/canvas.html#dom-canvas-transfercontroltooffscreen
func (w *Window) transferControlToOffscreen(n *dom.Node) goja.Value {
	const what = "execute 'transferControlToOffscreen' on 'HTMLCanvasElement'"
	switch w.canvases[n] {
	case nil:
	case offscreenPlaceholder:
		w.realm.ThrowDOMException("InvalidStateError", "Failed to "+what+": Cannot transfer control from a canvas for more than one time.")
	default:
		w.realm.ThrowDOMException("InvalidStateError", "Failed to "+what+": Cannot transfer control from a canvas that has a rendering context.")
	}
	if w.canvases == nil {
		w.canvases = make(map[*dom.Node]any)
	}
	w.canvases[n] = offscreenPlaceholder
	o := &offscreenCanvas{width: uint64(canvasDim(n, "width", 300)), height: uint64(canvasDim(n, "height", 150)), placeholder: n, w: w}
	return w.realm.WrapObject(o, w.realm.Class("OffscreenCanvas"))
}

// drew notes that c drew on its bitmap: an OffscreenCanvas's frame then
// goes to its placeholder canvas element.
func (c *canvas2D) drew() {
	if o := c.off; o != nil && o.placeholder != nil {
		o.framed = true
		o.w.pushOffscreenSoon(o)
	}
}

// pushOffscreenSoon sends o's frame to its placeholder at the next
// rendering update.
func (w *Window) pushOffscreenSoon(o *offscreenCanvas) {
	for _, p := range w.offscreenDue {
		if p == o {
			return
		}
	}
	w.offscreenDue = append(w.offscreenDue, o)
	if len(w.offscreenDue) == 1 && w.loop != nil {
		w.loop.SetFrameTimer(w.loop.Elapsed(), w.pushOffscreenFrames)
	}
}

// pushOffscreenFrames gives each placeholder canvas whose OffscreenCanvas
// drew a frame that frame's size, as Chromium does when the frame arrives
// (a few frames after it is drawn, there): when the bitmap's size is not
// the placeholder's, its width and height attributes are set to it, which
// sizes its box. A placeholder
// whose OffscreenCanvas never drew keeps its size.
// https://html.spec.whatwg.org/multipage/canvas.html#offscreencanvas-placeholder
func (w *Window) pushOffscreenFrames() {
	due := w.offscreenDue
	w.offscreenDue = nil
	for _, o := range due {
		n := o.placeholder
		if uint64(canvasDim(n, "width", 300)) == o.width && uint64(canvasDim(n, "height", 150)) == o.height {
			continue // the size it has: its attributes are left alone
		}
		w.check(n.SetAttribute("width", strconv.FormatUint(o.width, 10)))
		w.check(n.SetAttribute("height", strconv.FormatUint(o.height, 10)))
	}
}

// createImageBitmap resolves with an ImageBitmap of the source's size (or
// the crop's); nothing is decoded (a Blob's header is read for its size).
// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#dom-createimagebitmap
func createImageBitmap(w *Window, args []goja.Value) goja.Value {
	r := w.realm
	const what = "execute 'createImageBitmap' on 'Window'"
	var bw, bh int
	impl, cls, ok := r.Unwrap(args[0])
	switch {
	case !ok:
		r.ThrowTypeError("Failed to %s: The provided value is not of type '(Blob or HTMLCanvasElement or HTMLImageElement or HTMLVideoElement or ImageBitmap or ImageData or OffscreenCanvas or SVGImageElement or VideoFrame)'.", what)
	case cls.Name() == "ImageData":
		d := impl.(*canvasImageData)
		bw, bh = d.width, d.height
	case cls.Name() == "ImageBitmap":
		b := impl.(*imageBitmap)
		if b.closed {
			r.ThrowDOMException("InvalidStateError", "Failed to "+what+": The image source is detached")
		}
		bw, bh = b.width, b.height
	case cls.Name() == "OffscreenCanvas":
		o := impl.(*offscreenCanvas)
		bw, bh = int(o.width), int(o.height)
	case r.Class("Blob") != nil && cls.Is(r.Class("Blob")):
		// A Blob is read and sniffed in parallel: one that is no image of
		// a supported format, or whose size its data does not give,
		// rejects with an InvalidStateError.
		blob := blobOf(impl)
		info, loads := SniffImage(blob.Type(), blob.Bytes())
		bw, bh := info.Width, info.Height
		sized := info.own && info.dims.sized() // (an SVG image needs a size of its own)
		if len(args) >= 5 {
			bw, bh = int(math.Abs(bind.Number(args[3]))), int(math.Abs(bind.Number(args[4])))
		}
		p, resolve, reject := r.Runtime.NewPromise()
		w.loop.QueueTask(func() {
			if !loads || !sized {
				_ = reject(r.NewDOMException("InvalidStateError", "The source image could not be decoded."))
				return
			}
			_ = resolve(r.WrapObject(&imageBitmap{width: bw, height: bh}, r.Class("ImageBitmap")))
		})
		return r.Runtime.ToValue(p)
	default:
		n, isNode := impl.(*dom.Node)
		if !isNode || !n.IsElement() {
			r.ThrowTypeError("Failed to %s: The provided value is not of type '(Blob or HTMLCanvasElement or HTMLImageElement or HTMLVideoElement or ImageBitmap or ImageData or OffscreenCanvas or SVGImageElement or VideoFrame)'.", what)
		}
		o := args[0].(*goja.Object)
		switch {
		case isHTMLElement(n) && n.Data == "img" || n.Namespace == "svg" && n.Data == "image":
			bw, bh = int(o.Get("naturalWidth").ToInteger()), int(o.Get("naturalHeight").ToInteger())
			if bw == 0 || bh == 0 {
				bw, bh = int(o.Get("width").ToInteger()), int(o.Get("height").ToInteger())
			}
		case isHTMLElement(n) && (n.Data == "canvas" || n.Data == "video"):
			bw, bh = int(o.Get("width").ToInteger()), int(o.Get("height").ToInteger())
		default:
			r.ThrowTypeError("Failed to %s: The provided value is not of type '(Blob or HTMLCanvasElement or HTMLImageElement or HTMLVideoElement or ImageBitmap or ImageData or OffscreenCanvas or SVGImageElement or VideoFrame)'.", what)
		}
	}
	if len(args) >= 5 {
		sw, sh := bind.Number(args[3]), bind.Number(args[4])
		bw, bh = int(math.Abs(sw)), int(math.Abs(sh))
	}
	b := r.WrapObject(&imageBitmap{width: bw, height: bh}, r.Class("ImageBitmap"))
	p, resolve, _ := r.Runtime.NewPromise()
	_ = resolve(b)
	return r.Runtime.ToValue(p)
}

// Serialize makes structured clone's copy of an ImageData: its size and
// color space, and a copy of its pixels in a new Uint8ClampedArray of to.
// https://html.spec.whatwg.org/multipage/canvas.html#pixel-manipulation
// (ImageData is [Serializable])
func (d *canvasImageData) Serialize(to *bind.Realm) (any, bool) {
	src, ok := webapi.BufferSourceOf(to.Runtime, d.data)
	w, isWin := to.Host.(*Window)
	if !ok || !isWin || w.uint8Clamped == nil {
		return nil, false
	}
	buf := to.Runtime.NewArrayBuffer(append([]byte(nil), src.Bytes...))
	data, err := to.Runtime.New(w.uint8Clamped, to.Runtime.ToValue(buf))
	if err != nil {
		return nil, false
	}
	return &canvasImageData{width: d.width, height: d.height, data: data, colorSpace: d.colorSpace}, true
}

// Serialize makes structured clone's copy of an ImageBitmap; a closed one
// cannot be cloned (a DataCloneError).
// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#the-imagebitmap-interface
func (b *imageBitmap) Serialize(*bind.Realm) (any, bool) {
	if b.closed {
		return nil, false
	}
	return &imageBitmap{width: b.width, height: b.height}, true
}

// TransferError, TransferTo and Detach make an ImageBitmap transferable:
// the copy takes its size, the original is closed (detached).
// https://html.spec.whatwg.org/multipage/imagebitmap-and-animations.html#the-imagebitmap-interface
func (b *imageBitmap) TransferError() (string, string) {
	if b.closed {
		return "DataCloneError", "An ImageBitmap is detached and could not be cloned."
	}
	return "", ""
}
func (b *imageBitmap) TransferTo(*bind.Realm) any {
	return &imageBitmap{width: b.width, height: b.height}
}
func (b *imageBitmap) Detach() { b.closed = true }

// TransferError, TransferTo and Detach make an OffscreenCanvas
// transferable while it has no context: the copy takes its size (and its
// placeholder canvas, which keeps showing what the copy draws), the
// original is detached.
// https://html.spec.whatwg.org/multipage/canvas.html#the-offscreencanvas-interface (transfer steps)
func (o *offscreenCanvas) TransferError() (string, string) {
	switch {
	case o.detached:
		return "DataCloneError", "An OffscreenCanvas is detached and could not be cloned."
	case o.ctx != nil:
		return "InvalidStateError", "An OffscreenCanvas could not be transferred because it had a rendering context."
	}
	return "", ""
}
func (o *offscreenCanvas) TransferTo(*bind.Realm) any {
	return &offscreenCanvas{width: o.width, height: o.height, placeholder: o.placeholder, w: o.w}
}
func (o *offscreenCanvas) Detach() { o.detached = true }
