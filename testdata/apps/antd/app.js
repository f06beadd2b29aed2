// Orders on Ant Design 5's UMD build (React 18 UMD, dayjs): a skeleton
// replaced by cards, tabs, a table sorted by total with pagination, a select,
// a calendar and a date picker on a fixed day, a dropdown, a tooltip, a
// notification from App.useApp(), and a modal the #! state opens. antd's
// minified build declares var [t,r,o]=… over a destructured parameter t.
const h = React.createElement;
const { useState, useEffect } = React;
const { Layout, Tabs, Table, Select, Modal, DatePicker, Calendar, Card, Dropdown, Button, Tooltip, Skeleton, Row, Col, Tag, notification, App: AntApp } = antd;
function parse() { const m = /^#!\/orders\/(\d+)$/.exec(location.hash); return m ? +m[1] : null; }
const fmt = n => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NOK' }).format(n);
function Orders() {
  const [data, setData] = useState(null);
  const [tab, setTab] = useState('overview');
  const [city, setCity] = useState(undefined);
  const [page, setPage] = useState(1);
  const [current, setCurrent] = useState(null);
  const { notification: notify } = AntApp.useApp();
  useEffect(() => {
    fetch('data/orders.json').then(r => r.json()).then(d => {
      setData(d); document.title = d.orders.length + ' orders';
      notify.info({ message: 'Orders', description: 'Loaded ' + d.orders.length + ' orders', duration: 0 });
      const route = () => { const id = parse(); if (id) { setTab('orders'); setCurrent(d.orders.find(o => o.id === id) || null); setPage(2); } };
      route(); window.addEventListener('hashchange', route);
    });
  }, []);
  const header = h(Layout.Header, { style: { color: '#fff' } }, h('h1', { style: { display: 'inline', color: '#fff' } }, 'Harbour Orders'), ' ',
    h(Dropdown, { menu: { items: (data ? data.team : []).map(m => ({ key: m.name, label: m.name })) } }, h(Button, null, 'Account')));
  if (!data) return h(Layout, null, header, h(Layout.Content, null, h(Skeleton, { active: true })));
  const orders = city ? data.orders.filter(o => o.city === city) : data.orders;
  const total = data.orders.reduce((s, o) => s + o.total, 0);
  const cards = [['Orders', String(data.orders.length)], ['Revenue', fmt(total)], ['Pending', String(data.orders.filter(o => o.status === 'pending').length)]];
  const c = {}; data.orders.forEach(o => c[o.city] = (c[o.city] || 0) + 1);
  const busiest = Object.keys(c).sort((a, b) => c[b] - c[a])[0];
  const columns = [{ title: 'Order', dataIndex: 'id', key: 'id' }, { title: 'Customer', dataIndex: 'customer', key: 'customer' }, { title: 'City', dataIndex: 'city', key: 'city' },
    { title: 'Status', dataIndex: 'status', key: 'status', render: s => h(Tag, null, s) },
    { title: 'Total', dataIndex: 'total', key: 'total', sorter: (a, b) => a.total - b.total, defaultSortOrder: 'descend' }];
  return h(Layout, null, header, h(Layout.Content, { style: { padding: 16 } },
    h(Row, { gutter: 12 }, cards.map(([l, v]) => h(Col, { span: 8, key: l }, h(Card, { title: l, className: 'stat' }, v)))),
    h(Tabs, { activeKey: tab, onChange: setTab, items: [
      { key: 'overview', label: 'Overview', children: h('p', { className: 'ov' }, 'Busiest city: ' + busiest) },
      { key: 'orders', label: 'Orders', children: h('div', null,
        h(Select, { placeholder: 'City', allowClear: true, value: city, onChange: setCity, options: data.cities.map(c => ({ label: c, value: c })), style: { width: 200 } }),
        h(Table, { className: 'orders', rowKey: 'id', columns, dataSource: orders, pagination: { current: page, pageSize: 5, onChange: setPage, showTotal: t => 'Total ' + t } })) },
      { key: 'team', label: 'Team', children: h('ul', null, data.team.map(m => h('li', { key: m.name }, m.name + ' — ' + m.role))) },
    ] }),
    h(Calendar, { fullscreen: false, value: dayjs('2026-03-14') }),
    h(DatePicker, { value: dayjs('2026-03-14') }),
    h(Tooltip, { title: 'Refreshes every hour' }, h(Button, null, 'Refresh')),
    h(Modal, { open: !!current, title: current ? 'Order ' + current.id : '', onCancel: () => setCurrent(null), footer: null },
      current && h('p', { className: 'detail' }, [current.customer, current.city, current.status, fmt(current.total)].join(' · ')))));
}
ReactDOM.createRoot(document.getElementById('root')).render(h(AntApp, null, h(Orders)));
