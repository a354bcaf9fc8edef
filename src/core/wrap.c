/* Key wrap front end (wrap.h): argument checks, the chain walk (a provider's own key wrap, or
 * the core's KW and KWP modes of keywrap.c over the provider's own AES, keyed into a state
 * area on the stack that is released and wiped after the call), and the output discipline:
 * on failure fc_wrap wipes what it wrote of out, fc_unwrap wipes out[0..len - 8), and *out_len
 * is left as it was. */
#include "core.h"

/* KWP's length field is 32 bits */
static int over_32_bits(uint64_t len)
{
    return len > 0xffffffffu;
}

size_t fc_wrap_len(fc_alg alg, size_t len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_WRAP);
    if (e == NULL || len > (size_t)-1 - 16)
        return 0;
    if (e->mode == FC_MODE_KWP)
        return ((len + 7) & ~(size_t)7) + 8;
    return len + 8;
}

/* One call of the chain walk on provider p: its own key wrap, or the mode over its AES. */
static fc_status run_on(const fc_provider *p, const fc_alg_entry *e, fc_alg alg, int unwrap,
                        uint8_t *out, size_t *key_len, const uint8_t *kek, size_t kek_len,
                        const uint8_t *in, size_t len)
{
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_BLOCK_STATE_SIZE];
    } area;
    const fc_impl *own = fc_core_own(p, alg), *aes = NULL;
    fc_status st;
    if (own != NULL)
        return unwrap ? own->ops.wrap.unwrap(own, out, key_len, kek, kek_len, in, len)
                      : own->ops.wrap.wrap(own, out, kek, kek_len, in, len);
    st = fc_core_block_init_on(&aes, area.bytes, sizeof(area), p, (fc_alg)e->base,
                               unwrap ? FC_DECRYPT : FC_ENCRYPT, kek, kek_len);
    if (st != FC_OK)
        return st; /* no AES on p, or it declined: the next provider */
    if (unwrap)
        st = fc_core_kw_unwrap(aes, area.bytes, e->mode, out, key_len, in, len);
    else
        st = fc_core_kw_wrap(aes, area.bytes, e->mode, out, in, len);
    fc_core_block_release(aes, area.bytes);
    fc_zeroize(&area, sizeof(area));
    return st; /* a bound call's decline is a fault already (fc_core_block_encrypt) */
}

/* The checks both directions share; FC_OK when the call may run. */
static fc_status check(const fc_alg_entry *e, fc_alg alg, const uint8_t *out,
                       const size_t *out_len, const uint8_t *kek, size_t kek_len,
                       const uint8_t *in)
{
    if (out == NULL || out_len == NULL || kek == NULL || in == NULL)
        return FC_ERR_NULL;
    if (e == NULL)
        return FC_ERR_ARGUMENT;
    if (!fc_core_key_len_ok(alg, kek_len))
        return FC_ERR_LENGTH;
    return FC_OK;
}

fc_status fc_wrap(const fc_provider *provider, fc_alg alg, uint8_t *out, size_t *out_len,
                  const uint8_t *kek, size_t kek_len, const uint8_t *in, size_t len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_WRAP);
    const fc_provider *p;
    size_t need;
    fc_status st = check(e, alg, out, out_len, kek, kek_len, in);
    if (st != FC_OK)
        return st;
    if (e->mode == FC_MODE_KWP ? (len < 1 || over_32_bits(len)) : (len < 16 || len % 8 != 0))
        return FC_ERR_LENGTH;
    need = fc_wrap_len(alg, len);
    if (need == 0 || *out_len < need)
        return FC_ERR_LENGTH;
    st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        st = run_on(p, e, alg, 0, out, NULL, kek, kek_len, in, len);
    if (st == FC_OK)
        *out_len = need;
    else
        fc_zeroize(out, need);
    return st;
}

fc_status fc_unwrap(const fc_provider *provider, fc_alg alg, uint8_t *out, size_t *out_len,
                    const uint8_t *kek, size_t kek_len, const uint8_t *in, size_t len)
{
    const fc_alg_entry *e = fc_core_alg_of(alg, FC_FAMILY_WRAP);
    const fc_provider *p;
    size_t key_len = 0;
    fc_status st = check(e, alg, out, out_len, kek, kek_len, in);
    if (st != FC_OK)
        return st;
    if (len < (e->mode == FC_MODE_KWP ? 16u : 24u) || len % 8 != 0 || *out_len < len - 8)
        return FC_ERR_LENGTH;
    st = FC_ERR_UNSUPPORTED;
    for (p = fc_core_provider(provider); p != NULL && st == FC_ERR_UNSUPPORTED; p = p->next)
        st = run_on(p, e, alg, 1, out, &key_len, kek, kek_len, in, len);
    if (st == FC_OK && key_len > len - 8)
        st = FC_ERR_PROVIDER; /* a driver claiming more than it had room for */
    if (st == FC_OK)
        *out_len = key_len;
    else
        fc_zeroize(out, len - 8);
    return st;
}
