package xhr

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/charset"
)

// parseMIME parses a MIME type leniently, as the MIME Sniffing standard
// does: it returns the lower-cased essence ("text/html") and the parameters
// (names lower-cased, values unquoted), or "" for something that is not a
// MIME type.
//
// https://mimesniff.spec.whatwg.org/#parse-a-mime-type
func parseMIME(s string) (string, map[string]string) {
	s = strings.Trim(s, " \t\r\n")
	typ, rest, _ := strings.Cut(s, ";")
	typ = ascii.Lower(strings.Trim(typ, " \t\r\n"))
	t, sub, ok := strings.Cut(typ, "/")
	if !ok || !isToken(t) || !isToken(sub) {
		return "", nil
	}
	var params map[string]string
	for rest != "" {
		var p string
		p, rest = cutParam(rest)
		name, value, ok := strings.Cut(p, "=")
		name = ascii.Lower(strings.Trim(name, " \t\r\n"))
		if !ok || !isToken(name) {
			continue
		}
		value = strings.TrimRight(value, " \t\r\n")
		if strings.HasPrefix(value, `"`) {
			value = unquote(value)
		}
		if value == "" {
			continue
		}
		if params == nil {
			params = map[string]string{}
		}
		if _, dup := params[name]; !dup {
			params[name] = value
		}
	}
	return typ, params
}

// cutParam splits off one parameter, respecting quotes.
func cutParam(s string) (string, string) {
	inQuote := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			inQuote = !inQuote
		case '\\':
			if inQuote {
				i++
			}
		case ';':
			if !inQuote {
				return s[:i], s[i+1:]
			}
		}
	}
	return s, ""
}

func unquote(s string) string {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == '"' {
			break
		}
		if c == '\\' && i+1 < len(s) {
			i++
			c = s[i]
		}
		b.WriteByte(c)
	}
	return b.String()
}

// DecodeText decodes body as text in the encoding named by label (a
// Content-Type charset), UTF-8 when label is empty or unknown. A byte order
// mark wins over the label and is removed.
//
// https://encoding.spec.whatwg.org/#decode
func DecodeText(body []byte, label string) string {
	switch {
	case bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")):
		return decodeUTF8(body[3:])
	case bytes.HasPrefix(body, []byte("\xFE\xFF")):
		label = "utf-16be"
		body = body[2:]
	case bytes.HasPrefix(body, []byte("\xFF\xFE")):
		label = "utf-16le"
		body = body[2:]
	}
	if label == "" {
		return decodeUTF8(body)
	}
	enc, name := charset.Lookup(label)
	if enc == nil || name == "utf-8" {
		return decodeUTF8(body)
	}
	if t := SingleByteTable(name); t != nil {
		s, _ := DecodeSingleByte(t, body, false)
		return s
	}
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		return decodeUTF8(body)
	}
	return string(out)
}

// EncodingName is the name, as the Encoding standard writes it (what
// document.characterSet reads), of the encoding DecodeText(body, label)
// decodes with: a byte order mark's, else the label's, else UTF-8.
// https://encoding.spec.whatwg.org/#names-and-labels
func EncodingName(body []byte, label string) string {
	switch {
	case bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")):
		return "UTF-8"
	case bytes.HasPrefix(body, []byte("\xFE\xFF")):
		return "UTF-16BE"
	case bytes.HasPrefix(body, []byte("\xFF\xFE")):
		return "UTF-16LE"
	}
	if label == "" {
		return "UTF-8"
	}
	enc, name := charset.Lookup(label)
	if enc == nil {
		return "UTF-8"
	}
	switch name {
	case "utf-8", "ibm866", "koi8-r", "koi8-u", "euc-kr", "euc-jp", "iso-2022-jp", "gbk", "utf-16be", "utf-16le":
		return ascii.Upper(name)
	case "shift_jis":
		return "Shift_JIS"
	case "big5":
		return "Big5"
	}
	if strings.HasPrefix(name, "iso-8859-") {
		return ascii.Upper(name) // ISO-8859-2 … ISO-8859-16, ISO-8859-8-I
	}
	return name // windows-125x, windows-874, macintosh, x-mac-cyrillic, gb18030, x-user-defined
}

// decodeUTF8 decodes UTF-8, each invalid byte becoming U+FFFD.
func decodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b) + 8)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			sb.WriteRune(utf8.RuneError)
		} else {
			sb.Write(b[:n])
		}
		b = b[n:]
	}
	return sb.String()
}

// DecodeUTF8 decodes UTF-8 as JSON and body.text() do: a leading BOM is
// removed, invalid bytes become U+FFFD.
//
// https://encoding.spec.whatwg.org/#utf-8-decode
func DecodeUTF8(b []byte) string {
	return decodeUTF8(bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF")))
}

// isXMLMIME: https://mimesniff.spec.whatwg.org/#xml-mime-type
func isXMLMIME(essence string) bool {
	return essence == "text/xml" || essence == "application/xml" || strings.HasSuffix(essence, "+xml")
}

// xmlDeclaredEncoding returns the encoding named by an XML declaration at
// the start of body (<?xml version="1.0" encoding="ISO-8859-1"?>), or "".
//
// https://www.w3.org/TR/xml/#NT-EncodingDecl
func xmlDeclaredEncoding(body []byte) string {
	if !bytes.HasPrefix(body, []byte("<?xml")) {
		return ""
	}
	end := bytes.Index(body, []byte("?>"))
	if end < 0 || end > 1024 {
		return ""
	}
	decl := string(body[5:end])
	i := strings.Index(decl, "encoding")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(decl[i+len("encoding"):], " \t\r\n")
	if !strings.HasPrefix(rest, "=") {
		return ""
	}
	rest = strings.TrimLeft(rest[1:], " \t\r\n")
	if rest == "" || rest[0] != '"' && rest[0] != '\'' {
		return ""
	}
	q := rest[0]
	j := strings.IndexByte(rest[1:], q)
	if j < 0 {
		return ""
	}
	return rest[1 : 1+j]
}
