package dom

import (
	_ "embed"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The HTML Sanitizer API (https://wicg.github.io/sanitizer-api/, now in
// the HTML standard): a configuration of allowed and removed elements,
// attributes and processing instructions, its modifiers, and the "sanitize
// core" walk that applies it to a tree, with Chromium 156's behaviour where
// it differs from the draft (recorded through testdata/wpt/html-sanitizer.html).

// A SanitizerName is an element's or attribute's name in a sanitizer
// configuration: a local name (case-sensitive) and a namespace URI, ""
// for none (the spec's null).
type SanitizerName struct {
	Local, Namespace string
}

// A SanitizerElement is an entry of a configuration's elements list: a
// name with the attributes allowed (Attributes) or removed
// (RemoveAttributes) on that element only. A nil list is an absent one.
type SanitizerElement struct {
	Name                         SanitizerName
	Attributes, RemoveAttributes []SanitizerName
}

// SanitizerConfigInit is the SanitizerConfig dictionary: what the
// Sanitizer constructor and the HTML setters take and what Get returns. A
// nil list or nil bool is an absent member; a present empty list is a
// non-nil empty slice.
type SanitizerConfigInit struct {
	Elements                     []SanitizerElement
	RemoveElements               []SanitizerName
	ReplaceWithChildrenElements  []SanitizerName
	ProcessingInstructions       []string
	RemoveProcessingInstructions []string
	Attributes, RemoveAttributes []SanitizerName
	Comments, DataAttributes     *bool
}

// ErrInvalidSanitizerConfig is the error of a configuration that has an
// allow and a remove list of the same kind, duplicates, overlapping lists,
// or html among the elements replaced by their children.
var ErrInvalidSanitizerConfig = errors.New("Invalid Sanitizer configuration.")

type nameSet map[SanitizerName]struct{}

func (s nameSet) has(n SanitizerName) bool {
	_, ok := s[n]
	return ok
}

// add inserts n and reports whether it was new.
func (s nameSet) add(n SanitizerName) bool {
	if s.has(n) {
		return false
	}
	s[n] = struct{}{}
	return true
}

// take removes n and reports whether it was there.
func (s nameSet) take(n SanitizerName) bool {
	if !s.has(n) {
		return false
	}
	delete(s, n)
	return true
}

func (s nameSet) clone() nameSet {
	if s == nil {
		return nil
	}
	c := make(nameSet, len(s))
	for n := range s {
		c[n] = struct{}{}
	}
	return c
}

func (s nameSet) intersects(o nameSet) bool {
	for n := range s {
		if o.has(n) {
			return true
		}
	}
	return false
}

type targetSet map[string]struct{}

func (s targetSet) clone() targetSet {
	if s == nil {
		return nil
	}
	c := make(targetSet, len(s))
	for t := range s {
		c[t] = struct{}{}
	}
	return c
}

// optBool is a boolean member that may be absent.
type optBool int8

const (
	boolAbsent optBool = iota
	boolFalse
	boolTrue
)

func toOptBool(b bool) optBool {
	if b {
		return boolTrue
	}
	return boolFalse
}

// SanitizerConfig is a Sanitizer's configuration. A nil set is an absent
// list; elements' per-element lists are kept beside the set of allowed
// elements. The zero value is not valid: use NewSanitizerConfig or
// DefaultSanitizerConfig.
type SanitizerConfig struct {
	elements, removeElements, replaceElements nameSet
	elementAttrs, elementRemoveAttrs          map[SanitizerName]nameSet
	attributes, removeAttributes              nameSet
	pis, removePIs                            targetSet
	comments, dataAttributes                  optBool
}

// NewSanitizerConfig builds a configuration from a SanitizerConfig
// dictionary ("set a configuration"). Comments and, when there is an
// attributes list, data attributes default to allowed for a Sanitizer
// built by script or an unsafe setter, to removed for a safe setter
// (safeDefaults). A list that has neither its allow nor its remove form
// becomes an empty remove list.
func NewSanitizerConfig(in SanitizerConfigInit, safeDefaults bool) (*SanitizerConfig, error) {
	c := &SanitizerConfig{}
	unique := true
	if in.Elements != nil {
		c.elements = make(nameSet, len(in.Elements))
		for _, e := range in.Elements {
			unique = c.elements.add(e.Name) && unique
			if e.Attributes != nil {
				s, u := setOf(e.Attributes)
				unique = unique && u
				c.setElementAttrs(e.Name, s)
			}
			if e.RemoveAttributes != nil {
				s, u := setOf(e.RemoveAttributes)
				unique = unique && u
				c.setElementRemoveAttrs(e.Name, s)
			}
		}
	}
	var u bool
	if in.RemoveElements != nil {
		c.removeElements, u = setOf(in.RemoveElements)
		unique = unique && u
	}
	if in.ReplaceWithChildrenElements != nil {
		c.replaceElements, u = setOf(in.ReplaceWithChildrenElements)
		unique = unique && u
	}
	if in.Attributes != nil {
		c.attributes, u = setOf(in.Attributes)
		unique = unique && u
	}
	if in.RemoveAttributes != nil {
		c.removeAttributes, u = setOf(in.RemoveAttributes)
		unique = unique && u
	}
	if in.ProcessingInstructions != nil {
		c.pis, u = targetsOf(in.ProcessingInstructions)
		unique = unique && u
	}
	if in.RemoveProcessingInstructions != nil {
		c.removePIs, u = targetsOf(in.RemoveProcessingInstructions)
		unique = unique && u
	}
	def := !safeDefaults
	c.comments = toOptBool(def)
	if in.Comments != nil {
		c.comments = toOptBool(*in.Comments)
	}
	if in.DataAttributes != nil {
		c.dataAttributes = toOptBool(*in.DataAttributes)
	} else if in.Attributes != nil {
		c.dataAttributes = toOptBool(def)
	}
	if c.elements == nil && c.removeElements == nil {
		c.removeElements = nameSet{}
	}
	if c.attributes == nil && c.removeAttributes == nil {
		c.removeAttributes = nameSet{}
	}
	if c.pis == nil && c.removePIs == nil {
		c.removePIs = targetSet{}
	}
	if !unique || !c.Valid() {
		return nil, ErrInvalidSanitizerConfig
	}
	return c, nil
}

func setOf(names []SanitizerName) (nameSet, bool) {
	s := make(nameSet, len(names))
	unique := true
	for _, n := range names {
		unique = s.add(n) && unique
	}
	return s, unique
}

func targetsOf(targets []string) (targetSet, bool) {
	s := make(targetSet, len(targets))
	for _, t := range targets {
		s[t] = struct{}{}
	}
	return s, len(s) == len(targets)
}

func (c *SanitizerConfig) setElementAttrs(e SanitizerName, s nameSet) {
	if c.elementAttrs == nil {
		c.elementAttrs = make(map[SanitizerName]nameSet)
	}
	c.elementAttrs[e] = s
}

func (c *SanitizerConfig) setElementRemoveAttrs(e SanitizerName, s nameSet) {
	if c.elementRemoveAttrs == nil {
		c.elementRemoveAttrs = make(map[SanitizerName]nameSet)
	}
	c.elementRemoveAttrs[e] = s
}

// Clone returns an independent copy of c.
func (c *SanitizerConfig) Clone() *SanitizerConfig {
	d := *c
	d.elements, d.removeElements, d.replaceElements = c.elements.clone(), c.removeElements.clone(), c.replaceElements.clone()
	d.attributes, d.removeAttributes = c.attributes.clone(), c.removeAttributes.clone()
	d.pis, d.removePIs = c.pis.clone(), c.removePIs.clone()
	d.elementAttrs, d.elementRemoveAttrs = nil, nil
	for e, s := range c.elementAttrs {
		d.setElementAttrs(e, s.clone())
	}
	for e, s := range c.elementRemoveAttrs {
		d.setElementRemoveAttrs(e, s.clone())
	}
	return &d
}

var htmlName = SanitizerName{"html", HTMLNamespace}

// Valid reports whether c is a valid configuration
// (https://wicg.github.io/sanitizer-api/#sanitizerconfig-valid).
func (c *SanitizerConfig) Valid() bool {
	if (c.elements != nil && c.removeElements != nil) || (c.attributes != nil && c.removeAttributes != nil) ||
		(c.pis != nil && c.removePIs != nil) {
		return false
	}
	if c.replaceElements.intersects(c.elements) || c.replaceElements.intersects(c.removeElements) || c.replaceElements.has(htmlName) {
		return false
	}
	if c.attributes != nil {
		for e := range c.elements {
			if a, ok := c.elementAttrs[e]; ok {
				if a.intersects(c.attributes) {
					return false
				}
				if c.dataAttributes == boolTrue && hasDataAttribute(a) {
					return false
				}
			}
			for r := range c.elementRemoveAttrs[e] {
				if !c.attributes.has(r) {
					return false
				}
			}
		}
		if c.dataAttributes == boolTrue && hasDataAttribute(c.attributes) {
			return false
		}
	}
	if c.removeAttributes != nil {
		for e := range c.elements {
			a, hasA := c.elementAttrs[e]
			r, hasR := c.elementRemoveAttrs[e]
			if hasA && hasR || a.intersects(c.removeAttributes) || r.intersects(c.removeAttributes) {
				return false
			}
		}
		if c.dataAttributes != boolAbsent {
			return false
		}
	}
	return true
}

func isDataAttribute(n SanitizerName) bool {
	return n.Namespace == "" && strings.HasPrefix(n.Local, "data-")
}

func hasDataAttribute(s nameSet) bool {
	for n := range s {
		if isDataAttribute(n) {
			return true
		}
	}
	return false
}

// Get returns c as a SanitizerConfig dictionary, every list sorted by
// namespace (none first) then local name (https://wicg.github.io/sanitizer-api/#dom-sanitizer-get).
// An allowed element with neither per-element list gets an empty
// removeAttributes, as in Chromium 156.
func (c *SanitizerConfig) Get() SanitizerConfigInit {
	var out SanitizerConfigInit
	if c.elements != nil {
		out.Elements = make([]SanitizerElement, 0, len(c.elements))
		for _, n := range sortedNames(c.elements) {
			e := SanitizerElement{Name: n}
			if a, ok := c.elementAttrs[n]; ok {
				e.Attributes = sortedNames(a)
			}
			if r, ok := c.elementRemoveAttrs[n]; ok {
				e.RemoveAttributes = sortedNames(r)
			}
			if e.Attributes == nil && e.RemoveAttributes == nil {
				e.RemoveAttributes = []SanitizerName{}
			}
			out.Elements = append(out.Elements, e)
		}
	}
	out.RemoveElements = sortedNames(c.removeElements)
	out.ReplaceWithChildrenElements = sortedNames(c.replaceElements)
	out.Attributes = sortedNames(c.attributes)
	out.RemoveAttributes = sortedNames(c.removeAttributes)
	out.ProcessingInstructions = sortedTargets(c.pis)
	out.RemoveProcessingInstructions = sortedTargets(c.removePIs)
	if c.comments != boolAbsent {
		b := c.comments == boolTrue
		out.Comments = &b
	}
	if c.dataAttributes != boolAbsent {
		b := c.dataAttributes == boolTrue
		out.DataAttributes = &b
	}
	return out
}

// sortedNames lists s in the order of https://wicg.github.io/sanitizer-api/#sanitizerconfig-less-than-item:
// by namespace, no namespace first, then by local name. (Strings compare
// by bytes, which is UTF-16 code unit order except between astral
// characters and U+E000–U+FFFF.)
func sortedNames(s nameSet) []SanitizerName {
	if s == nil {
		return nil
	}
	out := make([]SanitizerName, 0, len(s))
	for n := range s {
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b SanitizerName) int {
		if a.Namespace != b.Namespace {
			return strings.Compare(a.Namespace, b.Namespace)
		}
		return strings.Compare(a.Local, b.Local)
	})
	return out
}

func sortedTargets(s targetSet) []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, len(s))
	for t := range s {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// AllowElement is allowElement(): e becomes allowed, with its per-element
// attribute lists trimmed against the global ones. It reports whether the
// configuration changed (https://wicg.github.io/sanitizer-api/#sanitizer-allow-an-element).
func (c *SanitizerConfig) AllowElement(e SanitizerElement) bool {
	var allow, remove nameSet
	if e.Attributes != nil {
		allow, _ = setOf(e.Attributes)
	}
	if e.RemoveAttributes != nil {
		remove, _ = setOf(e.RemoveAttributes)
	}
	name := e.Name
	if c.elements == nil {
		// A remove list: the element can only stop being removed.
		if allow != nil || len(remove) > 0 {
			return false
		}
		modified := c.replaceElements.take(name)
		return c.removeElements.take(name) || modified
	}
	modified := c.replaceElements.take(name)
	if c.attributes != nil {
		if allow != nil {
			for n := range allow {
				if c.attributes.has(n) || (c.dataAttributes == boolTrue && isDataAttribute(n)) {
					delete(allow, n)
				}
			}
		}
		for n := range remove {
			if !c.attributes.has(n) {
				delete(remove, n)
			}
		}
	} else {
		if allow != nil {
			if remove != nil {
				for n := range remove {
					delete(allow, n)
				}
				remove = nil
			}
			for n := range c.removeAttributes {
				delete(allow, n)
			}
		}
		for n := range c.removeAttributes {
			delete(remove, n)
		}
	}
	if !c.elements.has(name) {
		c.elements.add(name)
		if allow != nil {
			c.setElementAttrs(name, allow)
		}
		if remove != nil {
			c.setElementRemoveAttrs(name, remove)
		}
		return true
	}
	curAllow, hasAllow := c.elementAttrs[name]
	curRemove, hasRemove := c.elementRemoveAttrs[name]
	if sameSet(allow, curAllow, hasAllow) && sameSet(remove, curRemove, hasRemove) {
		return modified
	}
	delete(c.elementAttrs, name)
	delete(c.elementRemoveAttrs, name)
	if allow != nil {
		c.setElementAttrs(name, allow)
	}
	if remove != nil {
		c.setElementRemoveAttrs(name, remove)
	}
	return true
}

// sameSet compares a possibly absent (nil) new list with a current one.
func sameSet(s, cur nameSet, hasCur bool) bool {
	if s == nil || !hasCur {
		return s == nil && !hasCur
	}
	if len(s) != len(cur) {
		return false
	}
	for n := range s {
		if !cur.has(n) {
			return false
		}
	}
	return true
}

// RemoveElement is removeElement() (https://wicg.github.io/sanitizer-api/#sanitizer-remove-an-element).
func (c *SanitizerConfig) RemoveElement(name SanitizerName) bool {
	modified := c.replaceElements.take(name)
	if c.elements != nil {
		delete(c.elementAttrs, name)
		delete(c.elementRemoveAttrs, name)
		return c.elements.take(name) || modified
	}
	return c.removeElements.add(name) || modified
}

// ReplaceElementWithChildren is replaceElementWithChildren(); html cannot
// be replaced (https://wicg.github.io/sanitizer-api/#sanitizer-replace-an-element-with-its-children).
func (c *SanitizerConfig) ReplaceElementWithChildren(name SanitizerName) bool {
	if name == htmlName || c.replaceElements.has(name) {
		return false
	}
	delete(c.removeElements, name)
	if c.elements != nil {
		c.elements.take(name)
		delete(c.elementAttrs, name)
		delete(c.elementRemoveAttrs, name)
	}
	if c.replaceElements == nil {
		c.replaceElements = nameSet{}
	}
	c.replaceElements.add(name)
	return true
}

// AllowAttribute is allowAttribute() (https://wicg.github.io/sanitizer-api/#sanitizer-allow-an-attribute).
func (c *SanitizerConfig) AllowAttribute(name SanitizerName) bool {
	if c.attributes == nil {
		return c.removeAttributes.take(name)
	}
	if c.dataAttributes == boolTrue && isDataAttribute(name) || c.attributes.has(name) {
		return false
	}
	for _, s := range c.elementAttrs {
		delete(s, name)
	}
	c.attributes.add(name)
	return true
}

// RemoveAttribute is removeAttribute() (https://wicg.github.io/sanitizer-api/#sanitizer-remove-an-attribute).
func (c *SanitizerConfig) RemoveAttribute(name SanitizerName) bool {
	if c.attributes != nil {
		modified := c.attributes.take(name)
		for _, s := range c.elementAttrs {
			modified = s.take(name) || modified
		}
		for _, s := range c.elementRemoveAttrs {
			s.take(name)
		}
		return modified
	}
	if c.removeAttributes.has(name) {
		return false
	}
	for _, s := range c.elementAttrs {
		delete(s, name)
	}
	for _, s := range c.elementRemoveAttrs {
		delete(s, name)
	}
	c.removeAttributes.add(name)
	return true
}

// AllowProcessingInstruction is allowProcessingInstruction().
func (c *SanitizerConfig) AllowProcessingInstruction(target string) bool {
	if c.pis != nil {
		if _, ok := c.pis[target]; ok {
			return false
		}
		c.pis[target] = struct{}{}
		return true
	}
	if _, ok := c.removePIs[target]; !ok {
		return false
	}
	delete(c.removePIs, target)
	return true
}

// RemoveProcessingInstruction is removeProcessingInstruction().
func (c *SanitizerConfig) RemoveProcessingInstruction(target string) bool {
	if c.pis != nil {
		if _, ok := c.pis[target]; !ok {
			return false
		}
		delete(c.pis, target)
		return true
	}
	if _, ok := c.removePIs[target]; ok {
		return false
	}
	c.removePIs[target] = struct{}{}
	return true
}

// SetComments is setComments().
func (c *SanitizerConfig) SetComments(allow bool) { c.comments = toOptBool(allow) }

// SetDataAttributes is setDataAttributes(). (Chromium 156 sets it even
// beside a removeAttributes list, where the draft refuses.)
func (c *SanitizerConfig) SetDataAttributes(allow bool) { c.dataAttributes = toOptBool(allow) }

// RemoveUnsafe is removeUnsafe(): the elements and attributes of the
// built-in baseline (script, iframe, event handler attributes, …) are
// removed (https://wicg.github.io/sanitizer-api/#sanitizer-remove-unsafe).
func (c *SanitizerConfig) RemoveUnsafe() {
	b := chromiumLists()
	for n := range b.baseline.removeElements {
		c.RemoveElement(n)
	}
	for n := range b.baseline.removeAttributes {
		c.RemoveAttribute(n)
	}
}

// DefaultSanitizerConfig returns a new copy of the default configuration
// (new Sanitizer(), setHTML's when given none), as recorded from Chromium.
func DefaultSanitizerConfig() *SanitizerConfig {
	return chromiumLists().def.Clone()
}

// The built-in lists, recorded from Chromium by
// testdata/compat/sanitizer-defaults.mjs.
//
//go:embed sanitizer_chromium.json
var sanitizerChromiumJSON []byte

type sanitizerBuiltins struct {
	def, baseline *SanitizerConfig
	safeDef       *SanitizerConfig // def after RemoveUnsafe: what setHTML uses by default
}

var chromiumLists = sync.OnceValue(func() sanitizerBuiltins {
	var raw struct {
		Default, Baseline json.RawMessage
	}
	if err := json.Unmarshal(sanitizerChromiumJSON, &raw); err != nil {
		panic("dom: sanitizer_chromium.json: " + err.Error())
	}
	def, err := ParseSanitizerConfigJSON(raw.Default, true)
	if err != nil {
		panic("dom: sanitizer_chromium.json default: " + err.Error())
	}
	base, err := ParseSanitizerConfigJSON(raw.Baseline, false)
	if err != nil {
		panic("dom: sanitizer_chromium.json baseline: " + err.Error())
	}
	b := sanitizerBuiltins{def: def, baseline: base, safeDef: def.Clone()}
	for n := range base.removeElements {
		b.safeDef.RemoveElement(n)
	}
	for n := range base.removeAttributes {
		b.safeDef.RemoveAttribute(n)
	}
	return b
})

// jsonName is a name as Sanitizer.get() writes it.
type jsonName struct {
	Name      string  `json:"name"`
	Namespace *string `json:"namespace"`
}

func (n jsonName) name() SanitizerName {
	if n.Namespace == nil {
		return SanitizerName{Local: n.Name}
	}
	return SanitizerName{n.Name, *n.Namespace}
}

func jsonNames(in *[]jsonName) []SanitizerName {
	if in == nil {
		return nil
	}
	out := make([]SanitizerName, len(*in))
	for i, n := range *in {
		out[i] = n.name()
	}
	return out
}

func jsonTargets(in *[]struct {
	Target string `json:"target"`
}) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(*in))
	for i, t := range *in {
		out[i] = t.Target
	}
	return out
}

