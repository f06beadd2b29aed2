// Kayak North: a marketing page animated with GSAP 3 as such sites are:
// SplitText words of the headline staggered in, a TextPlugin tagline typed
// out, count-up statistics (a tween of a plain object with snap and
// onUpdate), a timeline with labels and call() revealing the tour fetched
// for the "#!/tours/<id>" state, reviews revealed by a ScrollTrigger in the
// first viewport, and a delayedCall. Every animation ends in its final
// state, which is what a browser shows once it is idle.
(function () {
  'use strict';
  gsap.registerPlugin(TextPlugin, SplitText, ScrollTrigger);

  var tourId = (/^#!\/tours\/([a-z-]+)$/.exec(location.hash) || [])[1] || 'lofoten';
  var done = [];
  function finished(name) {
    done.push(name);
    document.body.setAttribute('data-done', done.slice().sort().join(' '));
  }

  var split = SplitText.create('.headline', { type: 'words' });
  gsap.from(split.words, { opacity: 0, y: 24, stagger: 0.08, duration: 0.6, onComplete: function () { finished('headline'); } });
  gsap.to('.tagline', { duration: 1.2, delay: 0.3, text: 'Small groups, big fjords, no engines', ease: 'none', onComplete: function () { finished('tagline'); } });

  gsap.utils.toArray('.num').forEach(function (el) {
    var to = parseFloat(el.getAttribute('data-to'));
    var decimals = parseInt(el.getAttribute('data-decimals') || '0', 10);
    var counter = { val: 0 };
    gsap.to(counter, {
      val: to, duration: 1.5, ease: 'power2.out',
      snap: { val: decimals ? 0.1 : 1 },
      onUpdate: function () {
        el.textContent = counter.val.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
      },
      onComplete: function () { el.classList.add('counted'); }
    });
  });

  fetch('data/tours.json').then(function (r) { return r.json(); }).then(function (tours) {
    document.querySelector('.tours').innerHTML = tours.map(function (t) {
      return '<a href="#!/tours/' + t.id + '"' + (t.id === tourId ? ' class="current"' : '') + '>' + t.name + '</a>';
    }).join('');
  });

  fetch('data/tours/' + tourId + '.json').then(function (r) { return r.json(); }).then(function (tour) {
    var box = document.querySelector('.tour');
    box.innerHTML = '<h2>' + tour.name + '</h2><p class="days">' + tour.days + ' days, ' + tour.km + ' km</p>' +
      '<ul class="legs">' + tour.legs.map(function (l) { return '<li>' + l + '</li>'; }).join('') + '</ul>' +
      '<p class="price">NOK <span class="amount">0</span></p>';
    document.title = tour.name + ' · Kayak North';
    var price = { v: 0 };
    gsap.timeline({ defaults: { duration: 0.4 }, onComplete: function () { finished('tour'); } })
      .from('.tour h2', { opacity: 0, x: -30 })
      .addLabel('legs')
      .from('.legs li', { opacity: 0, y: 10, stagger: 0.1 }, 'legs')
      .to(price, { v: tour.price, duration: 0.8, snap: { v: 10 }, onUpdate: function () {
        box.querySelector('.amount').textContent = price.v.toLocaleString('en-US');
      } }, 'legs+=0.2')
      .call(function () { box.classList.add('revealed'); });

    document.querySelector('.reviews').innerHTML = tour.reviews.map(function (r) {
      return '<blockquote class="review">' + r.text + ' <cite>' + r.by + '</cite></blockquote>';
    }).join('');
    gsap.utils.toArray('.review').forEach(function (el) {
      gsap.to(el, { opacity: 1, duration: 0.5, scrollTrigger: { trigger: el, start: 'top bottom' },
        onComplete: function () { el.classList.add('seen'); } });
    });
  });

  gsap.delayedCall(2, function () {
    document.querySelector('.status').textContent = 'Bookings open for ' + tourId;
  });
})();
