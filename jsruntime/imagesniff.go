package jsruntime

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"image"
	_ "image/gif" // image.DecodeConfig reads GIF, JPEG and PNG headers
	_ "image/jpeg"
	_ "image/png"
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// dataImage decides what a data: image source is without fetching it, as
// Chromium does from its bytes (https://mimesniff.spec.whatwg.org/#image-type-pattern-matching-algorithm):
// an image of a format Chromium decodes (PNG, JPEG, GIF, WebP, BMP, ICO,
// AVIF, and SVG by its declared type) loads, with its natural dimensions when its
// header gives them (sized false: they are not known, the caller's
// synthetic size stands); anything else is broken and fires error. Lazy
// loaders put "data:," or a 1×1 GIF in src, and Modernizr's jpeg2000,
// jpegxr and datauri tests read load, error and the size.
func dataImage(mime string, body []byte) (loads bool, dims imageDims, sized bool) {
	if ascii.EqualFold(strings.TrimSpace(strings.SplitN(mime, ";", 2)[0]), "image/svg+xml") {
		d, ok := svgImageSize(body)
		return true, d, ok
	}
	w, h, loads, sized := rasterSize(body)
	return loads, fullDims(w, h), sized
}

// rasterSize reads the size of a raster image from its header: GIF, JPEG
// and PNG with the standard library, WebP, BMP and ICO; AVIF loads with
// no size known (sized false); loads is false for anything else.
func rasterSize(body []byte) (width, height int, loads, sized bool) {
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(body)); err == nil {
		return cfg.Width, cfg.Height, true, true
	}
	switch {
	case len(body) >= 16 && string(body[:4]) == "RIFF" && string(body[8:12]) == "WEBP":
		w, h, ok := webpSize(body)
		return w, h, true, ok
	case len(body) >= 26 && string(body[:2]) == "BM":
		w := int(int32(binary.LittleEndian.Uint32(body[18:22])))
		h := int(int32(binary.LittleEndian.Uint32(body[22:26])))
		if h < 0 {
			h = -h
		}
		return w, h, true, w > 0 && h > 0
	case len(body) >= 8 && (string(body[:4]) == "\x00\x00\x01\x00" || string(body[:4]) == "\x00\x00\x02\x00"):
		// ICO and CUR: the first entry's size, 0 meaning 256
		w, h := int(body[6]), int(body[7])
		if w == 0 {
			w = 256
		}
		if h == 0 {
			h = 256
		}
		return w, h, true, true
	case len(body) >= 12 && string(body[4:8]) == "ftyp" && (string(body[8:12]) == "avif" || string(body[8:12]) == "avis"):
		return 0, 0, true, false
	}
	return 0, 0, false, false
}

// imageDims are an image's natural dimensions: its width and height in
// CSS pixels, either of which an SVG image may lack (-1: its root has no
// absolute width or height), and its natural ratio, width over height (0
// for none).
// https://drafts.csswg.org/css-images-3/#natural-dimensions
type imageDims struct{ w, h, ratio float64 }

// fullDims are the dimensions of an image w by h.
func fullDims(w, h int) imageDims {
	d := imageDims{w: float64(w), h: float64(h)}
	if w > 0 && h > 0 {
		d.ratio = d.w / d.h
	}
	return d
}

// sized tells whether d has both a width and a height, neither 0: the
// image is sized by them (and its ratio is theirs).
func (d imageDims) sized() bool { return d.w > 0 && d.h > 0 }

// concrete is the size of an image of dimensions d with no sizes of its
// own (CSS's default sizing): a missing dimension comes from the other
// and the ratio, else from the default object size, 300×150, which a
// ratio alone is fitted into. Chromium reports it as the naturalWidth and
// naturalHeight of an SVG image.
// https://drafts.csswg.org/css-images-3/#default-sizing
func (d imageDims) concrete() (w, h float64) {
	w, h = d.w, d.h
	switch {
	case w >= 0 && h >= 0:
	case w >= 0:
		h = 150
		if d.ratio > 0 {
			h = w / d.ratio
		}
	case h >= 0:
		w = 300
		if d.ratio > 0 {
			w = h * d.ratio
		}
	case d.ratio >= 2:
		w, h = 300, 300/d.ratio
	case d.ratio > 0:
		w, h = 150*d.ratio, 150
	default:
		w, h = 300, 150
	}
	return w, h
}

