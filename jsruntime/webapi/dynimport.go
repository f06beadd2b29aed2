package webapi

import (
	"regexp"
	"strconv"
	"strings"
)

// Dynamic import() of a specifier esbuild cannot name at build time
// (`import(\`./${name}.entry.js\`)`, as Stencil's lazy loader does, or
// import(url)): a bundle cannot hold the module, so it is fetched and
// bundled when the page asks for it, and must share the modules the page
// has already run (a second copy of a library's runtime module would have
// a registry of its own). A lazy bundle (ModuleEntry.Lazy) treats
// import("./chunk.js") with a string specifier the same way, as a browser
// fetches a code-split bundle's chunks only when they are imported.
//
// So a bundle that has such an import registers the namespace object of
// each of its modules (JSON ones aside) by URL in
// globalThis.__bangsnapModules (a Map), and those imports call the host
// function __bangsnapImport(specifier, importerURL), which the page's
// runtime provides (jsruntime). That
// function bundles the requested module as a chunk (ModuleEntry.Loaded set
// to the URLs already registered): the chunk's imports of a registered URL
// read the registry instead of bundling the module again, and the chunk
// registers its own modules in turn.
// https://tc39.es/ecma262/#sec-import-calls

// moduleRegistry is the Map of module namespaces by URL, made on first
// use: a page's is the global lexical binding __bangsnapModules (null
// until then), which jsruntime declares so that the page does not see it
// among the window's properties; a runtime without that binding keeps
// the Map in a property of its global object.
const moduleRegistry = `(typeof __bangsnapModules === "undefined" ? (globalThis.__bangsnapModules || (globalThis.__bangsnapModules = new Map())) : (__bangsnapModules || (__bangsnapModules = new Map())))`

// registryNamespace holds the modules of a chunk that the page has
// already loaded: each is the registry's namespace object, as CommonJS.
const registryNamespace = "registry"

// hasComputedImport reports whether esbuild's output holds an import()
// that it could not bundle: a glob import (a specifier with a static
// prefix or suffix) or a require of an unknown module standing for
// import().
func hasComputedImport(code string) bool {
	return strings.Contains(code, "= __glob(") || strings.Contains(code, "__toESM(__require(")
}

// withRegistration adds to an ES module's source the registration of its
// namespace under its URL, at its end. The module imports itself, with its
// own module type (typ, ModuleCSS for a CSS module): esbuild keys a module
// by its import attributes too, and without them the import would be of a
// second module, a JavaScript one at the same URL. At its start the
// module sets the registry's evaluating to its URL: in a bundle the
// modules run one after another, each once its imports have run, so when
// a bundle throws, evaluating names the module whose evaluation threw,
// which the page then keeps as failed with what it threw (the registry's
// errors, see registryModule; jsruntime/moduleerror.go).
// https://tc39.es/ecma262/#sec-innermoduleevaluation
func withRegistration(src, url, typ string) string {
	q := strconv.Quote(url)
	with := ""
	if typ != ModuleJavaScript {
		with = " with { type: " + strconv.Quote(typ) + " }"
	}
	// On the first line, so that the module's lines stay where they are
	// (after a hashbang comment, which must come first).
	start := moduleRegistry + ".evaluating = " + q + ";"
	if strings.HasPrefix(src, "#!") {
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			src = src[:i+1] + start + src[i+1:]
		}
	} else {
		src = start + src
	}
	return src + "\n;import * as __bangsnap_ns from " + q + with + ";" + moduleRegistry + ".set(" + q + ", __bangsnap_ns);\n"
}

// registryModule is the source of a module the page has already loaded,
// read from the registry: what its evaluation threw, when it threw, is
// thrown again, as a module whose evaluation failed rethrows its error in
// each graph that imports it.
func registryModule(url string) string {
	q := strconv.Quote(url)
	return "var __bangsnap_reg = " + moduleRegistry + ", __bangsnap_errs = __bangsnap_reg.errors;\n" +
		"if (__bangsnap_errs && " + q + " in __bangsnap_errs) throw __bangsnap_errs[" + q + "];\n" +
		"module.exports = __bangsnap_reg.get(" + q + ");\n"
}

