/* A password login between two processes over a pipe: CPace on X25519
 * (CPACE-X25519-SHA512 with key confirmation, pake.h), then a session key from the ISK by
 * HKDF-SHA-256 and one command sealed with ChaCha20-Poly1305.
 *
 *   x25519_cpace_pipe [DEVICE_PASSWORD [HANDHELD_PASSWORD]]
 *
 * The parent plays the handheld (initiator), a forked child the device (responder). With the
 * same password both print the same key fingerprint and the device opens the command: exit
 * status 0. With different passwords each side's check of the peer's tag fails
 * (FC_ERR_VERIFY), no key is released and the exit status is 1.
 *
 * Host only (POSIX fork and pipes); on a device the two sides run over a UART or BLE link:
 * login.h does the framing, and `fieldcrypt login` is the handheld. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, waitpid */
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fieldcrypt/fieldcrypt.h>

#define CHANNEL "fieldcrypt example pipe" /* CPace's channel identifier CI */
#define SID_LEN 16

typedef struct {
    int in, out;      /* pipe ends */
    const char *name; /* "handheld" or "device": also this side's associated data */
} side;

static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int read_all(int fd, uint8_t *p, size_t n)
{
    while (n) {
        ssize_t r = read(fd, p, n);
        if (r <= 0)
            return -1; /* the peer closed: it gave up */
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

static int report(const side *me, const char *what, fc_status st)
{
    printf("%-8s: %s: %s\n", me->name, what, fc_status_str(st));
    return 1;
}

/* One side of the login; 0 when it ends with a confirmed key (and, for the device, an opened
 * command). */
static int run_side(const side *me, int initiator, const char *password)
{
    fc_cpace_ctx cpace = {0};
    fc_cpace_params params;
    uint8_t sid[SID_LEN], share[32], peer_share[32], tag[FC_CPACE_TAG_LEN];
    uint8_t peer_tag[FC_CPACE_TAG_LEN], isk[FC_CPACE_ISK_LEN], key[32], fp[FC_SHA256_LEN];
    uint8_t peer_ad[16];
    uint8_t ad_len = (uint8_t)strlen(me->name), peer_ad_len;
    const char *peer_name = initiator ? "device" : "handheld";
    fc_status st;
    int rc = 1;

    /* the session id: fresh from the handheld, so each login's transcript differs */
    if (initiator) {
        if ((st = fc_random_bytes(NULL, sid, sizeof sid)) != FC_OK)
            return report(me, "fc_random_bytes", st);
        if (write_all(me->out, sid, sizeof sid))
            return report(me, "send sid", FC_ERR_PROTOCOL);
    } else if (read_all(me->in, sid, sizeof sid)) {
        return report(me, "receive sid", FC_ERR_PROTOCOL);
    }

    memset(&params, 0, sizeof params);
    params.suite = FC_CPACE_X25519_SHA512;
    params.role = initiator ? FC_CPACE_INITIATOR : FC_CPACE_RESPONDER;
    params.prs = (const uint8_t *)password;
    params.prs_len = strlen(password);
    params.ci = (const uint8_t *)CHANNEL;
    params.ci_len = sizeof CHANNEL - 1;
    params.sid = sid;
    params.sid_len = sizeof sid;
    params.ad = (const uint8_t *)me->name;
    params.ad_len = ad_len;
    params.confirm = 1;

    /* 1. shares and associated data, both ways (the pipes buffer, so both write first) */
    if ((st = fc_cpace_start(&cpace, &params, NULL, share, sizeof share)) != FC_OK) {
        report(me, "fc_cpace_start", st);
        goto out;
    }
    if (write_all(me->out, share, sizeof share) || write_all(me->out, &ad_len, 1) ||
        write_all(me->out, (const uint8_t *)me->name, ad_len) ||
        read_all(me->in, peer_share, sizeof peer_share) || read_all(me->in, &peer_ad_len, 1) ||
        peer_ad_len > sizeof peer_ad || read_all(me->in, peer_ad, peer_ad_len)) {
        report(me, "exchange shares", FC_ERR_PROTOCOL);
        goto out;
    }
    if (peer_ad_len != strlen(peer_name) || memcmp(peer_ad, peer_name, peer_ad_len) != 0) {
        report(me, "the peer is not who it should be", FC_ERR_PROTOCOL);
        goto out;
    }
    if ((st = fc_cpace_receive(&cpace, peer_share, sizeof peer_share, peer_ad, peer_ad_len)) !=
        FC_OK) {
        report(me, "fc_cpace_receive", st); /* a low-order or reflected share */
        goto out;
    }

    /* 2. key confirmation: both tags sent, then each side checks the peer's */
    if ((st = fc_cpace_tag(&cpace, tag, sizeof tag)) != FC_OK) {
        report(me, "fc_cpace_tag", st);
        goto out;
    }
    if (write_all(me->out, tag, sizeof tag) || read_all(me->in, peer_tag, sizeof peer_tag)) {
        report(me, "exchange tags", FC_ERR_PROTOCOL);
        goto out;
    }
    if ((st = fc_cpace_verify(&cpace, peer_tag, sizeof peer_tag)) != FC_OK) {
        report(me, "the peer's tag (wrong password?)", st);
        goto out;
    }
    if ((st = fc_cpace_isk(&cpace, isk, sizeof isk)) != FC_OK) {
        report(me, "fc_cpace_isk", st);
        goto out;
    }

    /* 3. a session key for the link, and its fingerprint (never print a key) */
    st = fc_kdf(NULL, FC_HKDF_SHA256, key, sizeof key, sid, sizeof sid, isk, sizeof isk,
                (const uint8_t *)"session key", 11);
    if (st == FC_OK)
        st = fc_hash(NULL, FC_SHA256, fp, sizeof fp, key, sizeof key);
    if (st != FC_OK) {
        report(me, "session key", st);
        goto out;
    }
    printf("%-8s: authenticated %s, session key fingerprint %02x%02x%02x%02x\n", me->name,
           peer_name, fp[0], fp[1], fp[2], fp[3]);

    /* 4. one command, handheld to device: ChaCha20-Poly1305, nonce 0 (the key is fresh) */
    {
        static const uint8_t nonce[12] = {0};
        static const char command[] = "open valve 3";
        uint8_t msg[sizeof command - 1], mac[16], opened[sizeof command - 1];
        if (initiator) {
            st = fc_aead_encrypt(NULL, FC_CHACHA20_POLY1305, msg, mac, sizeof mac, key,
                                 sizeof key, nonce, sizeof nonce, NULL, 0,
                                 (const uint8_t *)command, sizeof msg);
            if (st != FC_OK || write_all(me->out, msg, sizeof msg) ||
                write_all(me->out, mac, sizeof mac)) {
                report(me, "send the command", st != FC_OK ? st : FC_ERR_PROTOCOL);
                goto out;
            }
        } else {
            if (read_all(me->in, msg, sizeof msg) || read_all(me->in, mac, sizeof mac)) {
                report(me, "receive the command", FC_ERR_PROTOCOL);
                goto out;
            }
            st = fc_aead_decrypt(NULL, FC_CHACHA20_POLY1305, opened, key, sizeof key, nonce,
                                 sizeof nonce, NULL, 0, msg, sizeof msg, mac, sizeof mac);
            if (st != FC_OK) {
                report(me, "open the command", st);
                goto out;
            }
            printf("%-8s: command \"%.*s\"\n", me->name, (int)sizeof opened, (const char *)opened);
        }
    }
    rc = 0;
out:
    fc_cpace_wipe(&cpace); /* wipes scalar, ISK and tags whatever happened */
    fc_zeroize(isk, sizeof isk);
    fc_zeroize(key, sizeof key);
    fflush(stdout);
    return rc;
}

int main(int argc, char **argv)
{
    const char *device_pw = argc > 1 ? argv[1] : "correct horse battery staple";
    const char *handheld_pw = argc > 2 ? argv[2] : device_pw;
    int to_device[2], to_handheld[2], status = 0, rc;
    pid_t pid;

    if (pipe(to_device) || pipe(to_handheld)) {
        perror("pipe");
        return 1;
    }
    fflush(stdout);
    pid = fork();
    if (pid < 0) {
        perror("fork");
        return 1;
    }
    if (pid == 0) {
        side device = {to_device[0], to_handheld[1], "device"};
        close(to_device[1]);
        close(to_handheld[0]);
        rc = run_side(&device, 0, device_pw);
        close(device.out);
        _exit(rc);
    }
    {
        side handheld = {to_handheld[0], to_device[1], "handheld"};
        close(to_device[0]);
        close(to_handheld[1]);
        rc = run_side(&handheld, 1, handheld_pw);
        close(handheld.out); /* a device still waiting sees the link close */
    }
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        rc = 1;
    printf("x25519_cpace_pipe: %s\n", rc ? "no session" : "ok");
    return rc;
}
