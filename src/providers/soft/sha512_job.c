/* The soft provider's SHA-512 job (engine.h): one block per unit (fc_soft_sha512_compress).
 *
 * The message is either caller bytes (fc_job_hash) or produced by a writer function that is
 * run again for every block and keeps only that block's window (the sliced login hashes
 * strings made of pieces of its context this way, without a buffer for them). Only whole
 * blocks are compressed until the tail: the last unit pads and finishes, or, when the tail
 * leaves no room for the length, the last two. */
#include <string.h>

#include "fieldcrypt/ct.h"
#include "job.h"
#include "job_costs.h"

#if FC_WITH_ENGINE

static const uint64_t iv512[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
    0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
    0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

/* Copies message bytes [off, off + len) into dst, fewer at the end of the message; returns
 * how many. A writer learns the message length on every run, so no run is spent on measuring
 * it first. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline)) /* its sink stays off the compression's stack path */
#endif
static uint32_t message(soft_job *job, uint32_t off, uint8_t *dst, uint32_t len)
{
    if (job->writer != NULL) {
        fc_sink s;
        fc_sink_window(&s, dst, len, off);
        job->writer(job->src, &s);
        job->msg_len = (uint32_t)s.total;
        return len < job->msg_len - off ? len : job->msg_len - off;
    }
    if (len > job->msg_len - off)
        len = job->msg_len - off;
    if (len > 0) /* src may be NULL for an empty message */
        memcpy(dst, (const uint8_t *)job->src + off, len);
    return len;
}

/* The engine has zeroed the job's state. */
fc_status fc_soft_sha512_job_start(const fc_impl *impl, void *state, const fc_job_input *in)
{
    soft_job *job = (soft_job *)state;
    (void)impl; /* SHA-512 only: the engine checked the message length (below 2^32) */
    job->kind = SOFT_JOB_SHA512;
    job->out = in->out;
    job->writer = in->writer;
    job->src = in->writer != NULL ? in->src : (const void *)in->data;
    job->msg_len = in->writer != NULL ? 0 : (uint32_t)in->data_len;
    memcpy(job->u.hash.h, iv512, sizeof(iv512));
    return FC_OK;
}

static void store64_be(uint8_t *p, uint64_t v)
{
    int i;
    for (i = 7; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

static fc_status hash_unit(soft_job *job)
{
    struct soft_job_hash *hs = &job->u.hash;
    uint32_t got;
    unsigned i;

    if (job->flag == 0) {
        got = message(job, hs->done, hs->buf, 128);
        if (got == 128) { /* a whole block of message */
            fc_soft_sha512_compress(hs->h, hs->buf);
            hs->done += 128;
            return FC_PENDING;
        }
        /* the tail, 0x80, zeros; the 128-bit bit length too if it fits */
        memset(hs->buf + got, 0, 128 - got);
        hs->buf[got] = 0x80;
        if (got >= 112) {
            fc_soft_sha512_compress(hs->h, hs->buf);
            job->flag = 1; /* the length goes in a block of its own */
            return FC_PENDING;
        }
    } else {
        memset(hs->buf, 0, 128);
    }
    /* bit length: its high 64 bits (buf + 112) stay 0 for messages below 2^32 bytes */
    store64_be(hs->buf + 120, (uint64_t)job->msg_len << 3);
    fc_soft_sha512_compress(hs->h, hs->buf);
    for (i = 0; i < 8; i++)
        store64_be(hs->buf + 8 * i, hs->h[i]);
    memcpy(job->out, hs->buf, 64);
    return FC_OK;
}

fc_status fc_soft_sha512_job_run(void *state, uint32_t budget, fc_cycle_counter clock,
                                 void *user)
{
    soft_job *job = (soft_job *)state;
    uint32_t cost = fc_soft_job_costs(16)[job->writer != NULL ? FC_UNIT_SHA_WRITER
                                                               : FC_UNIT_SHA_BLOCK];
    uint32_t spent = 0, start = clock != NULL ? clock(user) : 0;
    fc_status st;
    if (job->kind != SOFT_JOB_SHA512)
        return FC_ERR_STATE; /* not made by fc_soft_sha512_job_start */
    for (;;) {
        st = hash_unit(job);
        if (st != FC_PENDING)
            return st;
        if (clock != NULL) {
            spent = clock(user) - start;
            if (!soft_job_live(job))
                return FC_ERR_STATE; /* the callback cancelled it */
        } else {
            spent += cost;
        }
        if (spent > budget || cost > budget - spent)
            return FC_PENDING;
    }
}

#endif /* FC_WITH_ENGINE */
