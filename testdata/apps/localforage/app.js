// Quay Kitchen: localforage 1.10 as an offline cache of a fetched menu:
// config, ready() and driver() (asyncStorage when IndexedDB is there),
// setItem of objects and arrays, getItem, iterate, keys, length, removeItem
// and a second instance (createInstance); #!/dishes/<id> shows a dish.
(function () {
  'use strict';
  localforage.config({ name: 'quay-kitchen', storeName: 'menu' });
  var orders = localforage.createInstance({ name: 'quay-kitchen', storeName: 'orders' });

  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  function dishId() {
    var m = /^#!\/dishes\/(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  function save() {
    return fetch('data/menu.json').then(function (r) { return r.json(); }).then(function (menu) {
      return Promise.all(menu.dishes.map(function (d) {
        return localforage.setItem('dish:' + d.id, d);
      }).concat([
        localforage.setItem('updated', menu.updated),
        localforage.setItem('tmp', 'gone soon'),
        orders.setItem('table-4', [2, 2, 4]),
        orders.setItem('table-7', [1, 3])
      ]));
    });
  }

  function render() {
    var dishes = [];
    return localforage.ready().then(function () {
      document.getElementById('driver').textContent = 'Stored with ' + localforage.driver();
      return localforage.removeItem('tmp');
    }).then(function () {
      return localforage.iterate(function (value, key) {
        if (key.indexOf('dish:') === 0) { dishes.push(value); }
      });
    }).then(function () {
      dishes.sort(function (a, b) { return a.id - b.id; });
      document.getElementById('menu').innerHTML = dishes.map(function (d) {
        return '<li><a href="#!/dishes/' + d.id + '">' + esc(d.name) + '</a> ' + d.price + ' kr</li>';
      }).join('');
      return Promise.all([localforage.length(), localforage.getItem('updated'), orders.keys(), orders.getItem('table-4')]);
    }).then(function (r) {
      document.getElementById('stats').textContent = r[0] + ' items, menu of ' + r[1] + ', open orders ' +
        r[2].sort().join(' and ') + ' (table 4: ' + r[3].length + ' dishes)';
      var id = dishId();
      if (id === null) { return; }
      return localforage.getItem('dish:' + id).then(function (d) {
        var el = document.getElementById('dish');
        if (!d) { el.innerHTML = '<h2>Not on the menu</h2>'; return; }
        el.innerHTML = '<h2>' + esc(d.name) + '</h2><p class="course">' + d.course + ', ' + d.price + ' kr</p>';
        document.title = d.name + ' · Quay Kitchen';
      });
    });
  }

  save().then(render).catch(function (e) {
    document.getElementById('driver').textContent = 'Failed: ' + e;
  });
  window.addEventListener('hashchange', render);
})();
