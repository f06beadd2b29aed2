// app/http: a module with no dependencies returning a small XHR wrapper.
define(function () {
  'use strict';
  function getJSON(url) {
    return new Promise(function (resolve, reject) {
      var xhr = new XMLHttpRequest();
      xhr.open('GET', url);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.onload = function () {
        if (xhr.status !== 200) {
          reject(new Error(url + ': ' + xhr.status));
          return;
        }
        resolve(JSON.parse(xhr.responseText));
      };
      xhr.onerror = function () { reject(new Error(url + ': network')); };
      xhr.send();
    });
  }
  return { getJSON: getJSON };
});
