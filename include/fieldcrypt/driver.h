/* Writing a provider: an accelerator driver, an adapter to another library, fieldcrypt's own.
 *
 * A provider is a name, a list of implementation descriptors (fc_impl) and the provider its
 * declines go to. A descriptor says which algorithm it implements (algorithms.def), how many
 * bytes of context state it uses, what it is (constant time, sliceable, hardware) and holds
 * the operations of the algorithm's family. It is the shape of a PSA transparent driver:
 * typed entry points per operation, and an entry point that returns FC_ERR_UNSUPPORTED for one
 * call hands that call to the next provider. docs/drivers.md walks through one from an empty
 * file to passing tests; tests/c/test_driver.c is a complete one.
 *
 * What the core guarantees before an operation runs: every pointer it needs is non-NULL (a
 * pointer with a zero length may be NULL), every length is one the algorithm takes (the
 * algorithm's line of algorithms.def, and the family's rules in its header), outputs do not
 * overlap inputs unless the family says so, and state points to an area of the context that
 * is 8-byte aligned, at least state_size bytes long and zeroed before init. What it does
 * after: copies an output to the caller only on FC_OK (on failure the caller's buffer is left
 * untouched by the hash and MAC families and wiped by the others, which write into it as
 * they go), wipes the state when the context ends (after release, which runs once for
 * every state whose init succeeded and never for another), checks shared secrets for zero. So
 * an operation only computes. A descriptor whose state_size (or job_state_size) exceeds the
 * area of this build is refused with FC_ERR_PROVIDER: a misbuilt driver, not a decline.
 *
 * Declining: an operation that starts something (a one-shot call; init, which binds a context
 * to this implementation; a job's start) may return FC_ERR_UNSUPPORTED having written nothing
 * (it may have used state: the core wipes it), and the core runs the call on the next
 * provider. update, final, block and release run on a context already bound: they complete or
 * fail, never decline (an FC_ERR_UNSUPPORTED from them is taken as FC_ERR_PROVIDER). Any status other than FC_OK and FC_ERR_UNSUPPORTED (FC_ERR_PROVIDER for
 * a peripheral fault) ends the call with that status and no output: the core never retries a
 * failure.
 *
 * Constant time: a descriptor with FC_IMPL_CONSTANT_TIME promises that no branch and no memory
 * index depends on secret data, and its file says how where that is not obvious.
 */
#ifndef FIELDCRYPT_DRIVER_H
#define FIELDCRYPT_DRIVER_H

#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "status.h"
#include "algorithms.h"
#include "provider.h"
#include "hash.h"
#include "mac.h"
#include "stream.h"
#include "cipher.h"
#include "aead.h"
#include "engine.h"
#include "sink.h"
#include "rsa.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What an implementation is (fc_impl.flags). */
#define FC_IMPL_CONSTANT_TIME 0x1u  /* no secret-dependent branch or memory index */
#define FC_IMPL_SLICEABLE 0x2u      /* runs as a resumable job (job below, engine.h) */
#define FC_IMPL_HARDWARE 0x4u       /* drives a peripheral or a CPU extension */

/* An implementation descriptor (struct fc_impl below). */
typedef struct fc_impl fc_impl;

/* Every operation takes its descriptor first (one function may serve several algorithms:
 * impl->alg tells which), then its state (streaming families), then outputs, then inputs:
 * the order of the public API. */

/* FC_FAMILY_HASH. final writes the algorithm's out bytes. */
typedef struct fc_hash_ops {
    fc_status (*init)(const fc_impl *impl, void *state);
    fc_status (*update)(const fc_impl *impl, void *state, const uint8_t *data, size_t len);
    fc_status (*final)(const fc_impl *impl, void *state, uint8_t *digest);
    void (*release)(const fc_impl *impl, void *state); /* outside resources; NULL if none */
} fc_hash_ops;

/* FC_FAMILY_MAC. HMAC: a key of any length (key may be NULL when key_len is 0); the other
 * MACs: one of their listed lengths (the core checks). */
