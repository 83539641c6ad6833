/* SPDX-License-Identifier: MIT */
/* Fanorona Chess text: the position string of the notes (a strict reader
 * that reports the byte offset and the reason) and the long algebraic move
 * notation with the piece letter. */
#include "chess.h"
#include "text.h"

#include <stdio.h>
#include <string.h>

#define fail(rd, at, ...) text_fail((rd), (at), FAN_EPARSE, __VA_ARGS__)
#define impossible(rd, at, ...) text_fail((rd), (at), FAN_EPOSITION, __VA_ARGS__)

static const char LETTERS[] = " KQRBNP"; /* by piece type */
static const char *const TYPE_NAMES[] = {"", "king", "queen", "rook",
                                         "bishop", "knight", "pawn"};
/* How many of each type a side starts with (promotion only brings back). */
static const int START_COUNT[] = {0, 1, 1, 2, 2, 2, 5};
static const char *const SIDE_NAMES[] = {"White", "Black"};

static int type_of_letter(char upper)
{
    const char *p = upper ? strchr(LETTERS + 1, upper) : NULL;
    return p ? (int)(p - LETTERS) : 0;
}

FAN_API int fan_chess_point_name(char *buf, size_t size, int point)
{
    if (!buf)
        return FAN_EINVAL;
    if (point < 0 || point >= FAN_CHESS_POINTS || size < 3)
        return FAN_ERANGE;
    buf[0] = (char)('a' + CHESS_FILE(point));
    buf[1] = (char)('1' + CHESS_RANK(point));
    buf[2] = '\0';
    return FAN_OK;
}

/* Reads a point name a1..e9 at rd->i into a chess point. */
static int read_point(reader *rd, int *out)
{
    char f = rd->s[rd->i], r = f ? rd->s[rd->i + 1] : '\0';
    char b[16];
    if (f < 'a' || f > 'e' || r < '1' || r > '9')
        return fail(rd, rd->i, "expected a point a1..e9, found %s",
                    text_char(b, f));
    *out = FAN_CHESS_POINT(f - 'a', r - '1');
    rd->i += 2;
    return FAN_OK;
}

FAN_API int fan_chess_point_parse(const char *text)
{
    reader rd = {text, 0, NULL};
    int p = 0;
    if (!text)
        return FAN_EINVAL;
    if (read_point(&rd, &p) != FAN_OK || text[2] != '\0')
        return FAN_EPARSE;
    return p;
}

static void put_point(writer *w, int point)
{
    text_put_char(w, (char)('a' + CHESS_FILE(point)));
    text_put_char(w, (char)('1' + CHESS_RANK(point)));
}

/* ------------------------------------------------------------------ */
/* Position string                                                     */

FAN_API int fan_chess_to_string(char *buf, size_t size, size_t *needed,
                                const fan_chess *pos)
{
    if (!pos || (!buf && size))
        return FAN_EINVAL;
    const chess_state *s = chess_cur(pos);
    writer w = {buf, size, 0};
    char num[16];
    for (int rank = CHESS_RANKS - 1; rank >= 0; rank--) {
        int run = 0;
        for (int f = 0; f < CHESS_FILES; f++) {
            int code = s->piece[BOARD_FROM_CHESS(FAN_CHESS_POINT(f, rank))];
            if (!code) {
                run++;
                continue;
            }
            if (run)
                text_put_char(&w, (char)('0' + run));
            run = 0;
            char ch = LETTERS[CHESS_TYPE(code)];
            text_put_char(&w, CHESS_SIDE(code) == CHESS_WHITE
                                  ? ch
                                  : (char)(ch - 'A' + 'a'));
        }
        if (run)
            text_put_char(&w, (char)('0' + run));
        if (rank)
            text_put_char(&w, '/');
    }
    text_put(&w, s->stm == CHESS_WHITE ? " w " : " b ");
    if (s->unmoved & 1)
        text_put_char(&w, 'K');
    if (s->unmoved & 2)
        text_put_char(&w, 'k');
    if (!s->unmoved)
        text_put_char(&w, '-');
    for (int side = 0; side < 2; side++) {
        text_put_char(&w, ' ');
        int any = 0;
        for (int p = 0; p < CHESS_POOL_TYPES; p++)
            for (int k = 0; k < s->pool[side][p]; k++, any = 1) {
                char ch = LETTERS[FAN_CHESS_QUEEN + p];
                text_put_char(&w, side ? (char)(ch - 'A' + 'a') : ch);
            }
        if (!any)
            text_put_char(&w, '-');
    }
    snprintf(num, sizeof num, " %u %u", (unsigned)s->halfmove,
             (unsigned)s->fullmove);
    text_put(&w, num);
    return text_finish(&w, needed);
}

