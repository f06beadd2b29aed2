// A page whose numbers are computed in a dedicated worker reached through
// Comlink: the worker fetches a station's readings and summarises them;
// the page awaits the proxy's methods and a property, and passes a
// callback (Comlink.proxy, carried over a MessageChannel port) that the
// worker calls at each step.
(function () {
  'use strict';
  var api = Comlink.wrap(new Worker('worker.js', { name: 'tides' }));
  var view = document.getElementById('view');
  var stations = [['bergen', 'Bergen'], ['narvik', 'Narvik'], ['vardo', 'Vardø']];

  function current() {
    var m = /^#!\/stations\/([a-z]+)$/.exec(location.hash);
    return m ? m[1] : 'bergen';
  }

  function nav(id) {
    document.getElementById('nav').innerHTML = stations.map(function (s) {
      return '<a href="#!/stations/' + s[0] + '"' + (s[0] === id ? ' class="on"' : '') + '>' + s[1] + '</a>';
    }).join('');
  }

  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
  }

  function show(id) {
    nav(id);
    var steps = [];
    var onStep = Comlink.proxy(function (step) { steps.push(step); return steps.length; });
    return Promise.all([api.summarise(id, onStep), api.unit, api.computed]).then(function (r) {
      var s = r[0], unit = r[1];
      document.title = s.name + ' – Tide Gauges';
      view.innerHTML =
        '<h2>' + esc(s.name) + '</h2>' +
        '<ul id="stats">' +
        '<li class="count">' + s.count + ' readings</li>' +
        '<li class="min">Lowest ' + s.min + ' ' + unit + '</li>' +
        '<li class="max">Highest ' + s.max + ' ' + unit + '</li>' +
        '<li class="mean">Mean ' + s.mean.toFixed(1) + ' ' + unit + '</li>' +
        '<li class="range">Range ' + (s.max - s.min) + ' ' + unit + '</li>' +
        '</ul>' +
        '<h3>Highest tides</h3><ol id="top">' + s.top.map(function (t) {
          return '<li>' + esc(t.day) + ': ' + t.cm + ' ' + unit + '</li>';
        }).join('') + '</ol>' +
        '<h3>Worker steps</h3><ol id="steps">' + steps.map(function (t) { return '<li>' + esc(t) + '</li>'; }).join('') + '</ol>';
      document.getElementById('footer').textContent = 'Summaries computed by the worker: ' + (r[2] + 1);
      onStep[Comlink.releaseProxy] && onStep[Comlink.releaseProxy]();
    }, function (err) {
      view.innerHTML = '<p id="status">Failed: ' + esc(err && err.message) + '</p>';
    });
  }

  window.addEventListener('hashchange', function () { show(current()); });
  show(current());
})();
