// A club calendar on FullCalendar 6 (its global bundle): a dayGrid month
// view (or, with /list, a list of the month, with /week a timeGrid week
// of the day) whose date and venue come from the #! state
// (#!/<venue>/<yyyy-mm[-dd]>[/list|/week]), events from two
// sources (a JSON feed FullCalendar fetches itself with start/end
// parameters, and a function source that fetches the venue's regattas and
// maps them), a `+n more` link where a day has more than two events,
// `eventDidMount` classes, `eventContent` for the cancelled ones, and the
// `datesSet`/`eventsSet` callbacks building an agenda under the calendar
// from `getEvents()`.
(function () {
  'use strict';
  var parts = location.hash.replace(/^#!\/?/, '').split('/');
  var venue = /^[a-z]+$/.test(parts[0] || '') ? parts[0] : 'river';
  var day = /^\d{4}-\d{2}(-\d{2})?$/.test(parts[1] || '') ? parts[1] : '2026-04';
  var month = day.slice(0, 7);
  var list = parts[2] === 'list', week = parts[2] === 'week';

  function json(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.json();
    });
  }

  var fmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  var calendar = new FullCalendar.Calendar(document.getElementById('calendar'), {
    initialView: list ? 'listMonth' : week ? 'timeGridWeek' : 'dayGridMonth',
    initialDate: day.length === 7 ? day + '-01' : day,
    slotMinTime: '06:00:00',
    slotMaxTime: '23:00:00',
    timeZone: 'UTC',
    firstDay: 1,
    height: 'auto',
    fixedWeekCount: false,
    dayMaxEvents: 2,
    headerToolbar: { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listMonth' },
    now: '2026-04-15T09:00:00Z',
    eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
    eventSources: [
      { id: 'sessions', url: 'data/' + venue + '-sessions.json', color: '#2a6f97' },
      {
        id: 'regattas',
        color: '#b5651d',
        events: function (info, ok, fail) {
          json('data/' + venue + '-regattas.json').then(function (list) {
            ok(list.filter(function (r) {
              return r.date >= info.startStr.slice(0, 10) && r.date < info.endStr.slice(0, 10);
            }).map(function (r) {
              return { id: r.id, title: 'Regatta: ' + r.name, start: r.date, end: r.until, allDay: true, extendedProps: { place: r.place } };
            }));
          }, fail);
        }
      }
    ],
    eventDidMount: function (arg) {
      arg.el.classList.add('src-' + arg.event.source.id);
      if (arg.event.extendedProps.cancelled) arg.el.classList.add('cancelled');
      if (arg.event.extendedProps.place) arg.el.title = arg.event.extendedProps.place;
    },
    eventContent: function (arg) {
      if (!arg.event.extendedProps.cancelled) return true;
      return { html: '<span class="fc-event-title">' + arg.event.title + '</span> <em>(cancelled)</em>' };
    },
    datesSet: function (info) {
      document.title = info.view.title + ' · ' + venue;
    },
    eventsSet: function (events) {
      var sorted = events.slice().sort(function (a, b) { return a.start - b.start || a.title.localeCompare(b.title); });
      var cur = calendar.getCurrentData().currentDate;
      var inMonth = sorted.filter(function (e) { return e.start.getUTCMonth() === cur.getUTCMonth(); });
      document.getElementById('agenda').innerHTML = inMonth.map(function (e) {
        return '<li class="' + e.source.id + '">' + fmt.format(e.start) + ': ' + e.title +
          (e.extendedProps.cancelled ? ' (cancelled)' : '') + '</li>';
      }).join('');
      var sessions = inMonth.filter(function (e) { return e.source.id === 'sessions'; }).length;
      document.getElementById('status').textContent = inMonth.length + ' events in ' +
        calendar.view.title + ', ' + sessions + ' of them sessions';
    }
  });

  json('data/venues.json').then(function (venues) {
    document.getElementById('venues').innerHTML = venues.map(function (v) {
      return '<a href="#!/' + v.id + '/' + day + (list ? '/list' : week ? '/week' : '') + '"' + (v.id === venue ? ' class="current"' : '') + '>' + v.name + '</a>';
    }).join('');
    calendar.render();
  });
})();
