// A long-read page: Lenis smooth scrolling, a Headroom.js masthead that
// hides on the way down, ScrollMagic scenes marking chapters seen and
// pinning a figure; the #! state names the chapter the reader is sent to.
(function () {
  var events = [];
  var header = new Headroom(document.getElementById('masthead'), {
    offset: 100, tolerance: 5,
    onPin: function () { events.push('pin'); },
    onUnpin: function () { events.push('unpin'); },
    onTop: function () { events.push('top'); },
    onNotTop: function () { events.push('not-top'); }
  });
  header.init();
  var lenis = new Lenis({ autoRaf: true, duration: 0.4 });
  var lenisEvents = 0;
  lenis.on('scroll', function () { lenisEvents++; });
  var controller = new ScrollMagic.Controller();

  function chapterOf(hash) {
    var m = /^#!\/chapters\/([a-z]+)$/.exec(hash);
    return m ? m[1] : null;
  }

  function report() {
    var seen = [].map.call(document.querySelectorAll('.chapter.seen'), function (s) { return s.id; });
    var current = document.querySelector('#toc a.current');
    document.getElementById('report').textContent =
      'at ' + Math.round(window.scrollY) + 'px (' + Math.round(lenis.progress * 100) + '%)' +
      ' · seen ' + (seen.join(', ') || 'none') +
      ' · reading ' + (current ? current.textContent : 'the intro') +
      ' · masthead ' + (document.getElementById('masthead').classList.contains('headroom--unpinned') ? 'hidden' : 'shown') +
      ' · ' + (lenis.isScrolling ? 'scrolling' : 'at rest') +
      ' · ' + events.join(' ');
  }

  var xhr = new XMLHttpRequest();
  xhr.open('GET', 'data/chapters.json');
  xhr.onload = function () {
    var chapters = JSON.parse(xhr.responseText);
    var main = document.getElementById('chapters');
    var toc = document.getElementById('toc');
    chapters.forEach(function (c) {
      var s = document.createElement('section');
      s.className = 'chapter';
      s.id = c.slug;
      s.innerHTML = '<h2></h2><p class="lede"></p><div class="figure"></div>';
      s.querySelector('h2').textContent = c.id + '. ' + c.title;
      s.querySelector('.lede').textContent = c.lede;
      main.appendChild(s);
      var a = document.createElement('a');
      a.href = '#!/chapters/' + c.slug;
      a.textContent = c.title;
      toc.appendChild(a);
      new ScrollMagic.Scene({ triggerElement: s, triggerHook: 0.5, reverse: false })
        .setClassToggle(s, 'seen').addTo(controller);
      new ScrollMagic.Scene({ triggerElement: s, triggerHook: 0.5, duration: 1000 })
        .on('enter', function () {
          [].forEach.call(toc.children, function (x) { x.classList.toggle('current', x === a); });
        })
        .addTo(controller);
    });
    new ScrollMagic.Scene({ triggerElement: '#harbour', triggerHook: 0, duration: 300 })
      .setPin('#harbour .figure').addTo(controller);
    var target = chapterOf(location.hash);
    if (target) {
      // Headroom starts watching the scroll 100 ms after init: scroll
      // after that, whatever the network's speed, so that the masthead
      // sees the reader leave the top
      setTimeout(function () {
        lenis.resize(); // the chapters just added: Lenis measures the page again
        lenis.scrollTo('#' + target, { immediate: true, force: true });
        document.title = chapters.filter(function (c) { return c.slug === target; })[0].title + ' · A long read';
      }, 150);
    }
    setTimeout(function () { controller.update(true); setTimeout(report, 100); }, 600);
  };
  xhr.send();
})();
