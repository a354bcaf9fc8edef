/* The Ed25519 group over fe25519.h (ge25519.h): point addition and doubling in extended
 * coordinates, RFC 8032 encoding and decoding, the constant-time fixed-base multiplication of
 * key generation and signing, and the variable-time double multiplication of verification.
 *
 * Fixed base ([a]B): a is recoded into 64 signed radix-16 digits e_i in [-8, 8], and
 * [a]B = sum_m 16^m sum_j e_(8j+m) T_j with T_j = 2^(32j) B, j, m = 0..7 (a comb of eight
 * teeth): 64 mixed additions of a table entry [e]T_j and 28 doublings. The table holds [k]T_j
 * for k = 1..8 in flash (6 KiB). Each addition reads every entry of its T_j, a coordinate at a
 * time, and keeps the wanted one with a mask; a negative digit is applied with masked swaps and
 * a masked move; the digits come from a carry chain run in full each time. Neither a branch nor
 * an address depends on a. Cortex-M0+ (model, -Os, field assembly): about 2.18 M cycles for
 * [a]B and its encoding, 2.27 M for a signature of a short message, 6.5 M to verify one.
 *
 * Verification's [s]B - [k]A runs left to right with sliding windows, one doubling chain
 * for both scalars: odd multiples up to 15B from a second flash table, up to 7A computed on
 * the stack (four points).
 */
#include "fieldcrypt/config.h"
#include "soft.h"

#if FC_SOFT_ED25519

#include <stdint.h>
#include <string.h>

#include "fieldcrypt/ct.h"
#include "ge25519.h"

typedef fc_ge25519_niels ge_niels;
typedef fc_ge25519_cached ge_cached;

/* d, 2d and sqrt(-1) = 2^((p-1)/4), little-endian (RFC 8032 5.1) */
static const uint8_t fe_d[32] = {
    0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
    0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52};
static const uint8_t fe_2d[32] = {
    0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb, 0x56, 0xb1, 0x83, 0x82, 0x9a, 0x14, 0xe0, 0x00,
    0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80, 0x8e, 0x19, 0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24};
static const uint8_t fe_sqrtm1[32] = {
    0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43, 0x2f,
    0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b};

#define ED25519_COMB_TABLES 8

/* The tables below were computed from B = (x, 4/5) with x even (RFC 8032 5.1) by exact
 * integer arithmetic. Each entry is a point in ge_niels form, (y + x, y - x, 2 d x y), each
 * coordinate reduced below p and stored as eight little-endian 32-bit words, least
 * significant first.
 * comb_table[j][k - 1] = [k * 2^(32 j)]B, j = 0..7, k = 1..8;
 * odd_table[i] = [2 i + 1]B, i = 0..7. */
