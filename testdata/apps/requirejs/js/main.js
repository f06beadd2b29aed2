// main: RequireJS's data-main entry. requirejs.config with baseUrl, paths
// (the text! plugin from node_modules) and shim-free AMD modules, each
// loaded by the loader as a dynamic <script async> element.
requirejs.config({
  baseUrl: 'js',
  paths: {
    text: '/node_modules/requirejs-text/text',
    templates: '../templates'
  },
  waitSeconds: 10
});

require(['site', 'app/store', 'app/list', 'app/router'], function (site, store, list, router) {
  'use strict';
  document.getElementById('foot').textContent = site.name + ' · ' + site.region;
  store.sites().then(function (sites) {
    list.render(sites);
    router.start(sites);
  }, function (err) {
    document.querySelector('.summary').textContent = 'Failed: ' + err.message;
  });
});
