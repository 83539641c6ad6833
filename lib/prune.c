/* SPDX-License-Identifier: MIT */
/* The tables of the search's reduction switches: the logarithmic late
 * move reductions of lmr2, r = floor(a + ln(depth) * ln(i) / b), filled
 * at the start of a run that uses them. The library does not link the
 * maths library: the logarithms come from a short series. */
#include "engine.h"

/* ln(x) for x >= 1: x = 2^k * m with m in [1, 2), then
 * ln m = 2 * atanh(z) with z = (m - 1) / (m + 1) <= 1/3. */
static double ln_of(double x)
{
    static const double ln2 = 0.69314718055994530942;
    int k = 0;
    while (x >= 2.0) {
        x /= 2.0;
        k++;
    }
    double z = (x - 1.0) / (x + 1.0), z2 = z * z, term = z, sum = 0.0;
    for (int n = 1; n < 40; n += 2) {
        sum += term / n;
        term *= z2;
    }
    return k * ln2 + 2.0 * sum;
}

void lmr_table_fill(unsigned char t[LMR_TABLE][LMR_TABLE], int a100, int b100)
{
    double a = a100 / 100.0, b = (b100 > 0 ? b100 : 1) / 100.0;
    for (int d = 0; d < LMR_TABLE; d++)
        for (int i = 0; i < LMR_TABLE; i++) {
            double r = d && i ? a + ln_of(d) * ln_of(i) / b : 0.0;
            t[d][i] = r <= 0.0 ? 0 : r >= 60.0 ? 60 : (unsigned char)r;
        }
}
