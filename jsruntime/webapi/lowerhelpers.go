package webapi

import (
	"strings"

	"github.com/bangsnap/bangsnap/jsruntime/internal/jstok"
)

// esbuild's lowering of a classic script declares the helpers it calls
// (__asyncGenerator, __await, __knownSymbol, __template…) as `var`s at the
// top of the script, which made them properties of window: pages listing
// the window's own properties (analytics, leak detectors, test harnesses)
// saw names Chromium has not. hideLoweringHelpers makes them properties of
// __bangsnapLowered instead, an object held by a global lexical binding
// (asyncgen.js) that no property read of the global object finds:
//
//	var __await = function(…) {…};   ->  __bangsnapLowered.__await || (__bangsnapLowered.__await = function(…) {…});
//	… new __await(x) …               ->  … new __bangsnapLowered.__await(x) …
//
// Each helper is defined once per realm, by the first script that needs
// it, so a generator that a script made and another resumes compares its
// values with the one __await (scripts lowered alike share the helpers as
// they shared the globals). A script whose source names a helper itself
// (a page's own __defProp) keeps esbuild's output as it is.

// loweredHelpers are the names of esbuild's runtime helpers.
var loweredHelpers = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`__accessCheck __async __asyncGenerator __await __callDispose
		__commonJS __commonJSMin __copyProps __create __decorateClass __decorateElement
		__decorateParam __decoratorContext __decoratorMetadata __decoratorStart
		__decoratorStrings __defNormalProp __defProp __defProps __earlyAccess __esm __esmMin
		__expectFn __export __forAwait __freeze __getOwnPropDesc __getOwnPropDescs
		__getOwnPropNames __getOwnPropSymbols __getProtoOf __glob __hasOwnProp __init
		__knownSymbol __name __objRest __pow __privateAdd __privateGet __privateIn
		__privateMethod __privateSet __privateWrapper __propIsEnum __publicField __reExport
		__reflectGet __reflectSet __require __restKey __runInitializers __spreadProps
		__spreadValues __superGet __superSet __superWrapper __template __toBinary
		__toBinaryNode __toCommonJS __toESM __typeError __using __yieldStar`) {
		m[n] = true
	}
	return m
}()

// helperHolder is the object the helpers become properties of.
const helperHolder = "__bangsnapLowered"

// isLoweredHelper reports whether name is a helper's, with or without the
// number esbuild adds to a name taken.
func isLoweredHelper(name string) bool {
	return loweredHelpers[strings.TrimRight(name, "0123456789")]
}

// hideLoweringHelpers rewrites code, esbuild's lowering of src, as said
// above; code is returned unchanged when it declares no helper, src names
// one, or anything is not as esbuild prints it.
func hideLoweringHelpers(code, src string) string {
	if !strings.Contains(code, "var __") {
		return code
	}
	type decl struct{ start, name, end int }
	var decls []decl
	names := map[string]bool{}
	s := jstok.NewScanner(code, 0)
	t := s.Next()
	// directives first
	for t.Kind == jstok.String {
		if t = s.Next(); t.Kind != jstok.Punct || t.Text != ";" {
			return code
		}
		t = s.Next()
	}
	for t.Kind == jstok.Name && (t.Text == "var" || t.Text == "__bangsnapAsyncGen") {
		if t.Text == "__bangsnapAsyncGen" {
			// markAsyncGenerators' marking of the declarations, put first
			if _, ok := helperDeclEnd(s); !ok {
				return code
			}
			t = s.Next()
			continue
		}
		n := s.Next()
		if n.Kind != jstok.Name || !isLoweredHelper(n.Text) || strings.Contains(src, n.Text) {
			break
		}
		if eq := s.Next(); eq.Kind != jstok.Punct || eq.Text != "=" {
			return code
		}
		end, ok := helperDeclEnd(s)
		if !ok {
			return code
		}
		decls = append(decls, decl{t.Start, n.Start, end})
		names[n.Text] = true
		t = s.Next()
	}
	if len(decls) == 0 {
		return code
	}
	var b strings.Builder
	b.Grow(len(code) + 64*len(decls))
	last, di := 0, 0
	s = jstok.NewScanner(code, 0)
	var prev jstok.Token
	for {
		t := s.Next()
		if t.Kind == jstok.EOF {
			break
		}
		if s.Err() {
			return code
		}
		if di < len(decls) && t.Start == decls[di].start {
			// var __x = …;  ->  H.__x || (H.__x = …);
			d := decls[di]
			n := s.Next()
			b.WriteString(code[last:d.start])
			b.WriteString(helperHolder + "." + n.Text + " || (" + helperHolder + ".")
			last = n.Start
			di++
			prev = n
			continue
		}
		if di > 0 && t.Kind == jstok.Punct && t.Text == ";" && t.End == decls[di-1].end {
			b.WriteString(code[last:t.Start])
			b.WriteString(")")
			last = t.Start
		}
		if t.Kind == jstok.Name && names[t.Text] && !(prev.Kind == jstok.Punct && (prev.Text == "." || prev.Text == "?.")) &&
			!isKey(s, prev) {
			b.WriteString(code[last:t.Start])
			b.WriteString(helperHolder + ".")
			last = t.Start
		}
		prev = t
	}
	b.WriteString(code[last:])
	return b.String()
}

// helperDeclEnd reads to the ; ending the statement the scanner is in (at
// bracket depth 0) and returns its end.
func helperDeclEnd(s *jstok.Scanner) (int, bool) {
	t, ok := declaratorEnd(s)
	if !ok || t.Text != ";" {
		return 0, false // a second declarator
	}
	return t.End, true
}

// declaratorEnd reads to the , or ; ending the declarator the scanner is
// in (at bracket depth 0) and returns it.
func declaratorEnd(s *jstok.Scanner) (jstok.Token, bool) {
	depth := 0
	for {
		t, ok := s.NextPunct()
		if !ok {
			return t, false
		}
		switch t.Text {
		case "{", "(", "[":
			depth++
		case "}", ")", "]":
			depth--
		case ",", ";":
			if depth == 0 {
				return t, true
			}
		}
	}
}

// isKey reports whether the name the scanner just read, after prev, is a
// property key (`{ __x: 1 }`) or a method's name (`__x() {…}`) rather
// than a reference.
func isKey(s *jstok.Scanner, prev jstok.Token) bool {
	save := *s
	defer func() { *s = save }()
	n := s.Next()
	if n.Kind != jstok.Punct {
		return false
	}
	if n.Text == ":" {
		return prev.Kind == jstok.Punct && (prev.Text == "{" || prev.Text == ",")
	}
	if n.Text != "(" {
		return false
	}
	depth := 1
	for depth > 0 {
		t := s.Next()
		if s.Err() || t.Kind == jstok.EOF {
			return false
		}
		if t.Kind == jstok.Punct {
			switch t.Text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
	}
	t := s.Next()
	return t.Kind == jstok.Punct && t.Text == "{"
}
