package jsruntime

import (
	"bytes"
	"encoding/base64"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
)

// toDataURL writes a real image of the canvas's size (blank: nothing is
// drawn), so that feature tests and img sources see what Chromium gives.
func TestCanvasToDataURL(t *testing.T) {
	tests := []struct {
		markup, js   string
		prefix       string
		wantW, wantH int
		decode       func([]byte) (image.Image, error)
	}{
		{`<canvas id=c></canvas>`, `c.toDataURL()`, "data:image/png;base64,", 300, 150, pngDecode},
		{`<canvas id=c width=7 height=3></canvas>`, `c.toDataURL('image/png')`, "data:image/png;base64,", 7, 3, pngDecode},
		{`<canvas id=c width=9 height=4></canvas>`, `c.toDataURL('image/jpeg', 0.5)`, "data:image/jpeg;base64,", 9, 4, jpegDecode},
		{`<canvas id=c width=5 height=5></canvas>`, `c.toDataURL('image/x-unknown')`, "data:image/png;base64,", 5, 5, pngDecode},
		{`<canvas id=c width=7 height=5></canvas>`, `c.toDataURL('image/webp')`, "data:image/webp;base64,", 7, 5, webpDecode},
		{`<canvas id=c width=0 height=5></canvas>`, `c.toDataURL()`, "data:,", 0, 0, nil},
	}
	for _, tt := range tests {
		p := newPage(t, `<!doctype html><body>`+tt.markup+`</body>`, nil)
		p.run()
		got := p.eval(`var c = document.getElementById('c'); ` + tt.js)
		p.noErrors()
		if !strings.HasPrefix(got, tt.prefix) {
			t.Errorf("%s: %.40q, want prefix %q", tt.js, got, tt.prefix)
			continue
		}
		if tt.decode == nil {
			if got != tt.prefix {
				t.Errorf("%s: %q, want %q", tt.js, got, tt.prefix)
			}
			continue
		}
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(got, tt.prefix))
		if err != nil {
			t.Fatalf("%s: base64: %v", tt.js, err)
		}
		img, err := tt.decode(raw)
		if err != nil {
			t.Fatalf("%s: decode: %v", tt.js, err)
		}
		if b := img.Bounds(); b.Dx() != tt.wantW || b.Dy() != tt.wantH {
			t.Errorf("%s: %dx%d image, want %dx%d", tt.js, b.Dx(), b.Dy(), tt.wantW, tt.wantH)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); tt.prefix == "data:image/png;base64," && a != 0 {
			t.Errorf("%s: pixel alpha %d, want transparent", tt.js, a)
		}
	}
}

func pngDecode(b []byte) (image.Image, error)  { return png.Decode(bytes.NewReader(b)) }
func jpegDecode(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }

// webpDecode reads only the size (Chromium decodes the image itself: see
// testdata/wpt/render-feature-detection.html).
func webpDecode(b []byte) (image.Image, error) {
	w, h, loads, sized := rasterSize(b)
	if !loads || !sized {
		return nil, errors.New("not a WebP with a size")
	}
	return image.NewAlpha(image.Rect(0, 0, w, h)), nil
}
