/* SPDX-License-Identifier: MIT */
/* Placeholder: the hand weights (material 100, mobility 2) until the
 * tuner writes this file. */
#include "search.h"

const eval_weights eval_tuned_weights = {
    .mg = {[EF_MATERIAL] = 100, [EF_PAIKA_OWN] = 2, [EF_PAIKA_OPP] = -2},
    .eg = {[EF_MATERIAL] = 100, [EF_PAIKA_OWN] = 2, [EF_PAIKA_OPP] = -2},
    .groups = EG_MOBILITY,
};
