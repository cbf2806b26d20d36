/**
 * The HTML report's chart script (plain browser JavaScript, inlined after uPlot): reads the chart
 * data from the page's JSON block and draws, per experiment, a funnel per arm (share of the arm's
 * visitors who reached each step), the cumulative purchase rate per arm over time and the
 * cumulative lift in purchase against the control with its interval (sequential by default), each
 * chart with a legend naming its series. The same for each landing's
 * funnel. Sizes follow the container's width.
 */
export const CHART_SCRIPT = `(() => {
  const data = JSON.parse(document.getElementById('chart-data').textContent);
  const colours = ['#00564a', '#c2410c', '#1d4ed8', '#7e22ce', '#a16207', '#be123c'];
  const widthOf = (el) => Math.max(280, Math.min(980, el.clientWidth));
  const pct = (v) => v == null ? '' : (v * 100).toFixed(1) + '%';
  const day = (s) => new Date(s * 1000).toISOString().slice(5, 10);

  function funnel(el, chart, colour) {
    const xs = chart.steps.map((_, k) => k);
    const bars = uPlot.paths.bars({ size: [0.7, 60] });
    new uPlot({
      width: widthOf(el), height: 270, padding: [12, 72, 0, 8], legend: { show: false }, cursor: { show: true, points: { show: false } },
      scales: { x: { time: false, range: [-0.5, xs.length - 0.5] }, y: { range: [0, 1] } },
      axes: [
        { values: (u, ticks) => ticks.map((t) => Number.isInteger(t) ? (chart.steps[t] || '') : ''), rotate: -40, size: 120, gap: 4, splits: () => xs, grid: { show: false } },
        { values: (u, ticks) => ticks.map((v) => Math.round(v * 100) + '%'), size: 48 },
      ],
      series: [{}, { label: chart.label, fill: colour + 'cc', stroke: colour, paths: bars, points: { show: false } }],
    }, [xs, chart.reached], el);
  }

  function lines(el, x, series, yFormat, band) {
    // legend without live values: the series' names stay readable when the cursor is elsewhere
    new uPlot({
      width: widthOf(el), height: 220, padding: [12, 16, 0, 8], legend: { live: false },
      scales: { x: { time: true } },
      axes: [{ values: (u, ticks) => ticks.map(day) }, { values: (u, ticks) => ticks.map(yFormat), size: 64 }],
      series: [{ label: 'day', value: (u, v) => v == null ? '' : day(v) }].concat(series.map((s, k) => ({
        label: s.label, stroke: s.colour, width: s.dash ? 1 : 2, dash: s.dash ? [4, 4] : undefined, value: (u, v) => yFormat(v),
      }))),
      bands: band,
    }, [x].concat(series.map((s) => s.values)), el);
  }

  for (const e of data.experiments) {
    e.funnels.forEach((f, k) => funnel(document.getElementById(f.id), f, colours[k % colours.length]));
    const x = e.days.map((d) => d * 86400);
    if (!x.length) continue;
    lines(document.getElementById(e.id + '-rate'), x, e.arms.map((a, k) => ({ label: a, colour: colours[k % colours.length], values: e.rates.map((r) => r[k]) })), pct);
    const lift = [];
    const bands = [];
    e.arms.forEach((a, k) => {
      if (k === 0) return;
      const c = colours[k % colours.length];
      const at = lift.length + 1;
      lift.push({ label: a + ' lift', colour: c, values: e.lift.map((l) => l[k] && l[k].lift) });
      lift.push({ label: a + ' ' + e.interval + ' low', colour: c, dash: true, values: e.lift.map((l) => l[k] && l[k].low) });
      lift.push({ label: a + ' ' + e.interval + ' high', colour: c, dash: true, values: e.lift.map((l) => l[k] && l[k].high) });
      bands.push({ series: [at + 2, at + 1], fill: c + '22' });
    });
    lines(document.getElementById(e.id + '-lift'), x, lift, (v) => v == null ? '' : (v >= 0 ? '+' : '') + (v * 100).toFixed(1) + '%', bands);
  }
  for (const f of data.landings) funnel(document.getElementById(f.id), f, colours[0]);
})();`;
