package dom

import (
	"strings"
	"testing"
)

// What Chromium 156 (libxml2) makes of a doctype's internal subset: the
// expected serializations are its XMLSerializer output for the same
// DOMParser input.
func TestXMLInternalSubset(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"entity with markup", `<!DOCTYPE r [<!ENTITY e "<b>bold</b> &amp; text">]><r>x &e; y</r>`, `<r>x <b>bold</b> &amp; text y</r>`},
		{"nested entities with markup", `<!DOCTYPE r [<!ENTITY a "<i>A</i>"><!ENTITY e "<b>&a;</b>">]><r>&e;</r>`, `<r><b><i>A</i></b></r>`},
		{"twice", `<!DOCTYPE r [<!ENTITY e "<b>1</b>">]><r>&e;&e;</r>`, `<r><b>1</b><b>1</b></r>`},
		{"not in comments or CDATA", `<!DOCTYPE r [<!ENTITY e "<b/>">]><r><!--&e;--><![CDATA[&e;]]></r>`, `<r><!--&e;--><![CDATA[&e;]]></r>`},
		{"attribute defaults", `<!DOCTYPE r [<!ATTLIST r x CDATA "dx" y CDATA #IMPLIED z CDATA #FIXED "fz"><!ATTLIST c k CDATA "dk">]><r x="given"><c/><c k="own"/></r>`, `<r x="given" z="fz"><c k="dk"/><c k="own"/></r>`},
		{"namespace declaration defaults", `<!DOCTYPE r [<!ATTLIST r xmlns:f CDATA "urn:f" f:a CDATA "v">]><r><f:c/></r>`, `<r xmlns:f="urn:f" f:a="v"><f:c/></r>`},
		{"enumerated attribute default", `<!DOCTYPE r [<!ATTLIST r dir (ltr|rtl) "ltr">]><r/>`, `<r dir="ltr"/>`},
		{"parameter entity", `<!DOCTYPE r [<!ENTITY % p "<!ENTITY e 'pe'>"> %p;]><r>&e;</r>`, `<r>pe</r>`},
		{"external entity dropped", `<!DOCTYPE r [<!ENTITY e SYSTEM "x.ent">]><r>a&e;b</r>`, `<r>ab</r>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseXML(strings.NewReader(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := d.DocumentElement().XMLString(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	// A billion laughs through markup entities ends with an error.
	var b strings.Builder
	b.WriteString(`<!DOCTYPE r [<!ENTITY a "<x>` + strings.Repeat("y", 1000) + `</x>">`)
	b.WriteString(`]><r>` + strings.Repeat("&a;", 100000) + `</r>`)
	if _, err := ParseXML(strings.NewReader(b.String())); err == nil {
		t.Error("100,000 references to a 1 kB markup entity parsed")
	}
}
