// A team calendar on Toast UI Calendar: the view and the date come from
// the #! state, the calendars and the events from two JSON requests, and
// a timer moves one event and adds a holiday once they are shown.
(function () {
  var parts = location.hash.replace(/^#!\/?/, '').split('/');
  var view = parts[0] === 'day' ? 'day' : 'week';
  var date = /^\d{4}-\d{2}-\d{2}$/.test(parts[1] || '') ? parts[1] : '2024-05-15';
  var pad = function (n) { return (n < 10 ? '0' : '') + n; };
  var day = function (d) { return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()); };

  var cal = new tui.Calendar('#cal', {
    defaultView: view,
    usageStatistics: false,
    isReadOnly: false,
    week: { taskView: ['task'], eventView: ['allday', 'time'], hourStart: 7, hourEnd: 19, startDayOfWeek: 1 },
    month: { startDayOfWeek: 1, visibleWeeksCount: 0 },
    template: {
      time: function (ev) { return '<b>' + ev.title + '</b>'; },
      allday: function (ev) { return '★ ' + ev.title; },
    },
  });
  cal.setDate(new Date(date + 'T12:00:00'));

  function showRange() {
    var s = cal.getDateRangeStart().toDate(), e = cal.getDateRangeEnd().toDate();
    document.getElementById('range').textContent = view + ': ' + day(s) + ' – ' + day(e);
  }

  function json(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.json();
    });
  }

  json('data/calendars.json').then(function (calendars) {
    cal.setCalendars(calendars);
    document.getElementById('legend').innerHTML = calendars.map(function (c) {
      return '<span style="border-left: 10px solid ' + c.backgroundColor + '; padding-left: 4px">' + c.name + '</span>';
    }).join('');
    return json('data/events.json');
  }).then(function (events) {
    cal.createEvents(events);
    showRange();
    setTimeout(function () {
      cal.updateEvent('review', 'work', { title: 'Design review (moved)', start: '2024-05-14T15:00:00', end: '2024-05-14T16:30:00' });
      cal.createEvents([{ id: 'holiday', calendarId: 'home', title: 'Public holiday', start: '2024-05-17', end: '2024-05-17', isAllday: true, category: 'allday' }]);
      cal.setCalendarVisibility('gym', false);
      var s = cal.getDateRangeStart().toDate(), e = cal.getDateRangeEnd().toDate();
      var shown = events.concat([{ id: 'holiday', calendarId: 'home', title: 'Public holiday', start: '2024-05-17' }])
        .map(function (ev) { return cal.getEvent(ev.id, ev.calendarId); })
        .filter(function (ev) { return ev && ev.calendarId !== 'gym' && ev.end.toDate() >= s && ev.start.toDate() <= e; })
        .sort(function (a, b) { return a.start.getTime() - b.start.getTime(); });
      document.getElementById('agenda').innerHTML = shown.map(function (ev) {
        return '<li data-cal="' + ev.calendarId + '">' + day(ev.start.toDate()) + ' ' + (ev.isAllday ? 'all day' : pad(ev.start.getHours()) + ':' + pad(ev.start.getMinutes())) + ' ' + ev.title + '</li>';
      }).join('');
      document.getElementById('status').textContent = shown.length + ' events in view, view ' + cal.getViewName();
    }, 120);
  }).catch(function (err) {
    document.getElementById('status').textContent = 'Failed: ' + err.message;
  });
})();
