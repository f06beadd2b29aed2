// A site that moves between its pages with htmx's boosted links: the #!
// state names the page, which is reached as a visitor would, by a click
// that htmx turns into a fetch, a body swap and a history entry.
(function () {
  function log(s) {
    var p = document.getElementById('log');
    if (p) p.textContent = (p.textContent ? p.textContent + ' · ' : '') + s;
  }
  document.body.addEventListener('htmx:pushedIntoHistory', function (e) {
    document.documentElement.setAttribute('data-pushed', e.detail.path);
  });
  document.body.addEventListener('htmx:afterSettle', function (e) {
    var path = e.detail.pathInfo && e.detail.pathInfo.requestPath;
    if (path) log('settled ' + path.replace(/^.*\/htmxboost\//, ''));
  });
  var m = /^#!\/(\w+)/.exec(location.hash);
  if (m && !window.boostedOnce) {
    window.boostedOnce = true;
    setTimeout(function () {
      var a = document.querySelector('nav a[href="' + m[1] + '.html"]');
      if (a) a.click();
    }, 30);
  }
})();
