// app/router: routes #!/sites/<id>; loads the detail view lazily with the
// local require (a second round of dynamic scripts, the text! template
// fetched over XHR by the plugin).
define(['require', 'app/list'], function (require, list) {
  'use strict';
  function route() {
    var m = /^#!\/sites\/([\w-]+)$/.exec(location.hash);
    if (!m) { return; }
    var id = m[1];
    list.mark(id);
    require(['app/detail', 'app/store'], function (detail, store) {
      setTimeout(function () {
        store.site(id).then(detail.render, detail.fail);
      }, 20);
    });
  }
  return {
    start: function () {
      window.addEventListener('hashchange', route);
      route();
    }
  };
});
