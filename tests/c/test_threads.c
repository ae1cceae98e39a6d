/*
 * Threads: evaluate, detect, arrange, suggest, special advice and settle at once from 8 threads
 * on one shared SssRules and one shared SssArranger (and reads of one shared SssSettlement),
 * each thread in its own order; every answer must be byte for byte the single-threaded one.
 * Each thread also makes its own errors and must read back its own last error message (the
 * last error is per thread). Run by tests/safety/run.sh: plainly, under ASan+UBSan and under
 * ThreadSanitizer.
 *
 * Usage: test_threads [label] [deals]   (deals: seeded 4-seat deals in the workload, default 12)
 * Ends with "<label>: N passed, M failed".
 */
#include "shisanshui.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 8
#define MAX_DEALS 64
#define SUGGESTIONS 4

static atomic_int g_passed;
static atomic_int g_failed;

static void check(int ok, const char *what, int thread, int item) {
    if (ok) {
        atomic_fetch_add(&g_passed, 1);
    } else {
        atomic_fetch_add(&g_failed, 1);
        fprintf(stderr, "FAIL: thread %d item %d: %s\n", thread, item, what);
    }
}

/* Everything computed for one hand (13 cards of one seat of one deal). */
typedef struct {
    SssStatus st[8];
    SssHandRank back5;
    SssHandRank front3;
    SssSpecialDetection detection;
    SssArranged arranged;
    SssSuggestion suggestions[SUGGESTIONS];
    size_t suggestion_count;
    SssSpecialAdvice advice;
    double expected_water;
} HandResult;

/* Everything computed for one deal: its hands and the settlement of their arrangements. */
typedef struct {
    HandResult hands[4];
    SssStatus settle_status;
    SssWater totals[4];
    SssWater matrix[16];
    char json[16384];
    size_t json_len;
} DealResult;

static const SssRules *g_rules;
static const SssArranger *g_arranger;
static const SssSettlement *g_shared; /* read by every thread at once */
static SssWater g_shared_totals[4];
static uint8_t g_codes[MAX_DEALS][52];
static int g_deals;
static DealResult g_reference[MAX_DEALS];

static void hand(const uint8_t *codes, HandResult *r) {
    memset(r, 0, sizeof *r);
    r->st[0] = sss_evaluate(g_rules, codes + 8, 5, &r->back5);
    r->st[1] = sss_evaluate(g_rules, codes, 3, &r->front3);
    r->st[2] = sss_special_detect(g_rules, codes, 13, &r->detection);
    r->st[3] = sss_arrange(g_arranger, codes, 13, &r->arranged);
    r->st[4] = sss_suggest(g_arranger, codes, 13, SUGGESTIONS, r->suggestions, SUGGESTIONS, &r->suggestion_count);
    r->st[5] = sss_special_advice(g_arranger, codes, 13, &r->advice);
    r->st[6] = sss_arranger_expected_water(g_arranger, codes, 13, &r->expected_water);
    r->st[7] = SSS_OK;
}

/* One deal: every hand, then the round of the arranger's lanes, settled into `*reuse` (made on
 * first use; each thread keeps its own, as sss_settle_into requires). */
static void deal(int d, DealResult *r, SssSettlement **reuse) {
    SssSeat seats[4];
    size_t n = 0;
    int i;
    memset(r, 0, sizeof *r);
    for (i = 0; i < 4; i++) {
        const SssArranged *a;
        hand(g_codes[d] + 13 * i, &r->hands[i]);
        a = &r->hands[i].arranged;
        sss_seat_arranged(a->front, 3, a->middle, 5, a->back, 5, &seats[i]);
    }
    r->settle_status = *reuse != NULL ? sss_settle_into(g_rules, seats, 4, *reuse) : sss_settle(g_rules, seats, 4, reuse);
    if (r->settle_status == SSS_OK) {
        sss_settlement_totals(*reuse, r->totals, 4, &n);
        sss_settlement_matrix(*reuse, r->matrix, 16, &n);
        sss_settlement_to_json(*reuse, (uint8_t *)r->json, sizeof r->json, &r->json_len);
    }
}

typedef struct {
    int index;
} Worker;

