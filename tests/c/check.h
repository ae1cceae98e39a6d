/* Shared check harness of the C tests: counts passed and failed checks, reads the library's last
 * error message, and checks a status together with the message it left. Each test program is one
 * translation unit that includes this once. */
#ifndef SSS_TEST_CHECK_H
#define SSS_TEST_CHECK_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shisanshui.h"

static int g_passed;
static int g_failed;

static inline void check(int ok, const char *fmt, ...) {
    if (ok) {
        g_passed++;
        return;
    }
    g_failed++;
    {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "FAIL: ");
        vfprintf(stderr, fmt, ap);
        fprintf(stderr, "\n");
        va_end(ap);
    }
}

#define CHECK(cond) check((cond), "%s:%d: %s", __FILE__, __LINE__, #cond)

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                    */
/* ------------------------------------------------------------------------------------------ */

static inline const uint8_t *u8s(const char *s) { return (const uint8_t *)s; }

/* The calling thread's last error message, NUL-terminated (static buffer). */
static inline const char *last_error(void) {
    static char buf[1024];
    size_t len = 0;
    SssStatus st = sss_last_error_message((uint8_t *)buf, sizeof buf, &len);
    if (st != SSS_OK) {
        snprintf(buf, sizeof buf, "<sss_last_error_message failed with %d>", (int)st);
    }
    return buf;
}

/* Check a status and, for a failure, that the last error contains `needle` (if given). */
static inline void expect(SssStatus got, SssStatus want, const char *needle, const char *what) {
    check(got == want, "%s: status %d, expected %d (last error: %s)", what, (int)got, (int)want,
          got == SSS_OK ? "-" : last_error());
    if (want != SSS_OK && got == want && needle != NULL) {
        const char *msg = last_error();
        check(strstr(msg, needle) != NULL, "%s: message \"%s\" lacks \"%s\"", what, msg, needle);
    }
}

/* Check an SSS_ERR_INVALID_TABLE refusing `players` seats whose message names both numbers: the
 * seats given and the most the deck seats (`2 to <most>`; the wording around them is the
 * engine's). */
static inline void expect_table(SssStatus got, size_t players, size_t most, const char *what) {
    char seats[32], range[32];
    snprintf(seats, sizeof seats, "%zu player", players);
    snprintf(range, sizeof range, "2 to %zu", most);
    expect(got, SSS_ERR_INVALID_TABLE, seats, what);
    if (got == SSS_ERR_INVALID_TABLE) {
        check(strstr(last_error(), range) != NULL, "%s: message \"%s\" lacks \"%s\"", what, last_error(), range);
    }
}

/* A whole file as a NUL-terminated buffer (caller frees), or NULL when it cannot be opened. */
static inline char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf;
    long size;
    if (f == NULL) {
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = (char *)malloc((size_t)size + 1);
    *len = fread(buf, 1, (size_t)size, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

#endif /* SSS_TEST_CHECK_H */
