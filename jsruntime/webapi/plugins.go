package webapi

import (
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// navigator.plugins and navigator.mimeTypes as Chromium has them: the five
// PDF viewer plugins every Chromium reports (whatever plugins exist), each
// with the two PDF MIME types, and those two types.
// https://html.spec.whatwg.org/multipage/system-state.html#pdf-viewing-support

// plugin is a Plugin; mimeType a MimeType, which names its plugin.
type plugin struct {
	name  string
	types []*mimeType
}

type mimeType struct {
	typ    string
	plugin *plugin
}

// pluginArray and mimeTypeArray are the navigator's two lists.
type pluginArray struct{ plugins []*plugin }

type mimeTypeArray struct{ types []*mimeType }

// pdfPlugins builds the fixed list: every plugin lists both types, whose
// enabledPlugin is the first plugin.
func pdfPlugins() (*pluginArray, *mimeTypeArray) {
	names := []string{"PDF Viewer", "Chrome PDF Viewer", "Chromium PDF Viewer", "Microsoft Edge PDF Viewer", "WebKit built-in PDF"}
	pa := &pluginArray{}
	for _, n := range names {
		pa.plugins = append(pa.plugins, &plugin{name: n})
	}
	ma := &mimeTypeArray{types: []*mimeType{{typ: "application/pdf", plugin: pa.plugins[0]}, {typ: "text/pdf", plugin: pa.plugins[0]}}}
	for _, p := range pa.plugins {
		p.types = ma.types
	}
	return pa, ma
}

const pdfDescription = "Portable Document Format"

// namedList gives a list interface length, item, namedItem and indexed and
// named properties, from its length and its i-th item's name.
func namedList(name string, n func(this any) int, key func(this any, i int) string, wrap func(r *bind.Realm, this any, i int) goja.Value) *bind.Interface {
	find := func(this any, k string) int {
		for i := 0; i < n(this); i++ {
			if key(this, i) == k {
				return i
			}
		}
		return -1
	}
	return &bind.Interface{
		Name: name,
		Attributes: []bind.Attribute{
			{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(n(this)) }},
		},
		Methods: []bind.Method{
			{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				if i := argIndex(args, 0, 0); i < int64(n(this)) {
					return wrap(r, this, int(i))
				}
				return goja.Null()
			}},
			{Name: "namedItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				if i := find(this, bind.DOMString(args[0])); i >= 0 {
					return wrap(r, this, i)
				}
				return goja.Null()
			}},
		},
		IndexedIterator: true,
		Exotic: &bind.Exotic{
			Get: func(r *bind.Realm, this any, k string) goja.Value {
				if i := bind.Index(k); i >= 0 {
					if i < n(this) {
						return wrap(r, this, i)
					}
					return nil
				}
				if i := find(this, k); i >= 0 {
					return wrap(r, this, i)
				}
				return nil
			},
			Keys: func(r *bind.Realm, this any) []string {
				keys := indexKeys(n(this))
				for i := 0; i < n(this); i++ {
					keys = append(keys, key(this, i))
				}
				return keys
			},
		},
	}
}

// pluginInterfaces declares PluginArray, Plugin, MimeTypeArray and
// MimeType.
// https://html.spec.whatwg.org/multipage/system-state.html#pluginarray
func pluginInterfaces() []*bind.Interface {
	wrapType := func(r *bind.Realm, t *mimeType) goja.Value { return r.WrapObject(t, r.Class("MimeType")) }
	pluginArrayIface := namedList("PluginArray",
		func(this any) int { return len(this.(*pluginArray).plugins) },
		func(this any, i int) string { return this.(*pluginArray).plugins[i].name },
		func(r *bind.Realm, this any, i int) goja.Value {
			return r.WrapObject(this.(*pluginArray).plugins[i], r.Class("Plugin"))
		})
	pluginArrayIface.Methods = append(pluginArrayIface.Methods, bind.Method{Name: "refresh", Fn: func(*bind.Realm, any, []goja.Value) goja.Value { return nil }})
	pluginIface := namedList("Plugin",
		func(this any) int { return len(this.(*plugin).types) },
		func(this any, i int) string { return this.(*plugin).types[i].typ },
		func(r *bind.Realm, this any, i int) goja.Value { return wrapType(r, this.(*plugin).types[i]) })
	pluginIface.Attributes = append([]bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*plugin).name) }},
		{Name: "filename", Get: func(r *bind.Realm, _ any) goja.Value { return r.String("internal-pdf-viewer") }},
		{Name: "description", Get: func(r *bind.Realm, _ any) goja.Value { return r.String(pdfDescription) }},
	}, pluginIface.Attributes...)
	mimeTypeArrayIface := namedList("MimeTypeArray",
		func(this any) int { return len(this.(*mimeTypeArray).types) },
		func(this any, i int) string { return this.(*mimeTypeArray).types[i].typ },
		func(r *bind.Realm, this any, i int) goja.Value { return wrapType(r, this.(*mimeTypeArray).types[i]) })
	mimeTypeIface := &bind.Interface{
		Name: "MimeType",
		Attributes: []bind.Attribute{
			{Name: "type", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*mimeType).typ) }},
			{Name: "suffixes", Get: func(r *bind.Realm, _ any) goja.Value { return r.String("pdf") }},
			{Name: "description", Get: func(r *bind.Realm, _ any) goja.Value { return r.String(pdfDescription) }},
			{Name: "enabledPlugin", Get: func(r *bind.Realm, this any) goja.Value {
				return r.WrapObject(this.(*mimeType).plugin, r.Class("Plugin"))
			}},
		},
	}
	return []*bind.Interface{pluginArrayIface, pluginIface, mimeTypeArrayIface, mimeTypeIface}
}