var (
	// moduleComment is the comment esbuild writes before each module's
	// code in a bundle that is not minified.
	moduleComment = regexp.MustCompile(`(?m)^\s*// ` + urlNamespace + `:(\S+)$`)
	// globComment precedes a glob import's map: `// import("./**/*.js") in url:…`.
	globComment = regexp.MustCompile(`// import\([^\n]*\) in ` + urlNamespace + `:(\S+)\n\s*var \w+ = __glob\(`)
)

const (
	globHelper      = "var __glob = (map) => (path) => {"
	globHelperThrow = `throw new Error("Module not found in bundle: " + path);`
	requireImport   = "Promise.resolve().then(() => __toESM(__require("
)

// rewriteComputedImports makes the computed imports of esbuild's output
// call __bangsnapImport(specifier, importerURL): glob imports fall back to
// it for a path their map lacks, and import() of an unknown specifier,
// which esbuild turns into a require of it, calls it instead.
func rewriteComputedImports(code string) string {
	// Glob imports: the helper takes the importer's URL as a second
	// argument and falls back to the host for a path it lacks.
	if strings.Contains(code, globHelper) {
		code = strings.Replace(code, globHelper, "var __glob = (map, base) => (path) => {", 1)
		code = strings.Replace(code, globHelperThrow,
			`if (base !== undefined) return __bangsnapImport(path, base); `+globHelperThrow, 1)
		var b strings.Builder
		last := 0
		for _, m := range globComment.FindAllStringSubmatchIndex(code, -1) {
			open := m[1] - 1 // the "(" of __glob(
			end := matchParen(code, open)
			if end < 0 {
				continue
			}
			b.WriteString(code[last:end])
			b.WriteString(", " + strconv.Quote(code[m[2]:m[3]]))
			last = end
		}
		b.WriteString(code[last:])
		code = b.String()
	}
	// import(expr) of an unknown module: `Promise.resolve().then(() =>
	// __toESM(__require(expr)))`, in the module the nearest comment names.
	mods := moduleComment.FindAllStringSubmatchIndex(code, -1)
	return rewriteImportCalls(code, requireImport, func(at int) string {
		base := ""
		for _, m := range mods {
			if m[0] > at {
				break
			}
			base = code[m[2]:m[3]]
		}
		return base
	})
}

// rewriteClassicImports makes the import() calls of a classic script that
// esbuild lowered call __bangsnapImport(specifier, base[, options]): base
// is the script's URL, against which the page resolves the specifier.
// Lowering keeps import() as written (dynamic-import is supported for it,
// gojaLowerSupported), options included: esbuild's lowering to a require
// drops a literal `{ with: { type: "json" } }`. The call's arguments keep
// their order, so the specifier is evaluated before the options, and the
// host converts the specifier to a string before it reads the options, as
// import() does.
// https://html.spec.whatwg.org/multipage/webappapis.html#hostloadimportedmodule
// https://tc39.es/ecma262/#sec-evaluate-import-call
func rewriteClassicImports(code, base string) string {
	if !strings.Contains(code, "import(") {
		return code
	}
	calls := importCalls(code)
	if len(calls) == 0 {
		return code
	}
	q := strconv.Quote(base)
	var b strings.Builder
	b.Grow(len(code) + len(calls)*(len(q)+24))
	last := 0
	for _, c := range calls {
		b.WriteString(code[last:c.start])
		b.WriteString("__bangsnapImport(")
		// An import() in the arguments is rewritten too.
		if c.comma < 0 {
			b.WriteString(rewriteClassicImports(strings.TrimSpace(code[c.open+1:c.end]), base))
			b.WriteString(", " + q)
		} else {
			b.WriteString(rewriteClassicImports(strings.TrimSpace(code[c.open+1:c.comma]), base))
			b.WriteString(", " + q + ", ")
			b.WriteString(rewriteClassicImports(strings.TrimSpace(code[c.comma+1:c.end]), base))
		}
		b.WriteString(")")
		last = c.end + 1
	}
	b.WriteString(code[last:])
	return b.String()
}

