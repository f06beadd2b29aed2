package webapi

import "context"

// Module types. A module is imported as JavaScript, or as a JSON or CSS
// module (import attributes: with { type: "json" }); the page's loader
// checks its response's MIME type against that type, as a browser does
// (a JSON module must be served as JSON, a CSS module as text/css). The
// bundler says which type it loads a module as through the context it
// gives the ModuleLoader: the loader's signature, and those of the
// jsruntime hooks that pass it on, stay as they are.
// https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-single-module-script

// The module types a ModuleLoader is asked for.
const (
	ModuleJavaScript = ""     // a JavaScript module (no type attribute)
	ModuleJSON       = "json" // with { type: "json" }
	ModuleCSS        = "css"  // with { type: "css" }
)

type moduleTypeKey struct{}

// withModuleType is ctx for loading a module of type typ.
func withModuleType(ctx context.Context, typ string) context.Context {
	if typ == ModuleJavaScript {
		return ctx
	}
	return context.WithValue(ctx, moduleTypeKey{}, typ)
}

// ModuleTypeOf is the type of the module a ModuleLoader called with ctx
// loads: ModuleJavaScript, ModuleJSON or ModuleCSS.
func ModuleTypeOf(ctx context.Context) string {
	typ, _ := ctx.Value(moduleTypeKey{}).(string)
	return typ
}
