package dom

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The document's mode from its doctype.
//
// x/net/html (v0.62) decides quirks mode from the doctype with two
// mistakes: it compares the name with "html" case-sensitively, so the
// common <!DOCTYPE HTML> (and every <!DOCTYPE HTML PUBLIC ...> of an HTML
// 4.01 page) is quirks for it, and a public identifier without a system
// identifier is quirks whatever it is (<!DOCTYPE html PUBLIC "-//W3C//DTD
// HTML 4.01//EN">). Its tree builder uses the mode in one place only: in
// no-quirks mode a <table> start tag closes an open <p>, which it then
// failed to do. The standard's decision
// (https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode)
// needs the doctype token's force-quirks flag too, which x/net/html does
// not expose: doctypeMode reads the doctype as the standard's tokenizer
// does (https://html.spec.whatwg.org/multipage/parsing.html#doctype-state).
// Where the two decisions differ, x/net/html parses the source with the
// doctype replaced by one of the same length and lines that it decides
// right (<!DOCTYPE html> or <!DOCTYPE q>, padded), and the doctype node
// gets the name and identifiers of the real one back.

// doctypeFix is the doctype of a source, when its mode needed deciding.
type doctypeFix struct {
	mode string // "BackCompat" or "CSS1Compat"
	// node is the doctype as x/net/html reads the real one, when the
	// source was rewritten (nil: it was not).
	node *html.Node
}

// fixDoctype returns src, or src with its doctype rewritten so that
// x/net/html decides its mode as the standard does, and the fix (nil when
// the doctype is missing or plainly <!DOCTYPE html>, which x/net/html
// decides right).
func fixDoctype(src string) (string, *doctypeFix) {
	start, end, ok := leadingDoctype(src)
	if !ok {
		return src, nil
	}
	raw := src[start:end]
	t := readDoctype(raw)
	if !t.forceQuirks && t.written == "html" && !t.hasPublic && !t.hasSystem {
		return src, nil // <!DOCTYPE html>, as x/net/html decides it too
	}
	quirks := t.quirks()
	fix := &doctypeFix{mode: "CSS1Compat"}
	if quirks {
		fix.mode = "BackCompat"
	}
	if xnetQuirks(raw) == quirks {
		return src, fix
	}
	stand := "<!DOCTYPE html"
	if quirks {
		stand = "<!DOCTYPE q"
	}
	if len(raw) < len(stand)+1 || !strings.HasSuffix(raw, ">") {
		return src, fix
	}
	if d, err := html.Parse(strings.NewReader(raw)); err == nil && d.FirstChild != nil && d.FirstChild.Type == html.DoctypeNode {
		fix.node = d.FirstChild
	} else {
		return src, fix
	}
	var b strings.Builder
	b.Grow(len(src))
	b.WriteString(src[:start])
	b.WriteString(stand)
	// White space as long as what it replaces, line breaks kept.
	for i := len(stand); i < len(raw)-1; i++ {
		if raw[i] == '\n' || raw[i] == '\r' {
			b.WriteByte(raw[i])
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('>')
	b.WriteString(src[end:])
	return b.String(), fix
}

// restore gives the doctype node among root's children the name and
// identifiers of the real doctype; it reports whether it is done (false:
// the parser has not made the doctype yet).
func (f *doctypeFix) restore(root *html.Node) bool {
	if f == nil || f.node == nil {
		return true
	}
	for k := root.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.DoctypeNode {
			k.Data = f.node.Data
			k.Attr = f.node.Attr
			f.node = nil
			return true
		}
	}
	return false
}

// leadingDoctype finds the doctype the initial insertion mode reads: the
// first token that is not white space or a comment. It reports false when
// there is none, or one whose end is not found.
func leadingDoctype(src string) (start, end int, ok bool) {
	i := 0
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\n', '\f', '\r':
			i++
			continue
		}
		if strings.HasPrefix(src[i:], "<!--") {
			k := strings.Index(src[i+4:], "-->")
			if k < 0 {
				return 0, 0, false
			}
			i += 4 + k + 3
			continue
		}
		break
	}
	if len(src)-i < 9 || src[i] != '<' || src[i+1] != '!' || !ascii.EqualFold(src[i+2:i+9], "doctype") {
		return 0, 0, false
	}
	k := strings.IndexByte(src[i:], '>')
	if k < 0 {
		return 0, 0, false
	}
	// The token ends at the first ">", in a quoted identifier too.
	return i, i + k + 1, true
}

