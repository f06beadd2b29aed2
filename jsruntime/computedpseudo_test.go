package jsruntime

import "testing"

// Chromium 156's readings of getComputedStyle's ::-webkit- arguments
// (testdata/wpt/leads91-computed-webkit-pseudo.html).
func TestParsePseudoWebkit(t *testing.T) {
	for _, c := range []struct {
		arg, pseudo string
		ok          bool
	}{
		{"::-webkit-search-cancel-button", "", true},
		{"::-webkit-inner-spin-button", "", true},
		{"::-webkit-input-placeholder", "", true},
		{"::-WEBKIT-Foo", "", true},
		{"::-webkit-", "", true},
		{`::-webkit-a\62 c`, "", true},
		{`::-webkit-\31`, "", true},
		{"::-webkit-scrollbar", "-webkit-scrollbar", true},
		{"::-webkit-scrollbar-thumb", "-webkit-scrollbar-thumb", true},
		{"::-webkit-resizer", "-webkit-resizer", true},
		{"::-webkit-scrollbar-track/**/", "-webkit-scrollbar-track", true},
		{"::-webkit-autofill", "", false},
		{"::-webkit-any-link", "", false},
		{"::-webkit-é", "", false},
		{"::-webkit-scrollbar ", "", false},
		{"::-webkit-foo()", "", false},
		{"::-webkit-foo.x", "", false},
		{"::-webkit-scrollbar-thumb:hover", "", false},
		{"::-webkit-foo::before", "", false},
		{":-webkit-scrollbar", "", false},
	} {
		pseudo, ok := parsePseudo(c.arg)
		if pseudo != c.pseudo || ok != c.ok {
			t.Errorf("parsePseudo(%q) = %q, %v; want %q, %v", c.arg, pseudo, ok, c.pseudo, c.ok)
		}
	}
}