typedef struct fc_mac_ops {
    fc_status (*init)(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len);
    fc_status (*update)(const fc_impl *impl, void *state, const uint8_t *data, size_t len);
    fc_status (*final)(const fc_impl *impl, void *state, uint8_t *tag);
    void (*release)(const fc_impl *impl, void *state);
} fc_mac_ops;

/* FC_FAMILY_KDF, extract-then-expand (RFC 5869). extract writes out bytes (HashLen); expand
 * gets prk_len >= HashLen and 1 <= okm_len <= 255 * HashLen. */
typedef struct fc_kdf_ops {
    fc_status (*extract)(const fc_impl *impl, uint8_t *prk, const uint8_t *salt,
                         size_t salt_len, const uint8_t *ikm, size_t ikm_len);
    fc_status (*expand)(const fc_impl *impl, uint8_t *okm, size_t okm_len, const uint8_t *prk,
                        size_t prk_len, const uint8_t *info, size_t info_len);
} fc_kdf_ops;

/* FC_FAMILY_STREAM. The core buffers the keystream: block writes the next block (the
 * algorithm's block bytes) and advances the counter. subkey is the cipher's core as a subkey
 * function (HSalsa20 for Salsa20, HChaCha20 for ChaCha20), used by the XNONCE and SUBKEY
 * modes; NULL if none. ChaCha20's nonce is 12 bytes (RFC 8439: 32-bit counter) or 8 (the
 * original: 64-bit counter); a counter that would wrap ends the stream with FC_ERR_LENGTH. */
typedef struct fc_stream_ops {
    fc_status (*init)(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len,
                      const uint8_t *nonce, size_t nonce_len, uint64_t counter);
    fc_status (*block)(const fc_impl *impl, void *state, uint8_t *keystream);
    fc_status (*subkey)(const fc_impl *impl, uint8_t out[32], const uint8_t key[32],
                        const uint8_t in[16]);
    void (*release)(const fc_impl *impl, void *state);
} fc_stream_ops;

/* FC_FAMILY_XDH: out = X(scalar, u) with the curve's clamping (the core checks for an
 * all-zero result). scalarmult_base NULL: the core calls scalarmult with the base point. */
typedef struct fc_xdh_ops {
    fc_status (*scalarmult)(const fc_impl *impl, uint8_t *out, const uint8_t *scalar,
                            const uint8_t *u);
    fc_status (*scalarmult_base)(const fc_impl *impl, uint8_t *out, const uint8_t *scalar);
} fc_xdh_ops;

/* FC_FAMILY_MAP: out = map_to_curve(in), both of the algorithm's out bytes. */
typedef struct fc_map_ops {
    fc_status (*map)(const fc_impl *impl, uint8_t *out, const uint8_t *in);
} fc_map_ops;

/* FC_FAMILY_BLOCK: a block cipher. init keys the state for the directions in dir
 * (FC_ENCRYPT, FC_DECRYPT or both; a peripheral that only encrypts declines a call asking
 * for decryption); encrypt and decrypt process blocks whole blocks (the algorithm's block
 * bytes each), out == in allowed. Counter modes, GCM, CCM, CMAC, wrapping and CTR_DRBG use
 * encrypt only; unwrapping and ECB/CBC decryption use decrypt. Weak DES keys never reach an
 * implementation: the core refuses them (FC_ERR_WEAK_KEY) for every provider. */
typedef struct fc_block_ops {
    fc_status (*init)(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                      size_t key_len);
    fc_status (*encrypt)(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                         size_t blocks);
    fc_status (*decrypt)(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                         size_t blocks);
    void (*release)(const fc_impl *impl, void *state);
} fc_block_ops;

/* FC_FAMILY_CIPHER: a provider's own ECB, CBC or counter mode. iv is the algorithm's nonce
 * bytes (NULL for ECB). The core buffers partial blocks and does the padding, so crypt gets
 * whole blocks (out == in allowed) and continues the chain or counter of the previous call;
 * for the tail of a counter mode the core passes a zero block and keeps the keystream.
 * set_iv restarts the chain or counter with a new iv. */
