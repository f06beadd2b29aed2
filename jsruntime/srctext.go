package jsruntime

import (
	"runtime"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
	"weak"

	"github.com/bangsnap/bangsnap/jsruntime/internal/jstok"
	"github.com/dop251/goja"
)

// The source text of functions from lowered scripts.
//
// A script goja cannot compile runs as esbuild lowered it (Config.Lower),
// and goja's Function.prototype.toString gives a function's text in what
// it compiled: esbuild's reprint (`function f(a, b) {\n  return a + b;\n}`
// for `function f(a, b) { return a + b; }`, `(x) => x * 2` for
// `x => x * 2`, a lowered async generator as the plain function calling
// __asyncGenerator). The standard's source text is the text as written
// (https://tc39.es/ecma262/#sec-function.prototype.tostring), and
// libraries read it: AngularJS's implicit injection parses parameter
// names, template compilers and feature tests compare it.
//
// Nothing is done at compile time beyond remembering which programs were
// lowered (noteLowered) and, per window, the scripts it ran from them.
// Function.prototype.toString is replaced by a native function with the
// intrinsic's name, length and descriptor that calls goja's; when the text
// it gets lies in a lowered script the window ran, the script is lowered
// again with a source map (Config.LowerSourceMap: esbuild maps the first
// token of each function to the original's), the function's start is
// mapped back to the script as written, and its end found by reading the
// original from there (internal/jstok). Whatever cannot be mapped keeps goja's
// text. A page that replaces Function.prototype.toString gets its own.

// loweredTexts maps each program compiled from a lowered script (weakly,
// so an evicted program goes) to the text goja compiled.
var loweredTexts sync.Map // weak.Pointer[goja.Program] -> *lowering

// A lowering is the text a cached program was compiled from and the
// source map of its lowering, made once for every page that runs the
// program (loweredRun.original): a page calling toString on its functions
// (Ember asks each method it wraps whether it calls _super) lowered its
// bundle again with a map and decoded it at every render, about a third
// of a warm Ember render's CPU and most of its bytes.
type lowering struct {
	text string
	once sync.Once
	esb  string
	segs []mapSeg
}

// noteLowered remembers that p was compiled from text, a lowering.
func noteLowered(p *goja.Program, text string) {
	k := weak.Make(p)
	loweredTexts.Store(k, &lowering{text: text})
	runtime.AddCleanup(p, func(k weak.Pointer[goja.Program]) { loweredTexts.Delete(k) }, k)
}

// loweredText returns the lowering p was compiled from, or nil.
func loweredText(p *goja.Program) *lowering {
	v, ok := loweredTexts.Load(weak.Make(p))
	if !ok {
		return nil
	}
	return v.(*lowering)
}

// A loweredRun is a lowered script a window ran: the source as written
// (with the padding that puts an inline script at its page position), its
// name and the text goja compiled; the source map is made on first use.
type loweredRun struct {
	orig, name, text string
	shared           *lowering // the program's, when it is cached; or nil
	mapped           bool
	esb              string   // esbuild's output, before Lower's own rewrites
	segs             []mapSeg // its mappings
}

// sourceTexts is a window's record of lowered scripts and the texts
// already mapped.
type sourceTexts struct {
	runs     []*loweredRun
	memo     map[srcTextKey]string
	misses   map[string]struct{}
	lowerMap func(source, name string) (code, mappings string, err error)
}

// maxSourceTextMemo bounds sourceTexts.memo and misses.
const maxSourceTextMemo = 4096

// noteLoweredRun records that the window ran text, lowered from orig;
// shared is the lowering of the cached program it ran, if any.
func (w *Window) noteLoweredRun(orig, name, text string, shared *lowering) {
	if w.cfg.LowerSourceMap == nil {
		return
	}
	st := &w.srcTexts
	for _, r := range st.runs {
		if len(r.text) == len(text) && unsafe.StringData(r.text) == unsafe.StringData(text) {
			return
		}
	}
	st.lowerMap = w.cfg.LowerSourceMap
	st.runs = append(st.runs, &loweredRun{orig: orig, name: name, text: text, shared: shared})
}

