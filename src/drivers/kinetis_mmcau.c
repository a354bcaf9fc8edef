/* AES, DES, 3DES and SHA-1/224/256 on the Kinetis mmCAU (the "Memory-Mapped Cryptographic
 * Acceleration Unit (MMCAU)" chapter of the Kinetis K-series reference manuals; the command
 * encoding as in NXP's cau2_defines.hdr; the unit's Cortex-M0+ address as NXP's KL8x mmCAU
 * library uses it). Written from those descriptions and FIPS 197 / FIPS 46-3 / FIPS 180-4; no
 * code of NXP's library. DES: the command sequence and the DESK/DESR flag bits as NXP's
 * (Freescale's) mmCAU library publishes them (mmcau_des_functions.c, cau2_defines.h; read in
 * the copy vendored by SiliconLabs/wiseconnect under
 * third_party/wpa_supplicant/supplicant/src/crypto/mmcau_lib/).
 *
 * The unit: registers CASR (status), CAA (accumulator), CA0..CA8, on the private peripheral
 * bus. A word written to CAU_DIRECT carries up to three 9-bit commands without operands; a
 * word written to the indirect window of a command (base + 0x800 + 4 * command) is that
 * command's operand (LDR load, ADR add, XOR, ROTL rotate, AESC MixColumn-and-add-round-key,
 * AESIC its inverse), and reading the STR window of a register returns it.
 * AES: the state is CA0..CA3, one column per register with row 0 in the top byte; a round is
 * AESS on each column (SubBytes), AESR (ShiftRows) and AESC with the round key word (or XOR
 * in the last round); decryption runs AESIR, AESIS and AESIC (InvMixColumns of the state xor
 * the round key) over the same, forward, key schedule. The key schedule is computed by the
 * unit too (ROTL 8, AESS for RotWord and SubWord). SHA-1: CA0..CA4 = a..e, HASH HFC/HFP/HFM
 * adds f(b,c,d), SHS shifts; SHA-256: CA0..CA7 = a..h, CA8 holds T1 or a schedule word, HASH
 * HF2T/HF2C/HF2S/HF2M add Sigma1, Ch, Sigma0, Maj, HF2U/HF2V sigma0, sigma1, SHS2 shifts.
 * DES: the key in CA0:CA1 and the block in CA2:CA3 (big-endian words); DESK sets the key up
 * (DC: for decryption), then 16 DESR, IP on the first, FP on the last, each rotating C and D
 * as FIPS 46-3's schedule says (KSL1/KSL2 left by 1/2, KSR1/KSR2 right). 3DES runs that three
 * times on the block left in CA2:CA3 (EDE), loading each pass's key.
 *
 * Constant time: the unit takes one fixed sequence of commands per block whatever the data;
 * the driver's loops and indices depend on lengths and round numbers only, and it moves bytes
 * with fixed shifts (no table of its own indexed by data: the S-box is the unit's).
 *
 * Weak DES keys are checked by comparing the parity-masked key with every listed key through
 * fc_ct_equal, acting only on the verdict (as soft does).
 *
 * Secrets: the round keys (DES: the keys) live in the caller's context (state); the unit's
 * registers hold key and data during a call and are loaded with zeros before the call
 * returns, on every path; the message schedule on the stack (32 words) is wiped.
 */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "fieldcrypt/driver.h"
#include "fieldcrypt/drivers/kinetis_mmcau.h"

#if defined(__ARM_ARCH_6M__)
#define CAU_BASE 0xF0005000u /* KL8x (Cortex-M0+) */
#else
#define CAU_BASE 0xE0081000u /* K series (Cortex-M4) */
#endif
#define CAU_DIRECT (*(volatile uint32_t *)CAU_BASE)
#define CAU_IND(cmd) (*(volatile uint32_t *)(CAU_BASE + 0x800u + 4u * (uint32_t)(cmd)))

