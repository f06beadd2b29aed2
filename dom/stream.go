package dom

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Parsing a document while its scripts run
// (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incdata,
// "An end tag whose tag name is script").
//
// x/net/html cannot pause in the middle of a document, but it pulls its
// input through an io.Reader. A StreamParser runs html.ParseWithOptions on
// one goroutine over a reader that hands out the source in segments ending
// right after each "</script" ... ">" and blocks between them. When the
// parser asks for the next segment it has consumed every byte fed so far:
// the tokenizer completes an end tag at its ">" without reading further,
// and the tree builder pops the script before asking for the next token.
// The channel handoff of each segment is the happens-before edge that lets
// the caller's goroutine read the parser's tree while it waits.
//
// That tree is a shadow tree of html.Nodes. At each pause, what the parser
// added since the previous pause is mirrored into the Document through the
// DOM's own insertion methods (so mutation observers and the document's
// hook see parser insertions as in browsers); what scripts do to the
// Document is never reflected back: the parser goes on inserting into its
// open elements even when a script has moved them, as browsers do.
//
// x/net/html returns its tree only when it has finished, so the parser's
// document node, its stack of open elements and its buffers of coalesced
// text are read from its private state, found once by reflection (see
// parserLayout). NewStreamParser reports ErrStreamUnsupported when a
// version of x/net/html no longer has them; callers then parse whole.

// ErrStreamUnsupported is returned by NewStreamParser when the x/net/html
// in use does not expose the state a StreamParser reads.
var ErrStreamUnsupported = errors.New("dom: streaming parse not supported by this golang.org/x/net/html")

var (
	errStreamClosed = errors.New("dom: stream parser closed")
	errStreamBusy   = errors.New("dom: stream parser is creating a custom element")
)

// A Position is a place in a document's source: 1-based line and column
// (columns count characters). The zero Position is unknown.
type Position struct {
	Line, Column int
}

// A StreamParser parses a document as its scripts run: Next parses up to
// the end of the next script element, Write inserts markup at the
// insertion point (document.write). It is not safe for concurrent use; its
// Document belongs to the goroutine calling it. Close it when done.
type StreamParser struct {
	doc *Document
	src string
	// orig is the source when src has templates cut out (ft), else "".
	orig  string
	ft    *foreignTemplates
	dt    *doctypeFix   // the doctype to give back to the parser's
	bogus bogusComments // of src (procinst.go)
	// droppedPI is the comment made at the end of the input that stands
	// for an unfinished processing instruction: it is not mirrored.
	droppedPI *html.Node
	chunk     []*streamChunk // unparsed input; the insertion point is before chunk[0]
	// thCuts are the offsets in src of the <th> start tags after a
	// caption still ahead (captionth.go): a segment ends before each.
	thCuts []int

	// The parser's goroutine.
	in       streamPipe
	done     chan error
	state    unsafe.Pointer // the parser (see parserLayout)
	root     *html.Node     // the parser's document node
	result   *html.Node     // ParseWithOptions' result
	finished bool           // the goroutine has ended
	err      error          // its error
	closed   bool
	opts     ParseOptions

	// The mirror.
	conv    converter
	order   attrOrder
	ordered bool // order.tags scanned from src
	m       map[*html.Node]mirror
	prevOE  []*html.Node
	visit   map[*html.Node]struct{}
	scripts []*html.Node     // script elements made by the parser, not yet returned
	attrs   []html.Attribute // slab of element attributes
	changed []streamChange
	// options: option elements mirrored and not yet seen popped off the
	// stack of open elements; oe, that stack at the sync under way.
	options []*html.Node
	oe      []*html.Node

	// The last segment: where its "</script" starts in src, or -1.
	lastTag int
	lines   lineCursor
	log     *slog.Logger

	// Observed, when set, is asked at each pause whether something
	// observes the document's mutations (a MutationObserver): then the
	// parser's new nodes are inserted one by one, each before its
	// children, giving one record per node as in browsers; else each new
	// subtree is inserted whole, with one record.
	Observed func() bool
	fine     bool

	// CustomElements, when set, creates the document's custom elements
	// at their start tags (see CustomElementHooks); nil leaves them to
	// the document's mutation hook, which sees them inserted with the
	// children parsed before the next pause.
	CustomElements CustomElementHooks
	custom         int        // CustomElements hooks running
	pending        *html.Node // the custom element start tag of this pause, mirrored last

	split     int    // tests: segments of at most split bytes
	afterStep func() // tests: called after each step
}

