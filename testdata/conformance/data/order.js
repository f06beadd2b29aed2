window.__life.push("ext:" + new URL(document.currentScript.src).search.slice(1) + ":" + document.readyState);
