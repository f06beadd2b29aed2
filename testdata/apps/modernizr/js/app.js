// The film pages: data over XHR, the #! state, and what Modernizr found
// deciding which video source, poster and note each film shows.
(function () {
  var ready = new Promise(function (resolve) { document.addEventListener('modernizr:ready', resolve); });
  var films = new Promise(function (resolve) {
    var x = new XMLHttpRequest();
    x.open('GET', 'data/films.json');
    x.onload = function () { resolve(JSON.parse(x.responseText).films); };
    x.send();
  });
  // Modernizr's async tests (data URI, WebP, JPEG 2000) answer later: on().
  function when(feature) {
    return new Promise(function (resolve) { Modernizr.on(feature, resolve); });
  }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text != null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function show(list) {
    var id = (location.hash.match(/^#!\/films\/([\w-]+)/) || [])[1] || list[0].id;
    var ul = document.getElementById('films');
    ul.textContent = '';
    list.forEach(function (f) {
      var li = el('li');
      var a = el('a', f.title + ' (' + f.minutes + ' min)');
      a.href = '#!/films/' + f.id;
      if (f.id === id) li.className = 'current';
      li.appendChild(a);
      ul.appendChild(li);
    });
    var f = list.filter(function (x) { return x.id === id; })[0];
    var box = document.getElementById('film');
    box.textContent = '';
    if (!f) { box.appendChild(el('p', 'No such film.', 'missing')); return; }
    box.appendChild(el('h2', f.title));
    // The Japanese title with its reading as ruby: browsers that support
    // ruby hide the parentheses.
    var p = el('p', null, 'title-ja');
    p.innerHTML = 'Japanese title: <ruby>' + f.title_ja + '<rp>(</rp><rt>' + f.reading + '</rt><rp>)</rp></ruby>';
    box.appendChild(p);
    var v = document.createElement('video');
    var playable = f.sources.filter(function (s) { return !!v.canPlayType(s.type); });
    box.appendChild(el('p', 'Plays: ' + (playable.length ? playable.map(function (s) { return s.label + ' (' + v.canPlayType(s.type) + ')'; }).join(', ') : 'nothing'), 'sources'));
    box.appendChild(el('p', 'Formats: ' + ['ogg', 'h264', 'h265', 'webm', 'vp9', 'hls', 'av1'].map(function (k) {
      return k + '=' + (Modernizr.video[k] || 'no');
    }).join(' '), 'formats'));
    var img = new Image();
    var poster = el('p', 'Poster: loading', 'poster');
    box.appendChild(poster);
    img.onload = function () { poster.textContent = 'Poster: ' + img.naturalWidth + '×' + img.naturalHeight; };
    img.onerror = function () { poster.textContent = 'Poster: not shown (format not supported)'; };
    img.src = f.poster;
    var c = document.createElement('canvas');
    c.width = 4; c.height = 3;
    var shot = c.toDataURL('image/jpeg');
    box.appendChild(el('p', 'Snapshot export: ' + shot.slice(0, shot.indexOf(';')), 'export'));
    document.title = 'Cinema – ' + f.title;
  }
  Promise.all([ready, films]).then(function (r) {
    show(r[1]);
    window.addEventListener('hashchange', function () { show(r[1]); });
    return Promise.all([when('datauri'), when('webp'), when('jpeg2000'), when('jpegxr')]);
  }).then(function (async) {
    var keep = /^(no-)?(js|svg|inlinesvg|svgfilters|svgclippaths|canvas|canvastext|todataurl\w+|video|audio|flexbox|flexwrap|csstransforms|csstransforms3d|csstransitions|cssanimations|displayrunin|objectfit|csspositionsticky|rgba|csscalc|ruby|bdi|template|picture|outputelem|progressbar|meter|datauri|webp|jpeg2000|jpegxr|srcset|sizes|history|hashchange|localstorage|sessionstorage|json|webworkers|fetch|intl|placeholder|classlist|dataset|customelements)$/;
    var cls = document.documentElement.className.split(/\s+/).filter(function (c) { return keep.test(c); }).sort();
    document.getElementById('classes').textContent = cls.join(' ') + '\nasync: datauri=' + async[0] + ' over32kb=' + Modernizr.datauri.over32kb + ' webp=' + async[1] + ' jpeg2000=' + async[2] + ' jpegxr=' + async[3];
  });
})();