// installFunctionToString replaces Function.prototype.toString (see
// above).
func (w *Window) installFunctionToString() error {
	r := w.rt
	proto := r.Get("Function").ToObject(r).Get("prototype").ToObject(r)
	intrinsic, ok := goja.AssertFunction(proto.Get("toString"))
	if !ok {
		return nil
	}
	f := w.realm.NewFunction("toString", 0, func(call goja.FunctionCall) goja.Value {
		v, err := intrinsic(call.This)
		if err != nil {
			panic(err)
		}
		if len(w.srcTexts.runs) == 0 {
			return v
		}
		if s, ok := v.Export().(string); ok {
			if o, ok := w.srcTexts.original(s); ok {
				return r.ToValue(o)
			}
		}
		return v
	})
	return proto.DefineDataProperty("toString", f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// original returns the text as written of the function whose lowered
// text is s, when s lies in a lowered script the window ran.
func (st *sourceTexts) original(s string) (string, bool) {
	if strings.HasSuffix(s, "[native code] }") || s == "" {
		return "", false
	}
	run, at := st.locate(s)
	if run == nil {
		return "", false
	}
	// Two functions printed alike may be written differently: the memo
	// is keyed by where the text is.
	k := srcTextKey{run, at, len(s)}
	if o, ok := st.memo[k]; ok {
		return o, o != ""
	}
	o := run.original(at, s, st.lowerMap)
	if st.memo == nil || len(st.memo) >= maxSourceTextMemo {
		st.memo = make(map[srcTextKey]string)
	}
	st.memo[k] = o
	return o, o != ""
}

type srcTextKey struct {
	run     *loweredRun
	at, len int
}

// locate returns the run whose text holds s and where, or nil.
func (st *sourceTexts) locate(s string) (*loweredRun, int) {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	for _, r := range st.runs {
		// goja's text of an ASCII script shares the compiled text's
		// bytes: its offset is exact.
		b := uintptr(unsafe.Pointer(unsafe.StringData(r.text)))
		if p >= b && p+uintptr(len(s)) <= b+uintptr(len(r.text)) {
			return r, int(p - b)
		}
	}
	if _, ok := st.misses[s]; ok {
		return nil, 0
	}
	for i := len(st.runs) - 1; i >= 0; i-- {
		r := st.runs[i]
		if at := strings.Index(r.text, s); at >= 0 {
			return r, at
		}
	}
	// Other scripts' functions (and those of non-ASCII lowered scripts)
	// are searched for once.
	if st.misses == nil || len(st.misses) >= maxSourceTextMemo {
		st.misses = make(map[string]struct{})
	}
	st.misses[s] = struct{}{}
	return nil, 0
}

// original returns the text as written of the function whose lowered
// text s starts at offset at of r.text, or "".
func (r *loweredRun) original(at int, s string, lowerMap func(source, name string) (string, string, error)) string {
	if !r.mapped {
		r.mapped = true
		if l := r.shared; l != nil {
			l.once.Do(func() { l.esb, l.segs = lowerAndMap(r.orig, r.name, lowerMap) })
			r.esb, r.segs = l.esb, l.segs
		} else {
			r.esb, r.segs = lowerAndMap(r.orig, r.name, lowerMap)
		}
	}
	if r.segs == nil {
		return ""
	}
	line, col := lineCol(r.text, at)
	ecol, ok := alignColumn(lineAt(r.text, line), lineAt(r.esb, line), col)
	if !ok {
		return ""
	}
	eline := lineAt(r.esb, line)
	ol, oc, ok := r.lookup(eline, line, utf16Col(eline, ecol))
	if !ok {
		return ""
	}
	start := offsetOf(r.orig, ol, oc)
	if start < 0 {
		return ""
	}
	start = jstok.NewScanner(r.orig, start).Next().Start
	if !startsWithKeyword(s) || s[0] == '*' {
		start = methodStart(r.orig, start)
	}
	end := jstok.FunctionEnd(r.orig, start)
	if end <= start {
		return ""
	}
	return r.orig[start:end]
}

// lowerAndMap lowers orig again with a source map and decodes it: nil
// segments when it cannot.
func lowerAndMap(orig, name string, lowerMap func(source, name string) (string, string, error)) (string, []mapSeg) {
	code, mappings, err := lowerMap(orig, name)
	if err != nil {
		return "", nil
	}
	return code, decodeMappings(mappings)
}

// A mapSeg is one mapping of a source map: a generated line and UTF-16
// column and the original line and column.
type mapSeg struct{ gl, gc, ol, oc int32 }

// decodeMappings decodes a source map's mappings (of one source), or
// returns nil.
func decodeMappings(m string) []mapSeg {
	var out []mapSeg
	var gl, gc, ol, oc int32
	fields := [5]int32{}
	n, shift, v := 0, 0, int32(0)
	flush := func() bool {
		if n == 0 {
			return true
		}
		if n != 1 && n != 4 && n != 5 {
			return false
		}
		gc += fields[0]
		if n >= 4 {
			ol += fields[2]
			oc += fields[3]
			out = append(out, mapSeg{gl, gc, ol, oc})
		}
		n = 0
		return true
	}
	for i := 0; i < len(m); i++ {
		c := m[i]
		switch c {
		case ',', ';':
			if shift != 0 || !flush() {
				return nil
			}
			if c == ';' {
				gl++
				gc = 0
			}
			continue
		}
		d := strings.IndexByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", c)
		if d < 0 || n >= len(fields) || shift > 25 {
			return nil
		}
		v |= int32(d&31) << shift
		if d&32 != 0 {
			shift += 5
			continue
		}
		if v&1 != 0 {
			v = -(v >> 1)
		} else {
			v >>= 1
		}
		fields[n] = v
		n++
		v, shift = 0, 0
	}
	if shift != 0 || !flush() {
		return nil
	}
	return out
}

// lookup maps the generated line and UTF-16 column to the original's: the
// mapping at that position, one before it with only white space between
// (esbuild maps a line's indentation with its first token) or the first
// after it on the line. eline is the generated line.
func (r *loweredRun) lookup(eline string, line, col int) (int, int, bool) {
	segs := r.segs
	lo, hi := 0, len(segs)
	for lo < hi {
		m := (lo + hi) / 2
		if s := segs[m]; int(s.gl) < line || int(s.gl) == line && int(s.gc) < col {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(segs) && int(segs[lo].gl) == line && int(segs[lo].gc) == col {
		return int(segs[lo].ol), int(segs[lo].oc), true
	}
	if lo > 0 && int(segs[lo-1].gl) == line {
		if b, ok := byteCol(eline, int(segs[lo-1].gc)); ok {
			if e, ok := byteCol(eline, col); ok && strings.TrimLeft(eline[b:e], " \t") == "" {
				return int(segs[lo-1].ol), int(segs[lo-1].oc), true
			}
		}
	}
	if lo < len(segs) && int(segs[lo].gl) == line {
		return int(segs[lo].ol), int(segs[lo].oc), true
	}
	return 0, 0, false
}

// lineCol returns the line (from 0) and byte column of offset at of s.
func lineCol(s string, at int) (int, int) {
	line := strings.Count(s[:at], "\n")
	return line, at - (strings.LastIndexByte(s[:at], '\n') + 1)
}

// lineAt returns line n (from 0) of s, without its terminator.
func lineAt(s string, n int) string {
	for ; n > 0; n-- {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return ""
		}
		s = s[i+1:]
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// utf16Col returns the UTF-16 column of byte column col of line.
func utf16Col(line string, col int) int {
	n := 0
	for _, c := range line[:col] {
		n += utf16.RuneLen(c)
	}
	return n
}

// byteCol returns the byte column of UTF-16 column col of line.
func byteCol(line string, col int) (int, bool) {
	i := 0
	for col > 0 && i < len(line) {
		c, n := utf8.DecodeRuneInString(line[i:])
		col -= utf16.RuneLen(c)
		i += n
	}
	return i, col == 0
}

// offsetOf returns the byte offset of line ol (from 0, counting esbuild's
// line terminators: \n, \r\n, \r, U+2028, U+2029) and UTF-16 column oc of
// src, or -1.
func offsetOf(src string, ol, oc int) int {
	i := 0
	for ; ol > 0 && i < len(src); ol-- {
		for i < len(src) {
			c, n := utf8.DecodeRuneInString(src[i:])
			i += n
			if c == '\n' || c == '\u2028' || c == '\u2029' {
				break
			}
			if c == '\r' {
				if i < len(src) && src[i] == '\n' {
					i++
				}
				break
			}
		}
	}
	if ol > 0 {
		return -1
	}
	for ; oc > 0 && i < len(src); oc -= utf16.RuneLen(mustRune(src[i:])) {
		_, n := utf8.DecodeRuneInString(src[i:])
		i += n
	}
	if oc != 0 {
		return -1
	}
	return i
}

func mustRune(s string) rune {
	c, _ := utf8.DecodeRuneInString(s)
	return c
}

// alignColumn returns the column in e, esbuild's line, of byte column col
// of f, the same line after Lower's rewrites (which insert and replace
// text within lines): the same column before the first difference, the
// same distance from the end after the last, and between them the first
// place past the common start where f's text at col reads on.
func alignColumn(f, e string, col int) (int, bool) {
	if f == e {
		return col, true
	}
	p := 0
	for p < len(f) && p < len(e) && f[p] == e[p] {
		p++
	}
	if col < p {
		return col, true
	}
	q := 0
	for q < len(f)-p && q < len(e)-p && f[len(f)-1-q] == e[len(e)-1-q] {
		q++
	}
	if col >= len(f)-q {
		return col - len(f) + len(e), true
	}
	for k := min(16, len(f)-col); k >= 4; k-- {
		if i := strings.Index(e[p:], f[col:col+k]); i >= 0 {
			return p + i, true
		}
	}
	return 0, false
}

// startsWithKeyword reports whether the text of a lowered function starts
// with what its original starts with too: function, class, async, get or
// set, a * or an arrow's parameters. Else it is a method, whose lowering
// may have dropped its async and * (an async generator method is lowered
// to a plain one).
func startsWithKeyword(s string) bool {
	for _, k := range []string{"function", "class", "async", "get", "set"} {
		if strings.HasPrefix(s, k) && (len(s) == len(k) || !jstok.IsNameByte(s[len(k)])) {
			return true
		}
	}
	if strings.HasPrefix(s, "*") || strings.HasPrefix(s, "(") { // * is a generator method: see methodStart
		return true
	}
	// x => …
	i := 0
	for i < len(s) && jstok.IsNameByte(s[i]) {
		i++
	}
	rest := strings.TrimLeft(s[i:], " \t")
	return i > 0 && strings.HasPrefix(rest, "=>")
}

// methodStart returns the start of the method whose key starts at key in
// src: before it a * and an async (or get or set) that belong to it.
func methodStart(src string, key int) int {
	start := key
	i := skipSpaceBack(src, key)
	if i > 0 && src[i-1] == '*' && (i < 2 || src[i-2] != '/') {
		start = i - 1
		i = skipSpaceBack(src, i-1)
	}
	j := i
	for j > 0 && jstok.IsNameByte(src[j-1]) {
		j--
	}
	switch src[j:i] {
	case "async", "get", "set":
		if start == key && src[j:i] == "async" {
			// async m() is not lowered; a lowered method lost async *
			break
		}
		// not a property read (o.async) nor words of a line comment
		k := skipSpaceBack(src, j)
		ls := strings.LastIndexAny(src[:j], "\n\r") + 1
		if (k == 0 || src[k-1] != '.') && !strings.Contains(src[ls:j], "//") {
			start = j
		}
	}
	return start
}

// skipSpaceBack returns the offset before the white space (and block
// comments) that end at i.
func skipSpaceBack(src string, i int) int {
	for i > 0 {
		switch c := src[i-1]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			i--
		case c == '/' && i >= 2 && src[i-2] == '*':
			j := strings.LastIndex(src[:i-2], "/*")
			if j < 0 {
				return i
			}
			i = j
		default:
			return i
		}
	}
	return i
}
