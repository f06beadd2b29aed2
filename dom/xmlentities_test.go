package dom

import (
	"errors"
	"strings"
	"testing"
)

// TestXMLDoctypeEntities checks the entities a doctype gives an XML
// document: internal entities of the internal subset (expanded, nested,
// first declaration binding), the HTML entities for XHTML public
// identifiers, and errors for undefined or exploding entities.
// https://www.w3.org/TR/xml/#sec-entity-decl
func TestXMLDoctypeEntities(t *testing.T) {
	tests := []struct{ name, in, text, attr string }{
		{"internal", `<!DOCTYPE r [<!ENTITY a "x">]><r v="&a;">&a;&a;</r>`, "xx", "x"},
		{"nested and char refs", `<!DOCTYPE r [<!ENTITY a "&#65;&#x42;"><!ENTITY b '&a;-&a;&amp;'>]><r v="&b;">&b;</r>`, "AB-AB&", "AB-AB&"},
		{"first declaration binds", `<!DOCTYPE r [<!ENTITY a "1"><!ENTITY a "2">]><r v="">&a;</r>`, "1", ""},
		{"parameter and external entities are skipped", `<!DOCTYPE r [<!ENTITY % p "x"><!ENTITY e SYSTEM "e.xml"><!ENTITY a "ok">]><r v="">&a;</r>`, "ok", ""},
		{"xhtml", `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x"><r v="&eacute;">&nbsp;&copy;</r>`, "\u00a0\u00a9", "\u00e9"},
	}
	for _, tt := range tests {
		d, err := ParseXML(strings.NewReader(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		r := d.DocumentElement()
		if got, _ := r.TextContent(); got != tt.text {
			t.Errorf("%s: text %q, want %q", tt.name, got, tt.text)
		}
		if got := r.Attribute("v"); got != tt.attr {
			t.Errorf("%s: attribute %q, want %q", tt.name, got, tt.attr)
		}
	}
	bad := []struct{ name, in string }{
		{"undefined", `<!DOCTYPE r [<!ENTITY a "&nope;">]><r>&a;</r>`},
		{"html entity without an xhtml doctype", `<r>&nbsp;</r>`},
		{"billion laughs", `<!DOCTYPE r [<!ENTITY a "` + strings.Repeat("x", 1000) + `">` +
			`<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">` +
			`<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]><r>&e;</r>`},
	}
	for _, tt := range bad {
		if _, err := ParseXML(strings.NewReader(tt.in)); !errors.Is(err, ErrXMLSyntax) {
			t.Errorf("%s: err = %v, want ErrXMLSyntax", tt.name, err)
		}
	}
}
