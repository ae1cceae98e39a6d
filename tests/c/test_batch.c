/*
 * C tests of the batch functions (sss_*_many) through the C ABI, against the committed
 * include/shisanshui.h. Built twice by run.sh (static and dynamic linking).
 * Usage: test_batch [label]
 *
 * Oracles: the one-hand functions (sss_evaluate, sss_special_detect, sss_arrange, sss_settle)
 * on every row, the same batch on 1, 2 and 0 (= one per core) threads, and sentinel-filled
 * outputs that a failed call must leave as they were.
 */
#include "shisanshui.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static SssRules *preset(const char *name) {
    SssRules *rules = NULL;
    SssStatus st = sss_rules_new_preset(u8s(name), strlen(name), &rules);
    check(st == SSS_OK && rules != NULL, "sss_rules_new_preset(%s)", name);
    return rules;
}

/* Every hand of 5 codes in enumeration order into `out` (2,598,960 × 5 bytes). */
static size_t all_fives(uint8_t *out) {
    size_t n = 0;
    for (uint8_t a = 0; a < 52; a++)
        for (uint8_t b = a + 1; b < 52; b++)
            for (uint8_t c = b + 1; c < 52; c++)
                for (uint8_t d = c + 1; d < 52; d++)
                    for (uint8_t e = d + 1; e < 52; e++) {
                        uint8_t *h = out + 5 * n++;
                        h[0] = a, h[1] = b, h[2] = c, h[3] = d, h[4] = e;
                    }
    return n;
}

static uint64_t mask_of(const uint8_t *codes, size_t n) {
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++) m |= (uint64_t)1 << codes[i];
    return m;
}

/* A small deterministic generator (xorshift64*), so the test needs no library randomness. */
static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_u64(void) {
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return g_rng * 0x2545F4914F6CDD1Dull;
}

/* `n` random hands of `k` distinct codes each (13 × seats for whole tables), hand after hand. */
static void random_hands(uint8_t *out, size_t n, size_t k) {
    for (size_t i = 0; i < n; i++) {
        uint8_t deck[52];
        for (int c = 0; c < 52; c++) deck[c] = (uint8_t)c;
        for (int c = 51; c > 0; c--) {
            int j = (int)(next_u64() % (uint64_t)(c + 1));
            uint8_t t = deck[c];
            deck[c] = deck[j];
            deck[j] = t;
        }
        memcpy(out + i * k, deck, k);
    }
}

