package webapi

import (
	"context"
	"testing"

	"github.com/dop251/goja"
)

// A tagged template's object is one object per call site (ECMAScript
// GetTemplateObject, https://tc39.es/ecma262/#sec-gettemplateobject), usable
// as a Map or WeakMap key: Lit caches each template's DOM by it. goja makes
// a new object per evaluation, so modules are bundled with template
// literals lowered (gojaSupported["template-literal"]).
func TestBundledTaggedTemplateIsOneObjectPerSite(t *testing.T) {
	m := &mapLoader{files: map[string]string{
		"https://app.test/html.js": "const cache = new WeakMap(); let made = 0;\n" +
			"export const html = (strings, ...values) => { if (!cache.has(strings)) { cache.set(strings, ++made) } return cache.get(strings) + ':' + values.join() + ':' + strings.raw.join('|') };\n" +
			"export const count = () => made;",
	}}
	entry := ModuleEntry{URL: "https://app.test/", Source: []byte(
		"import { html, count } from './html.js';\n" +
			"const render = (n) => html`<p class=${n}>\\n${n + 1}</p>`;\n" +
			"globalThis.result = [render(1), render(2), render(3), count(), `plain ${count()} ${{ toString() { return 'ts' }, valueOf() { return 'vo' } }}`].join(' / ');")}
	code, err := NewBundler(0).Bundle(context.Background(), entry, m.load)
	if err != nil {
		t.Fatal(err)
	}
	rt := goja.New()
	if _, err := rt.RunString(code); err != nil {
		t.Fatal(err)
	}
	// Untagged templates still call toString, not valueOf, on objects.
	want := `1:1,2:<p class=|>\n|</p> / 1:2,3:<p class=|>\n|</p> / 1:3,4:<p class=|>\n|</p> / 1 / plain 1 ts`
	if got := rt.Get("result").String(); got != want {
		t.Errorf("result = %q, want %q", got, want)
	}
}