/* registers */
#define CASR 0x0u
#define CAA 0x1u
#define CA(i) (0x2u + (i))
/* commands: the operation in bits 8:4, the register or the function in bits 3:0 */
#define LDR 0x010u
#define STR 0x020u
#define ADR 0x030u
#define ADRA 0x050u
#define XOR 0x060u
#define ROTL 0x070u
#define MVRA 0x080u
#define MVAR 0x090u
#define AESS 0x0A0u
#define AESIS 0x0B0u
#define AESC 0x0C0u
#define AESIC 0x0D0u
#define AESR 0x0E0u
#define AESIR 0x0F0u
#define DESR 0x100u
#define DESK 0x110u
#define HASH 0x120u
#define SHS 0x130u
#define SHS2 0x150u
/* DESK and DESR flags */
#define DES_DC 0x1u /* DESK: set up for decryption */
#define DES_IP 0x8u /* DESR: initial permutation first */
#define DES_FP 0x4u /* DESR: the last round, then the final permutation */
#define KSL1 0x0u   /* DESR: then C, D <<< 1; KSL2 <<< 2, KSR1 >>> 1, KSR2 >>> 2 */
#define KSL2 0x1u
#define KSR1 0x2u
#define KSR2 0x3u
/* HASH functions */
#define HFP 0x2u /* parity, b ^ c ^ d */
#define HFC 0x4u /* Ch(b, c, d) */
#define HFM 0x5u /* Maj(b, c, d) */
#define HF2C 0x6u
#define HF2M 0x7u
#define HF2S 0x8u
#define HF2T 0x9u
#define HF2U 0xAu
#define HF2V 0xBu
/* a CAU_DIRECT word of one, two or three commands */
#define CMD1(a) (0x80000000u | ((uint32_t)(a) << 22))
#define CMD2(a, b) (0x80100000u | ((uint32_t)(a) << 22) | ((uint32_t)(b) << 11))
#define CMD3(a, b, c) (0x80100200u | ((uint32_t)(a) << 22) | ((uint32_t)(b) << 11) | (uint32_t)(c))

#define CASR_VERSION(v) ((v) >> 28)

static inline uint32_t load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* ---- the unit, one call at a time */
enum { CAU_UNKNOWN, CAU_READY, CAU_ABSENT };

static volatile uint8_t cau_busy;
static uint8_t cau_detected = CAU_UNKNOWN;
static uint8_t cau_version;

/* The unit for one call, or 0 when another call holds it. PRIMASK around the test and set, so
 * an interrupt cannot take it in between (ARMv6-M has no exclusive loads). */
static int claim(void)
{
    uint32_t primask;
    int got;
    __asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(primask)::"memory");
    got = !cau_busy;
    cau_busy = 1;
    __asm__ volatile("msr primask, %0" ::"r"(primask) : "memory");
    return got;
}

/* Loads zeros into CAA and CA0..CA8 (key, state, message words), then frees the unit. */
static void release(void)
{
    unsigned i;
    CAU_IND(LDR + CAA) = 0;
    for (i = 0; i < 9; i++)
        CAU_IND(LDR + CA(i)) = 0;
    __asm__ volatile("dmb" ::: "memory");
    cau_busy = 0;
}

/* ---- AES (FIPS 197) */
typedef struct {
    uint32_t rk[60]; /* 4 * (rounds + 1) round key words, big-endian columns */
    uint32_t rounds;
} cau_aes_state;

FC_STATE_FITS(cau_aes_state, FC_BLOCK_STATE_SIZE);

/* FIPS 197 5.2: Rcon[i] = x^(i-1) in GF(2^8), the top byte of the word */
static const uint8_t rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

/* FIPS 197 5.2 KeyExpansion; RotWord and SubWord on the unit's CAA. Unit held by the caller. */
static void aes_expand(cau_aes_state *s, const uint8_t *key, size_t key_len)
{
    const unsigned nk = (unsigned)(key_len / 4), total = 4u * (nk + 7u);
    unsigned i;
    for (i = 0; i < nk; i++)
        s->rk[i] = load32_be(key + 4 * i);
    CAU_IND(LDR + CAA) = s->rk[nk - 1];
    for (i = nk; i < total; i++) {
        if (i % nk == 0) {
            CAU_IND(ROTL + CAA) = 8;
            CAU_DIRECT = CMD1(AESS + CAA);
            CAU_IND(XOR + CAA) = (uint32_t)rcon[i / nk - 1] << 24;
        } else if (nk == 8 && i % nk == 4) {
            CAU_DIRECT = CMD1(AESS + CAA);
        }
        CAU_IND(XOR + CAA) = s->rk[i - nk];
        s->rk[i] = CAU_IND(STR + CAA);
    }
    s->rounds = nk + 6u;
}

