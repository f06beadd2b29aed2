// Weather Stations: React 18 (UMD) with hooks, fetch and a hash router of its own.
(function () {
  'use strict';
  var h = React.createElement;
  var useState = React.useState, useEffect = React.useEffect, useMemo = React.useMemo;

  function parseHash(hash) {
    var m = /^#!\/stations\/([A-Z]+)$/.exec(hash);
    if (m) { return { page: 'station', code: m[1] }; }
    return { page: 'home' };
  }

  function useHashRoute() {
    var state = useState(function () { return parseHash(window.location.hash); });
    useEffect(function () {
      function onChange() { state[1](parseHash(window.location.hash)); }
      window.addEventListener('hashchange', onChange);
      return function () { window.removeEventListener('hashchange', onChange); };
    }, []);
    return state[0];
  }

  function useJSON(url) {
    var s = useState({ loading: true, data: null, error: null });
    useEffect(function () {
      var cancelled = false;
      s[1]({ loading: true, data: null, error: null });
      fetch(url)
        .then(function (res) {
          if (!res.ok) { throw new Error('HTTP ' + res.status); }
          return res.json();
        })
        .then(function (data) { if (!cancelled) { s[1]({ loading: false, data: data, error: null }); } })
        .catch(function (err) { if (!cancelled) { s[1]({ loading: false, data: null, error: err.message }); } });
      return function () { cancelled = true; };
    }, [url]);
    return s[0];
  }

  function fmtTemp(c) { return (c > 0 ? '+' : '') + c.toFixed(1) + ' °C'; }
  function fmtTime(iso) { return iso.slice(11, 16) + ' UTC'; }

  function StationList(props) {
    return h('ul', { className: 'station-list' }, props.stations.map(function (s) {
      return h('li', { key: s.code, className: s.code === props.current ? 'current' : null },
        h('a', { href: '#!/stations/' + s.code }, s.name));
    }));
  }

  function Station(props) {
    var res = useJSON('data/stations/' + props.code + '.json');
    var stats = useMemo(function () {
      if (!res.data) { return null; }
      var temps = res.data.readings.map(function (r) { return r.temp; });
      var sum = temps.reduce(function (a, b) { return a + b; }, 0);
      return { min: Math.min.apply(null, temps), max: Math.max.apply(null, temps), avg: sum / temps.length };
    }, [res.data]);
    var showAlert = useState(false);
    useEffect(function () {
      if (!res.data || !res.data.alert) { return undefined; }
      var t = setTimeout(function () { showAlert[1](true); }, 150);
      return function () { clearTimeout(t); };
    }, [res.data]);

    if (res.loading) { return h('p', { className: 'loading' }, 'Loading station…'); }
    if (res.error) { return h('p', { className: 'error' }, 'Station unavailable: ' + res.error); }
    var d = res.data;
    return h('section', { className: 'station' },
      h('h2', null, d.name, ' ', h('small', null, '(' + d.code + ', ' + d.elevation + ' m)')),
      showAlert[0] ? h('p', { className: 'warn', role: 'alert' }, '⚠ ' + d.alert) : null,
      h('p', { className: 'stats' }, 'Min ' + fmtTemp(stats.min) + ' · Max ' + fmtTemp(stats.max) + ' · Mean ' + fmtTemp(stats.avg)),
      h('table', { className: 'reading' },
        h('thead', null, h('tr', null, h('th', null, 'Time'), h('th', null, 'Temp'), h('th', null, 'Wind'))),
        h('tbody', null, d.readings.map(function (r) {
          return h('tr', { key: r.at },
            h('td', null, fmtTime(r.at)),
            h('td', null, fmtTemp(r.temp)),
            h('td', null, r.wind + ' m/s ' + r.dir));
        }))));
  }

  function App() {
    var route = useHashRoute();
    var list = useJSON('data/stations.json');
    useEffect(function () {
      document.title = route.page === 'station' ? route.code + ' · Weather Stations' : 'Weather Stations';
    }, [route]);
    return h(React.Fragment, null,
      h('header', null, h('h1', null, 'Weather Stations'),
        list.data ? h(StationList, { stations: list.data, current: route.code }) : h('p', null, 'Loading stations…')),
      h('main', null, route.page === 'station'
        ? h(Station, { code: route.code })
        : h('p', null, 'Pick a station.')));
  }

  ReactDOM.createRoot(document.getElementById('root')).render(h(App));
})();
