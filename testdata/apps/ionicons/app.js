// Trail conditions for the area in the #! state, with Ionicons (a Stencil
// component library) for the status icons. The icons are created after the
// data arrives, so the lazy loader defines ion-icon while the page runs.
(function () {
  'use strict';
  var ICON = { open: 'checkmark-circle-outline', guided: 'people-outline', closed: 'close-circle-outline' };
  var LABEL = { open: 'Open', guided: 'Guided only', closed: 'Closed' };

  function icon(name, label) {
    var el = document.createElement('ion-icon');
    el.setAttribute('name', name);
    if (label) el.setAttribute('aria-label', label); else el.setAttribute('aria-hidden', 'true');
    return el;
  }

  function render(data) {
    var id = (/^#!\/areas\/([a-z]+)/.exec(location.hash) || [])[1] || data.areas[0].id;
    var nav = document.querySelector('.areas');
    nav.textContent = '';
    data.areas.forEach(function (a) {
      var link = document.createElement('a');
      link.href = '#!/areas/' + a.id;
      link.textContent = a.name;
      if (a.id === id) link.className = 'current';
      nav.append(link, ' ');
    });
    var area = data.areas.filter(function (a) { return a.id === id; })[0];
    var main = document.getElementById('area');
    main.textContent = '';
    var h = document.createElement('h2');
    h.textContent = area.name;
    var list = document.createElement('ul');
    list.className = 'trails';
    area.trails.forEach(function (t) {
      var li = document.createElement('li');
      li.className = t.status;
      li.append(icon(ICON[t.status], LABEL[t.status]), ' ' + t.name + ' (' + t.km + ' km) ');
      var st = document.createElement('span');
      st.className = 'status';
      st.textContent = LABEL[t.status];
      li.appendChild(st);
      if (t.warning) {
        var w = document.createElement('p');
        w.className = 'warning';
        w.append(icon('warning-outline'), ' ' + t.warning);
        li.appendChild(w);
      }
      list.appendChild(li);
    });
    var open = area.trails.filter(function (t) { return t.status !== 'closed'; }).length;
    var sum = document.createElement('p');
    sum.className = 'summary';
    sum.textContent = open + ' of ' + area.trails.length + ' trails open';
    main.append(h, sum, list);
    document.title = area.name + ' · Trail conditions';
    // Stencil marks each component hydrated once rendered.
    customElements.whenDefined('ion-icon').then(function () {
      return Promise.all(Array.prototype.map.call(document.querySelectorAll('ion-icon'), function (el) {
        return el.componentOnReady ? el.componentOnReady() : el;
      }));
    }).then(function (els) {
      document.documentElement.setAttribute('data-icons', String(els.length));
    });
  }

  fetch('data/areas.json').then(function (r) { return r.json(); }).then(render);
  window.addEventListener('hashchange', function () { location.reload(); });
})();