static const uint32_t comb_table[ED25519_COMB_TABLES][8][24] = {
    { /* k * 2^0 B */
        {0xf58c3b85, 0x2fbc93c6, 0xfb8c0e19, 0xcf932dc6, 0x643d42c2, 0x270b4898,
         0x33d4ba65, 0x07cf9d3a, 0xd740913e, 0x9d103905, 0xd140beb3, 0xfd399f05,
         0x688f8a09, 0xa5c18434, 0x98f81267, 0x44fd2f92, 0x877aaa68, 0xabc91205,
         0xccaac49e, 0x26d9e823, 0xdd43598c, 0x5a1b7dcb, 0x9f0c65a8, 0x6f117b68},
        {0x933c71d7, 0x9224e7fc, 0x7a0ff5b5, 0x9f469d96, 0xe1d60702, 0x5aa69a65,
         0xa87d2e2e, 0x590c063f, 0x42b4d5a8, 0x8a99a560, 0x4e60acf6, 0x8f2b810c,
         0xb16e37aa, 0xe09e236b, 0x69c92555, 0x6bb595a6, 0xa59b7a5f, 0x43faa8b3,
         0x5d9acf78, 0x36c16bdd, 0x0b3d6a31, 0x500fa084, 0x3ea50b73, 0x701af5b1},
        {0x4cee9730, 0xaf25b0a8, 0xe8864b8a, 0x025a8430, 0x9f016732, 0xc11b5002,
         0x9a80f8f4, 0x7a164e1b, 0xa4fcd265, 0x56611fe8, 0xe5c1ba7d, 0x3bd353fd,
         0x214bd6bd, 0x8131f31a, 0x555bda62, 0x2ab91587, 0x0dd0d889, 0x14ae933f,
         0x1c35da62, 0x58942322, 0x8cf2db4c, 0xd170e545, 0x12b9b4c6, 0x5a2826af},
        {0x8efc099f, 0x287351b9, 0x7dfd2538, 0x6765c6f4, 0xfb0a9265, 0xca348d3d,
         0x21e58727, 0x680e9103, 0x056818bf, 0x95fe050a, 0x5660faa9, 0x327e8971,
         0x06a05073, 0xc3e8e3cd, 0x7445a49a, 0x27933f4c, 0xc476ff09, 0x5a13fbe9,
         0x7b5cc172, 0x6e9e3945, 0x102b4494, 0x5ddbdcf9, 0x63553e2b, 0x7f9d0cbf},
        {0x08a5bb33, 0xa212bc44, 0xc75eed02, 0x8d5048c3, 0x5abfec44, 0xdd1beb0c,
         0x46e206eb, 0x2945ccf1, 0xa447d6ba, 0x7f9182c3, 0x4b2729b7, 0xd50014d1,
         0xb864a087, 0xe33cf11c, 0xeb1b55f3, 0x154a7e73, 0x812a8285, 0xbcbbdbf1,
         0xd0bdd1fc, 0x270e0807, 0x1bbda72d, 0xb41b670b, 0x6b3bb69a, 0x43aabe69},
        {0x77157131, 0x3a0ceeeb, 0x00c8af88, 0x9b271589, 0xda59a736, 0x8065b668,
         0xa2cc38bd, 0x51e57bb6, 0x7b7d8ca4, 0x499806b6, 0x27d22739, 0x575be284,
         0x204553b9, 0xbb085ce7, 0xae417884, 0x38b64c41, 0x02ea4b71, 0x85ac3267,
         0x41a1bb01, 0xbe70e003, 0x083bc144, 0x53e4a24b, 0x9f0d61e3, 0x10b8e91a},
        {0x944ea3bf, 0x6b1a5cd0, 0xb39dc0d2, 0x7470353a, 0x28542e49, 0x71b25282,
         0x283c927e, 0x461bea69, 0xaa3221b1, 0xba6f2c9a, 0x3bba23a7, 0x6ca02153,
         0x92192c3a, 0x9dea764f, 0x2e5317e0, 0x1d6edd5d, 0x01b8b3a2, 0xf1836dc8,
         0x053ea49a, 0xb3035f47, 0x5877adf3, 0x529c41ba, 0x6a0f90a7, 0x7a9fbb1c},
        {0x04dd3e8f, 0x59b75966, 0xe288702c, 0x6cb30377, 0x5ed9c323, 0xb1339c66,
         0x61bce52f, 0x0915e760, 0xf39234d9, 0xe2a75ded, 0xe1b558f9, 0x963d7680,
         0x6e3c23fb, 0x2c2741ac, 0x320e01c3, 0x3a9024a1, 0xc9a2911a, 0xe7c1f5d9,
         0x8bcca7d7, 0xb8a37178, 0x0eb62a32, 0x63641219, 0x2ecc4e95, 0x26907c5c}
    },
    { /* k * 2^32 B */
        {0x7b85c5e8, 0x8765b69f, 0xd168bab2, 0x6ff0678b, 0x1d330f9b, 0x3a70e77c,
         0xb0af8e7c, 0x3a5f6d51, 0xa60dac5f, 0x61368756, 0xebabdc57, 0x17e02f6a,
         0x4cce0f7d, 0x7f193f2d, 0x89ecdcf0, 0x20234a77, 0x7178b252, 0x76d20db6,
         0xd51ed160, 0x071c34f9, 0xb3e41170, 0xf62a4a20, 0x3cffe366, 0x7cd68235},
        {0x68acf4f3, 0xa665cd60, 0x3cd7e3d3, 0x42d92d18, 0x336025d9, 0x5759389d,
         0x2b2cd8ff, 0x3ef0253b, 0xd887fab6, 0x0be1a45b, 0xba403b6e, 0x2a846a32,
         0xe96e6000, 0xd9921012, 0x3bdc0943, 0x2838c886, 0x4a465030, 0xd16bb0cf,
         0x15c577ab, 0xfa496b41, 0xf4ab419d, 0x82cfae8a, 0x06a82812, 0x21dcb8a6},
        {0xbe7731ba, 0x9a8d00fa, 0x629e1889, 0x8203607e, 0x43f3d97f, 0xb2cc0237,
         0x6c6f678b, 0x5d840dbf, 0x8c9d9fc8, 0x5c600446, 0xd42aa3cb, 0x2540096e,
         0x12ee2f9c, 0x125b4d4c, 0x94a31dab, 0x0bc3d081, 0x309fe18b, 0x706e380d,
         0xb9e165c7, 0x6eb02da6, 0x7dae20ab, 0x57bbba99, 0x2ac196dd, 0x3a427623},
        {0xdb447ecb, 0x3bf8c172, 0xc6282dbd, 0x5fcfc41f, 0x75aa15fe, 0x80acffc0,
         0x24e1a9f9, 0x0770c9e8, 0x8a7084fa, 0x4b42432c, 0xdfb9e545, 0x898a19e3,
         0x9c58e45d, 0xbe9f0021, 0xa16debd1, 0x1ff177ce, 0x45b5b5fd, 0xcf61d99a,
         0x1b3a7924, 0x860984e9, 0x303e3e89, 0xe7300919, 0x41500b1e, 0x39f264fd},
        {0xfe097be1, 0xd19b4aab, 0xdfe01929, 0xa46dfce1, 0x2ca6f1ff, 0xc3c90894,
         0x2c35f14e, 0x65c62127, 0xdbe7e29c, 0xa7ad3417, 0x2b9c139c, 0xbd94376a,
         0x93597ba9, 0xa0e91b8e, 0x68889840, 0x1712d734, 0xce3193dd, 0xe72b89f8,
         0xa125c0bb, 0x4d103356, 0x2e1cfe83, 0x0419a93d, 0xb19ce272, 0x22f9800a},
        {0x9a6efdac, 0x42029fdd, 0x34a54941, 0xb912cebe, 0x87bdf37b, 0x640f64b9,
         0x8598cab4, 0x4171a4d3, 0x3e9ef8cb, 0x605a368a, 0xa5504715, 0xe3e9c022,
         0x5f24248f, 0x553d48b0, 0x647626e5, 0x13f416cd, 0x99c94c8c, 0xfa2758aa,
         0xb000b807, 0x23006f6f, 0xadda5392, 0xfbd291dd, 0x574bd1ab, 0x508214fa},
        {0x53d003d6, 0x461a15bb, 0xbcf3c965, 0xb2102888, 0x6c683a5a, 0x27c57675,
         0xc86cb447, 0x3a7758a4, 0x3ed6fe4b, 0xc2026915, 0x511d77c4, 0xa65a6739,
         0x2c14af94, 0xcbde2646, 0x6faba74b, 0x22f960ec, 0x93ae5076, 0x548111f6,
         0x1dfd54a6, 0x1dae21df, 0xf3115e65, 0x12248c90, 0x8de7f494, 0x5d9fd15f},
        {0xeed7521e, 0x3f244d2a, 0x432e9615, 0x8e3a9028, 0x2e9c16d4, 0xe164ba77,
         0x47eb98d8, 0x3bc187fa, 0x6d63727f, 0x031408d3, 0xd7c7b533, 0x6a379aef,
         0xccaee24b, 0xa9e18fc5, 0x4f8fbed3, 0x332f3591, 0xea86c20c, 0x6d470115,
         0x6c46d125, 0x998ab7cb, 0x3a660188, 0xd77832b5, 0x906fba03, 0x450d81ce}
    },
    { /* k * 2^64 B */
        {0x77d1f515, 0xcd2a65e7, 0x8faa60f1, 0x54899187, 0xdabc06e5, 0xb1b73bbc,
         0xa97cc9fb, 0x654878cb, 0x8df6b0fe, 0x51138ec7, 0xe575f51b, 0x5397da89,
         0x717af1b9, 0x09207a1d, 0x2b20d650, 0x2102fdba, 0x055ce6a1, 0x969ee405,
         0x1251ad29, 0x36bca768, 0xaa7da415, 0x3a1af517, 0x29ecb2ba, 0x0ad725db},
        {0x9b056f85, 0xfec7bc0c, 0xe7f5ffd7, 0x537d5268, 0x4312aefa, 0x77afc662,
         0x02399fd9, 0x4f675f53, 0x834e2457, 0xdc4267b1, 0x70ce1bc5, 0xb67544b5,
         0xf7d15ed7, 0x1af07a0b, 0x71a03650, 0x4aefcffb, 0x0415171e, 0xc32d3636,
         0x8998483b, 0xcd2bef11, 0xd0945110, 0x870a6ead, 0xa2a86561, 0x0bccbb72},
        {0x50fe1296, 0x186d5e4c, 0xfee89f7e, 0xe0397b82, 0x507031b0, 0x3bc7f6c5,
         0x108f37c2, 0x6678fd69, 0xeab1a9c8, 0x185e962f, 0x65147dcd, 0x86e7e635,
         0xbb5b6df2, 0xb092e031, 0x59d6b73e, 0x4024f0ab, 0x636863c2, 0x1586fa31,
         0x572d33f2, 0x07f68c48, 0x789eaefc, 0x4f73cc9f, 0x8ead4701, 0x2d42e210},
        {0x0f537593, 0x21717b0d, 0x131e064c, 0x914e690b, 0x752ae09f, 0x1bb687ae,
         0x9b423c6e, 0x420bf3a7, 0x94dfd29b, 0x97f51315, 0x313f4c6a, 0x6155985d,
         0x08455010, 0xeba13f07, 0xb8d2d322, 0x676b2608, 0x1c5b2b47, 0x8138ba65,
         0x311b1b80, 0x8671b6ec, 0xbc3135b0, 0x7bff0cb1, 0x9c0cf1e0, 0x745d2ffa},
        {0x21d34e6a, 0x6036df57, 0x997bb3d0, 0xb1db8827, 0xc8756afa, 0xd3c209c3,
         0x4c1dc839, 0x06e15be5, 0x2bc9c8bd, 0xbf525a1e, 0x26479d81, 0xea5b2608,
         0xdf0155db, 0xd511c70e, 0x960cf5d0, 0x1ae23ceb, 0x1932994a, 0x5b725d87,
         0xceb1dab0, 0x32351cb5, 0xdab7ca05, 0x7dc41549, 0x278ec1f7, 0x58ded861},
        {0xb6c2c9a8, 0x2dfb5ba8, 0xf52c598c, 0x48eeef8e, 0xf12d1573, 0x33809107,
         0x531d5bd8, 0x08ba696b, 0xf266c55c, 0xd8173793, 0xcc454e49, 0xc8c976c5,
         0xbc26c3a8, 0x5ce382f8, 0x5485f6f9, 0x2ff39de8, 0xc3efc57a, 0x77ed3eee,
         0xd4ff4811, 0x04e05517, 0xf1a671cb, 0xea3d7a3f, 0x947cfe54, 0x120633b4},
        {0x4912100a, 0x82bd3147, 0x7e6fbe06, 0xde237b6d, 0x11ea79c6, 0xe11e7619,
         0xcb393bde, 0x07433be3, 0x91610042, 0x0b949878, 0xecebfae8, 0x4ee7b13c,
         0x94f0a4c0, 0x70be7395, 0xb4d59185, 0x35d30a99, 0x5ce997f4, 0xff7944c0,
         0xb05c51a3, 0x575d3de4, 0x5a76847c, 0x583381fd, 0x7af6da9f, 0x2d873ede},
        {0x4e5df981, 0xaa6202e1, 0x5015e1f5, 0xa20d5917, 0xbae21d6c, 0x18a275d3,
         0x01600253, 0x0543618a, 0x43373409, 0x157a3164, 0xf4aa81d9, 0xfab8b7ee,
         0xf5a64806, 0xb093fee6, 0x707fa7b6, 0x2e773654, 0x974c23c1, 0x0deabdf4,
         0x9dce4693, 0xaa6f0a25, 0xa29aba2c, 0x04202cb8, 0x2d07960d, 0x4b144336}
    },
    { /* k * 2^96 B */
        {0x12ddb0a4, 0xd598639c, 0xc024866b, 0xa5d19f30, 0x58fce460, 0xd17c2f03,
         0x2e095e8a, 0x07a19515, 0x9c2ec4de, 0x296fa9c5, 0x4f84f3cb, 0xbc8b61bf,
         0x17a8f908, 0x1c7706d9, 0x7ad3255d, 0x63b795fc, 0x389e5fc8, 0xa8368f02,
         0xcf8de43b, 0x90433b02, 0xc5412643, 0xafa1fd5d, 0x032f0137, 0x3e8fe83d},
        {0xe8efd13c, 0x08704c8d, 0x33e03731, 0xdfc51a8e, 0x1260cde3, 0xa59d5da5,
         0xa6258c86, 0x22d60899, 0x0570a294, 0x2f8b15b9, 0x67084549, 0x94f24270,
         0x61bbfd84, 0xde1c5ae1, 0x7fac4007, 0x75ba3b79, 0x70cdd196, 0x6239dbc0,
         0x6c7d8a9a, 0x60fe8a8b, 0xeb401260, 0xb38847bc, 0x87779e5e, 0x0904d07b},
        {0x48f940b9, 0xf4322d66, 0xbd2d0c39, 0x06952f0c, 0xa081f931, 0x167697ad,
         0xbaf72a6c, 0x6240aace, 0xddba919c, 0xb4ce1fd4, 0xc74c8daa, 0xcf31db3e,
         0xad86cc51, 0x2c63cc63, 0xbc1dde07, 0x43e2143f, 0x5ba295a0, 0xf834749c,
         0xca37d25a, 0xd6947c5b, 0xe7c9316a, 0x66f13ba7, 0x8db40cac, 0x56bdaf23},
        {0xc19d3bb2, 0x1310d36c, 0x622386b9, 0x062a6bb7, 0xd7a14f5c, 0x7c9b8591,
         0x7e1e5754, 0x03aa3150, 0xf53533eb, 0x362ab9e3, 0x6eb93d40, 0x338568d5,
         0x1d5a5572, 0x9e0e1452, 0x83741318, 0x1d24a86d, 0xffd4ce1f, 0xf4ec7648,
         0x54ac8c1c, 0xe045eaf0, 0x1d09357c, 0x88d22582, 0x9aeb4859, 0x43b261dc},
        {0x6c951364, 0x19513d8b, 0x000bf47b, 0x94fe7126, 0xd54f9567, 0x028d10dd,
         0x42940964, 0x02b4d5e2, 0x88bb79bb, 0xe55b1e19, 0xc17a359d, 0xa09ed07d,
         0x603dea33, 0xb02c2ee2, 0x5b276bc2, 0x326055cf, 0x28d18df2, 0xb4a155cb,
         0x186ce508, 0xeacc4646, 0x6c824389, 0xc49cf493, 0xae5d3410, 0x27a6c809},
        {0xc43d6954, 0xcd2c270a, 0x6a66cab2, 0xdd4a3e57, 0x69d7036c, 0x79fa5924,
         0x3d8c2599, 0x22150360, 0x1f0db188, 0x8ba6ebcd, 0x675a5be8, 0x37d3d73a,
         0x15f5585a, 0xf22edfa3, 0xff60a17e, 0x2cb67174, 0x390be1d0, 0x59eecdf9,
         0x728ce3f1, 0xa9422044, 0x7a94f0f4, 0x82891c66, 0x3890f436, 0x7b1df4b7},
        {0x07f8f58c, 0x5f2e2218, 0xd49409d4, 0xe3555c9f, 0x1fb6a630, 0xb2aaa88d,
         0xd352e03d, 0x68698245, 0xb3b2a224, 0xe492f2e0, 0x2b551160, 0x7c6c9e06,
         0x0d7f7b0e, 0x15eb8fe2, 0x58fc5992, 0x61fcef26, 0x2a18187a, 0xdbb15d85,
         0x86ddacd7, 0xf3e4aad3, 0x0ff6c482, 0x44bae281, 0x3daf01cf, 0x46cf4c47},
        {0xf1498140, 0x213c6ea7, 0x392b4854, 0x7c1e7ef8, 0x5629ceba, 0x2488c38c,
         0x0d8cc5bb, 0x1065aae5, 0x9ec4e5f9, 0x426525ed, 0x16903303, 0x0e5eda01,
         0xcbe5cadc, 0x72b1a7f2, 0x14eb5f40, 0x29387bcd, 0xdf200d57, 0x1c2c4525,
         0xbfca674a, 0x5c3b2dd6, 0xe1834030, 0x0a07e7b1, 0x4f1ce716, 0x69a198e6}
    },
    { /* k * 2^128 B */
        {0xacad8ea2, 0x583b04bf, 0x148be884, 0x29b743e8, 0x0810c5db, 0x2b1e583b,
         0x8eb3bbaa, 0x2b5449e5, 0xeb3dbe47, 0x5f3a7562, 0x8ebda0b8, 0xf7ea3854,
         0x45747299, 0x00c3e531, 0x1627d551, 0x1304e9e7, 0x6adc9cfe, 0x789814d2,
         0x8b48dd0b, 0x3c1bab3f, 0xf979c60a, 0xda0fe1ff, 0x7c2dd693, 0x4468de2d},
        {0xf86307ce, 0x4b9ad8c6, 0x435d0c28, 0x21113531, 0x657a772c, 0xd4a866c5,
         0x63247352, 0x5da6427e, 0x9419469e, 0x51bb355e, 0x23ddc754, 0x33e6dc4c,
         0x447f9962, 0x93a5b6d6, 0xfb44bd63, 0x6cce7c6f, 0xdeac22ca, 0x1a94c688,
         0xbbae1ff8, 0xb9066ef7, 0x8d59580f, 0x88ad8c38, 0xe79f2ca8, 0x58f29abf},
        {0x710ecdf6, 0x4b5a64bf, 0x462c293c, 0xb14ce538, 0xd50b3ab9, 0x3643d056,
         0x185b4870, 0x6af93724, 0x8de73e68, 0xe90ecfab, 0x377e76a5, 0x54036f9f,
         0xbe015982, 0xf0495b0b, 0xa7f41e36, 0x577629c4, 0x09c6a888, 0x32200245,
         0x4b558973, 0xd2e03613, 0x3c33289f, 0x83e23623, 0x0caec18f, 0x701f25bb},
        {0x7cbec113, 0x9d18f6d9, 0x74bfdbe4, 0x844a06e6, 0xac4e60d6, 0x20f5b522,
         0x50955e51, 0x720a5bc0, 0xe4616ced, 0xc3a8b0f8, 0x9e25a87d, 0xf700660e,
         0xf4bca59c, 0x61e3061f, 0xbdc40be9, 0x2e0c92bf, 0x9b805a35, 0x0c3f0943,
         0x6242abfc, 0xe84e8b37, 0x5c229346, 0x691417f3, 0x144ef0ec, 0x0e9b9cbb},
        {0x5db1beee, 0x8dee9bd5, 0x0a723fb9, 0xc9c3ab37, 0x1c68d791, 0x44a8f1bf,
         0x1cfd3cde, 0x366d4419, 0xfb5720ad, 0xfbbad48f, 0xdbf90d0e, 0xee81916b,
         0x635543bf, 0xd4813152, 0x3f337bd8, 0x221104eb, 0xf2bc8c14, 0x9e3c1743,
         0xb5856c3b, 0x2eda26fc, 0x68a7fb97, 0xccb82f0e, 0xbc593244, 0x4167a4e6},
        {0xf8ce8fee, 0xc2be2665, 0xe880d62c, 0xe967ff14, 0x2f364eee, 0xf12e6e7e,
         0xcb7ed2f6, 0x34b33370, 0x76f62700, 0x643b9d28, 0x0e7668eb, 0x5d1d9d40,
         0x21fc0684, 0x1b4b4303, 0x2255246a, 0x7938bb7e, 0x8681d6cc, 0xcdc591ee,
         0xed85a753, 0xce02109c, 0x58808883, 0xed7485c1, 0x2dfe65e4, 0x1176fc6e},
        {0x49770eb8, 0xdb90e289, 0xacf440a3, 0x98fbcc2a, 0xded7879b, 0x21354ffe,
         0xf26906b6, 0x1f6a3e54, 0x5b9c619b, 0xb4af6cd0, 0xb2a58480, 0x2ddfc9f4,
         0xebe94dc4, 0x3d4fa502, 0x677d5f34, 0x08fc3a4c, 0xd30734ea, 0x60a4c199,
         0x31165cd6, 0x40c085b6, 0xf7598295, 0xe2333e23, 0x16b900d1, 0x4f2fad01},
        {0xb73bb638, 0x962cd91d, 0xfc129c08, 0xe60577aa, 0xf3b61689, 0x6f619b39,
         0x2944ee81, 0x3451995f, 0x94ae4e54, 0x44beb241, 0x1857ef6c, 0x5f541c51,
         0x368d0498, 0xa61e6b2d, 0x972ef7ab, 0x445484a4, 0x9fea7d7c, 0x9152fcd0,
         0xb0935cf6, 0x4a816c94, 0x47285c40, 0x258e9aaa, 0x042893b7, 0x10b89ca6}
    },
    { /* k * 2^160 B */
        {0x305b2f51, 0x96eebffb, 0x889596b8, 0xd3f938ad, 0x46d5dd25, 0xf0f52dc7,
         0xbb3a0095, 0x57968290, 0x8c58aedc, 0x4637974e, 0xabf041a4, 0xb9ef22fb,
         0xe980718a, 0xe185d956, 0xb143a8a6, 0x2f1b78fa, 0x0a20e101, 0xf71ab843,
         0x24f0ec47, 0xf393658d, 0x6ee2eed1, 0xcf7509a8, 0xdc2aa3e1, 0x7dc43e35},
        {0x273e9718, 0x5a782a5c, 0x5e4efd94, 0x3576c699, 0x1f237d3e, 0x0f2ed805,
         0x82d50a99, 0x044fb81d, 0x887dd9c3, 0x85966665, 0x4bb05355, 0xc90f9b31,
         0xef2079b1, 0xc6e08df8, 0x758cc12f, 0x7ef72016, 0xa907e3d9, 0xc1df18c5,
         0xce4c6359, 0x57b3371d, 0xb201bb49, 0xca704534, 0x9c30dd2e, 0x7f79823f},
        {0x68f587ba, 0x6a9c1ff0, 0x0050c8de, 0x0827894e, 0x7ded5be7, 0x3cbf9955,
         0x1c06d6f0, 0x64a9b043, 0xa3b513e8, 0x8334d239, 0xb91fa8d8, 0xc13670d4,
         0xf590bd33, 0x12b54136, 0xd784d9b4, 0x0a4e0373, 0x5b7d2919, 0x2eb3d6a1,
         0xd53a8235, 0xb0b4f6a0, 0x89a45d47, 0x7156ce43, 0xce18346c, 0x071a7d0a},
        {0x20e14431, 0xcc0c3552, 0x09b15141, 0x0d659507, 0x209d5f36, 0x9af5621b,
         0x617755d3, 0x7c69bcf7, 0xc887ba0b, 0xd3072daa, 0xbfa562ee, 0x01262905,
         0xc0ef768b, 0xcf543002, 0x46ea7e9c, 0x2c3bcc71, 0x04e8295f, 0x07f0d7eb,
         0x2f50f37d, 0x10db1825, 0x171798d7, 0xe951a9a3, 0x22aca51d, 0x6f5a9a73},
        {0xa3d944be, 0xe729d4eb, 0x8078af9e, 0x8d9e0940, 0x47869c03, 0x4525567a,
         0xee8d3b24, 0x02ab9680, 0x2f41c6c5, 0x8ba1000c, 0x0cfefb9b, 0xc49f79c1,
         0x3cc51c9f, 0x4efa4770, 0xe147afca, 0x494e21a2, 0xdde50d9a, 0xefa48a85,
         0x0fb9a249, 0x219a224e, 0xd91ef6d9, 0xfa091f1d, 0xea46bb34, 0x6b5d76cb},
        {0x1e782522, 0xe0f94117, 0x036936d3, 0xf1e6ae74, 0xd0fcc746, 0x408b3ea2,
         0x03dd313e, 0x16fb869c, 0xec0cd994, 0x8857556c, 0x5cd01dba, 0x6472dc6f,
         0x8f42b477, 0xaf016914, 0x85277354, 0x0ae333f6, 0x33b60962, 0x288e1997,
         0xd8abe133, 0x24fc72b4, 0x0991d03e, 0x4811f7ed, 0x8f70d075, 0x3f81e38b},
        {0x5f17c824, 0x0adb7f35, 0xd74299a4, 0x74b923c3, 0xcbf8eaf7, 0xd57c3e8b,
         0x4cdedc3d, 0x0ad3e2d3, 0x7ed9affe, 0x7f910fcc, 0x2465874b, 0x545cb8a1,
         0x4b0c4704, 0xa8397ed2, 0x04f50993, 0x50510fc1, 0x336e249d, 0x6f0c0fc5,
         0xc331cfd9, 0x745ede19, 0x09eefe1c, 0xf2d6fd00, 0xf0fa1ebe, 0x127c158b},
        {0xae51b974, 0xdea28fc4, 0x744dfe96, 0x1d9973d3, 0x873848a8, 0x6240680b,
         0xd167df95, 0x4ed82479, 0x2e9879a2, 0xf6197c42, 0x52ca3647, 0xa44addd4,
         0x4b4eaccb, 0x9b413fc1, 0x07ef4f68, 0x354ef87d, 0x60c5d975, 0xfee3b522,
         0xeb41b0b8, 0x50352efc, 0xa9f6653c, 0x8808ac30, 0x0539236d, 0x302d92d2}
    },
    { /* k * 2^192 B */
        {0xc80c1ac0, 0xa66dcc9d, 0x1b38a436, 0x97a05cf4, 0x95dbd7c6, 0xa7ebf3be,
         0x8d7e7dab, 0x7da0b8f6, 0x385675a6, 0xef782014, 0xaafda9e8, 0xa2649f30,
         0x5cdfa8cb, 0x4cd1eb50, 0x1d4dc0b3, 0x46115aba, 0xc3b5da76, 0xd40f1953,
         0x21119e9b, 0x1dac6f73, 0xfeb25960, 0x03cc6021, 0x83674b4b, 0x5a5f887e},
        {0xa0a643b9, 0x9e9628d3, 0xe6c32064, 0xb5c3cb00, 0x7c2dec32, 0x9b530289,
         0xd5d1c70c, 0x43e37ae2, 0x70a13d11, 0x8f6301cf, 0x350dd0c4, 0xcfceb815,
         0xa4bca47e, 0xf70297d4, 0xe44d1434, 0x3669b656, 0xeda6e133, 0x387e3f06,
         0x99a13ac0, 0x67301d51, 0x36263811, 0xbd5ad8f8, 0x4fd5e9be, 0x6a21e6cd},
        {0x6699b2e3, 0xef412912, 0x708d1301, 0x71d30847, 0x1182b0bd, 0x325432d0,
         0x001e8b36, 0x45371b07, 0x3046e65f, 0xf1c6170a, 0x00d23524, 0x58712a2a,
         0x8c82b755, 0x69dbbd3c, 0xa195ff57, 0x586bf9f1, 0x5ef8790b, 0xa6db088d,
         0x610937e5, 0x5278f0dc, 0x61a16eb8, 0xac0349d2, 0x90e52179, 0x0eafb037},
        {0x0f75ae1d, 0x5140805e, 0x2662cc30, 0xec02fbe3, 0xea92396d, 0x2cebdf1e,
         0xc5435bb3, 0x44ae3344, 0x3748042f, 0x960555c1, 0x820baa11, 0x219a41e6,
         0x73486d0c, 0x1c81f738, 0x5a02c661, 0x309acc67, 0xbba543ee, 0x9cf289b9,
         0x5ac97142, 0xf3760e9d, 0x4f9360aa, 0x1d82e5c6, 0x7f94678f, 0x62d5221b},
        {0x3af77a3c, 0x7585d426, 0xfee9144d, 0xdfae7b11, 0x59f7193d, 0xa5067080,
         0x83922037, 0x14f29a53, 0x18d0936d, 0x524c299c, 0x8a0c1a0c, 0xc86bb56c,
         0xdb4a8631, 0xa375052e, 0xbc754562, 0x5c0efde4, 0x25b2d7f5, 0xdf717edc,
         0x99b53040, 0x21f970db, 0xc3ed4c62, 0xda9234b7, 0x7bee093e, 0x5e72365c},
        {0x2f08b33e, 0x7d933906, 0xdf9f32be, 0x5b9659e5, 0x1f9ebdfd, 0xacff3dad,
         0xcb7349b7, 0x70b20555, 0x4571217f, 0x575bfc07, 0x0694d95b, 0x3779675d,
         0xf4191e33, 0x9a0a37bb, 0x47b4eabc, 0x77f1104c, 0x55112c4c, 0xbe5113c5,
         0x9a881fcd, 0x6688423a, 0x5e503b47, 0x44667785, 0x4a06404a, 0x0e34398f},
        {0x3e4b1928, 0x18930b09, 0x73f3f640, 0x7de3e10e, 0x73395d6f, 0xf43217da,
         0xca379c3e, 0x6f8aded6, 0x3ecebde8, 0xb67d22d9, 0x27822f07, 0x09b3e841,
         0xb05b6d8d, 0x743fa61f, 0x8a362372, 0x5e540536, 0xfdb7b29a, 0xe340123d,
         0xa21ab291, 0x487b97e1, 0xfde6949e, 0xf9967d02, 0xc8d3de97, 0x780de72e},
        {0x00f42772, 0x671feaf3, 0x2a8c41aa, 0x8f72eb2a, 0x97373292, 0x29a17fd7,
         0x32b587a6, 0x1defc6ad, 0x089ae7bc, 0x0ae28545, 0x1c7f4d06, 0x388ddecf,
         0x0a4811b8, 0x38ac1551, 0x71928ce4, 0x0eb28bf6, 0xef5195a7, 0xaf5bbe1a,
         0x917b15ed, 0x148c1277, 0x7ae5da2e, 0x2991f7fb, 0xf8dd2867, 0x467d201b}
    },
    { /* k * 2^224 B */
        {0x193b877f, 0xbb2e00c9, 0xe0dc506b, 0xece3a890, 0x36de649f, 0xecf3b7c0,
         0x98de9e1a, 0x5f460408, 0x832fcedb, 0x739d8845, 0xae6bf863, 0xfa38d6c9,
         0xb74ffef7, 0x32bc0dca, 0x14bce45e, 0x73937e88, 0x297bf48d, 0xb9037116,
         0xd4f06834, 0xa9d13b22, 0x4696bdc6, 0xe1971557, 0x91d5e835, 0x2cf8a4e8},
        {0x17d06ba2, 0x2cb5487e, 0x3950196b, 0x24d2381c, 0x85978a30, 0xd7659c81,
         0x91d6a4f6, 0x7a6f7f28, 0x07110f67, 0x6d93fd87, 0x7c38b549, 0xdd4c09d3,
         0xc2736a86, 0x7cb16a4c, 0x58252a09, 0x2049bd6e, 0x6a9aef49, 0x7d09fd8d,
         0x5b3db90b, 0xf0ee60be, 0x519ebfd4, 0x4c21b52c, 0xc545941d, 0x6011aadf},
        {0x02cbf890, 0x63ded0c8, 0x0dff6aaa, 0xfbd098ca, 0xb9b6ed99, 0x624d0afd,
         0x79340b1e, 0x69ce18b7, 0xcf95f83c, 0x5f67926d, 0x71289071, 0x7c7e8561,
         0x998f7a5b, 0xd6a1e7f3, 0x0b62f9e0, 0x6fc5cc1b, 0xb29879cb, 0xd1ef5528,
         0xd47e9092, 0xdd1aae3c, 0x189f2352, 0x127e0442, 0xe57101f1, 0x15596b3a},
        {0x7e5124ca, 0x09ff3116, 0xd9c745df, 0x0be4158b, 0x7ef556e5, 0x292b7d22,
         0xafb6d138, 0x3aa4e241, 0x3f9179a2, 0x462739d2, 0x97d6ddcf, 0xff831231,
         0x53f2148a, 0x1307deb5, 0x7b5f4dda, 0x0d223768, 0x2a3305f5, 0x2cc138bf,
         0xa2e926c3, 0x48583f8f, 0x5549d2eb, 0x083ab1a2, 0x4687a36c, 0x32fcaa6e},
        {0x2787ccdf, 0x3207a473, 0xf213e3f8, 0x17e31908, 0xf60d964e, 0xd5b2ecd7,
         0xc2600be9, 0x746f6336, 0xc57d9af5, 0x7bc56e8d, 0x9df0bdf2, 0x3e0bd2ed,
         0x22efe4a3, 0xaac014de, 0xfebd6a5c, 0x4627e9ce, 0xab6c971c, 0x3f4af345,
         0x9943731f, 0xe288eb72, 0x0344186d, 0x33596a8a, 0x7ed66293, 0x7b491700},
        {0xdd53a2dd, 0x54341b28, 0xdf42fc3f, 0xaa17905b, 0x4dd2f8f4, 0x0ff592d9,
         0xe08cd37d, 0x1d03620f, 0xab84b064, 0x2d85fb5c, 0x89f3bc14, 0x497810d2,
         0x7b15ce0c, 0x476adc44, 0xf844fd7b, 0x122ba376, 0xa2b4e554, 0xc20232cd,
         0x115d187f, 0x9ed0fd42, 0x7dd479d9, 0x2eabb4be, 0x2b68ec4c, 0x02c70bf5},
        {0x458d72e1, 0xace532bf, 0x7cb73cb5, 0x5be768e0, 0xee8bbde7, 0x56cf7d94,
         0xfeb43a03, 0x6b0697e3, 0x5d0b2fbb, 0xa287ec4b, 0x074882ca, 0x415c5790,
         0xc1d0815c, 0xe044a61e, 0x409ef5e0, 0x26334f0a, 0xdf62a3c0, 0xb6c8f04a,
         0x076da45d, 0x3ef000ef, 0x49f0d2a9, 0x9c9cb958, 0x441b2fae, 0x1cc37f43},
        {0xc9ceaeb9, 0xd76656f1, 0x18e5656a, 0x1c5b15f8, 0x844c2334, 0x26e72832,
         0x2f196838, 0x3a346f77, 0x5cc7324f, 0x508f565a, 0xe506a922, 0xd061c4c0,
         0x5c45ac19, 0xfb18abdb, 0x0380314a, 0x6c6809c1, 0xe2da6ac8, 0xd2d55112,
         0xb1e851ed, 0xe9bd0331, 0x8ec67262, 0x960746dd, 0x6ef7c5d0, 0x05911b9f}
    }
};