// xnetQuirks reports whether x/net/html parses the document that starts
// with doctype raw in quirks mode: whether a <table> stays in an open <p>.
func xnetQuirks(raw string) bool {
	d, err := html.Parse(strings.NewReader(raw + "<p><table></table>"))
	if err != nil {
		return false
	}
	var found func(*html.Node) bool
	found = func(n *html.Node) bool {
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			if k.Type == html.ElementNode && k.DataAtom == atom.Table {
				return k.Parent.DataAtom == atom.P
			}
			if found(k) {
				return true
			}
		}
		return false
	}
	return found(d)
}

// doctypeToken is a DOCTYPE token as the standard's tokenizer makes it.
type doctypeToken struct {
	name, written        string // lowercased, and as written
	public, system       string
	hasPublic, hasSystem bool
	forceQuirks          bool
}

// readDoctype tokenizes raw, "<!DOCTYPE" up to and including its ">" (or
// the end), as https://html.spec.whatwg.org/multipage/parsing.html#doctype-state
// does.
func readDoctype(raw string) (t doctypeToken) {
	s := raw[9:]
	i := 0
	white := func() bool { return i < len(s) && isPIWhite(s[i]) }
	skip := func() {
		for white() {
			i++
		}
	}
	quoted := func(dst *string) bool {
		q := s[i]
		i++
		j := i
		for j < len(s) && s[j] != q && s[j] != '>' {
			j++
		}
		*dst = s[i:j]
		if j >= len(s) || s[j] == '>' {
			t.forceQuirks = true // abrupt or at the end
			return false
		}
		i = j + 1
		return true
	}
	isQuote := func() bool { return i < len(s) && (s[i] == '"' || s[i] == '\'') }
	skip()
	if i >= len(s) || s[i] == '>' {
		t.forceQuirks = true
		return t
	}
	j := i
	for j < len(s) && !isPIWhite(s[j]) && s[j] != '>' {
		j++
	}
	t.written = s[i:j]
	t.name = strings.ToLower(t.written)
	if j >= len(s) {
		t.forceQuirks = true
		return t
	}
	i = j
	skip()
	if i >= len(s) {
		t.forceQuirks = true
		return t
	}
	if s[i] == '>' {
		return t
	}
	if len(s)-i < 6 {
		t.forceQuirks = true
		return t
	}
	switch kw := s[i : i+6]; {
	case ascii.EqualFold(kw, "public"):
		i += 6
		skip()
		if !isQuote() {
			t.forceQuirks = true
			return t
		}
		t.hasPublic = true
		if !quoted(&t.public) {
			return t
		}
		skip()
		if i >= len(s) {
			t.forceQuirks = true
			return t
		}
		if s[i] == '>' {
			return t
		}
		if !isQuote() {
			t.forceQuirks = true
			return t
		}
	case ascii.EqualFold(kw, "system"):
		i += 6
		skip()
		if !isQuote() {
			t.forceQuirks = true
			return t
		}
	default:
		t.forceQuirks = true
		return t
	}
	t.hasSystem = true
	if !quoted(&t.system) {
		return t
	}
	skip()
	if i >= len(s) {
		t.forceQuirks = true
	}
	// Anything else before ">" is a bogus doctype, which leaves the
	// flag as it is.
	return t
}

