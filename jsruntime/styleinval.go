package jsruntime

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom"
)

// Style invalidation, as far as it shows: the style update after a change
// of an element's class, id or attribute checks the descendants that the
// rules naming what changed in a compound left of their subject may now
// match (Blink's descendant invalidation sets), and checking
// an element synchronizes its attributes, which puts a style attribute
// written through the CSSOM in its place in the attribute list
// (dom.Document.InvalidateStyle). An element whose tag the rule's subject
// requires (`.open li` and an li) is taken by its name, and a subject
// that requires nothing (`.open *`) invalidates the whole subtree, both
// without reading attributes, as in Chromium 148
// (testdata/wpt/layout17-style-attribute-order.html).

// invalidationFeatures maps the classes (".name"), ids ("#name") and
// attribute names ("[name") named in a compound left of a selector's
// subject to what a change of them makes a style update check.
type invalidationFeatures map[string]*dom.InvalidationSet

// invalidationFeatures maps a feature to the invalidation set of the
// rules naming it left of their subject: what their subjects require (a
// subject that requires nothing, `.open *`, invalidates the whole subtree
// without checking, which adds nothing here).

// styleInvalidation tells the document which elements the style update
// after r (an attribute change of an element of the page's document) will
// check.
func (w *Window) styleInvalidation(r *dom.MutationRecord) {
	t := r.Target
	if r.Type != dom.AttributesMutation || r.AttributeNamespace != "" || t.Document() != w.doc || w.doc.OnPresentationDirty == nil || !t.IsConnected() {
		return
	}
	f := w.invalidationFeatures()
	if len(f) == 0 {
		return
	}
	var set *dom.InvalidationSet
	merged := false
	add := func(key string) {
		s := f[key]
		switch {
		case s == nil:
		case set == nil:
			set = s
		default:
			if !merged {
				c := *set
				set, merged = &c, true
			}
			set.Tags = append(slices.Clip(set.Tags), s.Tags...)
			set.IDs = append(slices.Clip(set.IDs), s.IDs...)
			set.Classes = append(slices.Clip(set.Classes), s.Classes...)
			set.Attributes = set.Attributes || s.Attributes
		}
	}
	add("[" + r.AttributeName)
	switch r.AttributeName {
	case "class":
		now := t.Attribute("class")
		for _, c := range strings.Fields(r.OldValue) {
			if !hasField(now, c) {
				add("." + c)
			}
		}
		for _, c := range strings.Fields(now) {
			if !hasField(r.OldValue, c) {
				add("." + c)
			}
		}
	case "id":
		if r.HasOldValue && r.OldValue != "" {
			add("#" + r.OldValue)
		}
		if now := t.Attribute("id"); now != "" {
			add("#" + now)
		}
	}
	if set != nil {
		w.doc.InvalidateStyle(t, set)
	}
}

func hasField(list, s string) bool {
	for _, f := range strings.Fields(list) {
		if f == s {
			return true
		}
	}
	return false
}

// invalidationFeatures are the features of the page document's rules, made
// again when the rules are rebuilt. It does not refresh the sheets: a
// mutation is looked at with the rules as they were last built. The
// features are a union over the rules' selector lists: when the rules
// still hold every list the last features were made of (sheets or rules
// added, as CSS-in-JS libraries do between reads of computed styles), only
// the new lists' features are added to them (copying a set before it
// changes: a style update may still hold it); otherwise they are made
// again from all the rules.
func (w *Window) invalidationFeatures() invalidationFeatures {
	s := &w.sheets
	if s.invalFor == s.builds && s.inval != nil {
		return s.inval
	}
	gen := s.builds + 1 // stamps in invalSeen, never 0
	if f, seen := s.inval, s.invalSeen; f != nil && seen != nil {
		old, kept := len(seen), 0
		var fresh []string
		for _, src := range s.sources {
			for _, r := range s.parsed[src].rules {
				switch g, ok := seen[r.selText]; {
				case !ok:
					seen[r.selText] = gen
					fresh = append(fresh, r.selText)
				case g != gen:
					seen[r.selText] = gen
					kept++
				}
			}
		}
		if kept == old {
			shared := len(f) > 0
			var own map[string]bool
			for _, text := range fresh {
				for _, sel := range splitTopLevelCommas(text) {
					if shared && own == nil {
						own = map[string]bool{}
					}
					f.add(sel, own)
				}
			}
			s.invalFor = s.builds
			s.invalAdded++
			return f
		}
	}
	f := invalidationFeatures{}
	seen := map[string]uint64{}
	for _, src := range s.sources {
		for _, r := range s.parsed[src].rules {
			if seen[r.selText] != 0 {
				continue
			}
			seen[r.selText] = gen
			for _, sel := range splitTopLevelCommas(r.selText) {
				f.add(sel, nil)
			}
		}
	}
	s.inval, s.invalSeen, s.invalFor = f, seen, s.builds
	return f
}