// A streamChunk is input not parsed yet: the rest of the page (page is the
// offset of data in the source) or written markup (page < 0).
type streamChunk struct {
	data string
	page int
}

// mirror is what the StreamParser knows of one shadow node: its Node, its
// shadow parent when last mirrored, and how much of it was mirrored (a text
// node's bytes, an element's attributes).
type mirror struct {
	node   *Node
	parent *html.Node
	n      int
}

// NewStreamParser starts parsing src, a whole document, with opts. Nothing
// is parsed before the first call to Next.
func NewStreamParser(src string, opts ParseOptions) (*StreamParser, error) {
	lay := parserLayout()
	if !lay.ok {
		return nil, ErrStreamUnsupported
	}
	d := NewDocument()
	d.Scripting = !opts.NoScripting
	// What x/net/html parses: the doctype as one it decides the mode of
	// right (doctypemode.go), templates in foreign content it would stop
	// at cut out (foreigntemplate.go). Both keep the source's offsets and
	// lines.
	parsed, dt := fixDoctype(src)
	if mayHaveTemplateHeadBody(parsed, false) {
		// the "in template" mode as Chromium has it (markup.go)
		parsed = templateHeadBody(parsed, false, !opts.NoScripting)
	}
	var ft *foreignTemplates
	if mayStopAtTemplate(parsed, false) {
		ft = &foreignTemplates{}
		if cut, ok := ft.cut(parsed, xnetParse{scripting: !opts.NoScripting}, 0); ok {
			parsed = cut
		} else {
			ft = nil
		}
	}
	if dt != nil {
		d.mode = dt.mode
	}
	p, err := newStreamParser(d, parsed, []*streamChunk{{data: parsed, page: 0}}, opts, nil)
	if p != nil {
		p.thCuts = captionThs(parsed)
	}
	if p != nil && parsed != src {
		p.orig, p.bogus, p.ft, p.dt = src, bogusComments{src: src}, ft, dt
	}
	return p, err
}

// newStreamParser starts a parser inserting into d, with input chunks.
// A closed stop ends the parser's goroutine as Close would.
func newStreamParser(d *Document, src string, chunks []*streamChunk, opts ParseOptions, stop <-chan struct{}) (*StreamParser, error) {
	lay := parserLayout()
	if !lay.ok {
		return nil, ErrStreamUnsupported
	}
	p := &StreamParser{
		doc:     d,
		src:     src,
		bogus:   bogusComments{src: src},
		opts:    opts,
		chunk:   chunks,
		done:    make(chan error, 1),
		conv:    converter{shadowRoots: !opts.NoShadowRoots},
		m:       make(map[*html.Node]mirror, min(len(src)/32, 1<<20)+16),
		visit:   make(map[*html.Node]struct{}, 64),
		lastTag: -1,
		log:     slog.Default(),
	}
	p.in = streamPipe{feed: make(chan string), ask: make(chan struct{}), quit: make(chan struct{}), stop: stop}
	if lay.form != ^uintptr(0) && hasFormTag(src) {
		p.in.forms = &formPointers{state: &p.state, until: -1}
	}
	hook := reflect.MakeFunc(reflect.TypeFor[html.ParseOption](), func(args []reflect.Value) []reflect.Value {
		p.state = args[0].UnsafePointer()
		return nil
	}).Interface().(html.ParseOption)
	go p.run(opts, hook)
	p.wait()
	if p.state != nil {
		p.root = *(**html.Node)(unsafe.Add(p.state, lay.doc))
		p.m[p.root] = mirror{node: &d.Node}
	}
	if p.finished && p.err != nil {
		return nil, p.err
	}
	return p, nil
}

// run is the parser's goroutine.
func (p *StreamParser) run(opts ParseOptions, hook html.ParseOption) {
	var h *html.Node
	var err error
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("dom: stream parse: panic: %v", r)
		}
		p.result = h
		p.done <- err
	}()
	h, err = html.ParseWithOptions(&p.in, html.ParseOptionEnableScripting(!opts.NoScripting), hook)
}

// Document returns the document being parsed. It grows as Next and Write
// parse.
func (p *StreamParser) Document() *Document { return p.doc }

// SetLogger sets where the parser reports what it had to skip; the
// default is slog.Default().
func (p *StreamParser) SetLogger(l *slog.Logger) {
	if l != nil {
		p.log = l
	}
}

