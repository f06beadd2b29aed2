package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Relative URLs in style sheets. Chromium resolves a url() when it parses
// the sheet, against the sheet's URL: a linked or imported sheet's own
// URL, the document's base URL for <style> elements, style attributes and
// constructed sheets. Computed values read the resolved URL
// (url("https://host/dir/img.png")), specified values (CSSOM, el.style)
// keep what was written.
//
// The cascade reads the rules of every sheet from one text, imported
// sheets written in place of their @import rules, so the URLs of linked
// and imported sheets are resolved in their text before it is joined
// (absoluteSheetURLs); what is left relative came from the document and is
// resolved at computed-value time against its base URL
// (computedURLs).
// https://drafts.csswg.org/css-values-4/#relative-urls

// mayHoldURL is a quick test for a url( in s, in any case.
func mayHoldURL(s string) bool {
	for i := strings.IndexByte(s, '('); i >= 0; {
		if i >= 3 && ascii.EqualFold(s[i-3:i], "url") {
			return true
		}
		j := strings.IndexByte(s[i+1:], '(')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return false
}

// absoluteSheetURLs rewrites the url() tokens of css, a style sheet's text
// whose URL is base, to absolute ones. Comments and strings are copied as
// they are, and so are the values of custom properties (Chromium keeps
// them as written: they are resolved where var() substitutes them, against
// the URL of the sheet declaring the property that uses var(), so the
// first var() of such a declaration of a property that takes URLs is
// marked with base: markSheetBase).
func absoluteSheetURLs(css, base string) string {
	if base == "" || !mayHoldURL(css) && indexVar(css) < 0 {
		return css
	}
	return rewriteURLs(css, base, true)
}

// cascadeSheetText is the text the cascade reads of a sheet whose URL (a
// style element's: its document's base URL) is base: its url()s resolved
// (absoluteSheetURLs) and its comments stripped, as the cascade's parse
// strips them (stripComments, which leaves a stripped text as it is).
// The parsed-sheet cache's parse of it so slices this very text, where it
// kept a stripped copy of its own beside the text the pages held (daisyUI's
// 1.2 MB sheet twice), and renders of the sheet share it (urlCache).
func cascadeSheetText(css, base string) string {
	if (base == "" || !mayHoldURL(css) && indexVar(css) < 0) && !strings.Contains(css, "/*") {
		return css
	}
	return resolvedSheets.resolve(css, base, resolveAndStrip)
}

func resolveAndStrip(css, base string) string { return stripComments(absoluteSheetURLs(css, base)) }

// sheetBaseMark brackets the URL a var() of a sheet's declaration is
// resolved against, put before it in the text the cascade reads
// (markSheetBase), taken out again when var() is substituted
// (cutSheetBase). Never in a value a page reads.
const sheetBaseMark = '\x01'

// urlValueProps are the properties (and shorthands) whose values may hold
// url(), whose var() references get their sheet's URL.
var urlValueProps = set(`background background-image border-image border-image-source mask mask-image mask-border
	mask-border-source -webkit-mask -webkit-mask-image -webkit-mask-box-image -webkit-mask-box-image-source
	-webkit-border-image list-style list-style-image content cursor shape-outside filter backdrop-filter clip-path
	fill stroke marker marker-start marker-mid marker-end offset offset-path src`)

// declarationNeedsBase tells whether a var( at s[i] of a sheet's text is
// in the value of a declaration of a urlValueProps property, and gives
// that declaration's start (a quick look back, as inCustomProperty's).
func declarationNeedsBase(s string, i int) (start int, ok bool) {
	start = strings.LastIndexAny(s[:i], "{;") + 1
	name, _, found := strings.Cut(s[start:i], ":")
	if !found {
		return 0, false
	}
	return start, urlValueProps[ascii.Lower(strings.TrimSpace(name))]
}

// cutSheetBase takes the sheet URL markSheetBase put in v out of it.
func cutSheetBase(v string) (base, rest string) {
	i := strings.IndexByte(v, sheetBaseMark)
	if i < 0 {
		return "", v
	}
	j := strings.IndexByte(v[i+1:], sheetBaseMark)
	if j < 0 {
		return "", v
	}
	return v[i+1 : i+1+j], v[:i] + v[i+2+j:]
}

// A styleBase is the document's base URL (base) when the cascade first
// read a <style> element's text (raw), which the URLs of its sheet are
// resolved against, as Chromium resolves them when it parses the sheet:
// a <base> added or changed later leaves them, also in rules inserted
// later (testdata/wpt/known51-sheet-base.html). out is in, the sheet's
// text, as the cascade reads it (cascadeSheetText).
type styleBase struct{ raw, base, in, out string }

// styleSheetURLs is text, the sheet of style element n whose own text is
// raw, with its URLs made absolute against the document's base URL of
// the time raw was first read.
func (w *Window) styleSheetURLs(n *dom.Node, raw, text string) string {
	if !mayHoldURL(text) && indexVar(text) < 0 {
		return text
	}
	sb := w.styleBases[n]
	if sb == nil || sb.raw != raw {
		b := n.Document().BaseRecord()
		if b == nil {
			return text
		}
		if w.styleBases == nil {
			w.styleBases = map[*dom.Node]*styleBase{}
		}
		sb = &styleBase{raw: raw, base: b.String()}
		w.styleBases[n] = sb
	}
	if sb.in != text || sb.out == "" {
		sb.in, sb.out = text, cascadeSheetText(text, sb.base)
	}
	return sb.out
}

// computedURLs is the computed form of v, a value holding url(): each
// relative URL resolved against el's document base URL. URLs already made
// absolute (absoluteSheetURLs) are left as they are.
func computedURLs(el *dom.Node, v string) string {
	if !mayHoldURL(v) {
		return v
	}
	base := el.Document().BaseRecord()
	if base == nil {
		return v
	}
	return rewriteURLs(v, base.String(), false)
}

// rewriteURLs writes s with the URL of each url() token resolved against
// base; inSheet skips the values of custom properties, which only a
// sheet's text has.
func rewriteURLs(s, base string, inSheet bool) string {
	var b strings.Builder
	var baseURL *webapi.URL // parsed at the first url()
	last := 0               // s[last:i] is not written yet
	marked := -1            // the start of the declaration last marked
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inSheet && (c == 'v' || c == 'V') && i+4 <= len(s) && ascii.EqualFold(s[i:i+4], "var(") && (i == 0 || !isNameByte(s[i-1])):
			if start, ok := declarationNeedsBase(s, i); ok && start != marked && !strings.ContainsRune(base, sheetBaseMark) {
				if last == 0 {
					b.Grow(len(s) + len(s)/8 + len(base))
				}
				b.WriteString(s[last:i])
				b.WriteByte(sheetBaseMark)
				b.WriteString(base)
				b.WriteByte(sheetBaseMark)
				last, marked = i, start
			}
			i += 3
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 3
			}
		case c == '"' || c == '\'':
			i = stringEnd(s, i)
		case (c == 'u' || c == 'U') && i+4 <= len(s) && ascii.EqualFold(s[i:i+4], "url(") && (i == 0 || !isNameByte(s[i-1])): // cssvar.go
			ref, end, ok := urlArgument(s, i+4)
			if !ok {
				continue
			}
			if inSheet && inCustomProperty(s, i) {
				i = end - 1
				continue
			}
			if baseURL == nil {
				var err error
				if baseURL, err = webapi.ParseURL(base, nil); err != nil {
					return s
				}
			}
			if abs, ok := resolveCSSURL(ref, baseURL); ok {
				if last == 0 {
					// The text is kept (a sheet's for its page and in
					// the parsed-sheet cache): grown by doubling, a
					// 400 KB sheet was kept in up to twice that.
					b.Grow(len(s) + len(s)/8 + len(abs))
				}
				b.WriteString(s[last:i])
				b.WriteString("url(")
				b.WriteString(quoteCSSString(abs))
				b.WriteByte(')')
				last = end
			}
			i = end - 1
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// stringEnd is the index of the last byte of the string token starting at
// s[i] (its closing quote, or the end of s).
func stringEnd(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q, '\n':
			return j
		}
	}
	return len(s) - 1
}

