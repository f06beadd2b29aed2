package xhr

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/url"
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// A Blob is immutable bytes with a MIME type.
//
// https://w3c.github.io/FileAPI/#blob-section
type Blob struct {
	data []byte // never modified once the Blob exists
	typ  string
}

// NewBlob concatenates parts (the wrapper turns strings into UTF-8,
// ArrayBuffers and views into their bytes, Blobs into their Bytes) into a
// Blob of type typ. A type with a character outside U+0020–U+007E is
// dropped; the type is lower-cased.
//
// https://w3c.github.io/FileAPI/#constructorBlob
func NewBlob(parts [][]byte, typ string) *Blob {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	data := make([]byte, 0, n)
	for _, p := range parts {
		data = append(data, p...)
	}
	return &Blob{data: data, typ: blobType(typ)}
}

func blobType(t string) string {
	for i := 0; i < len(t); i++ {
		if t[i] < 0x20 || t[i] > 0x7E {
			return ""
		}
	}
	return ascii.Lower(t)
}

// Size returns the length in bytes.
func (b *Blob) Size() int64 { return int64(len(b.data)) }

// Type returns the MIME type ("" when unknown).
func (b *Blob) Type() string { return b.typ }

// Bytes returns the contents; the caller must not modify them.
func (b *Blob) Bytes() []byte { return b.data }

// Text returns the contents decoded as UTF-8, a BOM dropped (blob.text()).
func (b *Blob) Text() string { return DecodeUTF8(b.data) }

// Slice returns the bytes from start to end (negative values count from the
// end, as in blob.slice()) as a Blob of type typ.
//
// https://w3c.github.io/FileAPI/#slice-method-algo
func (b *Blob) Slice(start, end int64, typ string) *Blob {
	size := int64(len(b.data))
	rel := func(v int64) int64 {
		if v < 0 {
			return max(size+v, 0)
		}
		return min(v, size)
	}
	from, to := rel(start), rel(end)
	if to < from {
		to = from
	}
	return &Blob{data: b.data[from:to:to], typ: blobType(typ)}
}

// A File is a Blob with a name and a modification time (ms since the epoch).
//
// https://w3c.github.io/FileAPI/#file-section
type File struct {
	Blob
	Name         string
	LastModified int64
}

// NewFile returns a File of the given parts.
func NewFile(parts [][]byte, name, typ string, lastModified int64) *File {
	return &File{Blob: *NewBlob(parts, typ), Name: name, LastModified: lastModified}
}

// A FormEntry is one entry of a FormData: a string value, or a file when
// File is not nil.
type FormEntry struct {
	Name  string
	Value string
	File  *File
}

// FormData is an ordered list of entries, as sent by a form.
//
// https://xhr.spec.whatwg.org/#interface-formdata
type FormData struct {
	entries []FormEntry
}

// NewFormData returns an empty FormData (the wrapper fills it from a form
// element with Append when constructed with one).
func NewFormData() *FormData { return &FormData{} }

// Append adds a string entry.
func (f *FormData) Append(name, value string) {
	f.entries = append(f.entries, FormEntry{Name: name, Value: value})
}

// AppendBlob adds a file entry. A Blob that is not a File becomes one named
// "blob"; filename, when not empty, renames it.
//
// https://xhr.spec.whatwg.org/#create-an-entry
func (f *FormData) AppendBlob(name string, b *Blob, file *File, filename string) {
	f.entries = append(f.entries, fileEntry(name, b, file, filename))
}

func fileEntry(name string, b *Blob, file *File, filename string) FormEntry {
	switch {
	case file == nil:
		file = &File{Blob: *b, Name: "blob"}
	case filename != "":
		c := *file
		file = &c
	}
	if filename != "" {
		file.Name = filename
	}
	return FormEntry{Name: name, File: file}
}

// Set replaces the entries named name with one string entry (at the first
// one's place).
func (f *FormData) Set(name, value string) { f.set(FormEntry{Name: name, Value: value}) }

// SetBlob replaces the entries named name with one file entry.
func (f *FormData) SetBlob(name string, b *Blob, file *File, filename string) {
	f.set(fileEntry(name, b, file, filename))
}