// Next parses until the parser has completed a script element (its end
// tag seen) and returns it, with the position of its text in the source
// (zero for a script written by Write). A script element truncated by the
// end of the input is not returned, as browsers do not run it. At the end
// of the input Next returns io.EOF, the document complete.
func (p *StreamParser) Next() (*Node, Position, error) {
	if p.stopped() {
		return nil, Position{}, errStreamClosed
	}
	if p.custom > 0 {
		return nil, Position{}, errStreamBusy
	}
	for {
		if n, pos := p.completed(); n != nil {
			return n, pos, nil
		}
		if p.finished {
			if p.err != nil {
				return nil, Position{}, p.err
			}
			return nil, Position{}, io.EOF
		}
		if len(p.chunk) == 0 {
			p.finish()
			continue
		}
		p.step()
	}
}

// ParseUntilScript parses until the parser has completed a script element
// or reached the end of the input, like Next, but keeps the script for the
// next call to Next. A caller parses so what precedes the first script
// before it binds a scripting engine to the document.
func (p *StreamParser) ParseUntilScript() {
	for p.custom == 0 && !p.finished && len(p.chunk) > 0 && !p.scriptComplete() {
		p.step()
	}
}

// scriptComplete reports whether the parser has completed (popped) the
// first script element it made that was not returned yet.
func (p *StreamParser) scriptComplete() bool {
	if len(p.scripts) == 0 || p.finished {
		return false
	}
	for _, o := range p.openElements() {
		if o == p.scripts[0] {
			return false
		}
	}
	return true
}

// Write inserts markup into the input at the insertion point: after the
// script element returned last (after what earlier writes during its run
// inserted), before the rest of the input
// (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document.write()).
//
// With run nil the markup only waits there, parsed by later calls. Else
// Write parses it now: each script element completed in it is passed to
// run, which may run it (and write, nested) and returns true to go on, or
// false to stop parsing there (a parser-blocking script); what remains is
// parsed by later calls to Next. Text at the end of markup with no markup
// after it may stay in the tokenizer until more input comes.
//
// Called by a CustomElementHooks method, Write only queues markup: the
// parser is inside a start tag and the insertion point has not moved,
// so markup goes after what earlier writes left unparsed.
func (p *StreamParser) Write(markup string, run func(script *Node, pos Position) bool) error {
	if p.closed || p.finished || p.stopped() {
		return errStreamClosed
	}
	if markup == "" {
		return nil
	}
	if p.ordered {
		p.order.insert(markup)
	}
	c := &streamChunk{data: markup, page: -1}
	at := 0
	if p.custom > 0 {
		for at < len(p.chunk) && p.chunk[at].page < 0 {
			at++
		}
		run = nil
	}
	p.chunk = slices.Insert(p.chunk, at, c)
	if run == nil {
		return nil
	}
	for {
		if n, pos := p.completed(); n != nil {
			if !run(n, pos) {
				return nil
			}
			continue
		}
		if p.finished || len(p.chunk) == 0 || p.chunk[0] != c {
			return p.err
		}
		p.step()
	}
}

// stopped reports whether the parser's stop channel is closed, and then
// closes the parser: its goroutine has ended or is ending.
func (p *StreamParser) stopped() bool {
	if p.in.stop == nil || p.closed {
		return false
	}
	select {
	case <-p.in.stop:
		p.Close()
		return true
	default:
		return false
	}
}

// Close stops the parser's goroutine. The document stays as parsed so far.
func (p *StreamParser) Close() {
	if p.closed {
		return
	}
	p.closed = true
	close(p.in.quit)
	if !p.finished {
		p.err = <-p.done
		p.finished = true
	}
	p.release()
}

