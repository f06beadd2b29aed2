package webapi

import (
	"errors"
	"testing"
)

func TestImportMapResolve(t *testing.T) {
	const base = "https://app.test/dir/page.html"
	first, err := ParseImportMap(`{
		"imports": {"util": "/lib/util.js", "lib/": "./lib/", "./old.js": "/new.js", "bad": "not-a-url", "pre/": "/nofinalslash"},
		"scopes": {"/v2/": {"util": "/v2/util.js"}, "/v2/deep/": {"util": "/v2/deep/util.js"}, "/one.js": {"util": "/one-util.js"}}
	}`, base)
	if err != nil {
		t.Fatal(err)
	}
	second, err := ParseImportMap(`{"imports": {"util": "/ignored.js", "extra": "https://cdn.test/extra.js"}, "scopes": {"/v2/": {"util": "/ignored.js", "more": "/v2/more.js"}}}`, base)
	if err != nil {
		t.Fatal(err)
	}
	m := first.Merge(second)
	cases := []struct{ spec, importer, want string }{
		{"util", base, "https://app.test/lib/util.js"},
		{"lib/a/b.js", base, "https://app.test/dir/lib/a/b.js"},
		{"./old.js", base, "https://app.test/new.js"},
		{"./x.js", base, "https://app.test/dir/x.js"},
		{"https://cdn.test/x.js", base, "https://cdn.test/x.js"},
		{"extra", base, "https://cdn.test/extra.js"},
		{"util", "https://app.test/v2/mod.js", "https://app.test/v2/util.js"},
		{"util", "https://app.test/v2/deep/mod.js", "https://app.test/v2/deep/util.js"},
		{"more", "https://app.test/v2/mod.js", "https://app.test/v2/more.js"},
		{"util", "https://app.test/one.js", "https://app.test/one-util.js"},
		{"util", "https://app.test/one.jsx", "https://app.test/lib/util.js"},
		{"lib/../../up.js", base, ""},
		{"bad", base, ""},
		{"pre/x.js", base, ""},
		{"nowhere", base, ""},
	}
	for _, tc := range cases {
		got, err := m.Resolve(tc.spec, tc.importer)
		if tc.want == "" {
			if !errors.Is(err, ErrBareSpecifier) {
				t.Errorf("Resolve(%q, %q) = %q, %v; want ErrBareSpecifier", tc.spec, tc.importer, got, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", tc.spec, tc.importer, got, err, tc.want)
		}
	}
	var none *ImportMap
	if got, err := none.Resolve("./a.js", base); err != nil || got != "https://app.test/dir/a.js" {
		t.Errorf("nil map: %q, %v", got, err)
	}
	if _, err := ParseImportMap(`[1]`, base); !errors.Is(err, ErrImportMap) {
		t.Errorf("array map: %v", err)
	}
}
