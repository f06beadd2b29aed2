package webapi

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// A module graph that was fetched whole but cannot run is not a failed
// fetch: the module script holds an "error to rethrow", which running the
// script reports at the window (its error event), and an external script
// then fires load, not error. HTML takes it from the graph in a fixed
// order: the first parse error found depth first from the root (a module's
// own, then its imports' in the order they are written), where a specifier
// that does not resolve is the importing module's parse error (a
// TypeError); else, when no module has one, the error of the first module
// whose linking fails (a SyntaxError), which is the first in post-order,
// since a module's imports are linked before it. A failed fetch of any
// module of the graph is a fetch failure of the whole (the script fires
// error and nothing is reported) whatever else is wrong.
// https://html.spec.whatwg.org/multipage/webappapis.html#find-the-first-parse-error
// https://html.spec.whatwg.org/multipage/webappapis.html#run-a-module-script
// https://tc39.es/ecma262/#sec-InnerModuleLinking

// ModuleErrorKind tells a module graph's parse error from its link error.
type ModuleErrorKind int

const (
	// ModuleParseError is a module's own error: its text does not parse,
	// or a specifier it imports does not resolve. The module keeps it, so
	// every graph holding the module reports the same error object.
	ModuleParseError ModuleErrorKind = iota
	// ModuleLinkError is an import that names no export of its module, or
	// names one several star exports give, or one that resolves in a
	// cycle; each linking attempt makes a new error.
	ModuleLinkError
)

// A ModuleGraphError is the error to rethrow of a module graph that was
// fetched but cannot run (see above). Bundle returns it, wrapped, instead
// of a BundleError when no module failed to fetch.
type ModuleGraphError struct {
	Kind ModuleErrorKind
	// Name is the error's constructor: SyntaxError, or TypeError for a
	// specifier that does not resolve.
	Name string
	// Message is the error's message, as Chromium words a link error.
	Message string
	// Module is the URL of the module whose error it is; Line and
	// Column (1-based) where in it.
	Module       string
	Line, Column int
	// cause is the resolver's error for a specifier that did not resolve.
	cause error
}

func (e *ModuleGraphError) Error() string {
	s := fmt.Sprintf("%s:%d:%d: %s: %s", e.Module, e.Line, e.Column, e.Name, e.Message)
	if e.cause != nil {
		s += " (" + e.cause.Error() + ")"
	}
	return s
}

// Unwrap returns the resolver's error (ErrBareSpecifier for a bare
// specifier no import map maps) when a specifier did not resolve.
func (e *ModuleGraphError) Unwrap() error { return e.cause }

// graphEdge is one import of a module: its specifier as written and the
// URL it resolved to ("" when it did not).
type graphEdge struct {
	spec, url string
}

// An unresolvedImport is a module's first specifier that did not resolve,
// and the resolver's error.
type unresolvedImport struct {
	spec string
	err  error
}

// noteSource keeps the text of the module at url, for ordering its imports.
func (g *graphLoader) noteSource(url string, src []byte) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.sources == nil {
		g.sources = map[string][]byte{}
	}
	g.sources[url] = src
}

