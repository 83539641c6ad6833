// SPDX-License-Identifier: MIT
// The engine in a module Web Worker, so a search never blocks the page.
// Messages in:  {type: 'search', id, record, fen, limits} (the game record
//               keeps the history for repetitions; fen is the fallback)
//               {type: 'clear'} (a new game: forget the table)
// Messages out: {type: 'ready', version}
//               {type: 'line', id, line}   after each completed depth
//               {type: 'done', id, result} the best line
//               {type: 'error', id, message}
// A line/result: {best (BigInt), bestText, score, scoreText, depth, nodes,
// timeMs, line, pvText}. To stop a search the page ends the worker.
import * as fan from './fanorona.mjs';

const queue = [];
let search = null;

function describe(pos, r) {
  const walk = pos.clone(), moves = [];
  try {
    for (const t of r.pv) { moves.push(walk.turnToString(t)); walk.playTurn(t); }
  } catch { /* a line cut short by the end of the game */ } finally { walk.free(); }
  return { ...r, bestText: moves[0] ?? '', pvText: moves.join(' '), scoreText: fan.scoreText(r.score) };
}

function openPosition(msg) {
  if (msg.record) {
    try { return fan.Position.fromRecord(msg.record); } catch { /* use the string */ }
  }
  return fan.Position.fromString(msg.fen);
}

function handle(msg) {
  if (msg.type === 'clear') { search.clear(); return; }
  if (msg.type !== 'search') return;
  let pos = null;
  try {
    pos = openPosition(msg);
    const best = search.run(pos, msg.limits, (line) => {
      postMessage({ type: 'line', id: msg.id, line: describe(pos, line) });
      return false;
    });
    postMessage({ type: 'done', id: msg.id, result: describe(pos, best) });
  } catch (e) {
    postMessage({ type: 'error', id: msg.id, message: e.message });
  } finally {
    if (pos) pos.free();
  }
}

self.onmessage = (ev) => {
  queue.push(ev.data);
  if (search) while (queue.length) handle(queue.shift());
};

try {
  const version = await fan.init();
  search = new fan.Search(16);
  postMessage({ type: 'ready', version });
  while (queue.length) handle(queue.shift());
} catch (e) {
  postMessage({ type: 'error', id: -1, message: `the engine could not start: ${e.message}` });
}
