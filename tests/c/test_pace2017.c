/* The 2017 PACE profile: fieldcrypt's vectors (made by an independent Python reference) on every
 * provider whose chain has the primitives, plus the failure paths. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"
#include "testutil.h"
#include "vectors.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* randomness handed out front to back, as the profile documents its order */
typedef struct { uint8_t buf[128]; size_t len, pos; } queue;
static int queue_fill(void *user, uint8_t *out, size_t len)
{
    queue *q = (queue *)user;
    if (len > q->len - q->pos)
        return -1;
    memcpy(out, q->buf + q->pos, len);
    q->pos += len;
    return 0;
}
static void queue_push(queue *q, const char *hex)
{
    size_t n;
    uint8_t *b = tu_unhex(hex, &n);
    memcpy(q->buf + q->len, b, n);
    q->len += n;
    free(b);
}
static void test_vectors(const fc_provider *p)
{
    size_t i;
    for (i = 0; i < COUNT(pace2017_vectors); i++) {
        const pace2017_vec *v = &pace2017_vectors[i];
        queue qd = {{0}, 0, 0}, qh = {{0}, 0, 0};
        fc_rng rd = {queue_fill, &qd}, rh = {queue_fill, &qh};
        fc_pace2017_ctx dev, hh;
        uint8_t kpi[32], m1[24], m2[48], m3[48], m4[16], kd[32], kh[32], *pw, *id;
        size_t pwl, idl;
        queue_push(&qd, v->s);
        queue_push(&qd, v->n);
        queue_push(&qd, v->ya);
        queue_push(&qh, v->t);
        queue_push(&qh, v->yb);
        pw = tu_unhex(v->password, &pwl);
        id = tu_unhex(v->device_id, &idl);
        memset(&dev, 0, sizeof(dev));
        memset(&hh, 0, sizeof(hh));
        CHECK(fc_pace2017_derive_kpi(p, kpi, pw, pwl, id, idl) == FC_OK && tu_hex_eq(kpi, 32, v->kpi), "%s kpi %zu", p->name, i);
        CHECK(fc_pace2017_device_start(&dev, p, &rd, m1, 24, kpi) == FC_OK && tu_hex_eq(m1, 24, v->msg1), "%s M1 %zu", p->name, i);
        CHECK(fc_pace2017_handheld_start(&hh, p, &rh, m2, 48, kpi, m1, 24) == FC_OK && tu_hex_eq(m2, 48, v->msg2), "%s M2 %zu", p->name, i);
        CHECK(fc_pace2017_session_key(&dev, kd, 32) == FC_ERR_STATE, "no key early");
        CHECK(fc_ct_is_zero(dev.kpi, 32) && fc_ct_is_zero(hh.kpi, 32), "K_pi dropped after start");
        CHECK(fc_pace2017_device_respond(&dev, m3, 48, m2, 48) == FC_OK && tu_hex_eq(m3, 48, v->msg3), "%s M3 %zu", p->name, i);
        CHECK(fc_pace2017_session_key(&dev, kd, 32) == FC_ERR_STATE, "no key before T_B");
        CHECK(fc_pace2017_handheld_finish(&hh, m4, 16, m3, 48) == FC_OK && tu_hex_eq(m4, 16, v->msg4), "%s M4 %zu", p->name, i);
        CHECK(fc_pace2017_device_finish(&dev, m4, 16) == FC_OK, "%s finish %zu", p->name, i);
        CHECK(fc_pace2017_session_key(&dev, kd, 32) == FC_OK && tu_hex_eq(kd, 32, v->key), "%s key %zu", p->name, i);
        CHECK(fc_pace2017_session_key(&hh, kh, 32) == FC_OK && tu_hex_eq(kh, 32, v->key), "%s hh key %zu", p->name, i);
        fc_pace2017_wipe(&dev);
        fc_pace2017_wipe(&hh);
        CHECK(fc_ct_is_zero(&dev, sizeof(dev)), "fc_pace2017_wipe clears the context");
        free(pw);
        free(id);
    }
}

static void test_failures(const fc_provider *p)
{
    fc_pace2017_ctx dev, hh;
    uint8_t kpi[32] = {1}, bad[32] = {2}, m1[24] = {0}, m2[48] = {0}, m3[48] = {0}, m4[16] = {0};
    uint8_t key[32];
    memset(&dev, 0, sizeof(dev));
    memset(&hh, 0, sizeof(hh));
    CHECK(fc_pace2017_device_respond(&dev, m3, 48, m2, 48) == FC_ERR_STATE, "respond first");
    CHECK(fc_pace2017_device_start(&dev, p, NULL, m1, 23, kpi) == FC_ERR_LENGTH, "short M1 buffer");
    CHECK(fc_pace2017_device_start(&dev, p, NULL, m1, 24, kpi) == FC_OK, "start");
    CHECK(fc_pace2017_device_start(&dev, p, NULL, m1, 24, kpi) == FC_ERR_STATE, "start twice");
    CHECK(fc_pace2017_handheld_start(&hh, p, NULL, m2, 48, bad, m1, 23) == FC_ERR_LENGTH, "short M1");
    CHECK(fc_pace2017_handheld_start(&hh, p, NULL, m2, 48, bad, m1, 24) == FC_OK, "hh start wrong K_pi");
    CHECK(fc_pace2017_device_respond(&dev, m3, 48, m2, 47) == FC_ERR_LENGTH, "short M2");
    CHECK(fc_pace2017_device_respond(&dev, m3, 48, m2, 48) == FC_OK, "respond");
    CHECK(fc_pace2017_handheld_finish(&hh, m4, 16, m3, 48) == FC_ERR_VERIFY, "wrong password: T_A fails");
    CHECK(fc_pace2017_session_key(&hh, key, 32) == FC_ERR_STATE, "no hh key");
    CHECK(fc_ct_is_zero(hh.key, 32) && fc_ct_is_zero(hh.kpi, 32), "failure wipes");
    memset(m4, 0, sizeof(m4));
    CHECK(fc_pace2017_device_finish(&dev, m4, 16) == FC_ERR_VERIFY, "forged T_B");
    CHECK(fc_pace2017_session_key(&dev, key, 32) == FC_ERR_STATE, "no device key");
    CHECK(fc_pace2017_device_finish(&dev, m4, 16) == FC_ERR_STATE, "finish after failure");
    fc_pace2017_wipe(&dev);
    fc_pace2017_wipe(&hh);
}

int main(void)
{
    size_t i;
    for (i = 0; i < tu_provider_count(); i++) {
        const fc_provider *p = tu_provider_at(i);
        if (!fc_provider_supports(p, FC_ELLIGATOR2_CURVE25519) ||
            !fc_provider_supports(p, FC_SALSA20))
            continue;
        test_vectors(p);
        test_failures(p);
    }
    return tu_finish("test_pace2017");
}
