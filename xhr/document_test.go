package xhr

import (
	"strings"
	"testing"
)

func TestSniffDocument(t *testing.T) {
	tests := []struct {
		ct, body, mime string
		kind           DocumentKind
		label          string
	}{
		{"text/html; charset=ISO-8859-1", "", "text/html", HTMLDocument, "ISO-8859-1"},
		{"text/html", `<meta charset="windows-1252">`, "text/html", HTMLDocument, "windows-1252"},
		{"text/html", `<meta http-equiv="Content-Type" content="text/html; charset='koi8-r'">`, "text/html", HTMLDocument, "koi8-r"},
		{"text/html", `<meta content="text/html;charset=utf-16" http-equiv=content-type>`, "text/html", HTMLDocument, "utf-8"}, // a meta's UTF-16 is UTF-8
		{"text/html", `<meta charset=x-user-defined>`, "text/html", HTMLDocument, "windows-1252"},
		{"TEXT/HTML;", `<p>`, "text/html", HTMLDocument, ""},
		{"", `<!doctype html><meta charset=utf-8>`, "text/html", HTMLDocument, "utf-8"},
		{"application/json", `{}`, "application/json", NotDocument, ""},
		{"", `{"a":1}`, "text/plain", NotDocument, "utf-8"}, // sniffed: text/plain; charset=utf-8
		{"text/plain", `<html>`, "text/plain", NotDocument, ""},
		{"text/plain; charset=koi8-r", `<meta charset=utf-8>`, "text/plain", NotDocument, "koi8-r"},
		{"text/html", strings.Repeat(" ", 1100) + `<meta charset="latin1">`, "text/html", HTMLDocument, ""},
		// XML types: the Content-Type's charset, else the XML declaration's;
		// a <meta> is no XML document's business.
		{"application/xhtml+xml", ``, "application/xhtml+xml", XMLDocument, ""},
		{"application/xhtml+xml", `<?xml version="1.0" encoding="ISO-8859-2"?><html><meta charset="koi8-r"/></html>`, "application/xhtml+xml", XMLDocument, "ISO-8859-2"},
		{"text/xml; charset=windows-1251", `<?xml version="1.0" encoding="ISO-8859-2"?><r/>`, "text/xml", XMLDocument, "windows-1251"},
		{"image/svg+xml", `<svg/>`, "image/svg+xml", XMLDocument, ""},
		{"application/atom+xml", `<feed/>`, "application/atom+xml", XMLDocument, ""},
		{"application/xml", `<html xmlns="http://www.w3.org/1999/xhtml"><meta charset="koi8-r"/></html>`, "application/xml", XMLDocument, ""},
	}
	for _, tt := range tests {
		mime, kind, label := SniffDocument(tt.ct, []byte(tt.body), "")
		if mime != tt.mime || kind != tt.kind || label != tt.label {
			t.Errorf("SniffDocument(%q, %.40q) = %q, %v, %q; want %q, %v, %q", tt.ct, tt.body, mime, kind, label, tt.mime, tt.kind, tt.label)
		}
	}
}

func FuzzPrescanCharset(f *testing.F) {
	for _, s := range []string{`<meta charset=x>`, `<meta http-equiv=content-type content="charset=">`, `<meta content="charset='a`, `<!--`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		label := PrescanCharset(b)
		if len(label) > len(b) {
			t.Fatalf("label %q longer than the input", label)
		}
		_ = CharsetFromContent(string(b))
	})
}

func TestDecodeDocument(t *testing.T) {
	tests := []struct {
		body  string
		kind  DocumentKind
		label string
		want  string
	}{
		{"caf\xe9", HTMLDocument, "", "caf\uFFFD"},
		{"caf\xe9", XMLDocument, "", "caf\xe9"}, // the XML parser's error
		{"\xEF\xBB\xBFcaf\xe9", XMLDocument, "windows-1252", "caf\xe9"},
		{"caf\xe9", XMLDocument, "windows-1252", "café"},
	}
	for _, tt := range tests {
		if got := DecodeDocument([]byte(tt.body), tt.kind, tt.label); got != tt.want {
			t.Errorf("DecodeDocument(%q, %v, %q) = %q, want %q", tt.body, tt.kind, tt.label, got, tt.want)
		}
	}
}
