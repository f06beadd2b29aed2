log.push('deferred ' + document.readyState + ' ' + document.getElementsByTagName('p').length);
