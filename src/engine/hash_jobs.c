/* SHA-512 jobs of the slice engine: one block per unit (fc_soft_sha512_compress).
 *
 * The message is either caller bytes (fc_job_sha512) or produced by a writer function that is
 * run again for every block and keeps only that block's window (the sliced login hashes
 * strings made of pieces of its context this way, without a buffer for them). Only whole
 * blocks are compressed until the tail: the last unit pads and finishes, or, when the tail
 * leaves no room for the length, the last two. */
#include <string.h>

#include "core/core.h"
#include "engine_internal.h"
#include "providers/soft/soft.h"

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
static uint32_t message(fc_job *job, uint32_t off, uint8_t *dst, uint32_t len)
{
    if (job->writer != NULL) {
        cpace_sink s;
        memset(&s, 0, sizeof(s));
        s.buf = dst;
        s.cap = len;
        s.skip = off;
        s.window = 1;
        ((fc_job_writer)job->writer)(job->src, &s);
        job->msg_len = (uint32_t)s.total;
        return len < job->msg_len - off ? len : job->msg_len - off;
    }
    if (len > job->msg_len - off)
        len = job->msg_len - off;
    if (len > 0) /* src may be NULL for an empty message */
        memcpy(dst, (const uint8_t *)job->src + off, len);
    return len;
}

static fc_status start(fc_job *job, unsigned kind, uint8_t *digest)
{
    fc_status st = fc_engine_claim(job, kind, digest);
    if (st == FC_OK)
        memcpy(job->u.hash.h, iv512, sizeof(iv512));
    return st;
}

fc_status fc_job_sha512(fc_job *job, uint8_t digest[64], const uint8_t *msg, size_t msg_len)
{
    fc_status st;
    if (job == NULL || digest == NULL || (msg == NULL && msg_len > 0))
        return FC_ERR_NULL;
    if (msg_len > 0xffffffffu)
        return FC_ERR_LENGTH;
    st = start(job, FC_JOB_SHA512, digest);
    if (st == FC_OK) {
        job->src = msg;
        job->msg_len = (uint32_t)msg_len;
    }
    return st;
}

fc_status fc_job_sha512_writer(fc_job *job, uint8_t digest[64], fc_job_writer writer,
                               const void *src)
{
    fc_status st = start(job, FC_JOB_SHA512_WRITER, digest);
    if (st == FC_OK) {
        job->src = src;
        job->writer = (void (*)(void))writer;
    }
    return st;
}

static void store64_be(uint8_t *p, uint64_t v)
{
    int i;
    for (i = 7; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

static fc_status hash_unit(fc_job *job)
{
    fc_job_hash *hs = &job->u.hash;
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

fc_status fc_engine_hash_run(fc_job *job, uint32_t budget, fc_cycle_counter clock, void *user)
{
    uint32_t cost = fc_engine_costs(16)[job->writer != NULL ? FC_UNIT_SHA_WRITER : FC_UNIT_SHA_BLOCK];
    uint32_t spent = 0, start = clock != NULL ? clock(user) : 0;
    fc_status st;
    for (;;) {
        st = hash_unit(job);
        if (st != FC_PENDING)
            return st;
        if (clock != NULL) {
            spent = clock(user) - start;
            if (!fc_engine_live(job))
                return FC_ERR_STATE; /* the callback cancelled it */
        } else {
            spent += cost;
        }
        if (spent > budget || cost > budget - spent)
            return FC_PENDING;
    }
}

#endif /* FC_WITH_ENGINE */
