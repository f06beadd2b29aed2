package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// A word that goes on in the next inline box.
//
// Inline box boundaries are no places to break a line: "tag" followed by
// <span>…</span> is one unbreakable piece "tag…", which goes to the next
// line as a whole when it does not fit (shave's truncation puts its
// ellipsis span right after the last word it keeps and measures the
// height; a line that overflowed by the ellipsis kept one word too many).
// (testdata/wpt/sweep86-word-across-boxes.html)

// wordAhead is the width in px of what is laid out after text node t in
// the flow of its container owner before the first place a line may
// break, when t's text ends in a word (last: its last two characters,
// mode: how t's text breaks): the texts of the inline boxes it goes on
// into, up to their first space or break between two characters (all of
// a text that does not wrap: its spaces are no places to break either),
// the margins, borders and paddings of the boxes it opens and closes on
// the way (those before no more text only after text, as in Chromium:
// an empty box's edges at the end of a word may overflow its line). It
// stops (the width so far) at an atomic inline, a line break, an
// out-of-flow box, a ::before or ::after box and the end of owner.
func (f *flowLayout) wordAhead(owner, t *dom.Node, last [2]rune, mode wrapMode) float64 {
	w, pending := 0.0, 0.0      // pending: edges that count if text follows
	glued := false              // after a text that does not wrap: no break before the next
	up, n := t, f.w.flatNext(t) // up: the last node passed at n's level
	var buf [4]int
	for range 64 {
		if n == nil {
			// the end of an inline box: on after it
			p := f.w.flatParent(up)
			if p == nil || p == owner || !f.plainInline(p, 0) {
				return w
			}
			e := f.hEdgesOf(p)
			if pending > 0 {
				pending += e.marR + e.borR + e.padR
			} else {
				w += e.marR + e.borR + e.padR
			}
			up, n = p, f.w.flatNext(p)
			continue
		}
		switch {
		case n.Kind() == dom.TextNode:
			if n.Data == "" {
				up, n = n, f.w.flatNext(n)
				continue
			}
			p := f.w.flatParent(n)
			m := f.font(p)
			if nowrap, pre := f.whiteSpace(p); nowrap || pre {
				// no place to break inside it, but a preserved line feed
				s, end := n.Data, false
				if pre {
					if i := strings.IndexByte(s, '\n'); i >= 0 {
						s, end = s[:i], true
					}
				} else {
					s = strings.Join(strings.Fields(s), " ")
					if isSpace(n.Data[0]) {
						s = " " + s
					}
					if isSpace(n.Data[len(n.Data)-1]) && s != " " {
						s += " "
					}
				}
				w += pending + m.advance(s)
				if end {
					return w
				}
				pending, glued = 0, true
				last = lastRunes(last, s)
				up, n = n, f.w.flatNext(n)
				continue
			}
			word, _, spaced := strings.Cut(n.Data, " ")
			if i := strings.IndexAny(word, "\n\t\r\f"); i >= 0 {
				word, spaced = word[:i], true
			}
			if word == "" || !glued && boundaryBreak(last, word, mode) {
				return w // a space, or a break between the texts
			}
			mode = f.wrapMode(p)
			w += pending
			if br := wordBreaksAfter(last[1], word, mode, buf[:0]); len(br) > 0 {
				return w + m.advance(word[:br[0]])
			}
			w += m.advance(word)
			if spaced {
				return w
			}
			pending, glued = 0, false
			last = lastRunes(last, word)
			up, n = n, f.w.flatNext(n)
		case !n.IsElement() || f.display(n) == "none":
			up, n = n, f.w.flatNext(n) // a comment, no box
		case f.plainInline(n, 0):
			e := f.hEdgesOf(n)
			pending += e.marL + e.borL + e.padL
			if first := f.w.flatFirst(n); first != nil {
				n = first // into it
				continue
			}
			pending += e.marR + e.borR + e.padR
			up, n = n, f.w.flatNext(n)
		default:
			return w
		}
	}
	return w
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f'
}
