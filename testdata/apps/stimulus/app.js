// Helpdesk: Stimulus 3 controllers with targets, values, actions (including
// a window hashchange action) and fetch; #! routes pick the ticket.
(function () {
  'use strict';
  const { Application, Controller } = Stimulus;
  const app = Application.start();

  function ticketId() {
    const m = /^#!\/tickets\/(\d+)$/.exec(location.hash);
    return m ? m[1] : null;
  }

  class TicketsController extends Controller {
    static targets = ['list', 'summary', 'more'];
    static values = { url: String, pageSize: Number, shown: { type: Number, default: 0 } };

    async connect() {
      const r = await fetch(this.urlValue);
      this.tickets = await r.json();
      this.shownValue = this.pageSizeValue;
    }

    more() { this.shownValue += this.pageSizeValue; }

    shownValueChanged() {
      if (!this.tickets) return;
      const open = this.tickets.filter((t) => t.status === 'open').length;
      this.summaryTarget.textContent = `${open} open of ${this.tickets.length} tickets`;
      this.listTarget.innerHTML = '';
      for (const t of this.tickets.slice(0, this.shownValue)) {
        const li = document.createElement('li');
        li.className = t.priority === 'high' ? 'urgent' : '';
        li.innerHTML = `<a href="#!/tickets/${t.id}">#${t.id} ${t.subject}</a> <small>${t.status}</small>`;
        this.listTarget.append(li);
      }
      this.moreTarget.hidden = this.shownValue >= this.tickets.length;
    }
  }

  class TicketController extends Controller {
    static targets = ['placeholder', 'body', 'subject', 'meta', 'replies'];
    static values = { base: String };

    connect() { this.load(); }

    async load() {
      const id = ticketId();
      if (!id) return;
      const t = await (await fetch(`${this.baseValue}${id}.json`)).json();
      this.subjectTarget.textContent = `#${t.id}: ${t.subject}`;
      this.metaTarget.textContent = `Opened by ${t.author} · ${t.replies.length} replies`;
      this.repliesTarget.replaceChildren(...t.replies.map((text) => {
        const li = document.createElement('li');
        li.textContent = text;
        return li;
      }));
      this.placeholderTarget.remove();
      this.bodyTarget.hidden = false;
      document.title = `#${t.id} · Helpdesk`;
    }
  }

  class ClockController extends Controller {
    static values = { text: String };
    connect() { this.timer = setTimeout(() => { this.element.textContent = this.textValue; }, 150); }
    disconnect() { clearTimeout(this.timer); }
  }

  app.register('tickets', TicketsController);
  app.register('ticket', TicketController);
  app.register('clock', ClockController);
})();
