// SPDX-License-Identifier: MIT
// The page: a game of Fanorona played on the board one step at a time,
// against the engine (in a Web Worker) or between two people, with an
// analysis panel and import/export. Every rules question goes to the
// library through fanorona.mjs.
import * as fan from './fanorona.mjs';
import { Board, squareLabel } from './board.mjs';
import { setupChess } from './chess-page.mjs';
import { download, readPositionOrRecord, redoToHuman, undoToHuman } from './ui.mjs';

const $ = (id) => document.getElementById(id);
const set = (mask) => new Set(fan.squaresOf(mask));
const colorName = (c) => (c === fan.WHITE ? 'White' : 'Black');

const game = {
  pos: null,
  humans: new Set([fan.WHITE]), // the sides played on this page
  level: 5,
  thinkMs: 1000,
  selected: -1,          // the piece chosen at the start of a turn
  hover: -1,             // the point under the pointer or the focus
  choice: null,          // {from, to, approach, withdrawal} while asking
  message: '',
  seed: 1,
};

// ---- workers: one for the game's engine, one for the analysis ----

class EngineWorker {
  constructor(onLine, onDone, onError) {
    this.handlers = { onLine, onDone, onError };
    this.id = 0;
    this.busy = false;
    this.#spawn();
  }
  #spawn() {
    this.worker = new Worker(new URL('./engine-worker.mjs', import.meta.url), { type: 'module' });
    this.worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.type === 'ready' || m.id !== this.id) return;
      if (m.type === 'line') this.handlers.onLine(m.line);
      if (m.type === 'done') { this.busy = false; this.handlers.onDone(m.result); }
      if (m.type === 'error') { this.busy = false; this.handlers.onError(m.message); }
    };
    this.worker.onerror = (ev) => { this.busy = false; this.handlers.onError(ev.message || 'worker failed'); };
  }
  start(pos, limits) {
    if (this.busy) this.cancel();
    this.id++;
    this.busy = true;
    this.worker.postMessage({ type: 'search', id: this.id, record: pos.record(), fen: pos.toString(), limits });
  }
  /** Stops a search by ending its worker (a search cannot be interrupted otherwise). */
  cancel() {
    if (!this.busy) return;
    this.worker.terminate();
    this.busy = false;
    this.id++;
    this.#spawn();
  }
  clear() { if (!this.busy) this.worker.postMessage({ type: 'clear' }); }
}

let engine = null, analyst = null, board = null;
let engineStart = 0, engineFen = '';

// ---- what the board shows ----

function view() {
  const pos = game.pos;
  const pieces = [];
  for (let sq = 0; sq < fan.SQUARES; sq++) pieces.push(pos.piece(sq));
  const v = { pieces, selected: -1, active: -1, arrows: null };
  const humanTurn = pos.result === fan.ONGOING && game.humans.has(pos.sideToMove) && !engine.busy;
  if (pos.inChain) {
    v.active = pos.activePiece;
    v.visited = set(pos.visited);
    const chain = pos.chainPath;
    v.arrows = [chain.from, ...chain.to];
    v.gone = set(pos.chainCaptured);
  } else if (pos.historyLength > 0) {
    const last = pos.historyPath(pos.historyLength - 1);
    v.arrows = [last.from, ...last.to];
    v.gone = set(last.captured);
  }
  if (game.choice) {
    v.selected = game.choice.from;
    v.dests = new Set([game.choice.to]);
    v.previewA = set(game.choice.approach.captures);
    v.previewW = set(game.choice.withdrawal.captures);
  } else if (humanTurn) {
    const from = pos.inChain ? v.active : game.selected;
    if (from >= 0) {
      v.selected = from;
      v.dests = set(pos.destinations(from));
      if (game.hover >= 0 && v.dests.has(game.hover)) {
        const caps = pos.steps().filter((s) => s.from === from && s.to === game.hover);
        v.preview = set(caps.reduce((m, s) => m | s.captures, 0n));
      }
    }
    if (!pos.inChain) v.movable = set(pos.movable);
  }
  return v;
}