static int expect_space(reader *rd, const char *field)
{
    char b[16];
    if (rd->s[rd->i] == ' ') {
        rd->i++;
        return FAN_OK;
    }
    if (!rd->s[rd->i])
        return fail(rd, rd->i, "missing the %s", field);
    return fail(rd, rd->i, "expected one space before the %s, found %s",
                field, text_char(b, rd->s[rd->i]));
}

/* Where each piece was read, for the checks of an impossible position. */
typedef struct board_text {
    size_t at[BOARD_SQUARES];
    size_t pool_at[2];
    size_t flags_at, clock_at;
} board_text;

static int read_board(reader *rd, chess_state *s, board_text *bt)
{
    char b[16];
    for (int rank = CHESS_RANKS - 1; rank >= 0; rank--) {
        int f = 0, digit = 0;
        while (f < CHESS_FILES) {
            char ch = rd->s[rd->i];
            int upper = ch >= 'A' && ch <= 'Z';
            int type = type_of_letter(upper ? ch : (char)(ch - 'a' + 'A'));
            if (ch >= '1' && ch <= '5') {
                if (digit)
                    return fail(rd, rd->i,
                                "two digits in a row on rank %d (write one "
                                "run of empty points)", rank + 1);
                if (f + (ch - '0') > CHESS_FILES)
                    return fail(rd, rd->i, "rank %d has more than 5 points",
                                rank + 1);
                f += ch - '0';
                digit = 1;
            } else if (type && (upper || (ch >= 'a' && ch <= 'z'))) {
                int side = upper ? CHESS_WHITE : CHESS_BLACK;
                int sq = BOARD_FROM_CHESS(FAN_CHESS_POINT(f, rank));
                s->piece[sq] = CHESS_CODE(side, type);
                s->occ[side] |= BIT(sq);
                bt->at[sq] = rd->i;
                f++;
                digit = 0;
            } else if (ch == '/' || ch == ' ' || ch == '\0') {
                return fail(rd, rd->i, "rank %d has %d points, not 5",
                            rank + 1, f);
            } else {
                return fail(rd, rd->i,
                            "unexpected %s in the board (use KQRBNP, kqrbnp, "
                            "1-5 and /)", text_char(b, ch));
            }
            rd->i++;
        }
        char next = rd->s[rd->i];
        if (rank > 0 && next != '/')
            return next && next != ' '
                       ? fail(rd, rd->i, "rank %d has more than 5 points",
                              rank + 1)
                       : fail(rd, rd->i, "expected '/' after rank %d, found %s",
                              rank + 1, text_char(b, next));
        if (rank > 0)
            rd->i++;
    }
    if (rd->s[rd->i] == '/')
        return fail(rd, rd->i, "the board has more than 9 ranks");
    if (rd->s[rd->i] != ' ' && rd->s[rd->i] != '\0')
        return fail(rd, rd->i, "rank 1 has more than 5 points");
    return FAN_OK;
}

/* "QRBN"-ordered pool letters of one side, or "-". */
static int read_pool(reader *rd, chess_state *s, int side)
{
    char b[16];
    const char *name = side ? "Black's pool" : "White's pool";
    if (rd->s[rd->i] == '-') {
        rd->i++;
        return FAN_OK;
    }
    int last = 0;
    size_t start = rd->i;
    for (;;) {
        char ch = rd->s[rd->i];
        int right_case = side ? (ch >= 'a' && ch <= 'z') : (ch >= 'A' && ch <= 'Z');
        int type = right_case ? type_of_letter(side ? (char)(ch - 'a' + 'A') : ch) : 0;
        if (type < FAN_CHESS_QUEEN || type > FAN_CHESS_KNIGHT) {
            if (rd->i > start && (ch == ' ' || ch == '\0'))
                return FAN_OK;
            return fail(rd, rd->i, "expected %s (%s, or '-'), found %s", name,
                        side ? "letters qrbn" : "letters QRBN",
                        text_char(b, ch));
        }
        if (type < last)
            return fail(rd, rd->i, "%s is not in the order %s", name,
                        side ? "qrbn" : "QRBN");
        last = type;
        s->pool[side][CHESS_POOL_INDEX(type)]++;
        if (s->pool[side][CHESS_POOL_INDEX(type)] > START_COUNT[type])
            return impossible(rd, rd->i, "%s has more than %d %s%s", name,
                              START_COUNT[type], TYPE_NAMES[type],
                              START_COUNT[type] > 1 ? "s" : "");
        rd->i++;
    }
}

