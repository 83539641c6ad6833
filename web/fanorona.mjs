// SPDX-License-Identifier: MIT
// The one JS module that calls libfanorona (compiled to WebAssembly by
// web/build.sh). Everything else on the page, in the worker and in the
// tests goes through the classes here, so a change of the public C API
// is adapted in this file alone.
//
// Conventions: squares are numbers 0..44, square sets are BigInt masks,
// complete turns (fan_turn) are BigInt. A refused call throws FanError
// with the library's code and message and changes nothing.

import createFanoronaWasm from './fanorona-wasm.mjs';

let M = null; // the emscripten module, once loaded

export const SQUARES = 45;
export const COLUMNS = 9;
export const ROWS = 5;
export const EMPTY = 0, WHITE = 1, BLACK = 2;
export const RULES_STOP = 0, RULES_MUST = 1;
export const STEP_ANY = 0, STEP_PAIKA = 1, STEP_APPROACH = 2, STEP_WITHDRAWAL = 3;
export const ONGOING = 0, WHITE_WINS = 1, BLACK_WINS = 2, DRAW = 3;
export const COUNT_UNIQUE = 0, COUNT_PATHS = 1;
export const E = {
  OK: 0, INVAL: -1, RANGE: -2, ILLEGAL: -3, AMBIGUOUS: -4, GAMEOVER: -5,
  NOMEM: -6, BUFS: -7, PARSE: -8, NOHISTORY: -9, STATE: -10, POSITION: -11,
};
export const SCORE_WIN = 30000;
const SCORE_DECISIVE_TURNS = 1000;

const STEP_SIZE = 16, PATH_SIZE = 64, PATH_MAX = 24, STEPS_MAX = 352;
const PARSE_ERROR_SIZE = 128, OPTIONS_SIZE = 12, LIMITS_SIZE = 64, RESULT_SIZE = 560;
const POSITION_STRING_MAX = 256, PATH_STRING_MAX = 100, STEP_STRING_MAX = 8;
const RECORD_STRING_MAX = 45000, SVG_MAX = 32768;

/** An error returned by the library: code (E.*), message, offset (parsers). */
export class FanError extends Error {
  constructor(code, message, offset = -1) {
    super(message);
    this.name = 'FanError';
    this.code = code;
    this.offset = offset;
  }
}

/**
 * Loads the WebAssembly module. options.wasmBinary (bytes) avoids a fetch,
 * for node. Resolves to the library's version string.
 */
export async function init(options = {}) {
  if (!M)
    M = await createFanoronaWasm(options);
  return M.UTF8ToString(M._fan_version_string());
}

function dv() { return new DataView(M.HEAPU8.buffer); }

function strerror(code) { return M.UTF8ToString(M._fan_strerror(code)); }

function check(r) {
  if (r < 0)
    throw new FanError(r, strerror(r));
  return r;
}

/** Runs fn(ptr) with size zeroed bytes of scratch memory, freed after. */
function withMem(size, fn) {
  const p = M._malloc(size);
  if (!p)
    throw new FanError(E.NOMEM, strerror(E.NOMEM));
  M.HEAPU8.fill(0, p, p + size);
  try { return fn(p); } finally { M._free(p); }
}

function withString(text, fn) {
  const bytes = new TextEncoder().encode(String(text));
  return withMem(bytes.length + 1, (p) => { M.HEAPU8.set(bytes, p); return fn(p); });
}

/** Calls a (buf, size, needed, ...) writer and returns its text. */
function writeText(max, call) {
  return withMem(max, (p) => { check(call(p, max)); return M.UTF8ToString(p); });
}

function u64(p) { return dv().getBigUint64(p, true); }
function i32(p) { return dv().getInt32(p, true); }

function parseFailure(r, errp) {
  const d = dv();
  return new FanError(r, M.UTF8ToString(errp + 8) || strerror(r), d.getUint32(errp, true));
}

/**
 * Calls parse(out, text, error) with size bytes for out and a
 * fan_parse_error; read(out) gives the value. A refusal throws FanError
 * with the parser's message and offset.
 */
