// The worker behind app.js: fetches a station's readings (relative to this
// script's URL) and summarises them, exposed with Comlink.
importScripts('/node_modules/comlink/dist/umd/comlink.js');

var computed = 0;
var api = {
  unit: 'cm',
  get computed() { return computed; },
  summarise: function (id, onStep) {
    return Promise.resolve(onStep('fetch ' + id)).then(function () {
      return fetch('data/' + id + '.json');
    }).then(function (res) {
      if (!res.ok) throw new Error('no station ' + id);
      return res.json();
    }).then(function (station) {
      var levels = station.readings.map(function (r) { return r.cm; });
      var sum = levels.reduce(function (a, b) { return a + b; }, 0);
      var top = station.readings.slice().sort(function (a, b) { return b.cm - a.cm || (a.day < b.day ? -1 : 1); }).slice(0, 3);
      computed++;
      return Promise.resolve(onStep('summarised ' + levels.length + ' readings')).then(function (n) {
        return {
          name: station.name, count: levels.length, min: Math.min.apply(null, levels), max: Math.max.apply(null, levels),
          mean: sum / levels.length, top: top, stepsSeen: n
        };
      });
    });
  }
};

Comlink.expose(api);
