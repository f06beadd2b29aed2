// Weather stations: ApexCharts 4 (UMD global) drawing SVG from data fetched
// over XHR: a column + line chart with two y axes, data labels, a legend and
// an annotation, and a donut; the `mounted` and `animationEnd` events, a timed
// updateSeries, and the chart's own globals read back into a table. The #!
// state names the station (#!/stations/<id>).
(function () {
  const $ = (s) => document.querySelector(s);

  function getJSON(url) {
    return new Promise((resolve, reject) => {
      const x = new XMLHttpRequest();
      x.open('GET', url);
      x.responseType = 'json';
      x.onload = () => (x.status === 200 ? resolve(x.response) : reject(new Error(url + ': ' + x.status)));
      x.onerror = () => reject(new Error(url));
      x.send();
    });
  }

  function station() {
    const m = /^#!\/stations\/([a-z]+)$/.exec(location.hash);
    return m ? m[1] : 'bergen';
  }

  function row(k, v) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    const td = document.createElement('td');
    th.textContent = k;
    td.textContent = v;
    tr.append(th, td);
    return tr;
  }

  async function main() {
    const id = station();
    const [list, s] = await Promise.all([getJSON('data/stations.json'), getJSON(`data/stations/${id}.json`)]);
    $('#stations').append(...list.map((x) => {
      const a = document.createElement('a');
      a.href = `#!/stations/${x.id}`;
      a.textContent = x.name;
      if (x.id === id) a.className = 'current';
      return a;
    }));
    document.title = `${s.name} · Weather stations`;
    const total = s.rain.reduce((a, b) => a + b, 0);
    const wettest = s.months[s.rain.indexOf(Math.max(...s.rain))];
    let drawn = 0;
    const done = () => { if (++drawn === 2) $('#status').textContent = `${s.name}: ${total} mm in the year, wettest in ${wettest}`; };

    const rain = new ApexCharts($('#rain'), {
      chart: {
        id: 'rain', type: 'line', width: 600, height: 320, toolbar: { show: false }, zoom: { enabled: false },
        animations: { enabled: true, speed: 400 },
        events: { animationEnd: done, mounted: (ctx) => { ctx.el.dataset.mounted = 'yes'; } },
      },
      title: { text: `Monthly precipitation, ${s.name}` },
      series: [
        { name: 'Precipitation', type: 'column', data: s.rain },
        { name: 'Temperature', type: 'line', data: s.temp },
      ],
      stroke: { width: [0, 3] },
      dataLabels: { enabled: true, enabledOnSeries: [1], formatter: (v) => v.toFixed(1) },
      labels: s.months,
      colors: ['#2b7bb9', '#d9534f'],
      yaxis: [
        { title: { text: 'mm' }, min: 0, max: 300, tickAmount: 6 },
        { opposite: true, title: { text: '°C' }, min: -5, max: 20, tickAmount: 5 },
      ],
      annotations: { yaxis: [{ y: total / 12, borderColor: '#555', label: { text: `mean ${Math.round(total / 12)} mm` } }] },
      legend: { position: 'top' },
    });

    const days = new ApexCharts($('#days'), {
      chart: { id: 'days', type: 'donut', width: 360, height: 300, events: { animationEnd: done } },
      series: [s.days.rain, s.days.snow, s.days.dry],
      labels: ['Rain', 'Snow', 'Dry'],
      colors: ['#2b7bb9', '#9ecae1', '#f0ad4e'],
      plotOptions: { pie: { donut: { labels: { show: true, total: { show: true, label: 'Days' } } } } },
      legend: { position: 'bottom' },
    });

    await Promise.all([rain.render(), days.render()]);
    const w = rain.w.globals;
    const tbody = $('#summary tbody');
    tbody.append(
      row('Series', w.seriesNames.join(', ')),
      row('Largest value', String(w.maxY)),
      row('Categories', String(w.labels.length)),
      row('Snow days', String(days.w.globals.series[1])),
    );
    // A late correction of December's figure, as a live dashboard would get.
    setTimeout(() => {
      const rainFixed = s.rain.slice();
      rainFixed[11] += 10;
      rain.updateSeries([{ name: 'Precipitation', type: 'column', data: rainFixed }, { name: 'Temperature', type: 'line', data: s.temp }], false);
      tbody.append(row('Corrected', `Dec ${rainFixed[11]} mm`));
    }, 1500);
  }

  main().catch((e) => { $('#status').textContent = 'Failed: ' + e.message; });
}());
