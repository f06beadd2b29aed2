// Ferry passengers: a billboard.js 4 dashboard (D3 on SVG) for the harbour
// in the #! state: a spline chart of the routes by month with a legend, a
// donut of the routes' shares and a rotated stacked bar chart by quarter
// with data labels, and a table. billboard.js sizes its legend items, axes
// and data labels from getBoundingClientRect and getBBox of SVG text: the
// rotated chart's value axis gets its ticks from the room its category
// labels leave.
/* global bb */
(function () {
  'use strict';

  var fmt = new Intl.NumberFormat('en-US');

  function getJSON(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(r.status + ' ' + url);
      return r.json();
    });
  }

  function sum(a) { return a.reduce(function (s, v) { return s + v; }, 0); }

  function draw(h) {
    var names = Object.keys(h.routes);
    document.querySelector('#harbour h2').textContent = h.name + ' ' + h.year;
    document.title = h.name + ' · Ferry passengers';
    var drawn = 0;
    function rendered() {
      if (++drawn === 3) document.body.setAttribute('data-drawn', 'yes');
    }
    bb.generate({
      bindto: '#months', size: { width: 560, height: 300 }, title: { text: 'Passengers by month' },
      data: { x: 'month', columns: [['month'].concat(h.months)].concat(names.map(function (n) { return [n].concat(h.routes[n]); })), type: 'spline' },
      axis: { x: { type: 'category', tick: { multiline: false } }, y: { tick: { format: function (v) { return fmt.format(v); } } } },
      legend: { position: 'bottom' }, onrendered: rendered,
    });
    bb.generate({
      bindto: '#share', size: { width: 360, height: 300 }, title: { text: 'Share by route' },
      data: { columns: names.map(function (n) { return [n, sum(h.routes[n])]; }), type: 'donut' },
      donut: { title: fmt.format(sum(names.map(function (n) { return sum(h.routes[n]); }))) }, onrendered: rendered,
    });
    var quarters = ['Q1', 'Q2', 'Q3', 'Q4'];
    bb.generate({
      bindto: '#quarters', size: { width: 560, height: 260 }, title: { text: 'By quarter' },
      data: {
        x: 'quarter', type: 'bar', groups: [names], labels: true,
        columns: [['quarter'].concat(quarters)].concat(names.map(function (n) {
          var m = h.routes[n];
          return [n].concat(quarters.map(function (_, q) { return m[q * 3] + m[q * 3 + 1] + m[q * 3 + 2]; }));
        })),
      },
      axis: { rotated: true, x: { type: 'category', tick: { multiline: false } } }, onrendered: rendered,
    });
    var body = document.querySelector('#totals tbody');
    body.textContent = '';
    names.forEach(function (n) {
      var m = h.routes[n], best = m.indexOf(Math.max.apply(null, m));
      var tr = document.createElement('tr');
      [n, fmt.format(sum(m)), h.months[best]].forEach(function (t) {
        var td = document.createElement('td');
        td.textContent = t;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    document.querySelector('.summary').textContent = names.length + ' routes, ' + fmt.format(sum(names.map(function (n) { return sum(h.routes[n]); }))) + ' passengers';
  }

  function route() {
    var m = /^#!\/harbours\/([^/]+)$/.exec(location.hash);
    return m ? decodeURIComponent(m[1]) : 'floro';
  }

  getJSON('data/harbours.json').then(function (list) {
    var id = route();
    document.getElementById('harbours').innerHTML = list.map(function (x) {
      return '<a href="#!/harbours/' + encodeURIComponent(x.id) + '"' + (x.id === id ? ' class="current"' : '') + '>' + x.name + '</a>';
    }).join('');
    return getJSON('data/' + encodeURIComponent(id) + '.json');
  }).then(draw).catch(function (e) {
    document.querySelector('#harbour h2').textContent = 'Could not load: ' + e.message;
  });
})();