static const uint32_t odd_table[8][24] = {
    {0xf58c3b85, 0x2fbc93c6, 0xfb8c0e19, 0xcf932dc6, 0x643d42c2, 0x270b4898, /* 1 B */
     0x33d4ba65, 0x07cf9d3a, 0xd740913e, 0x9d103905, 0xd140beb3, 0xfd399f05,
     0x688f8a09, 0xa5c18434, 0x98f81267, 0x44fd2f92, 0x877aaa68, 0xabc91205,
     0xccaac49e, 0x26d9e823, 0xdd43598c, 0x5a1b7dcb, 0x9f0c65a8, 0x6f117b68},
    {0x4cee9730, 0xaf25b0a8, 0xe8864b8a, 0x025a8430, 0x9f016732, 0xc11b5002, /* 3 B */
     0x9a80f8f4, 0x7a164e1b, 0xa4fcd265, 0x56611fe8, 0xe5c1ba7d, 0x3bd353fd,
     0x214bd6bd, 0x8131f31a, 0x555bda62, 0x2ab91587, 0x0dd0d889, 0x14ae933f,
     0x1c35da62, 0x58942322, 0x8cf2db4c, 0xd170e545, 0x12b9b4c6, 0x5a2826af},
    {0x08a5bb33, 0xa212bc44, 0xc75eed02, 0x8d5048c3, 0x5abfec44, 0xdd1beb0c, /* 5 B */
     0x46e206eb, 0x2945ccf1, 0xa447d6ba, 0x7f9182c3, 0x4b2729b7, 0xd50014d1,
     0xb864a087, 0xe33cf11c, 0xeb1b55f3, 0x154a7e73, 0x812a8285, 0xbcbbdbf1,
     0xd0bdd1fc, 0x270e0807, 0x1bbda72d, 0xb41b670b, 0x6b3bb69a, 0x43aabe69},
    {0x944ea3bf, 0x6b1a5cd0, 0xb39dc0d2, 0x7470353a, 0x28542e49, 0x71b25282, /* 7 B */
     0x283c927e, 0x461bea69, 0xaa3221b1, 0xba6f2c9a, 0x3bba23a7, 0x6ca02153,
     0x92192c3a, 0x9dea764f, 0x2e5317e0, 0x1d6edd5d, 0x01b8b3a2, 0xf1836dc8,
     0x053ea49a, 0xb3035f47, 0x5877adf3, 0x529c41ba, 0x6a0f90a7, 0x7a9fbb1c},
    {0xa6a8632f, 0x9b2e678a, 0x51bc46c5, 0xa6509e6f, 0xc686f5b5, 0xceb233c9, /* 9 B */
     0x8add7f59, 0x34b9ed33, 0x039d8064, 0xf36e217e, 0xf520419b, 0x98a081b6,
     0xe75eb044, 0x96cbc608, 0xfadc9c8f, 0x49c05a51, 0x9045af1b, 0x06b4e8bf,
     0xa719d22f, 0xe2ff83e8, 0x93d4cf16, 0xaaf6fc29, 0x1b008b06, 0x73c17202},
    {0x8a802ade, 0x2fbf0084, 0x02302e27, 0xe5d9fecf, 0x17703406, 0x113e8471, /* 11 B */
     0x546d8faf, 0x4275aae2, 0x49864348, 0x315f5b02, 0x77088381, 0x3ed6b369,
     0x6a8deb95, 0xa3a07555, 0x29d5c77f, 0x18ab5980, 0xfd6089e9, 0xd82b2cc5,
     0x3282e4a4, 0x031eb4a1, 0xb51a8622, 0x44311199, 0xb53df948, 0x3dc65522},
    {0xa2007f6d, 0xbf70c222, 0xb5bcdedb, 0xbf84b39a, 0xfb07ba07, 0x537a0e12, /* 13 B */
     0xc346f241, 0x234fd7ee, 0x327fbf93, 0x506f013b, 0x9b776f6b, 0xaefcebc9,
     0xaaad5968, 0x9d12b232, 0x176024a7, 0x0267882d, 0x732ea378, 0x5360a119,
     0xdf8dd471, 0x2437e6b1, 0x91a7e533, 0xa2ef37f8, 0xaa097863, 0x497ba6fd},
    {0x13cfeaa0, 0x24cecc03, 0x189c246d, 0x8648c28d, 0xc1f2d4d0, 0x2dbdbdfa, /* 15 B */
     0xf12de72b, 0x61e22917, 0x468ccf0b, 0x040bcd86, 0x2a9910d6, 0xd3829ba4,
     0x07b25192, 0x75083008, 0x18d05ebf, 0x43b5cd42, 0x9bd0b516, 0x5d9a762f,
     0x373fdeee, 0xeb38af4e, 0x93d64270, 0x032e5a7d, 0x0ae4d842, 0x511d6121}
};

