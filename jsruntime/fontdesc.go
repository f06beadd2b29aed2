package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The descriptors of @font-face: the values the declarations of a
// CSSFontFaceRule's style take, the attributes of a FontFace, and what
// document.fonts makes of a rule, each read and written as Chromium 156
// does (testdata/wpt/lead59-font-face-descriptors.html).
// https://drafts.csswg.org/css-fonts/#font-face-rule

// fontFaceDescriptorNames are the descriptors of @font-face Chromium
// reads from a rule's block (font-variant among them; setProperty does
// not take it).
var fontFaceDescriptorNames = set("font-family src font-style font-weight font-stretch unicode-range font-variant " +
	"font-feature-settings font-variation-settings font-display ascent-override descent-override line-gap-override size-adjust")

// fontFaceDescriptor parses value as descriptor name of @font-face and
// returns it serialized, or ok false when it is no value of it.
func fontFaceDescriptor(name, value string) (string, bool) {
	// https://drafts.csswg.org/css-syntax/#input-preprocessing
	value = strings.ReplaceAll(value, "\x00", "\uFFFD")
	value = strings.TrimSpace(stripComments(value))
	if value == "" {
		return "", false
	}
	if lower := ascii.Lower(value); cssWideKeywords[lower] {
		return lower, true
	}
	parts := splitComponents(value)
	switch name {
	case "font-family":
		fams, ok := parseFamilies(parts)
		if !ok || len(fams) != 1 || fams[0].generic {
			return "", false
		}
		return familyName(fams[0].name), true
	case "src":
		return fontSrcDescriptor(value)
	case "unicode-range":
		ranges, ok := parseUnicodeRanges(value)
		if !ok {
			return "", false
		}
		return serializeUnicodeRanges(ranges), true
	case "font-weight":
		return fontRange(parts, func(p string) (string, bool) {
			switch ascii.Lower(p) {
			case "bolder", "lighter":
				return "", false
			}
			return normalizeValue("font-weight", p)
		})
	case "font-stretch":
		return fontRange(parts, func(p string) (string, bool) {
			return normalizeValue("font-stretch", p)
		})
	case "font-style":
		return fontStyleDescriptor(parts)
	case "font-display":
		switch v := ascii.Lower(value); v {
		case "auto", "block", "swap", "fallback", "optional":
			return v, true
		}
	case "ascent-override", "descent-override", "line-gap-override", "size-adjust":
		if name != "size-adjust" && ascii.EqualFold(value, "normal") {
			return "normal", true
		}
		if len(parts) == 1 && strings.HasSuffix(parts[0], "%") {
			if f, err := strconv.ParseFloat(parts[0][:len(parts[0])-1], 64); err == nil && f >= 0 {
				return strconv.FormatFloat(f, 'f', -1, 64) + "%", true
			}
		}
	case "font-feature-settings", "font-variation-settings":
		return normalizeValue(name, value)
	case "font-variant":
		if supportsDeclaration("font-variant:" + value) {
			return value, true
		}
	}
	return "", false
}

// fontRange reads a descriptor's range: auto alone, one value, or two
// numbers or percentages (a keyword stands alone), each read by one; the
// two are kept in their order.
func fontRange(parts []string, one func(string) (string, bool)) (string, bool) {
	if len(parts) == 1 && ascii.EqualFold(parts[0], "auto") {
		return "auto", true
	}
	if len(parts) < 1 || len(parts) > 2 {
		return "", false
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		v, ok := one(p)
		if !ok || len(parts) == 2 && !numericFontValue(v) {
			return "", false
		}
		out[i] = v
	}
	return strings.Join(out, " "), true
}

// numericFontValue tells whether v (serialized) is a number, a
// percentage or a calculation rather than a keyword.
func numericFontValue(v string) bool {
	return v != "" && (v[0] >= '0' && v[0] <= '9' || v[0] == '.' || strings.HasPrefix(v, "calc("))
}

