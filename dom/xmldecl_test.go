package dom

import (
	"strings"
	"testing"
)

func TestXMLDeclaration(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		ok        bool
	}{
		{`<?xml version="1.0"?><r/>`, `<?xml version="1.0"?><r/>`, true},
		{`<?xml version='1.1' encoding='UTF-8'?><r/>`, `<?xml version="1.0" encoding="UTF-8"?><r/>`, true},
		{`<?xml version="1.10" standalone="no"?><r/>`, `<?xml version="1.0" standalone="no"?><r/>`, true},
		{"<?xml version = \"1.1\"\n standalone='yes' ?><r/>", `<?xml version="1.0" standalone="yes"?><r/>`, true},
		{`<?xml version="1."?><r/>`, "", false},
		{`<?xml version="2.0"?><r/>`, "", false},
		{`<?xml version="1.x"?><r/>`, "", false},
		{`<r/>`, `<r/>`, true},
	} {
		d, err := ParseXML(strings.NewReader(tc.src))
		if (err == nil) != tc.ok {
			t.Errorf("%q: err %v, want ok %v", tc.src, err, tc.ok)
			continue
		}
		if tc.ok {
			if got := d.XMLString(); got != tc.want {
				t.Errorf("%q: serialized %q, want %q", tc.src, got, tc.want)
			}
		}
	}
}