static void aes_encrypt_block(const cau_aes_state *s, uint8_t *out, const uint8_t *in)
{
    const uint32_t *rk = s->rk;
    unsigned c, r;
    for (c = 0; c < 4; c++) {
        CAU_IND(LDR + CA(c)) = load32_be(in + 4 * c);
        CAU_IND(XOR + CA(c)) = rk[c];
    }
    for (r = 1; r < s->rounds; r++) {
        rk += 4;
        CAU_DIRECT = CMD3(AESS + CA(0), AESS + CA(1), AESS + CA(2));
        CAU_DIRECT = CMD2(AESS + CA(3), AESR);
        CAU_IND(AESC + CA(0)) = rk[0];
        CAU_IND(AESC + CA(1)) = rk[1];
        CAU_IND(AESC + CA(2)) = rk[2];
        CAU_IND(AESC + CA(3)) = rk[3];
    }
    rk += 4;
    CAU_DIRECT = CMD3(AESS + CA(0), AESS + CA(1), AESS + CA(2));
    CAU_DIRECT = CMD2(AESS + CA(3), AESR);
    for (c = 0; c < 4; c++)
        CAU_IND(XOR + CA(c)) = rk[c];
    for (c = 0; c < 4; c++)
        store32_be(out + 4 * c, CAU_IND(STR + CA(c)));
}

static void aes_decrypt_block(const cau_aes_state *s, uint8_t *out, const uint8_t *in)
{
    const uint32_t *rk = s->rk + 4 * s->rounds;
    unsigned c, r;
    for (c = 0; c < 4; c++) {
        CAU_IND(LDR + CA(c)) = load32_be(in + 4 * c);
        CAU_IND(XOR + CA(c)) = rk[c];
    }
    for (r = 1; r < s->rounds; r++) {
        rk -= 4;
        CAU_DIRECT = CMD3(AESIR, AESIS + CA(0), AESIS + CA(1));
        CAU_DIRECT = CMD2(AESIS + CA(2), AESIS + CA(3));
        CAU_IND(AESIC + CA(0)) = rk[0];
        CAU_IND(AESIC + CA(1)) = rk[1];
        CAU_IND(AESIC + CA(2)) = rk[2];
        CAU_IND(AESIC + CA(3)) = rk[3];
    }
    rk -= 4;
    CAU_DIRECT = CMD3(AESIR, AESIS + CA(0), AESIS + CA(1));
    CAU_DIRECT = CMD2(AESIS + CA(2), AESIS + CA(3));
    for (c = 0; c < 4; c++)
        CAU_IND(XOR + CA(c)) = rk[c];
    for (c = 0; c < 4; c++)
        store32_be(out + 4 * c, CAU_IND(STR + CA(c)));
}