// ParseSanitizerConfigJSON reads a configuration in the JSON form of
// Sanitizer.get() (names as {name, namespace} objects, namespaces
// explicit), as NewSanitizerConfig does.
func ParseSanitizerConfigJSON(data []byte, safeDefaults bool) (*SanitizerConfig, error) {
	type piList = *[]struct {
		Target string `json:"target"`
	}
	var raw struct {
		Elements *[]struct {
			jsonName
			Attributes       *[]jsonName `json:"attributes"`
			RemoveAttributes *[]jsonName `json:"removeAttributes"`
		} `json:"elements"`
		RemoveElements               *[]jsonName `json:"removeElements"`
		ReplaceWithChildrenElements  *[]jsonName `json:"replaceWithChildrenElements"`
		ProcessingInstructions       piList      `json:"processingInstructions"`
		RemoveProcessingInstructions piList      `json:"removeProcessingInstructions"`
		Attributes                   *[]jsonName `json:"attributes"`
		RemoveAttributes             *[]jsonName `json:"removeAttributes"`
		Comments                     *bool       `json:"comments"`
		DataAttributes               *bool       `json:"dataAttributes"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	in := SanitizerConfigInit{
		RemoveElements:               jsonNames(raw.RemoveElements),
		ReplaceWithChildrenElements:  jsonNames(raw.ReplaceWithChildrenElements),
		ProcessingInstructions:       jsonTargets(raw.ProcessingInstructions),
		RemoveProcessingInstructions: jsonTargets(raw.RemoveProcessingInstructions),
		Attributes:                   jsonNames(raw.Attributes),
		RemoveAttributes:             jsonNames(raw.RemoveAttributes),
		Comments:                     raw.Comments,
		DataAttributes:               raw.DataAttributes,
	}
	if raw.Elements != nil {
		in.Elements = make([]SanitizerElement, len(*raw.Elements))
		for i, e := range *raw.Elements {
			in.Elements[i] = SanitizerElement{Name: e.name(), Attributes: jsonNames(e.Attributes), RemoveAttributes: jsonNames(e.RemoveAttributes)}
		}
	}
	return NewSanitizerConfig(in, safeDefaults)
}

// The sanitize core walk (https://wicg.github.io/sanitizer-api/#sanitize-core).

type sanitizeAction uint8

const (
	keepNode sanitizeAction = iota
	keepElement
	replaceWithChildren
	dropNode
)

func elementName(n *Node) SanitizerName {
	return SanitizerName{n.Data, n.NamespaceURI()}
}

func (c *SanitizerConfig) elementAction(name SanitizerName) sanitizeAction {
	switch {
	case c.replaceElements.has(name):
		return replaceWithChildren
	case c.elements != nil && !c.elements.has(name), c.elements == nil && c.removeElements.has(name):
		return dropNode
	}
	return keepElement
}

func (c *SanitizerConfig) action(n *Node) sanitizeAction {
	switch n.Type {
	case html.ElementNode:
		return c.elementAction(elementName(n))
	case html.CommentNode:
		if c.comments == boolTrue {
			return keepNode
		}
		return dropNode
	case processingInstructionNode:
		t := n.Target()
		if _, ok := c.pis[t]; ok || c.pis == nil {
			if _, removed := c.removePIs[t]; !removed {
				return keepNode
			}
		}
		return dropNode
	}
	return keepNode // text, doctype
}

// keepsTemplates reports whether an HTML template element survives c: if
// not, a <template shadowrootmode> is not attached as a declarative shadow
// root but dropped as a template (Chromium 156 sanitizes while parsing).
func (c *SanitizerConfig) keepsTemplates() bool {
	return c.elementAction(SanitizerName{"template", HTMLNamespace}) == keepElement
}

// Sanitize runs sanitize core over root's descendants, template contents
// and shadow roots: nodes c removes go with their subtrees, elements it
// replaces with their children leave them in place (a template its
// contents), and the attributes of the elements it keeps are filtered.
// When safe, javascript: URLs in navigation attributes are removed too.
// c should already have had RemoveUnsafe applied for a safe setter.
func (c *SanitizerConfig) Sanitize(root *Node, safe bool) {
	c.sanitizeInner(root, safe)
	n := root.First()
	for n != nil {
		switch c.action(n) {
		case keepElement:
			c.sanitizeAttributes(n, safe)
			c.sanitizeInner(n, safe)
			n = n.NextWithin(root)
		case keepNode:
			n = n.NextWithin(root)
		case replaceWithChildren:
			from := n
			if t := n.TemplateContent(); t != nil {
				from = t
			}
			next := from.First()
			if next == nil {
				next = n.SkipWithin(root)
			}
			parent := n.ParentNode()
			for k := from.First(); k != nil; k = from.First() {
				if _, err := parent.InsertBefore(k, n); err != nil {
					k.Remove() // cannot happen for parser output; never loop
				}
			}
			n.Remove()
			n = next
		case dropNode:
			next := n.SkipWithin(root)
			n.Remove()
			n = next
		}
	}
}

// sanitizeInner sanitizes an element's template contents and shadow root.
func (c *SanitizerConfig) sanitizeInner(n *Node, safe bool) {
	if n.Type != html.ElementNode {
		return
	}
	if n.Is(atom.Template) {
		c.Sanitize(n.TemplateContent(), safe)
	}
	if s := n.ShadowRoot(); s != nil {
		c.Sanitize(s, safe)
	}
}

// sanitizeAttributes removes the attributes of a kept element that c does
// not allow, then (safe) its javascript: navigation URLs.
func (c *SanitizerConfig) sanitizeAttributes(el *Node, safe bool) {
	name := elementName(el)
	allowHere, hasAllowHere := c.elementAttrs[name]
	removeHere := c.elementRemoveAttrs[name]
	for i := len(el.Attr) - 1; i >= 0; i-- {
		a := SanitizerName{attrLocalName(el.Attr[i]), el.Attr[i].Namespace}
		var keep bool
		switch {
		case removeHere.has(a):
			keep = false
		case c.attributes.has(a), allowHere.has(a):
			keep = true
		case c.removeAttributes.has(a):
			keep = false
		case c.attributes != nil && isDataAttribute(a):
			keep = c.dataAttributes == boolTrue
		default:
			keep = c.attributes == nil && !hasAllowHere
		}
		if !keep {
			el.removeAttrAt(i)
		}
	}
	if safe {
		removeJavascriptNavigation(el)
	}
}

// removeJavascriptNavigation removes the attributes that would navigate to
// a javascript: URL, and SVG animations of href
// (https://wicg.github.io/sanitizer-api/#sanitize-core, "handle javascript
// navigation urls").
func removeJavascriptNavigation(el *Node) {
	dropJS := func(ns, local string) {
		if v, ok := el.GetAttributeNS(ns, local); ok && isJavascriptURL(v) {
			el.RemoveAttributeNS(ns, local)
		}
	}
	switch el.NamespaceURI() {
	case HTMLNamespace:
		switch el.DataAtom {
		case atom.A, atom.Area, atom.Base:
			dropJS("", "href")
		case atom.Button, atom.Input:
			dropJS("", "formaction")
		case atom.Form:
			dropJS("", "action")
		case atom.Iframe:
			dropJS("", "src")
		}
	case MathMLNamespace:
		dropJS("", "href")
		dropJS(XLinkNamespace, "href")
	case SVGNamespace:
		switch el.Data {
		case "a":
			dropJS("", "href")
			dropJS(XLinkNamespace, "href")
		case "animate", "animateMotion", "animateTransform", "set":
			if v, ok := el.GetAttributeNS("", "attributeName"); ok && (v == "href" || v == "xlink:href") {
				el.RemoveAttributeNS("", "attributeName")
			}
		}
	}
}

// isJavascriptURL reports whether the URL parser would give v the scheme
// javascript: leading and trailing C0 controls and spaces are stripped,
// tabs and newlines removed, and the scheme compared without case
// (https://url.spec.whatwg.org/#concept-basic-url-parser).
func isJavascriptURL(v string) bool {
	v = strings.TrimFunc(v, func(r rune) bool { return r <= ' ' })
	const want = "javascript:"
	i := 0
	for j := 0; j < len(v) && i < len(want); j++ {
		b := v[j]
		if b == '\t' || b == '\n' || b == '\r' {
			continue
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if b != want[i] {
			return false
		}
		i++
	}
	return i == len(want)
}

// effective returns the configuration a setter applies: c, or the
// default one for nil, with RemoveUnsafe applied to a copy when safe.
func (c *SanitizerConfig) effective(safe bool) *SanitizerConfig {
	switch {
	case c == nil && safe:
		return chromiumLists().safeDef
	case c == nil:
		return chromiumLists().def
	case safe:
		c = c.Clone()
		c.RemoveUnsafe()
	}
	return c
}

// SetHTML is setHTML (safe) and setHTMLUnsafe with a sanitizer
// (https://wicg.github.io/sanitizer-api/#set-and-filter-html): markup is
// parsed in n's context with declarative shadow roots, sanitized with c
// (nil for the default configuration; after RemoveUnsafe when safe), and
// replaces n's children (a template's contents). c is not changed. A safe
// setter on a script element only empties it.
func (n *Node) SetHTML(markup string, c *SanitizerConfig, safe bool) error {
	if safe && n.Type == html.ElementNode && n.Data == "script" && (n.Namespace == "" || n.Namespace == "svg") {
		n.replaceAll(nil)
		return nil
	}
	c = c.effective(safe)
	return n.setInnerHTMLFiltered(markup, c.keepsTemplates(), func(f *Node) { c.Sanitize(f, safe) })
}

// SetHTMLUnsafeWith is setHTMLUnsafe with its options: when sanitize is
// set, c (nil for an empty configuration) filters the parsed fragment, as
// SetHTML does for an unsafe setter; before, when not nil, is then given
// the fragment, before it replaces n's children (setHTMLUnsafe's
// runScripts makes its scripts runnable there).
func (n *Node) SetHTMLUnsafeWith(markup string, c *SanitizerConfig, sanitize bool, before func(*Node)) error {
	shadowRoots := true
	var filter func(*Node)
	if sanitize {
		c = c.effective(false)
		shadowRoots = c.keepsTemplates()
		filter = func(f *Node) { c.Sanitize(f, false) }
	}
	if before != nil {
		sanitizeFirst := filter
		filter = func(f *Node) {
			if sanitizeFirst != nil {
				sanitizeFirst(f)
			}
			before(f)
		}
	}
	return n.setInnerHTMLFiltered(markup, shadowRoots, filter)
}

// ParseHTML is Document.parseHTML (safe) and parseHTMLUnsafe with a
// sanitizer: a new document parsed with scripting disabled and declarative
// shadow roots, then sanitized with c (nil for the default configuration;
// after RemoveUnsafe when safe).
func ParseHTML(markup string, c *SanitizerConfig, safe bool) (*Document, error) {
	c = c.effective(safe)
	d, err := ParseWithOptions(strings.NewReader(markup), ParseOptions{NoScripting: true, NoShadowRoots: !c.keepsTemplates()})
	if err != nil {
		return nil, err
	}
	c.Sanitize(&d.Node, safe)
	return d, nil
}
