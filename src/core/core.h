/* Internal helpers shared by the files of src/core: the algorithm table, the provider lookup,
 * lifecycle markers, and the constant-flow and stack-wipe hooks. */
#ifndef FC_CORE_H
#define FC_CORE_H

#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "fieldcrypt/driver.h"

/* Context lifecycle markers. Any other value (e.g. an uninitialised context) is FC_ERR_STATE. */
#define FC_MAGIC_ACTIVE 0x46434131u   /* "FCA1": initialised, accepting input */
#define FC_MAGIC_DONE 0x46434446u     /* "FCDF": finished; only init may follow */

/* FC_DECLASSIFY marks a value as public for the constant-flow check (tests/c/test_constant_flow.c,
 * valgrind memcheck): a secret-derived result that is public by design, such as whether an
 * X25519 output is all zero or whether a tag matched. It compiles to nothing in normal builds. */
#if defined(FC_CTGRIND) && FC_CTGRIND
#include <valgrind/memcheck.h>
#define FC_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define FC_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/* Keeps a helper's buffers out of its caller's frame, so that they are not on the stack while
 * the caller goes on to the deep work (a scalar multiplication). */
#if defined(__GNUC__) || defined(__clang__)
#define FC_NOINLINE __attribute__((noinline))
#else
#define FC_NOINLINE
#endif

/* An algorithm's line of algorithms.def without its name (names live apart, in
 * algorithms.c, so firmware that never looks one up does not carry them). */
typedef struct fc_alg_entry {
    uint8_t family, mode, base;
    uint8_t out, key, nonce, block;
} fc_alg_entry;

/* The entry of alg, NULL when alg is not an id of the list. */
const fc_alg_entry *fc_core_alg(fc_alg alg);
/* alg's entry if alg belongs to family, else NULL. */
const fc_alg_entry *fc_core_alg_of(fc_alg alg, fc_family family);

/* provider NULL -> the default provider (never NULL in a build with a provider). */
const fc_provider *fc_core_provider(const fc_provider *provider);
/* provider's own implementation of alg (no chain, no mode), or NULL. */
const fc_impl *fc_core_own(const fc_provider *provider, fc_alg alg);
/* 1 when impl's state fits an area of area bytes (a driver built with another
 * configuration would overrun the context otherwise). */
static inline int fc_core_state_fits(const fc_impl *impl, size_t area)
{
    return impl->state_size <= area;
}

/* The status of an operation on a context already bound to its implementation (update,
 * final, block): such a call cannot be declined, so a "decline" is a fault, never passed on. */
static inline fc_status fc_core_bound(fc_status st)
{
    return st == FC_ERR_UNSUPPORTED ? FC_ERR_PROVIDER : st;
}

/* 1 when alg takes a key of key_len bytes: its list length, or one of the others its line
 * names (AES and its modes: 16, 24, 32; 3DES: 16, 24; Salsa20: 16, 32). */
int fc_core_key_len_ok(fc_alg alg, size_t key_len);

/* The block cipher alg runs over (aes-gcm -> FC_AES), FC_ALG_NONE if none. */
fc_alg fc_core_cipher_root(fc_alg alg);
/* 1 if a DES (8 bytes) or 3DES (16, 24) key is fit to use: no weak or semi-weak DES key, no
 * 3DES key that is single DES. Every provider's DES runs behind this check. */
int fc_core_des_key_ok(const uint8_t *key, size_t key_len);

/* The block cipher under a mode, on provider p only: p's own implementation of base, keyed
 * for dir into state (an area of area bytes, zeroed). *impl is set on FC_OK.
 * FC_ERR_UNSUPPORTED when p has none or declined, FC_ERR_PROVIDER when its state does not
 * fit. (block.c) */
fc_status fc_core_block_init_on(const fc_impl **impl, void *state, size_t area,
                                const fc_provider *p, fc_alg base, unsigned dir,
                                const uint8_t *key, size_t key_len);
/* Whole blocks through a keyed block cipher (a bound call: a decline is a fault). */
fc_status fc_core_block_encrypt(const fc_impl *impl, void *state, uint8_t *out,
                                const uint8_t *in, size_t blocks);
fc_status fc_core_block_decrypt(const fc_impl *impl, void *state, uint8_t *out,
                                const uint8_t *in, size_t blocks);
/* Releases what the block cipher holds outside state (the caller wipes state). */
void fc_core_block_release(const fc_impl *impl, void *state);

/* The CMAC mode (cmac.c) on a MAC state area: the block cipher's state at its start, then
 * CMAC's subkeys and buffers. init keys base on provider p (may decline). */
fc_status fc_core_cmac_init(const fc_impl **block, void *state, const fc_provider *p,
                            fc_alg base, const uint8_t *key, size_t key_len);
fc_status fc_core_cmac_update(const fc_impl *block, void *state, const uint8_t *data,
                              size_t len);
