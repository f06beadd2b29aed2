// Huts from the #! state: the markup is plain DOM with Tailwind classes,
// styled by whatever CSS Tailwind's browser build generates for them.
(function () {
  'use strict';

  function route() {
    var m = /^#!\/huts\/([a-z-]+)$/.exec(location.hash);
    return m ? m[1] : 'gjendebu';
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  function renderNav(huts, current) {
    var nav = document.getElementById('huts');
    nav.replaceChildren.apply(nav, huts.map(function (h) {
      var a = el('a', 'badge ' + (h.id === current ? 'current bg-moss text-white' : 'bg-stone-200'), h.name);
      a.href = '#!/huts/' + h.id;
      return a;
    }));
  }

  function renderHut(hut) {
    var main = document.getElementById('hut');
    var card = el('article', 'card');
    card.dataset.state = hut.beds.free === 0 ? 'full' : 'open';
    card.append(el('h2', 'text-xl font-semibold', hut.name));
    card.append(el('p', 'summary', hut.altitude + ' m · ' + hut.kind));
    // Shown only while beds are free: the full: variant hides it.
    card.append(el('p', 'beds full:hidden', hut.beds.free + ' of ' + hut.beds.total + ' beds free'));
    card.append(el('p', 'full-note hidden full:block', 'Fully booked tonight'));
    var list = el('ul', 'routes mt-2 [&>li:nth-child(n+4)]:hidden');
    hut.routes.forEach(function (r) {
      list.append(el('li', r.hours > 6 ? 'long font-bold' : 'short', r.to + ' ' + r.hours + ' h'));
    });
    card.append(list);
    if (hut.routes.length > 3) {
      card.append(el('p', 'more text-sm', '+' + (hut.routes.length - 3) + ' more routes'));
    }
    // Only for narrow screens, and only in dark mode: neither applies.
    card.append(el('p', 'mobile sm:hidden', 'Call ahead from the valley'));
    card.append(el('p', 'dark-note hidden dark:block', 'Headlamp recommended'));
    main.replaceChildren(card);
    document.title = hut.name + ' · Mountain huts';
  }

  function load() {
    var id = route();
    fetch('data/huts.json')
      .then(function (r) { return r.json(); })
      .then(function (huts) {
        renderNav(huts, id);
        return fetch('data/huts/' + id + '.json');
      })
      .then(function (r) {
        if (!r.ok) throw new Error('no hut ' + id);
        return r.json();
      })
      .then(function (hut) {
        // A moment later, as a real app waiting for its layout would.
        setTimeout(function () { renderHut(hut); }, 30);
      })
      .catch(function (e) {
        document.getElementById('hut').replaceChildren(el('p', 'error text-red-700', e.message));
      });
  }

  window.addEventListener('hashchange', load);
  load();
})();
