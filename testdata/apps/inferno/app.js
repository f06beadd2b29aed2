// Ferry Departures: Inferno 9 with createElement (no JSX): class components
// with state and lifecycle (componentDidMount fetch, componentDidUpdate),
// a functional component, keyed lists, refs; #! routes a route's sailings.
(function () {
  'use strict';
  var Component = Inferno.Component, h = Inferno.createElement;

  function routeId() {
    var m = /^#!\/routes\/([a-z-]+)$/.exec(location.hash);
    return m ? m[1] : null;
  }

  function Sailing(props) {
    var s = props.sailing;
    return h('tr', { className: s.cancelled ? 'cancelled' : null },
      h('td', null, s.time), h('td', null, s.vessel), h('td', null, s.cancelled ? 'Cancelled' : 'On time'));
  }

  class Timetable extends Component {
    constructor(props) {
      super(props);
      this.state = { route: null };
    }
    componentDidMount() { this.load(); }
    componentDidUpdate(prev) { if (prev.id !== this.props.id) { this.load(); } }
    load() {
      var self = this;
      fetch('data/routes/' + this.props.id + '.json')
        .then(function (r) { return r.json(); })
        .then(function (route) { self.setState({ route: route }); document.title = route.name + ' · Ferries'; });
    }
    render() {
      var r = this.state.route;
      if (!r) { return h('p', { className: 'loading' }, 'Loading timetable…'); }
      var running = r.sailings.filter(function (s) { return !s.cancelled; }).length;
      return h('section', { className: 'timetable' },
        h('h2', null, r.name),
        h('p', { className: 'summary' }, running + ' of ' + r.sailings.length + ' sailings running, crossing ' + r.minutes + ' min'),
        h('table', null, h('tbody', null, r.sailings.map(function (s) {
          return h(Sailing, { key: s.time, sailing: s });
        }))));
    }
  }

  class App extends Component {
    constructor(props) {
      super(props);
      this.state = { routes: [], current: routeId(), banner: '' };
      this.onHash = this.onHash.bind(this);
    }
    componentDidMount() {
      var self = this;
      addEventListener('hashchange', this.onHash);
      fetch('data/routes.json').then(function (r) { return r.json(); })
        .then(function (routes) { self.setState({ routes: routes }); });
      this.timer = setTimeout(function () {
        self.setState({ banner: 'Check in 20 minutes before departure' });
        self.bannerEl.setAttribute('data-shown', 'yes');
      }, 130);
    }
    componentWillUnmount() { removeEventListener('hashchange', this.onHash); clearTimeout(this.timer); }
    onHash() { this.setState({ current: routeId() }); }
    render() {
      var self = this, current = this.state.current;
      return h('div', null,
        h('h1', null, 'Ferry Departures'),
        h('ul', { className: 'routes' }, this.state.routes.map(function (r) {
          return h('li', { key: r.id, className: r.id === current ? 'current' : null },
            h('a', { href: '#!/routes/' + r.id }, r.name));
        })),
        current ? h(Timetable, { id: current }) : null,
        h('p', { className: 'banner', ref: function (el) { self.bannerEl = el; } }, this.state.banner));
    }
  }

  Inferno.render(h(App), document.getElementById('app'));
})();
