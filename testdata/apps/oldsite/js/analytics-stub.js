// Stands in for www.google-analytics.com/analytics.js: drains the ga() queue
// the snippet left, as the real library does, and marks each hit.
(function () {
  var q = (window.ga && window.ga.q) || [];
  var hits = 0;
  function ga() {
    if (arguments[0] === 'send') { hits++; document.documentElement.setAttribute('data-ga-hits', String(hits)); }
  }
  for (var i = 0; i < q.length; i++) ga.apply(null, q[i]);
  window.ga = ga;
})();