static void test_evaluate_many(void) {
    SssRules *classic = preset("classic");
    SssRules *hk = preset("hk");
    size_t n = 2598960;
    uint8_t *codes = malloc(n * 5);
    uint64_t *masks = malloc(n * sizeof *masks);
    uint32_t *one = malloc(n * sizeof *one);
    uint32_t *two = malloc(n * sizeof *two);
    uint32_t *all = malloc(n * sizeof *all);
    uint32_t *by_mask = malloc(n * sizeof *by_mask);
    check(codes && masks && one && two && all && by_mask, "allocations");
    if (!(codes && masks && one && two && all && by_mask)) return;
    CHECK(all_fives(codes) == n);
    /* Shuffle the second half (hands stay sorted within), reverse the cards of every 7th hand. */
    for (size_t i = n - 1; i > n / 2; i--) {
        size_t j = n / 2 + (size_t)(next_u64() % (uint64_t)(i - n / 2 + 1));
        uint8_t t[5];
        memcpy(t, codes + 5 * i, 5);
        memcpy(codes + 5 * i, codes + 5 * j, 5);
        memcpy(codes + 5 * j, t, 5);
    }
    for (size_t i = 0; i < n; i += 7) {
        uint8_t *h = codes + 5 * i, t = h[0];
        h[0] = h[4], h[4] = t;
    }
    for (size_t i = 0; i < n; i++) masks[i] = mask_of(codes + 5 * i, 5);

    SssRules *sets[2] = {classic, hk};
    for (int r = 0; r < 2; r++) {
        SssRules *rules = sets[r];
        expect(sss_evaluate5_many(rules, codes, n, one, 1, NULL), SSS_OK, NULL, "evaluate5_many 1 thread");
        expect(sss_evaluate5_many(rules, codes, n, two, 2, NULL), SSS_OK, NULL, "evaluate5_many 2 threads");
        expect(sss_evaluate5_many(rules, codes, n, all, 0, NULL), SSS_OK, NULL, "evaluate5_many 0 threads");
        expect(sss_evaluate5_masks_many(rules, masks, n, by_mask, 2, NULL), SSS_OK, NULL, "evaluate5_masks_many");
        CHECK(memcmp(one, two, n * sizeof *one) == 0);
        CHECK(memcmp(one, all, n * sizeof *one) == 0);
        CHECK(memcmp(one, by_mask, n * sizeof *one) == 0);
        /* Every 97th hand against sss_evaluate. */
        int agree = 1;
        for (size_t i = 0; i < n; i += 97) {
            SssHandRank rank;
            if (sss_evaluate(rules, codes + 5 * i, 5, &rank) != SSS_OK || rank.value != one[i]) {
                agree = 0;
                fprintf(stderr, "hand %zu: batch %#x, sss_evaluate %#x\n", i, one[i], rank.value);
                break;
            }
        }
        check(agree, "evaluate5_many agrees with sss_evaluate (%s)", r == 0 ? "classic" : "hk");
    }

    /* Every 3-card hand, codes and masks, against sss_evaluate. */
    {
        uint8_t threes[22100 * 3];
        uint64_t tmasks[22100];
        uint32_t v[22100], vm[22100];
        size_t k = 0;
        for (uint8_t a = 0; a < 52; a++)
            for (uint8_t b = a + 1; b < 52; b++)
                for (uint8_t c = b + 1; c < 52; c++) {
                    /* Cards in descending order: the batch takes any order. */
                    threes[3 * k] = c, threes[3 * k + 1] = b, threes[3 * k + 2] = a;
                    tmasks[k] = mask_of(threes + 3 * k, 3);
                    k++;
                }
        CHECK(k == 22100);
        expect(sss_evaluate3_many(hk, threes, k, v, 2, NULL), SSS_OK, NULL, "evaluate3_many");
        expect(sss_evaluate3_masks_many(hk, tmasks, k, vm, 1, NULL), SSS_OK, NULL, "evaluate3_masks_many");
        int agree = 1;
        for (size_t i = 0; i < k; i++) {
            SssHandRank rank;
            if (sss_evaluate(hk, threes + 3 * i, 3, &rank) != SSS_OK || rank.value != v[i] || vm[i] != v[i]) {
                agree = 0;
                break;
            }
        }
        check(agree, "evaluate3_many agrees with sss_evaluate on all 22,100 fronts");
    }

    /* Errors: the first bad row is named, nothing is written, whatever the thread count. */
    for (uint32_t threads = 1; threads <= 4; threads *= 2) {
        size_t row = 0;
        char want[64];
        codes[5 * 2000000 + 3] = 77;             /* bad code late */
        codes[5 * 1500000 + 4] = codes[5 * 1500000]; /* repeated card earlier */
        for (size_t i = 0; i < n; i++) one[i] = 0xDEADBEEF;
        expect(sss_evaluate5_many(classic, codes, n, one, threads, &row), SSS_ERR_DUPLICATE_CARD,
               "row 1500000: duplicate card", "evaluate5_many duplicate");
        CHECK(row == 1500000);
        int untouched = 1;
        for (size_t i = 0; i < n; i++) untouched &= one[i] == 0xDEADBEEF;
        check(untouched, "a failed evaluate5_many (%u threads) wrote nothing", threads);
        memcpy(codes + 5 * 1500000, codes + 5 * 1500001, 5);
        expect(sss_evaluate5_many(classic, codes, n, one, threads, &row), SSS_ERR_BAD_CARD_CODE,
               "row 2000000: card code 77 is out of range", "evaluate5_many bad code");
        CHECK(row == 2000000);
        memcpy(codes + 5 * 2000000, codes + 5 * 2000001, 5);
        masks[12345] = 0x3F; /* codes 0..5: six cards */
        snprintf(want, sizeof want, "row 12345: expected 5 cards, got 6");
        expect(sss_evaluate5_masks_many(classic, masks, n, one, threads, &row), SSS_ERR_WRONG_CARD_COUNT, want,
               "evaluate5_masks_many count");
        CHECK(row == 12345);
        masks[12345] = mask_of(codes + 5 * 12345, 5);
        masks[99] |= (uint64_t)1 << 58;
        expect(sss_evaluate5_masks_many(classic, masks, n, one, threads, &row), SSS_ERR_BAD_CARD_CODE,
               "row 99: card code 58", "evaluate5_masks_many high bit");
        CHECK(row == 99);
        masks[99] = mask_of(codes + 5 * 99, 5);
        untouched = 1;
        for (size_t i = 0; i < n; i++) untouched &= one[i] == 0xDEADBEEF;
        check(untouched, "failed mask batches (%u threads) wrote nothing", threads);
    }
    /* Argument errors: NULL arrays with rows, a NULL or wrong handle. */
    {
        size_t row = 42;
        uint32_t v = 0;
        expect(sss_evaluate5_many(classic, NULL, 1, &v, 1, &row), SSS_ERR_NULL_POINTER, "codes", "NULL codes");
        expect(sss_evaluate5_many(classic, codes, 1, NULL, 1, &row), SSS_ERR_NULL_POINTER, "out_values",
               "NULL output");
        expect(sss_evaluate5_many(NULL, codes, 1, &v, 1, &row), SSS_ERR_NULL_POINTER, "rules", "NULL rules");
        CHECK(row == 42);
        expect(sss_evaluate5_many(classic, NULL, 0, NULL, 3, &row), SSS_OK, NULL, "empty batch");
        expect(sss_evaluate5_masks_many(classic, (const uint64_t *)(const void *)(codes + 1), 1, &v, 1, NULL),
               SSS_ERR_INVALID_ARGUMENT, "not aligned", "misaligned masks");
    }
    free(codes);
    free(masks);
    free(one);
    free(two);
    free(all);
    free(by_mask);
    sss_rules_free(classic);
    sss_rules_free(hk);
}

