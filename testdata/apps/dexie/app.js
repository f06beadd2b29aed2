// Tide Log: Dexie 4 over IndexedDB as offline-first sites use it: data
// fetched once and bulk-stored, then every view read back from the
// database: an index query sorted, a multiEntry index, a compound index
// range in reverse, a raw cursor (Table.each), a transaction, and a
// liveQuery that follows a later write. #!/stations/<code> picks a station.
(function () {
  'use strict';
  var db = new Dexie('tidelog');
  db.version(1).stores({
    stations: '++id, &code, region, *tags',
    readings: '[station+time], station, level'
  });

  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  function code() {
    var m = /^#!\/stations\/([A-Z]+)$/.exec(location.hash);
    return m ? m[1] : 'TOS';
  }
  function getJSON(url) {
    return fetch(url).then(function (r) { return r.json(); });
  }

  Dexie.liveQuery(function () { return db.readings.count(); }).subscribe(function (n) {
    document.getElementById('live').textContent = n + ' readings stored';
  });

  function load() {
    return Promise.all([getJSON('data/stations.json'), getJSON('data/readings.json')]).then(function (res) {
      return db.transaction('rw', db.stations, db.readings, function () {
        db.stations.bulkPut(res[0].stations);
        db.readings.bulkPut(res[1].readings);
      });
    });
  }

  function render() {
    var c = code();
    return Promise.all([
      db.stations.where('region').equals('north').sortBy('name'),
      db.stations.where('tags').equals('harbour').count(),
      db.stations.where('code').equals(c).first(),
      db.readings.where('[station+time]').between([c, Dexie.minKey], [c, Dexie.maxKey]).reverse().limit(3).toArray(),
      db.readings.where('level').above(200).primaryKeys()
    ]).then(function (r) {
      document.getElementById('north').innerHTML = r[0].map(function (s) {
        return '<li><a href="#!/stations/' + s.code + '">' + esc(s.name) + '</a> #' + s.id + '</li>';
      }).join('');
      document.getElementById('harbours').textContent = r[1] + ' harbour stations; high water over 200 cm at ' +
        r[4].map(function (k) { return k.join(' '); }).join(', ');
      var s = r[2];
      var el = document.getElementById('station');
      if (!s) { el.innerHTML = '<h2>Unknown station</h2>'; return; }
      el.innerHTML = '<h2>' + esc(s.name) + ' (' + s.code + ')</h2><p class="tags">' + s.tags.join(', ') + '</p><ol class="latest">' +
        r[3].map(function (x) {
          return '<li class="' + (x.level > 200 ? 'high' : '') + '">' + x.time.slice(11, 16) + ' ' + x.level + ' cm</li>';
        }).join('') + '</ol>';
      document.title = s.name + ' · Tide Log';
      var lines = [];
      return db.stations.orderBy('code').reverse().each(function (st) { lines.push(st.code); }).then(function () {
        document.getElementById('cursor').textContent = 'By code, last first: ' + lines.join(' ');
      });
    });
  }

  load().then(render).then(function () {
    // A reading arrives later: the liveQuery above shows it.
    setTimeout(function () {
      db.readings.add({station: 'SVG', time: '2026-06-01T00:00Z', level: 75});
    }, 200);
  }).catch(function (e) {
    document.getElementById('station').textContent = 'Failed: ' + e.name + ' ' + e.message;
  });
  window.addEventListener('hashchange', render);
})();
