/* The algorithm table, generated from algorithms.def: ids to families, modes and lengths, and
 * names to ids. */
#include "core.h"

static const fc_alg_entry entries[FC_ALG_COUNT] = {
#define FC_ALG(id, name, family, mode, base, out, key, nonce, block) \
    [id] = {FC_FAMILY_##family, FC_MODE_##mode, base, out, key, nonce, block},
#include "fieldcrypt/algorithms.def"
};

/* Apart from the entries: only fc_alg_find and fc_alg_name pull the names into an image. */
static const char *const names[FC_ALG_COUNT] = {
#define FC_ALG(id, name, family, mode, base, out, key, nonce, block) [id] = name,
#include "fieldcrypt/algorithms.def"
};

const fc_alg_entry *fc_core_alg(fc_alg alg)
{
    return (unsigned)alg - 1u < (unsigned)FC_ALG_COUNT - 1u ? &entries[alg] : NULL;
}

const fc_alg_entry *fc_core_alg_of(fc_alg alg, fc_family family)
{
    const fc_alg_entry *e = fc_core_alg(alg);
    return e != NULL && e->family == family ? e : NULL;
}

fc_status fc_alg_get(fc_alg alg, fc_alg_info *info)
{
    const fc_alg_entry *e = fc_core_alg(alg);
    if (info == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    info->name = names[alg];
    info->family = (fc_family)e->family;
    info->mode = (fc_mode)e->mode;
    info->base = (fc_alg)e->base;
    info->out_len = e->out;
    info->key_len = e->key;
    info->nonce_len = e->nonce;
    info->block_len = e->block;
    return FC_OK;
}

fc_alg fc_alg_find(const char *name)
{
    unsigned i;
    if (name == NULL)
        return FC_ALG_NONE;
    for (i = 1; i < FC_ALG_COUNT; i++)
        if (strcmp(names[i], name) == 0)
            return (fc_alg)i;
    return FC_ALG_NONE;
}

const char *fc_alg_name(fc_alg alg)
{
    return fc_core_alg(alg) != NULL ? names[alg] : NULL;
}

static const char *const family_names[FC_FAMILY_COUNT] = {
#define FC_FAMILY(family) [FC_FAMILY_##family] = #family,
#include "fieldcrypt/algorithms.def"
};

static const char *const mode_names[FC_MODE_COUNT] = {
#define FC_MODE(mode) [FC_MODE_##mode] = #mode,
#include "fieldcrypt/algorithms.def"
};

const char *fc_family_name(fc_family family)
{
    return (unsigned)family - 1u < (unsigned)FC_FAMILY_COUNT - 1u ? family_names[family] : NULL;
}

const char *fc_mode_name(fc_mode mode)
{
    return (unsigned)mode - 1u < (unsigned)FC_MODE_COUNT - 1u ? mode_names[mode] : NULL;
}
