// Ferries: an ECharts 6 bar + line chart drawn by its SVG renderer (the
// axis labels, title, legend and bars are SVG elements a crawler sees), the
// route from the #! state (#!/routes/<id>), the route list and the monthly
// figures fetched, the animation's `finished` event marking the chart done,
// a table and a summary built from the chart's own option.
(function () {
  'use strict';
  function route() {
    var m = /^#!\/routes\/([\w-]+)$/.exec(location.hash);
    return m ? m[1] : 'oban-mull';
  }
  var chart = echarts.init(document.getElementById('chart'), null, { renderer: 'svg' });
  chart.on('finished', function () { document.getElementById('chart').setAttribute('data-drawn', 'yes'); });

  fetch('data/routes.json').then(function (r) { return r.json(); }).then(function (routes) {
    var id = route();
    document.getElementById('routes').innerHTML = routes.map(function (r) {
      return '<a href="#!/routes/' + r.id + '"' + (r.id === id ? ' class="current"' : '') + '>' + r.name + '</a>';
    }).join('');
    return fetch('data/' + id + '.json');
  }).then(function (r) { return r.json(); }).then(function (d) {
    document.getElementById('route').textContent = d.name;
    chart.setOption({
      title: { text: d.name, subtext: d.operator },
      tooltip: { trigger: 'axis' },
      legend: { data: ['Passengers', 'Cars'], right: 10 },
      xAxis: { type: 'category', data: d.months },
      yAxis: [{ type: 'value', name: 'Passengers' }, { type: 'value', name: 'Cars' }],
      series: [
        { name: 'Passengers', type: 'bar', data: d.passengers, label: { show: true, position: 'top' } },
        { name: 'Cars', type: 'line', yAxisIndex: 1, data: d.cars, smooth: true }
      ],
      animationDuration: 600
    });
    var opt = chart.getOption();
    var rows = opt.xAxis[0].data.map(function (mo, i) {
      return '<tr><td>' + mo + '</td><td>' + opt.series[0].data[i].toLocaleString('en-US') + '</td><td>' + opt.series[1].data[i] + '</td></tr>';
    });
    document.querySelector('#data tbody').innerHTML = rows.join('');
    var total = d.passengers.reduce(function (a, b) { return a + b; }, 0);
    document.getElementById('summary').textContent = total.toLocaleString('en-US') + ' passengers in ' + d.months.length +
      ' months on ' + chart.getModel().getSeriesCount() + ' series';
    document.title = d.name + ' · Ferries';
  });
})();
