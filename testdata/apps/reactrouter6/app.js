// City Library: React 18 with React Router 6 (UMD builds, no JSX) as most
// React sites of 2020-2023 routed by hash: <HashRouter basename="!"> so that
// "#!/branches/…" is the path "/branches/…", nested <Routes> with an <Outlet>,
// useParams in the parent and the child route, relative <Link>s, NavLink
// active classes, useNavigate for an unknown branch, useEffect + fetch per
// route and timers.
(function () {
  'use strict';
  var h = React.createElement;
  var useState = React.useState, useEffect = React.useEffect;
  var RR = ReactRouterDOM;
  var HashRouter = RR.HashRouter, Routes = RR.Routes, Route = RR.Route, Outlet = RR.Outlet,
    Link = RR.Link, NavLink = RR.NavLink, useParams = RR.useParams, useNavigate = RR.useNavigate,
    useLocation = RR.useLocation;

  // useJSON fetches url (again whenever it changes) and returns the data, or
  // null while it loads; a 404 gives {missing: true}.
  function useJSON(url) {
    var s = useState({ url: null, data: null });
    useEffect(function () {
      var live = true;
      fetch(url)
        .then(function (res) { return res.ok ? res.json() : { missing: true }; })
        .then(function (data) { if (live) { s[1]({ url: url, data: data }); } });
      return function () { live = false; };
    }, [url]);
    return s[0].url === url ? s[0].data : null;
  }

  function Layout() {
    var branches = useJSON('data/branches.json');
    var notice = useState('');
    var loc = useLocation();
    useEffect(function () {
      var t = setTimeout(function () { notice[1]('Late opening on Thursdays until 22:00'); }, 150);
      return function () { clearTimeout(t); };
    }, []);
    return h('div', { className: 'layout' },
      h('h1', null, 'City Library'),
      h('nav', null, (branches || []).map(function (b) {
        return h(NavLink, { key: b.id, to: '/branches/' + b.id }, b.name);
      })),
      h('main', null, h(Outlet)),
      h('footer', null, h('span', { className: 'notice' }, notice[0]), ' ',
        h('span', { className: 'path' }, 'at ' + loc.pathname)));
  }

  function Home() {
    return h('p', { className: 'home' }, 'Choose a branch.');
  }

  function Branch() {
    var params = useParams();
    var navigate = useNavigate();
    var branch = useJSON('data/branches/' + params.branchId + '.json');
    useEffect(function () {
      if (branch && branch.missing) { navigate('/', { replace: true }); }
    }, [branch]);
    if (!branch) { return h('p', { className: 'loading' }, 'Loading branch…'); }
    if (branch.missing) { return null; }
    return h('section', { className: 'branch' },
      h('h2', null, branch.name),
      h('p', { className: 'address' }, branch.address + ' · ' + branch.books.length + ' titles on display'),
      h('ul', { className: 'books' }, branch.books.map(function (b) {
        return h('li', { key: b.id }, h(NavLink, { to: 'books/' + b.id }, b.title));
      })),
      h(Outlet));
  }

  function BranchIndex() {
    return h('p', { className: 'pick' }, 'Pick a book to see its copies.');
  }

  function Book() {
    var params = useParams();
    var book = useJSON('data/books/' + params.bookId + '.json');
    var hint = useState('');
    useEffect(function () {
      if (!book || book.missing) { return undefined; }
      document.title = book.title + ' · City Library';
      var t = setTimeout(function () {
        hint[1](book.onShelf > 0 ? 'Reserve within 3 days to collect at ' + params.branchId : 'Join the waiting list');
      }, 80);
      return function () { clearTimeout(t); };
    }, [book]);
    if (!book) { return h('p', { className: 'loading' }, 'Loading book…'); }
    if (book.missing) { return h('p', { className: 'missing' }, 'No such book.'); }
    return h('article', { className: 'book', 'data-branch': params.branchId },
      h('h3', null, book.title),
      h('p', { className: 'author' }, book.author + ' (' + book.year + ')'),
      h('p', { className: 'copies' + (book.onShelf < 2 ? ' scarce' : '') },
        book.onShelf + ' of ' + book.copies + ' copies on the shelf'),
      h('p', { className: 'hint' }, hint[0]),
      h(Link, { to: '..', relative: 'path', className: 'back' }, 'Back to the branch'));
  }

  function NotFound() {
    return h('p', { className: 'missing' }, 'Nothing here.');
  }

  function App() {
    return h(HashRouter, { basename: '!' },
      h(Routes, null,
        h(Route, { path: '/', element: h(Layout) },
          h(Route, { index: true, element: h(Home) }),
          h(Route, { path: 'branches/:branchId', element: h(Branch) },
            h(Route, { index: true, element: h(BranchIndex) }),
            h(Route, { path: 'books/:bookId', element: h(Book) })),
          h(Route, { path: '*', element: h(NotFound) }))));
  }

  ReactDOM.createRoot(document.getElementById('root')).render(h(App));
})();
