// An orders page that imports CSV and exports a zip archive:
// PapaParse parses a semicolon-separated file it downloads in a worker
// (header row, typed values, quoted fields with the delimiter, doubled
// quotes and a line break), then a comma-separated file given as a File,
// read in small chunks by FileReader with a step callback; Papa.unparse
// writes the rows the #! state selects, and JSZip deflates them with two
// more files into an archive, reads it back and checks the round trip.
(function () {
  var parts = location.hash.replace(/^#!\/?/, '').split('/').map(decodeURIComponent);
  var filter = parts[1] || 'all';
  var city = filter === 'city' ? parts[2] : '';
  function $(id) { return document.getElementById(id); }
  function keep(r) {
    return filter === 'paid' ? r.paid : filter === 'city' ? r.city === city : true;
  }
  var money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });

  function showOrders(res) {
    var fields = res.meta.fields;
    $('orders').tHead.innerHTML = '<tr>' + fields.map(function (f) { return '<th>' + f + '</th>'; }).join('') + '</tr>';
    var rows = res.data.filter(keep), total = 0;
    rows.forEach(function (r) {
      var tr = $('orders').tBodies[0].insertRow();
      if (!r.paid) tr.className = 'unpaid';
      fields.forEach(function (f) {
        var td = tr.insertCell(), v = r[f];
        td.dataset.type = v === null ? 'null' : typeof v;
        td.textContent = v === null ? '—' : f === 'amount' ? money.format(v) : String(v);
      });
      total += r.amount || 0;
    });
    $('orders').tFoot.innerHTML = '<tr><td colspan="3">' + rows.length + ' of ' + res.data.length + '</td><td>' + money.format(total) + '</td></tr>';
    $('status').textContent = res.data.length + ' orders, delimiter "' + res.meta.delimiter + '", ' + res.errors.length + ' errors (' + filter + (city ? ' ' + city : '') + ')';
    return rows;
  }

  function parseReturns() {
    return fetch('data/returns.csv').then(function (r) { return r.text(); }).then(function (text) {
      var file = new File([text], 'returns.csv', { type: 'text/csv' });
      var reasons = {}, n = 0;
      return new Promise(function (resolve, reject) {
        Papa.parse(file, {
          header: true, dynamicTyping: true, newline: '\r\n', skipEmptyLines: true, chunkSize: 16,
          step: function (row) { n++; reasons[row.data.reason] = (reasons[row.data.reason] || 0) + row.data.qty; },
          complete: function () { resolve({ n: n, reasons: reasons }); },
          error: reject
        });
      });
    }).then(function (r) {
      $('returns').textContent = r.n + ' returns read in chunks';
      $('reasons').innerHTML = Object.keys(r.reasons).sort().map(function (k) { return '<li>' + k + ': ' + r.reasons[k] + '</li>'; }).join('');
    });
  }

  function archive(rows) {
    var csv = Papa.unparse(rows, { columns: ['id', 'customer', 'amount', 'note'], quotes: [false, true, false, false] });
    var zip = new JSZip();
    zip.file('selected.csv', csv);
    zip.folder('meta').file('info.json', JSON.stringify({ filter: filter, city: city, rows: rows.length }));
    zip.file('notes.txt', 'Résumé — ünïcødé ✓');
    return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', date: new Date('2026-03-15T12:00:00Z') }).then(function (bytes) {
      return JSZip.loadAsync(bytes).then(function (z) {
        $('zip').innerHTML = Object.keys(z.files).sort().map(function (n) {
          return '<li>' + n + (z.files[n].dir ? ' (folder)' : '') + '</li>';
        }).join('');
        return Promise.all([z.file('notes.txt').async('string'), z.file('selected.csv').async('blob'), z.file('meta/info.json').async('string')]);
      }).then(function (got) {
        $('notes').textContent = got[0];
        return got[1].text().then(function (back) {
          var info = JSON.parse(got[2]);
          $('roundtrip').textContent = (back === csv ? 'round trip ok' : 'round trip differs') + ': ' + back.split('\r\n').length + ' lines, ' + info.rows + ' rows, zip starts ' + String.fromCharCode(bytes[0], bytes[1]);
        });
      });
    });
  }

  Papa.parse(new URL('data/orders.csv', location.href).href, {
    // worker: the config is posted to PapaParse's worker, so it holds no
    // functions (a DataCloneError names one by its source text).
    download: true, worker: true, header: true, dynamicTyping: true, skipEmptyLines: true,
    complete: function (res) {
      var rows = showOrders(res);
      parseReturns().then(function () { return archive(rows); }).catch(function (e) { $('status').textContent = 'failed: ' + e; });
    },
    error: function (e) { $('status').textContent = 'download failed: ' + e; }
  });
})();
