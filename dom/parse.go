package dom

import (
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
)

// ParseOptions tune ParseWithOptions.
type ParseOptions struct {
	// NoScripting parses with scripting disabled, as DOMParser does: the
	// contents of <noscript> become elements instead of text.
	NoScripting bool
	// NoShadowRoots keeps <template shadowrootmode> as a template, as
	// DOMParser does, instead of attaching a declarative shadow root.
	NoShadowRoots bool
	// FormPointer associates the form controls the parser inserts while
	// its form element pointer names a form that is not their ancestor
	// with that form, as Chromium does in the documents of a browsing
	// context (formpointer.go).
	FormPointer bool
}

// ParseWithOptions is Parse with options.
func ParseWithOptions(r io.Reader, opts ParseOptions) (*Document, error) {
	// The source is kept for restoreAttrOrder.
	var src strings.Builder
	if l, ok := r.(interface{ Len() int }); ok {
		src.Grow(l.Len())
	}
	if _, err := io.Copy(&src, r); err != nil {
		return nil, fmt.Errorf("dom: parse: %w", err)
	}
	// A doctype x/net/html would take for another mode is given to it
	// as one it decides right (doctypemode.go).
	parsed, dt := fixDoctype(src.String())
	if mayHaveTemplateHeadBody(parsed, false) {
		// the "in template" mode as Chromium has it (markup.go)
		parsed = templateHeadBody(parsed, false, !opts.NoScripting)
	}
	x := xnetParse{scripting: !opts.NoScripting}
	var state *unsafe.Pointer // the parser, when it may stop at a template
	var hook html.ParseOption
	if mayStopAtTemplate(parsed, false) {
		state = new(unsafe.Pointer)
		hook = parserHook(state)
	}
	if opts.FormPointer {
		x.watch = newFormReader(parsed)
	}
	var h *html.Node
	nodes, err := x.parse(parsed, hook)
	watched := x.watch
	x.watch = nil
	if err == nil {
		h = nodes[0]
		if state != nil && stoppedAtTemplate(*state) {
			// x/net/html ignored what followed a template in foreign
			// content: parse again with it cut out (foreigntemplate.go).
			nodes, _ = reparseKeepingTemplates(parsed, x, 0, nodes)
			h = nodes[0]
			watched = nil
		}
	}
	if isDepthError(err) {
		watched = nil
		// Nested deeper than x/net/html accepts: parse again with the
		// deep part flattened, as browsers do (see flattenDeep).
		for _, limit := range flattenLimits {
			flat := flattenDeep(parsed, limit)
			if nodes, err = x.parse(flat, nil); !isDepthError(err) {
				if err == nil {
					h = nodes[0]
				}
				break
			}
		}
	}
	if err != nil {
		return nil, fmt.Errorf("dom: parse: %w", err)
	}
	dt.restore(h)
	d := NewDocument()
	d.Scripting = !opts.NoScripting
	if dt != nil {
		d.mode = dt.mode
	}
	cv := converter{shadowRoots: !opts.NoShadowRoots, src: bogusComments{src: src.String()}, forms: watched.formPairs()}
	d.adoptParsedWith(h, cv)
	if cv.forms != nil {
		applyFormPairs(watched.fp.pairs, cv.forms)
	}
	restoreAttrOrderIn(&d.Node, src.String(), false, !opts.NoScripting)
	return d, nil
}

// NewXMLDocument returns an empty XML document, as
// document.implementation.createDocument does: names keep their case.
func NewXMLDocument() *Document {
	d := NewDocument()
	d.xml = true
	return d
}

// SetSrcdoc marks d as an iframe srcdoc document, which is never in quirks
// mode whatever its doctype.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#an-iframe-srcdoc-document
func (d *Document) SetSrcdoc() { d.srcdoc = true }

// SetQuirksMode puts a document made by script in quirks mode, as a
// browsing context's initial about:blank document is.
func (d *Document) SetQuirksMode() { d.mode = "BackCompat" }

