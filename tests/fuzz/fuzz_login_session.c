/* libFuzzer: every receive path of the login, CPace and the 2017 profile. A device and a
 * handheld of the suite picked by the first byte run an honest exchange, but at a step chosen by
 * the input the next frame is replaced by fuzzer bytes. Whatever happens, no side may report
 * success unless both hold the same key, and a failed side must release nothing. The
 * device runs sliced (the slice engine) when bit 7 of the second byte is set, with budgets
 * taken from the input. Both sides run on the soft provider, named: fieldcrypt's own code
 * (the default of a host build is the openssl chain). */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int counter_fill(void *user, uint8_t *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)(++*(unsigned *)user * 167u);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const unsigned suites[3] = {FC_LOGIN_SUITE_CPACE, FC_LOGIN_SUITE_PACE2017,
                                       FC_LOGIN_SUITE_CPACE19119};
    unsigned ctr = 0, suite, inject_at;
    fc_rng rng = {counter_fill, &ctr};
    uint8_t cred[32], a[FC_LOGIN_MAX_FRAME], b[FC_LOGIN_MAX_FRAME], kd[32], kh[32], id[32];
    size_t alen = 0, blen = 0, n = 0;
    fc_login dev, hh;
    fc_login_config cd, ch;
    int turn = 0, to_dev = 1, fd, fh, sliced, steps;
    uint32_t budget;
    fc_status st;
    const fc_provider *soft = fc_provider_find("soft");
    if (size < 2)
        return 0;
    suite = suites[data[0] % 3];
    inject_at = data[1] % 7;
    sliced = (data[1] & 0x80) != 0;
    budget = 1u + (uint32_t)data[0] * 211u; /* 1 .. about 54,000 */
    data += 2, size -= 2;
    if (fc_login_credential(soft, suite, cred, 32, (const uint8_t *)"pw", 2, (const uint8_t *)"dev", 3) != FC_OK)
        abort();
    memset(&cd, 0, sizeof(cd));
    cd.role = FC_LOGIN_DEVICE, cd.suite = suite, cd.secret = cred, cd.secret_len = 32;
    cd.id = (const uint8_t *)"dev", cd.id_len = 3, cd.provider = soft;
    ch = cd;
    cd.sliced = sliced;
    ch.role = FC_LOGIN_HANDHELD, ch.secret = (const uint8_t *)"pw", ch.secret_len = 2;
    ch.id = (const uint8_t *)"hh", ch.id_len = 2;
    memset(&dev, 0, sizeof(dev));
    memset(&hh, 0, sizeof(hh));
    if (fc_login_init(&dev, &cd) != FC_OK || fc_login_init(&hh, &ch) != FC_OK)
        abort();
    if (fc_login_start(&hh, &rng, a, sizeof(a), &alen) != FC_OK)
        abort();
    while (turn < 8) {
        fc_login *to = to_dev ? &dev : &hh;
        if ((unsigned)turn == inject_at) { /* replace this frame by the fuzzer's bytes */
            size_t m = size < sizeof(a) ? size : sizeof(a);
            memcpy(a, data, m);
            alen = m;
        }
        if (alen == 0)
            break;
        blen = 0;
        st = fc_login_input(to, &rng, b, sizeof(b), &blen, a, alen);
        for (steps = 0; st == FC_PENDING; steps++) {
            if (steps > 100000 || blen != 0)
                abort(); /* sliced work must end, and say nothing until it does */
            st = fc_login_step(to, budget, b, sizeof(b), &blen);
        }
        if (blen > sizeof(b))
            abort();
        memcpy(a, b, blen);
        alen = blen;
        to_dev = !to_dev;
        turn++;
    }
    fd = fc_login_done(&dev);
    fh = fc_login_done(&hh);
    if (fd && fh) {
        if (fc_login_result(&dev, id, sizeof(id), &n, kd, 32) != FC_OK ||
            fc_login_result(&hh, id, sizeof(id), &n, kh, 32) != FC_OK || memcmp(kd, kh, 32) != 0)
            abort(); /* both accepted: they must agree */
    }
    if (!fd && fc_login_result(&dev, id, sizeof(id), &n, kd, 32) == FC_OK)
        abort(); /* a key without a finished login */
    if (!fh && fc_login_result(&hh, id, sizeof(id), &n, kh, 32) == FC_OK)
        abort();
    fc_login_wipe(&dev);
    fc_login_wipe(&hh);
    return 0;
}