// fontStyleDescriptor reads font-style's descriptor: auto, normal,
// italic, or oblique with one or two angles (a range); oblique 0deg, and
// a range of two, is normal, as Chromium serializes it. An angle in
// degrees is within [-90, 90].
func fontStyleDescriptor(parts []string) (string, bool) {
	if len(parts) == 0 {
		return "", false
	}
	kw := ascii.Lower(parts[0])
	switch {
	case len(parts) == 1 && (kw == "auto" || kw == "normal" || kw == "italic" || kw == "oblique"):
		return kw, true
	case kw != "oblique" || len(parts) > 3:
		return "", false
	}
	zero := true
	out := []string{"oblique"}
	for _, p := range parts[1:] {
		v, ok := normalizeComponent("rotate", p)
		if !ok || !isAngleComponent(v) {
			return "", false
		}
		if deg, ok := strings.CutSuffix(v, "deg"); ok {
			f, err := strconv.ParseFloat(deg, 64)
			if err != nil || f < -90 || f > 90 {
				return "", false
			}
			zero = zero && f == 0
		} else {
			zero = false
		}
		out = append(out, v)
	}
	if zero {
		return "normal", true
	}
	return strings.Join(out, " "), true
}

// isAngleComponent tells whether a normalized component is a number with an angle
// unit.
func isAngleComponent(v string) bool {
	lower := ascii.Lower(v)
	for _, u := range []string{"deg", "grad", "rad", "turn"} {
		if n, ok := strings.CutSuffix(lower, u); ok {
			_, err := strconv.ParseFloat(n, 64)
			return err == nil
		}
	}
	return false
}

// fontFormats are the font formats Chromium loads (format() names);
// fontTechs the technologies it supports (tech() names, lower case).
var (
	fontFormats = set("woff woff2 truetype opentype collection")
	fontTechs   = set("features-opentype features-aat color-colrv0 color-colrv1 color-sbix color-cbdt variations palettes incremental")
)

