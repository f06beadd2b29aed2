// Lighthouses: Swiper 14 as a web component (swiper-element-bundle):
// <swiper-container> elements initialised by script (init="false", then
// Object.assign of the parameters and initialize()), a main carousel with
// navigation, bullets, slides per view by breakpoint and a thumbs carousel
// linked to it, the slides built from fetched data and the slide chosen by
// the #! state (#!/<region>/<n>); the caption follows swiperslidechange.
(function () {
  'use strict';
  var parts = location.hash.replace(/^#!\/?/, '').split('/');
  var region = /^[a-z]+$/.test(parts[0] || '') ? parts[0] : 'west';
  var start = /^\d+$/.test(parts[1] || '') ? Number(parts[1]) : 0;
  var log = [];

  function json(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.json();
    });
  }
  function note(s) {
    log.push(s);
    document.getElementById('log').innerHTML = log.map(function (l) { return '<li>' + l + '</li>'; }).join('');
  }

  json('data/regions.json').then(function (regions) {
    document.getElementById('regions').innerHTML = regions.map(function (r) {
      return '<a href="#!/' + r.id + '"' + (r.id === region ? ' class="current"' : '') + '>' + r.name + '</a>';
    }).join('');
    return json('data/' + region + '.json');
  }).then(function (d) {
    document.getElementById('region').textContent = d.name;
    var main = document.querySelector('swiper-container.main');
    var thumbs = document.querySelector('swiper-container.thumbs');
    d.lights.forEach(function (l) {
      var s = document.createElement('swiper-slide');
      s.innerHTML = '<h3>' + l.name + '</h3><p>Lit ' + l.lit + ', ' + l.height + ' m</p>';
      main.appendChild(s);
      var t = document.createElement('swiper-slide');
      t.className = 'thumb';
      t.textContent = l.name;
      thumbs.appendChild(t);
    });
    Object.assign(thumbs, { slidesPerView: 4, spaceBetween: 6, watchSlidesProgress: true });
    thumbs.initialize();
    Object.assign(main, {
      slidesPerView: 1,
      spaceBetween: 12,
      initialSlide: Math.min(start, d.lights.length - 1),
      navigation: true,
      pagination: { clickable: true },
      thumbs: { swiper: thumbs.swiper },
      breakpoints: { 640: { slidesPerView: 2 } },
      on: {
        init: function (sw) { note('init at ' + sw.activeIndex + ' of ' + sw.slides.length); },
        slideChange: function (sw) { note('slide ' + sw.activeIndex); }
      }
    });
    main.addEventListener('swiperslidechange', function (e) {
      var sw = e.detail[0], l = d.lights[sw.activeIndex];
      document.getElementById('caption').textContent = l.name + ': ' + l.note;
    });
    main.initialize();
    var l = d.lights[main.swiper.activeIndex];
    document.getElementById('caption').textContent = l.name + ': ' + l.note;
    document.title = d.name + ' · Lighthouses';
    setTimeout(function () { main.swiper.slideNext(0); }, 100);
  });
})();
