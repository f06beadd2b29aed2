// Harbour register: Grid.js 6 (UMD global `gridjs`, Preact inside) over a
// `server` source that it fetches itself (`then` maps the response), columns
// with formatters (`gridjs.html`, `gridjs.h`), a hidden column, sorting,
// search with a keyword and pagination at a page, both from the #! state
// (#!/search/<word>/page/<n>), the grid's store (its status and data) and
// the pipeline's `afterProcess` event (Grid.js 6.2's builds never emit the
// documented `ready` and `load` events, in any browser), and a timed
// `updateConfig(...).forceRender()` that adds a column once a second request
// (county codes, over XHR) arrives.
(function () {
  const $ = (s) => document.querySelector(s);
  const m = /^#!(?:\/search\/([^/]+))?(?:\/page\/(\d+))?$/.exec(location.hash) || [];
  const keyword = m[1] ? decodeURIComponent(m[1]) : '';
  const page = m[2] ? Number(m[2]) - 1 : 0;
  let updated = '';

  const columns = [
    { id: 'id', name: 'No.', hidden: true },
    { id: 'name', name: 'Harbour', formatter: (cell, row) => gridjs.html(`<a href="#!/harbours/${row.cells[0].data}">${cell}</a>`) },
    { id: 'county', name: 'County' },
    { id: 'berths', name: 'Berths', sort: { compare: (a, b) => a - b } },
    { id: 'depth', name: 'Depth', formatter: (cell) => `${cell.toFixed(1)} m` },
    { id: 'fuel', name: 'Fuel', sort: false, formatter: (cell) => gridjs.h('span', { className: cell ? 'fuel-yes' : 'fuel-no' }, cell ? 'yes' : 'no') },
  ];

  const grid = new gridjs.Grid({
    columns,
    server: {
      url: 'data/harbours.json',
      then: (data) => { updated = data.updated; return data.harbours.map((h) => [h.id, h.name, h.county, h.berths, h.depth, h.fuel]); },
    },
    search: keyword ? { keyword } : true,
    sort: true,
    pagination: { limit: 4, page, summary: true, resetPageOnUpdate: false },
    language: { search: { placeholder: 'Find a harbour…' }, pagination: { previous: '‹', next: '›', showing: 'Harbours', results: () => 'in all' } },
    className: { table: 'harbours', td: 'cell' },
  });

  grid.config.pipeline.on('afterProcess', (data) => { document.body.dataset.processed = data.length; });
  grid.render($('#grid'));
  grid.config.store.subscribe((state, prev) => {
    if (state.status !== 3 || (prev && prev.status === 3)) return; // Status.Rendered
    const rows = document.querySelectorAll('.gridjs-tbody tr');
    $('#state').textContent = (keyword ? `Search “${keyword}”, ` : '') + `page ${page + 1}: ${rows.length} of ${state.data.length} rows shown`;
    $('#footer').textContent = `Register updated ${updated}`;
  });

  setTimeout(() => {
    const x = new XMLHttpRequest();
    x.open('GET', 'data/counties.json');
    x.onload = () => {
      const codes = JSON.parse(x.responseText);
      grid.updateConfig({
        columns: columns.concat([{ id: 'code', name: 'Code', sort: false, data: (row) => codes[row[2]], formatter: (c) => gridjs.html(`<span class="code">${c}</span>`) }]),
      }).forceRender();
      document.body.dataset.codes = Object.keys(codes).length;
    };
    x.send();
  }, 400);
}());
