// Rainfall: d3 v7 as dashboards use it. d3.json loads the stations and the
// chosen station's months (#!/stations/<id>); a bar chart is built as SVG
// with scales, axes and data joins, the bars grow in with a transition, a
// table is joined to the same data and numbers go through d3.format.
(function () {
  'use strict';
  var width = 480, height = 220, margin = { top: 10, right: 10, bottom: 30, left: 40 };
  var fmtShare = d3.format('.1%'), fmtMM = d3.format(',d');

  function stationId() {
    var m = /^#!\/stations\/([\w-]+)$/.exec(location.hash);
    return m ? m[1] : 'bergen';
  }

  function drawLegend(stations, current) {
    d3.select('.legend').selectAll('li')
      .data(stations, function (d) { return d.id; })
      .join('li')
      .classed('current', function (d) { return d.id === current; })
      .html(function (d) { return '<a href="#!/stations/' + d.id + '">' + d.name + '</a>'; });
  }

  function drawChart(station) {
    var months = station.months;
    var total = d3.sum(months, function (d) { return d.mm; });
    var wettest = d3.greatest(months, function (d) { return d.mm; });

    var x = d3.scaleBand().domain(months.map(function (d) { return d.month; }))
      .range([margin.left, width - margin.right]).padding(0.1);
    var y = d3.scaleLinear().domain([0, d3.max(months, function (d) { return d.mm; })]).nice()
      .range([height - margin.bottom, margin.top]);

    var svg = d3.select('#chart').selectAll('svg').data([null]).join('svg')
      .attr('viewBox', [0, 0, width, height].join(' '))
      .attr('role', 'img')
      .attr('aria-label', station.name + ' rainfall');

    svg.selectAll('g.x-axis').data([null]).join('g').attr('class', 'x-axis')
      .attr('transform', 'translate(0,' + (height - margin.bottom) + ')')
      .call(d3.axisBottom(x).tickSizeOuter(0));
    svg.selectAll('g.y-axis').data([null]).join('g').attr('class', 'y-axis')
      .attr('transform', 'translate(' + margin.left + ',0)')
      .call(d3.axisLeft(y).ticks(5))
      .call(function (g) { g.select('.domain').remove(); });

    svg.selectAll('rect.bar').data(months, function (d) { return d.month; })
      .join(function (enter) {
        return enter.append('rect').attr('class', 'bar')
          .attr('x', function (d) { return x(d.month); })
          .attr('width', x.bandwidth())
          .attr('y', y(0)).attr('height', 0);
      })
      .classed('wettest', function (d) { return d === wettest; })
      .transition().duration(400).ease(d3.easeCubicOut)
      .attr('y', function (d) { return y(d.mm); })
      .attr('height', function (d) { return y(0) - y(d.mm); })
      .end().then(function () { svg.attr('data-drawn', 'yes'); }, function () {});

    svg.selectAll('text.label').data([wettest]).join('text')
      .attr('class', 'label')
      .attr('x', x(wettest.month) + x.bandwidth() / 2)
      .attr('y', y(wettest.mm) - 4)
      .attr('text-anchor', 'middle')
      .text(function (d) { return fmtMM(d.mm) + ' mm'; });

    d3.select('.months tbody').selectAll('tr').data(months).join('tr')
      .classed('wettest', function (d) { return d === wettest; })
      .selectAll('td').data(function (d) { return [d.month, fmtMM(d.mm), fmtShare(d.mm / total)]; })
      .join('td').text(function (d) { return d; });

    d3.select('#station h2').text(station.name + ' (' + station.elevation + ' m)');
    d3.select('.summary').text(fmtMM(total) + ' mm in ' + months.length + ' months; wettest ' +
      wettest.month + ', mean ' + d3.format('.1f')(d3.mean(months, function (d) { return d.mm; })) + ' mm');
    document.title = station.name + ' · Rainfall';
  }

  function route(stations) {
    var id = stationId();
    drawLegend(stations, id);
    d3.json('data/rainfall/' + id + '.json').then(drawChart).catch(function (err) {
      d3.select('#station h2').text('No such station (' + err.message + ')');
    });
  }

  d3.json('data/stations.json').then(function (stations) {
    route(stations);
    window.addEventListener('hashchange', function () { route(stations); });
  });
})();
