// A router on the Navigation API: every same-origin navigation under the
// app's base is intercepted and rendered from JSON, so links and
// navigation.navigate() never leave the page. A crawler's #! URL
// (/apps/navrouter/#!/tours/2) is turned into the app's own path at start
// with a replace navigation, which the same listener intercepts.
(function () {
  'use strict';
  var base = '/apps/navrouter/';
  var view = document.getElementById('view');
  var status = document.getElementById('status');

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text != null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function load(name) {
    return fetch(base + 'data/' + name + '.json').then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status + ' for ' + name);
      return r.json();
    });
  }

  // route renders the view of url; it resolves when the view is shown.
  function route(url, signal) {
    var path = url.pathname.slice(base.length).replace(/\/$/, '');
    var m = /^tours\/(\d+)$/.exec(path);
    var page = m ? 'tours' : (path || 'home');
    return load(page).then(function (data) {
      if (signal && signal.aborted) return;
      view.textContent = '';
      if (m) {
        var tour = data.tours.filter(function (t) { return String(t.id) === m[1]; })[0];
        if (!tour) { view.append(el('h2', 'No such tour')); document.title = 'Not found · Harbour Tours'; return; }
        view.append(el('h2', tour.name), el('p', tour.duration + ' · ' + tour.price, 'facts'));
        var ul = el('ul', null, 'stops');
        tour.stops.forEach(function (s) { ul.append(el('li', s)); });
        view.append(ul);
        document.title = tour.name + ' · Harbour Tours';
      } else if (page === 'tours') {
        view.append(el('h2', 'All tours'));
        var list = el('ul', null, 'tours');
        data.tours.forEach(function (t) {
          var li = el('li');
          var a = el('a', t.name);
          a.href = base + 'tours/' + t.id;
          li.append(a);
          list.append(li);
        });
        view.append(list);
        document.title = 'Tours · Harbour Tours';
      } else {
        view.append(el('h2', data.title), el('p', data.body, 'body'));
        document.title = data.title + ' · Harbour Tours';
      }
      document.querySelectorAll('nav a').forEach(function (a) {
        a.classList.toggle('active', a.pathname === url.pathname);
      });
    });
  }

  navigation.addEventListener('navigate', function (e) {
    if (!e.canIntercept || e.hashChange || e.downloadRequest !== null || e.formData) return;
    var url = new URL(e.destination.url);
    if (url.pathname.indexOf(base) !== 0) return;
    e.intercept({
      handler: function () {
        status.textContent = 'loading ' + url.pathname;
        return route(url, e.signal);
      },
    });
  });
  navigation.addEventListener('navigatesuccess', function () {
    var entry = navigation.currentEntry;
    status.textContent = 'shown ' + location.pathname + ' (entry ' + entry.index + ' of ' + navigation.entries().length +
      ', from ' + navigation.activation.navigationType + ')';
  });
  navigation.addEventListener('navigateerror', function (e) {
    status.textContent = 'failed: ' + (e.error && e.error.message);
  });

  if (location.hash.indexOf('#!/') === 0) {
    navigation.navigate(base + location.hash.slice(3), {history: 'replace', info: 'hashbang'});
  } else {
    route(location).then(function () { status.textContent = 'shown ' + location.pathname; });
  }
})();
