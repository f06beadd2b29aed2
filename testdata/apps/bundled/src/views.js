// Views render plain template strings into the DOM.
import { escapeHTML as e, percent, plural, shortDate } from './format.js';

export function projectList(projects, currentId) {
  const items = projects
    .map(({ id, name, tasks: { done, total }, risk }) => {
      const pct = percent(done, total);
      const cls = [id === currentId && 'current', risk === 'high' && 'at-risk'].filter(Boolean).join(' ');
      return `<li class="${cls}"><a href="#!/projects/${e(id)}">${e(name)}</a>
        <span class="bar" style="width:${pct}px"></span> ${pct}%</li>`;
    })
    .join('');
  return `<ul class="projects">${items}</ul>`;
}

export function projectDetail(p) {
  const owner = p.owner?.name ?? 'nobody';
  const milestones = (p.milestones ?? [])
    .map((m) => `<li class="${m.done ? 'done' : 'todo'}">${e(m.title)} — ${shortDate(m.due)}${m.done ? ' ✓' : ''}</li>`)
    .join('');
  return `<article class="project">
      <h2>${e(p.name)}</h2>
      <p class="owner">Owner: ${e(owner)}${p.owner?.team ? ` (${e(p.owner.team)})` : ''}</p>
      <p class="progress">${plural(p.tasks.done, 'task')} of ${p.tasks.total} done</p>
      <h3>Milestones</h3>
      <ul class="milestones">${milestones}</ul>
    </article>`;
}
