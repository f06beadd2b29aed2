package dom

import (
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// fromUnits builds the WTF-8 form of UTF-16 units (the model the tests
// check dom's offsets against).
func fromUnits(u []uint16) string {
	var b []byte
	for i := 0; i < len(u); i++ {
		c := rune(u[i])
		switch {
		case utf16.IsSurrogate(c) && c < 0xDC00 && i+1 < len(u) && u[i+1] >= 0xDC00 && u[i+1] <= 0xDFFF:
			b = utf8.AppendRune(b, utf16.DecodeRune(c, rune(u[i+1])))
			i++
		case utf16.IsSurrogate(c):
			b = encodeSurrogate(b, c)
		default:
			b = utf8.AppendRune(b, c)
		}
	}
	return string(b)
}

// TestCharacterDataSurrogates checks CharacterData offsets that fall
// inside surrogate pairs and data holding lone surrogates, as Chromium
// (UTF-16) answers them.
func TestCharacterDataSurrogates(t *testing.T) {
	d := NewDocument()
	tests := []struct {
		data       string
		op         func(n *Node) error
		want       string // data after op, as UTF-16 escapes decoded by fromUnits
		wantLength int
	}{
		{"a😀b", func(n *Node) error { return n.InsertData(2, "X") }, "a\\ud83dX\\ude00b", 5},
		{"a😀b", func(n *Node) error { return n.DeleteData(2, 1) }, "a\\ud83db", 3},
		{"a😀b", func(n *Node) error { return n.ReplaceData(1, 2, "é") }, "aéb", 3},
		{"😀😀", func(n *Node) error { return n.DeleteData(1, 2) }, "😀", 2}, // halves rejoin
		{"x", func(n *Node) error { n.SetData(fromUnits([]uint16{0, 0xD800})); return nil }, "\\u0000\\ud800", 2},
		{"", func(n *Node) error {
			n.AppendData(fromUnits([]uint16{0xD83D}))
			n.AppendData(fromUnits([]uint16{0xDE00}))
			return nil
		}, "😀", 2},
	}
	for _, tt := range tests {
		n := d.CreateTextNode(tt.data)
		if err := tt.op(n); err != nil {
			t.Fatalf("%q: %v", tt.data, err)
		}
		want := fromUnits(decodeEscapes(tt.want))
		if n.Data != want || n.Length() != tt.wantLength {
			t.Errorf("%q: data %q (length %d), want %q (%d)", tt.data, n.Data, n.Length(), want, tt.wantLength)
		}
	}
	n := d.CreateTextNode("a😀b")
	if s, _ := n.SubstringData(1, 1); s != fromUnits([]uint16{0xD83D}) {
		t.Errorf("substringData(1, 1) = %q", s)
	}
	if s, _ := n.SubstringData(2, 2); s != fromUnits([]uint16{0xDE00, 'b'}) {
		t.Errorf("substringData(2, 2) = %q", s)
	}
	rest, err := d.CreateTextNode("😀").SplitText(1)
	if err != nil || rest.Data != fromUnits([]uint16{0xDE00}) {
		t.Errorf("splitText(1): %q, %v", rest.Data, err)
	}
}

// decodeEscapes turns the \uXXXX escapes of s into UTF-16 units.
func decodeEscapes(s string) []uint16 {
	var u []uint16
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "\\u") && i+6 <= len(s) {
			var v uint16
			for _, c := range s[i+2 : i+6] {
				v <<= 4
				switch {
				case c >= '0' && c <= '9':
					v |= uint16(c - '0')
				default:
					v |= uint16(c-'a') + 10
				}
			}
			u = append(u, v)
			i += 6
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		u = append(u, utf16.Encode([]rune{r})...)
		i += size
	}
	return u
}

// TestValidUTF8Snapshot checks that a snapshot writes U+FFFD for lone
// surrogates (joining split pairs) while innerHTML keeps them.
func TestValidUTF8Snapshot(t *testing.T) {
	d := mustParse(t, `<p id=p></p>`)
	p := d.GetElementByID("p")
	p.AppendChild(d.CreateTextNode(fromUnits([]uint16{'a', 0xD800, 'b', 0xD83D}) + fromUnits([]uint16{0xDE00})))
	p.SetAttribute("title", fromUnits([]uint16{0xDFFF}))
	var b strings.Builder
	if err := WriteHTML(&b, p, SerializeOptions{ValidUTF8: true}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "<p id=\"p\" title=\"\uFFFD\">a\uFFFDb😀</p>"; got != want || !utf8.ValidString(got) {
		t.Errorf("snapshot %q, want %q", got, want)
	}
	if got := p.InnerHTML(); !HasSurrogates(got) {
		t.Errorf("innerHTML %q lost its lone surrogates", got)
	}
}

// FuzzReplaceUTF16 checks replaceUTF16 and sliceUTF16 against the same
// operations on UTF-16 units.
func FuzzReplaceUTF16(f *testing.F) {
	f.Add([]byte{0x3d, 0xd8, 0x00, 0xde, 'a', 0}, uint8(1), uint8(2), []byte{'x', 0})
	f.Add([]byte{0x00, 0xd8, 'a', 0}, uint8(0), uint8(1), []byte{0x00, 0xdc})
	f.Fuzz(func(t *testing.T, data []byte, from, count uint8, repl []byte) {
		units := func(b []byte) []uint16 {
			u := make([]uint16, len(b)/2)
			for i := range u {
				u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
			}
			return u
		}
		s, r := units(data), units(repl)
		lo := min(int(from), len(s))
		hi := min(lo+int(count), len(s))
		want := append(append(append([]uint16{}, s[:lo]...), r...), s[hi:]...)
		got := replaceUTF16(fromUnits(s), lo, hi, fromUnits(r))
		if got != fromUnits(want) {
			t.Fatalf("replace(%x, %d, %d, %x) = %q, want %q", s, lo, hi, r, got, fromUnits(want))
		}
		if n := utf16Len(got); n != len(want) {
			t.Fatalf("utf16Len = %d, want %d", n, len(want))
		}
		if sl := sliceUTF16(fromUnits(s), lo, hi); sl != fromUnits(s[lo:hi]) {
			t.Fatalf("slice(%x, %d, %d) = %q, want %q", s, lo, hi, sl, fromUnits(s[lo:hi]))
		}
		if u := UTF16(got); len(u) != len(want) {
			t.Fatalf("UTF16 = %x, want %x", u, want)
		}
	})
}
