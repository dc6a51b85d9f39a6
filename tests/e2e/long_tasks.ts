import { Page } from '@playwright/test';

// What the budget specs share (budgets.spec.ts, zoom.spec.ts, profile.spec.ts): the page's long
// tasks as a 'longtask' observer sees them, at issue 19's 4× CPU throttle, and the main thread
// of a Chromium trace.

declare global {
  interface Window { sarissaLongTasks: { start: number; duration: number }[] }
}

/// Records every long task of the pages to come in `window.sarissaLongTasks`, and throttles the
/// CPU 4× (CDP).
export async function throttled(page: Page) {
  await page.addInitScript(() => {
    window.sarissaLongTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.sarissaLongTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

export type TraceEvent = { name: string; cat: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: any };

/// The page's main thread: the renderer thread with the most RunTask time.
export function mainThread(events: TraceEvent[]) {
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'RunTask' && names.some((n) => n.pid === e.pid && n.tid === e.tid)) {
      const k = `${e.pid}:${e.tid}`;
      busy.set(k, (busy.get(k) ?? 0) + (e.dur ?? 0));
    }
  }
  const [best] = [...busy.entries()].sort((a, b) => b[1] - a[1]);
  const [pid, tid] = best[0].split(':').map(Number);
  return { pid, tid };
}