function parsed(size, text, parse, read) {
  return withMem(size + PARSE_ERROR_SIZE, (p) => {
    const ep = p + size;
    const r = withString(text, (tp) => parse(p, tp, ep));
    if (r < 0) throw parseFailure(r, ep);
    return read(p);
  });
}

function readStep(p) {
  const h = M.HEAPU8;
  return { captures: u64(p), from: h[p + 8], to: h[p + 9], kind: h[p + 10], direction: h[p + 11] };
}

function readPath(p) {
  const h = M.HEAPU8, n = h[p + 9];
  const to = [], kind = [];
  for (let i = 0; i < n; i++) { to.push(h[p + 16 + i]); kind.push(h[p + 40 + i]); }
  return { captured: u64(p), from: h[p + 8], length: n, to, kind };
}

function writePath(p, path) {
  const d = dv();
  d.setBigUint64(p, BigInt(path.captured ?? 0n), true);
  M.HEAPU8[p + 8] = path.from;
  M.HEAPU8[p + 9] = path.to.length;
  path.to.forEach((t, i) => { M.HEAPU8[p + 16 + i] = t; M.HEAPU8[p + 40 + i] = path.kind[i]; });
}

/** The squares of a mask, ascending. */
export function squaresOf(mask) {
  const out = [];
  for (let s = 0; s < SQUARES; s++)
    if ((BigInt(mask) >> BigInt(s)) & 1n) out.push(s);
  return out;
}

export function maskOf(squares) {
  let m = 0n;
  for (const s of squares) m |= 1n << BigInt(s);
  return m;
}

export function squareName(sq) {
  return withMem(4, (p) => { check(M._fan_square_name(p, 4, 0, sq)); return M.UTF8ToString(p); });
}

export function squareParse(text) {
  return check(withString(text, (p) => M._fan_square_parse(p)));
}

export function resultName(result) { return M.UTF8ToString(M._fan_result_name(result)); }
export function reasonName(reason) { return M.UTF8ToString(M._fan_reason_name(reason)); }
export function errorText(code) { return strerror(code); }

export function stepToString(step) {
  return withMem(STEP_SIZE, (sp) => {
    M.HEAPU8[sp + 8] = step.from; M.HEAPU8[sp + 9] = step.to;
    M.HEAPU8[sp + 10] = step.kind; M.HEAPU8[sp + 11] = step.direction ?? 0;
    return writeText(STEP_STRING_MAX, (b, n) => M._fan_step_to_string(b, n, 0, sp));
  });
}

export function pathToString(path) {
  return withMem(PATH_SIZE, (pp) => {
    writePath(pp, path);
    return writeText(PATH_STRING_MAX, (b, n) => M._fan_path_to_string(b, n, 0, pp));
  });
}

/** A game position (fan_position): board, side to move, chain state, history. */
export class Position {
  constructor(ptr) { this.ptr = ptr; }

