// Contacts: Mithril 2 with m.route on a '#!' prefix and m.request.
(function () {
  'use strict';

  var Contacts = {
    list: [],
    loaded: false,
    load: function () {
      if (Contacts.loaded) { return Promise.resolve(Contacts.list); }
      return m.request({ method: 'GET', url: 'data/contacts.json' }).then(function (list) {
        Contacts.list = list;
        Contacts.loaded = true;
        return list;
      });
    }
  };

  // setStatus adds the prerender convention tag for a status the page chose.
  function setStatus(code) {
    var meta = document.querySelector('meta[name="prerender-status-code"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.setAttribute('name', 'prerender-status-code');
      document.head.appendChild(meta);
    }
    meta.setAttribute('content', String(code));
  }

  function phone(p) {
    // +4722334455 -> +47 22 33 44 55
    return p.slice(0, 3) + ' ' + p.slice(3).replace(/(\d{2})(?=\d)/g, '$1 ');
  }

  var Layout = {
    view: function (vnode) {
      return m('.layout', [
        m('h1', 'Contacts'),
        m('ul.contact-list', Contacts.list.map(function (c) {
          return m('li', { key: c.id }, m(m.route.Link, {
            href: '/contacts/:id', params: { id: c.id },
            class: m.route.param('id') === String(c.id) ? 'active' : ''
          }, c.name));
        })),
        m('main', vnode.children)
      ]);
    }
  };

  var Detail = {
    oninit: function (vnode) {
      vnode.state.contact = null;
      vnode.state.missing = false;
      vnode.state.showBirthday = false;
      Contacts.load();
      m.request({ method: 'GET', url: 'data/contacts/:id.json', params: { id: vnode.attrs.id } })
        .then(function (c) {
          vnode.state.contact = c;
          document.title = c.name + ' · Contacts';
          setTimeout(function () { vnode.state.showBirthday = true; m.redraw(); }, 60);
        })
        .catch(function (err) {
          vnode.state.missing = true;
          document.title = 'Not found · Contacts';
          setStatus(err.code || 404);
        });
    },
    view: function (vnode) {
      var c = vnode.state.contact;
      if (vnode.state.missing) {
        return m('p.missing', 'No contact with id ' + vnode.attrs.id + '.');
      }
      if (!c) { return m('p.loading', 'Loading contact…'); }
      return m('section.contact', [
        m('h2', c.name),
        m('p.company', c.title + ' at ' + c.company),
        m('dl', [
          m('dt', 'Phone'), m('dd.phone', phone(c.phone)),
          m('dt', 'Email'), m('dd.email', m('a', { href: 'mailto:' + c.email }, c.email)),
          c.tags.length ? [m('dt', 'Tags'), m('dd.tags', c.tags.join(', '))] : null
        ]),
        vnode.state.showBirthday && c.birthday ? m('p.birthday', 'Birthday: ' + c.birthday) : null
      ]);
    }
  };

  var Home = {
    oninit: function () { Contacts.load(); },
    view: function () { return m('p', Contacts.list.length + ' contacts. Pick one.'); }
  };

  m.route.prefix = '#!';
  m.route(document.body, '/contacts', {
    '/contacts': { render: function () { return m(Layout, m(Home)); } },
    '/contacts/:id': {
      render: function (vnode) { return m(Layout, m(Detail, { key: vnode.attrs.id, id: vnode.attrs.id })); }
    }
  });
})();
