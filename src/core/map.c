/* MAP front end (the Elligator2 maps): the chain walk and the output discipline of the curve
 * operations (xdh.c). */
#include "core.h"

fc_status fc_map(const fc_provider *provider, fc_alg alg, uint8_t *u, const uint8_t *r)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_MAP);
    uint8_t tmp[FC_XDH_MAX_LEN];
    const fc_provider *p;
    const fc_impl *impl;
    fc_status st = FC_ERR_UNSUPPORTED;
    if (u == NULL || r == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        if ((impl = fc_core_own(p, alg)) != NULL)
            st = impl->ops.map.map(impl, tmp, r);
    return fc_core_curve_finish(st, u, tmp, e->out);
}
