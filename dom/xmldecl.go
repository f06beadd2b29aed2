package dom

import (
	"bytes"
	"regexp"
	"strings"
)

// XMLDeclaration is what a document keeps of its XML declaration
// (`<?xml version="1.0" encoding="…" standalone="…"?>`): Chromium writes it
// back first when it serializes the document, and shows it as
// document.xmlVersion, xmlEncoding and xmlStandalone.
type XMLDeclaration struct {
	// Present tells whether the document was parsed with a declaration.
	Present bool
	// Encoding is the declared encoding as written, "" when not given.
	Encoding string
	// Standalone is "yes", "no", or "" when not given.
	Standalone string
}

// XMLDeclaration returns what d kept of its XML declaration.
func (d *Document) XMLDeclaration() XMLDeclaration { return d.xmlDecl }

// XMLVersion is document.xmlVersion: "1.0" for an XML document, and for an
// HTML document once a script set it; ok is false otherwise (null).
func (d *Document) XMLVersion() (v string, ok bool) {
	if d.xml || d.xmlVersionSet {
		return "1.0", true
	}
	return "", false
}

// SetXMLVersion is xmlVersion's setter: "1.0" is the only version kept
// (Chromium throws NotSupportedError for another, which the bindings do
// when this returns false).
func (d *Document) SetXMLVersion(v string) bool {
	if v != "1.0" {
		return false
	}
	d.xmlVersionSet = true
	return true
}

// SetXMLStandalone sets the declaration's standalone status (xmlStandalone's
// setter): written back only when the document has a declaration.
func (d *Document) SetXMLStandalone(yes bool) {
	d.xmlDecl.Standalone = "no"
	if yes {
		d.xmlDecl.Standalone = "yes"
	}
}

// xmlDeclVersion finds the version of a leading XML declaration.
var xmlDeclVersion = regexp.MustCompile(`^<\?xml\s+version\s*=\s*("([^"]*)"|'([^']*)')`)

// acceptXMLVersion lets a document declared as XML 1.x through as 1.0, as
// Chromium's parser (libxml2) does, where encoding/xml accepts only "1.0";
// it rewrites the minor version in place (the offsets of errors stay
// right). Another major version is the error Chromium reports.
func acceptXMLVersion(src []byte) error {
	m := xmlDeclVersion.FindSubmatchIndex(src)
	if m == nil {
		return nil
	}
	lo, hi := m[4], m[5]
	if lo < 0 {
		lo, hi = m[6], m[7]
	}
	v := src[lo:hi]
	if bytes.Equal(v, []byte("1.0")) {
		return nil
	}
	if len(v) < 3 || v[0] != '1' || v[1] != '.' || bytes.IndexFunc(v[2:], func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return &XMLSyntaxError{Line: 1, Message: "Unsupported version '" + string(v) + "'"}
	}
	// "1.1" becomes "1.0"; a longer "1.10" becomes `1.0"` and spaces,
	// which the declaration allows before its next pseudo-attribute.
	copy(src[lo:], "1.0")
	if hi > lo+3 {
		src[lo+3] = src[hi]
		for i := lo + 4; i <= hi; i++ {
			src[i] = ' '
		}
	}
	return nil
}

// readXMLDeclaration reads the pseudo-attributes of the declaration's
// content (after "xml").
func readXMLDeclaration(inst string) XMLDeclaration {
	return XMLDeclaration{Present: true, Encoding: pseudoAttr(inst, "encoding"), Standalone: pseudoAttr(inst, "standalone")}
}

// pseudoAttr returns the value of name="value" (or 'value') in a
// processing instruction's content, "" when absent.
func pseudoAttr(inst, name string) string {
	for i := 0; i < len(inst); {
		j := indexFrom(inst, name, i)
		if j < 0 {
			return ""
		}
		k := j + len(name)
		i = k
		if j > 0 && !isXMLSpace(inst[j-1]) {
			continue
		}
		for k < len(inst) && isXMLSpace(inst[k]) {
			k++
		}
		if k >= len(inst) || inst[k] != '=' {
			continue
		}
		k++
		for k < len(inst) && isXMLSpace(inst[k]) {
			k++
		}
		if k >= len(inst) || inst[k] != '"' && inst[k] != '\'' {
			continue
		}
		q := inst[k]
		end := indexFrom(inst, string(q), k+1)
		if end < 0 {
			return ""
		}
		return inst[k+1 : end]
	}
	return ""
}

func indexFrom(s, sub string, from int) int {
	if i := strings.Index(s[from:], sub); i >= 0 {
		return from + i
	}
	return -1
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