/* A field element from eight little-endian words: the words become bytes in place (each word
 * is read before its own four bytes are written), then fc_fe25519_frombytes. */
typedef union fe_words {
    uint32_t w[8];
    uint8_t b[32];
} fe_words;

static void fe_from_words(fc_fe25519 *r, fe_words *v)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint32_t x = v->w[i];
        v->b[4 * i] = (uint8_t)x;
        v->b[4 * i + 1] = (uint8_t)(x >> 8);
        v->b[4 * i + 2] = (uint8_t)(x >> 16);
        v->b[4 * i + 3] = (uint8_t)(x >> 24);
    }
    fc_fe25519_frombytes(r, v->b);
}

/* an entry of odd_table (verification) */
static void niels_from_table(ge_niels *r, const uint32_t w[24])
{
    fe_words v;
    memcpy(v.w, w, 32);
    fe_from_words(&r->yplusx, &v);
    memcpy(v.w, w + 8, 32);
    fe_from_words(&r->yminusx, &v);
    memcpy(v.w, w + 16, 32);
    fe_from_words(&r->xy2d, &v);
}

void fc_ge25519_odd_base(fc_ge25519_niels *r, unsigned i)
{
    niels_from_table(r, odd_table[i]);
}

void fc_ge25519_identity(fc_ge25519 *r)
{
    fc_fe25519_set_u32(&r->X, 0);
    fc_fe25519_set_u32(&r->Y, 1);
    fc_fe25519_set_u32(&r->Z, 1);
    fc_fe25519_set_u32(&r->T, 0);
}

