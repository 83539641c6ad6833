// SPDX-License-Identifier: MIT
// perft of the WebAssembly build under node, for comparison with the native
// library (web/perft-check.sh runs both):
//   node web/perft.mjs SITE_DIR DEPTH [stop|must] [RUNS]
// prints "nodes N", "time MS" (wall clock) and "cpu MS" (the process's
// processor time): the best of RUNS (default 1) counts, loading excluded.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [site, depthText, rulesText = 'stop', runsText = '1'] = process.argv.slice(2);
if (!site || !/^[0-9]+$/.test(depthText ?? '') || !['stop', 'must'].includes(rulesText)) {
  console.error('usage: node web/perft.mjs SITE_DIR DEPTH [stop|must] [RUNS]');
  process.exit(2);
}
const dir = resolve(site);
const fan = await import(pathToFileURL(join(dir, 'fanorona.mjs')).href);
await fan.init({ wasmBinary: readFileSync(join(dir, 'fanorona-wasm.wasm')) });
const pos = fan.Position.start(rulesText === 'must' ? fan.RULES_MUST : fan.RULES_STOP);
let nodes = 0n, ms = Infinity, cpu = Infinity;
for (let run = 0; run < Math.max(1, Number(runsText) || 1); run++) {
  const t0 = performance.now(), c0 = process.cpuUsage();
  nodes = pos.perft(Number(depthText));
  const c = process.cpuUsage(c0);
  ms = Math.min(ms, performance.now() - t0);
  cpu = Math.min(cpu, (c.user + c.system) / 1000);
}
pos.free();
console.log(`nodes ${nodes}`);
console.log(`time ${ms.toFixed(0)}`);
console.log(`cpu ${cpu.toFixed(0)}`);
