// Tide Tables: Handlebars 4 templates compiled in the page from
// <script type="text/x-handlebars-template">, helpers (plain and
// subexpression), a partial, triple-stash HTML; data over fetch; #! routes.
(function () {
  'use strict';
  Handlebars.registerHelper('eq', function (a, b) { return a === b; });
  Handlebars.registerHelper('upper', function (s) { return String(s).toUpperCase(); });
  Handlebars.registerHelper('metres', function (n) { return n.toFixed(2) + ' m'; });
  Handlebars.registerPartial('tideRow', document.getElementById('tide-row').innerHTML);
  var harboursTpl = Handlebars.compile(document.getElementById('harbours-tpl').innerHTML);
  var harbourTpl = Handlebars.compile(document.getElementById('harbour-tpl').innerHTML);
  var harbours = [];

  function current() {
    var m = /^#!\/harbours\/([a-z-]+)$/.exec(location.hash);
    return m ? m[1] : '';
  }

  function show() {
    var id = current();
    document.getElementById('nav').innerHTML = harboursTpl({ harbours: harbours, current: id });
    if (!id) { return; }
    fetch('data/harbours/' + id + '.json')
      .then(function (r) { return r.json(); })
      .then(function (h) {
        var heights = h.tides.map(function (t) { return t.height; });
        h.range = Math.max.apply(null, heights) - Math.min.apply(null, heights);
        document.getElementById('main').innerHTML = harbourTpl(h);
        document.title = h.name + ' tides';
      });
  }

  fetch('data/harbours.json')
    .then(function (r) { return r.json(); })
    .then(function (list) { harbours = list; show(); });
  window.addEventListener('hashchange', show);
  setTimeout(function () {
    document.getElementById('updated').textContent = 'Predictions, not observations.';
  }, 100);
})();
