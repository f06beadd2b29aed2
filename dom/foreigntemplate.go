package dom

import (
	"io"
	"iter"
	"reflect"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Templates in foreign content.
//
// x/net/html (v0.62) stops building the tree at a <template> start tag that
// its HTML rules handle while an SVG or MathML element is open, which
// happens in an integration point (<svg><foreignObject><template>,
// <math><mi><template>, <annotation-xml encoding="text/html"><template>):
// its "in head" rules switch to ignoring every token left (a workaround of
// theirs), so the template and all that follows it were lost. The standard
// (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead,
// template start tag) inserts the template there as anywhere, and Chromium
// does. Every rule that reads the stack of open elements while the template
// is open stops at it (the scopes, the reset of the insertion mode, foster
// parenting, the adoption agency's marker), so its contents parse the same
// as the markup of a fragment in an HTML context.
//
// So when x/net/html stopped there, the source is parsed again with that
// template's markup (its start tag to its end tag, or the end of the input)
// replaced by a comment of the same length and lines: a comment goes where
// the template would have gone and changes no parser state. The template is
// parsed alone, as the markup of a fragment whose context is a div (a
// template inside it that x/net/html would stop at is handled the same way),
// and then takes the comment's place. The template that made x/net/html stop
// is found by parsing prefixes of the source (a binary search over the
// template start tags).
//
// Not covered: markup written by document.write (a StreamParser only
// rewrites the page's source), and a template whose end tag hides inside
// markup the tree builder reads differently from the tokenizer alone (an SVG
// <style> or <title>, read as text by the tokenizer): its end is then taken
// to be later.

// maxForeignTemplates bounds the templates one parse cuts out (each costs a
// few parses of the source); a page with more loses what follows the next
// one, as before.
const maxForeignTemplates = 64

// maxForeignTemplateDepth bounds templates nested in templates cut out.
const maxForeignTemplateDepth = 8

// xnetParse is how x/net/html is asked to parse: a document, or a
// fragment in context (a stand-in element, see parseFragmentScripting).
type xnetParse struct {
	scripting bool
	context   *html.Node // nil: a document
	// watch, when not nil, reads the markup of a document and watches its
	// form element pointer (formpointer.go).
	watch *formReader
}

// x/net/html's two scripting options, made once (a closure each).
var (
	scriptingOn  = html.ParseOptionEnableScripting(true)
	scriptingOff = html.ParseOptionEnableScripting(false)
)

// parse parses src with x/net/html, hook (when not nil) among its options,
// and a <th> in a table caption parsed as the standard does (captionth.go).
func (x xnetParse) parse(src string, hook html.ParseOption) ([]*html.Node, error) {
	opts := make([]html.ParseOption, 1, 4)
	opts[0] = scriptingOff
	if x.scripting {
		opts[0] = scriptingOn
	}
	if hook != nil {
		opts = append(opts, hook)
	}
	var r io.Reader
	if cr, watch := newCaptionReader(src); cr != nil {
		// A <th> in a caption (captionth.go).
		r = cr
		opts = append(opts, watch)
	} else {
		r = strings.NewReader(src)
	}
	if x.context != nil {
		return html.ParseFragmentWithOptions(r, x.context, opts...)
	}
	if w := x.watch; w != nil {
		if _, plain := r.(*strings.Reader); !plain {
			w.through(r, len(src))
		}
		r = w
		opts = append(opts, parserHook(&w.state))
	}
	h, err := html.ParseWithOptions(r, opts...)
	if err != nil {
		return nil, err
	}
	return []*html.Node{h}, nil
}

// imLayout is where x/net/html's parser keeps its insertion mode, and the
// code of the mode that ignores the remaining tokens; found once.
type imLayout struct {
	ok     bool
	im     uintptr // offset of the insertion mode (a func value)
	ignore uintptr // code pointer of ignoreTheRemainingTokens
}

var templateStopLayout = sync.OnceValue(func() (l imLayout) {
	var state unsafe.Pointer
	var t reflect.Type
	hook := reflect.MakeFunc(reflect.TypeFor[html.ParseOption](), func(args []reflect.Value) []reflect.Value {
		t, state = args[0].Type(), args[0].UnsafePointer()
		return nil
	}).Interface().(html.ParseOption)
	if _, err := html.ParseWithOptions(strings.NewReader("<svg><foreignObject><template>"), hook); err != nil || t == nil ||
		t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return l
	}
	f, ok := t.Elem().FieldByName("im")
	if !ok || f.Type.Kind() != reflect.Func || f.Type.NumIn() != 1 || f.Type.In(0) != t ||
		f.Type.NumOut() != 1 || f.Type.Out(0).Kind() != reflect.Bool {
		return l
	}
	l.im = f.Offset
	l.ignore = modeCode(state, l.im)
	// The mode must be another one after markup that ends in body.
	if _, err := html.ParseWithOptions(strings.NewReader("<svg><foreignObject>"), hook); err != nil ||
		l.ignore == 0 || modeCode(state, l.im) == l.ignore {
		return imLayout{}
	}
	l.ok = true
	return l
})

