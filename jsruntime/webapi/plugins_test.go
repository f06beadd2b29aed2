package webapi

import "testing"

// TestPlugins checks navigator.plugins and navigator.mimeTypes against
// Chromium 156 (the five PDF viewers and the two PDF types).
func TestPlugins(t *testing.T) {
	rt, realm := newRealm(t)
	if err := InstallNavigator(realm, rt.GlobalObject(), Navigator{}); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"plugins", `var p=navigator.plugins; [String(p), p.length, p[0].name, p[0].filename, p[0].description, p[0].length, String(p[0][0]), p[0][0].type, p[0][0].suffixes, p[0][0].description, p[0][0].enabledPlugin===p[0], Array.from(p).map(function(x){return x.name}).join(';'), p.namedItem('PDF Viewer')===p[0], p.item(9), typeof p.refresh, p['Chrome PDF Viewer']===p[1]].join('|')`,
			"[object PluginArray]|5|PDF Viewer|internal-pdf-viewer|Portable Document Format|2|[object MimeType]|application/pdf|pdf|Portable Document Format|true|PDF Viewer;Chrome PDF Viewer;Chromium PDF Viewer;Microsoft Edge PDF Viewer;WebKit built-in PDF|true||function|true"},
		{"mimeTypes", `var m=navigator.mimeTypes; [String(m), m.length, Array.from(m).map(function(x){return x.type+','+x.suffixes+','+x.description+','+x.enabledPlugin.name}).join(';'), m.namedItem('application/pdf')===m[0], m['text/pdf']===m[1]].join('|')`,
			"[object MimeTypeArray]|2|application/pdf,pdf,Portable Document Format,PDF Viewer;text/pdf,pdf,Portable Document Format,PDF Viewer|true|true"},
		{"own keys", `Object.getOwnPropertyNames(navigator.plugins).join()+' / '+Object.getOwnPropertyNames(navigator.plugins[0]).join()`,
			"0,1,2,3,4,PDF Viewer,Chrome PDF Viewer,Chromium PDF Viewer,Microsoft Edge PDF Viewer,WebKit built-in PDF / 0,1,application/pdf,text/pdf"},
		{"same objects", `navigator.plugins===navigator.plugins && navigator.mimeTypes[0]===navigator.plugins[0][0] && navigator.pdfViewerEnabled`, "true"},
	})
}
