// Coast Notes: idb-keyval 6 as a key-value cache of fetched JSON: set,
// setMany, get, getMany, update, del, keys, entries, and a custom store
// (createStore); #!/notes/<id> shows one note read back from IndexedDB.
(function () {
  'use strict';
  var kv = idbKeyval;
  var notesStore = kv.createStore('coast-notes', 'notes');

  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  function noteId() {
    var m = /^#!\/notes\/(\w+)$/.exec(location.hash);
    return m ? m[1] : null;
  }
  function getJSON(url) {
    return new Promise(function (resolve, reject) {
      var x = new XMLHttpRequest();
      x.open('GET', url);
      x.onload = function () { resolve(JSON.parse(x.responseText)); };
      x.onerror = reject;
      x.send();
    });
  }

  function save() {
    return Promise.all([getJSON('data/settings.json'), getJSON('data/notes.json')]).then(function (res) {
      var s = res[0];
      return Promise.all([
        kv.setMany(Object.keys(s).map(function (k) { return ['setting:' + k, s[k]]; })),
        kv.setMany(res[1].notes.map(function (n) { return [n.id, n]; }), notesStore),
        kv.set('visits', 0)
      ]);
    });
  }

  function render() {
    return Promise.all([
      kv.getMany(['setting:theme', 'setting:units', 'setting:home', 'setting:favourites']),
      kv.entries(notesStore),
      kv.update('visits', function (n) { return (n || 0) + 1; }).then(function () { return kv.get('visits'); }),
      kv.del('setting:units').then(function () { return kv.keys(); })
    ]).then(function (r) {
      var s = r[0];
      document.getElementById('settings').textContent = 'Theme ' + s[0] + ', ' + s[1] + ' units, home ' + s[2] +
        ', favourites: ' + s[3].join(' / ');
      var notes = r[1].map(function (e) { return e[1]; });
      document.getElementById('notes').innerHTML = notes.map(function (n) {
        return '<li class="' + (n.pinned ? 'pinned' : '') + '"><a href="#!/notes/' + n.id + '">' + esc(n.title) + '</a></li>';
      }).join('');
      document.getElementById('meta').textContent = 'Visit ' + r[2] + '; keys: ' + r[3].slice().sort().join(', ');
      var id = noteId();
      if (!id) { return; }
      return kv.get(id, notesStore).then(function (n) {
        var el = document.getElementById('note');
        if (!n) { el.innerHTML = '<h2>No such note</h2>'; return; }
        el.innerHTML = '<h2>' + esc(n.title) + '</h2><p>' + esc(n.body) + '</p>';
        document.title = n.title + ' · Coast Notes';
      });
    });
  }

  save().then(render).catch(function (e) {
    document.getElementById('settings').textContent = 'Failed: ' + e;
  });
  window.addEventListener('hashchange', render);
})();
