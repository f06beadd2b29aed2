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
)

// maxEncodedCanvasPixels bounds the canvases toDataURL encodes (Chromium's
// own limit is about this area); a larger one gives "data:,", as a canvas
// without pixels does.
const maxEncodedCanvasPixels = 16384 * 16384

// canvasDataURL serializes a canvas's bitmap as toDataURL does
// (https://html.spec.whatwg.org/multipage/canvas.html#dom-canvas-todataurl):
// "data:," when it has no pixels, else a PNG, or a JPEG for "image/jpeg"
// with quality in [0, 1]; any other type is PNG, as the spec says for
// types the browser cannot write (Chromium also writes WebP). Nothing is
// ever drawn here, so the bitmap is the blank one: transparent black, which
// a JPEG shows as black. Feature tests (Modernizr's todataurl*) read the
// URL's prefix, and pages put it in an img src.
func canvasDataURL(width, height int, typ string, quality float64) string {
	if width <= 0 || height <= 0 || float64(width)*float64(height) > maxEncodedCanvasPixels {
		return "data:,"
	}
	if strings.EqualFold(strings.TrimSpace(typ), "image/jpeg") {
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
			return "data:,"
		}
		return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(blankPNG(width, height))
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
