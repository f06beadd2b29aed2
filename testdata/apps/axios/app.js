// Repair Café: axios 1.x (its XMLHttpRequest adapter) as most sites use
// it: an instance with baseURL, params, interceptors, axios.all-style
// Promise.all, response headers, a 404 handled in catch; #! routes a repair.
(function () {
  'use strict';
  var api = axios.create({ baseURL: 'data/', timeout: 5000, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  var calls = 0;
  api.interceptors.request.use(function (config) { calls++; return config; });
  api.interceptors.response.use(function (res) { res.data.fetchedAs = res.headers['content-type']; return res; });

  function repairId() {
    var m = /^#!\/repairs\/(\d+)$/.exec(location.hash);
    return m ? m[1] : null;
  }

  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }

  Promise.all([api.get('queue.json', { params: { day: 'saturday' } }), api.get('volunteers.json')])
    .then(function (res) {
      var queue = res[0].data.items, volunteers = res[1].data.names;
      var fixed = queue.filter(function (q) { return q.fixed; }).length;
      document.getElementById('stats').textContent = fixed + ' of ' + queue.length + ' items fixed by ' +
        volunteers.length + ' volunteers (' + res[0].data.fetchedAs.split(';')[0] + ')';
      document.querySelector('#queue tbody').innerHTML = queue.map(function (q) {
        return '<tr class="' + (q.fixed ? 'fixed' : '') + '"><td><a href="#!/repairs/' + q.id + '">' + esc(q.item) + '</a></td><td>' + esc(q.fault) + '</td></tr>';
      }).join('');
    });

  function showRepair() {
    var id = repairId();
    if (!id) { return; }
    api.get('repairs/' + id + '.json').then(function (res) {
      var r = res.data;
      document.getElementById('repair').innerHTML = '<h2>' + esc(r.item) + '</h2><p class="fixer">Fixed by ' + esc(r.fixer) +
        ' in ' + r.minutes + ' minutes</p><ul class="parts">' + r.parts.map(function (p) { return '<li>' + esc(p) + '</li>'; }).join('') + '</ul>';
      document.title = r.item + ' · Repair Café';
      return api.get('repairs/' + id + '-photos.json');
    }).catch(function (err) {
      var e = document.getElementById('error');
      e.hidden = false;
      e.textContent = 'No photos (' + (err.response ? err.response.status : err.message) + '), ' + calls + ' requests made';
    });
  }
  window.addEventListener('hashchange', showRepair);
  showRepair();
})();
