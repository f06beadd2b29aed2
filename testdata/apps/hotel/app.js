// Hotel: i18next with its HTTP backend (translations fetched over XHR for
// the language in the #! state: #!/<lng>/rooms/<id>), interpolation,
// plurals through Intl.PluralRules, context and nesting; a Swiper gallery
// (loop, pagination bullets, navigation, initialSlide from the room) built
// from JSON slides.
(function () {
  'use strict';
  function state() {
    var m = /^#!\/(en|nb)\/rooms\/([\w-]+)$/.exec(location.hash) || [];
    return { lng: m[1] || 'en', room: m[2] || 'garden' };
  }
  var st = state();
  document.documentElement.lang = st.lng;

  function translatePage() {
    document.querySelectorAll('[data-i18n]').forEach(function (el) {
      el.textContent = i18next.t(el.getAttribute('data-i18n'), { year: 2026 });
    });
  }

  i18next.use(i18nextHttpBackend).init({
    lng: st.lng,
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    backend: { loadPath: 'locales/{{lng}}/{{ns}}.json' },
    interpolation: { escapeValue: false }
  }).then(function () {
    translatePage();
    document.getElementById('langs').innerHTML = ['en', 'nb'].map(function (l) {
      return '<a href="#!/' + l + '/rooms/' + st.room + '"' + (l === st.lng ? ' class="current"' : '') + '>' + i18next.t('lang_' + l) + '</a>';
    }).join(' ');
    return fetch('data/rooms.json').then(function (r) { return r.json(); });
  }).then(function (rooms) {
    var room = rooms.filter(function (r) { return r.id === st.room; })[0] || rooms[0];
    var wrapper = document.querySelector('.gallery .swiper-wrapper');
    wrapper.innerHTML = room.photos.map(function (p) {
      return '<div class="swiper-slide"><figure><figcaption>' + p + '</figcaption></figure></div>';
    }).join('');
    var swiper = new Swiper('.gallery', {
      loop: true,
      initialSlide: room.cover,
      pagination: { el: '.swiper-pagination', clickable: true, type: 'fraction' },
      navigation: { nextEl: '.swiper-button-next', prevEl: '.swiper-button-prev' },
      on: { init: function () { document.querySelector('.gallery').setAttribute('data-ready', 'yes'); } }
    });
    var sec = document.getElementById('room');
    sec.querySelector('h2').textContent = i18next.t('room.name_' + room.id);
    sec.querySelector('.beds').textContent = i18next.t('room.beds', { count: room.beds, context: room.bunk ? 'bunk' : undefined });
    sec.querySelector('.price').textContent = i18next.t('room.price', { price: room.price, nights: 2, total: room.price * 2 });
    sec.querySelector('.amenities').innerHTML = room.amenities.map(function (a) { return '<li>' + i18next.t('amenity.' + a) + '</li>'; }).join('');
    document.getElementById('reviews').textContent = i18next.t('reviews', { count: room.reviews }) + ' · ' +
      i18next.t('slide_of', { n: swiper.realIndex + 1, total: room.photos.length });
    document.title = i18next.t('room.name_' + room.id) + ' · ' + i18next.t('title');
  });
})();
