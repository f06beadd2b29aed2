package dom

// WhiteSpace is how an element's text treats its white space and where
// its lines may break: its computed white-space-collapse and
// text-wrap-mode (white-space is their shorthand), in one byte that the
// readers (innerText, the flow estimate, text measuring) test without
// comparing strings. The zero value is white-space: normal.
// https://drafts.csswg.org/css-text-4/#white-space-property
type WhiteSpace uint8

// The white-space-collapse kinds, in WhiteSpace's low bits.
const (
	WSCollapse       WhiteSpace = iota // spaces and segment breaks collapse
	WSPreserve                         // both kept
	WSPreserveBreaks                   // segment breaks kept, spaces collapse (pre-line)
	WSBreakSpaces                      // kept, and a line may break after each space

	wsCollapseBits WhiteSpace = 3
	// WSNoWrap is text-wrap-mode: nowrap.
	WSNoWrap WhiteSpace = 4
)

// Collapse is the white-space-collapse kind of ws (WSCollapse…).
func (ws WhiteSpace) Collapse() WhiteSpace { return ws & wsCollapseBits }

// WithCollapse is ws with white-space-collapse kind c.
func (ws WhiteSpace) WithCollapse(c WhiteSpace) WhiteSpace {
	return ws&^wsCollapseBits | c&wsCollapseBits
}

// WithWrap is ws with text-wrap-mode wrap (wrap true) or nowrap.
func (ws WhiteSpace) WithWrap(wrap bool) WhiteSpace {
	if wrap {
		return ws &^ WSNoWrap
	}
	return ws | WSNoWrap
}

// CollapsesSpaces tells whether runs of spaces and tabs collapse to one
// (white-space-collapse collapse or preserve-breaks).
func (ws WhiteSpace) CollapsesSpaces() bool {
	c := ws.Collapse()
	return c == WSCollapse || c == WSPreserveBreaks
}

// PreservesBreaks tells whether segment breaks (line feeds) are kept as
// forced line breaks (preserve, preserve-breaks, break-spaces).
func (ws WhiteSpace) PreservesBreaks() bool {
	c := ws.Collapse()
	return c == WSPreserve || c == WSPreserveBreaks || c == WSBreakSpaces
}

// Wraps tells whether lines may wrap (text-wrap-mode: wrap).
func (ws WhiteSpace) Wraps() bool { return ws&WSNoWrap == 0 }

// BreakSpaces tells whether a line may break after every preserved space
// (white-space-collapse: break-spaces).
func (ws WhiteSpace) BreakSpaces() bool { return ws.Collapse() == WSBreakSpaces }

// WhiteSpaceCollapse is the WhiteSpace kind of a white-space-collapse
// keyword (lower case), ok=false for another value.
func WhiteSpaceCollapse(v string) (WhiteSpace, bool) {
	switch v {
	case "collapse":
		return WSCollapse, true
	case "preserve":
		return WSPreserve, true
	case "preserve-breaks":
		return WSPreserveBreaks, true
	case "break-spaces":
		return WSBreakSpaces, true
	}
	return 0, false
}

// WhiteSpaceOf is the WhiteSpace of a computed white-space-collapse and
// text-wrap-mode (lower case); an unknown value reads as the initial one.
func WhiteSpaceOf(collapse, mode string) WhiteSpace {
	ws, _ := WhiteSpaceCollapse(collapse)
	if mode == "nowrap" {
		ws |= WSNoWrap
	}
	return ws
}

// ParseWhiteSpace is the WhiteSpace of a white-space keyword (normal,
// pre, nowrap, pre-wrap, pre-line, break-spaces) or of the longhand pair
// getComputedStyle writes when none stands for it ("preserve-breaks
// nowrap"); ok=false for another value.
func ParseWhiteSpace(v string) (WhiteSpace, bool) {
	switch v {
	case "normal":
		return WSCollapse, true
	case "nowrap":
		return WSCollapse | WSNoWrap, true
	case "pre":
		return WSPreserve | WSNoWrap, true
	case "pre-wrap":
		return WSPreserve, true
	case "pre-line":
		return WSPreserveBreaks, true
	case "break-spaces":
		return WSBreakSpaces, true
	}
	for i := 0; i < len(v); i++ {
		if v[i] == ' ' {
			c, ok := WhiteSpaceCollapse(v[:i])
			switch v[i+1:] {
			case "nowrap":
				return c | WSNoWrap, ok
			case "wrap":
				return c, ok
			}
			return 0, false
		}
	}
	return 0, false
}