// withImportOptions makes the import() calls of a module's source that
// pass options call the page's __bangsnapImport(specifier, url, options)
// instead (url is the module's URL), unless the specifier is a string
// literal and the options an object literal: esbuild bundles those with
// their attributes (a JSON module import() asks for is the one a static
// import of it has), but of import(expr, { with: … }) it keeps only the
// specifier, and import(expr, options) it leaves as it is, which goja
// does not parse.
func withImportOptions(src, url string) string {
	if !strings.Contains(src, "import(") {
		return src
	}
	var b strings.Builder
	last := 0
	for _, c := range importCalls(src) {
		if c.comma < 0 {
			continue
		}
		spec := strings.TrimSpace(src[c.open+1 : c.comma])
		opts := strings.TrimSpace(src[c.comma+1 : c.end])
		if stringLiteral(spec) && strings.HasPrefix(opts, "{") {
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(src) + 64)
		}
		b.WriteString(src[last:c.start])
		b.WriteString("__bangsnapImport(" + spec + ", " + strconv.Quote(url) + ", " + opts + ")")
		last = c.end + 1
	}
	if last == 0 {
		return src
	}
	b.WriteString(src[last:])
	return b.String()
}

// stringLiteral reports whether s is one string literal.
func stringLiteral(s string) bool {
	if len(s) < 2 || (s[0] != '"' && s[0] != '\'') {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case s[0]:
			return i == len(s)-1
		}
	}
	return false
}

// An importCallSite is an import(...) call in esbuild's output: the offsets
// of its "import", its "(", the top-level comma before its options (-1
// when it has none) and its ")".
type importCallSite struct {
	start, open, comma, end int
}

// importCalls finds the import() calls of esbuild's output, outside
// strings, template literals, comments and regular expression literals,
// and not a property (x.import(1)) or a method named import
// (`import(a) {`). A call inside another's arguments is not found
// (rewriteClassicImports looks in them), nor one inside a template
// literal's substitution.
func importCalls(code string) []importCallSite {
	var calls []importCallSite
	prev := byte(0) // the last significant character, for regexp literals
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '"' || c == '\'':
			for i++; i < len(code) && code[i] != c; i++ {
				if code[i] == '\\' {
					i++
				}
			}
		case c == '`':
			if j := skipTemplate(code, i); j >= 0 {
				i = j
			} else {
				return calls
			}
		case c == '/' && i+1 < len(code) && code[i+1] == '/':
			for i < len(code) && code[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(code) && code[i+1] == '*':
			end := strings.Index(code[i+2:], "*/")
			if end < 0 {
				return calls
			}
			i += end + 3
			continue
		case c == '/' && regexpMayStart(prev):
			i = skipRegexp(code, i)
		case c == 'i' && strings.HasPrefix(code[i:], "import(") && (i == 0 || !identPart(code[i-1]) && code[i-1] != '.'):
			open := i + len("import")
			comma := -1
			end := matchParenComma(code, open, &comma)
			if end < 0 {
				break
			}
			k := end + 1
			for k < len(code) && (code[k] == ' ' || code[k] == '\t' || code[k] == '\n' || code[k] == '\r') {
				k++
			}
			if k < len(code) && code[k] == '{' {
				break // a method named import
			}
			calls = append(calls, importCallSite{start: i, open: open, comma: comma, end: end})
			i = end
			c = ')'
		case identPart(c):
			for i+1 < len(code) && identPart(code[i+1]) {
				i++
			}
			// a keyword after which "/" starts a regexp
			if w := wordBefore(code, i+1); w == "return" || w == "typeof" || w == "case" || w == "in" || w == "of" || w == "void" || w == "delete" || w == "throw" || w == "new" || w == "instanceof" || w == "yield" || w == "await" || w == "else" || w == "do" {
				c = '('
			} else {
				c = 'a'
			}
		}
		prev = c
	}
	return calls
}