// quirks reports whether the document is in quirks mode
// (https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode).
func (t doctypeToken) quirks() bool {
	if t.forceQuirks || t.name != "html" {
		return true
	}
	pub := ascii.Lower(t.public)
	switch pub {
	case "-//w3o//dtd w3 html strict 3.0//en//", "-/w3d/dtd html 4.0 transitional/en", "html":
		return true
	}
	if ascii.EqualFold(t.system, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd") {
		return true
	}
	for _, p := range quirksPublicPrefixes {
		if strings.HasPrefix(pub, p) {
			return true
		}
	}
	if !t.hasSystem && (strings.HasPrefix(pub, "-//w3c//dtd html 4.01 frameset//") || strings.HasPrefix(pub, "-//w3c//dtd html 4.01 transitional//")) {
		return true
	}
	return false
}

// quirksPublicPrefixes are the public identifier prefixes that make a
// document quirks, from the initial insertion mode's list.
var quirksPublicPrefixes = [...]string{
	"+//silmaril//dtd html pro v0r11 19970101//",
	"-//as//dtd html 3.0 aswedit + extensions//",
	"-//advasoft ltd//dtd html 3.0 aswedit + extensions//",
	"-//ietf//dtd html 2.0 level 1//",
	"-//ietf//dtd html 2.0 level 2//",
	"-//ietf//dtd html 2.0 strict level 1//",
	"-//ietf//dtd html 2.0 strict level 2//",
	"-//ietf//dtd html 2.0 strict//",
	"-//ietf//dtd html 2.0//",
	"-//ietf//dtd html 2.1e//",
	"-//ietf//dtd html 3.0//",
	"-//ietf//dtd html 3.2 final//",
	"-//ietf//dtd html 3.2//",
	"-//ietf//dtd html 3//",
	"-//ietf//dtd html level 0//",
	"-//ietf//dtd html level 1//",
	"-//ietf//dtd html level 2//",
	"-//ietf//dtd html level 3//",
	"-//ietf//dtd html strict level 0//",
	"-//ietf//dtd html strict level 1//",
	"-//ietf//dtd html strict level 2//",
	"-//ietf//dtd html strict level 3//",
	"-//ietf//dtd html strict//",
	"-//ietf//dtd html//",
	"-//metrius//dtd metrius presentational//",
	"-//microsoft//dtd internet explorer 2.0 html strict//",
	"-//microsoft//dtd internet explorer 2.0 html//",
	"-//microsoft//dtd internet explorer 2.0 tables//",
	"-//microsoft//dtd internet explorer 3.0 html strict//",
	"-//microsoft//dtd internet explorer 3.0 html//",
	"-//microsoft//dtd internet explorer 3.0 tables//",
	"-//netscape comm. corp.//dtd html//",
	"-//netscape comm. corp.//dtd strict html//",
	"-//o'reilly and associates//dtd html 2.0//",
	"-//o'reilly and associates//dtd html extended 1.0//",
	"-//o'reilly and associates//dtd html extended relaxed 1.0//",
	"-//sq//dtd html 2.0 hotmetal + extensions//",
	"-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
	"-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
	"-//spyglass//dtd html 2.0 extended//",
	"-//sun microsystems corp.//dtd hotjava html//",
	"-//sun microsystems corp.//dtd hotjava strict html//",
	"-//w3c//dtd html 3 1995-03-24//",
	"-//w3c//dtd html 3.2 draft//",
	"-//w3c//dtd html 3.2 final//",
	"-//w3c//dtd html 3.2//",
	"-//w3c//dtd html 3.2s draft//",
	"-//w3c//dtd html 4.0 frameset//",
	"-//w3c//dtd html 4.0 transitional//",
	"-//w3c//dtd html experimental 19960712//",
	"-//w3c//dtd html experimental 970421//",
	"-//w3c//dtd w3 html//",
	"-//w3o//dtd w3 html 3.0//",
	"-//webtechs//dtd mozilla html 2.0//",
	"-//webtechs//dtd mozilla html//",
}
