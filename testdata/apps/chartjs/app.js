// Energy: a Chart.js 4 bar + line chart on a canvas (the chart itself is
// pixels: what a crawler sees is the table and the legend the page builds
// from the chart's own API), data fetched per household (#!/homes/<id>),
// animation off after the first draw, the fallback text of the canvas set.
(function () {
  'use strict';
  var m = /^#!\/homes\/(\w+)$/.exec(location.hash);
  var id = m ? m[1] : 'a';
  fetch('data/' + id + '.json').then(function (r) { return r.json(); }).then(function (home) {
    var canvas = document.getElementById('usage');
    var chart = new Chart(canvas, {
      type: 'bar',
      data: {
        labels: home.months,
        datasets: [
          { label: 'Use (kWh)', data: home.kwh, backgroundColor: '#4a7' },
          { label: 'Solar (kWh)', data: home.solar, type: 'line', borderColor: '#e90' }
        ]
      },
      options: {
        responsive: true, maintainAspectRatio: false,
        animation: { duration: 200, onComplete: function () { canvas.setAttribute('data-drawn', 'yes'); } },
        plugins: { legend: { display: false }, title: { display: true, text: home.name } },
        scales: { y: { beginAtZero: true } }
      }
    });
    canvas.textContent = home.name + ': ' + home.kwh.join(', ') + ' kWh';
    var total = home.kwh.reduce(function (a, b) { return a + b; }, 0);
    document.getElementById('summary').textContent = home.name + ': ' + total + ' kWh in ' + home.months.length + ' months, peak ' +
      home.months[home.kwh.indexOf(Math.max.apply(null, home.kwh))];
    document.querySelector('#data tbody').innerHTML = home.months.map(function (mo, i) {
      return '<tr><td>' + mo + '</td><td>' + home.kwh[i] + '</td><td>' + (home.kwh[i] * home.price).toFixed(2) + '</td></tr>';
    }).join('');
    document.getElementById('legend').innerHTML = chart.data.datasets.map(function (d, i) {
      return '<li class="' + (chart.isDatasetVisible(i) ? 'on' : 'off') + '">' + d.label + ' (' + chart.getDatasetMeta(i).type + ')</li>';
    }).join('');
    document.title = home.name + ' · Energy';
  });
})();