/* FIPS 197 Appendix C.1 (AES-128) */
static const uint8_t kat_key[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
static const uint8_t kat_plain[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t kat_cipher[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                       0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};

/* FIPS 197 C.1 on the unit with the round keys expanded as the rounds go (four words on the
 * stack: the detection runs inside callers whose stack budget has no room for a schedule).
 * Unit held by the caller. */
static void kat_block(uint8_t out[16])
{
    uint32_t w[4];
    unsigned c, r;
    for (c = 0; c < 4; c++) {
        w[c] = load32_be(kat_key + 4 * c);
        CAU_IND(LDR + CA(c)) = load32_be(kat_plain + 4 * c);
        CAU_IND(XOR + CA(c)) = w[c];
    }
    for (r = 1; r <= 10; r++) {
        CAU_IND(LDR + CAA) = w[3]; /* w[0] ^= SubWord(RotWord(w[3])) ^ Rcon */
        CAU_IND(ROTL + CAA) = 8;
        CAU_DIRECT = CMD1(AESS + CAA);
        CAU_IND(XOR + CAA) = (uint32_t)rcon[r - 1] << 24;
        CAU_IND(XOR + CAA) = w[0];
        w[0] = CAU_IND(STR + CAA);
        w[1] ^= w[0];
        w[2] ^= w[1];
        w[3] ^= w[2];
        CAU_DIRECT = CMD3(AESS + CA(0), AESS + CA(1), AESS + CA(2));
        CAU_DIRECT = CMD2(AESS + CA(3), AESR);
        for (c = 0; c < 4; c++)
            CAU_IND((r < 10 ? AESC : XOR) + CA(c)) = w[c];
    }
    for (c = 0; c < 4; c++)
        store32_be(out + 4 * c, CAU_IND(STR + CA(c)));
}

int fc_kinetis_mmcau_ready(void)
{
    uint8_t out[16];
    if (cau_detected != CAU_UNKNOWN)
        return cau_detected == CAU_READY;
    if (!claim())
        return 0; /* held: ask again on the next call */
    cau_version = (uint8_t)CASR_VERSION(CAU_IND(STR + CASR));
    kat_block(out);
    release();
    cau_detected = cau_version != 0 && fc_ct_equal(out, kat_cipher, 16) ? CAU_READY : CAU_ABSENT;
    return cau_detected == CAU_READY;
}

static fc_status aes_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                          size_t key_len)
{
    (void)impl;
    (void)dir; /* both directions run on the forward schedule */
    if ((key_len != 16 && key_len != 24 && key_len != 32) || !fc_kinetis_mmcau_ready())
        return FC_ERR_UNSUPPORTED;
    if (!claim())
        return FC_ERR_UNSUPPORTED; /* another call holds the unit: soft */
    aes_expand((cau_aes_state *)state, key, key_len);
    release();
    return FC_OK;
}

static fc_status aes_blocks(const void *state, uint8_t *out, const uint8_t *in, size_t blocks,
                            int decrypt)
{
    size_t i;
    if (!claim())
        return FC_ERR_PROVIDER; /* bound contexts never decline */
    for (i = 0; i < blocks; i++) {
        if (decrypt)
            aes_decrypt_block((const cau_aes_state *)state, out + 16 * i, in + 16 * i);
        else
            aes_encrypt_block((const cau_aes_state *)state, out + 16 * i, in + 16 * i);
    }
    release();
    return FC_OK;
}

static fc_status aes_encrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    (void)impl;
    return aes_blocks(state, out, in, blocks, 0);
}

static fc_status aes_decrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    (void)impl;
    return aes_blocks(state, out, in, blocks, 1);
}

#if FC_WITH_DES
/* ---- DES and 3DES (FIPS 46-3, SP 800-67): the keys as big-endian words, K1 K2 K3 (DES: K1) */
typedef struct {
    uint32_t key[3][2];
    uint32_t passes; /* 1: DES, 3: 3DES */
} cau_des_state;

FC_STATE_FITS(cau_des_state, FC_BLOCK_STATE_SIZE);

/* The 16 rounds of one pass as CAU_DIRECT words: DESK, DESR + IP with the first shift, the
 * shifts 1,2,2,2,2,2,2,1,2,2,2,2,2,2,1 after each round (FIPS 46-3's schedule, one round
 * ahead: DESK applies the first), DESR + FP last. Decryption: the same right shifts. */
#define DES_PASS(dc, one, two)                                                                \
    {CMD3(DESK + (dc), DESR + DES_IP + (one), DESR + (two)),                                   \
     CMD3(DESR + (two), DESR + (two), DESR + (two)),                                           \
     CMD3(DESR + (two), DESR + (two), DESR + (one)),                                           \
     CMD3(DESR + (two), DESR + (two), DESR + (two)),                                           \
     CMD3(DESR + (two), DESR + (two), DESR + (two)),                                           \
     CMD2(DESR + (one), DESR + DES_FP)}
static const uint32_t des_pass[2][6] = {DES_PASS(0u, KSL1, KSL2), DES_PASS(DES_DC, KSR1, KSR2)};

/* FIPS 74 3.6 (also SP 800-67): the four weak keys, then the six semi-weak pairs, parity bits
 * clear */
