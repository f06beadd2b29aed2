package jsruntime

import (
	"context"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// The MIME type checks of fetched scripts, as Chromium makes them: a
// module script (and each module it imports, and a script importScripts
// loads) must be served with a JavaScript MIME type, a JSON module with a
// JSON MIME type and a CSS module as text/css; a classic script runs
// whatever its type, except an image, audio, video or text/csv response,
// and, when the response says X-Content-Type-Options: nosniff, anything
// but JavaScript. The checks need the response's headers, which a
// TypedScriptLoader gives; without one none is made.
// https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-single-module-script (step 13)
// https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-mime-type?
// https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-nosniff?

// A ScriptResponse is a fetched script: its body and what the MIME type
// checks read from its response's headers.
type ScriptResponse struct {
	Body        []byte
	ContentType string // the Content-Type header ("" when there is none)
	NoSniff     bool   // X-Content-Type-Options: nosniff (NoSniff)
}

// A TypedScriptLoader is a ScriptLoader that also gives the headers of
// each script's response the MIME type checks read. ticket is an
// OrderedScriptLoader's (zero: the load takes one when it starts).
type TypedScriptLoader interface {
	ScriptLoader
	LoadScriptTyped(ctx context.Context, url string, ticket uint64) (ScriptResponse, error)
}

// NoSniff reports whether the values of a response's
// X-Content-Type-Options headers say nosniff: the first of their
// comma-separated values is "nosniff", in any case.
// https://fetch.spec.whatwg.org/#determine-nosniff
func NoSniff(values []string) bool {
	if len(values) == 0 {
		return false
	}
	first, _, _ := strings.Cut(values[0], ",")
	return ascii.EqualFold(strings.Trim(first, " \t"), "nosniff")
}

// scriptMIMEError is a script refused for its response's MIME type; its
// message is Chromium's console message.
type scriptMIMEError struct{ msg string }

func (e *scriptMIMEError) Error() string { return e.msg }

// mimeEssence is a Content-Type's essence: its type and subtype,
// lowercased, without parameters.
func mimeEssence(ct string) string {
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return ascii.Lower(strings.Trim(ct, " \t\r\n"))
}

// What a script is fetched as, for its MIME type check.
const (
	checkClassic = iota // a classic script
	checkModule         // a JavaScript module (or importScripts)
	checkJSON           // a JSON module
	checkCSS            // a CSS module
)

// moduleCheck is the check of a module the bundler loads with ctx (the
// module type it asks for, webapi.ModuleTypeOf).
func moduleCheck(ctx context.Context) int {
	switch webapi.ModuleTypeOf(ctx) {
	case webapi.ModuleJSON:
		return checkJSON
	case webapi.ModuleCSS:
		return checkCSS
	}
	return checkModule
}

// checkScriptMIME returns the error of a script at url fetched as check
// whose response is res, or nil when it may run.
func checkScriptMIME(url string, res ScriptResponse, check int) error {
	essence := mimeEssence(res.ContentType)
	var expected string
	switch check {
	case checkModule:
		if jsMIME[essence] {
			return nil
		}
		expected = "JavaScript-or-Wasm"
	case checkJSON:
		if jsonMIME(essence) {
			return nil
		}
		expected = "JSON"
	case checkCSS:
		if essence == "text/css" {
			return nil
		}
		expected = "CSS"
	default:
		if blockedScriptMIME(essence) {
			return &scriptMIMEError{msg: "Refused to execute script from '" + url + "' because its MIME type ('" + essence + "') is not executable."}
		}
		if res.NoSniff && !jsMIME[essence] {
			return &scriptMIMEError{msg: "Refused to execute script from '" + url + "' because its MIME type ('" + essence + "') is not executable, and strict MIME type checking is enabled."}
		}
		return nil
	}
	return &scriptMIMEError{msg: "Failed to load module script: Expected a " + expected + " module script but the server responded with a MIME type of \"" + essence + "\". Strict MIME type checking is enforced for module scripts per HTML spec."}
}

// jsonMIME reports whether essence is a JSON MIME type.
// https://mimesniff.spec.whatwg.org/#json-mime-type
func jsonMIME(essence string) bool {
	return essence == "application/json" || essence == "text/json" ||
		(strings.HasSuffix(essence, "+json") && strings.IndexByte(essence, '/') > 0)
}

// blockedScriptMIME reports whether a script served with essence is
// never run.
// https://fetch.spec.whatwg.org/#should-response-to-request-be-blocked-due-to-mime-type?
func blockedScriptMIME(essence string) bool {
	return strings.HasPrefix(essence, "image/") || strings.HasPrefix(essence, "audio/") ||
		strings.HasPrefix(essence, "video/") || essence == "text/csv"
}

// loadScript loads the script at url through loader (an
// OrderedScriptLoader's at ticket when it is one and ticket is not zero)
// with the MIME type check of what it is fetched as (check) when the
// loader gives the response's headers.
func loadScript(ctx context.Context, loader ScriptLoader, url string, ticket uint64, check int) ([]byte, error) {
	if typed, ok := loader.(TypedScriptLoader); ok {
		res, err := typed.LoadScriptTyped(ctx, url, ticket)
		if err != nil {
			return nil, err
		}
		if err := checkScriptMIME(url, res, check); err != nil {
			return nil, err
		}
		return res.Body, nil
	}
	if ordered, ok := loader.(OrderedScriptLoader); ok && ticket != 0 {
		return ordered.LoadScriptTicket(ctx, url, ticket)
	}
	return loader.LoadScript(ctx, url)
}
