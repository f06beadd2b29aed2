package webapi

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// InstallEncoding installs TextEncoder, TextDecoder, atob and btoa on
// target.
func InstallEncoding(realm *bind.Realm, target *goja.Object) error {
	if err := realm.Install(target, textEncoderInterface, textDecoderInterface); err != nil {
		return err
	}
	atob := realm.NewGlobalFunction("atob", 1, func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) < 1 {
			realm.ThrowTypeError("Failed to execute 'atob' on 'Window': 1 argument required, but only 0 present.")
		}
		b, err := Atob(bind.USVString(call.Arguments[0]))
		if err != nil {
			realm.ThrowDOMException("InvalidCharacterError", "Failed to execute 'atob' on 'Window': The string to be decoded is not correctly encoded.")
		}
		return realm.String(latin1String(b))
	})
	btoa := realm.NewGlobalFunction("btoa", 1, func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) < 1 {
			realm.ThrowTypeError("Failed to execute 'btoa' on 'Window': 1 argument required, but only 0 present.")
		}
		s := bind.USVString(call.Arguments[0])
		units := make([]uint16, 0, len(s))
		for _, r := range s {
			if r > 0xff {
				realm.ThrowDOMException("InvalidCharacterError", "Failed to execute 'btoa' on 'Window': The string to be encoded contains characters outside of the Latin1 range.")
			}
			units = append(units, uint16(r))
		}
		out, _ := Btoa(units)
		return realm.String(out)
	})
	if err := target.DefineDataProperty("atob", atob, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
		return err
	}
	return target.DefineDataProperty("btoa", btoa, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// latin1String maps each byte to the code point of the same value.
func latin1String(b []byte) string {
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b) * 2)
	for _, c := range b {
		sb.WriteRune(rune(c))
	}
	return sb.String()
}

type textEncoder struct{}

// textEncoderInterface declares TextEncoder (always UTF-8).
// https://encoding.spec.whatwg.org/#interface-textencoder
var textEncoderInterface = &bind.Interface{
	Name:        "TextEncoder",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any { return &textEncoder{} },
	Attributes: []bind.Attribute{
		{Name: "encoding", Get: func(r *bind.Realm, this any) goja.Value { return r.String("utf-8") }},
	},
	Methods: []bind.Method{
		{Name: "encode", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			s := ""
			if a := bind.Arg(args, 0); !bind.Absent(a) {
				s = a.String() // USVString: lone surrogates become U+FFFD
			}
			return newUint8Array(r, []byte(s))
		}},
		{Name: "encodeInto", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			src := bind.USVString(args[0])
			bs, ok := BufferSourceOf(r.Runtime, args[1])
			dst := bs.Bytes
			if !ok || bs.Kind != "Uint8Array" {
				r.ThrowTypeError("Failed to execute 'encodeInto' on 'TextEncoder': parameter 2 is not of type 'Uint8Array'.")
			}
			read, written := 0, 0
			for _, c := range src {
				n := utf8.RuneLen(c)
				if written+n > len(dst) {
					break
				}
				utf8.EncodeRune(dst[written:], c)
				written += n
				if c >= 0x10000 {
					read += 2
				} else {
					read++
				}
			}
			res := r.Runtime.NewObject()
			res.Set("read", read)
			res.Set("written", written)
			return res
		}},
	},
}

// A textDecoder is the implementation behind a TextDecoder.
// https://encoding.spec.whatwg.org/#interface-textdecoder
type textDecoder struct {
	encoding  string
	fatal     bool
	ignoreBOM bool
	// pending holds the bytes of an incomplete sequence kept by a
	// decode(..., {stream: true}) call; bomSeen once the stream's start
	// has been handled.
	pending []byte
	bomSeen bool
	// legacy decodes the encodings other than UTF-8, UTF-16 and
	// windows-1252 (golang.org/x/text's, which follow the Encoding
	// standard's indexes); its state carries across streamed chunks.
	legacy *encoding.Decoder
	enc    encoding.Encoding
	// single maps each byte of a single-byte encoding to its code point
	// (utf8.RuneError where the encoding's index has none).
	single *[256]rune
}

// encodingLabels maps the labels of the supported encodings to their names.
// https://encoding.spec.whatwg.org/#names-and-labels
var encodingLabels = func() map[string]string {
	m := map[string]string{}
	for name, labels := range map[string][]string{
		"utf-8":        {"unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"},
		"utf-16le":     {"csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"},
		"utf-16be":     {"unicodefffe", "utf-16be"},
		"windows-1252": {"ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252"},
	} {
		for _, l := range labels {
			m[l] = name
		}
	}
	return m
}()