fc_status fc_core_cmac_final(const fc_impl *block, void *state, uint8_t *tag);

/* The GCM and CCM modes (gcm.c, ccm.c) on an AEAD state area over an AES implementation:
 * the block cipher's state at its start, then the mode's (GCM's hash key). init keys block
 * (may decline). Lengths as aead.h says, checked by the front end. */
fc_status fc_core_gcm_init(const fc_impl *block, void *state, const uint8_t *key,
                           size_t key_len);
fc_status fc_core_gcm_seal(const fc_impl *block, void *state, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len);
fc_status fc_core_gcm_open(const fc_impl *block, void *state, uint8_t *out,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag,
                           size_t tag_len);
fc_status fc_core_ccm_seal(const fc_impl *block, void *state, uint8_t *out, uint8_t *tag,
                           size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len);
fc_status fc_core_ccm_open(const fc_impl *block, void *state, uint8_t *out,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag,
                           size_t tag_len);

/* The KW and KWP modes (keywrap.c) over an AES keyed for encryption (wrap) or decryption
 * (unwrap); mode is FC_MODE_KW or FC_MODE_KWP, lengths as wrap.h says (the front end checks).
 * wrap writes fc_wrap_len bytes to out. unwrap runs in out (len - 8 bytes), checks the
 * integrity value (KWP: also the length and the zero padding) in constant time and sets
 * *key_len, or wipes out and returns FC_ERR_VERIFY. */
fc_status fc_core_kw_wrap(const fc_impl *block, void *state, unsigned mode, uint8_t *out,
                          const uint8_t *in, size_t len);
fc_status fc_core_kw_unwrap(const fc_impl *block, void *state, unsigned mode, uint8_t *out,
                            size_t *key_len, const uint8_t *in, size_t len);

/* The CHAPOLY mode (chapoly.c): ChaCha20 from chacha (a provider's own ChaCha20), Poly1305
 * from the chain starting at p. A 24-byte nonce is XChaCha20-Poly1305. */
fc_status fc_core_chapoly_seal(const fc_impl *chacha, const fc_provider *p,
                               const uint8_t key[32], uint8_t *out, uint8_t *tag,
                               size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                               const uint8_t *aad, size_t aad_len, const uint8_t *in,
                               size_t len);
fc_status fc_core_chapoly_open(const fc_impl *chacha, const fc_provider *p,
                               const uint8_t key[32], uint8_t *out, const uint8_t *nonce,
                               size_t nonce_len, const uint8_t *aad, size_t aad_len,
                               const uint8_t *in, size_t len, const uint8_t *tag,
                               size_t tag_len);

/* The MAC family inside the core, for the HKDF mode: init on one provider only (its own MAC
 * or the HMAC mode over its hash), FC_ERR_UNSUPPORTED when it has neither or declined. */
fc_status fc_core_mac_init_on(fc_mac_ctx *ctx, const fc_provider *p, fc_alg alg,
                              const uint8_t *key, size_t key_len);

/* The HMAC mode (hmac.c) on a hash implementation; state is a MAC state area. */
fc_status fc_core_hmac_init(const fc_impl *hash, void *state, const uint8_t *key,
                            size_t key_len);
fc_status fc_core_hmac_update(const fc_impl *hash, void *state, const uint8_t *data,
                              size_t len);
fc_status fc_core_hmac_final(const fc_impl *hash, void *state, uint8_t *tag);
void fc_core_hmac_release(const fc_impl *hash, void *state);

/* The HKDF mode (hkdf.c) over provider p's MAC mac_alg. */
fc_status fc_core_hkdf_extract(const fc_provider *p, fc_alg mac_alg, uint8_t *prk,
                               const uint8_t *salt, size_t salt_len, const uint8_t *ikm,
                               size_t ikm_len);
fc_status fc_core_hkdf_expand(const fc_provider *p, fc_alg mac_alg, uint8_t *okm,
                              size_t okm_len, const uint8_t *prk, size_t prk_len,
                              const uint8_t *info, size_t info_len);

/* The self-test's run (selftest.c): record reports one algorithm's result; check compares a
 * computed answer. The symmetric algorithms' known answers live in selftest_symmetric.c, the
 * elliptic curves' in selftest_ec.c. */
typedef struct fc_core_selftest fc_core_selftest;
void fc_core_selftest_record(fc_core_selftest *rs, fc_alg alg, fc_status st);
fc_status fc_core_selftest_check(fc_status st, const uint8_t *got, const uint8_t *expect,
                                 size_t len);
void fc_core_selftest_symmetric(const fc_provider *p, fc_core_selftest *rs);
void fc_core_selftest_ec(const fc_provider *p, fc_core_selftest *rs);

/* The default randomness source as fc_random_bytes(NULL, ...) would use it now: the installed
 * one, else the operating system's, else NULL. (rng.c) */
