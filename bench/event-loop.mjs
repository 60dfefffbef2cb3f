// Preloaded into the server by the bench (node --import) when BENCH_EVENT_LOOP_FILE is set: measures
// the event-loop delay and the garbage collector's pauses. On SIGUSR2 it writes the figures since
// the previous signal to that file and starts again, so the bench reads them page by page.
import fs from 'node:fs'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

const file = process.env.BENCH_EVENT_LOOP_FILE
// --import runs in the embedded database's worker thread too: the server's own thread is measured.
if (file && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  let gc = { count: 0, totalMs: 0, maxMs: 0 }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1
      gc.totalMs += entry.duration
      gc.maxMs = Math.max(gc.maxMs, entry.duration)
    }
  }).observe({ entryTypes: ['gc'] })
  const ms = (ns) => Math.round(ns / 1e4) / 100
  process.on('SIGUSR2', () => {
    const figures = {
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      mean: ms(delay.mean),
      gc: {
        count: gc.count,
        totalMs: Math.round(gc.totalMs),
        maxMs: Math.round(gc.maxMs * 10) / 10,
      },
    }
    fs.writeFileSync(file, JSON.stringify(figures))
    delay.reset()
    gc = { count: 0, totalMs: 0, maxMs: 0 }
  })
}
