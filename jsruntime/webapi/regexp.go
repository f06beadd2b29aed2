package webapi

import (
	"fmt"
	"sync"

	"github.com/dop251/goja"
)

// RegExp.prototype[Symbol.matchAll] makes its matcher with
// `new C(R, flags)`, C being R's species constructor
// (https://tc39.es/ecma262/#sec-regexp-prototype-matchall). goja compiles
// the pattern again for that call, even though the flags are R's own, and a
// pattern that goja hands to regexp2 (named groups, backreferences,
// lookaround) costs milliseconds to compile: solid-js/html calls
// tag.matchAll(attrRE) once per tag of every template, which made a Solid
// page spend a second compiling one regexp. `new RegExp(R)` without flags
// shares R's compiled pattern, so for a plain RegExp whose species, flags
// getter and constructor are the built-ins, the matcher is made that way:
// R gets a species constructor of its own for the duration of the native
// call (which runs no script in between), and the native iterator does the
// rest. Anything else (subclasses, a changed species or flags getter) takes
// the built-in path unchanged.
const matchAllSource = `(function () {
  'use strict';
  var RE = RegExp, proto = RE.prototype, nativeMatchAll = proto[Symbol.matchAll];
  if (typeof nativeMatchAll !== 'function') return;
  var speciesGetter = (Object.getOwnPropertyDescriptor(RE, Symbol.species) || {}).get;
  var flagsGetter = (Object.getOwnPropertyDescriptor(proto, 'flags') || {}).get;
  var toString = Object.prototype.toString, getProto = Object.getPrototypeOf;
  var hasOwn = Object.prototype.hasOwnProperty, isExtensible = Object.isExtensible;
  var defineProperty = Object.defineProperty, getOwn = Object.getOwnPropertyDescriptor;
  var call = Function.prototype.call.bind(Function.prototype.call);
  var sharing = {};
  // Constructed as new C(R, flags): a clone of R sharing its compiled pattern.
  sharing[Symbol.species] = function (r) { return new RE(r); };
  function plain(r) {
    if (typeof r !== 'object' || r === null || toString.call(r) !== '[object RegExp]') return false;
    if (getProto(r) !== proto || hasOwn.call(r, 'constructor') || !isExtensible(r)) return false;
    var c = getOwn(proto, 'constructor'), s = getOwn(RE, Symbol.species), f = getOwn(proto, 'flags');
    return c !== undefined && c.value === RE && s !== undefined && s.get === speciesGetter &&
      f !== undefined && f.get === flagsGetter && !hasOwn.call(r, 'flags');
  }
  var method = {
    [Symbol.matchAll](string) {
      if (!plain(this)) return call(nativeMatchAll, this, string);
      defineProperty(this, 'constructor', { value: sharing, writable: true, configurable: true });
      try {
        return call(nativeMatchAll, this, string);
      } finally {
        delete this.constructor;
      }
    }
  }[Symbol.matchAll];
  defineProperty(proto, Symbol.matchAll, { value: method, writable: true, enumerable: false, configurable: true });
})();`

var matchAllProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:regexp-matchall.js", matchAllSource, true)
})

// InstallRegExpMatchAll replaces RegExp.prototype[Symbol.matchAll] with one
// that does not recompile the pattern of a plain RegExp (see matchAllSource).
func InstallRegExpMatchAll(rt *goja.Runtime) error {
	prg, err := matchAllProgram()
	if err != nil {
		return fmt.Errorf("webapi: compile matchAll: %w", err)
	}
	if _, err := rt.RunProgram(prg); err != nil {
		return fmt.Errorf("webapi: install matchAll: %w", err)
	}
	return nil
}
