package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// hasAtSubject tells whether every :has() of the selector sel (one
// complex selector) is on its subject: at its last compound, or inside
// :is(), :where() or :not() arguments there with no combinator after it
// (`.collapse:has(> input:checked)`, `.timeline:not(:has(.timeline-middle))`,
// `.menu li:has(ul)`). Such a rule's match on an element reads the
// element's subtree and its following siblings' (through :has()), and
// its ancestors and their siblings (through the rest), so a mutation
// can change it only on the mutated node's ancestors, their siblings, and
// the subtree of the mutated node's parent. False when a :has() is
// elsewhere (`.a:has(.b) .c`, `:is(.a:has(.b) .c)`) or the text is not
// understood: those rules are matched against every element.
func hasAtSubject(sel string) bool {
	t := ascii.Lower(sel)
	// Per open parenthesis (the last the innermost): whether a :has()
	// was seen in the complex selector being read, at that level; [0] is
	// the selector itself.
	seen := []bool{false}
	has := false
	prev := byte('(') // the last character that is not white space
	for i := 0; i < len(t); i++ {
		ch := t[i]
		switch {
		case ch == '\\':
			// an escape: a hex one takes up to six digits and one white
			// space after them
			j := i + 1
			if j < len(t) && isHexDigit(t[j]) {
				for k := 0; k < 6 && j < len(t) && isHexDigit(t[j]); k++ {
					j++
				}
				if j < len(t) && isSelectorSpace(t[j]) {
					j++
				}
			} else {
				j++
			}
			i = j - 1
			prev = 'a'
		case ch == '"' || ch == '\'':
			end := strings.IndexByte(t[i+1:], ch)
			if end < 0 {
				return false
			}
			i += end + 1
			prev = 'a'
		case ch == '[':
			end := strings.IndexByte(t[i:], ']')
			if end < 0 {
				return false
			}
			i += end
			prev = ']'
		case strings.HasPrefix(t[i:], ":has(") || strings.HasPrefix(t[i:], ":haschild("):
			// skip the argument: it is relative to the element
			open := i + strings.IndexByte(t[i:], '(')
			end := selectorClosingParen(t, open)
			if end < 0 {
				return false
			}
			i = end
			seen[len(seen)-1], has = true, true
			prev = ')'
		case ch == '(':
			// a functional pseudo-class: only :is(), :where() and :not()
			// arguments are read; another's with a :has() in it is not
			// understood, one without none is skipped
			name := t[:i]
			name = name[strings.LastIndexByte(name, ':')+1:]
			switch name {
			case "is", "where", "not", "matches", "-webkit-any":
				seen = append(seen, false)
				prev = '('
			default:
				end := selectorClosingParen(t, i)
				if end < 0 || strings.Contains(t[i:end], ":has") {
					return false
				}
				i = end
				prev = ')'
			}
		case ch == ')':
			if len(seen) == 1 {
				return false
			}
			inner := seen[len(seen)-1]
			seen = seen[:len(seen)-1]
			if inner {
				seen[len(seen)-1] = true
			}
			prev = ')'
		case ch == ',':
			seen[len(seen)-1] = false
			prev = ','
		case ch == '>' || ch == '+' || ch == '~':
			if seen[len(seen)-1] {
				return false
			}
			prev = ch
		case isSelectorSpace(ch):
			// a descendant combinator unless next to a parenthesis, a
			// comma or another combinator
			j := i
			for j < len(t) && isSelectorSpace(t[j]) {
				j++
			}
			i = j - 1
			if j == len(t) || strings.IndexByte("(,>+~", prev) >= 0 || strings.IndexByte("),>+~", t[j]) >= 0 {
				continue
			}
			if seen[len(seen)-1] {
				return false
			}
		default:
			prev = ch
		}
	}
	return has && len(seen) == 1
}

// selectorClosingParen is the index of the parenthesis closing the one at open in
// t (a selector: escapes and strings skipped), -1 when there is none.
func selectorClosingParen(t string, open int) int {
	depth := 0
	for i := open; i < len(t); i++ {
		switch t[i] {
		case '\\':
			i++
		case '"', '\'':
			end := strings.IndexByte(t[i+1:], t[i])
			if end < 0 {
				return -1
			}
			i += end + 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

func isSelectorSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}
