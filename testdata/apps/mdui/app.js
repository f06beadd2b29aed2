// Workshop: mdui 2 (Material You web components on Lit) from its global
// build. The day's jobs come over fetch into an mdui-list; filter chips,
// a text field and a switch narrow it; the #!/jobs/<id> state opens an
// mdui-dialog holding the job fetched on its own, with a text field, a
// switch and a linear progress of its steps.
(function () {
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const LABELS = { done: 'Done', working: 'On the stand', waiting: 'Waiting for parts', queued: 'Queued' };
  let jobs = [];

  async function getJSON(url) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(res.status + ' ' + url);
    return res.json();
  }

  function state() {
    const m = /^#!\/jobs\/(\d+)(?:\/(\w+))?$/.exec(location.hash);
    return m ? { id: Number(m[1]), status: m[2] || '' } : { id: 0, status: '' };
  }

  function renderList() {
    const q = $('filter').value.trim().toLowerCase();
    const showDone = $('show-done').checked;
    const chip = document.querySelector('#chips mdui-chip[selected]');
    const status = chip ? chip.dataset.status : '';
    const shown = jobs.filter((j) =>
      (showDone || j.status !== 'done') &&
      (!status || j.status === status) &&
      (!q || (j.bike + ' ' + j.customer + ' ' + j.work).toLowerCase().includes(q)));
    const current = state().id;
    $('jobs').innerHTML = shown.map((j) =>
      `<mdui-list-item class="job ${j.status}${j.id === current ? ' current' : ''}" data-id="${j.id}" href="#!/jobs/${j.id}"${j.id === current ? ' active' : ''}>` +
      `${esc(j.bike)}<span slot="description">#${j.id} · ${esc(j.customer)} · ${esc(j.work)}</span>` +
      `<div slot="end-icon" class="status">${LABELS[j.status]}</div></mdui-list-item>`).join('') ||
      '<mdui-list-item class="empty">No jobs match.</mdui-list-item>';
  }

  function renderChips() {
    const counts = {};
    for (const j of jobs) counts[j.status] = (counts[j.status] || 0) + 1;
    $('chips').innerHTML = Object.keys(LABELS).map((s) =>
      `<mdui-chip selectable data-status="${s}">${LABELS[s]} (${counts[s] || 0})</mdui-chip>`).join('');
  }

  async function openJob(id) {
    const dialog = $('job');
    const job = await getJSON(`data/jobs/${id}.json`);
    const done = job.steps.filter((s) => s.done).length;
    $('job-title').textContent = `Job #${job.id}: ${job.customer}`;
    $('job-bike').textContent = `${job.bike}, with ${job.mechanic}`;
    $('job-body').innerHTML =
      `<mdui-text-field class="phone" label="Phone" readonly value="${esc(job.phone)}"></mdui-text-field>` +
      `<p class="note">${esc(job.note)}</p>` +
      `<ol class="steps">${job.steps.map((s) => `<li class="${s.done ? 'done' : 'todo'}">${esc(s.name)}</li>`).join('')}</ol>` +
      `<mdui-linear-progress class="job-progress" max="${job.steps.length}" value="${done}"></mdui-linear-progress>` +
      `<p class="progress-text">${done} of ${job.steps.length} steps</p>` +
      `<mdui-switch class="notify"${job.notify ? ' checked' : ''}></mdui-switch> <span>Text the customer when ready</span>`;
    dialog.addEventListener('opened', () => { document.body.dataset.dialog = 'opened'; }, { once: true });
    dialog.open = true;
    document.title = `#${job.id} ${job.bike} · Workshop`;
  }

  async function start() {
    const data = await getJSON('data/jobs.json');
    jobs = data.jobs;
    $('shop').textContent = `${data.shop} workshop`;
    $('day').textContent = data.day;
    const done = jobs.filter((j) => j.status === 'done').length;
    const bar = $('day-progress');
    bar.max = jobs.length;
    bar.value = done;
    $('day-count').textContent = `${done} of ${jobs.length} done`;
    renderChips();
    const st = state();
    if (st.status) {
      const chip = document.querySelector(`#chips mdui-chip[data-status="${st.status}"]`);
      if (chip) chip.selected = true;
    }
    renderList();
    $('chips').addEventListener('change', renderList);
    $('filter').addEventListener('input', renderList);
    $('show-done').addEventListener('change', renderList);
    $('job-close').addEventListener('click', () => { $('job').open = false; });
    window.addEventListener('hashchange', () => { renderList(); if (state().id) openJob(state().id); });
    await customElements.whenDefined('mdui-chip');
    // Lit renders on a microtask: wait for the chip's update so that
    // [selected] is reflected before the list reads it.
    await Promise.all([...document.querySelectorAll('#chips mdui-chip')].map((c) => c.updateComplete));
    renderList();
    if (st.id) await openJob(st.id);
    document.body.dataset.ready = 'yes';
  }

  start().catch((e) => { $('jobs').textContent = 'Failed: ' + e.message; });
})();