static const uint8_t des_weak[16][8] = {
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00},
    {0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe},
    {0xe0, 0xe0, 0xe0, 0xe0, 0xf0, 0xf0, 0xf0, 0xf0},
    {0x1e, 0x1e, 0x1e, 0x1e, 0x0e, 0x0e, 0x0e, 0x0e},
    {0x00, 0xfe, 0x00, 0xfe, 0x00, 0xfe, 0x00, 0xfe},
    {0xfe, 0x00, 0xfe, 0x00, 0xfe, 0x00, 0xfe, 0x00},
    {0x1e, 0xe0, 0x1e, 0xe0, 0x0e, 0xf0, 0x0e, 0xf0},
    {0xe0, 0x1e, 0xe0, 0x1e, 0xf0, 0x0e, 0xf0, 0x0e},
    {0x00, 0xe0, 0x00, 0xe0, 0x00, 0xf0, 0x00, 0xf0},
    {0xe0, 0x00, 0xe0, 0x00, 0xf0, 0x00, 0xf0, 0x00},
    {0x1e, 0xfe, 0x1e, 0xfe, 0x0e, 0xfe, 0x0e, 0xfe},
    {0xfe, 0x1e, 0xfe, 0x1e, 0xfe, 0x0e, 0xfe, 0x0e},
    {0x00, 0x1e, 0x00, 0x1e, 0x00, 0x0e, 0x00, 0x0e},
    {0x1e, 0x00, 0x1e, 0x00, 0x0e, 0x00, 0x0e, 0x00},
    {0xe0, 0xfe, 0xe0, 0xfe, 0xf0, 0xfe, 0xf0, 0xfe},
    {0xfe, 0xe0, 0xfe, 0xe0, 0xfe, 0xf0, 0xfe, 0xf0}};

static void des_masked(uint8_t out[8], const uint8_t key[8])
{
    unsigned i;
    for (i = 0; i < 8; i++)
        out[i] = (uint8_t)(key[i] & 0xfeu); /* parity bits play no part in DES */
}

/* The keys soft refuses with FC_ERR_WEAK_KEY (src/providers/soft/des.c): DES's weak and
 * semi-weak keys, 3DES bundles with K1 = K2 or K2 = K3 (K3 = K1 in a 16-byte bundle). */
static int des_refused(fc_alg alg, const uint8_t *key, size_t key_len)
{
    uint8_t a[8], b[8];
    unsigned i;
    int refused = 0;
    des_masked(a, key);
    if (alg == FC_DES) {
        for (i = 0; i < 16; i++)
            refused |= fc_ct_equal(a, des_weak[i], 8);
    } else {
        des_masked(b, key + 8);
        refused = fc_ct_equal(a, b, 8);
        des_masked(a, key_len == 24 ? key + 16 : key);
        refused |= fc_ct_equal(a, b, 8);
    }
    fc_zeroize(a, sizeof(a));
    fc_zeroize(b, sizeof(b));
    return refused;
}

/* Keys the driver does not take (wrong lengths, the refused keys) are declined, so that soft
 * answers them with its own status (FC_ERR_LENGTH, FC_ERR_WEAK_KEY): the same as soft alone. */
static fc_status des_init(const fc_impl *impl, void *state, unsigned dir, const uint8_t *key,
                          size_t key_len)
{
    cau_des_state *s = (cau_des_state *)state;
    unsigned i;
    (void)dir; /* the keys serve both directions */
    if (impl->alg == FC_DES ? key_len != 8 : (key_len != 16 && key_len != 24))
        return FC_ERR_UNSUPPORTED;
    if (!fc_kinetis_mmcau_ready() || des_refused(impl->alg, key, key_len))
        return FC_ERR_UNSUPPORTED;
    s->passes = impl->alg == FC_DES ? 1u : 3u;
    for (i = 0; i < s->passes; i++) {
        const uint8_t *k = i == 2 && key_len == 16 ? key : key + 8 * i; /* 2-key: K3 = K1 */
        s->key[i][0] = load32_be(k);
        s->key[i][1] = load32_be(k + 4);
    }
    return FC_OK;
}

/* One pass of DES over the block in CA2:CA3 with key k. Unit held by the caller. */
static void des_pass_run(const uint32_t k[2], int decrypt)
{
    const uint32_t *cmd = des_pass[decrypt];
    unsigned i;
    CAU_IND(LDR + CA(0)) = k[0];
    CAU_IND(LDR + CA(1)) = k[1];
    for (i = 0; i < 6; i++)
        CAU_DIRECT = cmd[i];
}

