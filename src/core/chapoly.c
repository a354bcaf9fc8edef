/* The CHAPOLY mode: ChaCha20-Poly1305 (RFC 8439 section 2.8) and, with a 24-byte nonce,
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03 section 2: ChaCha20-Poly1305 keyed with
 * HChaCha20(key, nonce[0..16]) and the nonce 00000000 || nonce[16..24]).
 *
 * ChaCha20 runs on the implementation the front end (aead.c) hands over, through its
 * operations, on a state on this function's stack: block 0's first 32 bytes are the one-time
 * Poly1305 key, blocks 1, 2 ... encrypt. Poly1305 runs through the MAC family on the chain
 * starting at p, over aad || pad16 || ciphertext || pad16 || le64(aad_len) || le64(len).
 * The front end has checked pointers and lengths (tag 16 bytes, a message within the 32-bit
 * block counter, 2^38 - 64 bytes); out may be in (in place).
 *
 * Opening computes the tag over the ciphertext first and decrypts only when it matched (the
 * comparison is fc_ct_equal), so a forged message never produces plaintext. Branches depend on
 * lengths, statuses and that verdict only. The Poly1305 key, the keystream and both states are
 * wiped on every path.
 */
#include "core.h"

#define CHAPOLY_TAG 16
#define CHAPOLY_BLOCK 64

/* One message's ChaCha20 and Poly1305. */
typedef struct chapoly_run {
    const fc_impl *chacha;
    int chacha_bound;                   /* init succeeded: release is owed */
    union {
        uint64_t align;
        void *align_ptr;
        uint8_t bytes[FC_STREAM_STATE_SIZE];
    } state;
    uint8_t keystream[CHAPOLY_BLOCK];
    fc_mac_ctx mac;
} chapoly_run;

static const uint8_t chapoly_zeros[16];

/* Poly1305 over data and the zeros that pad it to a multiple of 16 bytes. */
static fc_status chapoly_mac_padded(fc_mac_ctx *mac, const uint8_t *data, size_t len)
{
    fc_status st = fc_mac_update(mac, data, len);
    if (st == FC_OK && len % 16 != 0)
        st = fc_mac_update(mac, chapoly_zeros, 16 - len % 16);
    return st;
}

/* ChaCha20 keyed for this message (a 24-byte nonce: with the HChaCha20 subkey), block 0 as the
 * Poly1305 key, and the associated data through Poly1305. */
static fc_status chapoly_start(chapoly_run *run, const fc_provider *p, const uint8_t key[32],
                               const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                               size_t aad_len)
{
    const fc_impl *chacha = run->chacha;
    uint8_t subkey[32], nonce12[12];
    fc_status st = FC_OK;
    if (!fc_core_state_fits(chacha, sizeof(run->state)))
        return FC_ERR_PROVIDER;
    if (nonce_len == 24) {
        if (chacha->ops.stream.subkey == NULL)
            return FC_ERR_UNSUPPORTED;
        memset(nonce12, 0, 4);
        memcpy(nonce12 + 4, nonce + 16, 8);
        st = chacha->ops.stream.subkey(chacha, subkey, key, nonce);
        key = subkey;
    } else {
        memcpy(nonce12, nonce, 12);
    }
    if (st == FC_OK)
        st = chacha->ops.stream.init(chacha, run->state.bytes, key, 32, nonce12, 12, 0);
    if (st == FC_OK) {
        run->chacha_bound = 1;
        st = fc_core_bound(chacha->ops.stream.block(chacha, run->state.bytes, run->keystream));
    }
    if (st == FC_OK)
        st = fc_mac_init(&run->mac, p, FC_POLY1305, run->keystream, 32);
    if (st == FC_OK)
        st = chapoly_mac_padded(&run->mac, aad, aad_len);
    fc_zeroize(subkey, sizeof(subkey));
    fc_zeroize(run->keystream, sizeof(run->keystream)); /* the Poly1305 key */
    return st;
}

/* out = in XOR the keystream from block 1 on; with mac set, Poly1305 over out as it goes. */
static fc_status chapoly_crypt(chapoly_run *run, uint8_t *out, const uint8_t *in, size_t len,
                               fc_mac_ctx *mac)
{
    const fc_impl *chacha = run->chacha;
    fc_status st = FC_OK;
    size_t off, n, i;
    for (off = 0; off < len && st == FC_OK; off += n) {
        n = len - off < CHAPOLY_BLOCK ? len - off : CHAPOLY_BLOCK;
        st = fc_core_bound(chacha->ops.stream.block(chacha, run->state.bytes, run->keystream));
        if (st != FC_OK)
            return st;
        for (i = 0; i < n; i++)
            out[off + i] = (uint8_t)(in[off + i] ^ run->keystream[i]);
        if (mac != NULL)
            st = fc_mac_update(mac, out + off, n);
    }
    return st;
}

