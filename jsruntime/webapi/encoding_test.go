package webapi

import (
	"bytes"
	"errors"
	"testing"
)

func TestAtobBtoa(t *testing.T) {
	cases := []struct {
		in   string
		want string
		err  bool
	}{
		{"aGVsbG8=", "hello", false},
		{"aGVsbG8", "hello", false},
		{" aGV sbG8=\n", "hello", false},
		{"YQ==", "a", false},
		{"YR==", "a", false}, // non-zero trailing bits are discarded
		{"YQ", "a", false},
		{"", "", false},
		{"Y", "", true},
		{"YQ===", "", true},
		{"Y=Q=", "", true},
		{"a*bc", "", true},
		{"YQ=", "", true},
	}
	for _, tc := range cases {
		got, err := Atob(tc.in)
		if tc.err {
			if !errors.Is(err, ErrInvalidCharacter) {
				t.Errorf("Atob(%q) err = %v, want InvalidCharacter", tc.in, err)
			}
			continue
		}
		if err != nil || !bytes.Equal(got, []byte(tc.want)) {
			t.Errorf("Atob(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if s, err := Btoa([]uint16{'h', 'i', 0xff}); err != nil || s != "aGn/" {
		t.Errorf("Btoa = %q, %v", s, err)
	}
	if _, err := Btoa([]uint16{0x100}); err == nil {
		t.Error("Btoa(U+0100) did not fail")
	}
}

func FuzzAtob(f *testing.F) {
	for _, s := range []string{"aGVsbG8=", "YQ", " Y Q = = ", "////"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := Atob(s)
		if err != nil {
			return
		}
		units := make([]uint16, len(b))
		for i, c := range b {
			units[i] = uint16(c)
		}
		enc, err := Btoa(units)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Atob(enc)
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("round trip of %q: %q then %q (%v)", s, b, again, err)
		}
	})
}

func TestDecodeUTF8(t *testing.T) {
	cases := []struct {
		in   []byte
		want string
	}{
		{[]byte("héllo"), "héllo"},
		{[]byte{0xE2, 0x82, 'a'}, "\uFFFDa"},                   // one U+FFFD for the maximal subpart
		{[]byte{0xF0, 0x80, 0x80, 'a'}, "\uFFFD\uFFFD\uFFFDa"}, // F0 80 is not a valid prefix
		{[]byte{0xED, 0xA0, 0x80}, "\uFFFD\uFFFD\uFFFD"},       // surrogates are invalid
		{[]byte{0xC0, 0xAF}, "\uFFFD\uFFFD"},
		{[]byte{0xF4, 0x8F, 0xBF, 0xBF}, "\U0010FFFF"},
		{[]byte{0xE2, 0x82}, "\uFFFD"},
	}
	for _, tc := range cases {
		got, ok := decodeUTF8(tc.in, false)
		if !ok || got != tc.want {
			t.Errorf("decodeUTF8(% x) = %q, want %q", tc.in, got, tc.want)
		}
		if _, ok := decodeUTF8(tc.in, true); ok != (got == string(tc.in)) {
			t.Errorf("decodeUTF8(% x, fatal) ok = %v", tc.in, ok)
		}
	}
}

