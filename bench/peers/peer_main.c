/* The peer comparison's image: the same operations on the same inputs for one library
 * (peer_<library>.c), each between two bench_mark() calls as in bench/bench_main.c, so the
 * runner (python/fieldcrypt/peerbench.py over mcubench.run_bench) reads them alike. Each
 * answer is compared with bench/kat.h's known answer (the bench image's, from independent
 * references) after its region: a wrong answer prints "WRONG <name>" and the operation is
 * reported, not timed; an absent one prints "absent <name>". */
#include <string.h>

#include "board.h"
#include "kat.h"
#include "peer.h"

#define MSG_LEN 2048u

static uint8_t msg[MSG_LEN];
static uint8_t out[64];

#define BEGIN(k) bench_mark(2u * (k) + 1u)
#define END(k) bench_mark(2u * (k) + 2u)

static void say(const char *what, uint32_t k, const char *name, uint32_t bytes)
{
    board_puts(what);
    if (k) {
        board_puts(" ");
        board_putu(k);
    }
    board_puts(" ");
    board_puts(name);
    if (k) {
        board_puts(" ");
        board_putu(bytes);
    }
    board_puts("\n");
}

/* r: the library's status; want/len: the known answer. */
static void outcome(uint32_t k, const char *name, uint32_t bytes, int r, const uint8_t *want,
                    size_t len)
{
    if (r == PEER_ABSENT)
        say("absent", 0, name, 0);
    else if (r != PEER_OK || memcmp(out, want, len) != 0)
        say("WRONG", 0, name, 0);
    else
        say("op", k, name, bytes);
}

int main(void)
{
    uint32_t i;
    int r;

    for (i = 0; i < MSG_LEN; i++)
        msg[i] = (uint8_t)(i * 7u + 1u);   /* bench_main.c's message, as kat.h expects */
    bench_mark(1);
    bench_mark(2);
    if (peer_setup() != PEER_OK) {
        board_puts("setup failed\n");
        board_exit(1);
    }

    BEGIN(1);
    r = peer_x25519(out, KAT_X25519_K, KAT_X25519_U);
    END(1);
    outcome(1, "x25519", 0, r, KAT_X25519_OUT, 32);

    BEGIN(2);
    r = peer_sha256(out, msg, MSG_LEN);
    END(2);
    outcome(2, "sha256_2k", MSG_LEN, r, KAT_SHA256_2K, 32);

    BEGIN(3);
    r = peer_sha512(out, msg, MSG_LEN);
    END(3);
    outcome(3, "sha512_2k", MSG_LEN, r, KAT_SHA512_2K, 64);

    board_puts("PEER DONE\n");
    board_exit(0);
}
