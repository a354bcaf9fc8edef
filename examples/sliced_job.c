/* The slice engine: X25519 public key computation as a job run in slices of bounded work, the
 * device sleeping between slices (on a harvested-power device: until the buffer has
 * recharged), then checked against the one-call fc_xdh_base.
 *
 * Known answer: RFC 7748 section 6.1, Alice's private and public key. */
#ifndef FC_EXAMPLE_BOARD
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#endif
#include <string.h>

#include <fieldcrypt/fieldcrypt.h>

#include "example_io.h"

#ifdef FC_EXAMPLE_BOARD
/* a board would enter a low-power mode until the energy buffer is charged (WFI with a
 * comparator interrupt); the board-less image just goes on */
static void wait_for_energy(void)
{
}
#else
#include <time.h>
static void wait_for_energy(void)
{
    struct timespec t = {0, 200000}; /* 0.2 ms */
    nanosleep(&t, NULL);
}
#endif

#define BUDGET 28000u /* work units per slice: about 28,000 cycles on the Cortex-M0+ */

int main(void)
{
    static const uint8_t alice_secret[32] = { /* RFC 7748 6.1 */
        0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
        0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
    static const uint8_t alice_public[32] = { /* RFC 7748 6.1 */
        0x85, 0x20, 0xf0, 0x09, 0x89, 0x30, 0xa7, 0x54, 0x74, 0x8b, 0x7d, 0xdc, 0xb4, 0x3e, 0xf7, 0x5a,
        0x0d, 0xbf, 0x3a, 0x0d, 0x26, 0x38, 0x1a, 0xf4, 0xeb, 0xa4, 0xa9, 0x8e, 0xaa, 0x9b, 0x4e, 0x6a};
    static fc_job job; /* static: zeroed, and off the stack (1 KiB with the curve jobs) */
    uint8_t pub[32], direct[32];
    unsigned long slices = 0;
    fc_status st;

    /* start: finds a sliceable X25519 on the chain, copies the inputs; u NULL: base point */
    st = fc_job_xdh(&job, NULL, FC_X25519, pub, alice_secret, NULL);
    if (st != FC_OK)
        return fail("fc_job_xdh", st);
    do {
        st = fc_job_step(&job, BUDGET);
        slices++;
        if (st == FC_PENDING)
            wait_for_energy(); /* the job holds no pointer to the stack: anything may run here */
    } while (st == FC_PENDING);
    if (st != FC_OK) {
        fc_job_wipe(&job);
        return fail("fc_job_step", st);
    }
    say("slices of <= 28000 units: ");
#ifdef FC_EXAMPLE_BOARD
    board_putu((uint32_t)slices);
    say("\n");
#else
    printf("%lu\n", slices);
#endif
    say_hex("public key = ", pub, sizeof pub);

    if ((st = fc_xdh_base(NULL, FC_X25519, direct, alice_secret)) != FC_OK)
        return fail("fc_xdh_base", st);
    if (memcmp(pub, alice_public, 32) != 0 || memcmp(direct, alice_public, 32) != 0)
        return fail("RFC 7748 6.1 public key differs", FC_ERR_VERIFY);
    if (slices < 2)
        return fail("the job ran in one slice", FC_ERR_STATE);
    say("sliced_job: ok (same bytes as fc_xdh_base)\n");
    return 0;
}
