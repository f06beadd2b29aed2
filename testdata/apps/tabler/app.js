// A Tabler dashboard (Bootstrap 5 bundled in tabler.min.js): placeholder
// cards replaced by stat cards with progress bars, a table of the page the
// #! state names, card tabs switched by tabler.Tab, an alert, dropdowns
// and a tooltip; plain XHR with responseType json.
(function () {
  var fmt = function (n) { return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NOK' }).format(n); };
  var esc = function (s) { return String(s).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); };
  var xhr = new XMLHttpRequest(); xhr.open('GET', 'data/orders.json'); xhr.responseType = 'json';
  xhr.onload = function () {
    var d = xhr.response, total = d.orders.reduce(function (s, o) { return s + o.total; }, 0);
    var paid = d.orders.filter(function (o) { return o.status === 'paid'; }).length;
    document.getElementById('cards').innerHTML = [['Orders', d.orders.length, 100], ['Revenue', fmt(total), 64], ['Paid', paid, Math.round(paid / d.orders.length * 100)]].map(function (c) {
      return '<div class="col-sm-6 col-lg-4"><div class="card stat"><div class="card-body"><div class="d-flex align-items-center"><div class="subheader">' + c[0] + '</div><div class="ms-auto lh-1"><div class="dropdown"><a class="dropdown-toggle text-secondary" href="#" data-bs-toggle="dropdown">Last 30 days</a><div class="dropdown-menu dropdown-menu-end"><a class="dropdown-item active" href="#">Last 30 days</a></div></div></div></div>' +
        '<div class="h1 mb-3">' + c[1] + '</div><div class="d-flex mb-2"><div>Share</div><div class="ms-auto"><span class="text-green d-inline-flex align-items-center lh-1">' + c[2] + '%</span></div></div><div class="progress progress-sm"><div class="progress-bar bg-primary" style="width: ' + c[2] + '%" role="progressbar"><span class="visually-hidden">' + c[2] + '% Complete</span></div></div></div></div></div>';
    }).join('');
    var state = /^#!\/orders(?:\/page\/(\d+))?/.exec(location.hash), page = state && state[1] ? +state[1] : 1;
    var rows = d.orders.slice().sort(function (a, b) { return b.total - a.total; });
    document.querySelector('.orders tbody').innerHTML = rows.slice((page - 1) * 6, page * 6).map(function (o) {
      return '<tr><td><span class="text-secondary">' + o.id + '</span></td><td>' + esc(o.customer) + '</td><td><span class="badge bg-' + (o.status === 'paid' ? 'success' : 'secondary') + ' me-1"></span>' + o.status + '</td><td class="text-end">' + fmt(o.total) + '</td></tr>';
    }).join('');
    document.getElementById('pager').innerHTML = [1, 2, 3, 4].map(function (p) { return '<li class="page-item' + (p === page ? ' active' : '') + '"><a class="page-link" href="#!/orders/page/' + p + '">' + p + '</a></li>'; }).join('');
    document.getElementById('cities').innerHTML = '<div class="list-group list-group-flush">' + d.cities.map(function (c) { return '<div class="list-group-item">' + c + ' <span class="badge badge-outline text-blue">' + d.orders.filter(function (o) { return o.city === c; }).length + '</span></div>'; }).join('') + '</div>';
    document.getElementById('alert-text').textContent = d.orders.length + ' orders synced at ' + d.generated;
    if (state) { tabler.Tab.getOrCreateInstance(document.getElementById('t-cities')).show(); }
    document.title = 'Dashboard · ' + d.orders.length + ' orders';
    document.querySelectorAll('[data-bs-toggle="tooltip"]').forEach(function (el) { new tabler.Tooltip(el); });
  };
  xhr.send();
})();