// step feeds the parser the next segment of the first chunk and mirrors
// what it built.
func (p *StreamParser) step() {
	c := p.chunk[0]
	var end, tag int
	custom := false
	if p.CustomElements != nil {
		end, tag, custom = nextSegmentCustom(c.data, p.CustomElements.Defines)
	} else {
		end, tag = nextSegment(c.data)
	}
	if p.split > 0 && end > p.split {
		end, tag, custom = p.split, -1, false
	}
	if c.page >= 0 && len(p.thCuts) > 0 {
		for len(p.thCuts) > 0 && p.thCuts[0] < c.page {
			p.thCuts = p.thCuts[1:] // behind the input (segments end before each): else a negative end
		}
		if len(p.thCuts) > 0 && p.thCuts[0] == c.page {
			p.thCuts = p.thCuts[1:]
			if closesCaption(p.state) {
				// x/net/html would ignore this <th> in a caption.
				p.in.feed <- "</caption>"
				p.wait()
			}
		}
		if len(p.thCuts) > 0 && p.thCuts[0] < c.page+end {
			end, tag, custom = p.thCuts[0]-c.page, -1, false
		}
	}
	seg := c.data[:end]
	p.lastTag = -1
	if c.page >= 0 && tag >= 0 {
		p.lastTag = c.page + tag
	}
	if c.page >= 0 {
		c.page += end
	}
	c.data = c.data[end:]
	if c.data == "" {
		p.chunk = p.chunk[1:]
	}
	p.in.feed <- seg
	p.wait()
	if custom {
		p.pending = p.startedCustom()
	}
	p.sync(false)
	p.applyFormPointers()
	if h := p.pending; h != nil {
		p.pending = nil
		p.createCustom(h)
	}
	if p.afterStep != nil {
		p.afterStep()
	}
}

// finish ends the input and mirrors the finished tree.
func (p *StreamParser) finish() {
	close(p.in.feed)
	p.wait()
	p.lastTag = -1
	if p.err == nil {
		// What the end of the input changed is under the elements open
		// at the last pause (TestStreamMatchesParse checks it).
		p.sync(false)
		p.applyFormPointers()
	}
	p.release()
}

// release drops the parser's tree and the mirror's map, which the
// document no longer needs.
func (p *StreamParser) release() {
	p.scripts, p.chunk = nil, nil
	p.m, p.visit, p.prevOE, p.changed = nil, nil, nil, nil
	p.options, p.oe = nil, nil
	p.root, p.result, p.state = nil, nil, nil
	p.attrs, p.conv.slab = nil, nil
	p.order = attrOrder{}
}

// wait waits until the parser asks for more input or ends.
func (p *StreamParser) wait() {
	if p.finished {
		return
	}
	select {
	case <-p.in.ask:
	case err := <-p.done:
		p.finished = true
		if isDepthError(err) {
			p.reparseDeep()
		} else if err != nil && !errors.Is(err, errStreamClosed) {
			p.err = fmt.Errorf("dom: parse: %w", err)
			p.log.Debug("dom: stream parse ended early", "err", err)
		}
	}
}

// reparseDeep replaces the document with a whole parse of the source when
// the parser refused a document nested too deep: ParseWithOptions
// flattens it as browsers do (see flattenDeep). Scripts not reached yet
// do not run, and markup written so far is lost.
func (p *StreamParser) reparseDeep() {
	p.log.Debug("dom: stream parse: document nested too deep, parsed whole")
	p.scripts, p.chunk = nil, nil
	whole, err := ParseWithOptions(strings.NewReader(p.source()), p.opts)
	if err != nil {
		p.err = err
		return
	}
	d := &p.doc.Node
	for k := d.Last(); k != nil; k = d.Last() {
		d.remove(k, false)
	}
	for k := whole.First(); k != nil; k = whole.First() {
		if _, err := d.AppendChild(k); err != nil {
			p.err = err
			return
		}
	}
	p.doc.mode = whole.CompatMode()
	p.release()
}

// nextSegment returns the length of the next segment of s: up to the ">"
// after the next "</script" (any case), or all of s; and the offset of that
// "</script", or -1.
func nextSegment(s string) (end, tag int) {
	for i := 0; ; {
		j := strings.Index(s[i:], "</")
		if j < 0 {
			return len(s), -1
		}
		i += j
		if len(s)-i >= 8 && ascii.EqualFold(s[i+2:i+8], "script") {
			k := strings.IndexByte(s[i+8:], '>')
			if k < 0 {
				return len(s), -1
			}
			return i + 8 + k + 1, i
		}
		i += 2
	}
}

// completed returns the first script element the parser made that it has
// completed (popped off its stack of open elements), with its position.
func (p *StreamParser) completed() (*Node, Position) {
	if !p.scriptComplete() {
		return nil, Position{}
	}
	h := p.scripts[0]
	p.scripts = p.scripts[1:]
	mi, ok := p.m[h]
	if !ok {
		return nil, Position{}
	}
	var pos Position
	if p.lastTag >= 0 && len(p.scripts) == 0 {
		pos = p.textPosition(h, p.lastTag)
	}
	return mi.node, pos
}

