package jsruntime

import (
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// ::part() (https://drafts.csswg.org/css-shadow-parts/): a rule of the
// document's sheets `HOST::part(name)` styles the elements of the shadow
// tree of a host matching HOST whose part attribute holds name, and those
// of shadow trees nested in it that the hosts between forward with
// exportparts. Pseudo-classes may follow (`::part(label):state(on)`) and
// apply to the part. Web components expose their theming this way
// (Shoelace's `sl-button::part(base)`, Ionic's parts). Its rules are filed
// as the pseudo-element "part" (pseudoKey), apart from the element's own
// rules, and cascadedOne asks them for an element of a shadow tree that
// has a part attribute; they come from an outer tree, which wins over
// the shadow tree's own normal rules and loses to its important ones
// (https://drafts.csswg.org/css-cascade-5/#cascade-context).

// partSel matches the element a ::part() selector styles.
type partSel struct {
	text  string
	host  cascadia.Sel // the host's selector; nil for any host
	names []string     // every name must be one of the part's
	after cascadia.Sel // the pseudo-classes after ::part(), on the part; nil for none
	spec  cascadia.Specificity
}

// parsePartSelector reads `HOST::part(names)PSEUDOS`; ok is false for
// what it does not read (a pseudo-element after the part, a combinator
// after it, no name).
func parsePartSelector(s string) (*partSel, bool) {
	i := strings.Index(s, "::part(")
	if i < 0 {
		return nil, false
	}
	arg, after, ok := parenArg(s[i+len("::part"):])
	if !ok {
		return nil, false
	}
	p := &partSel{text: s, names: ascii.Fields(arg), spec: cascadia.Specificity{0, 0, 1}}
	if len(p.names) == 0 {
		return nil, false
	}
	for _, n := range p.names {
		if !validPartName(n) {
			return nil, false
		}
	}
	if h := strings.TrimSpace(s[:i]); h != "" {
		sel, err := parseStyleSel(h)
		if err != nil || sel.PseudoElement() != "" {
			return nil, false
		}
		p.host, p.spec = sel, p.spec.Add(sel.Specificity())
	}
	if after != "" {
		if !strings.HasPrefix(after, ":") || strings.HasPrefix(after, "::") {
			return nil, false
		}
		sel, err := parseStyleSel("*" + after)
		if err != nil || sel.PseudoElement() != "" {
			return nil, false
		}
		p.after, p.spec = sel, p.spec.Add(sel.Specificity())
	}
	return p, true
}

// validPartName reports whether a part name is an identifier (no
// escapes are read).
func validPartName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return s != "" && !(s[0] >= '0' && s[0] <= '9')
}

// Match reports whether element h is a part the selector styles: in a
// shadow tree whose host (or the host of a tree it is exported from) is
// an element of the document matching the host selector, under every
// name of the selector.
func (p *partSel) Match(h *html.Node) bool {
	if h == nil || h.Type != html.ElementNode {
		return false
	}
	el := dom.FromHTML(h)
	if p.after != nil && !p.after.Match(h) {
		return false
	}
	names := ascii.Fields(el.Attribute("part"))
	for root := el.Root(); len(names) > 0 && root.IsShadowRoot(); {
		host := root.Host()
		if host == nil {
			return false
		}
		outer := host.Root()
		if !outer.IsShadowRoot() {
			// the host is in the document's tree, the rule's
			return hasAllNames(names, p.names) && (p.host == nil || p.host.Match(host.HTML()))
		}
		names = exportedNames(host.Attribute("exportparts"), names)
		root = outer
	}
	return false
}

func hasAllNames(have, want []string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// exportedNames are the names a host's exportparts attribute gives the
// parts named names in its shadow tree: `inner` forwards inner as it is,
// `inner: outer` as outer.
// https://drafts.csswg.org/css-shadow-parts/#parsing-mapping
func exportedNames(exportparts string, names []string) []string {
	var out []string
	for _, m := range strings.Split(exportparts, ",") {
		inner, outer, mapped := strings.Cut(m, ":")
		inner, outer = strings.TrimSpace(inner), strings.TrimSpace(outer)
		if !mapped {
			outer = inner
		}
		if inner == "" || outer == "" || strings.ContainsAny(inner, " \t\n") || strings.ContainsAny(outer, " \t\n") {
			continue
		}
		for _, n := range names {
			if n == inner {
				out = append(out, outer)
				break
			}
		}
	}
	return out
}

func (p *partSel) Specificity() cascadia.Specificity { return p.spec }
func (p *partSel) String() string                    { return p.text }
func (p *partSel) PseudoElement() string             { return "part" }