static int read_fields(reader *rd, chess_state *s, board_text *bt)
{
    char b[16];
    unsigned long v;
    int r;
    if ((r = read_board(rd, s, bt)) != FAN_OK ||
        (r = expect_space(rd, "side to move")) != FAN_OK)
        return r;
    char c = rd->s[rd->i];
    if (c != 'w' && c != 'b')
        return fail(rd, rd->i, "expected the side to move, w or b, found %s",
                    text_char(b, c));
    s->stm = c == 'w' ? CHESS_WHITE : CHESS_BLACK;
    rd->i++;
    if ((r = expect_space(rd, "kings' flags")) != FAN_OK)
        return r;
    bt->flags_at = rd->i;
    if (rd->s[rd->i] == '-') {
        rd->i++;
    } else {
        if (rd->s[rd->i] == 'K') {
            s->unmoved |= 1;
            rd->i++;
        }
        if (rd->s[rd->i] == 'k') {
            s->unmoved |= 2;
            rd->i++;
        }
        if (!s->unmoved)
            return fail(rd, rd->i,
                        "expected the kings' flags (K, k, Kk or -), found %s",
                        text_char(b, rd->s[rd->i]));
    }
    for (int side = 0; side < 2; side++) {
        if ((r = expect_space(rd, side ? "Black's pool" : "White's pool")) !=
            FAN_OK)
            return r;
        bt->pool_at[side] = rd->i;
        if ((r = read_pool(rd, s, side)) != FAN_OK)
            return r;
    }
    if ((r = expect_space(rd, "halfmove clock")) != FAN_OK)
        return r;
    bt->clock_at = rd->i;
    if ((r = text_read_number(rd, 100, &v, "halfmove clock")) != FAN_OK)
        return r;
    s->halfmove = (uint16_t)v;
    if ((r = expect_space(rd, "move number")) != FAN_OK)
        return r;
    size_t at = rd->i;
    if ((r = text_read_number(rd, CHESS_FULLMOVE_MAX, &v, "move number")) != FAN_OK)
        return r;
    if (v == 0)
        return fail(rd, at, "the move number starts at 1");
    s->fullmove = (uint32_t)v;
    if (rd->s[rd->i])
        return fail(rd, rd->i, "unexpected %s after the move number",
                    text_char(b, rd->s[rd->i]));
    return FAN_OK;
}

/* The checks of the reader's doc comment, each reported where it shows. */
static int check_position(reader *rd, chess_state *s, const board_text *bt)
{
    int count[2][7] = {{0}};
    static const int king_home[2] = {2, 42}; /* c1, c9 */
    /* in the order of the text, so that the later piece is the one blamed */
    for (int i = 0; i < FAN_CHESS_POINTS; i++) {
        int sq = BOARD_FROM_CHESS(FAN_CHESS_POINT(i % CHESS_FILES,
                                                  CHESS_RANKS - 1 - i / CHESS_FILES));
        int code = s->piece[sq];
        if (!code)
            continue;
        int side = CHESS_SIDE(code), type = CHESS_TYPE(code);
        int have = ++count[side][type] +
                   (type >= FAN_CHESS_QUEEN && type <= FAN_CHESS_KNIGHT
                        ? s->pool[side][CHESS_POOL_INDEX(type)]
                        : 0);
        if (have > START_COUNT[type])
            return impossible(rd, bt->at[sq],
                              "%s has more than %d %s%s%s", SIDE_NAMES[side],
                              START_COUNT[type], TYPE_NAMES[type],
                              START_COUNT[type] > 1 ? "s" : "",
                              type == FAN_CHESS_PAWN || type == FAN_CHESS_KING
                                  ? ""
                                  : " (board and pool)");
        if (type == FAN_CHESS_KING)
            s->king[side] = (uint8_t)sq;
        if (type == FAN_CHESS_PAWN &&
            SQ_COL(sq) == (side == CHESS_WHITE ? BOARD_COLS - 1 : 0))
            return impossible(rd, bt->at[sq], "a %s pawn on its far rank",
                              side ? "black" : "white");
    }
    for (int side = 0; side < 2; side++) {
        if (!count[side][FAN_CHESS_KING])
            return impossible(rd, 0, "%s has no king", SIDE_NAMES[side]);
        if ((s->unmoved >> side & 1) &&
            s->king[side] != BOARD_FROM_CHESS(king_home[side]))
            return impossible(rd, bt->flags_at,
                              "flag %c: %s's king is not on %s",
                              side ? 'k' : 'K', SIDE_NAMES[side],
                              side ? "c9" : "c1");
    }
    if (chess_attacked(s, s->stm ^ 1))
        return impossible(rd, 0, "%s, not to move, is in check",
                          SIDE_NAMES[s->stm ^ 1]);
    return FAN_OK;
}