typedef struct fc_cipher_ops {
    fc_status (*init)(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                      size_t key_len, const uint8_t *iv);
    fc_status (*crypt)(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                       size_t len);
    fc_status (*set_iv)(const fc_impl *impl, void *state, const uint8_t *iv);
    void (*release)(const fc_impl *impl, void *state);
} fc_cipher_ops;

/* FC_FAMILY_AEAD: a provider's own GCM, CCM or ChaCha20-Poly1305, keyed once, then any
 * number of seal and open calls (aead.h gives the lengths each takes). out == in allowed.
 * open returns FC_ERR_VERIFY when the tag does not match; whatever it wrote to out is then
 * wiped by the core, and the caller never sees it. */
typedef struct fc_aead_ops {
    fc_status (*init)(const fc_impl *impl, void *state, const uint8_t *key, size_t key_len);
    fc_status (*seal)(const fc_impl *impl, void *state, uint8_t *out, uint8_t *tag,
                      size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                      const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len);
    fc_status (*open)(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *nonce,
                      size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
                      size_t len, const uint8_t *tag, size_t tag_len);
    void (*release)(const fc_impl *impl, void *state);
} fc_aead_ops;

/* FC_FAMILY_WRAP: a provider's own key wrap. wrap writes fc_wrap_len(alg, len) bytes;
 * unwrap writes the unwrapped key and its length (KW: len - 8; KWP: the length in its
 * header) into out, which has len - 8 bytes of room, or returns FC_ERR_VERIFY (the core then
 * wipes out[0..len - 8)). */
typedef struct fc_wrap_ops {
    fc_status (*wrap)(const fc_impl *impl, uint8_t *out, const uint8_t *kek, size_t kek_len,
                      const uint8_t *in, size_t len);
    fc_status (*unwrap)(const fc_impl *impl, uint8_t *out, size_t *out_len,
                        const uint8_t *kek, size_t kek_len, const uint8_t *in, size_t len);
} fc_wrap_ops;

/* FC_FAMILY_EC: a short-Weierstrass curve (ec.h). A point is raw X || Y, big-endian, each
 * coordinate the algorithm's out bytes; a private key, a nonce k and each half of a raw
 * signature r || s are big-endian of its key bytes. Before a call the core has checked the
 * encodings and ranges it can check without the curve's arithmetic: private keys and k in
 * [1, n - 1], coordinates < p, r and s in [1, n - 1]. The implementation checks that every
 * point it is given satisfies the curve equation (FC_ERR_POINT otherwise, before any secret is
 * used with it). All curves of the list have cofactor 1, so a point on the curve is in the
 * group and the shared point of a valid key is never the point at infinity.
 *   public_key  pub = priv * G.
 *   ecdh        shared = x(priv * peer).
 *   sign        the ECDSA signature r || s of the digest integer e (key bytes, big-endian:
 *               the hash already truncated to n's bit length, FIPS 186-5, and possibly >= n)
 *               with nonce k. r = 0 or s = 0 (probability about 1/n): FC_ERR_ARGUMENT with
 *               nothing written, and the core draws the next k.
 *   verify      FC_OK when sig is a valid signature of e under pub, FC_ERR_VERIFY when not
 *               (may run in variable time: everything is public).
 *   decompress  pub from x and the parity of y (SEC1 2.3.4); FC_ERR_POINT when x^3 + ax + b
 *               has no square root. NULL: the next provider decompresses.
 *   check       FC_OK when pub satisfies the curve equation, FC_ERR_POINT when not (public
 *               data). NULL: the next provider checks, and where none does, the core
 *               decompresses X and compares Y (a square root instead of a few products). */
