// Allotments: Hotwire Turbo 8 frames as Rails sites ship them. Frames with
// src load over fetch and take the matching <turbo-frame> of the response
// (the rest is dropped), a lazy frame loads when visible, and the #! state
// (#!/plots/<n>) points the plot frame at its page by setting src; Turbo's
// frame events are logged.
(function () {
  'use strict';
  var log = [];
  document.addEventListener('turbo:frame-load', function (e) {
    log.push('load:' + e.target.id);
    log.sort();
    document.getElementById('log').textContent = log.join(' ');
  });
  document.addEventListener('turbo:before-fetch-request', function (e) {
    e.detail.fetchOptions.headers['X-Allotment'] = 'yes';
  });
  function route() {
    var m = /^#!\/plots\/(\d+)$/.exec(location.hash);
    if (m) {
      document.getElementById('plot').src = 'frames/plot-' + m[1] + '.html';
    }
  }
  window.addEventListener('hashchange', route);
  route();
})();
