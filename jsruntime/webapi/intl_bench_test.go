package webapi

import (
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// The per-page costs of Intl, in a realm as a page has it: installing it
// (every page), building it on
// first use with en-US formatting, and a first date in another locale
// (which parses that locale's tables).
func benchIntl(b *testing.B, script string) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		rt := goja.New()
		if err := InstallPolyfillsRealm(bind.NewRealm(rt)); err != nil {
			b.Fatal(err)
		}
		if script != "" {
			if _, err := rt.RunString(script); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkIntlInstall(b *testing.B) { benchIntl(b, "") }

func BenchmarkIntlFirstUse(b *testing.B) {
	benchIntl(b, `(1234.5).toLocaleString() + new Date(0).toLocaleString("en-US", {timeZone: "UTC"})`)
}

func BenchmarkIntlOtherLocale(b *testing.B) {
	benchIntl(b, `new Date(0).toLocaleDateString("ru-RU", {dateStyle: "full", timeZone: "UTC"}) + (1234.5).toLocaleString("ru-RU")`)
}

// BenchmarkLocaleCase: a search filter's calls, toLocaleLowerCase without
// locales on every item and the query (Vuetify's defaultFilter), 1000
// calls an op.
func BenchmarkLocaleCase(b *testing.B) {
	rt := goja.New()
	if err := InstallPolyfills(rt); err != nil {
		b.Fatal(err)
	}
	prg, err := goja.Compile("bench.js", `(function () {
		var items = ["Frozen Yogurt", "Ice cream sandwich", "Eclair", "Cupcake", "Gingerbread"], n = 0;
		for (var i = 0; i < 1000; i++) n += items[i % 5].toLocaleLowerCase().indexOf("ce");
		return n;
	})()`, true)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rt.RunProgram(prg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDateTimeFormatNew: a date picker's formatters, one made for
// each cell with the same locale and options (Vuetify's date adapter), 100
// an op.
func BenchmarkDateTimeFormatNew(b *testing.B) {
	rt := goja.New()
	if err := InstallPolyfills(rt); err != nil {
		b.Fatal(err)
	}
	prg, err := goja.Compile("bench.js", `(function () {
		var n = 0, d = new Date(2024, 0, 15);
		for (var i = 0; i < 100; i++) n += new Intl.DateTimeFormat("en", { day: "numeric" }).format(d).length;
		return n;
	})()`, true)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := rt.RunProgram(prg); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rt.RunProgram(prg); err != nil {
			b.Fatal(err)
		}
	}
}