// textPosition returns where the text of script h starts in the source,
// its end tag starting at end: the text is matched backwards from end
// (the tokenizer turned CR LF and lone CR into LF).
func (p *StreamParser) textPosition(h *html.Node, end int) Position {
	i := end
	for k := h.LastChild; k != nil; k = k.PrevSibling {
		if k.Type != html.TextNode {
			continue
		}
		t := p.textOf(k)
		for j := len(t); j > 0 && i > 0; {
			switch {
			case t[j-1] == '\n' && p.src[i-1] == '\n' && i >= 2 && p.src[i-2] == '\r':
				i -= 2
				j--
			case t[j-1] == '\n' && p.src[i-1] == '\r':
				i--
				j--
			case j >= 3 && t[j-3:j] == "\uFFFD" && p.src[i-1] == 0:
				i--
				j -= 3
			default:
				i--
				j--
			}
		}
	}
	return p.lines.position(p.src, i)
}

// openElements returns the parser's stack of open elements. It must only
// be called while the parser waits.
func (p *StreamParser) openElements() []*html.Node {
	if p.state == nil || p.finished {
		return nil
	}
	return *(*[]*html.Node)(unsafe.Add(p.state, parserLayout().oe))
}

// source returns the page's source as it was given.
func (p *StreamParser) source() string {
	if p.orig != "" {
		return p.orig
	}
	return p.src
}

// textOf returns a shadow text node's data: x/net/html keeps the text of
// a node that got several text tokens in a buffer until the end.
func (p *StreamParser) textOf(h *html.Node) string {
	if h.Data != "" || p.finished || p.state == nil {
		return h.Data
	}
	lay := parserLayout()
	if lay.textNodes == ^uintptr(0) {
		return h.Data
	}
	m := *(*map[*html.Node][]byte)(unsafe.Add(p.state, lay.textNodes))
	return string(m[h])
}

// sync mirrors into the document what the parser did since the last sync:
// new nodes, nodes it moved, text it appended, attributes it added. Only
// the parser's open elements (now and at the last sync), their parents and
// the document's top levels can have changed; full walks the whole tree
// (at the end).
func (p *StreamParser) sync(full bool) {
	if p.root == nil {
		return
	}
	p.fine = p.Observed != nil && p.Observed()
	if p.dt != nil && p.dt.restore(p.root) {
		p.dt = nil
	}
	if p.ft != nil && p.ft.pending() {
		// Templates cut out take their placeholders' places.
		p.ft.splice(p.root)
	}
	oe := p.openElements()
	p.oe = oe
	if full {
		p.visitAll(p.root)
	} else {
		clear(p.visit)
		add := func(h *html.Node) {
			if h != nil {
				p.visit[h] = struct{}{}
			}
		}
		add(p.root)
		for k := p.root.FirstChild; k != nil; k = k.NextSibling {
			if k.Type == html.ElementNode {
				add(k)
				for kk := k.FirstChild; kk != nil; kk = kk.NextSibling {
					if kk.Type == html.ElementNode {
						add(kk)
					}
				}
			}
		}
		for _, list := range [2][]*html.Node{p.prevOE, oe} {
			for _, h := range list {
				add(h)
				add(h.Parent)
			}
		}
		// An open element the parser removed (the body, for a frameset).
		for _, h := range p.prevOE {
			if h.Parent == nil {
				if mi, ok := p.m[h]; ok && mi.parent != nil {
					if dp, ok := p.m[mi.parent]; ok && mi.node.ParentNode() == p.container(mi.parent, dp.node) {
						if mi.node.ParentNode() != nil {
							mi.node.ParentNode().remove(mi.node, false)
							mi.parent = nil
							p.m[h] = mi
						}
					}
				}
			}
		}
		for h := range p.visit {
			p.visitChildren(h, false)
		}
	}
	p.popOptions()
	p.prevOE = append(p.prevOE[:0], oe...)
}

// popOptions runs, for each option mirrored and no longer open, what the
// parser does when it pops an option off the stack of open elements:
// maybe clone it into its select's selectedcontent
// (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inselect
// and the option element's "maybe clone an option into selectedcontent").
// When nodes are inserted one by one it runs after each option's children,
// so that its record comes where Chromium's does, before the option's next
// sibling; options still open wait for a later sync.
func (p *StreamParser) popOptions() {
	if len(p.options) == 0 {
		return
	}
	keep := p.options[:0]
	for _, h := range p.options {
		open := false
		for _, o := range p.oe {
			if o == h {
				open = true
				break
			}
		}
		if open {
			keep = append(keep, h)
			continue
		}
		if p.doc.selectedContents {
			if mi, ok := p.m[h]; ok && mi.node.ParentNode() != nil {
				mi.node.optionPopped()
			}
		}
	}
	clear(p.options[len(keep):])
	p.options = keep
}

