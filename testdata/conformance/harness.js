// harness.js is the shared harness of the DOM conformance probes
// (testdata/conformance/probes/*.js). It is loaded by page.html before the
// probe, in headless Chromium (run-chromium.mjs, which writes expected/) and
// in bangsnap (conformance_test.go, which compares with expected/).
//
//   probe("name", () => value)         records value, or {error: e.name}
//   probeAsync("name", async () => v)  the same for a promise; async probes
//                                      run one at a time, in order, after
//                                      the probe script
//                                      (one still pending after 1.5 s of page
//                                      time is {error: "Timeout"})
//   __conformanceResults()             a promise of every result as JSON text,
//                                      once the async probes settled
//
// Values are made JSON-exact: undefined, NaN, ±Infinity, -0, functions,
// symbols, bigints and host objects become {"$": "..."} markers, so that no
// two different results serialize the same. The harness uses only ES5 and
// the Promise global so that it runs wherever the probes might.
(function (global) {
  "use strict";
  var results = {};
  var pending = [];
  var toString = Object.prototype.toString;

  function marker(s) { return { $: s }; }

  // norm returns v as a JSON-serializable value.
  function norm(v, depth) {
    switch (typeof v) {
      case "undefined": return marker("undefined");
      case "boolean": case "string": return v;
      case "number":
        if (v !== v) return marker("NaN");
        if (v === Infinity) return marker("Infinity");
        if (v === -Infinity) return marker("-Infinity");
        if (v === 0 && 1 / v < 0) return marker("-0");
        return v;
      case "function": return marker("function");
      case "symbol": return marker("symbol");
      case "bigint": return marker("bigint:" + String(v));
    }
    if (v === null) return null;
    if (depth > 6) return marker("deep");
    if (Array.isArray(v)) {
      var a = [];
      for (var i = 0; i < v.length; i++) a.push(norm(v[i], depth + 1));
      return a;
    }
    var proto = Object.getPrototypeOf(v);
    if (proto === Object.prototype || proto === null) {
      var o = {};
      Object.keys(v).forEach(function (k) { o[k] = norm(v[k], depth + 1); });
      return o;
    }
    // A host or class object: only its kind, so that probes return what
    // they mean to compare explicitly.
    return marker("object:" + toString.call(v));
  }

  function errorResult(e) {
    if (e && typeof e === "object" && typeof e.name === "string") return { error: e.name };
    return { error: "thrown:" + typeof e };
  }

  function claim(name) {
    if (Object.prototype.hasOwnProperty.call(results, name)) {
      throw new Error("conformance harness: duplicate check name " + JSON.stringify(name));
    }
    results[name] = { error: "Pending" };
  }

  global.probe = function (name, fn) {
    claim(name);
    try {
      results[name] = norm(fn(), 0);
    } catch (e) {
      results[name] = errorResult(e);
    }
  };

  // Async probes run one after the other, in the order they were declared,
  // starting once the probe script (and its synchronous checks) finished,
  // so that no two of them see each other's timers or events. One that has
  // not settled after 1.5 s of page time is {error: "Timeout"} and the next
  // one starts.
  var chain = Promise.resolve();
  global.probeAsync = function (name, fn) {
    claim(name);
    var p = chain.then(function () {
      return new Promise(function (resolve) {
        var timer = setTimeout(function () {
          results[name] = { error: "Timeout" };
          resolve();
        }, 1500);
        Promise.resolve().then(fn).then(
          function (v) { clearTimeout(timer); results[name] = norm(v, 0); resolve(); },
          function (e) { clearTimeout(timer); results[name] = errorResult(e); resolve(); });
      });
    });
    chain = p;
    pending.push(p);
  };

  global.__conformanceResults = function () {
    return Promise.all(pending).then(function () { return JSON.stringify(results); });
  };

  // Helpers the probes share.

  // el parses markup in a fresh <div> and returns the div.
  global.el = function (markup) {
    var d = document.createElement("div");
    if (markup) d.innerHTML = markup;
    return d;
  };

  // desc describes a property descriptor as "get,set,enum,conf" or
  // "value,writable,enum,conf" (absent parts left out); "none" when missing.
  global.desc = function (obj, prop) {
    var d = Object.getOwnPropertyDescriptor(obj, prop);
    if (!d) return "none";
    var parts = [];
    if ("value" in d) parts.push(typeof d.value === "function" ? "method" : "value");
    if (d.get) parts.push("get");
    if (d.set) parts.push("set");
    if (d.writable) parts.push("writable");
    if (d.enumerable) parts.push("enum");
    if (d.configurable) parts.push("conf");
    return parts.join(",");
  };

  // errName runs fn and returns the name of what it threw, or "none".
  global.errName = function (fn) {
    try { fn(); return "none"; } catch (e) { return e && e.name ? e.name : "thrown:" + typeof e; }
  };

  // tick resolves after a macrotask (setTimeout 0).
  global.tick = function (ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms || 0); });
  };
})(this);