static fc_status des_blocks(const cau_des_state *s, uint8_t *out, const uint8_t *in,
                            size_t blocks, int decrypt)
{
    size_t i;
    if (!claim())
        return FC_ERR_PROVIDER; /* bound contexts never decline */
    for (i = 0; i < blocks; i++, in += 8, out += 8) {
        CAU_IND(LDR + CA(2)) = load32_be(in);
        CAU_IND(LDR + CA(3)) = load32_be(in + 4);
        if (s->passes == 1) {
            des_pass_run(s->key[0], decrypt);
        } else { /* E K1, D K2, E K3; decryption D K3, E K2, D K1 */
            des_pass_run(s->key[decrypt ? 2 : 0], decrypt);
            des_pass_run(s->key[1], !decrypt);
            des_pass_run(s->key[decrypt ? 0 : 2], decrypt);
        }
        store32_be(out, CAU_IND(STR + CA(2)));
        store32_be(out + 4, CAU_IND(STR + CA(3)));
    }
    release();
    return FC_OK;
}

static fc_status des_encrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    (void)impl;
    return des_blocks((const cau_des_state *)state, out, in, blocks, 0);
}

static fc_status des_decrypt(const fc_impl *impl, void *state, uint8_t *out, const uint8_t *in,
                             size_t blocks)
{
    (void)impl;
    return des_blocks((const cau_des_state *)state, out, in, blocks, 1);
}
#endif /* FC_WITH_DES */

/* ---- SHA-1, SHA-224, SHA-256 (FIPS 180-4): the driver pads, the unit compresses */
typedef struct {
    uint32_t h[8];
    uint64_t total; /* bytes hashed so far */
    uint8_t buf[64];
    uint32_t buf_len;
} cau_hash_state;

FC_STATE_FITS(cau_hash_state, FC_HASH_STATE_SIZE);

/* FIPS 180-4 4.2.2 */
static const uint32_t sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
/* FIPS 180-4 5.3.1 (SHA-1), 5.3.2 (SHA-224), 5.3.3 (SHA-256) */
static const uint32_t sha1_iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
static const uint32_t sha224_iv[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                      0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
static const uint32_t sha256_iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
/* FIPS 180-4 4.2.1 and the function of each 20 rounds (4.1.1) */
static const uint32_t sha1_k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};
static const uint8_t sha1_f[4] = {HFC, HFP, HFM, HFP};

/* One SHA-256 round on the unit (FIPS 180-4 6.2.2 step 3), kw = K[t] + W[t] added by the core
 * (one store fewer): T1 = h + Sigma1(e) + Ch(e,f,g) + kw into CA8, CAA = T1 + Sigma0(a) +
 * Maj(a,b,c); SHS2: e = d + T1, a = CAA, the rest move down. */
#define SHA256_ROUND(kw)                                                                      \
    do {                                                                                       \
        CAU_IND(LDR + CAA) = (kw);                                                             \
        CAU_DIRECT = CMD3(ADRA + CA(7), HASH + HF2T, HASH + HF2C);                             \
        CAU_DIRECT = CMD3(MVAR + CA(8), HASH + HF2S, HASH + HF2M);                             \
        CAU_DIRECT = CMD1(SHS2);                                                               \
    } while (0)

/* The message schedules below keep the last 16 words twice, at i and i + 16 (i = t mod 16),
 * so that W[t-16..t-1] are at constant offsets from w + i: 128 bytes of stack instead of a
 * whole schedule (the stack budgets of the front ends that reach this), and no masked index. */