// visitAll mirrors the children of h and of all its descendants.
func (p *StreamParser) visitAll(h *html.Node) {
	p.visitChildren(h, true)
	for k := h.FirstChild; k != nil; k = k.NextSibling {
		if k.FirstChild != nil {
			if _, ok := p.m[k]; ok {
				p.visitAll(k)
			}
		}
	}
}

// container returns where the children of shadow node h go in the
// document: its Node, or the contents of a template.
func (p *StreamParser) container(h *html.Node, n *Node) *Node {
	if h.Type == html.ElementNode && h.DataAtom == atom.Template && h.Namespace == "" && n.rare != nil && n.rare.content != nil {
		return n.rare.content
	}
	return n
}

// visitChildren mirrors what changed among h's children. Unless all, it
// walks back from the last child to the first one mirrored before under
// h that is not open: the parser only appends children, or inserts them
// before an open table (foster parenting).
func (p *StreamParser) visitChildren(h *html.Node, all bool) {
	mh, ok := p.m[h]
	if !ok {
		return // new: mirrored with its parent
	}
	if h.Type == html.ElementNode && len(h.Attr) > mh.n {
		// Attributes a later <html> or <body> tag added.
		// (as the parser does: no name check, "<body =>" adds "=")
		for _, a := range h.Attr[mh.n:] {
			if a.Namespace == "" && mh.node.attrIndex(a.Key) < 0 {
				mh.node.appendAttr(a)
			}
		}
		mh.n = len(h.Attr)
		p.m[h] = mh
	}
	parent := p.container(h, mh.node)
	// Back to the first unchanged child, noting for each changed one the
	// unchanged child after it; then in document order, as the parser
	// inserted them.
	start := len(p.changed)
	var anchor *html.Node
	for k := h.LastChild; k != nil; k = k.PrevSibling {
		if mk, ok := p.m[k]; ok && mk.parent == h {
			if k.Type == html.TextNode {
				p.growText(k, mk)
			}
			if _, open := p.visit[k]; !all && !open {
				break
			}
			anchor = k
			continue
		}
		if k == p.pending {
			continue // mirrored after the sync (createCustom)
		}
		p.changed = append(p.changed, streamChange{k, anchor})
	}
	for i := len(p.changed) - 1; i >= start; i-- {
		c := p.changed[i]
		var ref *Node
		if c.before != nil {
			if mb := p.m[c.before]; mb.node.ParentNode() == parent {
				ref = mb.node
			}
		}
		n := p.m[c.node].node
		if mk, ok := p.m[c.node]; ok {
			// Moved by the parser (adoption agency, foster parenting).
			mk.parent = h
			p.m[c.node] = mk
		} else if n = p.convertNew(c.node, parent); n == nil {
			p.fillFine(c.node)
			continue
		}
		if _, err := parent.insertBefore(n, ref, false); err != nil {
			p.log.Debug("dom: stream parse: node not mirrored", "node", n.Data, "err", err)
			continue
		}
		p.fillFine(c.node)
		if p.fine && c.node.DataAtom == atom.Option {
			p.popOptions()
		}
	}
	p.changed = p.changed[:start]
}

// A streamChange is a child the parser added or moved, with the unchanged
// child after it (nil: at the end).
type streamChange struct {
	node, before *html.Node
}

// growText appends to the mirror of text node h what the parser appended.
func (p *StreamParser) growText(h *html.Node, mh mirror) {
	t := p.textOf(h)
	if len(t) <= mh.n {
		return
	}
	mh.node.AppendData(t[mh.n:])
	mh.n = len(t)
	p.m[h] = mh
}