static void *run(void *arg) {
    const Worker *w = (const Worker *)arg;
    DealResult *mine = (DealResult *)malloc(sizeof *mine);
    SssSettlement *reuse = NULL;
    int k;
    char own[64];
    snprintf(own, sizeof own, "Z%dZ", w->index);
    for (k = 0; k < g_deals; k++) {
        /* Each thread walks the deals from its own start, so different calls overlap. */
        int d = (k + w->index * 3) % g_deals;
        int i;
        uint8_t code = 0;
        char msg[256];
        size_t len = 0;
        deal(d, mine, &reuse);
        for (i = 0; i < 4; i++) {
            check(memcmp(&mine->hands[i], &g_reference[d].hands[i], sizeof(HandResult)) == 0,
                  "hand results equal the single-threaded ones", w->index, d * 4 + i);
        }
        check(mine->settle_status == SSS_OK && g_reference[d].settle_status == SSS_OK, "settled", w->index, d);
        check(memcmp(mine->totals, g_reference[d].totals, sizeof mine->totals) == 0, "totals", w->index, d);
        check(memcmp(mine->matrix, g_reference[d].matrix, sizeof mine->matrix) == 0, "matrix", w->index, d);
        check(mine->json_len == g_reference[d].json_len &&
                  memcmp(mine->json, g_reference[d].json, mine->json_len) == 0,
              "settlement JSON", w->index, d);
        /* Reads of the shared settlement while other threads read it too. */
        {
            SssWater t[4];
            size_t n = 0;
            check(sss_settlement_totals(g_shared, t, 4, &n) == SSS_OK && n == 4 &&
                      memcmp(t, g_shared_totals, sizeof t) == 0,
                  "shared settlement reads", w->index, d);
        }
        /* This thread's own error, read back as its own. */
        check(sss_card_parse((const uint8_t *)own, strlen(own), &code) == SSS_ERR_UNKNOWN_RANK, "bad card refused",
              w->index, d);
        check(sss_last_error_message((uint8_t *)msg, sizeof msg, &len) == SSS_OK && strstr(msg, own) != NULL,
              "the last error is this thread's", w->index, d);
    }
    sss_settlement_free(reuse);
    free(mine);
    return NULL;
}

int main(int argc, char **argv) {
    const char *label = argc > 1 ? argv[1] : "threads";
    SssRules *rules = NULL;
    SssArranger *arranger = NULL;
    SssSettlement *reference_settlement = NULL;
    pthread_t threads[THREADS];
    Worker workers[THREADS];
    int d, t;
    g_deals = argc > 2 ? atoi(argv[2]) : 12;
    if (g_deals < 1 || g_deals > MAX_DEALS) {
        fprintf(stderr, "deals must be 1 to %d\n", MAX_DEALS);
        return 2;
    }
    check(sss_rules_new_preset((const uint8_t *)"kx", 2, &rules) == SSS_OK, "rules", -1, 0);
    check(sss_arranger_new(rules, 4, &arranger) == SSS_OK, "arranger", -1, 0);
    if (rules == NULL || arranger == NULL) {
        printf("%s: %d passed, %d failed\n", label, atomic_load(&g_passed), atomic_load(&g_failed));
        return 1;
    }
    g_rules = rules;
    g_arranger = arranger;
    for (d = 0; d < g_deals; d++) {
        size_t n = 0;
        check(sss_deal(4, 1000u + (uint64_t)d, g_codes[d], 52, &n) == SSS_OK && n == 52, "deal", -1, d);
    }
    /* The single-threaded reference; the settlement it fills last becomes the shared one. */
    for (d = 0; d < g_deals; d++) {
        int i, s;
        deal(d, &g_reference[d], &reference_settlement);
        for (i = 0; i < 4; i++) {
            for (s = 0; s < 7; s++) {
                check(g_reference[d].hands[i].st[s] == SSS_OK, "reference call succeeds", -1, d * 4 + i);
            }
        }
    }
    g_shared = reference_settlement;
    memcpy(g_shared_totals, g_reference[g_deals - 1].totals, sizeof g_shared_totals);
    for (t = 0; t < THREADS; t++) {
        workers[t].index = t;
        if (pthread_create(&threads[t], NULL, run, &workers[t]) != 0) {
            check(0, "pthread_create", t, 0);
            return 1;
        }
    }
    for (t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
    }
    sss_settlement_free(reference_settlement);
    sss_arranger_free(arranger);
    sss_rules_free(rules);
    printf("%s: %d passed, %d failed\n", label, atomic_load(&g_passed), atomic_load(&g_failed));
    return atomic_load(&g_failed) == 0 ? 0 : 1;
}