// add files the features of one complex selector. When own is not nil,
// a set already in f is copied before it changes unless own has its key
// (a copy made by an earlier add), and own gets the keys of the sets
// copied or made.
func (f invalidationFeatures) add(sel string, own map[string]bool) {
	compounds, combs, _ := splitComplex(sel)
	if len(compounds) < 2 {
		return
	}
	var req dom.InvalidationSet
	subject := compounds[len(compounds)-1]
	end := 0
	for end < len(subject) && isSelIdent(subject[end]) {
		end++
	}
	if end > 0 {
		req.Tags = []string{strings.ToLower(subject[:end])}
	}
	compoundFeatures(subject, func(key string) {
		switch key[0] {
		case '.':
			req.Classes = append(req.Classes, key[1:])
		case '#':
			req.IDs = append(req.IDs, key[1:])
		default:
			req.Attributes = true
		}
	})
	if key := narrowKey(subject); key != "" {
		// Blink narrows the subject's features to one, an id before a
		// class, the first of each (before attributes and the name):
		// `.t tr.b` checks the rows by class b, not by name, so a row
		// without it has its attributes read (jquery-treetable's rows)
		req = dom.InvalidationSet{}
		if key[0] == '#' {
			req.IDs = []string{key[1:]}
		} else {
			req.Classes = []string{key[1:]}
		}
	}
	if len(req.Tags)+len(req.IDs)+len(req.Classes) == 0 && !req.Attributes {
		return // the whole subtree, unchecked
	}
	for i, comp := range compounds[:len(compounds)-1] {
		if combs[i] == '+' || combs[i] == '~' {
			// sibling invalidation: Chromium 148 was not seen to read
			// the siblings' attributes for it
			continue
		}
		compoundFeatures(comp, func(key string) {
			s := f[key]
			switch {
			case s == nil:
				s = &dom.InvalidationSet{}
				f[key] = s
			case own != nil && !own[key]:
				s = &dom.InvalidationSet{Tags: slices.Clip(s.Tags), IDs: slices.Clip(s.IDs), Classes: slices.Clip(s.Classes), Attributes: s.Attributes}
				f[key] = s
			}
			if own != nil {
				own[key] = true
			}
			s.Tags = appendNew(s.Tags, req.Tags)
			s.IDs = appendNew(s.IDs, req.IDs)
			s.Classes = appendNew(s.Classes, req.Classes)
			s.Attributes = s.Attributes || req.Attributes
		})
	}
}

// narrowKey is the feature an invalidation set checks the subject
// compound comp by when it names an id or a class outside functional
// pseudo-classes: "#" and its first id, else "." and its first class
// (`p:is(.b).c` is checked by c; `p:is(.b)` has none: "").
func narrowKey(comp string) string {
	class, depth := "", 0
	for i := 0; i < len(comp); i++ {
		if j, ok := skipSelectorLiteral(comp, i); ok {
			i = j
			continue
		}
		switch c := comp[i]; c {
		case '(':
			depth++
		case ')':
			depth--
		case '.', '#':
			if depth != 0 {
				continue
			}
			name, n, ok := readCSSName(comp[i+1:], false)
			if !ok {
				continue
			}
			if c == '#' {
				return "#" + name
			}
			if class == "" {
				class = "." + name
			}
			i += n
		}
	}
	return class
}

// appendNew appends to list the items of add it does not hold.
func appendNew(list, add []string) []string {
	for _, a := range add {
		if !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	return list
}

// compoundFeatures calls fn with each class, id and attribute name a
// compound selector names (inside functional pseudo-classes too), its
// escapes read (Tailwind's `.md\:flex` names the class "md:flex").
func compoundFeatures(comp string, fn func(key string)) {
	for i := 0; i < len(comp); i++ {
		if j, ok := skipSelectorLiteral(comp, i); ok {
			i = j
			continue
		}
		c := comp[i]
		switch c {
		case '.', '#':
			name, n, ok := readCSSName(comp[i+1:], false)
			if !ok || c == '.' && name[0] >= '0' && name[0] <= '9' && comp[i+1] != '\\' {
				continue // .5 in an :nth-child(), say
			}
			fn(string(c) + name)
			i += n
		case '[':
			j := i + 1
			for j < len(comp) && (comp[j] == ' ' || comp[j] == '\t') {
				j++
			}
			if j < len(comp) && comp[j] == '*' {
				j++ // [*|name]
			}
			if j < len(comp) && comp[j] == '|' {
				j++
			}
			name, n, ok := readCSSName(comp[j:], false)
			if !ok {
				continue
			}
			if k := j + n; k+1 < len(comp) && comp[k] == '|' && comp[k+1] != '=' {
				// a namespace prefix: the name follows it
				if name, n, ok = readCSSName(comp[k+1:], false); !ok {
					continue
				}
				j = k + 1
			}
			fn("[" + strings.ToLower(name))
			i = j + n - 1
		}
	}
}

// skipSelectorLiteral returns, when s[i] starts an escape or a quoted
// string, the index of its last byte (the quote's own when it is not
// closed) and true; else i and false.
func skipSelectorLiteral(s string, i int) (int, bool) {
	switch c := s[i]; c {
	case '\\':
		return cssEscapeEnd(s, i) - 1, true
	case '"', '\'':
		if j := strings.IndexByte(s[i+1:], c); j >= 0 {
			return i + j + 1, true
		}
		return i, true
	}
	return i, false
}

// cssEscapeEnd is the index after the escape s[i:] starts with ('\\'):
// up to six hexadecimal digits and one white space after them, or one
// character.
func cssEscapeEnd(s string, i int) int {
	j := i + 1
	if j >= len(s) {
		return j
	}
	if !isHexDigit(s[j]) {
		_, n := utf8.DecodeRuneInString(s[j:])
		return j + n
	}
	k := j
	for k < j+6 && k < len(s) && isHexDigit(s[k]) {
		k++
	}
	if k < len(s) {
		switch s[k] {
		case '\r':
			k++
			if k < len(s) && s[k] == '\n' {
				k++
			}
		case ' ', '\t', '\n', '\f':
			k++
		}
	}
	return k
}

func isSelIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= 0x80
}
