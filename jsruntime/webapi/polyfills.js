// Built-ins that goja lacks and that modern bundles call. Each one is
// installed only when missing, as a non-enumerable property like the
// built-ins it stands in for. See TestPolyfills for what goja lacked when
// this was written.
//
// Functions are written in method syntax, as the built-ins they stand in
// for would be: not constructors, with no prototype property, named by
// their key. define, a Go function lent while this script runs, installs
// them as the built-ins are installed (writable, configurable, not
// enumerable) with no descriptor object made per function, and records
// them for Function.prototype.toString to show as native code:
//   define(obj, {methods})        the methods obj lacks (by `in`)
//   define(obj, {methods}, true)  all of them, replacing obj's own
//   define(obj, "name", value)    one value, when obj lacks it
// defineLazy(obj, [names], build), also lent by Go, defines the names obj
// lacks as build()[name], build running once on the first read of any
// of them (bind's DefineLazy: data properties to scripts), or at once
// when there is no realm to hold lazy properties (InstallPolyfills).
(function (global) {
  "use strict";
  var define = global.__bangsnapDefine;
  var defineLazy = global.__bangsnapDefineLazy;
  var host = global.__bangsnapIntlHost;
  var wellKnown = function (name) {
    if (!Symbol[name]) {
      Object.defineProperty(Symbol, name, { value: Symbol.for("Symbol." + name), writable: false, configurable: false, enumerable: false });
    }
  };
  // Symbol.asyncIterator is what esbuild's lowered for-await and async
  // generators look up; dispose/asyncDispose serve `using`.
  wellKnown("asyncIterator");
  wellKnown("dispose");
  wellKnown("asyncDispose");

  // https://tc39.es/ecma262/#sec-promise.withResolvers
  // https://tc39.es/ecma262/#sec-promise.try
  define(Promise, {
    withResolvers() {
      var out = {};
      out.promise = new this(function (resolve, reject) { out.resolve = resolve; out.reject = reject; });
      return out;
    },
    try(fn) {
      var args = Array.prototype.slice.call(arguments, 1);
      return new this(function (resolve) { resolve(fn.apply(undefined, args)); });
    },
  });

  // https://tc39.es/ecma262/#sec-object.groupby
  var groupBy = function (items, callback, toKey, add, make) {
    var out = make(), i = 0;
    for (var item of items) {
      add(out, toKey(callback(item, i++)), item);
    }
    return out;
  };
  define(Object, {
    groupBy(items, callback) {
      return groupBy(items, callback, function (k) { return typeof k === "symbol" ? k : String(k); },
        function (o, k, v) { if (Object.prototype.hasOwnProperty.call(o, k)) o[k].push(v); else o[k] = [v]; },
        function () { return Object.create(null); });
    },
  });
  define(Map, {
    groupBy(items, callback) {
      return groupBy(items, callback, function (k) { return k === 0 ? 0 : k; },
        function (m, k, v) { var g = m.get(k); if (g) g.push(v); else m.set(k, [v]); },
        function () { return new Map(); });
    },
  });

  // https://tc39.es/ecma262/#sec-string.prototype.iswellformed
  define(String.prototype, {
    isWellFormed() {
      var s = String(this);
      for (var i = 0; i < s.length; i++) {
        var c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
          var d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; }
          return false;
        }
        if (c >= 0xdc00 && c <= 0xdfff) return false;
      }
      return true;
    },
    toWellFormed() {
      var s = String(this), out = "";
      for (var i = 0; i < s.length; i++) {
        var c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
          var d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) { out += s[i] + s[i + 1]; i++; continue; }
          out += "\ufffd"; continue;
        }
        out += (c >= 0xdc00 && c <= 0xdfff) ? "\ufffd" : s[i];
      }
      return out;
    },
  });

  // https://tc39.es/proposal-regex-escaping/
  define(RegExp, {
    escape(s) {
      if (typeof s !== "string") throw new TypeError("RegExp.escape requires a string");
      return s.replace(/[\\^$.*+?()[\]{}|\/]/g, "\\$&").replace(/^[0-9a-zA-Z]/, function (c) {
        return "\\x" + c.charCodeAt(0).toString(16);
      });
    },
  });

  // https://tc39.es/proposal-array-from-async/
  define(Array, { fromAsync(items, mapFn, thisArg) {
    var C = typeof this === "function" ? this : Array;
    return new Promise(function (resolve, reject) {
      var out = [], i = 0, it;
      var asyncIt = items != null && items[Symbol.asyncIterator];
      if (asyncIt) {
        it = asyncIt.call(items);
      } else if (items != null && items[Symbol.iterator]) {
        it = items[Symbol.iterator]();
      } else {
        var arr = Object(items), n = arr.length >>> 0, k = 0;
        it = { next: function () { return k < n ? { value: arr[k++], done: false } : { value: undefined, done: true }; } };
      }
      var step = function () {
        var r;
        try { r = it.next(); } catch (e) { reject(e); return; }
        Promise.resolve(r).then(function (r) {
          if (r.done) {
            var res = C === Array ? out : Array.prototype.slice.call(out);
            resolve(res);
            return;
          }
          Promise.resolve(r.value).then(function (v) {
            if (mapFn) v = mapFn.call(thisArg, v, i);
            return v;
          }).then(function (v) { out.push(v); i++; step(); }, reject);
        }, reject);
      };
      step();
    });
  } });

  // WeakRef and FinalizationRegistry: goja has no weak references; a
  // WeakRef holds its target strongly (deref always returns it) and a
  // FinalizationRegistry never calls back, which is what a page observes
  // when no collection happens during its short life.
  if (typeof global.WeakRef === "undefined") {
    var WeakRef = function WeakRef(target) {
      if (!(this instanceof WeakRef)) throw new TypeError("Constructor WeakRef requires 'new'");
      if (target === null || (typeof target !== "object" && typeof target !== "function")) throw new TypeError("WeakRef: target must be an object");
      Object.defineProperty(this, "__target", { value: target });
    };
    define(WeakRef.prototype, { deref() { return this.__target; } });
    Object.defineProperty(WeakRef.prototype, Symbol.toStringTag, { value: "WeakRef", configurable: true });
    define(global, "WeakRef", WeakRef);
  }
  if (typeof global.FinalizationRegistry === "undefined") {
    var FinalizationRegistry = function FinalizationRegistry(cb) {
      if (!(this instanceof FinalizationRegistry)) throw new TypeError("Constructor FinalizationRegistry requires 'new'");
      if (typeof cb !== "function") throw new TypeError("FinalizationRegistry: cleanup must be callable");
    };
    define(FinalizationRegistry.prototype, { register() {} });
    define(FinalizationRegistry.prototype, { unregister() { return false; } });
    Object.defineProperty(FinalizationRegistry.prototype, Symbol.toStringTag, { value: "FinalizationRegistry", configurable: true });
    define(global, "FinalizationRegistry", FinalizationRegistry);
  }

  // Error.captureStackTrace is V8's stack trace API
  // (https://v8.dev/docs/stack-trace-api): it sets obj.stack to the
  // current stack without the frames from fn up, at most
  // Error.stackTraceLimit frames, formatted by Error.prepareStackTrace(obj,
  // callSites) when that is a function. Libraries (depd, http-errors,
  // source-map-support, zone.js) read CallSite objects that way. The frames
  // come from goja's stack ("name (file:line:col(pc))", "native"); a frame
  // of fn is told by its name. goja's own error stacks do not go through
  // here, so prepareStackTrace only formats captureStackTrace's stacks.
  var CallSite;
  var siteData = typeof Symbol === "function" ? Symbol("callSite") : "__callSite";
  function callSiteClass() {
    var C = function CallSite() { throw new TypeError("Illegal constructor"); };
    var get = function (key, none) {
      return function () { var d = this[siteData]; return d && d[key] != null ? d[key] : none; };
    };
    var methods = {
      getThis: get("none", undefined), getTypeName: get("none", null), getFunction: get("none", undefined),
      getFunctionName: get("name", null), getMethodName: get("none", null), getFileName: get("file", undefined),
      getLineNumber: get("line", null), getColumnNumber: get("column", null), getEvalOrigin: get("none", undefined),
      getScriptNameOrSourceURL: get("file", undefined), getScriptHash: get("none", ""),
      getEnclosingLineNumber: get("none", null), getEnclosingColumnNumber: get("none", null),
      getPosition: get("none", 0), getPromiseIndex: get("none", null),
      isToplevel: function () { var d = this[siteData]; return !!d && d.name == null; },
      isEval: function () { return false; }, isNative: function () { var d = this[siteData]; return !!d && d.native; },
      isConstructor: function () { return false; }, isAsync: function () { return false; },
      isPromiseAll: function () { return false; },
      toString: function () {
        var d = this[siteData] || {};
        var where = d.native ? "native" : (d.file || "<anonymous>") + (d.line != null ? ":" + d.line + ":" + d.column : "");
        return d.name != null ? d.name + " (" + where + ")" : where;
      },
    };
    for (var k in methods) Object.defineProperty(C.prototype, k, { value: methods[k], writable: true, configurable: true });
    return C;
  }
  function callSites(stack) {
    var out = [], lines = String(stack).split("\n");
    for (var i = 1; i < lines.length; i++) {
      var l = lines[i].replace(/^\s*at /, "");
      if (l === "") continue;
      var d = { name: null, file: undefined, line: null, column: null, native: false };
      var m = /^(.*?) \((.*)\)$/.exec(l);
      if (m) { d.name = m[1]; l = m[2]; }
      if (l === "native") d.native = true;
      else if ((m = /^(.*):(\d+):(\d+)(?:\(\d+\))?$/.exec(l))) { d.file = m[1]; d.line = +m[2]; d.column = +m[3]; }
      else d.file = l;
      var site = Object.create(CallSite.prototype);
      Object.defineProperty(site, siteData, { value: d });
      out.push(site);
    }
    return out;
  }
  define(Error, { captureStackTrace(obj, fn) {
    if (obj === null || typeof obj !== "object" && typeof obj !== "function") {
      throw new TypeError("invalid_argument");
    }
    if (!CallSite) CallSite = callSiteClass();
    // The first frame is this function's own.
    var sites = callSites(new Error().stack).slice(1);
    if (typeof fn === "function" && fn.name) {
      for (var i = 0; i < sites.length; i++) {
        if (sites[i][siteData].name === fn.name) { sites = sites.slice(i + 1); break; }
      }
    }
    var limit = Error.stackTraceLimit;
    if (typeof limit !== "number") limit = 0;
    if (sites.length > limit) sites = sites.slice(0, Math.max(0, limit));
    var s;
    if (typeof Error.prepareStackTrace === "function") {
      s = Error.prepareStackTrace(obj, sites);
    } else {
      var name = obj.name === undefined ? "Error" : String(obj.name);
      var msg = obj.message === undefined ? "" : String(obj.message);
      s = name === "" ? msg : msg === "" ? name : name + ": " + msg;
      for (var j = 0; j < sites.length; j++) s += "\n    at " + sites[j].toString();
    }
    Object.defineProperty(obj, "stack", { value: s, writable: true, configurable: true });
  } });

  // Annex B Date.prototype.getYear/setYear.
  // https://tc39.es/ecma262/#sec-date.prototype.getyear
  define(Date.prototype, { getYear() {
    var y = this.getFullYear();
    return y !== y ? NaN : y - 1900;
  } });
  define(Date.prototype, { setYear(y) {
    y = Number(y);
    var t = this.getTime();
    if (t !== t) t = 0;
    if (y !== y) return this.setTime(NaN);
    var yy = Math.trunc(y);
    if (yy >= 0 && yy <= 99) yy += 1900;
    var d = new Date(t);
    d.setFullYear(yy);
    return this.setTime(d.getTime());
  } });
  // Annex B Date.prototype.toGMTString: the same function as toUTCString.
  // https://tc39.es/ecma262/#sec-date.prototype.togmtstring
  if (!("toGMTString" in Date.prototype)) {
    Object.defineProperty(Date.prototype, "toGMTString", { value: Date.prototype.toUTCString, writable: true, configurable: true, enumerable: false });
  }

  // Annex B Object.prototype.__defineGetter__ and friends, which old
  // libraries use; core-js adds its own where they are missing.
  // https://tc39.es/ecma262/#sec-object.prototype.__defineGetter__
  var accessorDefiner = function (kind, name) {
    return { [name](key, fn) {
      if (this === null || this === undefined) throw new TypeError("Cannot convert undefined or null to object");
      var o = Object(this);
      if (typeof fn !== "function") throw new TypeError("Object.prototype." + name + ": Expecting function");
      var desc = { enumerable: true, configurable: true };
      desc[kind] = fn;
      Object.defineProperty(o, key, desc);
    } }[name];
  };
  var accessorLookup = function (kind, name) {
    return { [name](key) {
      if (this === null || this === undefined) throw new TypeError("Cannot convert undefined or null to object");
      var k = typeof key === "symbol" ? key : String(key);
      for (var o = Object(this); o !== null; o = Object.getPrototypeOf(o)) {
        var desc = Object.getOwnPropertyDescriptor(o, k);
        if (desc) return desc[kind];
      }
      return undefined;
    } }[name];
  };
  define(Object.prototype, "__defineGetter__", accessorDefiner("get", "__defineGetter__"));
  define(Object.prototype, "__defineSetter__", accessorDefiner("set", "__defineSetter__"));
  define(Object.prototype, "__lookupGetter__", accessorLookup("get", "__lookupGetter__"));
  define(Object.prototype, "__lookupSetter__", accessorLookup("set", "__lookupSetter__"));

  // Annex B String.prototype HTML methods ("x".bold() is "<b>x</b>").
  // https://tc39.es/ecma262/#sec-createhtml
  [["anchor", "a", "name"], ["big", "big"], ["blink", "blink"], ["bold", "b"], ["fixed", "tt"],
    ["fontcolor", "font", "color"], ["fontsize", "font", "size"], ["italics", "i"], ["link", "a", "href"],
    ["small", "small"], ["strike", "strike"], ["sub", "sub"], ["sup", "sup"]].forEach(function (m) {
    var name = m[0], tag = m[1], attr = m[2];
    var html = function (s, value) {
      if (s === null || s === undefined) throw new TypeError("String.prototype." + name + " called on null or undefined");
      var open = "<" + tag;
      if (attr) open += " " + attr + '="' + String(value).replace(/"/g, "&quot;") + '"';
      return open + ">" + String(s) + "</" + tag + ">";
    };
    // The ones with an attribute take its value (length 1).
    define(String.prototype, name, attr ? { [name](value) { return html(this, value); } }[name] : { [name]() { return html(this); } }[name]);
  });

  // Math.cosh and Math.sinh near the top of the double range: goja (Go's
  // math) computes exp(x)/2, which overflows for |x| above log(MAX_VALUE)
  // although the result is finite up to about 710.47; there
  // exp(|x|/2)/2 * exp(|x|/2) does not overflow. core-js replaces
  // Math.cosh when Math.cosh(710) is Infinity.
  var logMax = Math.log(Number.MAX_VALUE);
  [["cosh", 1], ["sinh", -1]].forEach(function (m) {
    var name = m[0], odd = m[1] === -1, orig = Math[name];
    if (orig(710) !== Infinity) return;
    define(Math, {
      [name](x) {
        x = Number(x);
        var a = Math.abs(x);
        if (a > logMax && a !== Infinity) {
          var w = Math.exp(0.5 * a), r = (0.5 * w) * w;
          return odd && x < 0 ? -r : r;
        }
        return orig(x);
      },
    }, true);
  });

  // goja names the UTC zone "(UTC)" in Date strings; V8 prints ICU's long
  // name, "(Coordinated Universal Time)".
  ["toString", "toTimeString"].forEach(function (name) {
    var orig = Date.prototype[name];
    define(Date.prototype, {
      [name]() {
        var s = orig.call(this);
        return s.slice(-5) === "(UTC)" ? s.slice(0, -5) + "(Coordinated Universal Time)" : s;
      },
    }, true);
  });

  // %TypedArray%.from with a primitive source: goja requires an object,
  // where the standard's GetMethod reads @@iterator of a primitive too (a
  // string is iterated by code points; a number or boolean, with no
  // iterator, is an empty array-like). rrweb, in mixpanel-browser, calls
  // Uint8Array.from(atob(s), fn) at load.
  // https://tc39.es/ecma262/#sec-%typedarray%.from
  var TypedArray = Object.getPrototypeOf(Int8Array), taFrom = TypedArray.from;
  try {
    taFrom.call(Uint8Array, "1");
  } catch (e) {
    define(TypedArray, {
      from(source) {
        var src = source;
        if (src !== null && src !== undefined && typeof src !== "object" && typeof src !== "function") src = Object(src);
        return taFrom.call(this, src, arguments[1], arguments[2]);
      },
    }, true);
  }

  // Atomics on ordinary (non-shared) integer typed arrays, as V8 allows;
  // wait cannot block a page's only thread.
  // https://tc39.es/ecma262/#sec-atomics-object
  if (typeof global.Atomics === "undefined") {
    var Atomics = {};
    var rmw = function (name, op) {
      define(Atomics, { [name](ta, i, v) {
        var old = ta[i];
        ta[i] = op(old, v);
        return old;
      } });
    };
    rmw("add", function (a, b) { return a + b; });
    rmw("sub", function (a, b) { return a - b; });
    rmw("and", function (a, b) { return a & b; });
    rmw("or", function (a, b) { return a | b; });
    rmw("xor", function (a, b) { return a ^ b; });
    rmw("exchange", function (a, b) { return b; });
    define(Atomics, { compareExchange(ta, i, expected, replacement) {
      var old = ta[i];
      if (old === ta.constructor.of(expected)[0]) ta[i] = replacement;
      return old;
    } });
    define(Atomics, { load(ta, i) { return ta[i]; } });
    define(Atomics, { store(ta, i, v) { ta[i] = v; return ta[i]; } });
    define(Atomics, { isLockFree(n) { return n === 1 || n === 2 || n === 4 || n === 8; } });
    define(Atomics, { wait() { throw new TypeError("Atomics.wait cannot be called in this context"); } });
    define(Atomics, { notify() { return 0; } });
    Object.defineProperty(Atomics, Symbol.toStringTag, { value: "Atomics", configurable: true });
    define(global, "Atomics", Atomics);
  }

  // Iterator helpers: https://tc39.es/ecma262/#sec-iterator-objects
  if (typeof global.Iterator === "undefined") {
    var IteratorProto = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
    var Iterator = function Iterator() {
      if (new.target === undefined || new.target === Iterator) throw new TypeError("Iterator is abstract");
    };
    Iterator.prototype = IteratorProto;
    define(IteratorProto, "constructor", Iterator);
    Object.defineProperty(IteratorProto, Symbol.toStringTag, { value: "Iterator", configurable: true, writable: true });
    var HelperProto = Object.create(IteratorProto);
    var helper = function (src, next, ret) {
      var h = Object.create(HelperProto);
      h.__next = next;
      h.__src = src;
      h.__done = false;
      return h;
    };
    define(HelperProto, { next() {
      if (this.__done) return { value: undefined, done: true };
      var r = this.__next();
      if (r.done) this.__done = true;
      return r;
    } });
    define(HelperProto, { return() {
      this.__done = true;
      if (this.__src && typeof this.__src.return === "function") this.__src.return();
      return { value: undefined, done: true };
    } });
    Object.defineProperty(HelperProto, Symbol.toStringTag, { value: "Iterator Helper", configurable: true });
    var fn = function (f, what) {
      if (typeof f !== "function") throw new TypeError(what + " requires a function");
    };
    var count = function (n) {
      n = Number(n);
      if (n !== n || n < 0) throw new RangeError("count must be a non-negative number");
      return Math.floor(n);
    };
    define(IteratorProto, { map(f) {
      fn(f, "map"); var it = this, i = 0;
      return helper(it, function () { var r = it.next(); return r.done ? r : { value: f(r.value, i++), done: false }; });
    } });
    define(IteratorProto, { filter(f) {
      fn(f, "filter"); var it = this, i = 0;
      return helper(it, function () {
        for (;;) { var r = it.next(); if (r.done || f(r.value, i++)) return r; }
      });
    } });
    define(IteratorProto, { take(n) {
      var it = this, left = count(n);
      return helper(it, function () {
        if (left-- <= 0) { if (typeof it.return === "function") it.return(); return { value: undefined, done: true }; }
        return it.next();
      });
    } });
    define(IteratorProto, { drop(n) {
      var it = this, skip = count(n);
      return helper(it, function () {
        while (skip > 0) { skip--; var r = it.next(); if (r.done) return r; }
        return it.next();
      });
    } });
    define(IteratorProto, { flatMap(f) {
      fn(f, "flatMap"); var it = this, inner = null, i = 0;
      return helper(it, function () {
        for (;;) {
          if (inner) { var r = inner.next(); if (!r.done) return r; inner = null; }
          var o = it.next(); if (o.done) return o;
          var v = f(o.value, i++);
          inner = v[Symbol.iterator] ? v[Symbol.iterator]() : v;
        }
      });
    } });
    var each = function (it, f) {
      var i = 0;
      for (;;) { var r = it.next(); if (r.done) return; if (f(r.value, i++) === false) { if (typeof it.return === "function") it.return(); return; } }
    };
    define(IteratorProto, { reduce(f) {
      fn(f, "reduce"); var acc, has = arguments.length > 1;
      if (has) acc = arguments[1];
      each(this, function (v, i) { if (!has) { acc = v; has = true; } else acc = f(acc, v, i); });
      if (!has) throw new TypeError("Reduce of empty iterator with no initial value");
      return acc;
    } });
    define(IteratorProto, { toArray() { var out = []; each(this, function (v) { out.push(v); }); return out; } });
    define(IteratorProto, { forEach(f) { fn(f, "forEach"); each(this, function (v, i) { f(v, i); }); } });
    define(IteratorProto, { some(f) { fn(f, "some"); var res = false; each(this, function (v, i) { if (f(v, i)) { res = true; return false; } }); return res; } });
    define(IteratorProto, { every(f) { fn(f, "every"); var res = true; each(this, function (v, i) { if (!f(v, i)) { res = false; return false; } }); return res; } });
    define(IteratorProto, { find(f) { fn(f, "find"); var res; each(this, function (v, i) { if (f(v, i)) { res = v; return false; } }); return res; } });
    define(Iterator, { from(o) {
      var it = o[Symbol.iterator] ? o[Symbol.iterator]() : o;
      if (IteratorProto.isPrototypeOf(it)) return it;
      return helper(it, function () { return it.next(); });
    } });
    // https://tc39.es/proposal-iterator-sequencing/ (Chromium 156):
    // each item's iterator is opened only when the previous one is done.
    define(Iterator, { concat() {
      var items = [];
      for (var k = 0; k < arguments.length; k++) {
        var item = arguments[k];
        if (item === null || typeof item !== "object" && typeof item !== "function") throw new TypeError("Iterator.concat: argument " + k + " is not an object");
        var open = item[Symbol.iterator];
        if (typeof open !== "function") throw new TypeError("Iterator.concat: argument " + k + " is not iterable");
        items.push([open, item]);
      }
      var at = 0, cur = null, curNext = null;
      var h = helper({ return() { if (cur !== null && typeof cur.return === "function") cur.return(); } }, function () {
        for (;;) {
          if (cur === null) {
            if (at >= items.length) return { value: undefined, done: true };
            var it = items[at][0].call(items[at][1]);
            at++;
            if (it === null || typeof it !== "object" && typeof it !== "function") throw new TypeError("Iterator.concat: an iterator is not an object");
            cur = it;
            curNext = it.next;
          }
          var r = curNext.call(cur);
          if (r === null || typeof r !== "object") throw new TypeError("Iterator result " + r + " is not an object");
          if (r.done) { cur = null; continue; }
          return { value: r.value, done: false };
        }
      });
      return h;
    } });
    // https://tc39.es/proposal-joint-iteration/ (Chromium 156):
    // Iterator.zip and Iterator.zipKeyed.
    var getIter = function (o, what) {
      if (o === null || typeof o !== "object" && typeof o !== "function") throw new TypeError(what + " is not an object");
      var open = o[Symbol.iterator];
      if (open === undefined || open === null) return o; // an iterator
      var it = open.call(o);
      if (it === null || typeof it !== "object" && typeof it !== "function") throw new TypeError("Result of the Symbol.iterator method is not an object");
      return it;
    };
    var closeAll = function (its) {
      for (var i = its.length - 1; i >= 0; i--) {
        var it = its[i];
        if (it !== null) { var ret = it["return"]; if (typeof ret === "function") { try { ret.call(it); } catch (e) { /* the first error wins */ } } }
      }
    };
    var zipOptions = function (options) {
      if (options === undefined) return "shortest";
      if (options === null || typeof options !== "object") throw new TypeError("Iterator.zip: options is not an object");
      var mode = options.mode;
      if (mode === undefined) return "shortest";
      if (mode !== "shortest" && mode !== "longest" && mode !== "strict") throw new TypeError("Iterator.zip: invalid mode");
      return mode;
    };
    var zipCore = function (its, mode, pads, finish) {
      var nexts = its.map(function (it) { return it.next; }), done = false;
      var h = helper({ return() { done = true; closeAll(its); } }, function () {
        if (done || its.length === 0) { done = true; return { value: undefined, done: true }; }
        var vals = [], live = 0, ended = 0;
        for (var i = 0; i < its.length; i++) {
          if (its[i] === null) { vals.push(pads[i]); continue; }
          var r;
          try {
            r = nexts[i].call(its[i]);
            if (r === null || typeof r !== "object") throw new TypeError("Iterator result " + r + " is not an object");
          } catch (e) { its[i] = null; done = true; closeAll(its); throw e; }
          if (r.done) {
            its[i] = null;
            if (mode === "shortest") { done = true; closeAll(its); return { value: undefined, done: true }; }
            if (mode === "strict" && i > 0 && ended === 0) {
              done = true; closeAll(its);
              throw new TypeError("Iterators passed to Iterator.zip in 'strict' mode must have the same length");
            }
            ended++;
            vals.push(pads[i]);
          } else {
            if (mode === "strict" && ended > 0) {
              done = true; closeAll(its);
              throw new TypeError("Iterators passed to Iterator.zip in 'strict' mode must have the same length");
            }
            live++;
            vals.push(r.value);
          }
        }
        if (live === 0) { done = true; return { value: undefined, done: true }; }
        return { value: finish(vals), done: false };
      });
      return h;
    };
    define(Iterator, {
      zip(iterables) {
        var options = arguments[1];
        if (iterables === null || typeof iterables !== "object") throw new TypeError("Iterator.zip: iterables is not an object");
        var mode = zipOptions(options), padding = mode === "longest" ? options.padding : undefined;
        if (padding !== undefined && (padding === null || typeof padding !== "object")) throw new TypeError("Iterator.zip: padding is not an object");
        var its = [], outer = getIter(iterables, "iterables");
        try {
          for (;;) {
            var r = outer.next();
            if (r.done) break;
            its.push(getIter(r.value, "Iterator.zip: an item"));
          }
        } catch (e) { closeAll(its); throw e; }
        var pads = [];
        if (padding !== undefined) {
          var p = getIter(padding, "padding"), exhausted = false;
          for (var i = 0; i < its.length; i++) {
            if (exhausted) { pads.push(undefined); continue; }
            var pr = p.next();
            if (pr.done) { exhausted = true; pads.push(undefined); } else pads.push(pr.value);
          }
          if (!exhausted && typeof p["return"] === "function") p["return"]();
        } else {
          for (var j = 0; j < its.length; j++) pads.push(undefined);
        }
        return zipCore(its, mode, pads, function (vals) { return vals; });
      },
      zipKeyed(iterables) {
        var options = arguments[1];
        if (iterables === null || typeof iterables !== "object") throw new TypeError("Iterator.zipKeyed: iterables is not an object");
        var mode = zipOptions(options), padding = mode === "longest" ? options.padding : undefined;
        if (padding !== undefined && (padding === null || typeof padding !== "object")) throw new TypeError("Iterator.zipKeyed: padding is not an object");
        var keys = [], its = [];
        try {
          Reflect.ownKeys(iterables).forEach(function (k) {
            var d = Object.getOwnPropertyDescriptor(iterables, k);
            if (!d || !d.enumerable) return;
            var v = iterables[k];
            if (v === undefined) return;
            keys.push(k);
            its.push(getIter(v, "Iterator.zipKeyed: an item"));
          });
        } catch (e) { closeAll(its); throw e; }
        var pads = keys.map(function (k) { return padding === undefined ? undefined : padding[k]; });
        return zipCore(its, mode, pads, function (vals) {
          var o = Object.create(null);
          for (var i = 0; i < keys.length; i++) o[keys[i]] = vals[i];
          return o;
        });
      },
    });
    // Iterator.prototype.includes and join (Chromium 156).
    define(IteratorProto, { includes(value) {
      var skip = arguments.length > 1 && arguments[1] !== undefined ? count(arguments[1]) : 0, found = false;
      each(this, function (v) {
        if (skip > 0) { skip--; return; }
        if (v === value || v !== v && value !== value) { found = true; return false; }
      });
      return found;
    } });
    define(IteratorProto, { join(separator) {
      var sep = separator === undefined ? "," : String(separator), out = "", first = true;
      each(this, function (v) {
        out += (first ? "" : sep) + (v === null || v === undefined ? "" : String(v));
        first = false;
      });
      return out;
    } });
    define(global, "Iterator", Iterator);
  }

  // https://tc39.es/proposal-upsert/ (Chromium 156): Map and WeakMap
  // getOrInsert and getOrInsertComputed, on the built-in has/get/set
  // (not the page's replacements).
  [[Map, false], [WeakMap, true]].forEach(function (m) {
    var proto = m[0].prototype, weak = m[1], has = proto.has, get = proto.get, set = proto.set;
    define(proto, {
      getOrInsert(key, value) {
        if (has.call(this, key)) return get.call(this, key);
        set.call(this, key, value);
        return value;
      },
      getOrInsertComputed(key, callbackfn) {
        var found = has.call(this, key);
        if (typeof callbackfn !== "function") throw new TypeError(String(callbackfn) + " is not a function");
        if (weak && (key === null || typeof key !== "object" && typeof key !== "function")) throw new TypeError("Invalid value used as weak map key");
        if (found) return get.call(this, key);
        if (key === 0) key = 0; // -0 is +0
        var value = callbackfn(key);
        set.call(this, key, value);
        return value;
      },
    });
  });

  // Explicit resource management (Chromium 156):
  // https://tc39.es/proposal-explicit-resource-management/
  // DisposableStack, AsyncDisposableStack and SuppressedError, and the
  // iterator prototype's [Symbol.dispose] (goja has no async generators,
  // so no %AsyncIteratorPrototype% to give [Symbol.asyncDispose]). `using`
  // declarations are syntax goja's parser does not read.
  if (typeof global.SuppressedError === "undefined") {
    // They are made the first time a page reads one of the three
    // globals (most never do): defineLazy(obj, names, build) defines
    // each name as build()[name] on first use, or at once when the host
    // has no lazy properties.
    defineLazy(global, ["SuppressedError", "DisposableStack", "AsyncDisposableStack"], function () {
      var SuppressedError = function SuppressedError(error, suppressed, message) {
        var e = Reflect.construct(Error, message === undefined ? [] : [message], new.target || SuppressedError);
        Object.defineProperty(e, "error", { value: error, writable: true, configurable: true });
        Object.defineProperty(e, "suppressed", { value: suppressed, writable: true, configurable: true });
        return e;
      };
      Object.setPrototypeOf(SuppressedError, Error);
      SuppressedError.prototype = Object.create(Error.prototype, {
        constructor: { value: SuppressedError, writable: true, configurable: true },
        name: { value: "SuppressedError", writable: true, configurable: true },
        message: { value: "", writable: true, configurable: true },
      });
      Object.defineProperty(SuppressedError, "prototype", { writable: false });
      var suppressedMessage = "An error was suppressed during disposal";
      var stackState = new WeakMap(); // stack -> {list, disposed}
      var stackOf = function (s, ctor, method) {
        var st = stackState.get(s);
        if (!st || st.ctor !== ctor) throw new TypeError("Method " + ctor.name + ".prototype." + method + " called on incompatible receiver " + String(s));
        return st;
      };
      var notDisposed = function (st, ctor, method) {
        if (st.disposed) throw new ReferenceError("Cannot call " + ctor.name + ".prototype." + method + " on an already-disposed " + ctor.name);
      };
      var disposerOf = function (v, async) {
        if (v === null || typeof v !== "object" && typeof v !== "function") throw new TypeError("An object is expected with `using` declarations");
        var m, sync = false;
        if (async) {
          m = v[Symbol.asyncDispose];
          if (m === undefined || m === null) { m = v[Symbol.dispose]; sync = true; }
        } else {
          m = v[Symbol.dispose];
        }
        if (typeof m !== "function") throw new TypeError(String(async && !sync ? Symbol.asyncDispose : Symbol.dispose) + " is not a function");
        if (sync) {
          var f = m;
          m = function () { f.call(this); };
        }
        return m;
      };
      var makeStack = function (ctor, async) {
        var tag = ctor.name, stack = { ctor: ctor };
        var proto = ctor.prototype;
        var methods = {
          use(value) {
            var st = stackOf(this, ctor, "use");
            notDisposed(st, ctor, "use");
            if (value !== null && value !== undefined) st.list.push([value, disposerOf(value, async)]);
            return value;
          },
          adopt(value, onDispose) {
            var st = stackOf(this, ctor, "adopt");
            notDisposed(st, ctor, "adopt");
            if (typeof onDispose !== "function") throw new TypeError(String(onDispose) + " is not a function");
            st.list.push([undefined, function () { return onDispose(value); }]);
            return value;
          },
          defer(onDispose) {
            var st = stackOf(this, ctor, "defer");
            notDisposed(st, ctor, "defer");
            if (typeof onDispose !== "function") throw new TypeError(String(onDispose) + " is not a function");
            st.list.push([undefined, function () { return onDispose(); }]);
            return undefined;
          },
          move() {
            var st = stackOf(this, ctor, "move");
            notDisposed(st, ctor, "move");
            var out = new ctor();
            stackState.get(out).list = st.list;
            st.list = [];
            st.disposed = true;
            return out;
          },
        };
        var fold = function (err, had, e) {
          return had ? new SuppressedError(e, err, suppressedMessage) : e;
        };
        if (async) {
          methods.disposeAsync = function disposeAsync() {
            var self = this;
            return new Promise(function (resolve, reject) {
              var st = stackState.get(self);
              if (!st || st.ctor !== ctor) throw new TypeError("Method AsyncDisposableStack.prototype.disposeAsync called on incompatible receiver " + String(self));
              if (st.disposed) { resolve(undefined); return; }
              st.disposed = true;
              var list = st.list, err, had = false;
              st.list = [];
              var step = function () {
                if (list.length === 0) {
                  if (had) reject(err); else resolve(undefined);
                  return;
                }
                var r = list.pop(), p;
                try {
                  p = Promise.resolve(r[1].call(r[0]));
                } catch (e) {
                  err = fold(err, had, e); had = true;
                  step();
                  return;
                }
                p.then(step, function (e) { err = fold(err, had, e); had = true; step(); });
              };
              step();
            });
          };
        } else {
          methods.dispose = function dispose() {
            var st = stackOf(this, ctor, "dispose");
            if (st.disposed) return undefined;
            st.disposed = true;
            var list = st.list, err, had = false;
            st.list = [];
            while (list.length) {
              var r = list.pop();
              try { r[1].call(r[0]); } catch (e) { err = fold(err, had, e); had = true; }
            }
            if (had) throw err;
            return undefined;
          };
        }
        var order = async ? ["use", "disposeAsync", "adopt", "defer", "move"] : ["use", "dispose", "adopt", "defer", "move"];
        order.forEach(function (k) { Object.defineProperty(proto, k, { value: methods[k], writable: true, configurable: true }); });
        Object.defineProperty(proto, "disposed", { get: Object.getOwnPropertyDescriptor({ get disposed() { return stackOf(this, ctor, "disposed").disposed; } }, "disposed").get, configurable: true });
        Object.defineProperty(proto, async ? Symbol.asyncDispose : Symbol.dispose, { value: methods[async ? "disposeAsync" : "dispose"], writable: true, configurable: true });
        Object.defineProperty(proto, Symbol.toStringTag, { value: tag, configurable: true });
        Object.defineProperty(ctor, "prototype", { writable: false });
      };
      var DisposableStack = function DisposableStack() {
        if (new.target === undefined) throw new TypeError("Constructor DisposableStack requires 'new'");
        var o = Object.create(new.target.prototype);
        stackState.set(o, { ctor: DisposableStack, list: [], disposed: false });
        return o;
      };
      var AsyncDisposableStack = function AsyncDisposableStack() {
        if (new.target === undefined) throw new TypeError("Constructor AsyncDisposableStack requires 'new'");
        var o = Object.create(new.target.prototype);
        stackState.set(o, { ctor: AsyncDisposableStack, list: [], disposed: false });
        return o;
      };
      makeStack(DisposableStack, false);
      makeStack(AsyncDisposableStack, true);
      var ctors = { SuppressedError: SuppressedError, DisposableStack: DisposableStack, AsyncDisposableStack: AsyncDisposableStack };
      if (host) host("native", ctors);
      return ctors;
    });
    var IterProto = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
    define(IterProto, Symbol.dispose, { [Symbol.dispose]() {
      var ret = this["return"];
      if (ret !== undefined && ret !== null) ret.call(this);
      return undefined;
    } }[Symbol.dispose]);
  }

  // https://tc39.es/proposal-math-sum/ (Chromium 156): the exact sum of
  // the finite values, rounded once (summed by the host in Go), with the
  // proposal's rules for -0, infinities and NaN.
  define(Math, { sumPrecise(items) {
    if (items === null || items === undefined || typeof items[Symbol.iterator] !== "function") throw new TypeError(String(items) + " is not iterable");
    var it = items[Symbol.iterator](), next = it.next, finite = [], allMinusZero = true, pos = false, neg = false, nan = false;
    for (var n = 0; ; n++) {
      var r = next.call(it);
      if (r === null || typeof r !== "object") throw new TypeError("Iterator result " + r + " is not an object");
      if (r.done) break;
      var v = r.value;
      if (typeof v !== "number") {
        var ret = it["return"];
        if (typeof ret === "function") ret.call(it);
        throw new TypeError("Type of 'Iterator value' must be 'number', found '" + (v === null ? "null" : typeof v) + "'");
      }
      if (n >= 9007199254740992) throw new RangeError("Too many values");
      if (v !== v) nan = true;
      else if (v === Infinity) pos = true;
      else if (v === -Infinity) neg = true;
      else if (!(v === 0 && 1 / v < 0)) { allMinusZero = false; if (v !== 0) finite.push(v); }
    }
    if (nan || pos && neg) return NaN;
    if (pos) return Infinity;
    if (neg) return -Infinity;
    if (allMinusZero) return -0;
    if (finite.length === 0) return 0;
    if (finite.length === 1) return finite[0];
    return host("sum", finite);
  } });

  // Half precision (Chromium 156): Math.f16round and DataView's
  // getFloat16/setFloat16, rounding to nearest, ties to even.
  // https://tc39.es/proposal-float16array/
  var f16round = function (x) {
    x = +x;
    if (x !== x || x === 0 || x === Infinity || x === -Infinity) return x;
    var s = x < 0 ? -1 : 1, a = x * s;
    if (a >= 65520) return s * Infinity;
    var q;
    if (a < 6103515625e-14) { // 2^-14: subnormal, quantum 2^-24
      q = 5.9604644775390625e-8;
    } else {
      var e = Math.floor(Math.log2(a));
      if (Math.pow(2, e) > a) e--;
      else if (Math.pow(2, e + 1) <= a) e++;
      q = Math.pow(2, e - 10);
    }
    var r = a / q, f = Math.floor(r), d = r - f;
    if (d > 0.5 || d === 0.5 && f % 2 === 1) f++;
    return s * f * q;
  };
  define(Math, { f16round(x) { return f16round(x); } });
  var f16bits = function (v) {
    v = f16round(v);
    if (v !== v) return 0x7e00;
    var sign = v < 0 || v === 0 && 1 / v < 0 ? 0x8000 : 0, a = Math.abs(v);
    if (a === Infinity) return sign | 0x7c00;
    if (a < 6103515625e-14) return sign | a / 5.9604644775390625e-8;
    var e = Math.floor(Math.log2(a));
    if (Math.pow(2, e) > a) e--;
    else if (Math.pow(2, e + 1) <= a) e++;
    return sign | (e + 15) << 10 | (a / Math.pow(2, e) - 1) * 1024;
  };
  var f16value = function (b) {
    var s = b & 0x8000 ? -1 : 1, e = b >> 10 & 0x1f, m = b & 0x3ff;
    if (e === 0x1f) return m ? NaN : s * Infinity;
    if (e === 0) return s * m * 5.9604644775390625e-8;
    return s * (1 + m / 1024) * Math.pow(2, e - 15);
  };
  var getUint16 = DataView.prototype.getUint16, setUint16 = DataView.prototype.setUint16;
  define(DataView.prototype, {
    getFloat16(byteOffset) {
      return f16value(getUint16.call(this, byteOffset, arguments.length > 1 ? arguments[1] : false));
    },
    setFloat16(byteOffset, value) {
      return setUint16.call(this, byteOffset, f16bits(value), arguments.length > 2 ? arguments[2] : false);
    },
  });

  // V8's Error.stackTraceLimit, a plain data property libraries read and
  // set (goja's stacks ignore it).
  if (!("stackTraceLimit" in Error)) Error.stackTraceLimit = 10;
})(globalThis);