/* FIPS 180-4 6.2.2 on the unit. Unit held by the caller. */
static void sha256_block(uint32_t h[8], const uint8_t *block, uint32_t w[32])
{
    const uint32_t *k = sha256_k;
    unsigned t;
    for (t = 0; t < 8; t++)
        CAU_IND(LDR + CA(t)) = h[t];
    for (t = 0; t < 16; t++) {
        w[t] = w[t + 16] = load32_be(block + 4 * t);
        SHA256_ROUND(*k++ + w[t]);
    }
    for (t = 16; t < 64; t++) { /* W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16] */
        uint32_t *q = w + (t & 15), wt;
        CAU_IND(LDR + CAA) = q[0];
        CAU_IND(LDR + CA(8)) = q[1];
        CAU_DIRECT = CMD1(HASH + HF2U);
        CAU_IND(ADR + CAA) = q[9];
        CAU_IND(LDR + CA(8)) = q[14];
        CAU_DIRECT = CMD1(HASH + HF2V);
        wt = q[0] = q[16] = CAU_IND(STR + CAA);
        SHA256_ROUND(*k++ + wt);
    }
    for (t = 0; t < 8; t++) {
        CAU_IND(ADR + CA(t)) = h[t];
        h[t] = CAU_IND(STR + CA(t));
    }
}

/* FIPS 180-4 6.1.2 on the unit. Unit held by the caller. */
static void sha1_block(uint32_t h[5], const uint8_t *block, uint32_t w[32])
{
    unsigned t, quarter;
    for (t = 0; t < 5; t++)
        CAU_IND(LDR + CA(t)) = h[t];
    for (t = 0; t < 16; t++)
        w[t] = w[t + 16] = load32_be(block + 4 * t);
    CAU_DIRECT = CMD1(MVRA + CA(0));
    CAU_IND(ROTL + CAA) = 5; /* CAA = a <<< 5; SHS keeps it so */
    t = 0;
    for (quarter = 0; quarter < 4; quarter++) {
        const uint32_t f = CMD2(HASH + sha1_f[quarter], ADRA + CA(4)), k = sha1_k[quarter];
        unsigned end = t + 20;
        for (; t < end; t++) {
            uint32_t *q = w + (t & 15);
            if (t >= 16) { /* W[t] = (W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) <<< 1, in CA5 */
                CAU_IND(LDR + CA(5)) = q[13];
                CAU_IND(XOR + CA(5)) = q[8];
                CAU_IND(XOR + CA(5)) = q[2];
                CAU_IND(XOR + CA(5)) = q[0];
                CAU_IND(ROTL + CA(5)) = 1;
                q[0] = q[16] = CAU_IND(STR + CA(5));
            }
            CAU_DIRECT = f;
            CAU_IND(ADR + CAA) = k;
            CAU_IND(ADR + CAA) = q[0];
            CAU_DIRECT = CMD1(SHS);
        }
    }
    for (t = 0; t < 5; t++) {
        CAU_IND(ADR + CA(t)) = h[t];
        h[t] = CAU_IND(STR + CA(t));
    }
}

/* blocks 64-byte blocks of data into s->h on the unit: FC_OK, or FC_ERR_PROVIDER when
 * another call holds the unit */
static fc_status hash_blocks(const fc_impl *impl, cau_hash_state *s, const uint8_t *data,
                             size_t blocks)
{
    uint32_t w[32]; /* the message schedule: it may hold key material (HMAC's padded key) */
    size_t i;
    if (!claim())
        return FC_ERR_PROVIDER;
    for (i = 0; i < blocks; i++) {
        if (impl->alg == FC_SHA1)
            sha1_block(s->h, data + 64 * i, w);
        else
            sha256_block(s->h, data + 64 * i, w);
    }
    release();
    fc_zeroize(w, sizeof(w));
    return FC_OK;
}

static fc_status hash_init(const fc_impl *impl, void *state)
{
    cau_hash_state *s = (cau_hash_state *)state;
    if (!fc_kinetis_mmcau_ready() || (impl->alg != FC_SHA1 && cau_version < 2) || cau_busy)
        return FC_ERR_UNSUPPORTED; /* no unit, the first mmCAU (no SHA-256), busy: soft */
    if (impl->alg == FC_SHA1)
        memcpy(s->h, sha1_iv, sizeof(sha1_iv));
    else
        memcpy(s->h, impl->alg == FC_SHA224 ? sha224_iv : sha256_iv, sizeof(sha256_iv));
    return FC_OK;
}