// fontSrcDescriptor reads a src descriptor: url() sources (with a
// format() and tech() Chromium supports) and local() ones, separated by
// commas; a source that is not one of them, or names a format or
// technology Chromium does not support, is dropped, and a list with no
// source left is invalid. Each is written with its URL and names as
// strings.
// https://drafts.csswg.org/css-fonts/#src-desc
func fontSrcDescriptor(value string) (string, bool) {
	var out []string
	for _, item := range splitTopLevelCommas(value) {
		if s, ok := srcItem(strings.TrimSpace(item)); ok {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return "", false
	}
	return strings.Join(out, ", "), true
}

// srcItem reads one source of a src descriptor and serializes it.
func srcItem(s string) (string, bool) {
	parts := splitComponents(s)
	if len(parts) == 0 {
		return "", false
	}
	head := parts[0]
	name, arg, ok := cutFunction(head)
	if !ok {
		return "", false
	}
	switch name {
	case "local":
		if len(parts) != 1 {
			return "", false
		}
		fams, ok := parseFamilies(splitComponents(arg))
		if !ok || len(fams) != 1 {
			return "", false
		}
		return "local(" + quoteCSSString(fams[0].name) + ")", true
	case "url":
		ref, end, ok := urlArgument(head, len("url("))
		if !ok || end != len(head) {
			return "", false
		}
		out := "url(" + quoteCSSString(ref) + ")"
		rest := parts[1:]
		if len(rest) > 0 {
			if fn, arg, ok := cutFunction(rest[0]); ok && fn == "format" {
				f, ok := fontFormat(arg)
				if !ok {
					return "", false
				}
				out += " format(" + quoteCSSString(f) + ")"
				rest = rest[1:]
			}
		}
		if len(rest) > 0 {
			fn, arg, ok := cutFunction(rest[0])
			if !ok || fn != "tech" {
				return "", false
			}
			var techs []string
			for _, t := range splitTopLevelCommas(arg) {
				t = ascii.Lower(strings.TrimSpace(t))
				if !fontTechs[t] {
					return "", false
				}
				techs = append(techs, t)
			}
			out += " tech(" + strings.Join(techs, ", ") + ")"
			rest = rest[1:]
		}
		return out, len(rest) == 0
	}
	return "", false
}

// fontFormat reads the argument of format(): one format, as a string or
// a keyword, that Chromium loads.
func fontFormat(arg string) (string, bool) {
	parts := splitComponents(strings.TrimSpace(arg))
	if len(parts) != 1 {
		return "", false
	}
	f := parts[0]
	if f[0] == '"' || f[0] == '\'' {
		f = unquoteCSSString(f)
	} else if !isIdent(f) {
		return "", false
	}
	f = ascii.Lower(f)
	return f, fontFormats[f]
}

// cutFunction splits a function component "name(args)" into its name
// (lower case) and its arguments.
func cutFunction(c string) (name, args string, ok bool) {
	open := strings.IndexByte(c, '(')
	if open <= 0 || !strings.HasSuffix(c, ")") || !isIdent(c[:open]) {
		return "", "", false
	}
	return ascii.Lower(c[:open]), c[open+1 : len(c)-1], true
}

// A unicodeRange is one <urange> of a unicode-range descriptor.
type unicodeRange struct{ lo, hi rune }

// parseUnicodeRanges reads a unicode-range descriptor: a comma-separated
// list of U+hex, U+hex-hex and U+hex? ranges within U+0-10FFFF.
// https://drafts.csswg.org/css-syntax/#urange-syntax
func parseUnicodeRanges(v string) ([]unicodeRange, bool) {
	var out []unicodeRange
	for _, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		if len(item) < 3 || item[0] != 'u' && item[0] != 'U' || item[1] != '+' {
			return nil, false
		}
		first, second, isRange := strings.Cut(item[2:], "-")
		digits := strings.TrimRight(first, "?")
		wild := len(first) - len(digits)
		if len(first) == 0 || len(first) > 6 || strings.Contains(digits, "?") || isRange && (wild > 0 || second == "" || len(second) > 6) {
			return nil, false
		}
		lo, ok := hexRune(digits + strings.Repeat("0", wild))
		if !ok {
			return nil, false
		}
		hi := lo
		switch {
		case wild > 0:
			hi, _ = hexRune(digits + strings.Repeat("F", wild))
		case isRange:
			if hi, ok = hexRune(second); !ok {
				return nil, false
			}
		}
		if hi > 0x10FFFF || lo > hi {
			return nil, false
		}
		out = append(out, unicodeRange{lo, hi})
	}
	return out, len(out) > 0
}

func hexRune(s string) (rune, bool) {
	if s == "" {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 16, 32)
	return rune(n), err == nil
}

// serializeUnicodeRanges writes ranges as Chromium does: upper-case hex
// without leading zeros, a range of one code point as that code point.
func serializeUnicodeRanges(ranges []unicodeRange) string {
	var b strings.Builder
	for i, r := range ranges {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("U+" + strings.ToUpper(strconv.FormatInt(int64(r.lo), 16)))
		if r.hi != r.lo {
			b.WriteString("-" + strings.ToUpper(strconv.FormatInt(int64(r.hi), 16)))
		}
	}
	return b.String()
}

// parseFontFaceDecls reads the declarations of an @font-face block: its
// descriptors, the last valid one of each name winning; an unknown
// descriptor, an invalid value or !important drops the declaration.
func parseFontFaceDecls(block string) []cssDecl {
	var out []cssDecl
	eachDecl(block, func(name, value string, important bool) {
		if important || !fontFaceDescriptorNames[name] {
			return
		}
		if v, ok := fontFaceDescriptor(name, value); ok {
			out = setDecl(out, cssDecl{name, v, false})
		}
	})
	return out
}
