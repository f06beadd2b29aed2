// Departures: RxJS 7 drives the page. The station comes from the #! state
// (fromEvent(window, 'hashchange') + startWith), switchMap fetches its
// board with rxjs.ajax (XMLHttpRequest) after the station list
// (forkJoin), a virtual clock ticks with interval + take + scan, a status
// ticker cycles with zip/timer, and combineLatest joins the board with the
// clock to mark trains that are boarding. Everything ends in a final state.
(function () {
  'use strict';
  var ajax = rxjs.ajax.ajax, op = rxjs.operators;
  var hash$ = rxjs.fromEvent(window, 'hashchange').pipe(
    op.map(function () { return location.hash; }),
    op.startWith(location.hash),
    op.map(function (h) { var m = /^#!\/departures\/(\w+)$/.exec(h); return m ? m[1] : 'osl'; }),
    op.distinctUntilChanged()
  );

  function hhmm(min) {
    var h = Math.floor(min / 60), m = min % 60;
    return (h < 10 ? '0' : '') + h + ':' + (m < 10 ? '0' : '') + m;
  }

  var stations$ = ajax.getJSON('data/stations.json').pipe(op.shareReplay(1));

  var board$ = hash$.pipe(
    op.switchMap(function (id) {
      return rxjs.forkJoin({
        stations: stations$,
        board: ajax({ url: 'data/boards/' + id + '.json', method: 'GET', responseType: 'json', headers: { 'X-Board': id } })
          .pipe(op.map(function (r) { return r.response; }), op.delay(50))
      });
    }),
    op.shareReplay(1)
  );

  // The board's clock starts at its own "now" and advances five minutes a
  // tick, four ticks, then stops.
  var clock$ = board$.pipe(
    op.switchMap(function (b) {
      return rxjs.interval(200).pipe(op.take(4), op.scan(function (t) { return t + 5; }, b.board.now), op.startWith(b.board.now));
    })
  );

  board$.subscribe(function (b) {
    document.getElementById('stations').innerHTML = b.stations.map(function (s) {
      return '<a href="#!/departures/' + s.id + '"' + (s.id === b.board.id ? ' class="current"' : '') + '>' + s.name + '</a>';
    }).join(' | ');
    document.title = b.board.name + ' · Departures';
  });

  rxjs.combineLatest([board$, clock$]).subscribe(function (pair) {
    var trains = pair[0].board.trains, now = pair[1];
    document.getElementById('clock').textContent = hhmm(now);
    var rows = trains.filter(function (t) { return t.at >= now; }).map(function (t) {
      var boarding = t.at - now <= 10;
      return '<tr class="' + (boarding ? 'boarding' : '') + '"><td>' + hhmm(t.at) + '</td><td>' + t.to + '</td><td>' + t.track +
        '</td><td>' + (boarding ? 'Boarding' : 'On time') + '</td></tr>';
    });
    document.querySelector('#board tbody').innerHTML = rows.join('');
  });

  var notices = ['Mind the gap', 'Quiet carriage in coach 3', 'Refreshments on board'];
  rxjs.zip(rxjs.from(notices), rxjs.timer(0, 150)).pipe(op.map(function (p) { return p[0]; }))
    .subscribe({
      next: function (n) { document.getElementById('ticker').textContent = n; },
      complete: function () { document.getElementById('ticker').classList.add('done'); }
    });

  var counts = { fetched: 0 };
  board$.pipe(op.take(1)).subscribe(function (b) {
    counts.fetched = b.board.trains.length;
    document.getElementById('log').textContent = counts.fetched + ' trains from ' + b.stations.length + ' stations';
  });
})();
