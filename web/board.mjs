// SPDX-License-Identifier: MIT
// The board as an SVG drawing of the real geometry: 9 x 5 points (or,
// for Fanorona Chess, 5 files x 9 ranks), every orthogonal line, the
// diagonals through the strong points (column + row even). Each point is a focusable element; arrow keys move between
// points, Enter or Space activates one. Knows nothing of the rules: the
// page tells it what to show through render().

const NS = 'http://www.w3.org/2000/svg';
const GAP = 100, MARGIN = 60;
const FILES = 'abcdefghi';

/** A point's name on a board cols wide (9: Fanorona, 5: Fanorona Chess). */
export const squareLabel = (sq, cols = 9) => FILES[sq % cols] + (Math.floor(sq / cols) + 1);

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

const px = (col) => MARGIN + col * GAP;
const strong = (col, row) => (col + row) % 2 === 0;

export class Board {
  /**
   * svg: an empty <svg> element; onActivate(square) on click or Enter.
   * cols x rows points, square = col + cols * row (9 x 5 by default).
   */
  constructor(svg, { onActivate, onHover, cols = 9, rows = 5 }) {
    const COLS = cols, ROWS = rows;
    this.cols = cols;
    this.rows = rows;
    const py = (row) => MARGIN + (ROWS - 1 - row) * GAP;
    this.py = py;
    this.svg = svg;
    this.onActivate = onActivate;
    this.onHover = onHover ?? (() => {});
    svg.setAttribute('viewBox', `0 0 ${2 * MARGIN + (COLS - 1) * GAP} ${2 * MARGIN + 16 + (ROWS - 1) * GAP}`);
    svg.setAttribute('role', 'grid');
    const lines = el('g', { class: 'lines' }, svg);
    for (let row = 0; row < ROWS; row++) {
      for (let col = 0; col < COLS; col++) {
        const seg = (c2, r2) => el('line', { x1: px(col), y1: py(row), x2: px(c2), y2: py(r2) }, lines);
        if (col + 1 < COLS) seg(col + 1, row);
        if (row + 1 < ROWS) seg(col, row + 1);
        if (strong(col, row) && row + 1 < ROWS) {
          if (col + 1 < COLS) seg(col + 1, row + 1);
          if (col > 0) seg(col - 1, row + 1);
        }
      }
    }
    // The lines are the same seen from either side; the labels, points and
    // arrows follow the flip (Black at the bottom).
    this.flipped = false;
    const labels = el('g', { class: 'labels', 'aria-hidden': 'true' }, svg);
    this.fileLabels = [];
    this.rowLabels = [];
    for (let col = 0; col < COLS; col++) {
      const t = el('text', { y: py(0) + 62 }, labels);
      t.textContent = FILES[col];
      this.fileLabels.push(t);
    }
    for (let row = 0; row < ROWS; row++) {
      const t = el('text', { x: px(0) - 44 }, labels);
      t.textContent = String(row + 1);
      this.rowLabels.push(t);
    }
    this.arrows = el('g', { class: 'arrows', 'aria-hidden': 'true' }, svg);
    this.points = [];
    const layer = el('g', { class: 'points' }, svg);
    for (let sq = 0; sq < COLS * ROWS; sq++) {
      const col = sq % COLS, row = Math.floor(sq / COLS);
      const g = el('g', { class: 'point', tabindex: '-1', role: 'gridcell', 'data-square': squareLabel(sq, COLS) }, layer);
      el('circle', { class: 'hit', r: 46 }, g);
      el('circle', { class: 'ring', r: 40 }, g);
      el('circle', { class: 'dot', r: strong(col, row) ? 9 : 6 }, g);
      el('circle', { class: 'piece', r: 32 }, g);
      el('circle', { class: 'mark', r: 12 }, g);
      el('path', { class: 'cross', d: 'M-14,-14L14,14M14,-14L-14,14' }, g);
      el('text', { class: 'letter', y: 12 }, g);
      el('text', { class: 'tag', y: 8 }, g);
      g.addEventListener('click', () => { this.focus(sq); this.onActivate(sq); });
      g.addEventListener('pointerenter', () => this.onHover(sq));
      g.addEventListener('pointerleave', () => this.onHover(-1));
      g.addEventListener('focus', () => this.onHover(sq));
      g.addEventListener('keydown', (ev) => this.#key(ev, sq));
      this.points.push(g);
    }
    this.focused = Math.floor(COLS * ROWS / 2);
    this.points[this.focused].setAttribute('tabindex', '0');
    this.setFlipped(false);
  }

  /** Where a square is drawn: [x, y]. */
  #xy(sq) {
    const COLS = this.cols, ROWS = this.rows, py = this.py;
    const col = sq % COLS, row = Math.floor(sq / COLS);
    return this.flipped ? [px(COLS - 1 - col), py(ROWS - 1 - row)] : [px(col), py(row)];
  }

