// A depot's order list in the visitor's language: i18next with the
// browser language detector (a detector of the page's own reads the
// language from the #!/LANG/... state first) and the HTTP backend, and
// Intl for dates in each depot's time zone, money, plurals and lists.
(function () {
  var hashDetector = {
    name: 'hashbang',
    lookup: function () {
      var m = /^#!\/([a-z]{2}(?:-[A-Z]{2})?)\//.exec(location.hash);
      return m ? m[1] : undefined;
    }
  };
  var detector = new i18nextBrowserLanguageDetector();
  detector.addDetector(hashDetector);
  var NOW = Date.UTC(2026, 11, 24, 15, 0);
  i18next.use(i18nextHttpBackend).use(detector).init({
    fallbackLng: 'en',
    supportedLngs: ['en', 'de', 'ja', 'ar', 'fr'],
    load: 'languageOnly',
    backend: { loadPath: 'data/locales/{{lng}}.json' },
    detection: { order: ['hashbang', 'querystring', 'navigator'], caches: [] }
  }).then(function () {
    return fetch('data/orders.json').then(function (r) { return r.json(); });
  }).then(function (data) {
    var t = i18next.t, lng = i18next.resolvedLanguage;
    document.documentElement.lang = lng;
    document.documentElement.dir = i18next.dir(lng);
    document.title = t('title');
    document.getElementById('title').textContent = t('title');
    document.querySelectorAll('[data-i18n]').forEach(function (el) { el.textContent = t(el.getAttribute('data-i18n')); });
    var late = data.orders.filter(function (o) { return Date.parse(o.due) < NOW; }).length;
    document.getElementById('summary').textContent = t('summary', { count: data.orders.length }) + ' ' + t('late', { count: late });
    var money = new Intl.NumberFormat(lng, { style: 'currency', currency: data.currency });
    var tbody = document.querySelector('#orders tbody');
    data.orders.forEach(function (o) {
      var due = new Date(o.due);
      var when = new Intl.DateTimeFormat(lng, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone: o.zone, timeZoneName: 'short' }).format(due);
      var tr = document.createElement('tr');
      if (due.getTime() < NOW) tr.className = 'late';
      [o.id, when, money.format(o.total), t('state_' + o.state)].forEach(function (v) {
        var td = document.createElement('td');
        td.textContent = v;
        tr.appendChild(td);
      });
      tbody.appendChild(tr);
    });
    document.getElementById('packers').textContent = t('packed_by', { list: new Intl.ListFormat(lng, { type: 'conjunction' }).format(data.packers) });
    var hours = Math.round((Date.parse(data.updated) - NOW) / 3600000);
    document.getElementById('updated').textContent = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' }).format(hours, 'hour') + ' · ' +
      new Intl.DateTimeFormat(lng, { dateStyle: 'full', timeZone: 'Europe/Oslo' }).format(new Date(NOW));
    document.getElementById('langs').innerHTML = i18next.options.supportedLngs.filter(function (l) { return l !== 'cimode'; }).map(function (l) {
      return '<a href="#!/' + l + '/orders" lang="' + l + '">' + new Intl.DisplayNames([l], { type: 'language' }).of(l) + '</a>';
    }).join('');
  });
})();