/* r = 2p (dbl-2008-hwcd, a = -1), in two halves (ge25519.h); r is p or apart from it. p's T
 * is not read. The first half squares and leaves (E, -H, -F, G) in r's (X, Y, Z, T); the second
 * multiplies them out; with_t == 0 leaves r's T meaningless, for a doubling that another
 * doubling follows (with_t is public). Every coordinate comes out negated, which leaves the
 * point as it is: (X : Y : Z : T) = (-X : -Y : -Z : -T). */
void fc_ge25519_dbl_begin(fc_ge25519 *r, const fc_ge25519 *p)
{
    fc_fe25519 t0, t1;
    fc_fe25519_add(&t0, &p->X, &p->Y);
    fc_fe25519_sqr(&t0, &t0);              /* (X + Y)^2 */
    fc_fe25519_sqr(&t1, &p->X);            /* A = X^2 */
    fc_fe25519_sqr(&r->T, &p->Y);          /* B = Y^2 */
    fc_fe25519_add(&r->Y, &t1, &r->T);     /* A + B = -H */
    fc_fe25519_sub(&r->T, &r->T, &t1);     /* B - A = G */
    fc_fe25519_sub(&t0, &t0, &r->Y);       /* (X + Y)^2 - A - B = E */
    fc_fe25519_sqr(&t1, &p->Z);
    fc_fe25519_add(&t1, &t1, &t1);         /* C = 2 Z^2 */
    fc_fe25519_sub(&r->Z, &t1, &r->T);     /* C - G = -F */
    r->X = t0;
    fc_zeroize(&t0, sizeof(t0));
    fc_zeroize(&t1, sizeof(t1));
}