  /** Draws Black at the bottom (true) or White (false). */
  setFlipped(flipped) {
    this.flipped = flipped;
    this.svg.dataset.flipped = String(flipped);
    this.points.forEach((g, sq) => {
      const [x, y] = this.#xy(sq);
      g.setAttribute('transform', `translate(${x} ${y})`);
    });
    this.fileLabels.forEach((t, col) => t.setAttribute('x', this.#xy(col)[0]));
    this.rowLabels.forEach((t, row) => t.setAttribute('y', this.#xy(row * this.cols)[1] + 7));
  }

  focus(sq) {
    this.points[this.focused].setAttribute('tabindex', '-1');
    this.focused = sq;
    this.points[sq].setAttribute('tabindex', '0');
    if (document.activeElement !== this.points[sq]) this.points[sq].focus();
  }

  #key(ev, sq) {
    const COLS = this.cols, ROWS = this.rows;
    const col = sq % COLS, row = Math.floor(sq / COLS);
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[ev.key]) {
      const [dc, dr] = moves[ev.key].map((d) => (this.flipped ? -d : d));
      const c = col + dc, r = row + dr;
      if (c >= 0 && c < COLS && r >= 0 && r < ROWS) this.focus(c + r * COLS);
      ev.preventDefault();
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      this.onActivate(sq);
    }
  }

  /**
   * view: { pieces[45] (0 empty, 1 white, 2 black), letters[45] (optional:
   * a piece's letter drawn on it, and its name for screen readers), names
   * (optional: the previews' names, default 'approach' and 'withdrawal'), and sets of squares:
   * movable, dests, visited, gone (captured by the last turn or the chain
   * so far), previewA, previewW,
   * preview (one step's captures); selected, active (or -1); arrows: the
   * last turn as [from, to1, to2, ...] or null }.
   */
  render(view) {
    const has = (set, sq) => set && set.has(sq);
    for (let sq = 0; sq < this.points.length; sq++) {
      const g = this.points[sq], p = view.pieces[sq];
      const cls = ['point'];
      if (p === 1) cls.push('white');
      if (p === 2) cls.push('black');
      if (has(view.movable, sq)) cls.push('movable');
      if (has(view.dests, sq)) cls.push('dest');
      if (has(view.visited, sq)) cls.push('visited');
      if (has(view.gone, sq)) cls.push('gone');
      if (has(view.preview, sq)) cls.push('preview');
      if (has(view.previewA, sq)) cls.push('preview-a');
      if (has(view.previewW, sq)) cls.push('preview-w');
      if (view.selected === sq) cls.push('selected');
      if (view.active === sq) cls.push('active');
      g.setAttribute('class', cls.join(' '));
      g.querySelector('.tag').textContent =
        has(view.previewA, sq) ? 'A' : has(view.previewW, sq) ? 'W' : '';
      const letter = view.letters?.[sq] ?? '';
      g.querySelector('.letter').textContent = p ? letter : '';
      const what = (p === 1 ? 'white ' : p === 2 ? 'black ' : 'empty') + (p ? view.names?.[sq] ?? 'piece' : '');
      const extra = [has(view.movable, sq) && 'can move', view.selected === sq && 'selected',
                     view.active === sq && 'moving piece', has(view.dests, sq) && 'destination',
                     has(view.previewA, sq) && 'captured by approach',
                     has(view.previewW, sq) && 'captured by withdrawal'].filter(Boolean);
      g.setAttribute('aria-label', `${squareLabel(sq, this.cols)} ${what}${extra.length ? ', ' + extra.join(', ') : ''}`);
    }
    this.arrows.replaceChildren();
    if (view.arrows) {
      const pts = view.arrows;
      for (let i = 1; i < pts.length; i++) {
        const a = pts[i - 1], b = pts[i];
        const [x1, y1] = this.#xy(a), [x2, y2] = this.#xy(b);
        el('line', { x1, y1, x2, y2 }, this.arrows);
      }
    }
  }
}
