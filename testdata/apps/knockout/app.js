// Departures: Knockout 3.5 observables, computed values and foreach over data
// loaded with XMLHttpRequest; the selected flight follows the #! route.
(function () {
  'use strict';

  function loadJSON(url, cb) {
    var xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.addEventListener('load', function () {
      if (xhr.status >= 200 && xhr.status < 300) { cb(null, JSON.parse(xhr.responseText)); } else { cb(new Error(url + ': ' + xhr.status)); }
    });
    xhr.addEventListener('error', function () { cb(new Error(url + ': network error')); });
    xhr.send();
  }

  function Board() {
    var self = this;
    self.airport = ko.observable('');
    self.loading = ko.observable(true);
    self.flights = ko.observableArray([]);
    self.selectedCode = ko.observable(null);
    self.selected = ko.observable(null);
    self.clock = ko.observable('');

    self.summary = ko.pureComputed(function () {
      var f = self.flights();
      if (!f.length) { return ''; }
      var delayed = f.filter(function (x) { return x.status === 'delayed'; }).length;
      var cancelled = f.filter(function (x) { return x.status === 'cancelled'; }).length;
      return f.length + ' departures, ' + delayed + ' delayed, ' + cancelled + ' cancelled';
    });

    self.statusText = function (f) {
      if (f.status === 'delayed') { return 'Delayed ' + f.delay + ' min'; }
      if (f.status === 'cancelled') { return 'Cancelled'; }
      return f.gate ? 'Boarding' : 'On time';
    };

    self.duration = function (min) {
      return Math.floor(min / 60) + ':' + ('0' + (min % 60)).slice(-2);
    };

    self.selectedCode.subscribe(function (code) {
      self.selected(null);
      if (!code) { return; }
      loadJSON('data/flights/' + code + '.json', function (err, detail) {
        if (!err) { self.selected(detail); }
      });
    });
  }

  var board = new Board();
  ko.applyBindings(board);

  function route() {
    var m = /^#!\/flights\/([A-Z0-9]+)$/.exec(location.hash);
    board.selectedCode(m ? m[1] : null);
  }

  loadJSON('data/board.json', function (err, data) {
    if (err) { board.airport('(offline)'); return; }
    board.airport(data.airport);
    board.flights(data.flights);
    board.loading(false);
    route();
    setTimeout(function () { board.clock('Board time ' + data.boardTime); }, 40);
  });
  window.addEventListener('hashchange', route);
})();