// reported is the natural size script reads (naturalWidth,
// naturalHeight): the concrete size, rounded to whole pixels.
func (d imageDims) reported() (w, h int) {
	cw, ch := d.concrete()
	return int(math.Round(min(cw, math.MaxInt32))), int(math.Round(min(ch, math.MaxInt32)))
}

// webpSize reads a WebP file's canvas size (simple lossy, lossless and
// extended formats). https://developers.google.com/speed/webp/docs/riff_container
func webpSize(b []byte) (int, int, bool) {
	switch string(b[12:16]) {
	case "VP8 ":
		if len(b) >= 30 && b[23] == 0x9d && b[24] == 0x01 && b[25] == 0x2a {
			return int(binary.LittleEndian.Uint16(b[26:28]) & 0x3fff), int(binary.LittleEndian.Uint16(b[28:30]) & 0x3fff), true
		}
	case "VP8L":
		if len(b) >= 25 && b[20] == 0x2f {
			v := binary.LittleEndian.Uint32(b[21:25])
			return int(v&0x3fff) + 1, int(v>>14&0x3fff) + 1, true
		}
	case "VP8X":
		if len(b) < 30 {
			break
		}
		w := int(b[24]) | int(b[25])<<8 | int(b[26])<<16
		h := int(b[27]) | int(b[28])<<8 | int(b[29])<<16
		return w + 1, h + 1, true
	}
	return 0, 0, false
}

// svgImageSize reads the natural dimensions of an SVG image from its root
// element: its width and height when they are absolute lengths (a
// percentage, or none, leaves that dimension out; a negative one is 0, as
// in Chromium), em and ex of the image's default 16px font; its ratio
// from both when neither is 0, else from its viewBox. ok is false when
// the bytes do not start with an svg root.
// https://svgwg.org/svg2-draft/coords.html#SizingSVGInCSS
func svgImageSize(b []byte) (d imageDims, ok bool) {
	dec := xml.NewDecoder(bytes.NewReader(b))
	dec.Strict = false
	for range 64 {
		tok, err := dec.Token()
		if err != nil {
			return imageDims{}, false
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if se.Name.Local != "svg" {
			return imageDims{}, false
		}
		d = imageDims{w: -1, h: -1}
		var viewBox string
		for _, a := range se.Attr {
			if a.Name.Space != "" {
				continue
			}
			switch a.Name.Local {
			case "width":
				d.w = svgImageLength(a.Value)
			case "height":
				d.h = svgImageLength(a.Value)
			case "viewBox":
				viewBox = a.Value
			}
		}
		if d.w > 0 && d.h > 0 {
			d.ratio = d.w / d.h
		} else if r, ok := parseViewBox(viewBox); ok && r[2] > 0 && r[3] > 0 {
			d.ratio = r[2] / r[3]
		}
		if math.IsInf(d.ratio, 0) || math.IsNaN(d.ratio) {
			d.ratio = 0
		}
		return d, true
	}
	return imageDims{}, false
}

// svgImageLength is an SVG image root's width or height in CSS pixels: -1
// for none (a percentage, or a value that is no length).
func svgImageLength(v string) float64 {
	u, x, ok := parseLength(v)
	if !ok || u == lengthPercentage || math.IsInf(x, 0) || math.IsNaN(x) {
		return -1
	}
	switch u {
	case lengthEMS:
		x *= 16
	case lengthEXS:
		x *= 8
	case lengthCM, lengthMM, lengthIN, lengthPT, lengthPC:
		x *= absoluteLengths[lengthSuffixes[u]]
	}
	return layoutUnit(min(max(x, 0), 1<<24)) // in Chromium's layout unit, as its box
}
