package xhr

import (
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestHeaders(t *testing.T) {
	type op struct {
		fn, name, value string // fn: append, set, delete
	}
	tests := []struct {
		name    string
		guard   Guard
		ops     []op
		want    [][2]string
		wantErr bool // some op returns a TypeError
	}{
		{"combine and sort", GuardNone, []op{{"append", "X-B", "2"}, {"append", "x-a", "1"}, {"append", "X-b", "3"}},
			[][2]string{{"x-a", "1"}, {"x-b", "2, 3"}}, false},
		{"value normalized", GuardNone, []op{{"append", "A", " \t v \r\n"}}, [][2]string{{"a", "v"}}, false},
		{"set replaces", GuardNone, []op{{"append", "A", "1"}, {"append", "a", "2"}, {"set", "A", "3"}}, [][2]string{{"a", "3"}}, false},
		{"delete", GuardNone, []op{{"append", "A", "1"}, {"append", "B", "2"}, {"delete", "a", ""}}, [][2]string{{"b", "2"}}, false},
		{"set-cookie stays separate", GuardNone, []op{{"append", "Set-Cookie", "a=1"}, {"append", "set-cookie", "b=2"}},
			[][2]string{{"set-cookie", "a=1"}, {"set-cookie", "b=2"}}, false},
		{"invalid name", GuardNone, []op{{"append", "bad name", "1"}}, [][2]string{}, true},
		{"invalid value", GuardNone, []op{{"append", "a", "x\x00y"}}, [][2]string{}, true},
		{"request ignores forbidden", GuardRequest, []op{{"append", "Cookie", "a=1"}, {"set", "Host", "x"}, {"append", "Sec-Fetch-Mode", "x"},
			{"append", "X-HTTP-Method-Override", "TRACE"}, {"append", "Proxy-Authorization", "x"}, {"append", "X-Ok", "1"}},
			[][2]string{{"x-ok", "1"}}, false},
		{"response ignores set-cookie", GuardResponse, []op{{"append", "Set-Cookie", "a=1"}, {"append", "X", "1"}}, [][2]string{{"x", "1"}}, false},
		{"immutable throws", GuardImmutable, []op{{"append", "X", "1"}}, [][2]string{}, true},
		{"no-cors keeps safelisted", GuardRequestNoCORS, []op{{"append", "Accept", "text/html"}, {"append", "X-Custom", "1"},
			{"append", "Content-Type", "application/json"}, {"append", "Content-Type", "text/plain"}},
			[][2]string{{"accept", "text/html"}, {"content-type", "text/plain"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := NewHeaders(tt.guard)
			gotErr := false
			for _, o := range tt.ops {
				var err error
				switch o.fn {
				case "append":
					err = h.Append(o.name, o.value)
				case "set":
					err = h.Set(o.name, o.value)
				case "delete":
					err = h.Delete(o.name)
				}
				if err != nil {
					var de *DOMError
					if !errors.As(err, &de) || de.Name != "TypeError" {
						t.Fatalf("error %v is not a TypeError", err)
					}
					gotErr = true
				}
			}
			if gotErr != tt.wantErr {
				t.Errorf("error = %v, want %v", gotErr, tt.wantErr)
			}
			if got := h.Entries(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("entries = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestHeadersGet(t *testing.T) {
	h := NewHeaders(GuardNone)
	h.Append("Accept", "a")
	h.Append("ACCEPT", "b")
	if v, ok, err := h.Get("accept"); v != "a, b" || !ok || err != nil {
		t.Errorf("Get = %q %v %v", v, ok, err)
	}
	if _, ok, _ := h.Get("missing"); ok {
		t.Error("missing header found")
	}
	if _, _, err := h.Get("bad name"); err == nil {
		t.Error("Get with invalid name did not fail")
	}
	if has, _ := h.Has("Accept"); !has {
		t.Error("Has = false")
	}
	h.Append("Set-Cookie", "x=1")
	h.Append("Set-Cookie", "y=2")
	if got := h.GetSetCookie(); !reflect.DeepEqual(got, []string{"x=1", "y=2"}) {
		t.Errorf("GetSetCookie = %q", got)
	}
}

func TestVisibleResponseHeaders(t *testing.T) {
	h := http.Header{
		"Content-Type": {"text/plain"}, "Set-Cookie": {"a=1"}, "X-Secret": {"s"}, "X-Exposed": {"e"},
		"Access-Control-Expose-Headers": {"X-Exposed"},
	}
	same := visibleResponseHeaders(h, false, false)
	if same.Get("Set-Cookie") != "" || same.Get("X-Secret") != "s" {
		t.Errorf("same-origin: %v", same)
	}
	cors := visibleResponseHeaders(h, true, false)
	if cors.Get("X-Secret") != "" || cors.Get("X-Exposed") != "e" || cors.Get("Content-Type") != "text/plain" {
		t.Errorf("cors: %v", cors)
	}
}

func TestParseMIME(t *testing.T) {
	tests := []struct{ in, essence, charset string }{
		{"text/html; charset=UTF-8", "text/html", "UTF-8"},
		{`Text/Plain;Charset="iso-8859-1"`, "text/plain", "iso-8859-1"},
		{"application/json", "application/json", ""},
		{"text/plain;charset=a;charset=b", "text/plain", "a"},
		{"nonsense", "", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		e, p := parseMIME(tt.in)
		if e != tt.essence || p["charset"] != tt.charset {
			t.Errorf("parseMIME(%q) = %q %v", tt.in, e, p)
		}
	}
}

func TestDecodeText(t *testing.T) {
	tests := []struct {
		in    []byte
		label string
		want  string
	}{
		{[]byte("héllo"), "", "héllo"},
		{[]byte("h\xe9llo"), "iso-8859-1", "héllo"},
		{[]byte("h\xe9llo"), "windows-1252", "héllo"},
		{[]byte("h\xe9llo"), "", "h\uFFFDllo"},
		{[]byte("\xEF\xBB\xBFbom"), "iso-8859-1", "bom"},
		{[]byte("\xFF\xFEh\x00i\x00"), "", "hi"},
		{[]byte("\x82\xa0"), "shift_jis", "あ"},
		// single-byte encodings: the C1 range is C1 controls, as in the
		// Encoding standard's indexes (x/text leaves it unmapped)
		{[]byte("a\x85b\xb1"), "iso-8859-2", "a\u0085b\u0105"},
		{[]byte("\x81\x83\x8d\x80"), "windows-1250", "\u0081\u0083\u0164\u20ac"},
		{[]byte("x\xa5"), "iso-8859-3", "x\uFFFD"},
		{[]byte("\x9f\xe0"), "iso-8859-8-i", "\u009f\u05d0"},
	}
	for _, tt := range tests {
		if got := DecodeText(tt.in, tt.label); got != tt.want {
			t.Errorf("DecodeText(%q, %q) = %q, want %q", tt.in, tt.label, got, tt.want)
		}
	}
}

func FuzzHeaders(f *testing.F) {
	f.Add("Content-Type", "text/plain")
	f.Add("x", " a\tb ")
	f.Fuzz(func(t *testing.T, name, value string) {
		h := NewHeaders(GuardRequest)
		if err := h.Append(name, value); err != nil {
			return
		}
		for _, e := range h.Entries() {
			if !isToken(e[0]) || !isHeaderValue(e[1]) {
				t.Fatalf("invalid pair stored: %q", e)
			}
		}
	})
}

func FuzzParseMIME(f *testing.F) {
	for _, s := range []string{"text/html;charset=utf-8", `a/b; x="y\"z"; c=d`, ";;", "text/plain; charset"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		essence, params := parseMIME(s)
		if essence == "" && params != nil {
			t.Fatalf("params without a type for %q", s)
		}
		if essence != "" && essence != strings.ToLower(essence) {
			t.Fatalf("essence %q not lower-cased", essence)
		}
	})
}

func TestXMLDeclaredEncoding(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<?xml version="1.0" encoding="ISO-8859-1"?><a/>`, "ISO-8859-1"},
		{`<?xml version='1.0' encoding = 'shift_jis' ?><a/>`, "shift_jis"},
		{`<?xml version="1.0"?><a/>`, ""},
		{`<a encoding="x"/>`, ""},
		{`<?xml encoding="unterminated`, ""},
	}
	for _, tt := range tests {
		if got := xmlDeclaredEncoding([]byte(tt.in)); got != tt.want {
			t.Errorf("xmlDeclaredEncoding(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
