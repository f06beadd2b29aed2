package jsruntime

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// maxEncodedCanvasPixels bounds the canvases toDataURL encodes (Chromium's
// own limit is about this area); a larger one gives "data:,", as a canvas
// without pixels does.
const maxEncodedCanvasPixels = 16384 * 16384

// canvasDataURL serializes a canvas's bitmap as toDataURL does
// (https://html.spec.whatwg.org/multipage/canvas.html#dom-canvas-todataurl):
// "data:," when it has no pixels, else a PNG, a JPEG for "image/jpeg"
// (with quality in [0, 1]) or a lossless WebP for "image/webp", as
// Chromium writes; any other type is PNG, as the spec says for types the
// browser cannot write. Nothing is
// ever drawn here, so the bitmap is the blank one: transparent black, which
// a JPEG shows as black. Feature tests (Modernizr's todataurl*) read the
// URL's prefix, and pages put it in an img src.
func canvasDataURL(width, height int, typ string, quality float64) string {
	mime, data, ok := canvasEncode(width, height, typ, quality)
	if !ok {
		return "data:,"
	}
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data)
}

// canvasEncode writes a canvas's blank bitmap as toDataURL and toBlob
// serialize it: its type and bytes, false when it has no pixels or is too
// large to encode.
func canvasEncode(width, height int, typ string, quality float64) (string, []byte, bool) {
	if width <= 0 || height <= 0 || float64(width)*float64(height) > maxEncodedCanvasPixels {
		return "", nil, false
	}
	if ascii.EqualFold(strings.TrimSpace(typ), "image/jpeg") {
		q := 92 // Chromium's default quality
		if quality >= 0 && quality <= 1 && !math.IsNaN(quality) {
			q = int(math.Round(quality * 100))
		}
		if q < 1 {
			q = 1
		}
		var b bytes.Buffer
		img := image.NewUniform(color.Black)
		if err := jpeg.Encode(&b, boundedImage{img, image.Rect(0, 0, width, height)}, &jpeg.Options{Quality: q}); err != nil {
			return "", nil, false
		}
		return "image/jpeg", b.Bytes(), true
	}
	if ascii.EqualFold(strings.TrimSpace(typ), "image/webp") && width <= 1<<14 && height <= 1<<14 {
		return "image/webp", blankWebP(width, height), true
	}
	return "image/png", blankPNG(width, height), true
}

// blankWebP writes a fully transparent lossless WebP (VP8L) of
// width×height, at most 16384 on a side: no transform, no color cache, and
// five prefix codes of one symbol (0) each, so that every pixel takes no
// bits at all. https://developers.google.com/speed/webp/docs/webp_lossless_bitstream_specification
func blankWebP(width, height int) []byte {
	var bits uint64
	n := 0
	put := func(v uint64, k int) { bits |= v << n; n += k }
	put(uint64(width-1), 14)
	put(uint64(height-1), 14)
	put(1, 1)     // alpha is used
	put(0, 3)     // version
	put(0, 1)     // no transform
	put(0, 1)     // no color cache
	put(0, 1)     // no meta prefix codes
	for range 5 { // green, red, blue, alpha, distance
		put(1, 1) // a simple code
		put(0, 1) // of one symbol
		put(0, 1) // written in 1 bit
		put(0, 1) // symbol 0
	}
	vp8l := []byte{0x2f}
	for i := 0; i < n; i += 8 {
		vp8l = append(vp8l, byte(bits>>i))
	}
	var out bytes.Buffer
	size := 4 + 8 + len(vp8l) + len(vp8l)%2
	out.WriteString("RIFF")
	binary.Write(&out, binary.LittleEndian, uint32(size))
	out.WriteString("WEBPVP8L")
	binary.Write(&out, binary.LittleEndian, uint32(len(vp8l)))
	out.Write(vp8l)
	if len(vp8l)%2 == 1 {
		out.WriteByte(0) // chunks are padded to an even size
	}
	return out.Bytes()
}

// boundedImage gives a uniform image its bounds.
type boundedImage struct {
	*image.Uniform
	r image.Rectangle
}

func (b boundedImage) Bounds() image.Rectangle { return b.r }

// blankPNG writes a fully transparent RGBA PNG of width×height row by row,
// so that a large canvas costs one row of memory, not its bitmap.
// https://www.w3.org/TR/png-3/
func blankPNG(width, height int) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		out.Write(n[:])
		crc := crc32.NewIEEE()
		crc.Write([]byte(kind))
		crc.Write(data)
		out.WriteString(kind)
		out.Write(data)
		binary.BigEndian.PutUint32(n[:], crc.Sum32())
		out.Write(n[:])
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 6 // 8 bits per channel, RGBA
	chunk("IHDR", ihdr[:])
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	row := make([]byte, 1+4*width) // filter type 0, then transparent pixels
	for range height {
		z.Write(row)
	}
	z.Close()
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}