func (f *FormData) set(e FormEntry) {
	i := slices.IndexFunc(f.entries, func(x FormEntry) bool { return x.Name == e.Name })
	if i < 0 {
		f.entries = append(f.entries, e)
		return
	}
	f.entries[i] = e
	rest := slices.DeleteFunc(f.entries[i+1:], func(x FormEntry) bool { return x.Name == e.Name })
	f.entries = f.entries[:i+1+len(rest)]
}

// Delete removes the entries named name.
func (f *FormData) Delete(name string) {
	f.entries = slices.DeleteFunc(f.entries, func(x FormEntry) bool { return x.Name == name })
}

// Get returns the first entry named name.
func (f *FormData) Get(name string) (FormEntry, bool) {
	for _, e := range f.entries {
		if e.Name == name {
			return e, true
		}
	}
	return FormEntry{}, false
}

// GetAll returns the entries named name.
func (f *FormData) GetAll(name string) []FormEntry {
	var out []FormEntry
	for _, e := range f.entries {
		if e.Name == name {
			out = append(out, e)
		}
	}
	return out
}

// Has reports whether an entry is named name.
func (f *FormData) Has(name string) bool {
	_, ok := f.Get(name)
	return ok
}

// Entries returns the entries in order; the caller must not modify them.
func (f *FormData) Entries() []FormEntry { return f.entries }

// EncodeMultipart encodes f as multipart/form-data with boundary.
//
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart-form-data
func (f *FormData) EncodeMultipart(boundary string) []byte {
	var b bytes.Buffer
	escape := strings.NewReplacer("\n", "%0A", "\r", "%0D", `"`, "%22")
	for _, e := range f.entries {
		b.WriteString("--" + boundary + "\r\n")
		b.WriteString(`Content-Disposition: form-data; name="` + escape.Replace(NormalizeNewlines(e.Name)) + `"`)
		if e.File != nil {
			b.WriteString(`; filename="` + escape.Replace(e.File.Name) + `"` + "\r\n")
			typ := e.File.typ
			if typ == "" {
				typ = "application/octet-stream"
			}
			b.WriteString("Content-Type: " + typ + "\r\n\r\n")
			b.Write(e.File.data)
		} else {
			b.WriteString("\r\n\r\n")
			b.WriteString(NormalizeNewlines(e.Value))
		}
		b.WriteString("\r\n")
	}
	b.WriteString("--" + boundary + "--\r\n")
	return b.Bytes()
}

// NormalizeNewlines turns every CR, LF and CRLF into CRLF, as converting
// a form's entry list to name-value pairs does.
//
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#converting-an-entry-list-to-a-list-of-name-value-pairs
func NormalizeNewlines(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.ReplaceAll(s, "\n", "\r\n")
}

// EncodeURLEncoded encodes f's string entries (a file entry sends its name)
// as application/x-www-form-urlencoded.
//
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func (f *FormData) EncodeURLEncoded() string {
	pairs := make([][2]string, len(f.entries))
	for i, e := range f.entries {
		v := e.Value
		if e.File != nil {
			v = e.File.Name
		}
		pairs[i] = [2]string{e.Name, v}
	}
	return SerializeURLEncoded(pairs)
}

// SerializeURLEncoded is the application/x-www-form-urlencoded serializer.
//
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func SerializeURLEncoded(pairs [][2]string) string {
	var b strings.Builder
	for i, p := range pairs {
		if i > 0 {
			b.WriteByte('&')
		}
		urlencode(&b, p[0])
		b.WriteByte('=')
		urlencode(&b, p[1])
	}
	return b.String()
}

func urlencode(b *strings.Builder, s string) {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b.WriteByte('+')
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '*' || c == '-' || c == '.' || c == '_':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
}

// ParseURLEncoded is the application/x-www-form-urlencoded parser; it keeps
// the pairs' order.
//
// https://url.spec.whatwg.org/#concept-urlencoded-parser
func ParseURLEncoded(s string) [][2]string {
	var out [][2]string
	for _, seq := range strings.Split(s, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		out = append(out, [2]string{percentDecodePlus(name), percentDecodePlus(value)})
	}
	return out
}