// convertNew makes the mirror of new shadow node h and its subtree, to be
// inserted into parent (a shadow root template attaches to parent and
// returns nil). Nodes of the subtree mirrored before were moved there by
// the parser: their mirrors move too.
func (p *StreamParser) convertNew(h *html.Node, parent *Node) *Node {
	d := parent.doc
	if parent.Type == html.DocumentNode {
		d = parent.AsDocument()
	}
	n := p.alloc()
	n.Type = h.Type
	n.DataAtom = h.DataAtom
	n.Data = h.Data
	n.Namespace = h.Namespace
	n.doc = d
	n.Attr = h.Attr // a doctype's identifiers
	mi := mirror{node: n, parent: h.Parent}
	switch h.Type {
	case html.CommentNode:
		if len(n.Data) > 0 && n.Data[0] == '?' {
			if h == p.droppedPI || p.bogus.dropAtEOF(n.Data) {
				p.droppedPI = h // an unfinished processing instruction: nothing
				return nil
			}
			n.becomePI(&p.bogus)
		}
	case html.TextNode:
		n.Data = p.textOf(h)
		mi.n = len(n.Data)
	case html.ElementNode:
		// A copy: the parser may sort the attributes of formatting
		// elements later, or append to those of html and body.
		n.Attr = p.copyAttrs(h.Attr)
		mi.n = len(h.Attr)
		if n.Namespace != "" {
			fixForeignAttributes(n.Attr)
		} else {
			if n.DataAtom == 0 {
				p.conv.noteElement(n)
			} else if n.DataAtom == atom.Option {
				p.options = append(p.options, h)
			}
			n.parserIsValue()
			if len(n.Attr) >= 2 && isFormattingAtom(n.DataAtom) {
				if !p.ordered {
					p.ordered = true
					p.order.tags, p.order.perm = scanFormattingTags(p.source(), nil, nil)
				}
				p.order.restore(n)
			}
		}
		// Scripts in the contents of the document's templates are
		// completed too: their preparation stops at "not connected".
		if n.DataAtom == atom.Script && (n.Namespace == "" || n.Namespace == "svg") && (d == p.doc || d.templateOf == p.doc) {
			p.scripts = append(p.scripts, h)
		}
	}
	into := n
	if h.Type == html.ElementNode && h.DataAtom == atom.Template && h.Namespace == "" {
		if p.conv.shadowRoots {
			if init, ok := declarativeShadowRoot(h, parent); ok {
				s := parent.attachShadow(init)
				mi.node = s
				p.m[h] = mi
				p.convertChildren(h, s)
				return nil
			}
		}
		owner := d.templateContentsOwner()
		f := p.alloc()
		f.Type = fragmentNode
		f.doc = owner
		f.rareData().host = n
		n.rareData().content = f
		into = f
	}
	p.m[h] = mi
	if !p.fine {
		p.convertChildren(h, into)
	}
	return n
}

// alloc returns a new Node from the current slab of Nodes.
func (p *StreamParser) alloc() *Node {
	if p.conv.next >= len(p.conv.slab) {
		p.conv.slab, p.conv.next = make([]Node, 128), 0
	}
	return p.conv.alloc()
}

// copyAttrs copies attrs into the current slab of attributes, with no room
// to grow in place (appending reallocates).
func (p *StreamParser) copyAttrs(attrs []html.Attribute) []html.Attribute {
	if len(attrs) == 0 {
		return nil
	}
	if cap(p.attrs)-len(p.attrs) < len(attrs) {
		p.attrs = make([]html.Attribute, 0, max(256, len(attrs)))
	}
	i := len(p.attrs)
	p.attrs = append(p.attrs, attrs...)
	return p.attrs[i:len(p.attrs):len(p.attrs)]
}

// fillFine, when new nodes are inserted one by one, inserts the children
// of new shadow node h (mirrored, empty, where it belongs), each before its
// own children, as a browser's parser does.
func (p *StreamParser) fillFine(h *html.Node) {
	if !p.fine || h.FirstChild == nil {
		return
	}
	mh := p.m[h]
	into := p.container(h, mh.node)
	for k := h.FirstChild; k != nil; k = k.NextSibling {
		if k == p.pending {
			continue
		}
		n := p.m[k].node
		if mk, ok := p.m[k]; ok {
			mk.parent = h
			p.m[k] = mk
		} else if n = p.convertNew(k, into); n == nil {
			p.fillFine(k)
			continue
		}
		if _, err := into.insertBefore(n, nil, false); err != nil {
			p.log.Debug("dom: stream parse: node not mirrored", "node", n.Data, "err", err)
			continue
		}
		p.fillFine(k)
		if k.DataAtom == atom.Option {
			p.popOptions()
		}
	}
}

