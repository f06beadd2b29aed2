// Tool library: Unpoly 3 (HTML over the wire). The #! state picks a tool
// page; up.navigate fetches it and swaps its #main into this page. The
// fragment then lazily loads its loan list through [up-defer], compilers
// format prices and counts, and up.request reads JSON for the header.
/* global up */
(function () {
  'use strict';

  up.compiler('[data-price]', function (el) {
    var n = Number(el.dataset.price);
    el.textContent = 'NOK ' + n.toFixed(2) + ' per day';
  });

  up.compiler('.loans', function (el) {
    var out = el.querySelectorAll('li.out').length;
    var total = el.querySelectorAll('li').length;
    el.insertAdjacentHTML('beforeend', '<p class="tally">' + out + ' of ' + total + ' copies on loan</p>');
  });

  up.on('up:fragment:inserted', '#main', function (event, main) {
    var tool = main.getAttribute('data-tool');
    document.querySelectorAll('#tools a').forEach(function (a) {
      a.classList.toggle('current', a.getAttribute('data-tool') === tool);
    });
    var h2 = main.querySelector('h2');
    if (h2) document.title = h2.textContent + ' · Tool library';
  });

  function route() {
    var m = /^#!\/tools\/([\w-]+)$/.exec(location.hash);
    if (!m) return;
    up.navigate({ url: 'pages/tools/' + m[1] + '.html', target: '#main', history: false })
      .catch(function (err) {
        document.getElementById('main').innerHTML = '<p class="error">Not found</p>';
      });
  }
  window.addEventListener('hashchange', route);

  up.request('data/stats.json').then(function (response) {
    var s = response.json;
    document.getElementById('stats').textContent = s.members + ' members · ' + s.tools + ' tools';
  });

  // up.navigate needs the framework booted (it boots on DOMContentLoaded).
  if (up.framework.booted) {
    route();
  } else {
    up.on('up:framework:booted', route);
  }
})();
