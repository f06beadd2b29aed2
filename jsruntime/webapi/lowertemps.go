package webapi

import (
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/bangsnap/bangsnap/jsruntime/internal/jstok"
)

// esbuild's lowering also declares, at the top level of a classic script,
// the temporaries its rewrites need: the cache of each tagged template's
// object (`var _a;` … `tag(_a || (_a = __template(["x"])))`), the
// operands optional chains and class lowering keep (`_b`, `const _A =
// class _A …`), the decorators' (`_init`, `_Foo_decorators`). Left as
// they are they are globals: they show on window, a page's own `var _a`
// (minified code is full of them) makes a template tag receive the page's
// value for its strings, a page's `let _a` makes the whole lowered script a
// SyntaxError, and the caches of two lowered scripts are one: the second
// script's template gets the first one's strings. hideLoweringTemps makes
// them properties of the hidden __bangsnapLowered (lowerhelpers.go) under
// a name of their own per lowering:
//
//	var _a, _b;                      ->  (removed)
//	tag(_a || (_a = __template(…)))  ->  tag(__bangsnapLowered.$3_a || (__bangsnapLowered.$3_a = __template(…)))
//	const _A = class _A { … };       ->  __bangsnapLowered.$3_A = class _A { … };
//
// A temporary is a name a top-level declaration of esbuild's output
// declares that the source as written never has (esbuild names its
// temporaries apart from every name of the file, and keeps the file's own
// top-level names); esbuild starts each with an underscore. A lowering is cached by the script's text, so two
// scripts of the same text in one realm share their template objects
// (Chromium makes one per site of each).

// loweringSerial numbers lowerings, for the names of their temporaries.
var loweringSerial atomic.Uint64

// A topDecl is a top-level var, let or const statement of esbuild's output.
type topDecl struct {
	start, nameStart, end int // the keyword, the first name, after the ;
	names                 []string
	init                  bool // a declarator has an initializer
}

// hideLoweringTemps rewrites code, esbuild's lowering of src, as said
// above; code is returned unchanged when it declares no temporary or
// anything is not as esbuild prints it.
func hideLoweringTemps(code, src string) string {
	if !strings.Contains(code, "var _") && !strings.Contains(code, "const _") && !strings.Contains(code, "let _") {
		return code
	}
	decls, ok := topLevelDecls(code)
	if !ok || len(decls) == 0 {
		return code
	}
	temps := map[string]bool{}
	var hidden []topDecl
	var inSrc map[string]bool
	for _, d := range decls {
		all := true
		for _, n := range d.names {
			if n[0] != '_' || isLoweredHelper(n) {
				all = false
				break
			}
			if inSrc == nil {
				inSrc = underscoreWords(src)
			}
			if inSrc[n] {
				all = false
				break
			}
		}
		// A statement is hidden whole: declarators without initializers
		// (removed), or one with (made an assignment).
		if !all || d.init && len(d.names) != 1 {
			continue
		}
		for _, n := range d.names {
			temps[n] = true
		}
		hidden = append(hidden, d)
	}
	if len(hidden) == 0 {
		return code
	}
	prefix := helperHolder + ".$" + strconv.FormatUint(loweringSerial.Add(1), 10)
	var b strings.Builder
	b.Grow(len(code) + 32*len(hidden))
	last, hi := 0, 0
	s := jstok.NewScanner(code, 0)
	var prev jstok.Token
	for {
		t := s.Next()
		if s.Err() {
			return code
		}
		if t.Kind == jstok.EOF {
			break
		}
		if hi < len(hidden) && t.Start == hidden[hi].start {
			d := hidden[hi]
			hi++
			b.WriteString(code[last:t.Start])
			if !d.init {
				// var _a, _b;  ->  nothing (the line stays, for the
				// source map of srctext.go)
				last = d.end
				s = jstok.NewScanner(code, d.end)
				prev = jstok.Token{Kind: jstok.Punct, Text: ";"}
				continue
			}
			// const _A = …;  ->  H.$n_A = …;
			last = d.nameStart
			prev = t
			continue
		}
		switch t.Kind {
		case jstok.Template:
			// names in a template's substitutions are not tokens here
			for n := range temps {
				if strings.Contains(code[t.Start:t.End], n) {
					return code
				}
			}
		case jstok.Name:
			if temps[t.Text] && !(prev.Kind == jstok.Punct && (prev.Text == "." || prev.Text == "?.")) &&
				!(prev.Kind == jstok.Name && (prev.Text == "class" || prev.Text == "function")) && !isKey(s, prev) {
				b.WriteString(code[last:t.Start])
				b.WriteString(prefix)
				last = t.Start
			}
		}
		prev = t
	}
	b.WriteString(code[last:])
	return b.String()
}

// topLevelDecls returns the var, let and const statements of code at its
// top level whose declarators are plain names (false for anything the
// scanner cannot read).
func topLevelDecls(code string) ([]topDecl, bool) {
	var out []topDecl
	s := jstok.NewScanner(code, 0)
	depth := 0
	var prev jstok.Token
	for {
		t := s.Next()
		if s.Err() {
			return nil, false
		}
		switch {
		case t.Kind == jstok.EOF:
			return out, true
		case t.Kind == jstok.Punct:
			switch t.Text {
			case "{", "(", "[":
				depth++
			case "}", ")", "]":
				depth--
			}
		case depth == 0 && t.Kind == jstok.Name && (t.Text == "var" || t.Text == "let" || t.Text == "const") &&
			statementStart(prev):
			save := *s
			if d, ok := readDecl(s, t.Start); ok {
				out = append(out, d)
				prev = jstok.Token{Kind: jstok.Punct, Text: ";"}
				continue
			}
			*s = save
		}
		prev = t
	}
}

// statementStart reports whether a statement may start after prev.
func statementStart(prev jstok.Token) bool {
	return prev.Kind == jstok.EOF || prev.Kind == jstok.Punct && (prev.Text == ";" || prev.Text == "}")
}

// readDecl reads the declarators of a declaration whose keyword started at
// start, to the ; ending it; false when one is not a plain name.
func readDecl(s *jstok.Scanner, start int) (topDecl, bool) {
	d := topDecl{start: start}
	for {
		n := s.Next()
		if n.Kind != jstok.Name {
			return d, false
		}
		if len(d.names) == 0 {
			d.nameStart = n.Start
		}
		d.names = append(d.names, n.Text)
		p := s.Next()
		if p.Kind != jstok.Punct {
			return d, false
		}
		if p.Text == "=" {
			d.init = true
			var ok bool
			if p, ok = declaratorEnd(s); !ok { // lowerhelpers.go
				return d, false
			}
		}
		switch p.Text {
		case ";":
			d.end = p.End
			return d, true
		case ",":
		default:
			return d, false
		}
	}
}

// underscoreWords returns the names in s that start with an underscore,
// those in strings and comments included.
func underscoreWords(s string) map[string]bool {
	m := map[string]bool{}
	for i := 0; i < len(s); i++ {
		if !jstok.IsNameByte(s[i]) {
			continue
		}
		j := i + 1
		for j < len(s) && jstok.IsNameByte(s[j]) {
			j++
		}
		if s[i] == '_' {
			m[s[i:j]] = true
		}
		i = j
	}
	return m
}