void fc_ge25519_dbl_end(fc_ge25519 *r, unsigned with_t)
{
    fc_fe25519 t;
    if (with_t)
        fc_fe25519_mul(&t, &r->X, &r->Y);  /* -E H */
    fc_fe25519_mul(&r->X, &r->X, &r->Z);   /* -E F */
    fc_fe25519_mul(&r->Z, &r->Z, &r->T);   /* -F G */
    fc_fe25519_mul(&r->Y, &r->T, &r->Y);   /* -G H */
    if (with_t) {
        r->T = t;
        fc_zeroize(&t, sizeof(t));
    }
}

static void ge_dbl(fc_ge25519 *r, const fc_ge25519 *p, unsigned with_t)
{
    fc_ge25519_dbl_begin(r, p);
    fc_ge25519_dbl_end(r, with_t);
}

/* The end of every addition (add-2008-hwcd-3), from A = (Y1 - X1)(Y2 - X2) in r's X,
 * B = (Y1 + X1)(Y2 + X2) in its Y, C = T1 2d T2 in its T and D = 2 Z1 Z2 in its Z: r becomes
 * (E F, G H, F G, E H) with E = B - A, F = D - C, G = D + C, H = B + A. e is a temporary. */
static void ge_add_finish(fc_ge25519 *r, fc_fe25519 *e)
{
    fc_fe25519_sub(e, &r->Y, &r->X);       /* E */
    fc_fe25519_add(&r->Y, &r->Y, &r->X);   /* H */
    fc_fe25519_sub(&r->X, &r->Z, &r->T);   /* F */
    fc_fe25519_add(&r->Z, &r->Z, &r->T);   /* G */
    fc_fe25519_mul(&r->T, e, &r->Y);       /* E H */
    fc_fe25519_mul(&r->Y, &r->Z, &r->Y);   /* G H */
    fc_fe25519_mul(&r->Z, &r->X, &r->Z);   /* F G */
    fc_fe25519_mul(&r->X, e, &r->X);       /* E F */
}