// quirks reports whether d is in quirks mode, cheaply for the common
// <!doctype html>.
func (d *Document) quirks() bool {
	if d.xml || d.srcdoc {
		return false
	}
	if d.mode == "" {
		if dt := d.Doctype(); dt != nil && dt.Data == "html" && len(dt.Attr) == 0 {
			return false
		}
	}
	return d.CompatMode() == "BackCompat"
}

// fixMode keeps the document's current mode through a change of its
// children by script: the mode is the one its maker gave it (no-quirks for
// a new document) or the parser decided, whatever doctype or document
// element script puts in or takes out after
// (https://dom.spec.whatwg.org/#concept-document-mode). Parsers build their
// trees without it and leave the mode derived from the doctype they read.
func (d *Document) fixMode() {
	if d.mode == "" {
		d.mode = d.CompatMode()
	}
}

// IsXML reports whether d is an XML document.
func (d *Document) IsXML() bool { return d.xml }

// CompatMode returns document.compatMode: "BackCompat" in quirks mode,
// else "CSS1Compat". A document's mode is set when it is created or parsed
// (https://dom.spec.whatwg.org/#concept-document-mode): once a script
// inserts or removes one of its children the mode stays what it was
// (fixMode).
// Until then it is derived from the doctype with the main
// rules of https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode
// (no doctype, a name other than html, the legacy public identifiers),
// not the full list of public identifier prefixes.
func (d *Document) CompatMode() string {
	if d.xml || d.srcdoc {
		return "CSS1Compat"
	}
	if d.mode != "" {
		return d.mode
	}
	dt := d.Doctype()
	if dt == nil {
		if d.FirstChild == nil {
			return "CSS1Compat" // a new document starts in no-quirks mode
		}
		return "BackCompat"
	}
	if !ascii.EqualFold(dt.Data, "html") {
		return "BackCompat"
	}
	pub := ascii.Lower(dt.PublicID())
	sys := dt.SystemID()
	hasSys := false
	for _, a := range dt.Attr {
		if a.Key == "system" {
			hasSys = true
		}
	}
	switch {
	case pub == "-//w3o//dtd w3 html strict 3.0//en//", pub == "-/w3c/dtd html 4.0 transitional/en", pub == "html",
		ascii.EqualFold(sys, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"):
		return "BackCompat"
	case strings.HasPrefix(pub, "-//w3c//dtd html 4.01 frameset//"), strings.HasPrefix(pub, "-//w3c//dtd html 4.01 transitional//"):
		if !hasSys {
			return "BackCompat"
		}
	case strings.HasPrefix(pub, "-//ietf//dtd html"), strings.HasPrefix(pub, "-//w3c//dtd html 3"),
		strings.HasPrefix(pub, "-//w3c//dtd html 4.0 frameset//"), strings.HasPrefix(pub, "-//w3c//dtd html 4.0 transitional//"),
		strings.HasPrefix(pub, "-//netscape comm. corp.//dtd html//"), strings.HasPrefix(pub, "-//microsoft//dtd internet explorer"),
		strings.HasPrefix(pub, "-//softquad"), strings.HasPrefix(pub, "-//sun microsystems corp.//dtd hotjava"),
		strings.HasPrefix(pub, "-//w3c//dtd w3 html//"), strings.HasPrefix(pub, "-//w3o//dtd w3 html 3.0//"),
		strings.HasPrefix(pub, "-//webtechs//dtd mozilla html"), strings.HasPrefix(pub, "-//w3c//dtd html experimental"),
		strings.HasPrefix(pub, "-//o'reilly and associates//dtd html"), strings.HasPrefix(pub, "-//spyglass//dtd html 2.0 extended//"),
		strings.HasPrefix(pub, "-//advasoft ltd//dtd html 3.0 aswedit + extensions//"), strings.HasPrefix(pub, "-//as//dtd html 3.0 aswedit + extensions//"),
		strings.HasPrefix(pub, "-//metrius//dtd metrius presentational//"), strings.HasPrefix(pub, "+//silmaril//dtd html pro v0r11 19970101//"):
		return "BackCompat"
	}
	return "CSS1Compat"
}
