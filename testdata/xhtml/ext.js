log.push('ext ' + document.getElementsByTagName('p').length + ' ' + (document.currentScript && document.currentScript.getAttribute('src')));