void fc_ge25519_add_end(fc_ge25519 *r)
{
    fc_fe25519 e;
    ge_add_finish(r, &e);
}

/* r = p + q, or p - q when neg; r is p or apart from it (verification only: neg is public).
 * -q = (-x, y): y + x and y - x trade places and 2 d T changes sign. The first half (up to A,
 * B, C, D in r) and fc_ge25519_add_end. */
void fc_ge25519_add_cached_begin(fc_ge25519 *r, const fc_ge25519 *p, const ge_cached *q,
                                 unsigned neg)
{
    fc_fe25519 t;
    fc_fe25519_sub(&t, &p->Y, &p->X);
    fc_fe25519_add(&r->Y, &p->Y, &p->X);
    fc_fe25519_mul(&r->X, &t, neg ? &q->yplusx : &q->yminusx);
    fc_fe25519_mul(&r->Y, &r->Y, neg ? &q->yminusx : &q->yplusx);
    fc_fe25519_mul(&r->T, &p->T, &q->t2d);
    if (neg)
        fc_fe25519_neg(&r->T, &r->T);
    fc_fe25519_mul(&r->Z, &p->Z, &q->z);
    fc_fe25519_add(&r->Z, &r->Z, &r->Z);
}

static void ge_add_cached(fc_ge25519 *r, const fc_ge25519 *p, const ge_cached *q, unsigned neg)
{
    fc_ge25519_add_cached_begin(r, p, q, neg);
    fc_ge25519_add_end(r);
}

/* r = p + q or p - q for an affine q (verification only: neg is public): the first half. */
void fc_ge25519_madd_begin(fc_ge25519 *r, const fc_ge25519 *p, const ge_niels *q, unsigned neg)
{
    fc_fe25519 t;
    fc_fe25519_sub(&t, &p->Y, &p->X);
    fc_fe25519_add(&r->Y, &p->Y, &p->X);
    fc_fe25519_mul(&r->X, &t, neg ? &q->yplusx : &q->yminusx);
    fc_fe25519_mul(&r->Y, &r->Y, neg ? &q->yminusx : &q->yplusx);
    fc_fe25519_mul(&r->T, &p->T, &q->xy2d);
    if (neg)
        fc_fe25519_neg(&r->T, &r->T);
    fc_fe25519_add(&r->Z, &p->Z, &p->Z);
}

static void ge_madd_vartime(fc_ge25519 *r, const fc_ge25519 *p, const ge_niels *q, unsigned neg)
{
    fc_ge25519_madd_begin(r, p, q, neg);
    fc_ge25519_add_end(r);
}

void fc_ge25519_to_cached(ge_cached *r, const fc_ge25519 *p)
{
    fc_fe25519_frombytes(&r->t2d, fe_2d);
    fc_fe25519_mul(&r->t2d, &r->t2d, &p->T);
    fc_fe25519_add(&r->yplusx, &p->Y, &p->X);
    fc_fe25519_sub(&r->yminusx, &p->Y, &p->X);
    r->z = p->Z;
}

void fc_ge25519_tobytes(uint8_t out[32], const fc_ge25519 *p)
{
    fc_fe25519 zi;
    fc_fe25519_invert(&zi, &p->Z);
    fc_ge25519_tobytes_inverse(out, p, &zi);
    fc_zeroize(&zi, sizeof(zi));
}

void fc_ge25519_tobytes_inverse(uint8_t out[32], const fc_ge25519 *p, const fc_fe25519 *zi)
{
    fc_fe25519 t;
    unsigned x_odd;
    fc_fe25519_mul(&t, &p->X, zi);
    fc_fe25519_tobytes(out, &t);
    x_odd = out[0] & 1u;
    fc_fe25519_mul(&t, &p->Y, zi);
    fc_fe25519_tobytes(out, &t);
    out[31] = (uint8_t)(out[31] | x_odd << 7);
    fc_zeroize(&t, sizeof(t));
}

/* The fixed-base multiplication's temporaries besides the sum, for one fc_zeroize. */
typedef struct base_scratch {
    fc_fe25519 t;        /* Y - X, then -C, then ge_add_finish's E */
    fc_fe25519 q;        /* one coordinate of the selected table entry */
    fe_words w;          /* that coordinate as read */
} base_scratch;

/* s->q = coordinate c (0: y + x, 1: y - x, 2: 2 d x y) of [mag]T_j, mag in [0, 8]: every
 * entry of T_j is read and the wanted one kept with a mask. */
static void base_select(base_scratch *s, unsigned j, uint32_t mag, unsigned c)
{
    unsigned k, i;
    for (i = 0; i < 8; i++)
        s->w.w[i] = 0;
    s->w.w[0] = c < 2; /* the neutral element, (1, 1, 0), for mag = 0 */
    for (k = 0; k < 8; k++) {
        uint32_t diff = mag ^ (k + 1);                   /* < 16 */
        uint32_t mask = 0u - ((diff - 1u) >> 31);        /* all ones when diff == 0 */
        for (i = 0; i < 8; i++)
            s->w.w[i] ^= mask & (s->w.w[i] ^ comb_table[j][k][8 * c + i]);
    }
    fe_from_words(&s->q, &s->w);
}

/* r = r + [d]T_j, d in [-8, 8]: a mixed addition, the entry read one coordinate at a time. For
 * d < 0 the entry is negated: y + x and y - x trade places, which is the same as trading
 * Y1 - X1 and Y1 + X1 before the products and A and B after them, and C changes sign. All
 * three are masked. */
static void base_madd_begin(fc_ge25519 *r, base_scratch *s, unsigned j, uint32_t d)
{
    uint32_t neg = d >> 31;
    uint32_t mag = (d ^ (0u - neg)) + neg;               /* |d| */
    fc_fe25519_sub(&s->t, &r->Y, &r->X);
    fc_fe25519_add(&r->Y, &r->Y, &r->X);
    fc_fe25519_cswap(&s->t, &r->Y, neg);
    base_select(s, j, mag, 1);
    fc_fe25519_mul(&r->X, &s->t, &s->q);
    base_select(s, j, mag, 0);
    fc_fe25519_mul(&r->Y, &r->Y, &s->q);
    fc_fe25519_cswap(&r->X, &r->Y, neg);                 /* A, B */
    base_select(s, j, mag, 2);
    fc_fe25519_mul(&r->T, &r->T, &s->q);
    fc_fe25519_neg(&s->t, &r->T);
    fc_fe25519_cmov(&r->T, &s->t, neg);                  /* C */
    fc_fe25519_add(&r->Z, &r->Z, &r->Z);                 /* D */
}

static void base_madd(fc_ge25519 *r, base_scratch *s, unsigned j, uint32_t d)
{
    base_madd_begin(r, s, j, d);
    ge_add_finish(r, &s->t);
}

/* The first half of base_mul's addition of digit i: the carry chain runs on from nibble from
 * (carry in *carry, 0 at nibble 0) to i, as base_mul's does; *carry then holds the carry out of
 * nibble i. The counts depend on the public positions only. */
void fc_ge25519_base_add_begin(fc_ge25519 *acc, const uint8_t a[32], unsigned from, unsigned i,
                               uint32_t *carry)
{
    base_scratch s;
    uint32_t c = *carry, v = 0;
    unsigned n;
    for (n = from; n <= i; n++) {
        v = ((uint32_t)a[n >> 1] >> (4 * (n & 1)) & 15u) + c;
        c = n < 63 ? (v + 8u) >> 4 : 0;
    }
    *carry = c;
    base_madd_begin(acc, &s, i >> 3, v - (c << 4));
    fc_zeroize(&s, sizeof(s));
}

/* acc = [a]B. a's signed digits come from one carry chain over its 64 nibbles, run again for
 * each m (nothing stores them); the digit of each position is in [-8, 7], the top one in
 * [0, 8] as a < 2^255. Which positions get added is public (i mod 8 = m). */
