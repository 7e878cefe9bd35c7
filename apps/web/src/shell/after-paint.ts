/**
 * Runs `fn` once the browser has painted the next frame, and answers a function that cancels it.
 * For work a tab switch or a navigation need not wait for (the menu's highlight, scrolling the
 * active tab into view, refreshing a shown page's data): the page shows first, the rest follows.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
