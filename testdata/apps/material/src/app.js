// An orders page built with Material Web (Lit-based web components in shadow
// DOM, form-associated text fields with ElementInternals validation, a modal
// md-dialog whose dividers come from an IntersectionObserver, focus rings that
// follow :focus-visible). The #! state picks the tab and opens an order.
import '@material/web/tabs/tabs.js';
import '@material/web/tabs/primary-tab.js';
import '@material/web/list/list.js';
import '@material/web/list/list-item.js';
import '@material/web/menu/menu.js';
import '@material/web/menu/menu-item.js';
import '@material/web/button/filled-button.js';
import '@material/web/button/text-button.js';
import '@material/web/dialog/dialog.js';
import '@material/web/textfield/outlined-text-field.js';
import '@material/web/switch/switch.js';
import '@material/web/progress/circular-progress.js';

const $ = (s) => document.querySelector(s);
const state = () => (location.hash.startsWith('#!') ? location.hash.slice(2) : '/orders').split('/').filter(Boolean);

// deepFocus names the innermost focused element, through shadow roots.
function deepFocus() {
  const path = [];
  for (let a = document.activeElement; a; a = a.shadowRoot && a.shadowRoot.activeElement) {
    path.push(a.id || a.localName);
  }
  return path.join(' > ');
}

function getJSON(url) {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open('GET', url);
    x.onload = () => resolve(JSON.parse(x.responseText));
    x.onerror = reject;
    x.send();
  });
}

async function load() {
  const [orders, settings] = await Promise.all([fetch('data/orders.json').then((r) => r.json()), getJSON('data/settings.json')]);
  $('md-circular-progress').remove();
  for (const o of orders) {
    const item = document.createElement('md-list-item');
    item.innerHTML = `<div slot="headline">#${o.id} ${o.customer}</div><div slot="supporting-text">${o.status}</div><div slot="trailing-supporting-text">${o.total.toFixed(2)}</div>`;
    $('#list').append(item);
  }
  $('#name').value = settings.name;
  $('#email').value = settings.email;
  $('#notify').selected = settings.notify;
  const [view, id] = state();
  $('md-tabs').activeTabIndex = view === 'settings' ? 1 : 0;
  $('#orders').hidden = view === 'settings';
  $('#settings').hidden = view !== 'settings';
  const report = [];
  if (view === 'settings') {
    const email = $('#email');
    email.value = 'ops.northwind.test';
    await email.updateComplete;
    const ok = email.reportValidity();
    await email.updateComplete;
    const field = email.shadowRoot.querySelector('.field');
    report.push(`email ${ok ? 'valid' : 'invalid'}: ${email.validationMessage}`);
    report.push(`focus: ${deepFocus()}`);
    $('#name').focus();
    await $('#name').updateComplete;
    await email.updateComplete;
    report.push(`then: ${deepFocus()}, email field focused: ${field.focused}`);
  }
  if (view === 'orders' && id) {
    const o = orders.find((x) => String(x.id) === id);
    // the dialog is made when an order is opened: a closed dialog's slotted
    // content is not rendered, and a snapshot has no shadow trees to say so
    const dialog = document.createElement('md-dialog');
    dialog.id = 'order';
    dialog.innerHTML = '<div slot="headline" id="order-head"></div><div slot="content" id="order-body"></div><div slot="actions"><md-text-button id="close">Close</md-text-button></div>';
    document.body.insertBefore(dialog, $('.credits'));
    $('#order-head').textContent = `Order #${o.id}`;
    $('#order-body').textContent = `${o.customer}, ${o.status}, ${o.total.toFixed(2)} ${settings.currency}`;
    await dialog.show();
    $('#menu').open = true;
    await new Promise((r) => setTimeout(r, 400));
    const inner = dialog.shadowRoot.querySelector('dialog');
    const button = $('#close');
    const ring = button.shadowRoot.querySelector('md-focus-ring');
    report.push(`dialog ${inner.className.trim().split(/\s+/).join(' ')}`);
    report.push(`focus: ${deepFocus()}, ring ${ring && ring.visible ? 'shown' : 'hidden'}`);
  }
  document.title = `${view === 'settings' ? 'Settings' : id ? `Order ${id}` : 'Orders'} · ${settings.name}`;
  $('#report').textContent = report.join('; ');
  document.body.dataset.ready = view;
}
load();
