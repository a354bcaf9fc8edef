/* The curve jobs' ladder on the target (Cortex-M0/M0+, M4: the fused ladder step, whose units
 * curve_jobs.c runs back to back in run_ladder): X25519 and X19119, on a given point and on the
 * base point, stepped at budgets 1 (one unit a step), 28,000 (the bench's), 100,000 (several
 * ladder units a step, the ladder's end and the chain's start in one) and 2^32 - 1 (the whole
 * job in one step), and with a clock, must give the synchronous fc_xdh's bytes; larger budgets
 * take fewer steps, and the step count at budget 1 must not depend on the scalar; a clock that
 * wipes the job during the ladder must end the step with FC_ERR_STATE. Prints OK and exits 0,
 * or prints what failed and exits 1. */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "fieldcrypt/fieldcrypt.h"

int main(void);

static int failures;
static fc_job job;

static void fail(const char *what, fc_alg alg, uint32_t budget)
{
    board_puts(what);
    board_puts(alg == FC_X25519 ? " x25519 " : " x19119 ");
    board_putu(budget);
    board_puts("\n");
    failures++;
}

static uint32_t fake_cycles;
static uint32_t fake_clock(void *user)
{
    (void)user;
    fake_cycles += 7000; /* each reading 7,000 cycles later: a few units a step */
    return fake_cycles;
}

static unsigned readings;
static uint32_t cancelling_clock(void *user)
{
    (void)user;
    if (++readings == 3)
        fc_job_wipe(&job);
    return readings * 1000u;
}

/* steps the started job at budget (clock: with fake_clock); the step count, 0 on a failure */
static unsigned long run(uint32_t budget, int clock)
{
    unsigned long steps = 0;
    fc_status st;
    do {
        st = clock ? fc_job_step_clock(&job, budget, fake_clock, NULL) : fc_job_step(&job, budget);
        steps++;
    } while (st == FC_PENDING && steps < 100000);
    return st == FC_OK ? steps : 0;
}

static void check_alg(fc_alg alg, size_t len, const uint8_t *k1, const uint8_t *k2,
                      const uint8_t *u)
{
    static const uint32_t budgets[] = {1, 28000, 100000, 0xffffffffu};
    uint8_t want[32], got[32];
    unsigned long count[4] = {0}, steps;
    size_t b;
    int base, clock;
    for (base = 0; base < 2; base++) {
        const uint8_t *point = base ? NULL : u;
        if ((base ? fc_xdh_base(NULL, alg, want, k1) : fc_xdh(NULL, alg, want, k1, point)) != FC_OK)
            fail("synchronous", alg, 0);
        for (b = 0; b < sizeof(budgets) / sizeof(budgets[0]); b++) {
            for (clock = 0; clock < 2; clock++) {
                if (clock && budgets[b] != 28000)
                    continue;
                memset(got, 0, sizeof(got));
                if (fc_job_xdh(&job, NULL, alg, got, k1, point) != FC_OK)
                    fail("start", alg, budgets[b]);
                steps = run(budgets[b], clock);
                if (steps == 0 || memcmp(got, want, len) != 0)
                    fail(clock ? "clock result" : "result", alg, budgets[b]);
                if (!clock)
                    count[b] = steps;
            }
        }
        /* fewer steps for larger budgets, one for the largest; the unit count at budget 1 is
         * the same for another scalar */
        if (!(count[0] > count[2] && count[1] >= count[2] && count[2] > count[3] && count[3] == 1))
            fail("step counts", alg, 0);
        if (fc_job_xdh(&job, NULL, alg, got, k2, point) != FC_OK || run(1, 0) != count[0])
            fail("unit count", alg, 1);
    }
    readings = 0;
    if (fc_job_xdh(&job, NULL, alg, got, k1, u) != FC_OK ||
        fc_job_step_clock(&job, 1000000, cancelling_clock, NULL) != FC_ERR_STATE ||
        fc_job_running(&job))
        fail("a clock that wipes the job", alg, 1000000);
}

int main(void)
{
    uint8_t k1[32], k2[32], u[32];
    unsigned i;
    for (i = 0; i < 32; i++) {
        k1[i] = (uint8_t)(17 * i + 5);
        k2[i] = (uint8_t)(0xff - 29 * i);
        u[i] = (uint8_t)(3 * i + 9);
    }
    u[31] &= 0x7f;
    check_alg(FC_X25519, 32, k1, k2, u);
#if FC_WITH_X19119
    u[23] &= 0x7f;
    check_alg(FC_X19119, 24, k1, k2, u);
#endif
    board_puts(failures ? "FAILED\n" : "OK\n");
    board_exit(failures ? 1 : 0);
}
