// DevConf Schedule: Alpine.js 3 components declared with Alpine.data, data
// loaded with fetch in async init(), the talk picked by the #! route.
document.addEventListener('alpine:init', function () {
  'use strict';
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July',
    'August', 'September', 'October', 'November', 'December'];

  async function getJSON(url) {
    var res = await fetch(url);
    if (!res.ok) { throw new Error(url + ': HTTP ' + res.status); }
    return res.json();
  }

  Alpine.data('schedule', function () {
    return {
      loading: true,
      conference: {},
      talks: [],
      currentId: null,
      talk: null,
      seatsNote: '',

      get tracks() {
        var seen = [];
        this.talks.forEach(function (t) { if (seen.indexOf(t.track) < 0) { seen.push(t.track); } });
        return seen.sort();
      },

      dayRange: function () {
        if (!this.conference.days) { return ''; }
        var a = this.conference.days[0].split('-'), b = this.conference.days[1].split('-');
        return Number(a[2]) + '–' + Number(b[2]) + ' ' + MONTHS[Number(b[1]) - 1] + ' ' + b[0];
      },

      async init() {
        var data = await getJSON('data/schedule.json');
        this.conference = data.conference;
        this.talks = data.talks;
        this.loading = false;
        this.route();
      },

      async route() {
        var m = /^#!\/talks\/(\d+)$/.exec(location.hash);
        this.currentId = m ? Number(m[1]) : null;
        this.talk = null;
        this.seatsNote = '';
        if (this.currentId === null) { return; }
        var talk = await getJSON('data/talks/' + this.currentId + '.json');
        this.talk = talk;
        document.title = talk.title + ' · DevConf';
        var self = this;
        var left = this.talks.filter(function (t) { return t.id === talk.id; })[0].seatsLeft;
        setTimeout(function () {
          self.seatsNote = left === 0 ? 'This talk is full.' : left + ' seats left.';
        }, 90);
      }
    };
  });
});