static void test_special_many(void) {
    SssRules *rules = preset("classic");
    enum { N = 3000 };
    static uint8_t hands[N * 13];
    static uint8_t best[N], best2[N];
    static uint16_t all[N];
    random_hands(hands, N, 13);
    /* Row 17: a dragon; row 18: six pairs. */
    for (int c = 0; c < 13; c++) hands[17 * 13 + c] = (uint8_t)(4 * c + (c % 4));
    for (int c = 0; c < 12; c++) hands[18 * 13 + c] = (uint8_t)(4 * (c / 2) + (c % 2));
    hands[18 * 13 + 12] = 51;
    expect(sss_special_detect_many(rules, hands, N, best, all, 1, NULL), SSS_OK, NULL, "special_detect_many");
    expect(sss_special_detect_many(rules, hands, N, best2, NULL, 2, NULL), SSS_OK, NULL,
           "special_detect_many without out_all");
    CHECK(memcmp(best, best2, sizeof best) == 0);
    CHECK(best[17] == SSS_SPECIAL_DRAGON);
    CHECK(best[18] == SSS_SPECIAL_SIX_PAIRS);
    int agree = 1;
    for (int i = 0; i < N; i++) {
        SssSpecialDetection d;
        uint16_t bits = 0;
        if (sss_special_detect(rules, hands + 13 * i, 13, &d) != SSS_OK) {
            agree = 0;
            break;
        }
        for (int k = 0; k < d.count; k++) bits |= (uint16_t)(1u << d.all[k]);
        if ((d.has_best ? d.best : SSS_SPECIAL_NONE) != best[i] || bits != all[i]) {
            agree = 0;
            fprintf(stderr, "hand %d: batch %u/%#x, one by one %u/%#x\n", i, best[i], all[i], d.best, bits);
            break;
        }
    }
    check(agree, "special_detect_many agrees with sss_special_detect on %d hands", N);

    size_t row = 0;
    memset(best2, 0xAB, sizeof best2);
    hands[2500 * 13 + 9] = hands[2500 * 13 + 2];
    expect(sss_special_detect_many(rules, hands, N, best2, all, 2, &row), SSS_ERR_DUPLICATE_CARD,
           "row 2500: duplicate card", "special_detect_many duplicate");
    CHECK(row == 2500);
    int untouched = 1;
    for (int i = 0; i < N; i++) untouched &= best2[i] == 0xAB;
    check(untouched, "a failed special_detect_many wrote nothing");
    sss_rules_free(rules);
}

