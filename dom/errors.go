package dom

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// A DOMError is an error of a DOM operation, named as the WebIDL
// DOMException it stands for (https://webidl.spec.whatwg.org/#idl-DOMException-error-names),
// so that bindings can throw the matching DOMException.
type DOMError struct {
	Name    string // e.g. HierarchyRequestError
	Message string
}

func (e *DOMError) Error() string { return e.Name + ": " + e.Message }

// Is makes errors.Is(err, &DOMError{Name: X}) match any DOMError named X.
func (e *DOMError) Is(target error) bool {
	t, ok := target.(*DOMError)
	return ok && t.Name == e.Name && (t.Message == "" || t.Message == e.Message)
}

// DOMException names used by this package.
const (
	HierarchyRequestError      = "HierarchyRequestError"
	NotFoundError              = "NotFoundError"
	InvalidCharacterError      = "InvalidCharacterError"
	SyntaxError                = "SyntaxError"
	NotSupportedError          = "NotSupportedError"
	InUseAttributeError        = "InUseAttributeError"
	InvalidStateError          = "InvalidStateError"
	WrongDocumentError         = "WrongDocumentError"
	NamespaceError             = "NamespaceError"
	IndexSizeError             = "IndexSizeError"
	InvalidNodeTypeError       = "InvalidNodeTypeError"
	NoModificationAllowedError = "NoModificationAllowedError"
)

// ErrNilNode is returned when a nil *Node is passed where a node is
// required; bindings turn it into a TypeError, as WebIDL does for null.
var ErrNilNode = errors.New("dom: a node is required")

func newError(name, format string, args ...any) *DOMError {
	return &DOMError{Name: name, Message: fmt.Sprintf(format, args...)}
}

func isASCIIWhitespace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}

func isASCIIAlpha(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }

// validElementLocalName implements https://dom.spec.whatwg.org/#valid-element-local-name.
func validElementLocalName(s string) bool {
	if s == "" {
		return false
	}
	first, size := utf8.DecodeRuneInString(s)
	if isASCIIAlpha(first) {
		return !strings.ContainsFunc(s, func(r rune) bool {
			return isASCIIWhitespace(r) || r == 0 || r == '/' || r == '>'
		})
	}
	if first != ':' && first != '_' && first < 0x80 {
		return false
	}
	for _, r := range s[size:] {
		if !(isASCIIAlpha(r) || '0' <= r && r <= '9' || r == '-' || r == '.' || r == ':' || r == '_' || r >= 0x80) {
			return false
		}
	}
	return true
}

// validAttributeLocalName implements https://dom.spec.whatwg.org/#valid-attribute-local-name.
func validAttributeLocalName(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return isASCIIWhitespace(r) || r == 0 || r == '/' || r == '>' || r == '='
	})
}

// validNamespacePrefix implements https://dom.spec.whatwg.org/#valid-namespace-prefix.
func validNamespacePrefix(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return isASCIIWhitespace(r) || r == 0 || r == '/' || r == '>'
	})
}

// validDoctypeName implements https://dom.spec.whatwg.org/#valid-doctype-name.
func validDoctypeName(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool {
		return isASCIIWhitespace(r) || r == 0 || r == '>'
	})
}

// validXMLName implements XML 1.0's Name production (processing
// instruction targets): https://www.w3.org/TR/xml/#NT-Name.
func validXMLName(s string) bool {
	if s == "" {
		return false
	}
	if HasSurrogates(s) {
		return false // a lone surrogate is no Char (it would read as U+FFFD)
	}
	for i, r := range s {
		if i == 0 && !xmlNameStartChar(r) || !xmlNameStartChar(r) && !xmlNameChar(r) {
			return false
		}
	}
	return true
}

// xmlNameStartChar is https://www.w3.org/TR/xml/#NT-NameStartChar.
func xmlNameStartChar(r rune) bool {
	switch {
	case r == ':' || r == '_' || isASCIIAlpha(r):
		return true
	case r < 0xC0:
		return false
	}
	return r <= 0xD6 || 0xD8 <= r && r <= 0xF6 || 0xF8 <= r && r <= 0x2FF ||
		0x370 <= r && r <= 0x37D || 0x37F <= r && r <= 0x1FFF || r == 0x200C || r == 0x200D ||
		0x2070 <= r && r <= 0x218F || 0x2C00 <= r && r <= 0x2FEF || 0x3001 <= r && r <= 0xD7FF ||
		0xF900 <= r && r <= 0xFDCF || 0xFDF0 <= r && r <= 0xFFFD || 0x10000 <= r && r <= 0xEFFFF
}

// xmlNameChar is the rest of https://www.w3.org/TR/xml/#NT-NameChar.
func xmlNameChar(r rune) bool {
	return r == '-' || r == '.' || '0' <= r && r <= '9' || r == 0xB7 ||
		0x300 <= r && r <= 0x36F || r == 0x203F || r == 0x2040
}

// validateAndExtract implements https://dom.spec.whatwg.org/#validate-and-extract
// for namespace ns ("" for null) and qualified name qname; element selects
// the element local name rules over the attribute ones.
func validateAndExtract(ns, qname string, element bool) (prefix, local string, err error) {
	local = qname
	if i := strings.IndexByte(qname, ':'); i >= 0 {
		// "Strictly split" on ':' and take the first two parts: "a:b:c"
		// is prefix "a", local name "b", as Chromium does.
		prefix, local = qname[:i], qname[i+1:]
		if j := strings.IndexByte(local, ':'); j >= 0 {
			local = local[:j]
		}
		if !validNamespacePrefix(prefix) {
			return "", "", invalidQualifiedName(qname, prefix, validNamespacePrefix)
		}
	}
	valid := validAttributeLocalName
	if element {
		valid = validElementLocalName
	}
	if !valid(local) {
		return "", "", invalidQualifiedName(qname, local, valid)
	}
	if prefix != "" && ns == "" || prefix == "xml" && ns != XMLNamespace ||
		(qname == "xmlns" || prefix == "xmlns") != (ns == XMLNSNamespace) {
		return "", "", newError(NamespaceError, "The namespace URI provided ('%s') is not valid for the qualified name provided ('%s').", ns, qname)
	}
	return prefix, local, nil
}

// invalidQualifiedName is the InvalidCharacterError of qualified name
// qname whose part (its prefix or local name) is not valid, worded as
// Chromium words it: the part is empty, or the error names the first
// character at which the part stops being valid.
func invalidQualifiedName(qname, part string, valid func(string) bool) *DOMError {
	switch {
	case qname == "":
		return newError(InvalidCharacterError, "The qualified name provided is empty.")
	case part == "" && strings.HasPrefix(qname, ":"):
		return newError(InvalidCharacterError, "The qualified name provided ('%s') has an empty namespace prefix.", qname)
	case part == "":
		return newError(InvalidCharacterError, "The qualified name provided ('%s') has an empty local name.", qname)
	}
	for i := 0; i < len(part); {
		r, size := utf8.DecodeRuneInString(part[i:])
		i += size
		if !valid(part[:i]) {
			return newError(InvalidCharacterError, "The qualified name provided ('%s') contains the invalid character '%c'.", qname, r)
		}
	}
	return newError(InvalidCharacterError, "The qualified name provided ('%s') contains an invalid character.", qname)
}

// qualify joins prefix and local name into a qualified name.
func qualify(prefix, local string) string {
	if prefix == "" {
		return local
	}
	return prefix + ":" + local
}
