/* Randomness sources: an installed callback, else the OS on hosted builds, else none. */
#include "core.h"

#if FC_HOSTED_RNG
#include <errno.h>
#include <sys/random.h>
#endif

static const fc_rng *installed_rng;

void fc_rng_install(const fc_rng *rng)
{
    installed_rng = rng;
}

#if FC_HOSTED_RNG
static int system_fill(void *user, uint8_t *out, size_t len)
{
    (void)user;
    while (len > 0) {
        /* getrandom returns at most 33554431 bytes per call and may be interrupted */
        ssize_t got = getrandom(out, len > 65536 ? 65536 : len, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        out += got;
        len -= (size_t)got;
    }
    return 0;
}

static const fc_rng system_rng = {system_fill, NULL};
#endif

const fc_rng *fc_rng_system(void)
{
#if FC_HOSTED_RNG
    return &system_rng;
#else
    return NULL;
#endif
}

const fc_rng *fc_core_rng_default(void)
{
    return installed_rng != NULL ? installed_rng : fc_rng_system();
}

fc_status fc_random_bytes(const fc_rng *rng, uint8_t *out, size_t len)
{
    if (out == NULL && len > 0)
        return FC_ERR_NULL;
    if (rng == NULL)
        rng = fc_core_rng_default();
    if (rng == NULL || rng->fill == NULL)
        return FC_ERR_NO_RNG;
    if (len == 0)
        return FC_OK;
    if (rng->fill(rng->user, out, len) != 0) {
        fc_zeroize(out, len);
        return FC_ERR_RNG_FAILED;
    }
    return FC_OK;
}