typedef struct fc_ec_ops {
    fc_status (*public_key)(const fc_impl *impl, uint8_t *pub, const uint8_t *priv);
    fc_status (*ecdh)(const fc_impl *impl, uint8_t *shared, const uint8_t *priv,
                      const uint8_t *peer);
    fc_status (*sign)(const fc_impl *impl, uint8_t *sig, const uint8_t *priv, const uint8_t *e,
                      const uint8_t *k);
    fc_status (*verify)(const fc_impl *impl, const uint8_t *pub, const uint8_t *e,
                        const uint8_t *sig);
    fc_status (*decompress)(const fc_impl *impl, uint8_t *pub, const uint8_t *x,
                            unsigned y_odd);
    fc_status (*check)(const fc_impl *impl, const uint8_t *pub);
} fc_ec_ops;

/* FC_FAMILY_EDDSA: Ed25519 and its variants (RFC 8032, eddsa.h). seed is the 32-byte private
 * key, pub the 32-byte public key, sig 64 bytes. sign gets pub from the core, which computed it
 * from seed or was given it by the caller. context is the variant's context string (empty for
 * FC_ED25519, 0 to 255 bytes for FC_ED25519CTX and FC_ED25519PH); for FC_ED25519PH msg is
 * already the message's SHA-512 (64 bytes). verify returns FC_OK or FC_ERR_VERIFY under the
 * rules eddsa.h states; a public key that does not decode is FC_ERR_VERIFY too. to_x25519
 * (FC_ED25519 only; NULL: the next provider) writes the X25519 u of pub, FC_ERR_POINT when pub
 * does not decode or is of small order. */
typedef struct fc_eddsa_ops {
    fc_status (*public_key)(const fc_impl *impl, uint8_t *pub, const uint8_t *seed);
    fc_status (*sign)(const fc_impl *impl, uint8_t *sig, const uint8_t *seed,
                      const uint8_t *pub, const uint8_t *context, size_t context_len,
                      const uint8_t *msg, size_t msg_len);
    fc_status (*verify)(const fc_impl *impl, const uint8_t *pub, const uint8_t *context,
                        size_t context_len, const uint8_t *msg, size_t msg_len,
                        const uint8_t *sig);
    fc_status (*to_x25519)(const fc_impl *impl, uint8_t *u, const uint8_t *pub);
} fc_eddsa_ops;

/* FC_FAMILY_RSA (rsa.h): the raw operations and key generation; the core does the padding,
 * the key checks and the DER. k is the modulus's length in bytes (without leading zeros);
 * in and out are k bytes, in < n, and the key has passed rsa.h's checks (n odd, its bits in
 * the build's range, 3 <= e < n, e odd). work is the provider's part of the caller's
 * fc_rsa_work: FC_RSA_PROVIDER_WORK_SIZE bytes, 8-byte aligned, after the core's two k-byte
 * buffers; the provider wipes what it leaves there (the core wipes the whole area too).
 *   public_op   out = in^e mod n.
 *   private_op  out = in^d mod n with the CRT values of key, blinded with randomness from rng
 *               (never NULL), checked with e before out is written: FC_ERR_PROVIDER for a
 *               result that fails the check, FC_ERR_KEY for parts that do not agree.
 *   generate    a key of bits bits (a multiple of 64, 2048 to FC_RSA_MAX_BITS) with exponent e
 *               (odd, >= 3) into parts, FC_RSA_PARTS_SIZE(bits / 8) bytes, big-endian, each
 *               at its full length (leading zeros kept): n (k bytes), d (k), p (k / 2),
 *               q (k / 2), dP (k / 2), dQ (k / 2), qInv (k / 2), with p > q, p q = n of
 *               exactly bits bits and d = e^-1 mod lcm(p - 1, q - 1). parts lies at the end of
 *               the provider's area, so generate's own work is FC_RSA_GENERATE_WORK_SIZE bytes.
 * A NULL operation declines, as FC_ERR_UNSUPPORTED does. */