// identPart reports whether c can be part of an identifier (ASCII, $, _,
// or a byte of a non-ASCII character).
func identPart(c byte) bool {
	return c == '_' || c == '$' || c == '#' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// wordBefore is the identifier ending at end.
func wordBefore(s string, end int) string {
	start := end
	for start > 0 && identPart(s[start-1]) {
		start--
	}
	return s[start:end]
}

// regexpMayStart reports whether a "/" after the significant character
// prev starts a regular expression literal rather than a division.
func regexpMayStart(prev byte) bool {
	switch prev {
	case 0, '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^':
		return true
	}
	return false
}

// skipRegexp returns the index of the "/" closing the regexp literal
// opening at i (its flags follow), or len(s)-1.
func skipRegexp(s string, i int) int {
	class := false
	for i++; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				return i
			}
		case '\n':
			return i
		}
	}
	return len(s) - 1
}

// rewriteImportCalls replaces each `call(expr)))` in code, call being
// esbuild's lowering of import(), by __bangsnapImport(expr, base), base
// given by baseAt of the call's offset.
func rewriteImportCalls(code, call string, baseAt func(at int) string) string {
	if !strings.Contains(code, call) {
		return code
	}
	var b strings.Builder
	last := 0
	for {
		i := strings.Index(code[last:], call)
		if i < 0 {
			break
		}
		i += last
		argStart := i + len(call)
		argEnd := matchParen(code, argStart-1) // the ")" of require(
		if argEnd < 0 || !strings.HasPrefix(code[argEnd:], ")))") {
			b.WriteString(code[last:argStart])
			last = argStart
			continue
		}
		b.WriteString(code[last:i])
		b.WriteString("__bangsnapImport(" + code[argStart:argEnd] + ", " + strconv.Quote(baseAt(i)) + ")")
		last = argEnd + len(")))")
	}
	b.WriteString(code[last:])
	return b.String()
}

// matchParen returns the index of the ")" closing the "(" at open in
// esbuild's output, skipping strings, template literals and comments, or
// -1.
func matchParen(s string, open int) int {
	return matchParenComma(s, open, nil)
}

// matchParenComma is matchParen that also sets *comma, when comma is not
// nil, to the index of the first comma between the parentheses at their
// level.
func matchParenComma(s string, open int, comma *int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ',':
			if depth == 1 && comma != nil && *comma < 0 {
				*comma = i
			}
		case ')', ']', '}':
			depth--
			if depth == 0 {
				if c != ')' {
					return -1
				}
				return i
			}
		case '"', '\'':
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '`':
			i = skipTemplate(s, i)
			if i < 0 {
				return -1
			}
		case '/':
			if i+1 < len(s) && s[i+1] == '/' {
				for i < len(s) && s[i] != '\n' {
					i++
				}
			} else if i+1 < len(s) && s[i+1] == '*' {
				end := strings.Index(s[i+2:], "*/")
				if end < 0 {
					return -1
				}
				i += end + 3
			}
		}
	}
	return -1
}

// skipTemplate returns the index of the backquote closing the template
// literal opening at i, following ${...} substitutions, or -1.
func skipTemplate(s string, i int) int {
	for i++; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '`':
			return i
		case '$':
			if i+1 < len(s) && s[i+1] == '{' {
				// The substitution ends at its matching "}".
				depth := 0
				for j := i + 1; j < len(s); j++ {
					switch s[j] {
					case '{':
						depth++
					case '}':
						depth--
						if depth == 0 {
							i = j
							goto next
						}
					case '`':
						j = skipTemplate(s, j)
						if j < 0 {
							return -1
						}
					case '"', '\'':
						q := s[j]
						for j++; j < len(s) && s[j] != q; j++ {
							if s[j] == '\\' {
								j++
							}
						}
					}
				}
				return -1
			}
		}
	next:
	}
	return -1
}
