/**
 * The live-reload client of `npm run dev`, served as is at /__dev/client.js: it is read as text and
 * never compiled, so no helper a compiler adds (such as esbuild's `__name`) can end up in the page.
 * It reloads the page on `reload` and shows or removes the overlay on `problems`. The server-sent
 * events' path and the overlay's id come from the script tag's data attributes. Styles are set
 * through the CSSOM (the CSP has no inline styles).
 */
(() => {
  const script = document.currentScript;
  const eventsPath = script?.dataset.events ?? '/__dev/events';
  const overlayId = script?.dataset.overlay ?? 'funnel-dev-overlay';

  const show = (lines) => {
    document.getElementById(overlayId)?.remove();
    if (!lines.length) return;
    const box = document.createElement('div');
    box.id = overlayId;
    box.setAttribute('role', 'alert');
    Object.assign(box.style, {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      overflow: 'auto',
      padding: '24px',
      background: 'rgba(20, 24, 28, 0.94)',
      color: '#fff',
      font: '14px/1.5 ui-monospace, monospace',
    });
    const title = document.createElement('h2');
    title.textContent = 'The funnel cannot be built: fix these and save, the page recovers by itself';
    Object.assign(title.style, { margin: '0 0 16px', color: '#ff8a80', font: 'bold 16px/1.4 system-ui, sans-serif' });
    const list = document.createElement('pre');
    list.textContent = lines.join('\n');
    Object.assign(list.style, { margin: '0', whiteSpace: 'pre-wrap' });
    box.append(title, list);
    (document.body ?? document.documentElement).append(box);
  };

  const source = new EventSource(eventsPath);
  source.addEventListener('reload', () => location.reload());
  source.addEventListener('problems', (event) => show(JSON.parse(event.data)));
})();
