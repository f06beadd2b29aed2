package jsruntime

import (
	"reflect"
	"testing"
)

// TestParseCSP: the Trusted Types directives of a policy list, as a header
// carries it (policies split at commas, directive names case-insensitive,
// a repeated directive ignored, 'none' alone allowing no name).
func TestParseCSP(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []cspPolicy
	}{
		{"", nil},
		{" ; ;", nil},
		{"require-trusted-types-for 'script'", []cspPolicy{{requireScript: true}}},
		{"REQUIRE-TRUSTED-TYPES-FOR 'script' 'other'", []cspPolicy{{requireScript: true}}},
		{"require-trusted-types-for 'scripts'", []cspPolicy{{}}},
		{"script-src 'self'; trusted-types one two#x 'allow-duplicates' bad! ", []cspPolicy{{hasTrustedTypes: true, allowDuplicates: true,
			names: []string{"one", "two#x"}, trustedTypesText: "trusted-types one two#x 'allow-duplicates' bad!",
			worker: []string{"'self'"}, workerFrom: "script-src"}}},
		// worker-src, else child-src, script-src, default-src.
		{"default-src *; child-src a; WORKER-SRC b; script-src c", []cspPolicy{{connect: []string{"*"}, hasConnect: true,
			worker: []string{"b"}, workerFrom: "worker-src"}}},
		{"script-src c; default-src *", []cspPolicy{{connect: []string{"*"}, hasConnect: true,
			worker: []string{"c"}, workerFrom: "script-src"}}},
		{"trusted-types 'none'", []cspPolicy{{hasTrustedTypes: true, trustedTypesText: "trusted-types 'none'"}}},
		{"trusted-types", []cspPolicy{{hasTrustedTypes: true, trustedTypesText: "trusted-types"}}},
		{"trusted-types *; trusted-types one", []cspPolicy{{hasTrustedTypes: true, anyName: true, trustedTypesText: "trusted-types *"}}},
		{"require-trusted-types-for 'script', trusted-types a", []cspPolicy{{requireScript: true},
			{hasTrustedTypes: true, names: []string{"a"}, trustedTypesText: "trusted-types a"}}},
	} {
		got := parseCSP(tt.in, false)
		for i := range got {
			got[i].text = "" // the policy's text, checked below
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseCSP(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestCSPAllowsPolicy(t *testing.T) {
	c := parseCSP("trusted-types one default", false)[0]
	for name, want := range map[string]bool{"one": true, "default": true, "two": false, "One": false, "": false} {
		if got := c.allowsPolicy(name); got != want {
			t.Errorf("allowsPolicy(%q) = %v, want %v", name, got, want)
		}
	}
	if any := parseCSP("trusted-types *", false)[0]; !any.allowsPolicy("whatever") {
		t.Error("* does not allow every name")
	}
}

// FuzzParseCSP: header values are outside input; parsing never panics and
// keeps only valid policy names.
func FuzzParseCSP(f *testing.F) {
	for _, s := range []string{"require-trusted-types-for 'script'", "trusted-types a b 'allow-duplicates', x", ";,;", "trusted-types 'none' *"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range parseCSP(s, false) {
			for _, n := range c.names {
				if !isTrustedPolicyName(n) {
					t.Fatalf("name %q kept from %q", n, s)
				}
			}
		}
	})
}
