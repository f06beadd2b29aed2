package webapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// An ImportMap is a page's import maps merged: its "imports" and "scopes"
// with every key and address resolved. A map is never changed once made
// (Merge returns a new one), so bundles built off the page's loop may read
// it while the page merges another.
// https://html.spec.whatwg.org/multipage/webappapis.html#import-maps
type ImportMap struct {
	// Imports maps a specifier key (a bare name, or a URL for URL-like
	// keys; keys ending in "/" are prefixes) to an absolute URL.
	Imports map[string]string
	// Scopes maps a scope prefix (an absolute URL) to the specifier map
	// used by the modules whose URL it is or, ending in "/", prefixes.
	Scopes map[string]map[string]string
}

// ErrImportMap is wrapped by ParseImportMap's errors for text that is not
// an import map (not JSON, or a top-level value of the wrong type).
var ErrImportMap = errors.New("invalid import map")

// ParseImportMap parses the text of a <script type="importmap"> whose
// base URL is base. Entries with an address that is not a URL are dropped,
// as the standard drops them (with a console warning).
// https://html.spec.whatwg.org/multipage/webappapis.html#parse-an-import-map-string
func ParseImportMap(text, base string) (*ImportMap, error) {
	var raw struct {
		Imports map[string]any            `json:"imports"`
		Scopes  map[string]map[string]any `json:"scopes"`
	}
	if err := json.Unmarshal([]byte(text), &raw); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrImportMap, err)
	}
	m := &ImportMap{Imports: sortAndNormalize(raw.Imports, base)}
	for prefix, specs := range raw.Scopes {
		u, err := ParseURLString(prefix, base)
		if err != nil {
			continue
		}
		if m.Scopes == nil {
			m.Scopes = map[string]map[string]string{}
		}
		m.Scopes[u.String()] = sortAndNormalize(specs, base)
	}
	return m, nil
}

// sortAndNormalize resolves a specifier map's keys and addresses.
// https://html.spec.whatwg.org/multipage/webappapis.html#sorting-and-normalizing-a-module-specifier-map
func sortAndNormalize(raw map[string]any, base string) map[string]string {
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		if k == "" {
			continue
		}
		key := k
		if u, ok := urlLikeSpecifier(k, base); ok {
			key = u
		}
		addr, ok := v.(string)
		if !ok {
			continue
		}
		u, ok := urlLikeSpecifier(addr, base)
		if !ok || strings.HasSuffix(k, "/") && !strings.HasSuffix(u, "/") {
			continue
		}
		out[key] = u
	}
	return out
}

// urlLikeSpecifier resolves a specifier that is a URL or starts with "/",
// "./" or "../" against base; a bare specifier gives false.
// https://html.spec.whatwg.org/multipage/webappapis.html#resolve-a-url-like-module-specifier
func urlLikeSpecifier(spec, base string) (string, bool) {
	if strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
		u, err := ParseURLString(spec, base)
		if err != nil {
			return "", false
		}
		return u.String(), true
	}
	u, err := ParseURLString(spec, "")
	if err != nil {
		return "", false
	}
	return u.String(), true
}

// Merge returns m with next merged in: entries m already has win.
// https://html.spec.whatwg.org/multipage/webappapis.html#merge-existing-and-new-import-maps
func (m *ImportMap) Merge(next *ImportMap) *ImportMap {
	if m == nil {
		return next
	}
	out := &ImportMap{Imports: maps.Clone(m.Imports), Scopes: maps.Clone(m.Scopes)}
	for k, v := range next.Imports {
		if out.Imports == nil {
			out.Imports = map[string]string{}
		}
		if _, ok := out.Imports[k]; !ok {
			out.Imports[k] = v
		}
	}
	for prefix, specs := range next.Scopes {
		if out.Scopes == nil {
			out.Scopes = map[string]map[string]string{}
		}
		merged := maps.Clone(out.Scopes[prefix])
		if merged == nil {
			merged = map[string]string{}
		}
		for k, v := range specs {
			if _, ok := merged[k]; !ok {
				merged[k] = v
			}
		}
		out.Scopes[prefix] = merged
	}
	return out
}

// Resolve resolves the specifier spec imported by the module (or document)
// at base: the scopes that hold base, most specific first, then the
// top-level imports, then spec as a URL. A bare specifier no entry maps is
// ErrBareSpecifier. m may be nil (a page with no import map).
// https://html.spec.whatwg.org/multipage/webappapis.html#resolve-a-module-specifier
func (m *ImportMap) Resolve(spec, base string) (string, error) {
	asURL, urlLike := urlLikeSpecifier(spec, base)
	normalized := spec
	if urlLike {
		normalized = asURL
	}
	if m != nil {
		prefixes := slices.Collect(maps.Keys(m.Scopes))
		// Longest first: a scope that holds base wins over any scope
		// that is a prefix of it.
		slices.SortFunc(prefixes, func(a, b string) int { return strings.Compare(b, a) })
		for _, prefix := range prefixes {
			if prefix == base || strings.HasSuffix(prefix, "/") && strings.HasPrefix(base, prefix) {
				if u, ok := matchImports(m.Scopes[prefix], normalized); ok {
					return u, nil
				}
			}
		}
		if u, ok := matchImports(m.Imports, normalized); ok {
			return u, nil
		}
	}
	if urlLike {
		return asURL, nil
	}
	return "", fmt.Errorf("import %q from %s: %w", spec, base, ErrBareSpecifier)
}

// matchImports finds normalized in one specifier map: an exact key, else
// the longest key ending in "/" that prefixes it.
// https://html.spec.whatwg.org/multipage/webappapis.html#resolving-an-imports-match
func matchImports(specs map[string]string, normalized string) (string, bool) {
	if v, ok := specs[normalized]; ok {
		return v, true
	}
	best := ""
	for k := range specs {
		if strings.HasSuffix(k, "/") && strings.HasPrefix(normalized, k) && len(k) > len(best) {
			best = k
		}
	}
	if best == "" {
		return "", false
	}
	u, err := ParseURLString(normalized[len(best):], specs[best])
	if err != nil || !strings.HasPrefix(u.String(), specs[best]) {
		// A match that backtracks above its address is blocked.
		return "", false
	}
	return u.String(), true
}
