// app/store: depends on app/http; caches the list, fetches one site.
define(['app/http'], function (http) {
  'use strict';
  var list = null;
  return {
    sites: function () {
      if (!list) { list = http.getJSON('data/sites.json'); }
      return list;
    },
    site: function (id) {
      return http.getJSON('data/sites/' + encodeURIComponent(id) + '.json');
    }
  };
});
