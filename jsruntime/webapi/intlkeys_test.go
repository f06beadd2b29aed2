package webapi

import (
	"testing"

	"github.com/dop251/goja"
)

// TestIntlOwnKeys: formatters have no own enumerable properties, as in a
// browser (for-in and Object.keys over a formatter listed its internal
// state "_"; deep-equal and clone helpers walk those keys).
func TestIntlOwnKeys(t *testing.T) {
	rt := goja.New()
	if err := InstallPolyfills(rt); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"own enumerable keys", `[new Intl.NumberFormat(), new Intl.DateTimeFormat(), new Intl.Collator(), new Intl.PluralRules(), new Intl.RelativeTimeFormat(),
			new Intl.ListFormat(), new Intl.Segmenter(), new Intl.DisplayNames("en", {type: "region"})].map(f => Object.keys(f).length + JSON.stringify(f)).join()`,
			"0{},0{},0{},0{},0{},0{},0{},0{}"},
		{"still formats", `new Intl.NumberFormat("en-US", {style: "currency", currency: "USD"}).format(3) + " " + new Intl.NumberFormat().resolvedOptions().locale`, "$3.00 en-US"},
	})
}
