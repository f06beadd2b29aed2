package bind

import (
	"reflect"
	"strings"

	"github.com/dop251/goja"
)

// A DOMException is the implementation value behind a JavaScript
// DOMException object.
// https://webidl.spec.whatwg.org/#idl-DOMException
type DOMException struct {
	Name    string
	Message string
}

func (e *DOMException) Error() string { return e.Name + ": " + e.Message }

// domExceptionCodes are the legacy codes of the error names that have one.
// https://webidl.spec.whatwg.org/#dfn-error-names-table
var domExceptionCodes = map[string]int{
	"IndexSizeError": 1, "HierarchyRequestError": 3, "WrongDocumentError": 4,
	"InvalidCharacterError": 5, "NoModificationAllowedError": 7, "NotFoundError": 8,
	"NotSupportedError": 9, "InUseAttributeError": 10, "InvalidStateError": 11,
	"SyntaxError": 12, "InvalidModificationError": 13, "NamespaceError": 14,
	"InvalidAccessError": 15, "TypeMismatchError": 17, "SecurityError": 18,
	"NetworkError": 19, "AbortError": 20, "URLMismatchError": 21,
	"QuotaExceededError": 22, "TimeoutError": 23, "InvalidNodeTypeError": 24,
	"DataCloneError": 25,
}

// DOMExceptionInterface declares DOMException; NewRealm installs it.
var DOMExceptionInterface = &Interface{
	Name:   "DOMException",
	Parent: "Error",
	Weak:   true,
	Constructor: func(r *Realm, args []goja.Value, _ *goja.Object) any {
		e := &DOMException{Name: "Error"}
		if !Absent(Arg(args, 0)) {
			e.Message = DOMString(args[0])
		}
		if !Absent(Arg(args, 1)) {
			e.Name = DOMString(args[1])
		}
		return e
	},
	Constants: []Constant{
		{"INDEX_SIZE_ERR", 1}, {"DOMSTRING_SIZE_ERR", 2}, {"HIERARCHY_REQUEST_ERR", 3},
		{"WRONG_DOCUMENT_ERR", 4}, {"INVALID_CHARACTER_ERR", 5}, {"NO_DATA_ALLOWED_ERR", 6},
		{"NO_MODIFICATION_ALLOWED_ERR", 7}, {"NOT_FOUND_ERR", 8}, {"NOT_SUPPORTED_ERR", 9},
		{"INUSE_ATTRIBUTE_ERR", 10}, {"INVALID_STATE_ERR", 11}, {"SYNTAX_ERR", 12},
		{"INVALID_MODIFICATION_ERR", 13}, {"NAMESPACE_ERR", 14}, {"INVALID_ACCESS_ERR", 15},
		{"VALIDATION_ERR", 16}, {"TYPE_MISMATCH_ERR", 17}, {"SECURITY_ERR", 18},
		{"NETWORK_ERR", 19}, {"ABORT_ERR", 20}, {"URL_MISMATCH_ERR", 21},
		{"QUOTA_EXCEEDED_ERR", 22}, {"TIMEOUT_ERR", 23}, {"INVALID_NODE_TYPE_ERR", 24},
		{"DATA_CLONE_ERR", 25},
	},
	Attributes: []Attribute{
		{Name: "name", Get: func(r *Realm, this any) goja.Value { return r.String(this.(*DOMException).Name) }},
		{Name: "message", Get: func(r *Realm, this any) goja.Value { return r.String(this.(*DOMException).Message) }},
		{Name: "code", Get: func(r *Realm, this any) goja.Value { return r.Int(domExceptionCodes[this.(*DOMException).Name]) }},
	},
}

// NewDOMException returns a new DOMException object.
func (r *Realm) NewDOMException(name, message string) *goja.Object {
	e := &DOMException{Name: name, Message: message}
	obj := r.newInstance(e, r.domException, r.domException.Prototype())
	r.record(obj, e, r.domException)
	// Error objects made by goja carry a stack; give DOMExceptions one too
	// so that reports say where they were thrown.
	var b []byte
	b = append(b, name...)
	b = append(b, ": "...)
	b = append(b, message...)
	for _, f := range r.Runtime.CaptureCallStack(10, nil) {
		b = append(b, "\n    at "...)
		b = append(b, f.Position().String()...)
	}
	obj.DefineDataProperty("stack", r.Runtime.ToValue(string(b)), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	return obj
}

// ThrowDOMException throws a new DOMException; it does not return. When
// it is thrown by an operation, attribute setter or constructor, the
// binding puts Chromium's context before message (see contextualize).
func (r *Realm) ThrowDOMException(name, message string) {
	obj := r.NewDOMException(name, message)
	r.thrown = obj
	panic(obj)
}

// contextualize is called with the value x an operation, setter or
// constructor panicked with. When x is the DOMException ThrowDOMException
// just threw, its message gets the context Chromium's bindings give it:
// "Failed to execute 'op' on 'Interface': ", "Failed to set the 'x'
// property on 'Interface': " or "Failed to construct 'X': ", made from
// "Failed to " + what + name + on + iface + "': ". Messages that already
// have it, and any other value (a script's own exception passing through
// a callback), are left alone. A conversion's TypeError (convert.go)
// becomes a TypeError with that context. It returns x, to be panicked again; it is
// only reached when something was thrown.
func (r *Realm) contextualize(x any, what, name, on, iface string) any {
	obj, ok := x.(*goja.Object)
	if !ok || obj != r.thrown {
		if msg, ok := conversionMessage(x); ok {
			// A conversion's TypeError (a Symbol or BigInt where a string
			// or number was wanted).
			return r.Runtime.NewTypeError("%s", "Failed to "+what+name+on+iface+"': "+msg)
		}
		if isRangeError(x) {
			return r.newRangeError("Failed to " + what + name + on + iface + "': " + reflect.ValueOf(x).String())
		}
		return x
	}
	r.thrown = nil
	en, _ := r.entryOf(obj)
	e, ok := en.impl.(*DOMException)
	if !ok || strings.HasPrefix(e.Message, "Failed to ") {
		return x
	}
	old := e.Name + ": " + e.Message
	e.Message = "Failed to " + what + name + on + iface + "': " + e.Message
	if st, ok := obj.Get("stack").Export().(string); ok && strings.HasPrefix(st, old) {
		_ = obj.Set("stack", e.Name+": "+e.Message+st[len(old):])
	}
	return x
}