const fc_rng *fc_core_rng_default(void);

/* The DRBG mechanisms (hmac_drbg.c: SP 800-90A 10.1.2, ctr_drbg.c: 10.2.1) on a context whose
 * provider, alg and flags the front end (drbg.c) has set; the front end checks every length,
 * keeps the reseed counter and wipes the context when a mechanism fails. The seed material is
 * the concatenation of the pieces: entropy, nonce, personalization to instantiate (reseed 0:
 * the state starts afresh), entropy and additional input to reseed (reseed 1). */
typedef struct fc_core_bytes {
    const uint8_t *bytes; /* may be NULL when len is 0 */
    size_t len;
} fc_core_bytes;
fc_status fc_core_hmac_drbg_seed(fc_drbg_ctx *ctx, int reseed, const fc_core_bytes *in,
                                 size_t count);
fc_status fc_core_hmac_drbg_generate(fc_drbg_ctx *ctx, uint8_t *out, size_t len,
                                     const uint8_t *addl, size_t addl_len);
fc_status fc_core_ctr_drbg_seed(fc_drbg_ctx *ctx, int reseed, const fc_core_bytes *in,
                                size_t count);
fc_status fc_core_ctr_drbg_generate(fc_drbg_ctx *ctx, uint8_t *out, size_t len,
                                    const uint8_t *addl, size_t addl_len);

/* Zeroes FC_STACK_WIPE_BYTES of stack just below the caller's frame: where the callees of the
 * step that just returned kept their temporaries. Call it from the public function itself,
 * after the secret work, so it runs at the same depth as those callees. */
void fc_core_burn_stack(void);

/* After a curve operation computed tmp[len] with status st: out gets tmp on FC_OK and is wiped
 * otherwise; tmp is wiped, and so is the stack the provider's field arithmetic used
 * (fc_core_burn_stack). Returns st. (Four arguments: a fifth would cost stack on the M0's
 * deepest path.) */
fc_status fc_core_curve_finish(fc_status st, uint8_t *out, uint8_t *tmp, size_t len);

/* A Weierstrass curve's public numbers (ec_curves.c): p (L bytes, the curve's out) and n (K
 * bytes, its key), big-endian, n's bit length and its namedCurve OID's content bytes. */
typedef struct fc_core_curve {
    uint16_t alg;
    uint16_t nbits;
    uint16_t oid_len;
    const uint8_t *p, *n, *oid;
} fc_core_curve;
const fc_core_curve *fc_core_curve_of(fc_alg alg);
const fc_core_curve *fc_core_curve_by_oid(const uint8_t *oid, size_t oid_len);

/* A SEC1 point (either form) of curve c into raw X || Y (2L bytes), validated: the encoding,
 * X, Y < p, and on the curve (a compressed point through a provider's decompress, an
 * uncompressed one by decompressing its X and comparing Y) unless check_curve is 0 (for
 * callers whose provider operation checks the curve itself). (ec.c) */
fc_status fc_core_ec_point(const fc_provider *provider, const fc_core_curve *c, uint8_t *xy,
                           const uint8_t *point, size_t point_len, int check_curve);
/* The SEC1 encoding of a point of curve c, checked without curve arithmetic (length, prefix,
 * X and Y < p): X || Y (uncompressed) or X alone into xy, *form = 4, 2 or 3. (ec.c) */
fc_status fc_core_ec_encoding(const fc_core_curve *c, uint8_t *xy, uint8_t *form,
                              const uint8_t *point, size_t point_len);
/* 1 when priv (K bytes) is in [1, n - 1]; the verdict is public. (ec.c) */
int fc_core_ec_private_ok(const fc_core_curve *c, const uint8_t *priv, size_t k);
/* Starts a job on the first sliceable implementation of alg on the chain that accepts in
 * (engine.c): for the start functions of engine.h outside the engine. */
fc_status fc_core_job_start(fc_job *job, const fc_provider *provider, fc_alg alg,
                           fc_family family, const fc_job_input *in);
/* Constant-time a < b for big-endian strings of len bytes (1 or 0). */
unsigned fc_core_be_less(const uint8_t *a, const uint8_t *b, size_t len);

/* 1 if two u-coordinate encodings (32 bytes: Curve25519, 24: Curve19119) are the same field
 * element once decoded (top bit masked, values >= p reduced), so a reflected share cannot hide
 * behind another encoding. For public shares only: not constant time. */
int fc_core_same_u(const uint8_t *a, const uint8_t *b, size_t len);

/* rsa.c: k, the modulus's bytes without leading zeros, when the key is one rsa.h takes (and,
 * for a private key, its CRT values are there), else 0. */
size_t fc_core_rsa_public_check(const fc_rsa_public_key *key);
size_t fc_core_rsa_private_check(const fc_rsa_private_key *key);

#endif
