package jsruntime

import "testing"

// TestHasAtSubject: the :has() rules the incremental style update matches
// only around the mutations and on their ancestors' levels are those
// whose every :has() is on the subject compound.
func TestHasAtSubject(t *testing.T) {
	for sel, want := range map[string]bool{
		".collapse:has(> input:checked)":        true,
		".x:has(.y)":                            true,
		"ul .c3:has(.x)":                        true,
		".menu li:has(ul) ":                     true,
		".timeline:not(:has(.timeline-middle))": true,
		":root:has(input.theme-controller[value=dark]:checked)": true,
		".a + .b:has(~ .c)":                          true,
		".md\\:x .y:has(.z)":                         true,
		".\\31 0 .y:is(.p, .q:has(.z))":              true,
		":is( .p .q , .r ):has(.z)":                  true,
		`[data-x="a b"]:has(.z)`:                     true,
		".x:has(.y) + .z":                            false,
		":has(.c3) > .c1":                            false,
		".a:has(.b) .c":                              false,
		".a:has(.b)  ~  .c":                          false,
		":is(.a:has(.b) .c)":                         false,
		".a :where(li:has(> ul)) .b":                 false,
		":not(:has(:checked)) :is(.r, [type=reset])": false,
		":nth-child(2 of .a:has(.b))":                false,
		".plain":                                     false,
		".a:has(.b":                                  false,
		".a:is(.b":                                   false,
	} {
		if got := hasAtSubject(sel); got != want {
			t.Errorf("hasAtSubject(%q) = %v, want %v", sel, got, want)
		}
	}
}
