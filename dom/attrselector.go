package dom

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// attrTest is the value test of an attribute selector, everything after
// its name: [name], [name=v], [name~=v i]...
// https://drafts.csswg.org/selectors-4/#attribute-selectors
type attrTest struct {
	op          byte // 0 (presence), '=', '~', '|', '^', '$', '*'
	val         string
	insensitive bool // the i flag: ASCII case-insensitive values
	sensitive   bool // the s flag: values compared exactly
}

// parseAttrTest parses what follows an attribute selector's name (up to,
// not including, its ']'); ok is false when it is no valid test. Comments
// count as white space; the value is an identifier or a string, and the
// flag an identifier (escapes allowed: [a=b \i]) i or s, case-insensitive.
func parseAttrTest(in string) (t attrTest, ok bool) {
	in = stripSelectorComments(in)
	i := skipSelectorSpace(in, 0)
	if i == len(in) {
		return t, true
	}
	switch c := in[i]; c {
	case '=':
		t.op = '='
		i++
	case '~', '|', '^', '$', '*':
		if i+1 >= len(in) || in[i+1] != '=' {
			return t, false
		}
		t.op = c
		i += 2
	default:
		return t, false
	}
	i = skipSelectorSpace(in, i)
	if i == len(in) {
		return t, false
	}
	if q := in[i]; q == '"' || q == '\'' {
		j := i + 1
		var b strings.Builder
		for ; j < len(in) && in[j] != q; j++ {
			if in[j] == '\n' {
				return t, false
			}
			if in[j] == '\\' && j+1 < len(in) {
				if in[j+1] == '\n' {
					j++
					continue
				}
				end := escapeEnd(in, j)
				b.WriteString(unescapeIdent(in[j:end]))
				j = end - 1
				continue
			}
			b.WriteByte(in[j])
		}
		t.val = b.String()
		if j < len(in) {
			j++ // the closing quote; one left out is closed at the end
		}
		i = j
	} else {
		if !startsIdent(in[i:]) {
			return t, false
		}
		end := i + identEnd(in[i:])
		t.val = unescapeIdent(in[i:end])
		i = end
	}
	j := skipSelectorSpace(in, i)
	if j == len(in) {
		return t, true
	}
	if j == i && !(in[j] == '\\') && !isIdentByte(in[j]) {
		return t, false
	}
	end := j + identEnd(in[j:])
	if end == j {
		return t, false
	}
	switch ascii.Lower(unescapeIdent(in[j:end])) {
	case "i":
		t.insensitive = true
	case "s":
		t.sensitive = true
	default:
		return t, false
	}
	return t, skipSelectorSpace(in, end) == len(in)
}

// stripSelectorComments replaces each /* comment */ outside strings with a
// space.
func stripSelectorComments(s string) string {
	if !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			b.WriteByte(c)
			i++
			c = s[i]
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 3
			}
			b.WriteByte(' ')
			i--
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func skipSelectorSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f') {
		i++
	}
	return i
}

// match tests an attribute's value. The i flag compares ASCII
// case-insensitively: [a=ä i] does not match Ä (cascadia folds Unicode).
func (t *attrTest) match(v string) bool {
	if t.op == 0 {
		return true
	}
	want := t.val
	if t.insensitive {
		want, v = ascii.Lower(want), ascii.Lower(v)
	}
	switch t.op {
	case '=':
		return v == want
	case '~':
		if want == "" || strings.ContainsAny(want, " \t\n\r\f") {
			return false
		}
		for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' }) {
			if f == want {
				return true
			}
		}
		return false
	case '|':
		return v == want || strings.HasPrefix(v, want+"-")
	case '^':
		return want != "" && strings.HasPrefix(v, want)
	case '$':
		return want != "" && strings.HasSuffix(v, want)
	case '*':
		return want != "" && strings.Contains(v, want)
	}
	return false
}