typedef struct fc_rsa_ops {
    fc_status (*public_op)(const fc_impl *impl, void *work, uint8_t *out,
                           const fc_rsa_public_key *key, const uint8_t *in);
    fc_status (*private_op)(const fc_impl *impl, void *work, uint8_t *out,
                            const fc_rsa_private_key *key, const uint8_t *in, const fc_rng *rng);
    fc_status (*generate)(const fc_impl *impl, void *work, const fc_rng *rng, uint8_t *parts,
                          unsigned bits, uint32_t e);
} fc_rsa_ops;

/* The split of fc_rsa_work (FC_RSA_WORK_SIZE bytes): the core's two buffers of the largest
 * modulus's bytes first, then the provider's area; for generate, the parts at the end of the
 * provider's area. FC_RSA_PROVIDER_WORK(work) is the provider's area of an fc_rsa_work. */
#define FC_RSA_CORE_WORK_SIZE (2 * FC_RSA_MAX_BYTES)
#define FC_RSA_PROVIDER_WORK_SIZE (FC_RSA_WORK_SIZE - FC_RSA_CORE_WORK_SIZE)
#define FC_RSA_PARTS_SIZE(k) (2 * (k) + 5 * ((k) / 2))
#define FC_RSA_GENERATE_WORK_SIZE \
    (FC_RSA_PROVIDER_WORK_SIZE - FC_RSA_PARTS_SIZE(FC_RSA_MAX_BYTES))
#define FC_RSA_PROVIDER_WORK(work) ((void *)((uint8_t *)(work) + FC_RSA_CORE_WORK_SIZE))
#define FC_RSA_PARTS(work) \
    ((uint8_t *)(work) + FC_RSA_WORK_SIZE - FC_RSA_PARTS_SIZE(FC_RSA_MAX_BYTES))

/* FC_FAMILY_DRBG has no operations of its own: its two mechanisms are the core's modes over
 * the provider's HMAC or AES (drbg.h). */

/* A job's inputs, whatever its family (engine.h). Before start the core has made the checks
 * of the family's synchronous front end that need no curve arithmetic (ec.h, eddsa.h: ranges,
 * encodings, lengths, DER); only msg is read during the steps, every other input must be
 * copied by start. */
typedef struct fc_job_input {
    uint8_t *out;             /* written once, when the job ends well (NULL: a verification) */
    const uint8_t *data;      /* xdh: the scalar; map: r; hash: the message (NULL: writer);
                               * ec: the private key (ecdh, sign), e (verify: the digest
                               * truncated as fc_ec_ops.sign says, K bytes); eddsa sign: the
                               * seed */
    size_t data_len;          /* hash: message bytes */
    const uint8_t *point;     /* xdh: u, NULL for the base point; ec: the peer (ecdh) or the
                               * public key (verify), X || Y or X alone (point_form); eddsa: the
                               * public key (sign: NULL, the job computes the seed's own) */
    fc_writer writer;         /* hash: the message as a writer (sink.h), or NULL */
    const void *src;          /* the writer's source */
    uint8_t op;               /* FC_JOB_OP_*: which operation of the family */
    uint8_t point_form;       /* ec: 4 (X || Y, the curve equation still to check), or 2 / 3
                               * (X alone, y even / odd: the job decompresses) */
    const uint8_t *sig;       /* verify: the raw signature (ecdsa r || s, in [1, n - 1]; eddsa
                               * 64 bytes) */
    const uint8_t *msg;       /* eddsa: the message, read during the steps (Ed25519ph: the
                               * message itself; the job hashes it first); ecdsa sign: e */
    size_t msg_len;
    const uint8_t *context;   /* eddsa: the context string, checked against the variant */
    size_t context_len;
    const uint8_t *entropy;   /* ecdsa sign: K random bytes to hedge the nonce with, or NULL */
    uint16_t hash;            /* ecdsa sign: the hash that keys RFC 6979's HMAC */
    uint8_t flags;            /* ecdsa sign: FC_ECDSA_LOW_S or 0 */
    const void *key;          /* rsa: the fc_rsa_public_key (public op) or fc_rsa_private_key
                               * (private op), checked by the core (rsa.h); data is the input,
                               * k bytes below n */
    void *work;               /* rsa: the provider's part of the caller's fc_rsa_work, which
                               * the job uses until it ends (not copied: it must stay put) */
    const fc_rng *rng;        /* rsa private op: the blinding's randomness (drawn by start) */
} fc_job_input;

