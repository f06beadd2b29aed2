package jsruntime

import (
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The attributes the style update's volatile rules read (cssanim.go).
// Those rules (siblings, :has()) are matched again after each mutation,
// around it or, for the :has() rules off their subject, against every
// element. A change of an attribute none of them reads cannot change what
// they match: scripts animating an element's style attribute, a progress
// bar's value or an aria-* state frame by frame then cost the update only
// the mutated elements' own visits.

// attrReads are the attributes the selectors of a set of rules read.
type attrReads struct {
	// names maps an attribute (lower case) to the elements it is read
	// on: their tags, "" for any element.
	names map[string][]string
	// anyOn are the tags of elements any attribute of which is read (the
	// form controls under :valid), anyCustom for autonomous custom
	// elements (form-associated ones), any for every element (a
	// pseudo-class not known here, nesting).
	anyOn     []string
	anyCustom bool
	any       bool
}

// formControlTags are the elements whose validity or default state any
// of their attributes may change (a form and a fieldset: their
// controls').
var formControlTags = []string{"input", "select", "textarea", "button", "fieldset", "form", "output", "object", "option", "optgroup"}

// pseudoRead is what a pseudo-class reads besides the attributes its
// selector names (and besides states that change without a mutation,
// which the document's unrecorded changes report): attrs, on the element
// itself when own is set (of one of tags, when tags is not empty), else
// on any element (its ancestors': a fieldset's disabled, a lang); with
// no attrs, any attribute of the form controls (a form's validity reads
// its controls').
type pseudoRead struct {
	attrs []string
	tags  []string
	own   bool
}

// pseudoAttrs are the pseudo-classes that read attributes; one missing
// here and from the lists of those reading none reads any.
var pseudoAttrs = map[string]pseudoRead{
	"checked":           {attrs: []string{"checked", "selected", "type"}, own: true},
	"disabled":          {attrs: []string{"disabled", "type"}},
	"enabled":           {attrs: []string{"disabled", "type"}},
	"required":          {attrs: []string{"required", "type"}, own: true},
	"optional":          {attrs: []string{"required", "type"}, own: true},
	"read-only":         {attrs: []string{"readonly", "contenteditable", "disabled", "type"}},
	"read-write":        {attrs: []string{"readonly", "contenteditable", "disabled", "type"}},
	"placeholder-shown": {attrs: []string{"placeholder", "value", "type"}, own: true, tags: []string{"input", "textarea"}},
	"link":              {attrs: []string{"href"}, own: true},
	"any-link":          {attrs: []string{"href"}, own: true},
	"open":              {attrs: []string{"open"}, own: true},
	"lang":              {attrs: []string{"lang"}},
	"dir":               {attrs: []string{"dir", "type"}},
	"indeterminate":     {attrs: []string{"value", "type", "checked", "name", "max"}, own: true, tags: []string{"input", "progress"}},
	"in-range":          {attrs: []string{"min", "max", "step", "value", "type"}, own: true, tags: []string{"input"}},
	"out-of-range":      {attrs: []string{"min", "max", "step", "value", "type"}, own: true, tags: []string{"input"}},
	"valid":             {},
	"invalid":           {},
	"user-valid":        {},
	"user-invalid":      {},
	"default":           {},
}

// add adds what the selector sel reads.
func (a *attrReads) add(sel string) {
	if a.any {
		return
	}
	sel, _ = cutNamespace(sel) // a sheet's default namespace reads no attribute
	if hasUnescaped(sel, '&') || strings.Contains(sel, containerMark) || strings.Contains(sel, scopeMark) {
		a.any = true // nesting, container queries, scopes: not read here
		return
	}
	if a.names == nil {
		a.names = map[string][]string{}
	}
	a.addList(sel, "")
}

// addList adds what a selector list reads: the attributes each compound
// names, on its tag (else on the tag of the compound whose :is(), :not()
// or :where() it is in, given as outerTag), and what its pseudo-classes
// read; a functional pseudo-class's argument is a list itself.
func (a *attrReads) addList(list, outerTag string) {
	for _, sel := range splitTopLevelCommas(list) {
		compounds, _, ok := splitComplex(sel)
		if !ok {
			a.any = true
			return
		}
		for _, comp := range compounds {
			outer, args, ok := splitArgs(comp)
			if !ok {
				a.any = true
				return
			}
			tag := compoundTag(outer)
			if tag == "" {
				tag = outerTag
			}
			compoundFeatures(outer, func(key string) {
				switch key[0] {
				case '.':
					a.read("class", "")
				case '#':
					a.read("id", "")
				default: // "[name"
					a.read(key[1:], tag)
				}
			})
			eachPseudoClass(outer, func(name string) { a.readPseudo(name, tag) })
			for _, arg := range args {
				if logicalPseudos[arg.name] {
					a.addList(arg.text, tag) // the same element
				} else {
					a.addList(arg.text, "") // :has(), :nth-child(of S), :host()
				}
			}
		}
	}
}

// readPseudo adds what the pseudo-class name reads on an element of tag
// ("" for any).
func (a *attrReads) readPseudo(name, tag string) {
	if name == "has" || name == "focus-within" || logicalPseudos[name] || structuralPseudos[name] || legacyPseudoElementNames[name] ||
		stateOnlyPseudos[name] && name != "user-valid" && name != "user-invalid" {
		return
	}
	p, ok := pseudoAttrs[name]
	switch {
	case !ok:
		a.any = true
	case p.attrs == nil:
		for _, t := range formControlTags {
			if !slices.Contains(a.anyOn, t) {
				a.anyOn = append(a.anyOn, t)
			}
		}
		a.anyCustom = true
	default:
		for _, n := range p.attrs {
			switch {
			case !p.own || tag == "" && p.tags == nil:
				a.read(n, "")
			case tag != "":
				if p.tags == nil || slices.Contains(p.tags, tag) {
					a.read(n, tag)
				}
			default:
				for _, t := range p.tags {
					a.read(n, t)
				}
			}
		}
	}
}

// A pseudoArg is a functional pseudo-class's argument.
type pseudoArg struct{ name, text string }

// splitArgs splits a compound into its text without the arguments of its
// functional pseudo-classes and those arguments; false when a bracket is
// not closed.
func splitArgs(comp string) (outer string, args []pseudoArg, ok bool) {
	if strings.IndexByte(comp, '(') < 0 {
		return comp, nil, true
	}
	var b strings.Builder
	start := 0
	for i := 0; i < len(comp); i++ {
		if j, ok := skipSelectorLiteral(comp, i); ok {
			i = j
			continue
		}
		switch c := comp[i]; c {
		case '[', '(':
			j := cssscan.BlockEnd(comp, i)
			if j >= len(comp) {
				return "", nil, false
			}
			if c == '(' {
				k := i
				for k > 0 && isSelIdent(comp[k-1]) {
					k--
				}
				b.WriteString(comp[start : i+1])
				args = append(args, pseudoArg{ascii.Lower(comp[k:i]), comp[i+1 : j]})
				start = j
			}
			i = j
		}
	}
	b.WriteString(comp[start:])
	return b.String(), args, true
}

// attrReadsOf returns what s reads, read once.
func attrReadsOf(s *ruleSel) *attrReads {
	if a := s.reads.Load(); a != nil {
		return a
	}
	a := &attrReads{}
	a.add(s.String())
	s.reads.Store(a)
	return a
}

// merge adds what b reads to a.
func (a *attrReads) merge(b *attrReads) {
	if a.any || b.any {
		a.any = true
		return
	}
	a.anyCustom = a.anyCustom || b.anyCustom
	for _, t := range b.anyOn {
		if !slices.Contains(a.anyOn, t) {
			a.anyOn = append(a.anyOn, t)
		}
	}
	if len(b.names) > 0 && a.names == nil {
		a.names = map[string][]string{}
	}
	for name, tags := range b.names {
		for _, t := range tags {
			a.read(name, t)
		}
	}
}

// read records that the attribute name is read on elements of tag ("":
// any).
func (a *attrReads) read(name, tag string) {
	tags := a.names[name]
	if slices.Contains(tags, "") || slices.Contains(tags, tag) {
		return
	}
	if tag == "" {
		tags = tags[:0]
	}
	a.names[name] = append(tags, tag)
}

// compoundTag is the tag (lower case) a compound's type selector names,
// "" for none or any.
func compoundTag(comp string) string {
	if comp == "" || !isSelIdent(comp[0]) || comp[0] >= '0' && comp[0] <= '9' {
		return "" // *, .class, #id, [attr], :pseudo, an escape
	}
	n := 0
	for n < len(comp) && isSelIdent(comp[n]) {
		n++
	}
	if n < len(comp) && (comp[n] == '|' || comp[n] == '\\') {
		return "" // a namespace prefix, an escape in the name
	}
	return ascii.Lower(comp[:n])
}

// reads tells whether a change of r's attribute may change what the
// rules match; r is an attribute mutation.
func (a *attrReads) reads(r *dom.MutationRecord) bool {
	if a.any || r.AttributeNamespace != "" {
		return true
	}
	tag := ascii.Lower(r.Target.Data)
	if a.anyCustom && strings.IndexByte(tag, '-') >= 0 || slices.Contains(a.anyOn, tag) {
		return true
	}
	tags := a.names[ascii.Lower(r.AttributeName)]
	return slices.Contains(tags, "") || slices.Contains(tags, tag)
}