  static #made(make) {
    return withMem(4, (pp) => { make(pp); return new Position(dv().getUint32(pp, true)); });
  }

  static start(rules = RULES_STOP) {
    return Position.#made((pp) => check(M._fan_position_new(pp, rules)));
  }

  static custom(white, black, side, rules = RULES_STOP) {
    return Position.#made((pp) =>
      check(M._fan_position_new_custom(pp, BigInt(white), BigInt(black), side, rules)));
  }

  /** Reads a position string (full or short form). */
  static fromString(text, defaultRules = RULES_STOP) {
    return parsed(4, text.trim(), (pp, tp, ep) => M._fan_position_from_string(pp, tp, defaultRules, ep),
                  (pp) => new Position(dv().getUint32(pp, true)));
  }

  /** Reads and replays a game record. */
  static fromRecord(text) {
    return parsed(4, text, (pp, tp, ep) => M._fan_record_read(pp, tp, ep),
                  (pp) => new Position(dv().getUint32(pp, true)));
  }

  clone() { return Position.#made((pp) => check(M._fan_position_clone(pp, this.ptr))); }
  free() { if (this.ptr) M._fan_position_free(this.ptr); this.ptr = 0; }

  piece(sq) { return check(M._fan_position_piece(this.ptr, sq)); }
  pieces(color) {
    return withMem(8, (p) => { check(M._fan_position_pieces(p, this.ptr, color)); return u64(p); });
  }
  get sideToMove() { return check(M._fan_position_side_to_move(this.ptr)); }
  get rules() { return check(M._fan_position_rules(this.ptr)); }
  get turnsPlayed() { return check(M._fan_position_turns_played(this.ptr)); }
  get result() { return check(M._fan_position_result(this.ptr)); }
  get reason() { return check(M._fan_position_result_reason(this.ptr)); }
  get inChain() { return check(M._fan_position_in_chain(this.ptr)) === 1; }
  get canEndTurn() { return check(M._fan_position_can_end_turn(this.ptr)) === 1; }
  get mustCapture() { return check(M._fan_position_must_capture(this.ptr)) === 1; }
  get historyLength() { return check(M._fan_position_history_length(this.ptr)); }
  get activePiece() {
    return withMem(4, (p) => { check(M._fan_position_active_piece(p, this.ptr)); return i32(p); });
  }
  get lastDirection() {
    return withMem(4, (p) => { check(M._fan_position_last_direction(p, this.ptr)); return i32(p); });
  }
  get visited() {
    return withMem(8, (p) => { check(M._fan_position_visited(p, this.ptr)); return u64(p); });
  }
  get chainCaptured() {
    return withMem(8, (p) => { check(M._fan_position_chain_captured(p, this.ptr)); return u64(p); });
  }
  get chainPath() {
    return withMem(PATH_SIZE, (p) => { check(M._fan_position_chain_path(p, this.ptr)); return readPath(p); });
  }
  get movable() {
    return withMem(8, (p) => { check(M._fan_position_movable(p, this.ptr)); return u64(p); });
  }
  destinations(sq) {
    return withMem(8, (p) => { check(M._fan_position_destinations(p, this.ptr, sq)); return u64(p); });
  }
  equals(other) { return check(M._fan_position_equal(this.ptr, other.ptr)) === 1; }

  /** The legal next steps, each with the mask it captures (the preview). */
  steps() {
    return withMem(STEP_SIZE * STEPS_MAX + 8, (p) => {
      const cp = p + STEP_SIZE * STEPS_MAX;
      check(M._fan_position_steps(p, STEPS_MAX, cp, this.ptr));
      const n = dv().getUint32(cp, true), out = [];
      for (let i = 0; i < n; i++) out.push(readStep(p + i * STEP_SIZE));
      return out;
    });
  }

  /** Plays one step; kind STEP_ANY throws E.AMBIGUOUS where both modes fit. */
  playStep(from, to, kind = STEP_ANY) { check(M._fan_position_play_step(this.ptr, from, to, kind)); }
  endTurn() { check(M._fan_position_end_turn(this.ptr)); }
  undo() { check(M._fan_position_undo(this.ptr)); }
  redo() { check(M._fan_position_redo(this.ptr)); }

  /** The legal complete turns (BigInt fan_turn values). */
  turns() {
    return withMem(8, (cp) => {
      const r = M._fan_position_turns(0, 0, cp, this.ptr); // asks the count
      if (r !== E.BUFS) check(r);
      const n = dv().getUint32(cp, true);
      return withMem(8 * n + 8, (p) => {
        check(M._fan_position_turns(p, n, cp, this.ptr));
        const out = [];
        for (let i = 0; i < n; i++) out.push(u64(p + 8 * i));
        return out;
      });
    });
  }
  playTurn(turn) { check(M._fan_position_play_turn(this.ptr, BigInt(turn))); }
  turnPath(turn) {
    return withMem(PATH_SIZE, (p) => { check(M._fan_position_turn_path(p, this.ptr, BigInt(turn))); return readPath(p); });
  }
  turnToString(turn) {
    return writeText(PATH_STRING_MAX, (b, n) => M._fan_turn_to_string(b, n, 0, this.ptr, BigInt(turn)));
  }
  historyPath(index) {
    return withMem(PATH_SIZE, (p) => { check(M._fan_position_history_path(p, this.ptr, index)); return readPath(p); });
  }
  playPath(path) {
    withMem(PATH_SIZE, (p) => { writePath(p, path); check(M._fan_position_play_path(this.ptr, p)); });
  }

  /** Reads a turn in move notation against this position (a path). */
  parsePath(text) {
    return parsed(PATH_SIZE, text.trim(), (p, tp, ep) => M._fan_position_parse_path(p, this.ptr, tp, ep), readPath);
  }
  parseStep(text) {
    return parsed(STEP_SIZE, text.trim(), (p, tp, ep) => M._fan_position_parse_step(p, this.ptr, tp, ep), readStep);
  }

  /** The full position string. */
  toString() {
    return writeText(POSITION_STRING_MAX, (b, n) => M._fan_position_to_string(b, n, 0, this.ptr));
  }
  /** The game record from where the history begins to now. */
  record() {
    return writeText(RECORD_STRING_MAX, (b, n) => M._fan_record_write(b, n, 0, this.ptr));
  }
  /** The library's own SVG picture. */
  svg(highlight = 0n, path = null, flags = 1) {
    const draw = (pp) => writeText(SVG_MAX, (b, n) =>
      M._fan_position_svg(b, n, 0, this.ptr, BigInt(highlight), pp, flags));
    if (!path) return draw(0);
    return withMem(PATH_SIZE, (pp) => { writePath(pp, path); return draw(pp); });
  }

  /** perft with one thread and no table (the wasm build has no threads). */
  perft(depth, countKind = COUNT_UNIQUE) {
    return withMem(8 + 12, (p) => {
      const o = p + 8;
      check(M._fan_perft_options_init(o)); /* one thread, no table */
      check(M._fan_perft_ex(p, this.ptr, depth, countKind, o));
      return u64(p);
    });
  }
}