function statusText() {
  const pos = game.pos;
  const side = colorName(pos.sideToMove);
  if (pos.result !== fan.ONGOING) {
    const result = fan.resultName(pos.result);
    const reason = fan.reasonName(pos.reason).replace('the player to move', `${side}, the player to move,`);
    return `Game over: ${result.charAt(0).toUpperCase()}${result.slice(1)} (${reason}).`;
  }
  if (engine.busy) return `${side} to move: the engine is thinking…`;
  if (game.choice) return 'This step can capture by approach or by withdrawal: choose a group.';
  if (pos.inChain)
    return `${side} continues the capture with ${squareLabel(pos.activePiece)}` +
      (pos.canEndTurn ? ', or ends the turn.' : '.');
  if (game.selected >= 0) return `${side}: choose where ${squareLabel(game.selected)} goes.`;
  return `${side} to move${pos.mustCapture ? ' (a capture is compulsory)' : ''}: choose a piece.`;
}

function render() {
  const pos = game.pos;
  board.render(view());
  $('status').textContent = game.message ? `${game.message} ${statusText()}` : statusText();
  document.body.dataset.side = pos.sideToMove === fan.WHITE ? 'w' : 'b';
  document.body.dataset.result = String(pos.result);
  document.body.dataset.chain = String(pos.inChain);
  $('position').value = pos.toString();
  $('end-turn').disabled = !(pos.canEndTurn && game.humans.has(pos.sideToMove));
  const choice = $('choice');
  choice.hidden = !game.choice;
  if (game.choice) {
    const names = (s) => fan.squaresOf(s.captures).map(squareLabel).join(', ');
    $('choice-text').textContent =
      `${squareLabel(game.choice.from)}-${squareLabel(game.choice.to)} captures either group:`;
    $('choose-approach').textContent = `Approach: ${names(game.choice.approach)}`;
    $('choose-withdrawal').textContent = `Withdrawal: ${names(game.choice.withdrawal)}`;
  }
  const moves = $('moves');
  moves.replaceChildren();
  for (let i = 0; i < pos.historyLength; i++) {
    const li = document.createElement('li');
    li.textContent = fan.pathToString(pos.historyPath(i));
    moves.appendChild(li);
  }
  if (pos.inChain) {
    const li = document.createElement('li');
    li.textContent = fan.pathToString(pos.chainPath) + ' …';
    moves.appendChild(li);
  }
  moves.scrollTop = moves.scrollHeight;
  const es = $('engine-state');
  es.dataset.thinking = String(engine.busy);
  es.textContent = engine.busy ? `Engine (level ${game.level}) thinking…`
    : game.humans.size === 2 ? 'No engine: two players' : `Engine (level ${game.level}) waiting`;
}

// ---- playing ----

/** After any change of the position: the engine's turn, the analysis, the view. */
function changed() {
  game.selected = -1;
  game.choice = null;
  render();
  maybeEngine();
  analyse();
}

function maybeEngine() {
  const pos = game.pos;
  if (pos.result !== fan.ONGOING || game.humans.has(pos.sideToMove) || engine.busy) return;
  engineStart = performance.now();
  engineFen = pos.toString();
  engine.start(pos, { level: game.level, timeMs: game.thinkMs, seed: game.seed++ });
  document.body.dataset.thinking = 'true';
  render();
}

function engineDone(result) {
  document.body.dataset.thinking = 'false';
  const pos = game.pos;
  if (pos.toString() !== engineFen) return; // the game moved on meanwhile
  const ms = Math.round(performance.now() - engineStart);
  try {
    pos.playTurn(result.best);
    game.message = `Engine played ${result.bestText} (depth ${result.depth}, ${result.scoreText}, ${ms} ms).`;
    document.body.dataset.engineMs = String(ms);
  } catch (e) {
    game.message = `The engine's turn was refused: ${e.message}.`;
  }
  changed();
}

function engineError(message) {
  document.body.dataset.thinking = 'false';
  game.message = `Engine error: ${message}.`;
  render();
}

function playStep(from, to, kind) {
  const pos = game.pos;
  try {
    pos.playStep(from, to, kind);
  } catch (e) {
    if (e.code === fan.E.AMBIGUOUS) {
      const steps = pos.steps().filter((s) => s.from === from && s.to === to);
      game.choice = {
        from, to,
        approach: steps.find((s) => s.kind === fan.STEP_APPROACH),
        withdrawal: steps.find((s) => s.kind === fan.STEP_WITHDRAWAL),
      };
      game.message = '';
      render();
      $('choose-approach').focus();
      return;
    }
    game.message = `${e.message}.`;
    render();
    return;
  }
  game.message = '';
  changed();
}