// convertChildren mirrors the children of new shadow node h into into.
func (p *StreamParser) convertChildren(h *html.Node, into *Node) {
	for k := h.FirstChild; k != nil; k = k.NextSibling {
		if k == p.pending {
			continue
		}
		if mk, ok := p.m[k]; ok {
			// Moved here by the parser from where it was mirrored.
			if old := mk.node.ParentNode(); old != nil {
				old.remove(mk.node, false)
			}
			mk.parent = h
			p.m[k] = mk
			into.adoptInto(mk.node)
			linkLast(&into.Node, &mk.node.Node)
			continue
		}
		if n := p.convertNew(k, into); n != nil {
			linkLast(&into.Node, &n.Node)
		}
	}
}

// streamPipe is the reader the parser's goroutine reads through: Read
// asks for a segment when the last one is used up and blocks until it
// comes.
type streamPipe struct {
	feed chan string     // segments; closed at the end of the input
	ask  chan struct{}   // the parser wants the next segment
	quit chan struct{}   // closed by Close
	stop <-chan struct{} // closed when the parser's owner is done (may be nil)
	buf  string
	// forms, when the source has a form, watches the parser's form
	// element pointer as form controls are inserted (formpointer.go).
	forms *formPointers
}

func (r *streamPipe) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	if fp := r.forms; fp != nil && fp.check && fp.until == 0 {
		fp.look()
	}
	for r.buf == "" {
		select {
		case r.ask <- struct{}{}:
		case <-r.quit:
			return 0, errStreamClosed
		case <-r.stop:
			return 0, errStreamClosed
		}
		select {
		case s, ok := <-r.feed:
			if !ok {
				return 0, io.EOF
			}
			r.buf = s
		case <-r.quit:
			return 0, errStreamClosed
		case <-r.stop:
			return 0, errStreamClosed
		}
	}
	if fp := r.forms; fp != nil {
		return fp.take(b, &r.buf), nil
	}
	n := copy(b, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// lineCursor turns source offsets, asked in increasing order, into
// positions without rescanning the source.
type lineCursor struct {
	off, line, lineStart int
}

func (c *lineCursor) position(src string, off int) Position {
	if c.line == 0 || off < c.off {
		*c = lineCursor{line: 1}
	}
	for {
		j := strings.IndexByte(src[c.off:off], '\n')
		if j < 0 {
			break
		}
		c.off += j + 1
		c.line++
		c.lineStart = c.off
	}
	c.off = off
	return Position{Line: c.line, Column: utf8.RuneCountInString(src[c.lineStart:off]) + 1}
}

// x/net/html's private parser state a StreamParser reads, as offsets into
// its parser struct; found once by reflection and checked against the
// types it must have.
type streamLayout struct {
	ok        bool
	doc, oe   uintptr
	textNodes uintptr // or ^0: text is coalesced into Data directly
	form      uintptr // the form element pointer, or ^0 (formpointer.go)
}

var parserLayout = sync.OnceValue(func() (l streamLayout) {
	var t reflect.Type
	hook := reflect.MakeFunc(reflect.TypeFor[html.ParseOption](), func(args []reflect.Value) []reflect.Value {
		t = args[0].Type()
		return nil
	}).Interface().(html.ParseOption)
	if _, err := html.ParseWithOptions(strings.NewReader(""), hook); err != nil || t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return l
	}
	st := t.Elem()
	nodePtr := reflect.TypeFor[*html.Node]()
	doc, ok1 := st.FieldByName("doc")
	oe, ok2 := st.FieldByName("oe")
	if !ok1 || !ok2 || doc.Type != nodePtr || oe.Type.Kind() != reflect.Slice || oe.Type.Elem() != nodePtr {
		return l
	}
	l.doc, l.oe, l.textNodes, l.form = doc.Offset, oe.Offset, ^uintptr(0), ^uintptr(0)
	if f, ok := st.FieldByName("form"); ok && f.Type == nodePtr {
		l.form = f.Offset
	}
	if tn, ok := st.FieldByName("textNodes"); ok {
		if tn.Type.Kind() != reflect.Map || tn.Type.Key() != nodePtr || tn.Type.Elem() != reflect.TypeFor[[]byte]() {
			return streamLayout{}
		}
		l.textNodes = tn.Offset
	}
	l.ok = true
	return l
})

// HasScriptTag reports whether src contains "<script" in any case: a
// document without it has no script for a StreamParser to pause at, and
// parses faster whole.
func HasScriptTag(src string) bool {
	for i := 0; ; {
		j := strings.Index(src[i:], "<")
		if j < 0 {
			return false
		}
		i += j + 1
		if len(src)-i >= 6 && ascii.EqualFold(src[i:i+6], "script") {
			return true
		}
	}
}
