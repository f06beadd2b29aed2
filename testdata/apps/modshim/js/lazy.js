// A small lazy loader: data-src swapped in when the image comes into view.
// An image complete at once came from the memory cache.
export function lazy(root) {
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      const img = e.target;
      io.unobserve(img);
      img.addEventListener('load', () => img.classList.add('loaded'), { once: true });
      img.src = img.dataset.src;
      if (img.complete) img.classList.add('from-cache');
    }
  });
  root.querySelectorAll('img[data-src]').forEach((img) => io.observe(img));
}
