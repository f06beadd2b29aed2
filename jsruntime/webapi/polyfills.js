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
(function (global) {
  "use strict";
  var define = global.__bangsnapDefine;
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

  // Error.captureStackTrace is V8's; libraries (and their polyfills) call
  // it when present and fall back otherwise, but some call it directly.
  define(Error, { captureStackTrace(obj) {
    if (obj !== null && typeof obj === "object") {
      var s = new Error().stack;
      Object.defineProperty(obj, "stack", { value: s, writable: true, configurable: true });
    }
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
})(globalThis);
