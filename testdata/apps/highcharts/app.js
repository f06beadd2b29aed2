// Reservoir levels: a Highcharts 13 column + line chart (SVG renderer,
// text measured with getBBox), built from fetched data for the lake in the
// #! state. Sizes, ticks and label overflow are fixed so that no text
// depends on font metrics; the chart's own API feeds the summary.
/* global Highcharts */
(function () {
  'use strict';

  function getJSON(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(r.status + ' ' + url);
      return r.json();
    });
  }

  function draw(lake) {
    document.querySelector('#lake h2').textContent = lake.name + ' (' + lake.region + ')';
    document.title = lake.name + ' · Reservoir levels';
    var chart = Highcharts.chart('chart', {
      chart: {
        width: 640,
        height: 320,
        animation: { duration: 300 },
        events: {
          load: function () {
            var c = this;
            var fullest = c.series[0].points.reduce(function (a, p) { return p.y > a.y ? p : a; });
            document.querySelector('.summary').textContent =
              c.series[0].points.length + ' months; fullest in ' + fullest.category + ' at ' + fullest.y + ' %';
          },
        },
      },
      title: { text: lake.name + ' filling' },
      subtitle: { text: 'Percent of capacity, ' + lake.year },
      credits: { enabled: false },
      accessibility: { enabled: false },
      xAxis: {
        categories: lake.months.map(function (m) { return m.month; }),
        labels: { autoRotation: false, style: { textOverflow: 'none', whiteSpace: 'nowrap' } },
      },
      yAxis: {
        min: 0,
        max: 100,
        tickPositions: [0, 25, 50, 75, 100],
        title: { text: 'Filling (%)' },
        plotLines: [{ value: lake.normal, color: '#c33', width: 1, label: { text: 'Normal ' + lake.normal + ' %' } }],
      },
      legend: { enabled: true },
      plotOptions: {
        column: {
          animation: { duration: 400 },
          dataLabels: { enabled: true, allowOverlap: true, crop: false, overflow: 'allow', format: '{y}' },
        },
        series: { animation: { duration: 400 } },
      },
      series: [
        { type: 'column', name: lake.year + ' filling', data: lake.months.map(function (m) { return m.filling; }) },
        { type: 'line', name: 'Median 2000–2020', data: lake.months.map(function (m) { return m.median; }), marker: { enabled: true } },
      ],
    });
    document.getElementById('chart').setAttribute('data-points', String(chart.series[0].points.length));
  }

  function nav(lakes, current) {
    document.getElementById('lakes').innerHTML = lakes.map(function (l) {
      return '<a href="#!/reservoirs/' + l.id + '"' + (l.id === current ? ' class="current"' : '') + '>' + l.name + '</a>';
    }).join('');
  }

  function route() {
    var m = /^#!\/reservoirs\/([\w-]+)$/.exec(location.hash);
    var id = m ? m[1] : 'blasjo';
    getJSON('data/reservoirs.json').then(function (lakes) {
      nav(lakes, id);
      return getJSON('data/reservoirs/' + id + '.json');
    }).then(draw).catch(function (err) {
      document.querySelector('#lake h2').textContent = 'Not found';
    });
  }

  window.addEventListener('hashchange', route);
  route();
})();