// modeCode returns the code pointer of the insertion mode of the parser at
// state.
func modeCode(state unsafe.Pointer, off uintptr) uintptr {
	if state == nil {
		return 0
	}
	fv := *(*unsafe.Pointer)(unsafe.Add(state, off))
	if fv == nil {
		return 0
	}
	return *(*uintptr)(fv)
}

// parserHook returns an option that stores x/net/html's parser in *state.
func parserHook(state *unsafe.Pointer) html.ParseOption {
	return reflect.MakeFunc(reflect.TypeFor[html.ParseOption](), func(args []reflect.Value) []reflect.Value {
		*state = args[0].UnsafePointer()
		return nil
	}).Interface().(html.ParseOption)
}

// stoppedAtTemplate reports whether the parser at state, done parsing,
// ignored the tokens after a template in foreign content.
func stoppedAtTemplate(state unsafe.Pointer) bool {
	l := templateStopLayout()
	return l.ok && state != nil && modeCode(state, l.im) == l.ignore
}

// mayStopAtTemplate reports, cheaply, whether src might make x/net/html
// stop at a template: a "<template" comes after an "<svg" or "<math"
// (foreign: one is open at the start, the context of a fragment). Their end
// tags are not counted: one may be ignored, the element still open
// (`<svg><foreignObject><p>f</svg><template>`, where the </svg> in the p is
// a parse error the tree builder drops), and the parse that watches for
// the stop costs no more than another when x/net/html does not stop.
func mayStopAtTemplate(src string, foreign bool) bool {
	open := 0
	if foreign {
		open = 1
	}
	for rest, end := range tagStarts(src) {
		switch {
		case !end && (hasTagName(rest, "svg") || hasTagName(rest, "math")):
			open++
		case !end && open > 0 && hasTagName(rest, "template"):
			return true
		}
	}
	return false
}

// tagStarts yields, for each "<" in src, what follows it (after the "/"
// of what may be an end tag) and whether that "/" was there: where cheap
// scans look for tag names (hasTagName).
func tagStarts(src string) iter.Seq2[string, bool] {
	return func(yield func(string, bool) bool) {
		for i := 0; ; {
			j := strings.IndexByte(src[i:], '<')
			if j < 0 {
				return
			}
			i += j + 1
			rest := src[i:]
			end := rest != "" && rest[0] == '/'
			if end {
				rest = rest[1:]
			}
			if !yield(rest, end) {
				return
			}
		}
	}
}

// hasTagName reports whether s starts with the tag name name (any case)
// followed by what ends a tag name.
func hasTagName(s, name string) bool {
	if len(s) < len(name) || !ascii.EqualFold(s[:len(name)], name) {
		return false
	}
	if len(s) == len(name) {
		return true
	}
	switch s[len(name)] {
	case ' ', '\t', '\n', '\f', '\r', '/', '>':
		return true
	}
	return false
}

// parseKeepingTemplates parses src with parse and, when x/net/html stopped
// at a template in foreign content, parses it again with such templates
// cut out and put back (see above).
func parseKeepingTemplates(src string, parse xnetParse, depth int) ([]*html.Node, error) {
	var state unsafe.Pointer
	nodes, err := parse.parse(src, parserHook(&state))
	if err != nil || !stoppedAtTemplate(state) {
		return nodes, err
	}
	return reparseKeepingTemplates(src, parse, depth, nodes)
}

// reparseKeepingTemplates parses src, at which x/net/html stopped at a
// template (giving nodes), with such templates cut out and put back.
func reparseKeepingTemplates(src string, parse xnetParse, depth int, nodes []*html.Node) ([]*html.Node, error) {
	var ft foreignTemplates
	cut, ok := ft.cut(src, parse, depth)
	if !ok {
		return nodes, nil
	}
	again, err := parse.parse(cut, nil)
	if err != nil {
		return nodes, nil
	}
	for _, n := range again {
		ft.splice(n)
	}
	return again, nil
}

// foreignTemplates are the templates cut out of a source: a comment whose
// data starts with mark and two letters stands for tpls[index].
type foreignTemplates struct {
	mark byte
	tpls [][]*html.Node
}

