// Night trains: modern Angular (22) in JIT mode with zone.js, no build step:
// native ES modules through an import map, @angular/compiler compiling the
// templates in the page, standalone components declared by calling the
// decorator functions (Component(...)(class ...)), inject() in field
// initializers, HttpClient over XHR (withXhr(): fetch is the default now,
// and its native async/await escapes zone.js), control flow
// blocks (@if/@for), pipes, property and class bindings, a child component
// with inputs, and Eager change detection driven by zone.js alone: the component
// state is plain fields, updated in XHR callbacks, timers and a hashchange
// listener that zone.js patched.
import '@angular/compiler';
import { ChangeDetectionStrategy, Component, Injectable, inject, provideZoneChangeDetection } from '@angular/core';
import { DecimalPipe, UpperCasePipe } from '@angular/common';
import { HttpClient, provideHttpClient, withXhr } from '@angular/common/http';
import { bootstrapApplication } from '@angular/platform-browser';

const TrainApi = Injectable({ providedIn: 'root' })(class TrainApi {
  http = inject(HttpClient);
  trains() { return this.http.get('data/trains.json'); }
  train(id) { return this.http.get('data/trains/' + id + '.json', { params: { lang: 'en' } }); }
});

const StopList = Component({
  selector: 'stop-list',
  imports: [DecimalPipe],
  // No compiler here to find input() fields: the inputs are named in the
  // metadata, as decorators on fields would.
  inputs: ['stops', 'km'],
  changeDetection: ChangeDetectionStrategy.Eager,
  template: `
    <ol class="stops">
      @for (s of stops; track s.name; let last = $last) {
        <li [class.late]="s.late > 0" [class.terminus]="last">{{ s.time }} {{ s.name }}@if (s.late > 0) { <em>+{{ s.late }} min</em>}</li>
      }
    </ol>
    <p class="distance">{{ km | number:'1.0-1' }} km</p>`
})(class StopList {
  stops = [];
  km = 0;
});

const AppRoot = Component({
  selector: 'app-root',
  // OnPush is the default since Angular 22; Eager checks on every zone turn.
  changeDetection: ChangeDetectionStrategy.Eager,
  imports: [StopList, UpperCasePipe],
  host: { '(window:hashchange)': 'route()' },
  template: `
    <h1>Night trains</h1>
    @if (trains) {
      <p class="summary">{{ trains.length }} trains tonight, {{ sleepers }} with sleepers</p>
      <ul class="trains">
        @for (t of trains; track t.id) {
          <li [class.current]="t.id === selectedId" [attr.data-id]="t.id"><a [href]="'#!/trains/' + t.id">{{ t.from }} – {{ t.to }}</a></li>
        }
      </ul>
    } @else {
      <p class="loading">Loading…</p>
    }
    @if (train) {
      <article class="train">
        <h2>{{ train.number | uppercase }}: {{ train.from }} – {{ train.to }}</h2>
        <p class="cars">{{ train.cars.join(', ') }}</p>
        <stop-list [stops]="train.stops" [km]="train.km" />
        @if (notice) { <p class="notice">{{ notice }}</p> }
      </article>
    }`
})(class AppRoot {
  api = inject(TrainApi);
  trains = null;
  sleepers = 0;
  selectedId = null;
  train = null;
  notice = '';

  constructor() {
    this.api.trains().subscribe((list) => {
      this.trains = list;
      this.sleepers = list.filter((t) => t.sleeper).length;
    });
    this.route();
  }

  route() {
    const m = /^#!\/trains\/([\w-]+)$/.exec(location.hash);
    this.selectedId = m ? m[1] : null;
    if (!m) { return; }
    this.api.train(m[1]).subscribe((t) => {
      this.train = t;
      document.title = t.from + ' – ' + t.to + ' · Night trains';
      setTimeout(() => { this.notice = t.notice; }, 80);
    });
  }
});

bootstrapApplication(AppRoot, {
  providers: [provideZoneChangeDetection(), provideHttpClient(withXhr())]
}).catch((err) => {
  document.querySelector('app-root').textContent = 'Failed: ' + err.message;
});