// textDecoderInterface declares TextDecoder: UTF-8, UTF-16LE/BE and
// windows-1252 decoded here, the other encodings of the Encoding standard
// by golang.org/x/text.
// https://encoding.spec.whatwg.org/#interface-textdecoder
var textDecoderInterface = &bind.Interface{
	Name: "TextDecoder",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		label := "utf-8"
		if a := bind.Arg(args, 0); !bind.Absent(a) {
			label = strings.Trim(a.String(), "\t\n\f\r ")
		}
		ok := isLabelText(label)
		var d *textDecoder
		if ok {
			label = ascii.Lower(label) // ASCII only: U+0130 must not become "i"
			d, ok = newTextDecoder(label)
		}
		if !ok {
			r.ThrowRangeError("Failed to construct 'TextDecoder': The encoding label provided ('" + label + "') is invalid.")
		}
		if o, ok := bind.Arg(args, 1).(*goja.Object); ok {
			d.fatal = bind.Boolean(o.Get("fatal"))
			d.ignoreBOM = bind.Boolean(o.Get("ignoreBOM"))
		}
		return d
	},
	Attributes: []bind.Attribute{
		{Name: "encoding", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*textDecoder).encoding) }},
		{Name: "fatal", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*textDecoder).fatal) }},
		{Name: "ignoreBOM", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*textDecoder).ignoreBOM) }},
	},
	Methods: []bind.Method{
		{Name: "decode", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			d := this.(*textDecoder)
			var in []byte
			if a := bind.Arg(args, 0); !bind.Absent(a) {
				b, ok := bufferSourceBytes(r, a)
				if !ok {
					r.ThrowTypeError("Failed to execute 'decode' on 'TextDecoder': The provided value is not of type '(ArrayBuffer or ArrayBufferView)'.")
				}
				in = b
			}
			stream := false
			if o, ok := bind.Arg(args, 1).(*goja.Object); ok {
				stream = bind.Boolean(o.Get("stream"))
			}
			s, ok := d.decode(in, stream)
			if !ok {
				r.ThrowTypeError("Failed to execute 'decode' on 'TextDecoder': The encoded data was not valid.")
			}
			return r.String(s)
		}},
	},
}

// decode decodes one chunk. With stream, an incomplete sequence at the end
// of in is kept for the next call.
// https://encoding.spec.whatwg.org/#dom-textdecoder-decode
func (d *textDecoder) decode(in []byte, stream bool) (string, bool) {
	if len(d.pending) > 0 {
		in = append(append([]byte(nil), d.pending...), in...)
		d.pending = nil
	}
	if !d.bomSeen && !d.ignoreBOM {
		var bom []byte
		switch d.encoding {
		case "utf-8":
			bom = []byte{0xEF, 0xBB, 0xBF}
		case "utf-16le":
			bom = []byte{0xFF, 0xFE}
		case "utf-16be":
			bom = []byte{0xFE, 0xFF}
		}
		if stream && len(in) < len(bom) && len(bom) > 0 && string(bom[:len(in)]) == string(in) {
			// A copy: in may be the page's buffer, which it can change
			// before the next call (WPT textdecoder-copy).
			d.pending = append([]byte(nil), in...)
			return "", true
		}
		if bom != nil && len(in) >= len(bom) && string(in[:len(bom)]) == string(bom) {
			in = in[len(bom):]
		}
	}
	if len(in) > 0 || !stream {
		d.bomSeen = stream
	}
	if stream {
		keep := incompleteTail(d.encoding, in)
		d.pending = append([]byte(nil), in[len(in)-keep:]...)
		in = in[:len(in)-keep]
	}
	switch d.encoding {
	case "utf-16le", "utf-16be":
		return decodeUTF16(in, d.encoding == "utf-16be", d.fatal)
	case "windows-1252":
		return decodeWindows1252(in), true
	case "utf-8":
		return decodeUTF8(in, d.fatal)
	}
	if d.single != nil {
		return xhr.DecodeSingleByte(d.single, in, d.fatal)
	}
	return d.decodeLegacy(in, stream)
}

// isLabelText says whether s (a label with its ASCII whitespace trimmed)
// could be an encoding label: printable ASCII without spaces.
// golang.org/x/text's lookup trims Unicode white space and NUL too
// ("\u00a0utf-8", "utf-8\v"), which the standard's "get an encoding" does
// not (WPT api-invalid-label).
func isLabelText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// newTextDecoder returns a decoder for the encoding label names (trimmed,
// lower-cased), false when the label is unknown or names the replacement
// encoding.
// https://encoding.spec.whatwg.org/#concept-encoding-get
func newTextDecoder(label string) (*textDecoder, bool) {
	if name, ok := encodingLabels[label]; ok {
		return &textDecoder{encoding: name}, true
	}
	enc, err := htmlindex.Get(label)
	if err != nil {
		return nil, false
	}
	name, err := htmlindex.Name(enc)
	if err != nil || name == "replacement" {
		return nil, false
	}
	d := &textDecoder{encoding: name, enc: enc}
	d.single = xhr.SingleByteTable(name) // nil unless single-byte
	return d, true
}

