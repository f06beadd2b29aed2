package dom

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// childChain writes the rest of a relative selector after its leading ">"
// for :haschild(): "p > .mark" is p:haschild(.mark) and "p .mark" is
// p:has(.mark), since the chain hangs from the child. ok is false for a
// sibling combinator, which cannot be written so.
func childChain(rel string) (string, bool) {
	var compounds []string
	var combs []byte
	var sc cssscan.Scanner
	start, comb := 0, byte(0)
	for i, c := range sc.All(rel) {
		if sc.Depth() > 0 {
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f', '>', '+', '~':
			if i > start {
				if len(compounds) > 0 {
					combs = append(combs, comb)
				}
				compounds = append(compounds, rel[start:i])
				comb = 0
			}
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' {
				if comb != 0 && comb != ' ' || len(compounds) == 0 {
					return "", false // two combinators, or one first
				}
				comb = c
			} else if comb == 0 {
				comb = ' '
			}
			start = i + 1
		}
	}
	if start >= len(rel) {
		return "", false // it ends with a combinator (or is empty)
	}
	if len(compounds) > 0 {
		combs = append(combs, comb)
	}
	compounds = append(compounds, rel[start:])
	out := compounds[len(compounds)-1]
	for k := len(compounds) - 2; k >= 0; k-- {
		switch combs[k] {
		case '>':
			out = compounds[k] + ":haschild(" + out + ")"
		case ' ':
			out = compounds[k] + ":has(" + out + ")"
		default:
			return "", false
		}
	}
	return out, true
}

// RelativeHasToHasChild writes :has(> x) as cascadia's :haschild(x) for
// querySelector (compileSelector) and the style sheets' cascade
// (jsruntime): cascadia refuses a relative selector that starts with a
// combinator, and a style rule with .card:has(> img) was dropped. A chain
// after the ">" nests (childChain); an argument whose selectors do not all
// start with ">", or that has a sibling combinator, is left as it is.
func RelativeHasToHasChild(sel string) string {
	if !strings.Contains(sel, ":has(") && !strings.Contains(ascii.Lower(sel), ":has(") {
		return sel
	}
	var b strings.Builder
	var sc cssscan.Scanner
	last, skip := 0, 0
	for i, c := range sc.All(sel) {
		if i < skip || c != ':' || i+5 > len(sel) || !ascii.EqualFold(sel[i:i+5], ":has(") {
			continue
		}
		open := i + 4
		end := cssscan.BlockEnd(sel, open)
		if end <= open || end >= len(sel) {
			continue
		}
		args := cssscan.Split(sel[open+1:end], ',')
		for k := range args {
			args[k] = strings.TrimSpace(args[k])
		}
		ok := len(args) > 0
		for k, a := range args {
			if !strings.HasPrefix(a, ">") {
				ok = false
				break
			}
			if args[k], ok = childChain(strings.TrimSpace(a[1:])); !ok {
				break
			}
		}
		if !ok {
			continue
		}
		b.WriteString(sel[last:i])
		b.WriteString(":haschild(")
		b.WriteString(strings.Join(args, ", "))
		b.WriteString(")")
		last = end + 1
		skip = last
	}
	if last == 0 {
		return sel
	}
	b.WriteString(sel[last:])
	return b.String()
}
