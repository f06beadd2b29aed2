// Festival: dates with dayjs (utc, timezone, relativeTime, advancedFormat,
// customParseFormat, isoWeek, duration, the nb locale) and Intl
// (DateTimeFormat with a time zone, NumberFormat currencies, PluralRules,
// RelativeTimeFormat, ListFormat, Collator). Every date is relative to the
// festival's own reference time, never the current date.
(function () {
  'use strict';
  ['utc', 'timezone', 'relativeTime', 'advancedFormat', 'customParseFormat', 'isoWeek', 'duration'].forEach(function (p) {
    dayjs.extend(window['dayjs_plugin_' + p]);
  });

  function dayFromHash() {
    var m = /^#!\/days\/(\d{4}-\d{2}-\d{2})$/.exec(location.hash);
    return m ? m[1] : null;
  }

  var eur = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
  var nok = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NOK', maximumFractionDigits: 0 });
  var plural = new Intl.PluralRules('en-US');
  var rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  var list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
  var osloTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', weekday: 'long' });

  function show(data) {
    var ref = dayjs.utc(data.reference);
    var start = dayjs.utc(data.days[0].date), end = dayjs.utc(data.days[data.days.length - 1].date);
    document.getElementById('range').textContent = start.format('dddd D MMMM') + ' – ' + end.format('Do MMMM YYYY') +
      ' (week ' + start.isoWeek() + ', starts ' + start.from(ref) + ')';
    var chosen = dayFromHash() || data.days[0].date;
    document.getElementById('days').innerHTML = data.days.map(function (d) {
      var day = dayjs.utc(d.date);
      return '<li' + (d.date === chosen ? ' class="current"' : '') + '><a href="#!/days/' + d.date + '">' +
        day.locale('nb').format('dddd D. MMM') + '</a></li>';
    }).join('');
    var day = data.days.filter(function (d) { return d.date === chosen; })[0];
    if (!day) { return; }
    var section = document.getElementById('day');
    var when = dayjs.utc(day.date);
    var daysAway = when.diff(ref.startOf('day'), 'day');
    section.querySelector('h2').textContent = when.format('dddd, MMMM Do') + ' · ' + rtf.format(daysAway, 'day');
    var minutes = 0;
    section.querySelector('.events').innerHTML = day.events.map(function (e) {
      var t = dayjs.utc(day.date + ' ' + e.time, 'YYYY-MM-DD HH.mm');
      var len = dayjs.duration(e.minutes, 'minutes');
      minutes += e.minutes;
      return '<li><time datetime="' + t.toISOString() + '">' + t.format('h:mm A') + '</time> ' + e.name +
        ' <span class="len">' + (len.hours() ? len.hours() + ' h ' : '') + (len.minutes() ? len.minutes() + ' min' : '') + '</span>' +
        ' <span class="price">' + (e.price ? eur.format(e.price) : 'free') + '</span></li>';
    }).join('');
    var paid = day.events.filter(function (e) { return e.price; }).length;
    section.querySelector('.totals').textContent = day.events.length + ' ' + (plural.select(day.events.length) === 'one' ? 'event' : 'events') +
      ', ' + paid + ' ticketed, ' + dayjs.duration(minutes, 'minutes').asHours() + ' hours, day pass ' + nok.format(day.pass);
    var names = day.events.map(function (e) { return e.artist; }).filter(Boolean);
    names.sort(new Intl.Collator('nb').compare);
    document.getElementById('artists').textContent = 'With ' + list.format(names);
    var first = dayjs.utc(day.date + ' ' + day.events[0].time, 'YYYY-MM-DD HH.mm');
    document.getElementById('oslo').textContent = 'Doors open ' + osloTime.format(first.toDate()) + ' Oslo time; ' +
      dayjs.utc(first).tz('Europe/Oslo').format('HH:mm z');
    document.title = when.format('ddd D MMM') + ' · Festival';
  }

  fetch('data/programme.json').then(function (r) { return r.json(); }).then(function (data) {
    setTimeout(function () { show(data); }, 20);
    window.addEventListener('hashchange', function () { show(data); });
  });
})();
