// SPDX-License-Identifier: MIT
// What both games of the page (page.mjs: Fanorona, chess-page.mjs:
// Fanorona Chess) do alike, over any position class with undo, redo,
// sideToMove and historyLength.

/** After an undo: takes back the opponent's moves too, back to a move of the humans'. */
export function undoToHuman(pos, humans) {
  while (humans.size && !humans.has(pos.sideToMove) && pos.historyLength > 0) pos.undo();
}

/** After a redo: replays the opponent's moves too (stops with E.NOHISTORY at the end). */
export function redoToHuman(pos, humans) {
  while (humans.size && !humans.has(pos.sideToMove)) pos.redo();
}

/**
 * Reads text as a position string, else as a game record; throws the
 * error of the reading the text looks meant for.
 */
export function readPositionOrRecord(text, fromString, fromRecord) {
  try {
    return fromString(text);
  } catch (e1) {
    try {
      return fromRecord(text);
    } catch (e2) {
      throw /^\s*\[|^\s*1\./.test(text) ? e2 : e1;
    }
  }
}

/** Offers text as a download named name. */
export function download(text, type, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
