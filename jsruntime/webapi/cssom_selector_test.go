package webapi

import "testing"

// TestSerializeForgivingSelectors: selectorText leaves out the items of
// :is() and :where() that the forgiving parse drops, and in a
// compound-only argument (:host(), ::slotted()) their complex items, as
// Chromium 156 serializes them.
func TestSerializeForgivingSelectors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{":is(:total-nonsense)", ":is()"},
		{":is(:total-nonsense, #t)", ":is(#t)"},
		{":where(a, :bogus, b)", ":where(a, b)"},
		{":is(a, ::before)", ":is(a)"},
		{":is(a, , b)", ":is(a, b)"},
		{":is(a,)", ":is(a)"},
		{":not(:is(:bogus))", ":not(:is())"},
		{":has(:is(:bogus, a))", ":has(:is(a))"},
		{"a:is(b, !, c) d", "a:is(b, c) d"},
		{":is(a:hover, b:bogus)", ":is(a:hover)"},
		{":is(:is(:bogus), .x  >  .y)", ":is(:is(), .x > .y)"},
		{":is(a[title=','], b)", ":is(a[title=\",\"], b)"},
		{":host(:is(.a .b))", ":host(:is())"},
		{":host(:where(.a .b, .c))", ":host(:where(.c))"},
		{"::slotted(:is(.a > .b, .c))", "::slotted(:is(.c))"},
		{":host-context(:is(.a .b)) .c", ":host-context(:is()) .c"},
	} {
		if got := serializeSelectors(tt.in, nil); got != tt.want {
			t.Errorf("serializeSelectors(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
