package jsruntime

import (
	"testing"
)

// A data: image needs no fetch: its bytes decide load or error and its
// natural size, as in Chromium (the answers are Chromium 156's).
func TestDataImages(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"gif", `data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==`, "load 1x1"},
		{"newlines in the URL are removed", "data:image/gif;base64,\\r\\n\\r\\nR0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "load 1x1"},
		{"empty", `data:,`, "error 0x0"},
		{"empty png", `data:image/png;base64,`, "error 0x0"},
		{"not an image", `data:text/plain,hello`, "error 0x0"},
		{"jpeg 2000", `data:image/jp2;base64,/0//UQAyAAAAAAABAAAAAgAAAAAAAAAAAAAABAAAAAQAAAAAAAAAAAAEBwEBBwEBBwEBBwEB/1IADAAAAAEAAAQEAAH/XAAEQED/ZAAlAAFDcmVhdGVkIGJ5IE9wZW5KUEVHIHZlcnNpb24gMi4wLjD/kAAKAAAAAABYAAH/UwAJAQAABAQAAf9dAAUBQED/UwAJAgAABAQAAf9dAAUCQED/UwAJAwAABAQAAf9dAAUDQED/k8+kEAGvz6QQAa/PpBABr994EAk//9k=`, "error 0x0"},
		{"webp lossy", `data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA`, "load 1x1"},
		{"webp lossless", `data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==`, "load 1x1"},
		{"svg with a size", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="30" height="20"/%3E`, "load 30x20"},
		{"svg without a size", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E`, "load 300x150"},
		{"svg with a viewBox alone", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12"/%3E`, "load 300x150"},
		{"svg of percentages and a viewBox", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" viewBox="0 0 10 20"/%3E`, "load 75x150"},
		{"svg with a width alone", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="40"/%3E`, "load 40x150"},
		{"svg in em", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="2em" height="1em"/%3E`, "load 32x16"},
		{"svg in mm and in", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="10mm" height="1in"/%3E`, "load 38x96"},
		{"svg of fractions", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="10.6" height="12.5"/%3E`, "load 11x13"},
		{"svg of a negative width", `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="-5" height="10"/%3E`, "load 0x10"},
		{"png from a canvas", ``, "load 6x4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><body><canvas id=c width=6 height=4></canvas></body>`, nil)
			p.run()
			src := "'" + tt.src + "'"
			if tt.src == "" {
				src = "document.getElementById('c').toDataURL()"
			}
			p.eval(`var r = 'pending', i = new Image(); i.onload = () => r = 'load ' + i.naturalWidth + 'x' + i.naturalHeight;
				i.onerror = () => r = 'error ' + i.naturalWidth + 'x' + i.naturalHeight; i.src = ` + src)
			p.run()
			if got := p.eval(`r`); got != tt.want {
				t.Errorf("%s: %s, want %s", tt.src, got, tt.want)
			}
		})
	}
}
