// A forecast page translated with i18next through jquery-i18next's
// data-i18n attributes (#!/<lang>/forecast), numbers by numeral.js in the
// language's locale, a Japanese place name with furigana (ruby), a
// reporter's name isolated with <bdi> (its direction from its own text),
// and FontFaceObserver watching a brand font that is missing.
(function () {
  var lng = (location.hash.match(/^#!\/(en|ja)\b/) || [])[1] || 'en';
  var font = new FontFaceObserver('Brand').load(null, 1500).then(function () { return 'ok'; }, function () { return 'failed'; });
  $.when($.getJSON('locales/' + lng + '/translation.json'), $.getJSON('locales/en/translation.json'), $.getJSON('data/forecast.json')).done(function (a, b, c) {
    var res = { en: { translation: b[0] } };
    res[lng] = { translation: a[0] };
    var f = c[0];
    i18next.init({ lng: lng, fallbackLng: 'en', resources: res }, function (err, t) {
      jqueryI18next.init(i18next, $, { useOptionsAttr: true });
      $('h1').attr('data-i18n-options', JSON.stringify({ place: f.place }));
      $('body').localize();
      if (lng === 'ja') $('#place-local').html(f.place_ja);
      $('#rain').text(t('rain', { count: f.rainDays }));
      numeral.locale(lng === 'ja' ? 'ja' : 'en');
      $('#wind').text(numeral(f.wind).format('0.0') + ' m/s');
      $('#visitors').text(numeral(f.visitors).format('0,0') + ' · ' + numeral(f.visitors).format('0.0a') + ' · ' + numeral(f.share).format('0.0%') + ' · ' + numeral(f.size).format('0.0 b'));
      $('#reporter').text(f.reporter).attr('data-dir', getComputedStyle(document.getElementById('reporter')).direction);
      $('#station').text(f.station);
      $('#updated').text(t('updated', { when: f.updated.slice(0, 10) }));
      document.documentElement.lang = lng;
      document.title = $('h1').text();
      font.then(function (r) { $('#fonts').text(t('fonts.' + r)); $('html').removeClass('no-js').addClass('fonts-' + r); });
    });
  });
})();