static void test_arrange_and_settle_many(void) {
    SssRules *rules = preset("classic");
    SssArranger *arranger = NULL;
    expect(sss_arranger_new_preset(u8s("classic"), 7, 4, &arranger), SSS_OK, NULL, "arranger");
    enum { ROUNDS = 12, SEATS = 4, HANDS = ROUNDS * SEATS };
    static uint8_t dealt[HANDS * 13], arranged[HANDS * 13], arranged2[HANDS * 13];
    random_hands(dealt, ROUNDS, 52); /* whole decks: 4 seats of 13 per round */
    expect(sss_arrange_many(arranger, dealt, HANDS, arranged, 1, NULL), SSS_OK, NULL, "arrange_many");
    expect(sss_arrange_many(arranger, dealt, HANDS, arranged2, 2, NULL), SSS_OK, NULL, "arrange_many 2 threads");
    CHECK(memcmp(arranged, arranged2, sizeof arranged) == 0);
    int agree = 1;
    for (int i = 0; i < HANDS; i++) {
        SssArranged a;
        const uint8_t *o = arranged + 13 * i;
        if (sss_arrange(arranger, dealt + 13 * i, 13, &a) != SSS_OK || memcmp(a.front, o, 3) != 0 ||
            memcmp(a.middle, o + 3, 5) != 0 || memcmp(a.back, o + 8, 5) != 0) {
            agree = 0;
            break;
        }
    }
    check(agree, "arrange_many agrees with sss_arrange on %d hands", HANDS);

    /* Settle the arranged rounds, and the dealt ones as lanes (mostly fouls), against sss_settle. */
    const uint8_t *tables[2] = {arranged, dealt};
    for (int t = 0; t < 2; t++) {
        int64_t units[HANDS], units2[HANDS];
        expect(sss_settle_many(rules, SEATS, tables[t], ROUNDS, units, 1, NULL), SSS_OK, NULL, "settle_many");
        expect(sss_settle_many(rules, SEATS, tables[t], ROUNDS, units2, 2, NULL), SSS_OK, NULL,
               "settle_many 2 threads");
        CHECK(memcmp(units, units2, sizeof units) == 0);
        int same = 1;
        for (int r = 0; r < ROUNDS && same; r++) {
            SssSeat seats[SEATS];
            SssSettlement *s = NULL;
            SssWater totals[SEATS];
            size_t count = 0;
            int64_t sum = 0;
            for (int p = 0; p < SEATS; p++) {
                const uint8_t *h = tables[t] + 13 * (r * SEATS + p);
                same &= sss_seat_arranged(h, 3, h + 3, 5, h + 8, 5, &seats[p]) == SSS_OK;
            }
            same &= sss_settle(rules, seats, SEATS, &s) == SSS_OK;
            same &= sss_settlement_totals(s, totals, SEATS, &count) == SSS_OK && count == SEATS;
            for (int p = 0; p < SEATS; p++) {
                same &= totals[p].units == units[r * SEATS + p];
                sum += units[r * SEATS + p];
            }
            same &= sum == 0;
            sss_settlement_free(s);
        }
        check(same, "settle_many agrees with sss_settle (%s)", t == 0 ? "arranged" : "as dealt");
    }

    /* Errors: a repeated card across seats names the round; a bad seat count; nothing written. */
    {
        int64_t out[HANDS];
        size_t row = 0;
        for (int i = 0; i < HANDS; i++) out[i] = 777;
        uint8_t saved = arranged[13 * (7 * SEATS + 3) + 10];
        arranged[13 * (7 * SEATS + 3) + 10] = arranged[13 * (7 * SEATS + 1)];
        expect(sss_settle_many(rules, SEATS, arranged, ROUNDS, out, 2, &row), SSS_ERR_DUPLICATE_CARD,
               "row 7: duplicate card", "settle_many duplicate");
        CHECK(row == 7);
        expect_table(sss_settle_many(rules, 5, arranged, 1, out, 1, &row), 5, 4, "settle_many seats");
        CHECK(row == SIZE_MAX);
        int untouched = 1;
        for (int i = 0; i < HANDS; i++) untouched &= out[i] == 777;
        check(untouched, "failed settle_many calls wrote nothing");
        arranged[13 * (7 * SEATS + 3) + 10] = saved;

        memset(arranged2, 0x5A, sizeof arranged2);
        dealt[13 * 30 + 0] = 52;
        expect(sss_arrange_many(arranger, dealt, HANDS, arranged2, 2, &row), SSS_ERR_BAD_CARD_CODE,
               "row 30: card code 52", "arrange_many bad code");
        CHECK(row == 30);
        untouched = 1;
        for (size_t i = 0; i < sizeof arranged2; i++) untouched &= arranged2[i] == 0x5A;
        check(untouched, "a failed arrange_many wrote nothing");
        expect(sss_arrange_many((const SssArranger *)(const void *)rules, dealt, 1, arranged2, 1, &row),
               SSS_ERR_INVALID_HANDLE, "SssArranger", "arrange_many with a rules handle");
    }
    sss_arranger_free(arranger);
    sss_rules_free(rules);
}

/* A banker room's rounds: sss_settle_many_with_banker against sss_settle_with_banker, round by
 * round, with the banker moving around the table; its errors. */