// decodeLegacy decodes with a legacy (single- or multi-byte) encoding. An
// incomplete sequence at the end of a streamed chunk waits for the next.
// With fatal, a U+FFFD in the output counts as an error: the decoders
// replace what they cannot decode (an input that encodes U+FFFD itself is
// misread as an error).
func (d *textDecoder) decodeLegacy(in []byte, stream bool) (string, bool) {
	if d.legacy == nil {
		d.legacy = d.enc.NewDecoder()
	}
	out := make([]byte, 0, len(in)*2+8)
	buf := make([]byte, len(in)*3+16)
	for {
		nDst, nSrc, err := d.legacy.Transform(buf, in, !stream)
		out = append(out, buf[:nDst]...)
		in = in[nSrc:]
		if err == transform.ErrShortDst {
			continue
		}
		if err == transform.ErrShortSrc && stream {
			d.pending = append([]byte(nil), in...)
		}
		break
	}
	if !stream {
		d.legacy.Reset()
	}
	if d.fatal && bytes.Contains(out, []byte("\uFFFD")) {
		return "", false
	}
	return string(out), true
}

// incompleteTail returns how many bytes at the end of in start a sequence
// that more input could complete.
func incompleteTail(enc string, in []byte) int {
	switch enc {
	case "utf-8":
		// Only a prefix of a valid sequence waits: a lead byte C2-F4
		// and, after it, a second byte in the range that lead allows
		// (E0 A0-BF, ED 80-9F, F0 90-BF, F4 80-8F); C0, C1 and F5-FF and
		// a bad second byte are errors now, as the standard's decoder
		// reports them at once.
		// https://encoding.spec.whatwg.org/#utf-8-decoder
		for k := 1; k <= 3 && k <= len(in); k++ {
			c := in[len(in)-k]
			if c < 0x80 {
				return 0
			}
			if c < 0xC0 {
				continue
			}
			need := 0
			switch {
			case c >= 0xC2 && c <= 0xDF:
				need = 1
			case c >= 0xE0 && c <= 0xEF:
				need = 2
			case c >= 0xF0 && c <= 0xF4:
				need = 3
			}
			if k > need {
				return 0
			}
			if k >= 2 {
				lo, hi := byte(0x80), byte(0xBF)
				switch c {
				case 0xE0:
					lo = 0xA0
				case 0xED:
					hi = 0x9F
				case 0xF0:
					lo = 0x90
				case 0xF4:
					hi = 0x8F
				}
				if b := in[len(in)-k+1]; b < lo || b > hi {
					return 0
				}
			}
			return k
		}
	case "utf-16le", "utf-16be":
		n := len(in) % 2
		if len(in)-n >= 2 {
			i := len(in) - n - 2
			u := uint16(in[i])<<8 | uint16(in[i+1])
			if enc == "utf-16le" {
				u = uint16(in[i+1])<<8 | uint16(in[i])
			}
			if u >= 0xD800 && u <= 0xDBFF {
				n += 2
			}
		}
		return n
	}
	return 0
}

func decodeUTF16(in []byte, bigEndian, fatal bool) (string, bool) {
	units := make([]uint16, 0, len(in)/2)
	for i := 0; i+1 < len(in); i += 2 {
		if bigEndian {
			units = append(units, uint16(in[i])<<8|uint16(in[i+1]))
		} else {
			units = append(units, uint16(in[i+1])<<8|uint16(in[i]))
		}
	}
	if fatal {
		for i := 0; i < len(units); i++ {
			u := units[i]
			if u >= 0xD800 && u <= 0xDBFF && i+1 < len(units) && units[i+1] >= 0xDC00 && units[i+1] <= 0xDFFF {
				i++
				continue
			}
			if u >= 0xD800 && u <= 0xDFFF {
				return "", false
			}
		}
		if len(in)%2 == 1 {
			return "", false
		}
	}
	s := string(utf16.Decode(units))
	if len(in)%2 == 1 {
		s += "\uFFFD"
	}
	return s, true
}

// windows1252High maps bytes 0x80-0x9F; the rest map to the same code point.
// https://encoding.spec.whatwg.org/index-windows-1252.txt
var windows1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

func decodeWindows1252(in []byte) string {
	var b strings.Builder
	b.Grow(len(in))
	for _, c := range in {
		switch {
		case c < 0x80:
			b.WriteByte(c)
		case c < 0xA0:
			b.WriteRune(windows1252High[c-0x80])
		default:
			b.WriteRune(rune(c))
		}
	}
	return b.String()
}