/* fan_search_result, version 1 (doc/api.md "What 1.0 promises"). */
function readResult(p) {
  const d = dv(), n = d.getUint32(p + 28, true), pv = [];
  for (let i = 0; i < n; i++) pv.push(d.getBigUint64(p + 48 + 8 * i, true));
  return {
    best: d.getBigUint64(p + 8, true), score: d.getInt32(p + 4, true),
    depth: d.getUint32(p + 16, true), seldepth: d.getUint32(p + 20, true),
    line: d.getUint32(p + 24, true), nodes: Number(d.getBigUint64(p + 32, true)),
    timeMs: Number(d.getBigUint64(p + 40, true)), pv,
  };
}

/** Describes a score for people: "+0.18", "win in 3", "loss in 2". */
export function scoreText(score) {
  if (score > SCORE_WIN - SCORE_DECISIVE_TURNS) return `win in ${SCORE_WIN - score}`;
  if (score < -(SCORE_WIN - SCORE_DECISIVE_TURNS)) return `loss in ${SCORE_WIN + score}`;
  return (score >= 0 ? '+' : '') + (score / 100).toFixed(2);
}

/** A search handle (fan_search): the engine with its own table. */
export class Search {
  constructor(hashMib = 16) {
    this.ptr = withMem(4 + OPTIONS_SIZE, (pp) => {
      const o = pp + 4; /* fan_search_options: one thread, hashMib MiB */
      check(M._fan_search_options_init(o));
      dv().setUint32(o + 8, hashMib, true);
      check(M._fan_search_new(pp, o));
      return dv().getUint32(pp, true);
    });
  }
  free() { if (this.ptr) M._fan_search_free(this.ptr); this.ptr = 0; }
  clear() { check(M._fan_search_clear(this.ptr)); }

  /**
   * Searches pos. limits: {depth, nodes, timeMs, multipv, level, seed}.
   * onLine(result) is called for every line after each completed depth.
   * Returns the best line ({best, score, depth, pv, ...}).
   */
  run(pos, limits = {}, onLine = null) {
    return withMem(LIMITS_SIZE + RESULT_SIZE, (p) => {
      const rp = p + LIMITS_SIZE;
      check(M._fan_search_limits_init(p));
      check(M._fan_search_result_init(rp));
      const d = dv(); /* after the calls: the heap may have grown */
      d.setUint32(p + 4, limits.depth ?? 0, true);
      d.setBigUint64(p + 8, BigInt(limits.nodes ?? 0), true);
      d.setBigUint64(p + 16, BigInt(limits.timeMs ?? 0), true);
      d.setUint32(p + 24, limits.multipv ?? 1, true);
      d.setUint32(p + 28, limits.level ?? 0, true);
      d.setBigUint64(p + 32, BigInt(limits.seed ?? 0), true);
      let fp = 0;
      if (onLine)
        fp = M.addFunction((user, line) => (onLine(readResult(line)) ? 1 : 0), 'iii');
      try {
        check(M._fan_search_run(rp, this.ptr, pos.ptr, p, fp, 0));
      } finally {
        if (fp) M.removeFunction(fp);
      }
      return readResult(rp);
    });
  }
}

