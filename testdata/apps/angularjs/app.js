// Team Directory: AngularJS 1.8 with ngRoute on #! URLs.
angular.module('directory', ['ngRoute'])
  .config(['$locationProvider', '$routeProvider', function ($locationProvider, $routeProvider) {
    $locationProvider.hashPrefix('!');
    $routeProvider
      .when('/people', {
        templateUrl: 'list.html',
        controller: 'ListCtrl',
        controllerAs: 'list'
      })
      .when('/people/:id', {
        templateUrl: 'views/person.html',
        controller: 'PersonCtrl',
        resolve: {
          person: ['$http', '$route', function ($http, $route) {
            return $http.get('data/people/' + $route.current.params.id + '.json').then(function (res) {
              return res.data;
            });
          }]
        }
      })
      .otherwise({ redirectTo: '/people' });
  }])
  .factory('People', ['$http', function ($http) {
    var cached = null;
    return {
      all: function () {
        if (!cached) {
          cached = $http.get('data/people.json').then(function (res) { return res.data; });
        }
        return cached;
      }
    };
  }])
  .controller('ShellCtrl', ['People', '$timeout', function (People, $timeout) {
    var shell = this;
    shell.company = 'Northwind';
    shell.version = '2.4';
    shell.people = [];
    shell.teams = [];
    People.all().then(function (people) {
      shell.people = people;
      var seen = {};
      angular.forEach(people, function (p) {
        if (!seen[p.team]) { seen[p.team] = true; shell.teams.push(p.team); }
      });
      $timeout(function () { shell.synced = true; }, 200);
    });
  }])
  .controller('ListCtrl', ['People', function (People) {
    var list = this;
    list.people = [];
    People.all().then(function (people) { list.people = people; });
  }])
  .controller('PersonCtrl', ['$scope', 'person', 'People', '$document', function ($scope, person, People, $document) {
    $scope.person = person;
    $scope.mates = [];
    People.all().then(function (people) { $scope.mates = people; });
    $document[0].title = person.name + ' · Team Directory';
  }]);
