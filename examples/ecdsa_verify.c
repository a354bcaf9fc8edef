/* Verifying a signed blob (a firmware image, a configuration) with ECDSA on P-256 over
 * SHA-256: the public key as a DER SubjectPublicKeyInfo (what `openssl pkey -pubout -outform
 * DER` writes), the signature in DER (what `openssl dgst -sha256 -sign` writes).
 *
 *   ecdsa_verify PUB.der BLOB BLOB.sig     exit 0: valid; 1: not (or unreadable)
 *   ecdsa_verify                           the blob embedded from ecdsa_blob.h
 *
 * ecdsa_blob.h is made by make_ecdsa_blob.py (Python's `cryptography`), as are the test's
 * files. The MCU build always verifies the embedded blob. */
#include <string.h>

#include <fieldcrypt/fieldcrypt.h>

#include "example_io.h"
#include "ecdsa_blob.h"

static int verify(const uint8_t *spki, size_t spki_len, const uint8_t *msg, size_t msg_len,
                  const uint8_t *sig, size_t sig_len)
{
    uint8_t point[FC_EC_POINT_MAX_LEN];
    size_t point_len = sizeof point;
    fc_alg curve;
    fc_status st = fc_ec_spki_parse(&curve, point, &point_len, spki, spki_len);
    if (st != FC_OK)
        return fail("public key", st);
    if (curve != FC_SECP256R1)
        return fail("public key: not a P-256 key", FC_ERR_ARGUMENT);
    /* the point is validated by the verification itself (SEC1 3.2.2.1) */
    st = fc_ecdsa_verify(NULL, curve, FC_SHA256, point, point_len, msg, msg_len, sig, sig_len,
                         FC_ECDSA_DER);
    if (st != FC_OK)
        return fail("signature", st); /* FC_ERR_VERIFY: not signed by this key */
    say("signature valid\necdsa_verify: ok\n");
    return 0;
}

#ifndef FC_EXAMPLE_BOARD
#include <stdio.h>

/* 0 with the whole file in buf[0..*len); -1 when it cannot be read or is larger than room */
static int read_file(const char *path, uint8_t *buf, size_t room, size_t *len)
{
    FILE *f = fopen(path, "rb");
    int ok;
    if (!f)
        return -1;
    *len = fread(buf, 1, room, f);
    ok = !ferror(f) && fgetc(f) == EOF;
    fclose(f);
    return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
    static uint8_t spki[512], blob[1 << 20], sig[FC_ECDSA_DER_MAX_LEN];
    size_t spki_len, blob_len, sig_len;
    if (argc == 1)
        return verify(blob_public_key, sizeof blob_public_key, blob_message, sizeof blob_message,
                      blob_signature, sizeof blob_signature);
    if (argc != 4) {
        fputs("usage: ecdsa_verify [PUB.der BLOB BLOB.sig]\n", stderr);
        return 2;
    }
    if (read_file(argv[1], spki, sizeof spki, &spki_len) ||
        read_file(argv[2], blob, sizeof blob, &blob_len) ||
        read_file(argv[3], sig, sizeof sig, &sig_len)) {
        fputs("ecdsa_verify: cannot read the files\n", stderr);
        return 1;
    }
    return verify(spki, spki_len, blob, blob_len, sig, sig_len);
}
#else
int main(void)
{
    return verify(blob_public_key, sizeof blob_public_key, blob_message, sizeof blob_message,
                  blob_signature, sizeof blob_signature);
}
#endif