// ---- Fanorona Chess (fan_chess, include/fanorona-chess.h) ----
// Points are 0..44 in chess coordinates (file + 5 * rank, a1 = 0), point
// sets BigInt masks, moves the library's uint32 values (plain numbers).

export const CHESS_POINTS = 45, CHESS_FILES = 5, CHESS_RANKS = 9;
export const KING = 1, QUEEN = 2, ROOK = 3, BISHOP = 4, KNIGHT = 5, PAWN = 6;
export const CHESS_ANY = 0, CHESS_PLAIN = 1, CHESS_APPROACH = 2, CHESS_WITHDRAWAL = 3,
  CHESS_KING_KNIGHT = 4;
export const CHESS_NO_POINT = 63;
export const CHOOSE_MODE = 1, CHOOSE_PROMOTION = 2;
const CHESS_MOVES_MAX = 260, CHESS_STRING_MAX = 96, CHESS_MOVE_STRING_MAX = 12;
const CHESS_EXPLAIN_MAX = 160;

/** The fields of a move value (FAN_CHESS_MOVE_* of the header). */
export function chessMoveFields(m) {
  return { from: m & 63, to: (m >>> 6) & 63, kind: (m >>> 12) & 7,
           captured: (m >>> 15) & 63, promotion: (m >>> 21) & 7, value: m >>> 0 };
}

export function chessPointName(pt) {
  return withMem(4, (p) => { check(M._fan_chess_point_name(p, 4, pt)); return M.UTF8ToString(p); });
}
export function chessPointParse(text) {
  return check(withString(text, (p) => M._fan_chess_point_parse(p)));
}
export function chessReasonName(reason) { return M.UTF8ToString(M._fan_chess_reason_name(reason)); }

/** A Fanorona Chess game (fan_chess): position, history, undo/redo. */
export class ChessPosition {
  constructor(ptr) { this.ptr = ptr; }

