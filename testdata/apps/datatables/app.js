// Harbour registry: DataTables 3 (no jQuery) loads its rows over Ajax,
// renders numbers and dates with column renderers, orders by length,
// pages by 5, and applies the search and page in the #! state
// (#!/boats/search/<term>/page/<n>); the table's own info and paging text
// is what a user sees.
(function () {
  'use strict';
  var m = /^#!\/boats(?:\/search\/([^/]*))?(?:\/page\/(\d+))?$/.exec(location.hash) || [];
  var term = m[1] ? decodeURIComponent(m[1]) : '', page = m[2] ? Number(m[2]) - 1 : 0;

  var table = new DataTable('#boats', {
    ajax: { url: 'data/boats.json', dataSrc: 'boats' },
    columns: [
      { data: 'name' },
      { data: 'type' },
      { data: 'length', className: 'num', render: function (d, type) { return type === 'display' ? d.toFixed(1) : d; } },
      { data: 'built' },
      { data: 'berth', render: function (d) { return d || '—'; } }
    ],
    order: [[2, 'desc']],
    pageLength: 5,
    lengthChange: false,
    search: { search: term },
    createdRow: function (row, data) { if (data.berth === null) { row.classList.add('unberthed'); } },
    initComplete: function () {
      var api = this.api();
      if (page) { api.page(page).draw(false); }
      var shown = api.rows({ search: 'applied' }).data().toArray();
      var total = shown.reduce(function (s, b) { return s + b.length; }, 0);
      document.getElementById('summary').textContent = shown.length + ' boats match, ' + total.toFixed(1) + ' m of hull';
      document.title = (term ? '“' + term + '” · ' : '') + 'Harbour registry';
    }
  });
  window.addEventListener('hashchange', function () { location.reload(); });
  void table;
})();
