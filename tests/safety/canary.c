/*
 * Deliberate bugs that each safety net must catch, so that a clean run of tests/safety/run.sh
 * means the tools were really watching (a sanitizer build that silently lost its runtime, or a
 * valgrind that ignores errors, would pass everything):
 *   canary overflow  a heap buffer overflow (AddressSanitizer; valgrind's invalid write)
 *   canary leak      a lost allocation (LeakSanitizer; valgrind --leak-check=full)
 *   canary race      two threads writing one int without a lock (ThreadSanitizer)
 *   canary ub        a signed integer overflow (UndefinedBehaviorSanitizer)
 * Each mode exits 0 when the bug went unnoticed; the net expects a non-zero exit.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int shared;

static void *bump(void *arg) {
    int i;
    (void)arg;
    for (i = 0; i < 100000; i++) {
        shared++;
    }
    return NULL;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "overflow") == 0) {
        volatile char *p = (volatile char *)malloc(8);
        p[8] = 1;
        free((void *)p);
    } else if (strcmp(mode, "leak") == 0) {
        volatile char *p = (volatile char *)malloc(64);
        p[0] = 1;
        p = NULL;
    } else if (strcmp(mode, "race") == 0) {
        pthread_t a, b;
        pthread_create(&a, NULL, bump, NULL);
        pthread_create(&b, NULL, bump, NULL);
        pthread_join(a, NULL);
        pthread_join(b, NULL);
        printf("%d\n", shared);
    } else if (strcmp(mode, "ub") == 0) {
        volatile int big = 0x7fffffff;
        printf("%d\n", big + argc);
    } else {
        fprintf(stderr, "usage: canary overflow|leak|race|ub\n");
        return 2;
    }
    return 0;
}
