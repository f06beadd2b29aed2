// Async generator functions and async methods as Chromium shows them
// (installed by InstallAsyncGenerators, asyncgen.go, before any page
// script runs; see that file for the rewrites that call it).
// The helper is a global lexical binding, not a property of the global
// object: pages listing the window's own properties do not see it.
// The helpers of esbuild's lowering of classic scripts, which it would
// declare as globals (lowerhelpers.go).
const __bangsnapLowered = Object.create(null);
const __bangsnapAsyncGen = (function () {
  "use strict";
  if (!Symbol.asyncIterator) {
    Object.defineProperty(Symbol, "asyncIterator", { value: Symbol.for("Symbol.asyncIterator"), writable: false, enumerable: false, configurable: false });
  }
  // Async generator functions (https://tc39.es/ecma262/#sec-asyncgeneratorfunction-objects).
  // goja has none: esbuild lowers each to a plain function that returns
  // __asyncGenerator(this, args, function* () {…}), and asyncgen.go marks
  // the lowered functions with __bangsnapAsyncGen: f(fn[, name]) for a
  // function expression (the name it would have inferred), d(fns…) for
  // declarations (at the top of their scope), m(obj, keys…) for the methods
  // of a class or object, and g(it, self, new.target) wraps esbuild's
  // generator object in one inheriting from self.prototype, whose next,
  // return and throw (on %AsyncGeneratorPrototype%) call esbuild's, or
  // throws for `new`, as async generator functions are no constructors
  // (Reflect.construct and `extends` still take them). A marked function
  // inherits from %AsyncGeneratorFunction.prototype% and has its own
  // prototype object, so `instanceof (async function* () {}).constructor`
  // (Tonic's test for an async generator render) and the toStringTags are
  // Chromium's. Its toString shows the source as written (jsruntime/srctext.go).
  // a(obj, keys…) gives async methods %AsyncFunction.prototype%
  // (jsruntime/asyncmethods.go).
  var create = Object.create, defineProperty = Object.defineProperty, setProto = Object.setPrototypeOf,
      getProto = Object.getPrototypeOf, reject = Promise.reject.bind(Promise),
      slots = new WeakMap(), slotGet = WeakMap.prototype.get, slotSet = WeakMap.prototype.set,
      marked = new WeakSet(), markedHas = WeakSet.prototype.has, markedAdd = WeakSet.prototype.add,
      indirectEval = globalThis.eval, FunctionCtor = Function,
      getOwnDesc = Object.getOwnPropertyDescriptor, sites = new WeakMap();
  var AsyncFunctionPrototype = getProto(async function () {});
  var AsyncIteratorPrototype = {};
  defineProperty(AsyncIteratorPrototype, Symbol.asyncIterator, { value: { [Symbol.asyncIterator]() { return this; } }[Symbol.asyncIterator], writable: true, enumerable: false, configurable: true });
  var AsyncGeneratorPrototype = create(AsyncIteratorPrototype);
  var resume = function (gen, k, v) {
    var it = slotGet.call(slots, gen);
    if (it === undefined) return reject(new TypeError(k + " method called on incompatible receiver " + String(gen)));
    return it[k](v);
  };
  var methods = {
    next(value) { return resume(this, "next", value); },
    return(value) { return resume(this, "return", value); },
    throw(exception) { return resume(this, "throw", exception); },
  };
  ["next", "return", "throw"].forEach(function (k) {
    defineProperty(AsyncGeneratorPrototype, k, { value: methods[k], writable: true, enumerable: false, configurable: true });
  });
  var AsyncGeneratorFunctionPrototype = create(FunctionCtor.prototype);
  var AsyncGeneratorFunction = function AsyncGeneratorFunction(args) {
    // https://tc39.es/ecma262/#sec-createdynamicfunction
    var n = arguments.length, params = "", body = n ? String(arguments[n - 1]) : "";
    for (var i = 0; i < n - 1; i++) params += (i ? "," : "") + String(arguments[i]);
    return indirectEval("(async function* anonymous(" + params + "\n) {\n" + body + "\n})");
  };
  setProto(AsyncGeneratorFunction, FunctionCtor);
  defineProperty(AsyncGeneratorFunction, "prototype", { value: AsyncGeneratorFunctionPrototype, writable: false, enumerable: false, configurable: false });
  defineProperty(AsyncGeneratorFunctionPrototype, "constructor", { value: AsyncGeneratorFunction, writable: false, enumerable: false, configurable: true });
  defineProperty(AsyncGeneratorFunctionPrototype, "prototype", { value: AsyncGeneratorPrototype, writable: false, enumerable: false, configurable: true });
  defineProperty(AsyncGeneratorFunctionPrototype, Symbol.toStringTag, { value: "AsyncGeneratorFunction", writable: false, enumerable: false, configurable: true });
  defineProperty(AsyncGeneratorPrototype, "constructor", { value: AsyncGeneratorFunctionPrototype, writable: false, enumerable: false, configurable: true });
  defineProperty(AsyncGeneratorPrototype, Symbol.toStringTag, { value: "AsyncGenerator", writable: false, enumerable: false, configurable: true });
  var mark = function (fn) {
    if (typeof fn !== "function" || markedHas.call(marked, fn)) return;
    markedAdd.call(marked, fn);
    setProto(fn, AsyncGeneratorFunctionPrototype);
    defineProperty(fn, "prototype", { value: create(AsyncGeneratorPrototype), writable: true, enumerable: false, configurable: false });
  };
  // methodOn finds the method of the given site that a call on receiver
  // ran: the first data property key on receiver's prototype chain (an
  // instance's method is on its class's prototype, a static one on the
  // class), when it was marked for that site; undefined otherwise (a
  // method called on another object, or one overridden by a subclass
  // calling it through super), and the generators inherit from
  // %AsyncGeneratorPrototype%.
  var methodOn = function (receiver, key, site) {
    for (var o = receiver; o !== null && o !== undefined && (typeof o === "object" || typeof o === "function"); o = getProto(o)) {
      var d = getOwnDesc(o, key);
      if (d === undefined) continue;
      var f = d.value;
      return typeof f === "function" && slotGet.call(sites, f) === site ? f : undefined;
    }
    return undefined;
  };
  var helper = {
    f(fn, name) {
      mark(fn);
      if (arguments.length > 1) defineProperty(fn, "name", { value: name, writable: false, enumerable: false, configurable: true });
      return fn;
    },
    d() {
      for (var i = 0; i < arguments.length; i++) mark(arguments[i]);
    },
    // m(obj, key, site…): the methods of a class or object, each with
    // the number of its site, which its generators give g to find it.
    m(obj) {
      for (var i = 1; i < arguments.length; i += 2) {
        var d = getOwnDesc(obj, arguments[i]);
        if (d && "value" in d) {
          mark(d.value);
          if (typeof d.value === "function") slotSet.call(sites, d.value, arguments[i + 1]);
        }
      }
      return obj;
    },
    // a(obj, keys…): the async methods of a class or object (goja
    // makes them with Function.prototype as their prototype; see
    // jsruntime/asyncmethods.go).
    a(obj) {
      for (var i = 1; i < arguments.length; i++) {
        var d = Object.getOwnPropertyDescriptor(obj, arguments[i]);
        if (d && typeof d.value === "function" && getProto(d.value) === FunctionCtor.prototype) setProto(d.value, AsyncFunctionPrototype);
      }
      return obj;
    },
    g(it, self, newTarget, receiver, key, site) {
      if (newTarget !== undefined) throw new TypeError(String(self.name) + " is not a constructor");
      var proto = AsyncGeneratorPrototype;
      if (site !== undefined) self = methodOn(receiver, key, site);
      if (self !== undefined && markedHas.call(marked, self)) {
        var p = self.prototype;
        if (p !== null && (typeof p === "object" || typeof p === "function")) proto = p;
      }
      var gen = create(proto);
      slotSet.call(slots, gen, it);
      return gen;
    },
  };
  return helper;
})();
