// Allotments: Ractive 1.4 with a template parsed in the page, mustache
// sections, a component, data functions, observers and fetch; #! routes.
(function () {
  'use strict';
  var Waterbutt = Ractive.extend({
    template: '<p class="water">Water butt {{level}}% full{{#if level < 25}} (low){{/if}}</p>'
  });

  function plotId() {
    var m = /^#!\/plots\/(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  var ractive = new Ractive({
    target: '#app',
    template: '#main-tpl',
    components: { Waterbutt: Waterbutt },
    data: {
      title: 'Riverside Allotments',
      sites: null,
      current: plotId(),
      plot: null,
      notice: '',
      vacant: function (sites) { return sites.filter(function (s) { return !s.holder; }).length; }
    }
  });

  ractive.observe('current', function (id) {
    if (id == null) { ractive.set('plot', null); return; }
    fetch('data/plots/' + id + '.json')
      .then(function (r) { return r.json(); })
      .then(function (p) { ractive.set('plot', p); document.title = 'Plot ' + p.id + ' · Allotments'; });
  });

  fetch('data/plots.json').then(function (r) { return r.json(); }).then(function (list) {
    ractive.set('sites', list);
  });
  window.addEventListener('hashchange', function () { ractive.set('current', plotId()); });
  setTimeout(function () { ractive.set('notice', 'Gates lock at dusk.'); }, 140);
})();