function activate(sq) {
  const pos = game.pos;
  if (engine.busy) {
    game.message = `${squareLabel(sq)}: wait, the engine is thinking.`;
    render();
    return;
  }
  if (pos.result !== fan.ONGOING || !game.humans.has(pos.sideToMove)) return;
  if (game.choice) {
    const c = game.choice;
    if (set(c.approach.captures).has(sq)) choose(fan.STEP_APPROACH);
    else if (set(c.withdrawal.captures).has(sq)) choose(fan.STEP_WITHDRAWAL);
    return;
  }
  const from = pos.inChain ? pos.activePiece : game.selected;
  if (from >= 0 && set(pos.destinations(from)).has(sq)) {
    playStep(from, sq, fan.STEP_ANY);
    return;
  }
  if (!pos.inChain && set(pos.movable).has(sq)) {
    game.selected = game.selected === sq ? -1 : sq;
    game.message = '';
  } else if (!pos.inChain && pos.piece(sq) === pos.sideToMove) {
    game.message = `${squareLabel(sq)} cannot move now` +
      (pos.mustCapture ? ': a capture is compulsory.' : '.');
  } else if (pos.inChain) {
    game.message = `${squareLabel(sq)} does not continue the chain.`;
  }
  render();
}

function choose(kind) {
  const c = game.choice;
  game.choice = null;
  if (c) playStep(c.from, c.to, kind);
}

function cancelChoice() {
  game.choice = null;
  game.selected = -1;
  render();
}

function humanUndo() {
  const pos = game.pos;
  engine.cancel();
  document.body.dataset.thinking = 'false';
  try {
    const wasChain = pos.inChain;
    pos.undo();
    // Against the engine, its reply goes too: back to a turn of ours.
    if (!wasChain) undoToHuman(pos, game.humans);
    game.message = '';
  } catch (e) {
    game.message = `${e.message}.`;
  }
  game.selected = -1;
  game.choice = null;
  render();
  analyse();
  if (pos.historyLength === 0) maybeEngine();
}

function humanRedo() {
  const pos = game.pos;
  if (engine.busy) return;
  try {
    pos.redo();
    redoToHuman(pos, game.humans);
    game.message = '';
  } catch (e) {
    if (e.code !== fan.E.NOHISTORY || game.humans.has(pos.sideToMove)) game.message = `${e.message}.`;
  }
  changed();
}

function endTurn() {
  try { game.pos.endTurn(); game.message = ''; } catch (e) { game.message = `${e.message}.`; }
  changed();
}

function typedTurn(text) {
  const pos = game.pos;
  if (engine.busy || !game.humans.has(pos.sideToMove)) {
    game.message = 'Not your turn.';
    render();
    return false;
  }
  try {
    pos.playPath(pos.parsePath(text));
  } catch (e) {
    game.message = `${text}: ${e.message}.`;
    render();
    return false;
  }
  game.message = '';
  changed();
  return true;
}

function newGame(pos) {
  engine.cancel();
  analyst.cancel();
  engine.clear();
  document.body.dataset.thinking = 'false';
  delete document.body.dataset.engineMs;
  if (game.pos) game.pos.free();
  game.pos = pos;
  game.message = '';
  const side = Number($('side').value);
  game.humans = side === 0 ? new Set([fan.WHITE, fan.BLACK]) : new Set([side]);
  board.setFlipped(side === fan.BLACK);
  game.level = Number($('level').value);
  game.thinkMs = Math.max(50, Number($('think-ms').value) || 1000);
  changed();
}

// ---- analysis ----

function analyse() {
  analyst.cancel();
  $('lines').replaceChildren();
  if (!$('analyse').checked || game.pos.result !== fan.ONGOING) return;
  analyst.lines = [];
  analyst.start(game.pos, { multipv: Number($('multipv').value),
                            timeMs: Math.max(100, Number($('analysis-ms').value) || 3000) });
  $('analysis').dataset.running = 'true';
}