static fc_status hash_update(const fc_impl *impl, void *state, const uint8_t *data, size_t len)
{
    cau_hash_state *s = (cau_hash_state *)state;
    fc_status st;
    size_t take, whole;
    if (len == 0)
        return FC_OK; /* data may be NULL */
    if (s->buf_len != 0) {
        take = 64u - s->buf_len < len ? 64u - s->buf_len : len;
        memcpy(s->buf + s->buf_len, data, take);
        if (s->buf_len + take < 64u) {
            s->buf_len += (uint32_t)take;
            s->total += take;
            return FC_OK;
        }
        st = hash_blocks(impl, s, s->buf, 1);
        if (st != FC_OK)
            return st;
        s->buf_len = 0;
        s->total += take;
        data += take;
        len -= take;
    }
    whole = len / 64u;
    if (whole != 0) {
        st = hash_blocks(impl, s, data, whole);
        if (st != FC_OK)
            return st;
        s->total += 64u * whole;
    }
    memcpy(s->buf, data + 64u * whole, len % 64u);
    s->buf_len = (uint32_t)(len % 64u);
    s->total += len % 64u;
    return FC_OK;
}

static fc_status hash_final(const fc_impl *impl, void *state, uint8_t *digest)
{
    cau_hash_state *s = (cau_hash_state *)state;
    const uint64_t bits = s->total * 8u;
    const unsigned words = impl->alg == FC_SHA1 ? 5u : impl->alg == FC_SHA224 ? 7u : 8u;
    unsigned i;
    fc_status st;
    s->buf[s->buf_len++] = 0x80;
    if (s->buf_len > 56u) {
        memset(s->buf + s->buf_len, 0, 64u - s->buf_len);
        st = hash_blocks(impl, s, s->buf, 1);
        if (st != FC_OK)
            return st;
        s->buf_len = 0;
    }
    memset(s->buf + s->buf_len, 0, 56u - s->buf_len);
    store32_be(s->buf + 56, (uint32_t)(bits >> 32));
    store32_be(s->buf + 60, (uint32_t)bits);
    st = hash_blocks(impl, s, s->buf, 1);
    if (st != FC_OK)
        return st;
    for (i = 0; i < words; i++)
        store32_be(digest + 4 * i, s->h[i]);
    return FC_OK;
}

/* ---- the provider */
static const fc_impl kinetis_mmcau_aes = {
    .alg = FC_AES,
    .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(cau_aes_state),
    .ops.block = {.init = aes_init, .encrypt = aes_encrypt, .decrypt = aes_decrypt},
};

#if FC_WITH_DES
static const fc_impl kinetis_mmcau_des = {
    .alg = FC_DES,
    .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(cau_des_state),
    .ops.block = {.init = des_init, .encrypt = des_encrypt, .decrypt = des_decrypt},
};

static const fc_impl kinetis_mmcau_tdes = {
    .alg = FC_TDES,
    .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,
    .state_size = sizeof(cau_des_state),
    .ops.block = {.init = des_init, .encrypt = des_encrypt, .decrypt = des_decrypt},
};
#endif

#define CAU_HASH_IMPL(name, id)                                                               \
    static const fc_impl name = {                                                              \
        .alg = id,                                                                             \
        .flags = FC_IMPL_HARDWARE | FC_IMPL_CONSTANT_TIME,                                     \
        .state_size = sizeof(cau_hash_state),                                                  \
        .ops.hash = {.init = hash_init, .update = hash_update, .final = hash_final},           \
    }
CAU_HASH_IMPL(kinetis_mmcau_sha1, FC_SHA1);
CAU_HASH_IMPL(kinetis_mmcau_sha224, FC_SHA224);
CAU_HASH_IMPL(kinetis_mmcau_sha256, FC_SHA256);

static const fc_impl *const kinetis_mmcau_impls[] = {
    &kinetis_mmcau_aes,
#if FC_WITH_DES
    &kinetis_mmcau_des, &kinetis_mmcau_tdes,
#endif
    &kinetis_mmcau_sha1, &kinetis_mmcau_sha224, &kinetis_mmcau_sha256};

const fc_provider fc_provider_kinetis_mmcau = {
    .name = "kinetis-mmcau",
    .description =
        "Kinetis mmCAU: AES-128/192/256, DES, 3DES, SHA-1, SHA-224, SHA-256 (the rest: next)",
    .impls = kinetis_mmcau_impls,
    .impl_count = sizeof(kinetis_mmcau_impls) / sizeof(kinetis_mmcau_impls[0]),
    .next = &fc_provider_soft,
};
