// Field Notes: a Preact 10 blog with hooks and htm tagged templates, routed by #!.
(function () {
  'use strict';
  var html = htm.bind(preact.h);
  var useState = preactHooks.useState, useEffect = preactHooks.useEffect;
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July',
    'August', 'September', 'October', 'November', 'December'];

  function longDate(iso) {
    var p = iso.split('-');
    return MONTHS[Number(p[1]) - 1] + ' ' + Number(p[2]) + ', ' + p[0];
  }

  function readingTime(words) {
    var min = Math.max(1, Math.round(words / 200));
    return min + ' min read';
  }

  function currentRoute() {
    var m = /^#!\/posts\/([a-z0-9-]+)$/.exec(location.hash);
    return m ? { post: m[1] } : {};
  }

  function Tags(props) {
    return html`<p class="tags">${props.tags.map(function (t) { return html`<span key=${t}>#${t}</span>`; })}</p>`;
  }

  function PostList(props) {
    return html`
      <ul class="post-list">
        ${props.posts.map(function (p) {
          return html`<li key=${p.slug} class=${p.slug === props.current ? 'current' : ''}>
            <a href=${'#!/posts/' + p.slug}>${p.title}</a>
            <small> — ${longDate(p.date)}</small>
            ${p.draft && html`<strong class="draft"> (draft)</strong>`}
          </li>`;
        })}
      </ul>`;
  }

  function Post(props) {
    var st = useState(null), post = st[0], setPost = st[1];
    var likes = useState(null);
    useEffect(function () {
      setPost(null);
      fetch('data/posts/' + props.slug + '.json', { headers: { Accept: 'application/json' } })
        .then(function (r) { return r.json(); })
        .then(function (p) {
          setPost(p);
          // Like counts arrive later from a slower endpoint.
          return fetch('data/likes.json').then(function (r) { return r.json(); });
        })
        .then(function (all) { likes[1](all[props.slug] || 0); });
    }, [props.slug]);
    if (!post) { return html`<p class="loading">Loading post…</p>`; }
    return html`
      <article class="post">
        <h2>${post.title}</h2>
        <p class="byline">${longDate(post.date)} · ${readingTime(post.words)}</p>
        <${Tags} tags=${post.tags} />
        ${post.paragraphs.map(function (para, i) { return html`<p key=${i}>${para}</p>`; })}
        ${likes[0] !== null && html`<p class="likes">${likes[0]} readers liked this</p>`}
      </article>`;
  }

  function App() {
    var routeState = useState(currentRoute());
    var postsState = useState([]);
    var greeting = useState('');
    useEffect(function () {
      var onHash = function () { routeState[1](currentRoute()); };
      addEventListener('hashchange', onHash);
      fetch('data/posts.json').then(function (r) { return r.json(); }).then(postsState[1]);
      var t = setTimeout(function () { greeting[1]('Thanks for reading!'); }, 80);
      return function () { removeEventListener('hashchange', onHash); clearTimeout(t); };
    }, []);
    var route = routeState[0];
    var posts = postsState[0].filter(function (p) { return !p.draft; });
    return html`
      <header><h1>Field Notes</h1><p class="tagline">Walks, birds and weather</p></header>
      ${posts.length ? html`<${PostList} posts=${posts} current=${route.post} />` : html`<p>Loading posts…</p>`}
      ${route.post ? html`<${Post} slug=${route.post} />` : null}
      <footer>${greeting[0]}</footer>`;
  }

  preact.render(html`<${App} />`, document.getElementById('app'));
})();
