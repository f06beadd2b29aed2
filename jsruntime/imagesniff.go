package jsruntime

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"image"
	_ "image/gif" // image.DecodeConfig reads GIF, JPEG and PNG headers
	_ "image/jpeg"
	_ "image/png"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// dataImage decides what a data: image source is without fetching it, as
// Chromium does from its bytes (https://mimesniff.spec.whatwg.org/#image-type-pattern-matching-algorithm):
// an image of a format Chromium decodes (PNG, JPEG, GIF, WebP, BMP, ICO,
// AVIF, and SVG by its declared type) loads, with its natural size when its
// header gives one (ok2 false: the size is not known, the caller's
// synthetic size stands); anything else is broken and fires error. Lazy
// loaders put "data:," or a 1×1 GIF in src, and Modernizr's jpeg2000,
// jpegxr and datauri tests read load, error and the size.
func dataImage(mime string, body []byte) (loads bool, width, height int, sized bool) {
	if ascii.EqualFold(strings.TrimSpace(strings.SplitN(mime, ";", 2)[0]), "image/svg+xml") {
		w, h, ok := svgImageSize(body)
		return true, w, h, ok
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(body)); err == nil {
		return true, cfg.Width, cfg.Height, true
	}
	switch {
	case len(body) >= 16 && string(body[:4]) == "RIFF" && string(body[8:12]) == "WEBP":
		w, h, ok := webpSize(body)
		return true, w, h, ok
	case len(body) >= 26 && string(body[:2]) == "BM":
		w := int(int32(binary.LittleEndian.Uint32(body[18:22])))
		h := int(int32(binary.LittleEndian.Uint32(body[22:26])))
		if h < 0 {
			h = -h
		}
		return true, w, h, w > 0 && h > 0
	case len(body) >= 8 && (string(body[:4]) == "\x00\x00\x01\x00" || string(body[:4]) == "\x00\x00\x02\x00"):
		// ICO and CUR: the first entry's size, 0 meaning 256
		w, h := int(body[6]), int(body[7])
		if w == 0 {
			w = 256
		}
		if h == 0 {
			h = 256
		}
		return true, w, h, true
	case len(body) >= 12 && string(body[4:8]) == "ftyp" && (string(body[8:12]) == "avif" || string(body[8:12]) == "avis"):
		return true, 0, 0, false
	}
	return false, 0, 0, false
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

// svgImageSize is the natural size of an SVG image whose root element has
// width and height in pixels (unitless or px); other sizes (percentages,
// only a viewBox) are not worked out here.
func svgImageSize(b []byte) (int, int, bool) {
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = false
	for range 64 {
		tok, err := d.Token()
		if err != nil {
			return 0, 0, false
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if se.Name.Local != "svg" {
			return 0, 0, false
		}
		w, h := -1.0, -1.0
		for _, a := range se.Attr {
			if a.Name.Space != "" {
				continue
			}
			v := strings.TrimSuffix(strings.TrimSpace(a.Value), "px")
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 {
				continue
			}
			switch a.Name.Local {
			case "width":
				w = f
			case "height":
				h = f
			}
		}
		if w < 0 || h < 0 {
			return 0, 0, false
		}
		return int(w), int(h), true
	}
	return 0, 0, false
}
