// Harbour Jobs: a site as Babel 7 shipped it around 2019, @babel/polyfill
// (core-js 2 and regenerator-runtime) loaded first, then the app compiled
// to ES5: async functions as regenerator state machines, Promise chains,
// fetch, Object.assign, Array.from(new Set), Symbol.iterator over a Map,
// padStart, and a {{mustache}} template filled by String#replace with a
// RegExp. The polyfill replaces the built-ins it finds wanting: the
// footer says whether RegExp and Promise stayed the browser's own.
"use strict";

var native = function (f) { return /\[native code\]/.test(Function.prototype.toString.call(f)); };

var template = function (tpl, data) {
  return tpl.replace(new RegExp("\\{\\{\\s*([\\w.]+)\\s*\\}\\}", "g"), function (_, path) {
    var v = path.split(".").reduce(function (o, k) { return o == null ? o : o[k]; }, data);
    return v == null ? "" : String(v).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  });
};

// What Babel made of: async function getJSON(url) { const r = await fetch(url); return r.json(); }
var getJSON = function () {
  var _ref = _asyncToGenerator(regeneratorRuntime.mark(function _callee(url) {
    var r;
    return regeneratorRuntime.wrap(function _callee$(_context) {
      while (1) switch (_context.prev = _context.next) {
        case 0:
          _context.next = 2;
          return fetch(url);
        case 2:
          r = _context.sent;
          if (r.ok) { _context.next = 5; break; }
          throw new Error("HTTP " + r.status);
        case 5:
          return _context.abrupt("return", r.json());
        case 6:
        case "end":
          return _context.stop();
      }
    }, _callee);
  }));
  return function getJSON(_x) { return _ref.apply(this, arguments); };
}();

function _asyncToGenerator(fn) {
  return function () {
    var self = this, args = arguments;
    return new Promise(function (resolve, reject) {
      var gen = fn.apply(self, args);
      function step(key, arg) {
        var info;
        try { info = gen[key](arg); } catch (error) { reject(error); return; }
        if (info.done) resolve(info.value); else Promise.resolve(info.value).then(_next, _throw);
      }
      function _next(value) { step("next", value); }
      function _throw(err) { step("throw", err); }
      _next(undefined);
    });
  };
}

var jobId = function () { var m = /^#!\/jobs\/(\d+)$/.exec(location.hash); return m ? Number(m[1]) : null; };

var ROW = '<li data-id="{{id}}"><a href="#!/jobs/{{id}}">{{title}}</a> – {{employer}}, {{port}}</li>';
var DETAIL = '<h2>{{title}}</h2><p class="employer">{{employer}} ({{port}})</p><p class="pay">{{pay}}</p><p class="ref">Ref. {{ref}}</p><ul class="duties">{{duties}}</ul>';

Promise.all([getJSON("data/jobs.json"), jobId() ? getJSON("data/jobs/" + jobId() + ".json") : Promise.resolve(null)])
  .then(function (results) {
    var jobs = results[0], job = results[1];
    var byPort = new Map();
    jobs.forEach(function (j) { byPort.set(j.port, (byPort.get(j.port) || 0) + 1); });
    var parts = [];
    var _iterator = byPort[Symbol.iterator](), _step;
    while (!(_step = _iterator.next()).done) { parts.push("<span>" + _step.value[0] + " (" + _step.value[1] + ")</span>"); }
    document.querySelector(".filters").innerHTML = parts.join("") + Array.from(new Set(jobs.map(function (j) { return j.kind; }))).sort().join(" · ");
    document.querySelector(".jobs").innerHTML = jobs.map(function (j) { return template(ROW, j); }).join("");
    if (job) {
      var li = document.querySelector('.jobs li[data-id="' + job.id + '"]');
      if (li) li.className = "current";
      document.getElementById("job").innerHTML = template(DETAIL, Object.assign({}, job, {
        pay: "NOK " + job.pay.toLocaleString("en-US") + " a month",
        ref: String(job.id).padStart(6, "0"),
        duties: "{{duties}}"
      })).replace("{{duties}}", job.duties.map(function (d) { return "<li>" + d + "</li>"; }).join(""));
      document.title = job.title + " · Harbour Jobs";
    }
  })
  .catch(function (e) { document.getElementById("job").textContent = "Could not load: " + e.message; })
  .then(function () {
    return new Promise(function (resolve) { setTimeout(resolve, 120); });
  })
  .then(function () {
    document.querySelector(".env").textContent = "RegExp " + (native(RegExp) ? "native" : "polyfilled") +
      ", RegExp#test " + (native(RegExp.prototype.test) ? "native" : "polyfilled") +
      ", Promise " + (native(Promise) ? "native" : "polyfilled") +
      ", Symbol " + (native(Symbol) ? "native" : "polyfilled") +
      ", Math.cosh " + (native(Math.cosh) ? "native" : "polyfilled");
  });