static void base_mul(fc_ge25519 *acc, const uint8_t a[32])
{
    base_scratch s;
    uint32_t carry, v, d;
    unsigned i, m;

    fc_ge25519_identity(acc);
    for (m = 8; m-- > 0;) {
        if (m != 7) {
            ge_dbl(acc, acc, 0);
            ge_dbl(acc, acc, 0);
            ge_dbl(acc, acc, 0);
            ge_dbl(acc, acc, 1);
        }
        carry = 0;
        for (i = 0; i < 64; i++) {
            v = ((uint32_t)a[i >> 1] >> (4 * (i & 1)) & 15u) + carry;    /* 0 .. 16 */
            carry = i < 63 ? (v + 8u) >> 4 : 0;                          /* 1 when v >= 8 */
            d = v - (carry << 4);                                        /* mod 2^32 */
            if ((i & 7) == m)
                base_madd(acc, &s, i >> 3, d);
        }
    }
    fc_zeroize(&s, sizeof(s));
}

void fc_ge25519_base_tobytes(uint8_t out[32], const uint8_t a[32])
{
    fc_ge25519 p;
    base_mul(&p, a);
    fc_ge25519_tobytes(out, &p);
    fc_zeroize(&p, sizeof(p));
}

/* 1 if a == b (field elements; variable time) */
static int fe_equal(const fc_fe25519 *a, const fc_fe25519 *b)
{
    fc_fe25519 t;
    fc_fe25519_sub(&t, a, b);
    return (int)fc_fe25519_iszero(&t);
}

/* RFC 8032 5.1.3 in parts around the exponentiation (ge25519.h): x^2 = u / v with
 * u = y^2 - 1, v = d y^2 + 1; the candidate x = u v^3 (u v^7)^((p-5)/8). */
int fc_ge25519_decode_part(fc_ge25519 *r, const uint8_t s[32], fc_ge25519_decode *w,
                           unsigned part)
{
    unsigned sign = s[31] >> 7, i;
    uint8_t *x = (uint8_t *)(void *)&w->v3; /* 32 spare bytes in the last part */

    switch (part) {
    case 0:
        /* y < p: p is 0x7fff...ffed, so y >= p only with bytes 1..30 all 0xff */
        if ((s[31] & 0x7f) == 0x7f && s[0] >= 0xed) {
            for (i = 1; i < 31 && s[i] == 0xff; i++)
                ;
            if (i == 31)
                return -1;
        }
        fc_fe25519_frombytes(&r->Y, s); /* drops the sign bit */
        fc_fe25519_set_u32(&r->Z, 1);
        fc_fe25519_sqr(&w->u, &r->Y);
        fc_fe25519_frombytes(&w->t, fe_d);
        fc_fe25519_mul(&w->v, &w->u, &w->t);
        fc_fe25519_sub(&w->u, &w->u, &r->Z);
        fc_fe25519_add(&w->v, &w->v, &r->Z);
        fc_fe25519_sqr(&w->v3, &w->v);
        return 0;
    case 1:
        fc_fe25519_mul(&w->v3, &w->v3, &w->v);  /* v^3 */
        fc_fe25519_sqr(&w->t, &w->v3);
        fc_fe25519_mul(&w->t, &w->t, &w->v);    /* v^7 */
        fc_fe25519_mul(&w->t, &w->t, &w->u);    /* u v^7, raised to (p-5)/8 next */
        return 0;
    case 2:
        fc_fe25519_mul(&w->t, &w->t, &w->v3);
        fc_fe25519_mul(&r->X, &w->t, &w->u);    /* u v^3 (u v^7)^((p-5)/8) */
        fc_fe25519_sqr(&w->t, &r->X);
        fc_fe25519_mul(&w->t, &w->t, &w->v);    /* v x^2 */
        return 0;
    default:
        if (!fe_equal(&w->t, &w->u)) {
            fc_fe25519_neg(&w->u, &w->u);
            if (!fe_equal(&w->t, &w->u))
                return -1;                      /* u / v is not a square: no such point */
            fc_fe25519_frombytes(&w->t, fe_sqrtm1);
            fc_fe25519_mul(&r->X, &r->X, &w->t);
        }
        if (fc_fe25519_iszero(&r->X) && sign)
            return -1;                          /* x = 0 has no negative */
        fc_fe25519_tobytes(x, &r->X);
        if ((x[0] & 1u) != sign)
            fc_fe25519_neg(&r->X, &r->X);
        fc_fe25519_mul(&r->T, &r->X, &r->Y);
        return 0;
    }
}

int fc_ge25519_frombytes(fc_ge25519 *r, const uint8_t s[32])
{
    fc_ge25519_decode w;
    if (fc_ge25519_decode_part(r, s, &w, 0) != 0)
        return -1;
    fc_ge25519_decode_part(r, s, &w, 1);
    fc_fe25519_pow22523(&w.t, &w.t);
    fc_ge25519_decode_part(r, s, &w, 2);
    return fc_ge25519_decode_part(r, s, &w, 3);
}

int fc_ge25519_is_neutral(const fc_ge25519 *p)
{
    /* the neutral element is (0 : Z : Z) */
    return fc_fe25519_iszero(&p->X) && fe_equal(&p->Y, &p->Z);
}

int fc_ge25519_is_small_order(const fc_ge25519 *p)
{
    fc_ge25519 q;
    ge_dbl(&q, p, 0);
    ge_dbl(&q, &q, 0);
    ge_dbl(&q, &q, 0);
    return fc_ge25519_is_neutral(&q);
}

/* The next window of s at or below bit from: the highest set bit i <= from and the lowest set
 * bit j >= i - width + 1; *digit = bits j..i (odd), *pos = j, or *pos = -1 when none is left. */
void fc_ge25519_next_window(const uint8_t s[32], int from, int width, int *pos,
                            unsigned *digit)
{
    int i = from, j, b;
    unsigned d = 0;
    while (i >= 0 && !((s[i >> 3] >> (i & 7)) & 1))
        i--;
    if (i < 0) {
        *pos = -1;
        return;
    }
    j = i - width + 1 < 0 ? 0 : i - width + 1;
    while (!((s[j >> 3] >> (j & 7)) & 1))
        j++;
    for (b = i; b >= j; b--)
        d = (d << 1) | ((s[b >> 3] >> (b & 7)) & 1u);
    *pos = j;
    *digit = d;
}

void fc_ge25519_double_scalarmult_vartime(fc_ge25519 *r, const uint8_t k[32],
                                          const fc_ge25519 *A, const uint8_t s[32])
{
    ge_cached a_odd[4]; /* A, 3A, 5A, 7A */
    ge_niels b;
    int i, pos_k, pos_s, started = 0;
    unsigned digit_k = 0, digit_s = 0;

    /* r may be A: A is read only here, into a_odd[0] first; 2A waits in a_odd[3] until 7A
     * replaces it */
    fc_ge25519_to_cached(&a_odd[0], A);
    ge_dbl(r, A, 1);
    fc_ge25519_to_cached(&a_odd[3], r);
    fc_ge25519_identity(r);
    ge_add_cached(r, r, &a_odd[0], 0);
    for (i = 1; i < 4; i++) {
        ge_add_cached(r, r, &a_odd[3], 0);
        fc_ge25519_to_cached(&a_odd[i], r);
    }

    fc_ge25519_identity(r);
    fc_ge25519_next_window(k, 255, 3, &pos_k, &digit_k);
    fc_ge25519_next_window(s, 255, 4, &pos_s, &digit_s);
    for (i = 255; i >= 0; i--) {
        int add_k = i == pos_k, add_s = i == pos_s;
        if (started)
            ge_dbl(r, r, (unsigned)(add_k | add_s));
        if (add_k) {
            ge_add_cached(r, r, &a_odd[digit_k >> 1], 1);
            fc_ge25519_next_window(k, i - 1, 3, &pos_k, &digit_k);
            started = 1;
        }
        if (add_s) {
            niels_from_table(&b, odd_table[digit_s >> 1]);
            ge_madd_vartime(r, r, &b, 0);
            fc_ge25519_next_window(s, i - 1, 4, &pos_s, &digit_s);
            started = 1;
        }
    }
}

#endif /* FC_SOFT_ED25519 */