  static #made(make) {
    return withMem(4, (pp) => { make(pp); return new ChessPosition(dv().getUint32(pp, true)); });
  }
  static start() { return ChessPosition.#made((pp) => check(M._fan_chess_new(pp))); }
  static fromString(text) {
    return parsed(4, text.trim(), (pp, tp, ep) => M._fan_chess_from_string(pp, tp, ep),
                  (pp) => new ChessPosition(dv().getUint32(pp, true)));
  }
  static fromRecord(text) {
    return parsed(4, text, (pp, tp, ep) => M._fan_chess_record_read(pp, tp, ep),
                  (pp) => new ChessPosition(dv().getUint32(pp, true)));
  }
  clone() { return ChessPosition.#made((pp) => check(M._fan_chess_clone(pp, this.ptr))); }
  free() { if (this.ptr) M._fan_chess_free(this.ptr); this.ptr = 0; }

  /** 0 for an empty point, else {color, type}. */
  piece(pt) {
    const p = check(M._fan_chess_piece(this.ptr, pt));
    return p ? { color: p >> 3, type: p & 7 } : null;
  }
  get sideToMove() { return check(M._fan_chess_side_to_move(this.ptr)); }
  get result() { return check(M._fan_chess_result(this.ptr)); }
  get reason() { return check(M._fan_chess_result_reason(this.ptr)); }
  get inCheck() { return check(M._fan_chess_in_check(this.ptr)) === 1; }
  get historyLength() { return check(M._fan_chess_history_length(this.ptr)); }
  get moveNumber() { return check(M._fan_chess_move_number(this.ptr)); }
  get halfmoveClock() { return check(M._fan_chess_halfmove_clock(this.ptr)); }
  poolCount(color, type) { return check(M._fan_chess_pool_count(this.ptr, color, type)); }
  equals(other) { return check(M._fan_chess_equal(this.ptr, other.ptr)) === 1; }

  get movable() {
    return withMem(8, (p) => { check(M._fan_chess_movable(p, this.ptr)); return u64(p); });
  }
  destinations(pt) {
    return withMem(8, (p) => { check(M._fan_chess_destinations(p, this.ptr, pt)); return u64(p); });
  }

  static #list(call) {
    return withMem(4 * CHESS_MOVES_MAX + 8, (p) => {
      const cp = p + 4 * CHESS_MOVES_MAX;
      check(call(p, CHESS_MOVES_MAX, cp));
      const n = dv().getUint32(cp, true), d = dv(), out = [];
      for (let i = 0; i < n; i++) out.push(d.getUint32(p + 4 * i, true));
      return out;
    });
  }
  /** The legal moves (uint32 values as numbers), in the library's order. */
  moves() { return ChessPosition.#list((p, n, cp) => M._fan_chess_moves(p, n, cp, this.ptr)); }
  /** The legal moves of the piece on pt, each with its captured point. */
  movesFrom(pt) {
    return ChessPosition.#list((p, n, cp) => M._fan_chess_moves_from(p, n, cp, this.ptr, pt))
      .map(chessMoveFields);
  }
  /** CHOOSE_* flags: what must be named for from -> to. */
  choices(from, to) {
    return withMem(4, (p) => { check(M._fan_chess_choices(p, this.ptr, from, to)); return dv().getUint32(p, true); });
  }
  /** Why play(from, to, kind, promotion) would be refused ('' when it would play). */
  explain(from, to, kind = CHESS_ANY, promotion = 0) {
    return withMem(CHESS_EXPLAIN_MAX, (p) => {
      M._fan_chess_explain_move(p, CHESS_EXPLAIN_MAX, 0, this.ptr, from, to, kind, promotion);
      return M.UTF8ToString(p);
    });
  }
  /** Plays from -> to; E.AMBIGUOUS where a mode or a promotion must be named. */
  playPoints(from, to, kind = CHESS_ANY, promotion = 0) {
    check(M._fan_chess_play_points(this.ptr, from, to, kind, promotion));
  }
  play(move) { check(M._fan_chess_play(this.ptr, move >>> 0)); }
  undo() { check(M._fan_chess_undo(this.ptr)); }
  redo() { check(M._fan_chess_redo(this.ptr)); }
  historyMove(index) {
    return withMem(4, (p) => { check(M._fan_chess_history_move(p, this.ptr, index)); return dv().getUint32(p, true); });
  }

  toString() {
    return writeText(CHESS_STRING_MAX, (b, n) => M._fan_chess_to_string(b, n, 0, this.ptr));
  }
  /** A legal move of this position in notation ("Pc3-c4", "Qc2-c5A", "Pb8-b9=Q"). */
  moveToString(move) {
    return writeText(CHESS_MOVE_STRING_MAX, (b, n) => M._fan_chess_move_to_string(b, n, 0, this.ptr, move >>> 0));
  }
  parseMove(text) {
    return parsed(4, text.trim(), (p, tp, ep) => M._fan_chess_parse_move(p, this.ptr, tp, ep),
                  (p) => dv().getUint32(p, true));
  }
  /** The game record; its length is asked first (a game has no fixed maximum). */
  record() {
    const need = withMem(8, (np) => {
      const r = M._fan_chess_record_write(0, 0, np, this.ptr);
      if (r !== E.BUFS && r !== E.OK) check(r);
      return dv().getUint32(np, true);
    });
    return writeText(need + 1, (b, n) => M._fan_chess_record_write(b, n, 0, this.ptr));
  }
  /** The library's SVG picture; move (a value) drawn as an arrow when given. */
  svg(highlight = 0n, move = null, flags = 1) {
    return withMem(4, (mp) => {
      if (move !== null) dv().setUint32(mp, move >>> 0, true);
      return writeText(SVG_MAX, (b, n) =>
        M._fan_chess_svg(b, n, 0, this.ptr, BigInt(highlight), move !== null ? mp : 0, flags));
    });
  }
}
