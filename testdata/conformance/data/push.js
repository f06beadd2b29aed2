window.__dyn2.push(new URL(document.currentScript.src).search.slice(1));
