const n = +new URL(import.meta.url).search.slice(1);
document.getElementById("s").setAttribute("data-depth", n);
import("/hostile/import-self-query.js?" + (n + 1));
