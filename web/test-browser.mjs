// SPDX-License-Identifier: MIT
// Browser test of the page in Debian's headless chromium, driven by
// playwright-core (no browser download):
//   node web/test-browser.mjs SITE_DIR FANORONA_CLI ARTEFACT_DIR
// SITE_DIR is what web/build.sh made, FANORONA_CLI the native `fanorona`
// program, ARTEFACT_DIR receives the screenshots. It serves SITE_DIR on
// 127.0.0.1 (a port of the system's choosing, closed at the end), plays on
// the page only by clicks and keys, and compares the position strings the
// page shows with those the native library gives for the same turns.
// Exit 0 passed, 1 failed, 77 skipped (no chromium or playwright-core).
import http from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const [siteArg, cli, outArg] = process.argv.slice(2);
if (!siteArg || !cli || !outArg) {
  console.error('usage: node web/test-browser.mjs SITE_DIR FANORONA_CLI ARTEFACT_DIR');
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) { console.log(`SKIP: no ${CHROMIUM}`); process.exit(77); }
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  console.log('SKIP: playwright-core is not installed (npm ci in web/)');
  process.exit(77);
}
const site = resolve(siteArg), out = resolve(outArg);
mkdirSync(out, { recursive: true });
for (const f of readdirSync(out)) // no screenshot left from an earlier run
  if (/\.(png|txt|svg)$/.test(f)) rmSync(join(out, f));

// The whole test stops by itself, whatever hangs.
const deadline = setTimeout(() => { console.error('FAIL: test took over 240 s'); process.exit(1); }, 240000);

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? 'ok' : 'FAIL'}: ${what}`);
  if (!ok) failures++;
  return ok;
}

// ---- the static server ----
const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript',
                '.css': 'text/css', '.wasm': 'application/wasm' };
const server = http.createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = join(site, path === '/' ? 'index.html' : path);
  if (!file.startsWith(site) || !existsSync(file)) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/`;

// ---- the native library's view of a game: its record replayed by the CLI ----
let recordNo = 0;
function nativePosition(record) {
  const file = join(out, `record-${++recordNo}.txt`);
  writeFileSync(file, record);
  const r = spawnSync(cli, ['play', '--load', file, '--white', 'human', '--black', 'human'],
                      { input: 'fen\nquit\n', encoding: 'utf8' });
  const lines = r.stdout.split('\n');
  const i = lines.findIndex((l) => /> fen$/.test(l));
  if (r.status !== 0 || i < 0) {
    console.error(r.stdout, r.stderr);
    return { fen: `(native replay failed, status ${r.status})`, over: false };
  }
  return { fen: lines[i + 1].trim(), over: lines[i].startsWith('Game over') };
}


// ---- Fanorona Chess: the native CLI replays the page's moves ----
const CHESS_START = 'nrkrn/1bqb1/ppppp/5/5/5/PPPPP/1BQB1/NRKRN w Kk - - 0 1';
function nativeChess(fen, moves) {
  const r = spawnSync(cli, ['chess', 'play', '--fen', fen, '--white', 'human', '--black', 'human'],
                      { input: moves.map((m) => m + '\n').join('') + 'fen\nquit\n', encoding: 'utf8' });
  const found = r.stdout.split('\n').map((l) => /> ([1-5a-zA-Z/]+ [wb] \S+ \S+ \S+ \d+ \d+)$/.exec(l)).filter(Boolean);
  return found.length ? found[found.length - 1][1] : `(native replay failed: ${r.stdout.slice(-300)} ${r.stderr})`;
}
/** The root moves the native chess-perft lists for fen (its --divide 1). */
function nativeMoves(fen) {
  const perft = join(resolve(cli, '..'), 'chess-perft');
  const r = spawnSync(perft, ['--fen', fen, '--divide', '1'], { encoding: 'utf8' });
  return r.stdout.split('\n').map((l) => /^(\S+) 1$/.exec(l)).filter(Boolean).map((m) => m[1]);
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
                                        args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1024, height: 720 } });
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });

const pt = (name) => `#board .point[data-square="${name}"]`;
const positionString = () => page.inputValue('#position');
async function shot(name, fullPage = false) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(out, `${name}.png`), fullPage });
}
async function classesOf(selector) {
  return page.$$eval(selector, (els) => els.map((e) => e.getAttribute('data-square')));
}
async function idle() {
  await page.waitForSelector('body[data-thinking="false"]', { timeout: 30000 });
}
async function compareWithNative(what) {
  await page.click('#export-record');
  const record = await page.inputValue('#io');
  const shown = await positionString();
  const native = nativePosition(record);
  check(shown === native.fen, `${what}: page shows "${shown}", native library "${native.fen}"`);
  return native;
}
/** A new game from the form: rules 0/1, side 1 White, 2 Black, 0 both. */
async function newGame({ rules = '0', side = '1', level = '5', ms = '1000', wait = true } = {}) {
  await page.selectOption('#rules', rules);
  await page.selectOption('#side', side);
  await page.selectOption('#level', level);
  await page.fill('#think-ms', ms);
  await page.click('#new-game-button');
  if (wait) await idle();
}
async function importText(text) {
  await page.fill('#io', text);
  await page.click('#import');
}

try {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  check(await page.$$eval('#board .point', (e) => e.length) === 45, 'the board has 45 points');
  const start = await positionString();
  check(start === 'BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w stop 0 -', `start position ${start}`);
  const movable = await classesOf('#board .point.movable');
  check(movable.join(' ') === 'd2 e2 f2 d3', `movable pieces at the start: ${movable.join(' ')}`);
  await shot('start');

  // Keyboard: the arrow keys move between points, Enter selects a piece.
  await page.focus(pt('e3'));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  check((await classesOf('#board .point.selected')).join() === 'd3', 'keyboard: ArrowLeft + Enter selects d3');
  const dests = await classesOf('#board .point.dest');
  check(dests.join() === 'e3', `d3 may go to ${dests.join()}`);
  await page.keyboard.press('Enter'); // d3 again: unselect
  check((await classesOf('#board .point.selected')).length === 0, 'Enter again unselects');

  // Both-mode choice, from an imported position string.
  await page.selectOption('#side', '0');
  await importText('9/9/1BW1B4/9/8B w stop 0 -');
  check(await positionString() === '9/9/1BW1B4/9/8B w stop 0 -', 'import of a position string');
  await page.click(pt('c3'));
  await page.click(pt('d3'));
  await page.waitForSelector('#choice:not([hidden])');
  check((await classesOf('#board .point.preview-a')).join() === 'e3', 'approach group previewed: e3');
  check((await classesOf('#board .point.preview-w')).join() === 'b3', 'withdrawal group previewed: b3');
  await shot('both-choice');
  await page.locator('#fanorona-main .board-area').screenshot({ path: join(out, 'both-choice-board.png') });
  // Typed notation: without a letter the step is ambiguous, which is said.
  await page.click('#choose-cancel');
  await page.fill('#move-input', 'c3-d3');
  await page.press('#move-input', 'Enter');
  const said = await page.textContent('#status');
  check(/ambiguous/.test(said) && /c3-d3A/.test(said) && /c3-d3W/.test(said) && await positionString() === '9/9/1BW1B4/9/8B w stop 0 -',
        `typed c3-d3 is refused as ambiguous: "${said}"`);
  await page.click(pt('c3'));
  await page.click(pt('d3'));
  await page.click('#choose-withdrawal');
  check(await page.isHidden('#choice'), 'choice closed after picking withdrawal');
  check(await positionString() === '9/9/3WB4/9/8B b stop 1 -', `after c3-d3W: ${await positionString()}`);
  await compareWithNative('both-mode choice');

  // End turn under stop-at-will: a1-b1A could go on with b1-b2A.
  await importText('8B/9/1B7/9/W1B6 w stop 0 -');
  await page.click(pt('a1'));
  await page.click(pt('b1'));
  check(await page.isEnabled('#end-turn'), 'End turn offered mid-chain');
  check((await classesOf('#board .point.active')).join() === 'b1', 'active piece b1 shown');
  check((await classesOf('#board .point.visited')).join() === 'a1,b1', 'visited points a1, b1 shown');
  await shot('chain');
  await page.click('#undo');
  check(await positionString() === '8B/9/1B7/9/W1B6 w stop 0 -', 'undo mid-chain takes the chain back');
  await page.click(pt('a1'));
  await page.click(pt('b1'));
  await page.click('#end-turn');
  check(await positionString() === '8B/9/1B7/9/1W7 b stop 1 -', `after End turn: ${await positionString()}`);
  await compareWithNative('end turn');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  const svgFile = join(out, 'position.svg');
  await download.saveAs(svgFile);
  const svg = readFileSync(svgFile, 'utf8');
  check(svg.startsWith('<svg') && (svg.match(/class="piece white"/g) ?? []).length === 1 &&
        (svg.match(/class="piece black"/g) ?? []).length === 2, 'the library\'s SVG picture saved');

  // Undo and redo against the engine (its reply is undone with the turn).
  await newGame({ side: '1', level: '3', ms: '500' });
  await page.click(pt('e2'));
  await page.click(pt('e3'));
  await page.waitForSelector('body[data-side="w"][data-thinking="false"]', { timeout: 10000 });
  const afterReply = await positionString();
  check(/ w stop 2 -$/.test(afterReply), `engine replied: ${afterReply}`);
  await page.click('#undo');
  check(await positionString() === start, 'undo goes back to the start');
  await page.click('#redo');
  check(await positionString() === afterReply, 'redo replays both turns');
  await compareWithNative('undo/redo');

  // The page stays responsive while the engine thinks.
  await newGame({ side: '2', level: '10', ms: '3000', wait: false });
  await page.waitForSelector('body[data-thinking="true"]');
  check(await page.textContent('#engine-state') !== '', 'thinking state shown');
  await shot('thinking');
  const a1 = await page.locator(pt('a1')).boundingBox(), i5 = await page.locator(pt('i5')).boundingBox();
  check(a1.x > i5.x && a1.y < i5.y, 'playing Black, the board is drawn with Black at the bottom');
  const t0 = Date.now();
  await page.click(pt('a1'));
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('wait, the engine'));
  const clickMs = Date.now() - t0;
  check(clickMs < 1000, `a click while the engine thinks is handled in ${clickMs} ms`);
  await idle();
  const engineMs = Number(await page.getAttribute('body', 'data-engine-ms'));
  check(engineMs > 0 && engineMs <= 3000 + 1500, `engine move of a 3000 ms turn arrived after ${engineMs} ms`);

  // A whole game by clicks against the engine, under must-continue; the
  // human takes a random legal step (seeded), picks approach/withdrawal
  // alternately.
  await newGame({ rules: '1', side: '1', level: '1', ms: '300' });
  let seed = 12345;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  let humanTurns = 0, worstEngine = 0, choices = 0;
  while (await page.getAttribute('body', 'data-result') === '0') {
    await idle();
    if (await page.getAttribute('body', 'data-result') !== '0') break;
    const inChain = await page.getAttribute('body', 'data-chain') === 'true';
    if (!inChain) {
      const m = await classesOf('#board .point.movable');
      await page.click(pt(m[rand(m.length)]));
      humanTurns++;
    }
    const d = await classesOf('#board .point.dest');
    if (d.length === 0) { check(false, 'a selected piece has destinations'); break; }
    await page.click(pt(d[rand(d.length)]));
    if (await page.isVisible('#choice')) {
      await page.click(choices++ % 2 ? '#choose-approach' : '#choose-withdrawal');
    }
    if (await page.isEnabled('#end-turn') && rand(2) === 0) await page.click('#end-turn');
    await idle();
    worstEngine = Math.max(worstEngine, Number(await page.getAttribute('body', 'data-engine-ms')));
    if (humanTurns > 250) { check(false, 'the game ends'); break; }
  }
  const status = await page.textContent('#status');
  check(/Game over: .* \(.+\)\./.test(status), `the end is shown: "${status}"`);
  check(worstEngine <= 300 + 1500, `slowest engine move of a 300 ms turn: ${worstEngine} ms`);
  console.log(`whole game: ${humanTurns} turns by clicks, ${choices} both-mode choices`);
  await shot('game-over');
  const native = await compareWithNative('whole game');
  check(native.over, 'the native library also says the game is over');
  check(/ must /.test(native.fen), 'the game was played under must-continue');
  // The record exported (by compareWithNative) reads back to the same game.
  const finalString = await positionString();
  await page.selectOption('#side', '0');
  await page.click('#import');
  check(await positionString() === finalString, 'import of the game record gives the same position');
  await page.click('#undo');
  check(await page.getAttribute('body', 'data-result') === '0', 'undo after a record import goes back into the game');

  // Analysis with three lines.
  await newGame({ side: '0' });
  await page.selectOption('#multipv', '3');
  await page.fill('#analysis-ms', '1500');
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#lines tr').length === 3, null, { timeout: 10000 });
  await page.waitForSelector('#analysis[data-running="false"]', { timeout: 10000 });
  const lines = await page.$$eval('#lines tr', (rows) => rows.map((r) => r.textContent));
  check(lines.length === 3, `analysis shows 3 lines: ${lines.join(' | ')}`);
  await shot('analysis', true);
  await page.locator('#analysis').screenshot({ path: join(out, 'analysis-panel.png') });
  await page.uncheck('#analyse');


  // ---- Fanorona Chess, behind the game switch ----
  const cpt = (name) => `#chess-board .point[data-square="${name}"]`;
  const chessString = () => page.inputValue('#chess-position');
  const chessMoves = () => page.$$eval('#chess-moves li', (els) => els.map((e) => e.textContent));
  const chessIdle = () => page.waitForSelector('#chess-main[data-thinking="false"]', { timeout: 10000 });
  const chessNew = async (side, opponent) => {
    await page.selectOption('#chess-side', side);
    await page.selectOption('#chess-opponent', opponent);
    await page.click('#chess-new-game-button');
    await chessIdle();
  };
  const chessImport = async (text) => { await page.fill('#chess-io', text); await page.click('#chess-import'); };
  await page.selectOption('#game-kind', 'chess');
  await page.waitForSelector('#chess-main:not([hidden])');
  check(await page.isHidden('#fanorona-main'), 'the switch hides the Fanorona board');
  check(await page.$$eval('#chess-board .point', (e) => e.length) === 45, 'the chess board has 45 points');
  check(await chessString() === CHESS_START, `chess start position ${await chessString()}`);
  const startMoves = nativeMoves(CHESS_START);
  const nativeMovable = [...new Set(startMoves.map((m) => m.slice(1, 3)))].sort();
  const chessMovable = (await classesOf('#chess-board .point.movable')).sort();
  check(chessMovable.join() === nativeMovable.join() && nativeMovable.length > 0,
        `movable chess pieces ${chessMovable.join(' ')} = native ${nativeMovable.join(' ')}`);
  const ca1 = await page.locator(cpt('a1')).boundingBox(), ce9 = await page.locator(cpt('e9')).boundingBox();
  check(ca1.x < ce9.x && ca1.y > ce9.y, 'the chess board has a1 bottom left (White at the bottom)');
  check(await page.$$eval('#chess-board .lines line', (e) => e.length) === 4 * 9 + 5 * 8 + 2 * 16,
        'the chess board has 76 orthogonal and 32 diagonal segments');
  check(await page.textContent(cpt('c1') + ' .letter') === 'K' && await page.textContent(cpt('c8') + ' .letter') === 'Q',
        'piece letters: K on c1, Q on c8');
  // Keyboard: Enter on a focused point selects the piece.
  await page.focus(cpt('c3'));
  await page.keyboard.press('Enter');
  const c3dests = (await classesOf('#chess-board .point.dest')).sort();
  const c3native = startMoves.filter((m) => m.startsWith('Pc3')).map((m) => m.slice(4, 6)).sort();
  check(c3dests.join() === c3native.join(), `keyboard: c3 selected, goes to ${c3dests.join()} (native ${c3native.join()})`);
  await page.keyboard.press('Enter');

  // Several moves by clicks against each opponent; the page's position
  // string equals the native one for the same moves.
  for (const opponent of ['greedy', 'random']) {
    await chessNew('1', opponent);
    let cseed = 777;
    const crand = (n) => { cseed = (cseed * 1103515245 + 12345) % 2147483648; return cseed % n; };
    for (let i = 0; i < 6 && await page.getAttribute('#chess-main', 'data-result') === '0'; i++) {
      const m = await classesOf('#chess-board .point.movable');
      await page.click(cpt(m[crand(m.length)]));
      const d = await classesOf('#chess-board .point.dest');
      await page.click(cpt(d[crand(d.length)]));
      if (await page.isVisible('#chess-choice')) await page.click('#chess-choice-buttons button');
      await chessIdle();
    }
    const played = await chessMoves();
    const shown = await chessString();
    check(played.length >= 2 && shown === nativeChess(CHESS_START, played),
          `chess vs ${opponent}: ${played.join(' ')} gives ${shown}, native ${nativeChess(CHESS_START, played)}`);
  }
  // The greedy opponent takes the most valuable piece: with Black to move
  // it plays at once; Rc7-c8 or -c9 withdraws from the queen, Rc7-b7 from a pawn.
  const GREEDY = '4k/5/2rP1/2Q2/5/5/5/5/K4 b - - - 0 1';
  const greedyNative = nativeMoves(GREEDY);
  check(greedyNative.includes('Rc7-c8') && greedyNative.includes('Rc7-b7'),
        `native: Black may take the queen or the pawn: ${greedyNative.join(' ')}`);
  await chessImport(GREEDY);
  await chessIdle();
  const greedyPlayed = await chessMoves();
  check(/^Rc7-c[89]$/.test(greedyPlayed.join()) && !/Q/.test((await chessString()).split(' ')[0]),
        `the greedy opponent took the queen: ${greedyPlayed.join()} gives ${await chessString()}`);
  await chessNew('1', 'greedy');

  // Undo / redo against the opponent.
  const beforeUndo = await chessString();
  await page.click(cpt('c3'));
  await page.click(cpt('c4'));
  await chessIdle();
  const chessReply = await chessString();
  check(/ w /.test(chessReply) && (await chessMoves()).length === 2, `opponent replied: ${chessReply}`);
  await page.click('#chess-undo');
  check(await chessString() === beforeUndo, 'chess undo takes back the move and the reply');
  await page.click('#chess-redo');
  check(await chessString() === chessReply, 'chess redo replays both');

  // Both modes and promotion from an imported position (doc/fanorona-chess.md
  // sections 3 and 4): Rc4-c5 approaches c6 or withdraws from c3; Pb8-b9
  // promotes to a piece of White's pool, Q or N.
  const CHOICE = '4k/1P3/5/2p2/5/2R2/2n2/5/2K2 w - QN - 0 1';
  const choiceNative = nativeMoves(CHOICE);
  check(choiceNative.includes('Rc4-c5A') && choiceNative.includes('Rc4-c5W') &&
        choiceNative.includes('Pb8-b9=Q') && choiceNative.includes('Pb8-b9=N'),
        `native chess-perft lists both modes and both promotions: ${choiceNative.join(' ')}`);
  await page.selectOption('#chess-side', '0');
  await chessImport(CHOICE);
  check(await chessString() === CHOICE, 'import of a chess position string');
  await page.click(cpt('c4'));
  await page.hover(cpt('c5'));
  const hovered = await classesOf('#chess-board .point.preview');
  check(hovered.sort().join() === 'c3,c6', `hovering c5 previews both captures: ${hovered.join()}`);
  await page.click(cpt('c5'));
  await page.waitForSelector('#chess-choice:not([hidden])');
  check((await classesOf('#chess-board .point.preview-a')).join() === 'c6', 'chess approach previewed: c6');
  check((await classesOf('#chess-board .point.preview-w')).join() === 'c3', 'chess withdrawal previewed: c3');
  await shot('chess-both-choice');
  await page.locator('#chess-main .board-area').screenshot({ path: join(out, 'chess-board.png') });
  await page.keyboard.press('Escape');
  check(await page.isHidden('#chess-choice') && await chessString() === CHOICE, 'Esc cancels the chess choice');
  await page.click(cpt('c4'));
  await page.click(cpt('c5'));
  await page.waitForSelector('#chess-choice:not([hidden])');
  await page.keyboard.press('w'); // the W key picks withdrawal
  check(await chessString() === nativeChess(CHOICE, ['Rc4-c5W']), `after Rc4-c5W: ${await chessString()}`);
  // Black (also played on the page) moves the king, then White promotes.
  await page.click(cpt('e9'));
  await page.click(cpt('e8'));
  await page.click(cpt('b8'));
  await page.click(cpt('b9'));
  await page.waitForSelector('#chess-choice:not([hidden])');
  const promo = await page.$$eval('#chess-choice-buttons button', (bs) => bs.map((b) => b.dataset.promotion));
  check(promo.sort().join() === 'N,Q', `promotion offers the pool: ${promo.join()}`);
  await page.click('#chess-choice-buttons button[data-promotion="N"]');
  const promoted = await chessMoves();
  check(await chessString() === nativeChess(CHOICE, promoted) && promoted.at(-1) === 'Pb8-b9=N' &&
        await page.textContent(cpt('b9') + ' .letter') === 'N',
        `promotion to a knight: ${promoted.join(' ')} gives ${await chessString()}`);
  // The record read back gives the same position.
  await page.click('#chess-export-record');
  const chessRecord = await page.inputValue('#chess-io');
  const chessFinal = await chessString();
  await page.click('#chess-import');
  check(await chessString() === chessFinal, `import of the chess record: ${chessRecord.replace(/\n/g, ' ')}`);
  await page.click('#chess-undo');
  check(await chessString() === nativeChess(CHOICE, promoted.slice(0, -1)), 'undo after a record import');

  // The end: the fifty-move rule reached in the imported position (section 5).
  await chessImport('4k/5/5/5/5/5/5/5/2K2 w - - - 100 80');
  const ended = await page.textContent('#chess-status');
  check(await page.getAttribute('#chess-main', 'data-result') === '3' && /Game over: Draw \(.*50|fifty/i.test(ended),
        `chess result and reason shown: "${ended}"`);
  await chessNew('1', 'greedy');
  await page.selectOption('#game-kind', 'fanorona');

  // A phone-sized screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 390, `no sideways scrolling on a phone (${wide} px wide)`);
  await shot('phone');
  await page.selectOption('#game-kind', 'chess');
  const wideChess = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wideChess <= 390, `chess: no sideways scrolling on a phone (${wideChess} px wide)`);
  await shot('chess-phone');

  check(errors.length === 0, `no errors in the page${errors.length ? ': ' + errors.join('; ') : ''}`);
} catch (e) {
  check(false, `exception: ${e.stack}`);
  await shot('failure').catch(() => {});
} finally {
  await browser.close();
  server.close();
  clearTimeout(deadline);
}
console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
process.exit(failures ? 1 : 0);
