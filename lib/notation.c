/* SPDX-License-Identifier: MIT */
/* Square names. */
#include "position.h"

FAN_API int fan_square_name(char *buf, size_t size, int square)
{
    if (!buf)
        return FAN_EINVAL;
    if (!VALID_SQUARE(square))
        return FAN_ERANGE;
    if (size < 3)
        return FAN_EBUFS;
    buf[0] = (char)('a' + SQ_COL(square));
    buf[1] = (char)('1' + SQ_ROW(square));
    buf[2] = '\0';
    return FAN_OK;
}

FAN_API int fan_square_parse(const char *text)
{
    if (!text)
        return FAN_EINVAL;
    if (text[0] < 'a' || text[0] > 'i' || text[1] < '1' || text[1] > '5' ||
        text[2] != '\0')
        return FAN_EPARSE;
    return (text[0] - 'a') + BOARD_COLS * (text[1] - '1');
}
