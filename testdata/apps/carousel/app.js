// Harbour Festival: what most landing pages have: a hero carousel that
// advances every 6 s with setInterval and a news ticker rotating every 5 s.
// A browser's snapshot at load shows the first slide and the first
// headline; the event programme for the #! day comes over fetch.
(function () {
  'use strict';
  function $(sel) { return document.querySelector(sel); }
  function day() {
    var m = /^#!\/days\/([a-z]+)$/.exec(location.hash);
    return m ? m[1] : 'saturday';
  }

  fetch('data/slides.json').then(function (r) { return r.json(); }).then(function (slides) {
    $('.slides').innerHTML = slides.map(function (s, i) {
      return '<figure class="slide' + (i === 0 ? ' active' : '') + '"><figcaption>' + s + '</figcaption></figure>';
    }).join('');
    $('.dots').innerHTML = slides.map(function (_, i) {
      return '<button type="button"' + (i === 0 ? ' class="on"' : '') + '>' + (i + 1) + '</button>';
    }).join(' ');
    var current = 0;
    setInterval(function () {
      var all = document.querySelectorAll('.slide'), dots = document.querySelectorAll('.dots button');
      all[current].classList.remove('active');
      dots[current].classList.remove('on');
      current = (current + 1) % all.length;
      all[current].classList.add('active');
      dots[current].classList.add('on');
    }, 6000);
  });

  fetch('data/news.json').then(function (r) { return r.json(); }).then(function (news) {
    var i = 0;
    $('.ticker').textContent = news[0];
    setInterval(function () {
      i = (i + 1) % news.length;
      $('.ticker').textContent = news[i];
    }, 5000);
  });

  fetch('data/' + day() + '.json').then(function (r) { return r.json(); }).then(function (p) {
    $('#programme').innerHTML = '<h2>' + p.day + '</h2><ul>' + p.events.map(function (e) {
      return '<li>' + e + '</li>';
    }).join('') + '</ul>';
  });
})();