FAN_API int fan_chess_from_string(fan_chess **out, const char *text,
                                  fan_parse_error *error)
{
    if (!out || !text)
        return FAN_EINVAL;
    if (error)
        memset(error, 0, sizeof *error);
    reader rd = {text, 0, error};
    board_text bt;
    chess_state s;
    memset(&s, 0, sizeof s);
    memset(&bt, 0, sizeof bt);
    s.king[0] = s.king[1] = CHESS_NONE;
    int r = read_fields(&rd, &s, &bt);
    if (r == FAN_OK)
        r = check_position(&rd, &s, &bt);
    if (r != FAN_OK)
        return r;
    return chess_handle_new(out, &s);
}

/* ------------------------------------------------------------------ */
/* Move notation                                                       */

/* The legal moves of pos from -> to (public form), into out. */
static int moves_between(fan_chess_move *out, const fan_chess *pos, int from,
                         int to)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    size_t n = 0, k = 0;
    fan_chess_moves(m, FAN_CHESS_MOVES_MAX, &n, pos);
    for (size_t i = 0; i < n; i++)
        if (FAN_CHESS_MOVE_FROM(m[i]) == from && FAN_CHESS_MOVE_TO(m[i]) == to)
            out[k++] = m[i];
    return (int)k;
}

FAN_API int fan_chess_move_to_string(char *buf, size_t size, size_t *needed,
                                     const fan_chess *pos,
                                     fan_chess_move move)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX];
    if (!pos || (!buf && size))
        return FAN_EINVAL;
    int from = FAN_CHESS_MOVE_FROM(move), to = FAN_CHESS_MOVE_TO(move);
    int n = moves_between(m, pos, from, to), found = 0, modes = 0;
    for (int i = 0; i < n; i++) {
        found |= m[i] == move;
        if (FAN_CHESS_MOVE_PROMOTION(m[i]) == FAN_CHESS_MOVE_PROMOTION(move))
            modes |= 1 << FAN_CHESS_MOVE_KIND(m[i]);
    }
    if (!found)
        return pos->result != FAN_ONGOING ? FAN_EGAMEOVER : FAN_EILLEGAL;
    writer w = {buf, size, 0};
    int code = chess_cur(pos)->piece[BOARD_FROM_CHESS(from)];
    text_put_char(&w, LETTERS[CHESS_TYPE(code)]);
    put_point(&w, from);
    text_put_char(&w, '-');
    put_point(&w, to);
    if ((modes >> FAN_CHESS_APPROACH & 1) && (modes >> FAN_CHESS_WITHDRAWAL & 1))
        text_put_char(&w, FAN_CHESS_MOVE_KIND(move) == FAN_CHESS_APPROACH ? 'A'
                                                                          : 'W');
    if (FAN_CHESS_MOVE_PROMOTION(move)) {
        text_put_char(&w, '=');
        text_put_char(&w, LETTERS[FAN_CHESS_MOVE_PROMOTION(move)]);
    }
    return text_finish(&w, needed);
}

typedef struct move_text {
    int type, from, to, kind, promo;
    size_t type_at, from_at, to_at, kind_at, promo_at;
} move_text;

static int read_move_text(reader *rd, move_text *t)
{
    char b[16];
    int r;
    t->type_at = rd->i;
    t->type = type_of_letter(rd->s[rd->i]);
    if (!t->type)
        return fail(rd, rd->i, "expected a piece letter KQRBNP, found %s",
                    text_char(b, rd->s[rd->i]));
    rd->i++;
    t->from_at = rd->i;
    if ((r = read_point(rd, &t->from)) != FAN_OK)
        return r;
    if (rd->s[rd->i] != '-')
        return fail(rd, rd->i, "expected '-' after the origin, found %s",
                    text_char(b, rd->s[rd->i]));
    rd->i++;
    t->to_at = rd->i;
    if ((r = read_point(rd, &t->to)) != FAN_OK)
        return r;
    t->kind_at = rd->i;
    t->kind = FAN_CHESS_ANY;
    if (rd->s[rd->i] == 'A' || rd->s[rd->i] == 'W')
        t->kind = rd->s[rd->i++] == 'A' ? FAN_CHESS_APPROACH
                                        : FAN_CHESS_WITHDRAWAL;
    t->promo_at = rd->i;
    t->promo = 0;
    if (rd->s[rd->i] == '=') {
        rd->i++;
        int p = type_of_letter(rd->s[rd->i]);
        if (p < FAN_CHESS_QUEEN || p > FAN_CHESS_KNIGHT)
            return fail(rd, rd->i,
                        "expected the promotion piece Q, R, B or N, found %s",
                        text_char(b, rd->s[rd->i]));
        t->promo = p;
        rd->i++;
    }
    if (rd->s[rd->i])
        return fail(rd, rd->i, "unexpected %s after the move",
                    text_char(b, rd->s[rd->i]));
    return FAN_OK;
}

