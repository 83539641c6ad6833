// SPDX-License-Identifier: MIT
// The Fanorona Chess half of the page: a game played by clicks on the
// 5 x 9 board (White at the bottom unless the player takes Black), against
// a random or greedy opponent (the library has no chess engine yet) or
// between two people, with undo/redo and import/export. Every rules
// question goes to the library through fanorona.mjs (ChessPosition).
import * as fan from './fanorona.mjs';
import { Board } from './board.mjs';
import { download, readPositionOrRecord, redoToHuman, undoToHuman } from './ui.mjs';

const $ = (id) => document.getElementById(id);
const set = (mask) => new Set(fan.squaresOf(mask));
const colorName = (c) => (c === fan.WHITE ? 'White' : 'Black');
const LETTERS = ['', 'K', 'Q', 'R', 'B', 'N', 'P'];
const NAMES = ['', 'king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const VALUES = [0, 0, 9, 5, 3, 3, 1]; // what the greedy opponent prefers to capture
const OPPONENT_DELAY_MS = 250;        // so a person sees their own move first

const game = {
  pos: null,
  humans: new Set([fan.WHITE]),
  opponent: 'greedy',
  selected: -1,
  hover: -1,
  choice: null,     // {from, to, moves: [{kind, captured, promotion, value}]} while asking
  message: '',
  timer: 0,         // the opponent's pending move
  seed: 1,
};
let board = null;

const name = (pt) => fan.chessPointName(pt);

/** A small seeded generator: the opponent's choices are reproducible per game. */
function random(n) {
  game.seed = (game.seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((game.seed / 2147483648) * n);
}

/** The opponent's move: random, or the most valuable capture (random among equals). */
function opponentMove(pos) {
  const moves = pos.moves().map(fan.chessMoveFields);
  if (moves.length === 0) return null;
  if (game.opponent === 'random') return moves[random(moves.length)];
  const worth = (m) => (m.captured === fan.CHESS_NO_POINT ? 0 : VALUES[pos.piece(m.captured).type]);
  const best = Math.max(...moves.map(worth));
  const top = moves.filter((m) => worth(m) === best);
  return top[random(top.length)];
}

function view() {
  const pos = game.pos;
  const pieces = [], letters = [], names = [];
  for (let pt = 0; pt < fan.CHESS_POINTS; pt++) {
    const p = pos.piece(pt);
    pieces.push(p ? p.color : 0);
    letters.push(p ? LETTERS[p.type] : '');
    names.push(p ? NAMES[p.type] : '');
  }
  const v = { pieces, letters, names, selected: -1, active: -1, arrows: null };
  const n = pos.historyLength;
  if (n > 0) {
    const last = fan.chessMoveFields(pos.historyMove(n - 1));
    v.arrows = [last.from, last.to];
    if (last.captured !== fan.CHESS_NO_POINT) v.gone = new Set([last.captured]);
  }
  const humanTurn = pos.result === fan.ONGOING && game.humans.has(pos.sideToMove) && !game.timer;
  if (game.choice) {
    const c = game.choice;
    v.selected = c.from;
    v.dests = new Set([c.to]);
    const a = c.moves.find((m) => m.kind === fan.CHESS_APPROACH);
    const w = c.moves.find((m) => m.kind === fan.CHESS_WITHDRAWAL);
    if (a && w) { v.previewA = new Set([a.captured]); v.previewW = new Set([w.captured]); }
  } else if (humanTurn) {
    if (game.selected >= 0) {
      v.selected = game.selected;
      v.dests = set(pos.destinations(game.selected));
      if (game.hover >= 0 && v.dests.has(game.hover)) {
        v.preview = new Set(pos.movesFrom(game.selected)
          .filter((m) => m.to === game.hover && m.captured !== fan.CHESS_NO_POINT).map((m) => m.captured));
      }
    }
    v.movable = set(pos.movable);
  }
  return v;
}

function statusText() {
  const pos = game.pos;
  const side = colorName(pos.sideToMove);
  if (pos.result !== fan.ONGOING) {
    const result = fan.resultName(pos.result);
    return `Game over: ${result.charAt(0).toUpperCase()}${result.slice(1)} ` +
      `(${fan.chessReasonName(pos.reason)}${pos.reason <= 2 ? `: ${side} to move` : ''}).`;
  }
  const check = pos.inCheck ? ' (in check)' : '';
  if (game.timer) return `${side}${check} to move: the ${game.opponent} opponent is choosing…`;
  if (game.choice) return 'Choose how this move is played.';
  if (game.selected >= 0) return `${side}${check}: choose where ${name(game.selected)} goes.`;
  return `${side}${check} to move: choose a piece.`;
}

function poolText(pos) {
  const pool = (c) => [fan.QUEEN, fan.ROOK, fan.BISHOP, fan.KNIGHT]
    .flatMap((t) => Array(pos.poolCount(c, t)).fill(LETTERS[t])).join('') || 'empty';
  return `Promotion pools: White ${pool(fan.WHITE)}, Black ${pool(fan.BLACK)}.`;
}

function render() {
  const pos = game.pos;
  board.render(view());
  const main = $('chess-main');
  $('chess-status').textContent = game.message ? `${game.message} ${statusText()}` : statusText();
  main.dataset.side = pos.sideToMove === fan.WHITE ? 'w' : 'b';
  main.dataset.result = String(pos.result);
  main.dataset.thinking = String(Boolean(game.timer));
  $('chess-position').value = pos.toString();
  $('chess-pools').textContent = poolText(pos);
  const box = $('chess-choice');
  box.hidden = !game.choice;
  if (game.choice) {
    const c = game.choice;
    $('chess-choice-text').textContent = `${name(c.from)}-${name(c.to)}:`;
    const buttons = c.moves.map((m) => {
      const b = document.createElement('button');
      b.type = 'button';
      const parts = [];
      if (m.kind === fan.CHESS_APPROACH) { parts.push('Approach'); b.className = 'approach'; b.dataset.kind = 'A'; }
      if (m.kind === fan.CHESS_WITHDRAWAL) { parts.push('Withdrawal'); b.className = 'withdrawal'; b.dataset.kind = 'W'; }
      if (m.captured !== fan.CHESS_NO_POINT) parts.push(`takes ${name(m.captured)}`);
      if (m.promotion) { parts.push(`= ${NAMES[m.promotion]}`); b.dataset.promotion = LETTERS[m.promotion]; }
      b.textContent = parts.join(' ');
      b.addEventListener('click', () => playMove(m.value));
      return b;
    });
    $('chess-choice-buttons').replaceChildren(...buttons);
  }
  // The notation of each move needs the position it was played in: replayed on a copy.
  const moves = $('chess-moves');
  const items = [];
  const n = pos.historyLength;
  if (n > 0) {
    const replay = pos.clone();
    try {
      for (let i = 0; i < n; i++) replay.undo();
      for (let i = 0; i < n; i++) {
        const li = document.createElement('li');
        li.textContent = replay.moveToString(pos.historyMove(i));
        items.push(li);
        replay.redo();
      }
    } finally {
      replay.free();
    }
  }
  moves.replaceChildren(...items);
  moves.scrollTop = moves.scrollHeight;
}

function changed() {
  game.selected = -1;
  game.choice = null;
  render();
  maybeOpponent();
}

function maybeOpponent() {
  const pos = game.pos;
  if (pos.result !== fan.ONGOING || game.humans.has(pos.sideToMove) || game.timer) return;
  game.timer = setTimeout(() => {
    game.timer = 0;
    const m = opponentMove(game.pos);
    if (m) {
      game.message = `The ${game.opponent} opponent played ${game.pos.moveToString(m.value)}.`;
      game.pos.play(m.value);
    }
    changed();
  }, OPPONENT_DELAY_MS);
  render();
}

function stopOpponent() {
  if (game.timer) clearTimeout(game.timer);
  game.timer = 0;
}

function playMove(value) {
  try {
    game.pos.play(value);
    game.message = '';
  } catch (e) {
    game.message = `${e.message}.`;
  }
  changed();
}

function playPoints(from, to) {
  const pos = game.pos;
  try {
    pos.playPoints(from, to);
  } catch (e) {
    if (e.code === fan.E.AMBIGUOUS) {
      game.choice = { from, to, moves: pos.movesFrom(from).filter((m) => m.to === to) };
      game.message = '';
      render();
      $('chess-choice-buttons').firstChild?.focus();
      return;
    }
    game.message = `${pos.explain(from, to) || e.message}.`;
    render();
    return;
  }
  game.message = '';
  changed();
}

function activate(pt) {
  const pos = game.pos;
  if (game.timer || pos.result !== fan.ONGOING || !game.humans.has(pos.sideToMove) || game.choice) return;
  if (game.selected >= 0 && set(pos.destinations(game.selected)).has(pt)) {
    playPoints(game.selected, pt);
    return;
  }
  const p = pos.piece(pt);
  if (set(pos.movable).has(pt)) {
    game.selected = game.selected === pt ? -1 : pt;
    game.message = '';
  } else if (p && p.color === pos.sideToMove) {
    game.message = `The ${NAMES[p.type]} on ${name(pt)} has no legal move.`;
  } else if (game.selected >= 0) {
    game.message = `${pos.explain(game.selected, pt)}.`;
  }
  render();
}

function undo() {
  const pos = game.pos;
  stopOpponent();
  try {
    pos.undo();
    undoToHuman(pos, game.humans); // against the opponent its reply goes too
    game.message = '';
  } catch (e) {
    game.message = `${e.message}.`;
  }
  game.selected = -1;
  game.choice = null;
  render();
  if (pos.historyLength === 0) maybeOpponent();
}

function redo() {
  const pos = game.pos;
  if (game.timer) return;
  try {
    pos.redo();
    redoToHuman(pos, game.humans);
    game.message = '';
  } catch (e) {
    if (e.code !== fan.E.NOHISTORY || game.humans.has(pos.sideToMove)) game.message = `${e.message}.`;
  }
  changed();
}

function typedMove(text) {
  const pos = game.pos;
  if (game.timer || !game.humans.has(pos.sideToMove)) {
    game.message = 'Not your move.';
    render();
    return false;
  }
  try {
    pos.play(pos.parseMove(text));
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
  stopOpponent();
  if (game.pos) game.pos.free();
  game.pos = pos;
  game.message = '';
  game.seed = 1;
  const side = Number($('chess-side').value);
  game.humans = side === 0 ? new Set([fan.WHITE, fan.BLACK]) : new Set([side]);
  game.opponent = $('chess-opponent').value;
  board.setFlipped(side === fan.BLACK);
  changed();
}

function importText() {
  const text = $('chess-io').value.trim();
  let pos;
  try {
    pos = readPositionOrRecord(text, fan.ChessPosition.fromString, fan.ChessPosition.fromRecord);
  } catch (e) {
    $('chess-io-message').textContent = `Not imported: ${e.message} (at byte ${e.offset}).`;
    return;
  }
  $('chess-io-message').textContent = 'Imported.';
  newGame(pos);
}

function saveSvg() {
  const pos = game.pos, n = pos.historyLength;
  const picture = pos.svg(0n, n > 0 ? pos.historyMove(n - 1) : null);
  download(picture, 'image/svg+xml', 'fanorona-chess.svg');
  $('chess-io-message').textContent = 'Picture saved as fanorona-chess.svg.';
}

/** Sets up the chess half; the library must be loaded (fan.init()). */
export function setupChess() {
  board = new Board($('chess-board'), {
    cols: fan.CHESS_FILES, rows: fan.CHESS_RANKS,
    onActivate: activate,
    onHover: (pt) => { if (game.hover !== pt) { game.hover = pt; board.render(view()); } },
  });
  $('chess-new-game').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGame(fan.ChessPosition.start());
  });
  $('chess-undo').addEventListener('click', undo);
  $('chess-redo').addEventListener('click', redo);
  $('chess-choice-cancel').addEventListener('click', () => { game.choice = null; game.selected = -1; render(); });
  $('chess-move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (typedMove($('chess-move-input').value)) $('chess-move-input').value = '';
  });
  $('chess-import').addEventListener('click', importText);
  $('chess-export-position').addEventListener('click', () => {
    $('chess-io').value = game.pos.toString();
    $('chess-io-message').textContent = 'Position string exported.';
  });
  $('chess-export-record').addEventListener('click', () => {
    $('chess-io').value = game.pos.record();
    $('chess-io-message').textContent = 'Game record exported.';
  });
  $('chess-export-svg').addEventListener('click', saveSvg);
  document.addEventListener('keydown', (ev) => {
    if (!game.choice || ev.target.tagName === 'INPUT' || $('chess-main').hidden) return;
    if (ev.key === 'Escape') { game.choice = null; game.selected = -1; render(); }
    // A and W pick a mode where that is the only question (a promotion is a button).
    const kind = { a: 'A', w: 'W' }[ev.key.toLowerCase()];
    const only = kind && $('chess-choice-buttons').querySelectorAll(`button[data-kind="${kind}"]`);
    if (only && only.length === 1) only[0].click();
  });
  newGame(fan.ChessPosition.start());
}