// cut returns src with the templates x/net/html stops at replaced by
// placeholder comments; ok is false when nothing was cut.
func (ft *foreignTemplates) cut(src string, parse xnetParse, depth int) (string, bool) {
	if depth >= maxForeignTemplateDepth {
		return src, false
	}
	ft.mark = 0
	for _, c := range []byte("\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f") {
		if strings.IndexByte(src, c) < 0 {
			ft.mark = c
			break
		}
	}
	if ft.mark == 0 {
		return src, false
	}
	// The prefix parses may read at most 16 times the source (and 1 MB):
	// a page made to need many would otherwise parse for long.
	budget := 16*len(src) + 1<<20
	stopped := func(s string) bool {
		if budget -= len(s); budget < 0 {
			return false
		}
		var state unsafe.Pointer
		_, err := parse.parse(s, parserHook(&state))
		return err == nil && stoppedAtTemplate(state)
	}
	cur := src
	from := 0
	for len(ft.tpls) < maxForeignTemplates {
		// The template start tags after the last cut, and where each ends.
		var tags [][2]int
		for i := from; ; {
			j := strings.IndexByte(cur[i:], '<')
			if j < 0 {
				break
			}
			i += j
			if hasTagName(cur[i+1:], "template") {
				z := html.NewTokenizer(strings.NewReader(cur[i:]))
				if z.Next() == html.StartTagToken {
					tags = append(tags, [2]int{i, i + len(z.Raw())})
				}
			}
			i++
		}
		// The first whose prefix makes x/net/html stop.
		k, hi := 0, len(tags)
		for k < hi {
			m := (k + hi) / 2
			if stopped(cur[:tags[m][1]]) {
				hi = m
			} else {
				k = m + 1
			}
		}
		if k == len(tags) || budget < 0 {
			break
		}
		start, end := tags[k][0], templateEnd(cur, tags[k][1])
		if end-start < 10 { // "<template>" at the least
			break
		}
		region := cur[start:end]
		nodes, err := parseKeepingTemplates(region, divFragment(parse), depth+1)
		if err != nil {
			break
		}
		for _, n := range nodes {
			if n.Parent != nil {
				n.Parent.RemoveChild(n)
			}
		}
		cur = cur[:start] + ft.placeholder(region, len(ft.tpls), end == len(cur)) + cur[end:]
		ft.tpls = append(ft.tpls, nodes)
		from = end
		if !stopped(cur) {
			break
		}
	}
	return cur, len(ft.tpls) > 0
}

// divFragment returns a parse of fragments in the context of a div, with
// the scripting flag of parse.
func divFragment(parse xnetParse) xnetParse {
	return xnetParse{scripting: parse.scripting, context: &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}}
}

// templateEnd returns where the template element whose start tag ends at
// i in src ends: after its end tag, counting the template tags nested in
// it, or at the end of src.
func templateEnd(src string, i int) int {
	z := html.NewTokenizer(strings.NewReader(src[i:]))
	depth, off := 1, i
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return len(src)
		}
		off += len(z.Raw())
		if tt != html.StartTagToken && tt != html.EndTagToken {
			continue
		}
		name, _ := z.TagName()
		if atom.Lookup(name) != atom.Template {
			continue
		}
		if tt == html.StartTagToken {
			depth++
		} else if depth--; depth == 0 {
			return off
		}
	}
}

// placeholder returns the comment that stands for template index, as long
// as region and with its line breaks, so that positions after it stay
// where they were: "<!--", the mark, two letters, filler, "-->" (nothing
// closes a comment that runs to the end of the input).
func (ft *foreignTemplates) placeholder(region string, index int, atEOF bool) string {
	var b strings.Builder
	b.Grow(len(region))
	b.WriteString("<!--")
	b.WriteByte(ft.mark)
	b.WriteByte(byte('A' + index/26))
	b.WriteByte(byte('A' + index%26))
	body := region[7:]
	if !atEOF {
		body = body[:len(body)-3]
	}
	// Each character becomes one of as many bytes (columns count
	// characters); line breaks stay.
	for i := 0; i < len(body); {
		c, size := utf8.DecodeRuneInString(body[i:])
		switch {
		case c == '\n' || c == '\r':
			b.WriteByte(byte(c))
		case size == 2:
			b.WriteString("\u00a0")
		case size == 3:
			b.WriteString("\u3000")
		case size == 4:
			b.WriteString("\U0001F600")
		default:
			b.WriteByte(' ')
		}
		i += size
	}
	if !atEOF {
		b.WriteString("-->")
	}
	return b.String()
}

// template returns the nodes the placeholder comment data stands for.
func (ft *foreignTemplates) template(data string) ([]*html.Node, bool) {
	if ft == nil || len(data) < 3 || data[0] != ft.mark || ft.mark == 0 {
		return nil, false
	}
	i := int(data[1]-'A')*26 + int(data[2]-'A')
	if data[1] < 'A' || data[2] < 'A' || data[2] > 'Z' || i >= len(ft.tpls) || ft.tpls[i] == nil {
		return nil, false
	}
	return ft.tpls[i], true
}

// splice replaces the placeholder comments in n's subtree by the
// templates they stand for.
func (ft *foreignTemplates) splice(n *html.Node) {
	for k := n.FirstChild; k != nil; {
		next := k.NextSibling
		if k.Type == html.CommentNode {
			if nodes, ok := ft.template(k.Data); ok {
				for _, t := range nodes {
					n.InsertBefore(t, k)
				}
				n.RemoveChild(k)
				ft.tpls[int(k.Data[1]-'A')*26+int(k.Data[2]-'A')] = nil
			}
		} else if k.FirstChild != nil {
			ft.splice(k)
		}
		k = next
	}
}

// pending reports whether a template cut out has not been put back yet.
func (ft *foreignTemplates) pending() bool {
	for _, t := range ft.tpls {
		if t != nil {
			return true
		}
	}
	return false
}