static int resolve(reader *rd, fan_chess_move *out, const fan_chess *pos,
                   const move_text *t)
{
    fan_chess_move m[FAN_CHESS_MOVES_MAX], pick = 0;
    const char *txt = rd->s;
    int code = chess_cur(pos)->piece[BOARD_FROM_CHESS(t->from)];
    if (pos->result != FAN_ONGOING)
        return text_fail(rd, 0, FAN_EGAMEOVER, "the game is over");
    if (!code || CHESS_SIDE(code) != chess_cur(pos)->stm)
        return text_fail(rd, t->from_at, FAN_EILLEGAL,
                         "%.2s holds no piece of the side to move",
                         txt + t->from_at);
    if (CHESS_TYPE(code) != t->type)
        return text_fail(rd, t->type_at, FAN_EILLEGAL,
                         "the piece on %.2s is a %s, not a %s",
                         txt + t->from_at, TYPE_NAMES[CHESS_TYPE(code)],
                         TYPE_NAMES[t->type]);
    int n = moves_between(m, pos, t->from, t->to), fits = 0;
    if (n == 0)
        return text_fail(rd, t->to_at, FAN_EILLEGAL,
                         "the %s on %.2s has no legal move to %.2s",
                         TYPE_NAMES[t->type], txt + t->from_at, txt + t->to_at);
    int kinds = 0, promos = 0;
    for (int i = 0; i < n; i++) {
        kinds |= 1 << FAN_CHESS_MOVE_KIND(m[i]);
        promos |= 1 << FAN_CHESS_MOVE_PROMOTION(m[i]);
    }
    if (t->kind && !(kinds >> t->kind & 1))
        return text_fail(rd, t->kind_at, FAN_EILLEGAL,
                         "%.5s has no %s", txt + t->from_at,
                         t->kind == FAN_CHESS_APPROACH ? "approach capture"
                                                       : "withdrawal capture");
    if (t->promo && !(promos >> t->promo & 1))
        return text_fail(rd, t->promo_at, FAN_EILLEGAL,
                         promos & 1 ? "this move does not promote"
                                    : "no %s in the pool to promote to",
                         TYPE_NAMES[t->promo]);
    for (int i = 0; i < n; i++)
        if ((!t->kind || FAN_CHESS_MOVE_KIND(m[i]) == t->kind) &&
            (!t->promo || FAN_CHESS_MOVE_PROMOTION(m[i]) == t->promo)) {
            pick = m[i];
            fits++;
        }
    if (fits == 0)
        return text_fail(rd, t->kind_at, FAN_EILLEGAL, "no such legal move");
    if (fits > 1) {
        if (!t->kind && (kinds >> FAN_CHESS_APPROACH & 1) &&
            (kinds >> FAN_CHESS_WITHDRAWAL & 1))
            return text_fail(rd, t->kind_at, FAN_EAMBIGUOUS,
                             "%.5s captures by approach or withdrawal: add "
                             "A or W", txt + t->from_at);
        return text_fail(rd, t->promo_at, FAN_EAMBIGUOUS,
                         "name the promotion piece (=Q, =R, =B or =N)");
    }
    *out = pick;
    return FAN_OK;
}

FAN_API int fan_chess_parse_move(fan_chess_move *out, const fan_chess *pos,
                                 const char *text, fan_parse_error *error)
{
    if (!out || !pos || !text)
        return FAN_EINVAL;
    if (error)
        memset(error, 0, sizeof *error);
    reader rd = {text, 0, error};
    move_text t;
    int r = read_move_text(&rd, &t);
    return r != FAN_OK ? r : resolve(&rd, out, pos, &t);
}