func percentDecodePlus(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	if !strings.Contains(s, "%") {
		return decodeUTF8([]byte(s))
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && ishex(s[i+1]) && ishex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return decodeUTF8(b)
}

func ishex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// ParseFormData reads a body as FormData, as body.formData() does, for a
// multipart/form-data or application/x-www-form-urlencoded Content-Type.
// Anything else is a TypeError.
//
// https://fetch.spec.whatwg.org/#dom-body-formdata
func ParseFormData(body []byte, contentType string) (*FormData, error) {
	essence, params := parseMIME(contentType)
	fd := NewFormData()
	switch essence {
	case "application/x-www-form-urlencoded":
		for _, p := range ParseURLEncoded(string(body)) {
			fd.Append(p[0], p[1])
		}
		return fd, nil
	case "multipart/form-data":
		boundary := params["boundary"]
		if boundary == "" {
			return nil, typeError("multipart/form-data without boundary")
		}
		// A body without a delimiter (an empty one) is no form; a preamble
		// before the first delimiter is skipped, as in Chromium (HTML's
		// multipart/form-data parser fails on it).
		if !bytes.Contains(body, []byte("--"+boundary)) {
			return nil, typeError("multipart/form-data body without its boundary")
		}
		r := multipart.NewReader(bytes.NewReader(body), boundary)
		for {
			part, err := r.NextRawPart()
			if errors.Is(err, io.EOF) {
				return fd, nil
			}
			if err != nil {
				return nil, &DOMError{Name: "TypeError", Message: "invalid multipart body", Err: err}
			}
			data, err := io.ReadAll(part)
			if err != nil {
				return nil, &DOMError{Name: "TypeError", Message: "invalid multipart body", Err: err}
			}
			name := part.FormName()
			if part.FileName() != "" {
				typ := part.Header.Get("Content-Type")
				if typ == "" {
					typ = "text/plain"
				}
				fd.AppendBlob(name, nil, NewFile([][]byte{data}, part.FileName(), typ, 0), "")
			} else {
				fd.Append(name, decodeUTF8(data))
			}
		}
	}
	return nil, typeError("cannot read a %q body as FormData", contentType)
}

// URLEncoded is a body given as URLSearchParams: the wrapper passes its
// serialization.
type URLEncoded string

// DocumentBody is a Document passed to XMLHttpRequest.send: the wrapper
// passes its serialization and whether it is an HTML document.
type DocumentBody struct {
	Data string
	HTML bool
}

// ExtractBody turns a body the page gave (nil; string; []byte for an
// ArrayBuffer or view; *Blob; *File; *FormData; URLEncoded; DocumentBody)
// into bytes and the Content-Type it implies ("" for none).
//
// https://fetch.spec.whatwg.org/#concept-bodyinit-extract
func ExtractBody(v any) (data []byte, contentType string, err error) {
	switch b := v.(type) {
	case nil:
		return nil, "", nil
	case string:
		return []byte(b), "text/plain;charset=UTF-8", nil
	case []byte:
		return b, "", nil
	case *Blob:
		return b.data, b.typ, nil
	case *File:
		return b.data, b.typ, nil
	case *FormData:
		boundary := newBoundary()
		return b.EncodeMultipart(boundary), "multipart/form-data; boundary=" + boundary, nil
	case URLEncoded:
		return []byte(b), "application/x-www-form-urlencoded;charset=UTF-8", nil
	case DocumentBody:
		if b.HTML {
			return []byte(b.Data), "text/html;charset=UTF-8", nil
		}
		return []byte(b.Data), "application/xml;charset=UTF-8", nil
	}
	return nil, "", fmt.Errorf("xhr: cannot send a body of type %T", v)
}

// newBoundary returns a multipart boundary in the style browsers use.
func newBoundary() string {
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := []byte("----formdata-bangsnap-0000000000000000")
	for i := len(b) - 16; i < len(b); i++ {
		b[i] = chars[rand.IntN(len(chars))]
	}
	return string(b)
}

// urlWithoutFragment serializes u without its fragment (responseURL,
// response.url).
func urlWithoutFragment(u *url.URL) string {
	if u == nil {
		return ""
	}
	if u.Fragment == "" && u.RawFragment == "" {
		return u.String()
	}
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}
