package loop

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// goja's lexer reads the code point escape of U+10FFFF, `\u{10FFFF}`
// (with any number of leading zeros), one character short: its digit loop
// stops as soon as the value reaches utf8.MaxRune, before the closing
// brace, so the string, template or regular expression literal that holds
// it is measured one code unit longer than it decodes, and the parser
// panics ("unexpected unicode length") instead of reporting an error. The
// panic escapes eval and new Function as a Go panic, and kills the whole
// script it is in (WPT's patternMismatch test writes "a\u{10FFFF}").
//
// RewriteMaxCodePointEscapes returns src with each such escape written as
// its surrogate pair, `\uDBFF\uDFFF`, which every literal reads as the same
// code point (in a /u regular expression too), and true; or src and false
// when it has none. A backslash that is itself escaped (`\\u{10FFFF}`,
// the text of a string) starts no escape and is left alone.
func RewriteMaxCodePointEscapes(src string) (string, bool) {
	if !strings.Contains(src, `\u{`) {
		return src, false
	}
	var b strings.Builder
	last := 0
	for i := 0; i+3 < len(src); i++ {
		if src[i] != '\\' {
			continue
		}
		if src[i+1] == '\\' {
			i++ // an escaped backslash
			continue
		}
		if src[i+1] != 'u' || src[i+2] != '{' {
			continue
		}
		j := i + 3
		for j < len(src) && src[j] == '0' {
			j++
		}
		if !ascii.EqualFold(src[j:min(j+7, len(src))], "10FFFF}") {
			continue
		}
		end := j + len("10FFFF}")
		b.WriteString(src[last:i])
		b.WriteString(`\uDBFF\uDFFF`)
		last = end
		i = end - 1
	}
	if last == 0 {
		return src, false
	}
	b.WriteString(src[last:])
	return b.String(), true
}
