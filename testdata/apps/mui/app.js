// Orders on MUI 5's UMD build (React 18 UMD): skeletons replaced by cards,
// tabs, a table with a sort label and pagination, a select, a tooltip, a
// snackbar, and a dialog the #! state opens; MUI's transitions set inline
// styles (opacity, transition with cubic-bezier()) through the CSSOM.
const h = React.createElement;
const { useState, useEffect } = React;
const M = MaterialUI;
function parse() { const m = /^#!\/orders\/(\d+)$/.exec(location.hash); return m ? +m[1] : null; }
const fmt = n => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NOK' }).format(n);
function App() {
  const [data, setData] = useState(null);
  const [tab, setTab] = useState(0);
  const [city, setCity] = useState('');
  const [page, setPage] = useState(0);
  const [order, setOrder] = useState('desc');
  const [current, setCurrent] = useState(null);
  const [snack, setSnack] = useState(false);
  useEffect(() => {
    fetch('data/orders.json').then(r => r.json()).then(d => {
      setData(d); setSnack(true); document.title = d.orders.length + ' orders';
      const route = () => { const id = parse(); if (id) { setTab(1); setCurrent(d.orders.find(o => o.id === id) || null); setPage(1); } };
      route(); window.addEventListener('hashchange', route);
    });
  }, []);
  const bar = h(M.AppBar, { position: 'static' }, h(M.Toolbar, null, h(M.Typography, { variant: 'h6', component: 'h1' }, 'Harbour Orders'),
    h(M.Button, { color: 'inherit', id: 'acct' }, 'Account'),
    h(M.Menu, { open: false, anchorEl: null }, (data ? data.team : []).map(m => h(M.MenuItem, { key: m.name }, m.name)))));
  if (!data) return h('div', null, bar, h(M.Skeleton, { variant: 'rectangular', height: 80 }), h(M.Skeleton, { variant: 'text' }));
  const rows = (city ? data.orders.filter(o => o.city === city) : data.orders).slice().sort((a, b) => order === 'desc' ? b.total - a.total : a.total - b.total);
  const total = data.orders.reduce((s, o) => s + o.total, 0);
  const cards = [['Orders', String(data.orders.length)], ['Revenue', fmt(total)], ['Pending', String(data.orders.filter(o => o.status === 'pending').length)]];
  const c = {}; data.orders.forEach(o => c[o.city] = (c[o.city] || 0) + 1);
  const busiest = Object.keys(c).sort((a, b) => c[b] - c[a])[0];
  return h('div', null, bar, h(M.Container, null,
    h(M.Grid, { container: true, spacing: 2 }, cards.map(([l, v]) => h(M.Grid, { item: true, xs: 4, key: l }, h(M.Card, { className: 'stat' }, h(M.CardHeader, { title: v, subheader: l }))))),
    h(M.Tabs, { value: tab, onChange: (e, v) => setTab(v) }, h(M.Tab, { label: 'Overview' }), h(M.Tab, { label: 'Orders' }), h(M.Tab, { label: 'Team' })),
    tab === 0 && h('p', { className: 'ov' }, 'Busiest city: ' + busiest),
    tab === 1 && h('div', null,
      h(M.FormControl, { sx: { minWidth: 200 } }, h(M.InputLabel, { id: 'city-l' }, 'City'),
        h(M.Select, { labelId: 'city-l', label: 'City', value: city, onChange: e => setCity(e.target.value) }, h(M.MenuItem, { value: '' }, h('em', null, 'All')), data.cities.map(c => h(M.MenuItem, { key: c, value: c }, c)))),
      h(M.TableContainer, null, h(M.Table, { className: 'orders' },
        h(M.TableHead, null, h(M.TableRow, null, ['Order', 'Customer', 'City', 'Status'].map(t => h(M.TableCell, { key: t }, t)),
          h(M.TableCell, null, h(M.TableSortLabel, { active: true, direction: order, onClick: () => setOrder(order === 'desc' ? 'asc' : 'desc') }, 'Total')))),
        h(M.TableBody, null, rows.slice(page * 5, page * 5 + 5).map(o => h(M.TableRow, { key: o.id },
          h(M.TableCell, null, o.id), h(M.TableCell, null, o.customer), h(M.TableCell, null, o.city), h(M.TableCell, null, h(M.Chip, { label: o.status, size: 'small' })), h(M.TableCell, null, o.total)))))),
      h(M.TablePagination, { component: 'div', count: rows.length, page, rowsPerPage: 5, rowsPerPageOptions: [5], onPageChange: (e, p) => setPage(p) })),
    tab === 2 && h(M.List, null, data.team.map(m => h(M.ListItem, { key: m.name }, h(M.ListItemText, { primary: m.name, secondary: m.role })))),
    h(M.Tooltip, { title: 'Refreshes every hour' }, h(M.Button, { variant: 'outlined' }, 'Refresh')),
    h(M.Dialog, { open: !!current, onClose: () => setCurrent(null) }, current && h(M.DialogTitle, null, 'Order ' + current.id),
      current && h(M.DialogContent, null, h(M.DialogContentText, { className: 'detail' }, [current.customer, current.city, current.status, fmt(current.total)].join(' · ')))),
    h(M.Snackbar, { open: snack, message: 'Loaded ' + data.orders.length + ' orders' })));
}
ReactDOM.createRoot(document.getElementById('root')).render(h(App));
