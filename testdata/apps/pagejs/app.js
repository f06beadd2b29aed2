// Trail Finder: page.js in hashbang mode (the router that made #! URLs
// common), middleware chains that load data before rendering, and plain DOM.
(function () {
  'use strict';
  var view = document.getElementById('view');
  var cache = {};

  function getJSON(url, done) {
    if (cache[url]) { return setTimeout(function () { done(null, cache[url]); }, 0); }
    var xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.onload = function () {
      if (xhr.status !== 200) { return done(new Error('HTTP ' + xhr.status)); }
      cache[url] = JSON.parse(xhr.responseText);
      done(null, cache[url]);
    };
    xhr.onerror = function () { done(new Error('network error')); };
    xhr.send();
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') { e.textContent = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }

  function km(m) { return (m / 1000).toFixed(1) + ' km'; }

  // Middleware: load the trail list once, for every route.
  function loadTrails(ctx, next) {
    getJSON('data/trails.json', function (err, trails) {
      if (err) { view.textContent = 'Trails unavailable.'; return; }
      ctx.trails = trails;
      next();
    });
  }

  function loadTrail(ctx, next) {
    getJSON('data/trails/' + ctx.params.slug + '.json', function (err, trail) {
      if (err) { return next(); } // falls through to the not-found handler
      ctx.trail = trail;
      next();
    });
  }

  function crumbs(parts) {
    var c = document.getElementById('crumbs');
    c.textContent = '';
    parts.forEach(function (p, i) {
      if (i) { c.appendChild(document.createTextNode(' › ')); }
      c.appendChild(p.href ? el('a', { href: p.href, text: p.text }) : document.createTextNode(p.text));
    });
  }

  function showList(ctx) {
    crumbs([{ text: 'All trails' }]);
    var list = el('ol', { class: 'trails' });
    ctx.trails.forEach(function (t) {
      list.appendChild(el('li', { class: 'difficulty-' + t.difficulty }, [
        el('a', { href: '#!/trails/' + t.slug, text: t.name }), ' · ' + km(t.lengthM) + ' · ' + t.difficulty
      ]));
    });
    view.replaceChildren(el('h2', { text: ctx.trails.length + ' trails' }), list);
  }

  function showTrail(ctx, next) {
    if (!ctx.trail) { return next(); }
    var t = ctx.trail;
    crumbs([{ text: 'All trails', href: '#!/' }, { text: t.name }]);
    var max = Math.max.apply(null, t.profile);
    var profile = el('p', { class: 'profile', 'aria-label': 'Elevation profile' });
    t.profile.forEach(function (h) {
      profile.appendChild(el('span', { style: 'height:' + Math.round(h / max * 40) + 'px', title: h + ' m' }));
    });
    var notes = el('ul', { class: 'notes' });
    t.notes.forEach(function (n) { notes.appendChild(el('li', { text: n })); });
    view.replaceChildren(
      el('h2', { text: t.name }),
      el('p', { class: 'facts', text: km(t.lengthM) + ', ' + t.ascentM + ' m ascent, about ' + t.hours + ' h' }),
      profile,
      el('h3', { text: 'Notes' }), notes
    );
    document.title = t.name + ' · Trail Finder';
    setTimeout(function () {
      var i = ctx.trails.map(function (x) { return x.slug; }).indexOf(t.slug);
      var nextTrail = ctx.trails[(i + 1) % ctx.trails.length];
      document.getElementById('footer').appendChild(
        el('p', { class: 'next' }, ['Next: ', el('a', { href: '#!/trails/' + nextTrail.slug, text: nextTrail.name })]));
    }, 40);
  }

  function notFound(ctx) {
    crumbs([{ text: 'All trails', href: '#!/' }, { text: 'Not found' }]);
    view.replaceChildren(el('p', { class: 'missing', text: 'No trail at ' + ctx.path + '.' }));
  }

  page('*', loadTrails);
  page('/', showList);
  page('/trails/:slug', loadTrail, showTrail);
  page('*', notFound);
  page({ hashbang: true });
})();