static void test_settle_many_with_banker(void) {
    SssRules *rules = preset("classic");
    expect(sss_rules_set_table(rules, SSS_TABLE_BANKER), SSS_OK, NULL, "set_table banker");
    enum { ROUNDS = 40, SEATS = 3, HANDS = ROUNDS * SEATS };
    static uint8_t dealt[HANDS * 13];
    uint8_t bankers[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        random_hands(dealt + r * SEATS * 13, 1, SEATS * 13);
        bankers[r] = (uint8_t)((r * 5 + 2) % SEATS);
    }
    int64_t units[HANDS], units2[HANDS];
    expect(sss_settle_many_with_banker(rules, SEATS, bankers, dealt, ROUNDS, units, 1, NULL), SSS_OK, NULL,
           "settle_many_with_banker");
    expect(sss_settle_many_with_banker(rules, SEATS, bankers, dealt, ROUNDS, units2, 2, NULL), SSS_OK, NULL,
           "settle_many_with_banker 2 threads");
    CHECK(memcmp(units, units2, sizeof units) == 0);
    int same = 1, moved = 0;
    for (int r = 0; r < ROUNDS && same; r++) {
        SssSeat seats[SEATS];
        SssSettlement *s = NULL;
        SssWater totals[SEATS];
        size_t count = 0;
        for (int p = 0; p < SEATS; p++) {
            const uint8_t *h = dealt + 13 * (r * SEATS + p);
            same &= sss_seat_arranged(h, 3, h + 3, 5, h + 8, 5, &seats[p]) == SSS_OK;
        }
        same &= sss_settle_with_banker(rules, seats, SEATS, bankers[r], &s) == SSS_OK;
        same &= sss_settlement_totals(s, totals, SEATS, &count) == SSS_OK && count == SEATS;
        for (int p = 0; p < SEATS; p++) same &= totals[p].units == units[r * SEATS + p];
        moved += r > 0 && bankers[r] != bankers[r - 1];
        sss_settlement_free(s);
    }
    check(same && moved > 0, "settle_many_with_banker agrees with sss_settle_with_banker on %d rounds", ROUNDS);

    int64_t out[HANDS];
    size_t row = 0;
    for (int i = 0; i < HANDS; i++) out[i] = 777;
    bankers[9] = SEATS;
    expect(sss_settle_many_with_banker(rules, SEATS, bankers, dealt, ROUNDS, out, 2, &row), SSS_ERR_INVALID_TABLE,
           "row 9: invalid table: banker seat 3 is not at the table", "settle_many_with_banker seat");
    CHECK(row == 9);
    bankers[9] = SSS_SEAT_NONE;
    expect(sss_settle_many_with_banker(rules, SEATS, bankers, dealt, ROUNDS, out, 1, &row), SSS_ERR_INVALID_TABLE,
           "row 9:", "settle_many_with_banker no banker");
    bankers[9] = 0;
    expect(sss_settle_many(rules, SEATS, dealt, ROUNDS, out, 1, &row), SSS_ERR_INVALID_TABLE, "row 0:",
           "settle_many under banker rules");
    CHECK(row == 0);
    expect(sss_settle_many_with_banker(rules, SEATS, NULL, dealt, ROUNDS, out, 1, &row), SSS_ERR_NULL_POINTER,
           "bankers", "settle_many_with_banker NULL bankers");
    expect(sss_rules_set_table(rules, SSS_TABLE_ALL_PAIRS), SSS_OK, NULL, "set_table all_pairs");
    expect(sss_settle_many_with_banker(rules, SEATS, bankers, dealt, ROUNDS, out, 1, &row), SSS_ERR_INVALID_TABLE,
           "all_pairs", "settle_many_with_banker under all pairs");
    int untouched = 1;
    for (int i = 0; i < HANDS; i++) untouched &= out[i] == 777;
    check(untouched, "failed settle_many_with_banker calls wrote nothing");
    /* SSS_SEAT_NONE in every round under all pairs: sss_settle_many itself. */
    memset(bankers, SSS_SEAT_NONE, sizeof bankers);
    expect(sss_settle_many_with_banker(rules, SEATS, bankers, dealt, ROUNDS, units, 2, NULL), SSS_OK, NULL,
           "no banker in any round");
    expect(sss_settle_many(rules, SEATS, dealt, ROUNDS, units2, 1, NULL), SSS_OK, NULL, "settle_many");
    CHECK(memcmp(units, units2, sizeof units) == 0);
    sss_rules_free(rules);
}

int main(int argc, char **argv) {
    const char *label = argc > 1 ? argv[1] : "C batch";
    test_evaluate_many();
    test_special_many();
    test_arrange_and_settle_many();
    test_settle_many_with_banker();
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