// urlArgument reads the argument of a url( whose parenthesis ends before
// s[i]: a quoted string or an unquoted URL, with white space around it.
// end is the index after the closing parenthesis.
// https://drafts.csswg.org/css-syntax/#consume-url-token
func urlArgument(s string, i int) (ref string, end int, ok bool) {
	for i < len(s) && isCSSSpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		j := stringEnd(s, i)
		if j >= len(s) || s[j] != s[i] {
			return "", 0, false
		}
		ref = unquoteCSSString(s[i : j+1])
		i = j + 1
		for i < len(s) && isCSSSpace(s[i]) {
			i++
		}
		if i >= len(s) || s[i] != ')' {
			return "", 0, false // url("a" b): a function, no URL
		}
		return ref, i + 1, true
	}
	j := 0
	for ; i+j < len(s) && s[i+j] != ')'; j++ {
		if s[i+j] == '\\' {
			j++ // an escaped code point, ')' included
		}
	}
	if i+j >= len(s) {
		return "", 0, false
	}
	ref = strings.TrimRight(s[i:i+j], " \t\n\r\f")
	if strings.ContainsAny(ref, "\"'( \t\n") {
		return "", 0, false // a bad url token
	}
	if strings.Contains(ref, "\\") {
		ref = unquoteCSSString(`"` + ref + `"`)
	}
	return ref, i + j + 1, true
}

func isCSSSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// inCustomProperty tells whether s[i] is in the value of a custom property
// declaration: the text since the last '{' or ';' starts with "--". A
// quick look back, good for the sheets the cascade reads.
func inCustomProperty(s string, i int) bool {
	start := strings.LastIndexAny(s[:i], "{;") + 1
	return strings.HasPrefix(strings.TrimLeft(s[start:i], " \t\n\r\f"), "--")
}

// resolveCSSURL resolves ref against base as Chromium does for a url():
// an empty URL and a fragment-only one (url(#clip), a reference into the
// document) stay as written, as does a URL that does not parse.
func resolveCSSURL(ref string, base *webapi.URL) (string, bool) {
	if ref == "" || ref[0] == '#' {
		return "", false
	}
	u, err := webapi.ParseURL(ref, base)
	if err != nil {
		return "", false
	}
	return u.String(), true
}

// imageProps take <image> values: url(), gradients, image-set().
var imageProps = set(`background-image border-image-source mask-image -webkit-mask-image list-style-image content cursor
	mask-border-source shape-outside`)

// computedImages is the computed form of v, a value of an image property
// holding functions: URLs resolved (computedURLs), the colors of
// gradients computed, the strings of image-set() made url()s and its
// x resolutions dppx, as Chromium serializes them; comp computes the
// colors and lengths of gradients.
// https://drafts.csswg.org/css-images-4/#image-set-notation
func computedImages(el *dom.Node, v string, comp *gradientComputer) string {
	if !strings.Contains(v, "gradient(") && !strings.Contains(v, "image-set(") {
		return computedURLs(el, v)
	}
	return mapComponents(v, func(c string) string {
		open := strings.IndexByte(c, '(')
		if open <= 0 || !strings.HasSuffix(c, ")") {
			return c
		}
		name := ascii.Lower(c[:open])
		switch {
		case strings.HasSuffix(name, "gradient"):
			return computedGradient(c, comp)
		case name == "image-set" || name == "-webkit-image-set":
			return "image-set(" + mapComponents(c[open+1:len(c)-1], func(a string) string {
				if a[0] == '"' || a[0] == '\'' {
					a = "url(" + a + ")"
				}
				if f, unit, ok := splitNumber(a); ok && unit == "x" {
					return formatNumber(f) + "dppx"
				}
				return computedImages(el, a, comp)
			}) + ")"
		}
		return computedURLs(el, c)
	})
}