// noteEdge records that importer imports spec, resolved to url ("" when
// the specifier did not resolve: the importer's parse error, a TypeError).
func (g *graphLoader) noteEdge(importer, spec, url string, resolveErr error) {
	if importer == "" {
		importer = g.entry.URL
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.edges == nil {
		g.edges = map[string][]graphEdge{}
	}
	g.edges[importer] = append(g.edges[importer], graphEdge{spec, url})
	if resolveErr != nil {
		if g.unresolved == nil {
			g.unresolved = map[string]unresolvedImport{}
		}
		if _, ok := g.unresolved[importer]; !ok {
			g.unresolved[importer] = unresolvedImport{spec, resolveErr}
		}
	}
}

// noteFetchFailed records that a module of the graph could not be fetched.
func (g *graphLoader) noteFetchFailed() {
	g.mu.Lock()
	g.fetchFailed = true
	g.mu.Unlock()
}

// graphError is the error to rethrow of g's graph, whose build failed
// with msgs, or nil when the failure is a fetch failure (or not one of a
// module graph: the build's own).
func (g *graphLoader) graphError(msgs []api.Message) *ModuleGraphError {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.fetchFailed {
		return nil
	}
	parse := map[string]*ModuleGraphError{}
	link := map[string]*ModuleGraphError{}
	for _, m := range msgs {
		if m.Location == nil || m.PluginName != "" {
			continue
		}
		file, ok := strings.CutPrefix(m.Location.File, urlNamespace+":")
		if !ok {
			continue
		}
		e := &ModuleGraphError{Name: "SyntaxError", Message: m.Text, Module: file, Line: m.Location.Line, Column: m.Location.Column + 1}
		into := parse
		if msg, ok := linkMessage(m); ok {
			e.Kind, e.Message, into = ModuleLinkError, msg, link
		}
		if old := into[file]; old == nil || e.Line < old.Line || e.Line == old.Line && e.Column < old.Column {
			into[file] = e
		}
	}
	for importer, un := range g.unresolved {
		if parse[importer] == nil {
			e := &ModuleGraphError{Name: "TypeError", Module: importer, cause: un.err,
				Message: "Failed to resolve module specifier \"" + un.spec + "\". Relative references must start with either \"/\", \"./\", or \"../\"."}
			for _, m := range msgs {
				// Our resolver's failure, located at the specifier.
				if l := m.Location; l != nil && m.PluginName != "" && l.File == urlNamespace+":"+importer {
					e.Line, e.Column = l.Line, l.Column+1
					break
				}
			}
			parse[importer] = e
		}
	}
	pre, post := g.order()
	if len(parse) > 0 {
		for _, u := range pre {
			if e := parse[u]; e != nil {
				return e
			}
		}
		return nil
	}
	for _, u := range post {
		if e := link[u]; e != nil {
			return e
		}
	}
	return nil
}

// order returns the modules of g's graph depth first from the entry, in
// pre-order and in post-order, each module's imports in the order their
// specifiers first appear in its text. g.mu is held.
func (g *graphLoader) order() (pre, post []string) {
	seen := map[string]bool{}
	var visit func(u string)
	visit = func(u string) {
		seen[u] = true
		pre = append(pre, u)
		src := g.sources[u]
		if u == g.entry.URL {
			src = g.entrySrc
		}
		text := string(src)
		// each import at the first place its specifier is written
		type placed struct {
			graphEdge
			at int
		}
		edges := make([]placed, 0, len(g.edges[u]))
		for _, e := range g.edges[u] {
			at := len(text)
			for _, q := range []string{`"`, `'`} {
				if i := strings.Index(text, q+e.spec+q); i >= 0 && i < at {
					at = i
				}
			}
			edges = append(edges, placed{e, at})
		}
		slices.SortStableFunc(edges, func(a, b placed) int { return cmp.Compare(a.at, b.at) })
		for _, e := range edges {
			if e.url != "" && !seen[e.url] {
				visit(e.url)
			}
		}
		post = append(post, u)
	}
	visit(g.entry.URL)
	return pre, post
}

// linkMessage reports whether m is one of esbuild's link errors, and its
// message as V8 words it, naming the import's specifier as written.
func linkMessage(m api.Message) (string, bool) {
	var name, format string
	switch {
	case strings.HasPrefix(m.Text, "No matching export in "):
		name, format = lastQuoted(m.Text), "The requested module '%s' does not provide an export named '%n'"
	case strings.HasPrefix(m.Text, "Ambiguous import "):
		name, format = firstQuoted(m.Text), "The requested module '%s' contains conflicting star exports for name '%n'"
	case strings.HasPrefix(m.Text, "Detected cycle while resolving import "):
		name, format = firstQuoted(m.Text), "Detected cycle while resolving name '%n' in '%s'"
	default:
		return "", false
	}
	spec := ""
	if l := m.Location; l != nil {
		spec = fromSpecifier(l.LineText, l.Column)
	}
	return strings.NewReplacer("%s", spec, "%n", name).Replace(format), true
}

// fromSpecifier is the specifier of the `from "…"` after column col of an
// import or export declaration's line.
func fromSpecifier(line string, col int) string {
	if col < 0 || col > len(line) {
		col = 0
	}
	rest := line[col:]
	for {
		i := strings.Index(rest, "from")
		if i < 0 {
			return ""
		}
		rest = rest[i+len("from"):]
		r := strings.TrimSpace(rest)
		if r == "" || (r[0] != '"' && r[0] != '\'') {
			continue // an imported name "from"
		}
		if end := strings.IndexByte(r[1:], r[0]); end >= 0 {
			return r[1 : end+1]
		}
		return ""
	}
}

// firstQuoted and lastQuoted are the first and last double-quoted words of s.
func firstQuoted(s string) string {
	_, rest, ok := strings.Cut(s, `"`)
	if !ok {
		return ""
	}
	w, _, _ := strings.Cut(rest, `"`)
	return w
}

func lastQuoted(s string) string {
	end := strings.LastIndexByte(s, '"')
	if end <= 0 {
		return ""
	}
	start := strings.LastIndexByte(s[:end], '"')
	if start < 0 {
		return ""
	}
	return s[start+1 : end]
}