func TestEncodingBinding(t *testing.T) {
	rt, realm := newRealm(t)
	if err := InstallEncoding(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"btoa/atob", `[btoa("hello"), atob("aGVsbG8="), atob(btoa("\u00ff\u0000")).charCodeAt(0)].join()`, "aGVsbG8=,hello,255"},
		{"btoa out of range", `try { btoa("\u0100"); "no" } catch (e) { e.name + " " + (e instanceof DOMException) + " " + e.code }`, "InvalidCharacterError true 5"},
		{"atob invalid", `try { atob("a"); "no" } catch (e) { e.name }`, "InvalidCharacterError"},
		{"encode", `Array.from(new TextEncoder().encode("é€")).join() + " " + new TextEncoder().encoding`, "195,169,226,130,172 utf-8"},
		{"encode lone surrogate", `Array.from(new TextEncoder().encode("\uD800")).join()`, "239,191,189"},
		{"encode empty", `new TextEncoder().encode().length`, "0"},
		{"encodeInto", `var d = new Uint8Array(4); var r = new TextEncoder().encodeInto("a€b", d); [r.read, r.written, Array.from(d).join()].join(" ")`, "2 4 97,226,130,172"},
		{"encodeInto astral", `var d = new Uint8Array(8); var r = new TextEncoder().encodeInto("😀x", d); r.read + " " + r.written`, "3 5"},
		{"decode", `new TextDecoder().decode(new Uint8Array([0xEF,0xBB,0xBF,104,195,169]))`, "hé"},
		{"decode ArrayBuffer and DataView", `var b = new Uint8Array([104, 105]).buffer; new TextDecoder().decode(b) + new TextDecoder().decode(new DataView(b, 1))`, "hii"},
		{"ignoreBOM", `new TextDecoder("utf-8", {ignoreBOM: true}).decode(new Uint8Array([0xEF,0xBB,0xBF,104])).length`, "2"},
		{"fatal", `try { new TextDecoder("utf-8", {fatal: true}).decode(new Uint8Array([0xff])); "no" } catch (e) { e.name }`, "TypeError"},
		{"replacement", `new TextDecoder().decode(new Uint8Array([0xff, 0x41]))`, "\uFFFDA"},
		{"stream", `var d = new TextDecoder(); d.decode(new Uint8Array([0xE2, 0x82]), {stream: true}) + "|" + d.decode(new Uint8Array([0xAC]))`, "|€"},
		{"utf-16le", `var d = new TextDecoder("utf-16"); [d.encoding, d.decode(new Uint8Array([0xFF,0xFE,0x68,0,0x3D,0xD8,0x00,0xDE]))].join(" ")`, "utf-16le h😀"},
		{"utf-16be", `new TextDecoder("utf-16be").decode(new Uint8Array([0,0x68,0,0x69]))`, "hi"},
		{"latin1 is windows-1252", `var d = new TextDecoder("latin1"); d.encoding + " " + d.decode(new Uint8Array([0x80, 0xE9]))`, "windows-1252 €é"},
		{"bad label", `try { new TextDecoder("nope"); "no" } catch (e) { e.name }`, "RangeError"},
		{"bad input", `try { new TextDecoder().decode("str"); "no" } catch (e) { e.name }`, "TypeError"},
		{"page replaced ArrayBuffer.isView", `ArrayBuffer.isView = null; new TextDecoder().decode(new DataView(new Uint8Array([104, 105]).buffer))`, "hi"},
		{"label trimmed and case-folded", `new TextDecoder(" UTF8 ").encoding`, "utf-8"},
	})
}

// The legacy encodings: labels, decoding, streaming across a multi-byte
// sequence, fatal, and the replacement encoding's labels refused.
func TestLegacyTextDecoder(t *testing.T) {
	for _, tc := range []struct {
		label, name string
		chunks      [][]byte
		want        string
	}{
		{"sjis", "shift_jis", [][]byte{{0x82}, {0xA0, 0x41}}, "\u3042A"},
		{"gb2312", "gbk", [][]byte{{0xC4, 0xE3, 0x80}}, "\u4f60\u20ac"},
		{"cp1251", "windows-1251", [][]byte{{0xC0}, {0xFF}}, "\u0410\u044f"},
		{"csiso2022jp", "iso-2022-jp", [][]byte{{0x1B, 0x24}, {0x42, 0x24, 0x22, 0x1B, 0x28, 0x42}}, "\u3042"},
		{"x-user-defined", "x-user-defined", [][]byte{{0x41, 0x80}}, "A\uf780"},
	} {
		d, ok := newTextDecoder(tc.label)
		if !ok || d.encoding != tc.name {
			t.Fatalf("newTextDecoder(%q) = %v, %v; want %s", tc.label, d, ok, tc.name)
		}
		got := ""
		for i, c := range tc.chunks {
			s, ok := d.decode(c, i < len(tc.chunks)-1)
			if !ok {
				t.Fatalf("%s: chunk %d failed", tc.label, i)
			}
			got += s
		}
		if got != tc.want {
			t.Errorf("%s: decoded %q, want %q", tc.label, got, tc.want)
		}
	}
	for _, label := range []string{"replacement", "iso-2022-kr", "bogus"} {
		if _, ok := newTextDecoder(label); ok {
			t.Errorf("newTextDecoder(%q) accepted", label)
		}
	}
	d, _ := newTextDecoder("shift_jis")
	d.fatal = true
	if _, ok := d.decode([]byte{0x82}, false); ok {
		t.Error("fatal shift_jis accepted a lone lead byte")
	}
}