function showLine(line) {
  analyst.lines[line.line - 1] = line;
  const body = $('lines');
  body.replaceChildren();
  for (const l of analyst.lines.filter(Boolean)) {
    const tr = document.createElement('tr');
    for (const text of [l.line, l.depth, l.scoreText]) {
      const td = document.createElement('td');
      td.textContent = String(text);
      tr.appendChild(td);
    }
    const pv = document.createElement('td');
    for (const move of l.pvText.split(' ')) { // a turn is never split over lines
      const span = document.createElement('span');
      span.textContent = move;
      pv.append(span);
    }
    tr.appendChild(pv);
    body.appendChild(tr);
  }
}

// ---- import / export ----

function importText() {
  const text = $('io').value.trim();
  let pos;
  try {
    pos = readPositionOrRecord(text, (t) => fan.Position.fromString(t, Number($('rules').value)),
                               fan.Position.fromRecord);
  } catch (e) {
    $('io-message').textContent = `Not imported: ${e.message} (at byte ${e.offset}).`;
    return;
  }
  $('io-message').textContent = 'Imported.';
  newGame(pos);
}

/** The library's own picture of the position, the last turn drawn on it. */
function saveSvg() {
  const pos = game.pos;
  const last = pos.inChain ? pos.chainPath
    : pos.historyLength > 0 ? pos.historyPath(pos.historyLength - 1) : null;
  const picture = pos.svg(0n, last && last.length ? last : null);
  download(picture, 'image/svg+xml', 'fanorona.svg');
  $('io-message').textContent = 'Picture saved as fanorona.svg.';
}

// ---- start ----

async function main() {
  const version = await fan.init();
  $('version').textContent = version;
  for (let l = 1; l <= 10; l++) {
    const o = document.createElement('option');
    o.value = o.textContent = String(l);
    if (l === 5) o.selected = true;
    $('level').appendChild(o);
  }
  board = new Board($('board'), {
    onActivate: activate,
    onHover: (sq) => { if (game.hover !== sq) { game.hover = sq; board.render(view()); } },
  });
  engine = new EngineWorker(() => {}, engineDone, engineError);
  analyst = new EngineWorker((l) => showLine(l), (r) => { showLine(r); $('analysis').dataset.running = 'false'; },
                             (m) => { $('io-message').textContent = `Analysis: ${m}`; });
  analyst.lines = [];
  $('new-game').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGame(fan.Position.start(Number($('rules').value)));
  });
  $('end-turn').addEventListener('click', endTurn);
  $('undo').addEventListener('click', humanUndo);
  $('redo').addEventListener('click', humanRedo);
  $('choose-approach').addEventListener('click', () => choose(fan.STEP_APPROACH));
  $('choose-withdrawal').addEventListener('click', () => choose(fan.STEP_WITHDRAWAL));
  $('choose-cancel').addEventListener('click', cancelChoice);
  $('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (typedTurn($('move-input').value)) $('move-input').value = '';
  });
  $('analyse').addEventListener('change', analyse);
  $('multipv').addEventListener('change', analyse);
  $('import').addEventListener('click', importText);
  $('export-position').addEventListener('click', () => { $('io').value = game.pos.toString(); $('io-message').textContent = 'Position string exported.'; });
  $('export-record').addEventListener('click', () => { $('io').value = game.pos.record(); $('io-message').textContent = 'Game record exported.'; });
  $('export-svg').addEventListener('click', saveSvg);
  document.addEventListener('keydown', (ev) => {
    if (!game.choice || ev.target.tagName === 'INPUT' || $('fanorona-main').hidden) return;
    if (ev.key === 'a' || ev.key === 'A') choose(fan.STEP_APPROACH);
    if (ev.key === 'w' || ev.key === 'W') choose(fan.STEP_WITHDRAWAL);
    if (ev.key === 'Escape') cancelChoice();
  });
  newGame(fan.Position.start(fan.RULES_STOP));
  setupChess();
  const showGame = () => {
    const chess = $('game-kind').value === 'chess';
    $('fanorona-main').hidden = chess;
    $('chess-main').hidden = !chess;
    document.body.dataset.game = chess ? 'chess' : 'fanorona';
    document.querySelector('header h1').textContent = chess ? 'Fanorona Chess' : 'Fanorona';
  };
  $('game-kind').addEventListener('change', showGame);
  showGame();
  document.body.dataset.ready = 'true';
}

main().catch((e) => {
  $('status').textContent = `The library could not be loaded: ${e.message}`;
  document.body.dataset.ready = 'error';
});