/* fc_job_input.op */
#define FC_JOB_OP_DEFAULT 0   /* the family's one job: xdh, map, hash */
#define FC_JOB_OP_ECDH 1      /* ec: shared x coordinate into out (L bytes) */
#define FC_JOB_OP_VERIFY 2    /* ec, eddsa: FC_OK or FC_ERR_VERIFY, nothing written */
#define FC_JOB_OP_SIGN 3      /* ec: raw r || s (data: the private key, msg: e, K bytes, not
                               * reduced); eddsa: the 64-byte signature; into out */
#define FC_JOB_OP_RSA_PUBLIC 4 /* rsa: out = data^e mod n, k bytes */
#define FC_JOB_OP_RSA_PRIVATE 5 /* rsa: out = data^d mod n by the CRT, blinded, checked */

/* A sliceable implementation's job (FC_IMPL_SLICEABLE). state is the job's state area
 * (FC_JOB_STATE_SIZE bytes, 8-byte aligned). start copies what the job needs into it (the
 * engine has zeroed it; start may decline); run works until budget is spent (engine.h: cost
 * units, at least one unit per call) and returns FC_PENDING, or FC_OK with the output
 * written, or a failure with nothing written. With a clock, spent cycles are read from it
 * between units; the clock may have wiped the job (fc_job_wipe zeroes the state area), and
 * run then returns FC_ERR_STATE. */
typedef struct fc_job_ops {
    fc_status (*start)(const fc_impl *impl, void *state, const fc_job_input *in);
    fc_status (*run)(void *state, uint32_t budget, fc_cycle_counter clock, void *user);
} fc_job_ops;

/* An implementation: one algorithm of a provider, what it is (flags), the state it needs
 * and its family's operations. Write it with designated initializers; const, in flash. */
struct fc_impl {
    uint16_t alg;             /* fc_alg */
    uint16_t flags;           /* FC_IMPL_* */
    uint16_t state_size;      /* bytes of the context's state area it uses (0: none) */
    uint16_t job_state_size;  /* bytes of a job's state area its job uses (sliceable only) */
    fc_job_ops job;           /* FC_IMPL_SLICEABLE only */
    union {                   /* the family's operations: set the member of alg's family */
        fc_hash_ops hash;
        fc_mac_ops mac;
        fc_kdf_ops kdf;
        fc_stream_ops stream;
        fc_xdh_ops xdh;
        fc_map_ops map;
        fc_block_ops block;
        fc_cipher_ops cipher;
        fc_aead_ops aead;
        fc_wrap_ops wrap;
        fc_ec_ops ec;
        fc_eddsa_ops eddsa;
        fc_rsa_ops rsa;
    } ops;
};

/* A provider: its name, its implementations and the provider its declines go to. */
struct fc_provider {
    const char *name;                 /* what fc_provider_find looks for */
    const char *description;          /* one line */
    const fc_impl *const *impls;      /* its implementations, one algorithm each */
    size_t impl_count;
    const fc_provider *next;          /* where declined calls go: NULL, or &fc_provider_soft */
};

/* fieldcrypt's own constant-time C (and assembly), present in every build. */
extern const fc_provider fc_provider_soft;

/* Compile-time check that an implementation's state fits its family's area, e.g.
 * FC_STATE_FITS(struct my_sha_state, FC_HASH_STATE_SIZE); raise the size in the build's
 * configuration (config.h) when it fails. */
#define FC_STATE_FITS(type, area) \
    _Static_assert(sizeof(type) <= (area), "state larger than its context's area: see config.h")

#ifdef __cplusplus
}
#endif
#endif
