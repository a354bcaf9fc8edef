/* libFuzzer: MCUboot image parsing and verification (mcuboot.h) on arbitrary slot bytes, with
 * a fixed Ed25519 key (seed 00 01 .. 1f: the seed corpus holds an image it signed, so mutants
 * reach the hash and the signature), and the trailer reader on the slot's last 48 bytes.
 * The last input byte picks the sliced form's budget. What must hold: no crash or overread
 * (ASan), the sliced check returns what the whole check returns, and an accepted image lies
 * inside the slot. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fc_mcuboot_job job;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t pub[32];
    static int have_key;
    uint8_t seed[32];
    fc_mcuboot_key key;
    fc_mcuboot_info whole, sliced;
    fc_status st, st2;
    uint32_t budget;
    unsigned state;
    size_t i;

    if (!have_key) {
        for (i = 0; i < 32; i++)
            seed[i] = (uint8_t)i;
        if (fc_eddsa_public_key(NULL, FC_ED25519, pub, seed) != FC_OK)
            abort();
        have_key = 1;
    }
    key.alg = FC_ED25519;
    key.pub = pub;
    key.pub_len = 32;
    st = fc_mcuboot_check(NULL, &whole, &key, NULL, data, size);
    if (st == FC_OK && whole.total_size > size)
        abort();
    budget = size > 0 ? 1u + (uint32_t)data[size - 1] * 400u : 1u;
    st2 = fc_mcuboot_start(&job, NULL, &key, NULL, data, size);
    if (st2 == FC_OK)
        do
            st2 = fc_mcuboot_step(&job, budget);
        while (st2 == FC_PENDING);
    if (st2 != st)
        abort();
    if (st == FC_OK && (fc_mcuboot_result(&job, &sliced) != FC_OK ||
                        memcmp(&sliced, &whole, sizeof(whole)) != 0))
        abort();
    fc_mcuboot_wipe(&job);
    if (size >= 48)
        (void)fc_mcuboot_trailer_read(&state, data + size - 48, 48, 8, 0xff);
    return 0;
}
