// Fjord Conf: AngularJS 1.8 with AngularUI Router 1.1 (the monolithic UMD
// bundle), the state router many AngularJS sites used instead of ngRoute:
// nested states with URLs under "#!", resolves over $http, templateUrl views
// fetched over XHR, a state routed to a component with one-way bindings,
// ui-sref links with ui-sref-active, $transitions hooks, otherwise(), and
// $timeout.
(function () {
  'use strict';
  angular.module('schedule', ['ui.router'])
    .config(['$stateProvider', '$urlRouterProvider', '$locationProvider',
      function ($stateProvider, $urlRouterProvider, $locationProvider) {
        $locationProvider.hashPrefix('!');
        $urlRouterProvider.otherwise('/days/1');
        $stateProvider
          .state('app', {
            abstract: true,
            template: '<nav class="days"><a ng-repeat="d in $resolve.days" ui-sref="app.day({dayId: d.id})" ui-sref-active="active">{{d.label}}</a></nav><div ui-view></div>',
            resolve: { days: ['$http', function ($http) { return $http.get('data/days.json').then(function (r) { return r.data; }); }] }
          })
          .state('app.day', {
            url: '/days/:dayId',
            templateUrl: 'views/day.html',
            controller: 'DayCtrl as vm',
            resolve: {
              day: ['$http', '$stateParams', function ($http, $stateParams) {
                return $http.get('data/days/' + $stateParams.dayId + '.json').then(function (r) { return r.data; });
              }]
            }
          })
          .state('app.day.talk', {
            url: '/talks/:talkId',
            component: 'talkDetail',
            resolve: {
              talk: ['$http', '$transition$', function ($http, $transition$) {
                return $http.get('data/talks/' + $transition$.params().talkId + '.json').then(function (r) { return r.data; });
              }],
              day: ['day', function (day) { return day; }]
            }
          });
      }])
    .controller('DayCtrl', ['day', function (day) {
      this.day = day;
      this.minutes = day.talks.reduce(function (sum, t) { return sum + t.minutes; }, 0);
    }])
    .component('talkDetail', {
      bindings: { talk: '<', day: '<' },
      templateUrl: 'views/talk.html',
      controller: ['$timeout', function ($timeout) {
        var self = this;
        this.$onInit = function () {
          self.seats = 'checking seats…';
          $timeout(function () {
            self.seats = self.talk.seatsLeft > 0 ? self.talk.seatsLeft + ' seats left' : 'Full';
          }, 120);
        };
      }]
    })
    .controller('NoticeCtrl', ['$timeout', function ($timeout) {
      var self = this;
      self.text = '';
      $timeout(function () { self.text = 'Coffee is served in the foyer between talks'; }, 200);
    }])
    .run(['$transitions', '$rootScope', function ($transitions, $rootScope) {
      $transitions.onSuccess({}, function (trans) {
        var to = trans.to();
        var talk = trans.injector().get('talk', 'to');
        document.title = (to.name === 'app.day.talk' ? talk.title + ' · ' : '') + 'Fjord Conf';
        $rootScope.lastState = to.name;
      });
    }]);
})();
