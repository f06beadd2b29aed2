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

// moduleRegistry is the global Map of module namespaces by URL.
const moduleRegistry = "globalThis.__bangsnapModules"

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

// withRegistration appends to an ES module's source the registration of
// its namespace under its URL. The module imports itself, with its own
// module type (typ, ModuleCSS for a CSS module): esbuild keys a module by
// its import attributes too, and without them the import would be of a
// second module, a JavaScript one at the same URL.
func withRegistration(src, url, typ string) string {
	q := strconv.Quote(url)
	with := ""
	if typ != ModuleJavaScript {
		with = " with { type: " + strconv.Quote(typ) + " }"
	}
	return src + "\n;import * as __bangsnap_ns from " + q + with + ";(" + moduleRegistry + " || (" + moduleRegistry +
		" = new Map())).set(" + q + ", __bangsnap_ns);\n"
}

// registryModule is the source of a module the page has already loaded,
// read from the registry.
func registryModule(url string) string {
	return "module.exports = " + moduleRegistry + ".get(" + strconv.Quote(url) + ");\n"
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

// classicImport is what esbuild's transform makes of import(expr) in a
// classic script: a require of expr (there is no bundle to hold it).
const classicImport = "Promise.resolve().then(() => __toESM(require("

// rewriteClassicImports makes the import() calls of a classic script that
// esbuild lowered call __bangsnapImport(specifier, base): base is the
// script's URL, against which the page resolves the specifier.
// https://html.spec.whatwg.org/multipage/webappapis.html#hostloadimportedmodule
func rewriteClassicImports(code, base string) string {
	if !strings.Contains(code, classicImport) {
		return code
	}
	return rewriteImportCalls(code, classicImport, func(int) string { return base })
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
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
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
