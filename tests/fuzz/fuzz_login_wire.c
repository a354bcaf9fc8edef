/* libFuzzer: the login frame parser. The input is cut into chunks whose sizes come from the
 * input itself and fed to the reassembler; every frame it yields must pass fc_login_frame_check
 * and be no longer than FC_LOGIN_MAX_FRAME. */
#include <stdlib.h>
#include <string.h>

#include "fieldcrypt/fieldcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fc_login_reasm r;
    fc_login_header h;
    size_t pos = 1;
    unsigned chunk_seed = size > 0 ? data[0] : 1;
    fc_login_reasm_init(&r);
    (void)fc_login_frame_check(&h, data, size);
    while (pos < size) {
        size_t want = 1 + (chunk_seed = chunk_seed * 33u + 7u) % 40u, used = 0, flen = 0;
        const uint8_t *frame = NULL;
        fc_status st;
        if (want > size - pos)
            want = size - pos;
        st = fc_login_reasm_feed(&r, &used, &frame, &flen, data + pos, want);
        if (used > want)
            abort();
        if (st == FC_OK && frame != NULL) {
            if (flen > FC_LOGIN_MAX_FRAME || fc_login_frame_check(&h, frame, flen) != FC_OK)
                abort();
        }
        if (st != FC_OK)
            fc_login_reasm_init(&r); /* a stream with a bad header is dropped; start over */
        pos += used > 0 ? used : want;
    }
    return 0;
}