/* Poly1305's last block, le64(aad_len) || le64(len), and the tag. */
static fc_status chapoly_finish(chapoly_run *run, uint8_t tag[CHAPOLY_TAG], size_t aad_len,
                                size_t len)
{
    uint8_t lengths[16];
    uint64_t a = (uint64_t)aad_len, c = (uint64_t)len;
    unsigned i;
    fc_status st;
    for (i = 0; i < 8; i++) {
        lengths[i] = (uint8_t)(a >> (8 * i));
        lengths[8 + i] = (uint8_t)(c >> (8 * i));
    }
    st = fc_mac_update(&run->mac, lengths, sizeof(lengths));
    if (st == FC_OK)
        st = fc_mac_final(&run->mac, tag, CHAPOLY_TAG);
    return st;
}

static void chapoly_end(chapoly_run *run)
{
    if (run->chacha_bound && run->chacha->ops.stream.release != NULL)
        run->chacha->ops.stream.release(run->chacha, run->state.bytes);
    fc_mac_wipe(&run->mac);
    fc_zeroize(run, sizeof(*run));
}

static void chapoly_begin(chapoly_run *run, const fc_impl *chacha)
{
    memset(run, 0, sizeof(*run)); /* a zeroed state for ChaCha20's init, an idle MAC context */
    run->chacha = chacha;
}

fc_status fc_core_chapoly_seal(const fc_impl *chacha, const fc_provider *p,
                               const uint8_t key[32], uint8_t *out, uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                               const uint8_t *aad, size_t aad_len, const uint8_t *in,
                               size_t len)
{
    chapoly_run run;
    uint8_t t[CHAPOLY_TAG];
    fc_status st;
    if (tag_len != CHAPOLY_TAG || (nonce_len != 12 && nonce_len != 24))
        return FC_ERR_LENGTH;
    chapoly_begin(&run, chacha);
    /* a failure before the first byte of out (a decline among them) leaves out alone: it may be
     * the caller's plaintext, in place, for the next provider */
    st = chapoly_start(&run, p, key, nonce, nonce_len, aad, aad_len);
    if (st == FC_OK) {
        st = chapoly_crypt(&run, out, in, len, &run.mac);
        if (st == FC_OK && len % 16 != 0)
            st = fc_mac_update(&run.mac, chapoly_zeros, 16 - len % 16);
        if (st == FC_OK)
            st = chapoly_finish(&run, t, aad_len, len);
        if (st == FC_OK)
            memcpy(tag, t, CHAPOLY_TAG);
        else
            fc_zeroize(out, len); /* no ciphertext without its tag */
    }
    chapoly_end(&run);
    fc_zeroize(t, sizeof(t));
    return st;
}

fc_status fc_core_chapoly_open(const fc_impl *chacha, const fc_provider *p,
                               const uint8_t key[32], uint8_t *out, const uint8_t *nonce,
                               size_t nonce_len, const uint8_t *aad, size_t aad_len,
                               const uint8_t *in, size_t len, const uint8_t *tag,
                               size_t tag_len)
{
    chapoly_run run;
    uint8_t expect[CHAPOLY_TAG];
    fc_status st;
    if (tag_len != CHAPOLY_TAG || (nonce_len != 12 && nonce_len != 24))
        return FC_ERR_LENGTH;
    chapoly_begin(&run, chacha);
    /* the tag over the ciphertext first: nothing is decrypted unless it matches */
    st = chapoly_start(&run, p, key, nonce, nonce_len, aad, aad_len);
    if (st == FC_OK)
        st = chapoly_mac_padded(&run.mac, in, len);
    if (st == FC_OK)
        st = chapoly_finish(&run, expect, aad_len, len);
    if (st == FC_OK && !fc_ct_equal(expect, tag, CHAPOLY_TAG))
        st = FC_ERR_VERIFY;
    if (st == FC_OK) {
        st = chapoly_crypt(&run, out, in, len, NULL);
        if (st != FC_OK)
            fc_zeroize(out, len); /* no partial plaintext */
    }
    chapoly_end(&run);
    fc_zeroize(expect, sizeof(expect));
    return st;
}
