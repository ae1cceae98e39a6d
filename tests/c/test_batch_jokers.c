/*
 * The batch functions (sss_*_many) on hands with wild jokers (RULES.md §12), through the C ABI,
 * against the committed include/shisanshui.h. Built twice by run.sh (static and dynamic linking).
 * Usage: test_batch_jokers [label]
 *
 * Oracles: the one-hand functions (sss_evaluate, sss_special_detect, sss_arrange, sss_settle) on
 * every row of mixed batches (rows with and without jokers), and sentinel-filled outputs that a
 * failed call must leave as they were, its error naming the bad row.
 */
#include "shisanshui.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static SssRules *with_jokers(uint8_t jokers, uint8_t in_specials) {
    SssRules *rules = NULL;
    expect(sss_rules_new_preset(u8s("classic"), 7, &rules), SSS_OK, NULL, "classic preset");
    expect(sss_rules_set_jokers(rules, jokers), SSS_OK, NULL, "set jokers");
    expect(sss_rules_set_jokers_in_specials(rules, in_specials), SSS_OK, NULL, "set jokers_in_specials");
    return rules;
}

/* A small deterministic generator (xorshift64*). */
static uint64_t g_rng = 0x2545F4914F6CDD1Dull;
static uint64_t next_u64(void) {
    g_rng ^= g_rng >> 12;
    g_rng ^= g_rng << 25;
    g_rng ^= g_rng >> 27;
    return g_rng * 0x2545F4914F6CDD1Dull;
}

/* `n` rows of `size` codes from a deck with one of each joker: every third row without a joker,
 * the others with one or both, the natural cards distinct, each row in a random order. */
static void joker_rows(uint8_t *out, size_t n, size_t size) {
    for (size_t r = 0; r < n; r++) {
        uint8_t deck[54];
        size_t jokers = r % 3 == 0 ? 0 : 1 + (size_t)(next_u64() % 2);
        for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
        for (int i = 51; i > 0; i--) {
            int j = (int)(next_u64() % (uint64_t)(i + 1));
            uint8_t t = deck[i];
            deck[i] = deck[j], deck[j] = t;
        }
        uint8_t *row = out + r * size;
        memcpy(row, deck, size);
        if (jokers >= 1) row[0] = 52;
        if (jokers == 2) row[1] = 53;
        for (size_t i = size - 1; i > 0; i--) {
            size_t j = (size_t)(next_u64() % (uint64_t)(i + 1));
            uint8_t t = row[i];
            row[i] = row[j], row[j] = t;
        }
    }
}

static int has_joker(const uint8_t *row, size_t size) {
    for (size_t i = 0; i < size; i++)
        if (row[i] >= 52) return 1;
    return 0;
}

static uint64_t mask_of(const uint8_t *codes, size_t n) {
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++) m |= (uint64_t)1 << codes[i];
    return m;
}

static void test_evaluate_many(void) {
    SssRules *rules = with_jokers(2, 0);
    enum { N = 3000 };
    static uint8_t fives[N * 5], threes[N * 3];
    static uint32_t v5[N], v5t[N], v3[N], m5v[N], m3v[N];
    static uint64_t m5[N], m3[N];
    joker_rows(fives, N, 5);
    joker_rows(threes, N, 3);
    for (int i = 0; i < N; i++) m5[i] = mask_of(fives + 5 * i, 5), m3[i] = mask_of(threes + 3 * i, 3);
    expect(sss_evaluate5_many(rules, fives, N, v5, 1, NULL), SSS_OK, NULL, "evaluate5_many with jokers");
    expect(sss_evaluate5_many(rules, fives, N, v5t, 2, NULL), SSS_OK, NULL, "evaluate5_many, 2 threads");
    CHECK(memcmp(v5, v5t, sizeof v5) == 0);
    expect(sss_evaluate3_many(rules, threes, N, v3, 0, NULL), SSS_OK, NULL, "evaluate3_many with jokers");
    expect(sss_evaluate5_masks_many(rules, m5, N, m5v, 2, NULL), SSS_OK, NULL, "evaluate5_masks_many");
    expect(sss_evaluate3_masks_many(rules, m3, N, m3v, 1, NULL), SSS_OK, NULL, "evaluate3_masks_many");
    int agree = 1, jokers = 0;
    for (int i = 0; i < N && agree; i++) {
        SssHandRank a, b;
        agree &= sss_evaluate(rules, fives + 5 * i, 5, &a) == SSS_OK && a.value == v5[i] && m5v[i] == v5[i];
        agree &= sss_evaluate(rules, threes + 3 * i, 3, &b) == SSS_OK && b.value == v3[i] && m3v[i] == v3[i];
        if (!agree) fprintf(stderr, "row %d: batch %#x/%#x, one hand %#x/%#x\n", i, v5[i], v3[i], a.value, b.value);
        jokers += has_joker(fives + 5 * i, 5);
    }
    check(agree, "evaluate*_many (codes and masks) agree with sss_evaluate on %d mixed rows", N);
    check(jokers > N / 2, "%d of the rows hold jokers", jokers);

    /* Errors, each naming its row, the outputs untouched. */
    uint32_t out[4] = {7, 7, 7, 7};
    size_t row = 0;
    uint8_t third[20] = {0, 4, 8, 12, 16, 52, 53, 1, 5, 9, 52, 53, 52, 2, 6, 3, 7, 11, 15, 19};
    expect(sss_evaluate5_many(rules, third, 4, out, 2, &row), SSS_ERR_DUPLICATE_CARD, "row 2: ",
           "a third joker under two");
    CHECK(row == 2);
    SssRules *none = with_jokers(0, 0);
    expect(sss_evaluate5_many(none, third, 4, out, 1, &row), SSS_ERR_BAD_CARD_CODE, "row 1: card code 52",
           "a joker under none");
    CHECK(row == 1);
    uint64_t masks[3] = {0x1F, ((uint64_t)1 << 52) | 0xF, 0x1F};
    expect(sss_evaluate5_masks_many(none, masks, 3, out, 1, &row), SSS_ERR_BAD_CARD_CODE, "row 1: ",
           "a joker's bit under none");
    CHECK(row == 1);
    SssRules *one = with_jokers(1, 0);
    expect(sss_evaluate5_masks_many(one, masks, 3, out, 1, &row), SSS_OK, NULL, "the small joker under one");
    masks[2] = ((uint64_t)1 << 53) | 0xF;
    expect(sss_evaluate5_masks_many(one, masks, 3, out, 1, &row), SSS_ERR_JOKER_NOT_IN_DECK, "row 2: ",
           "the big joker's bit under one");
    CHECK(row == 2);
    uint8_t big3[6] = {0, 4, 8, 53, 1, 5};
    expect(sss_evaluate3_many(one, big3, 2, out, 1, &row), SSS_ERR_JOKER_NOT_IN_DECK, "row 1: ",
           "the big joker under one");
    CHECK(row == 1);
    uint32_t kept[4] = {7, 7, 7, 7};
    expect(sss_evaluate5_many(rules, third, 4, kept, 1, NULL), SSS_ERR_DUPLICATE_CARD, NULL, "again");
    check(kept[0] == 7 && kept[1] == 7 && kept[2] == 7 && kept[3] == 7, "a failed batch wrote nothing");
    sss_rules_free(one);
    sss_rules_free(none);
    sss_rules_free(rules);
}

static void test_special_arrange_settle_many(void) {
    enum { N = 600, SEATS = 4, ROUNDS = 40, HANDS = ROUNDS * SEATS };
    static uint8_t hands[N * 13], best[N], best2[N];
    static uint16_t all[N];
    SssRules *rules = with_jokers(2, 1);
    joker_rows(hands, N, 13);
    /* Row 5: six pairs with a joker (2 2 4 4 6 6 8 8 T T Q SJ A). */
    const uint8_t six_pairs[13] = {3, 2, 11, 10, 17, 18, 25, 26, 33, 34, 41, 52, 51};
    memcpy(hands + 5 * 13, six_pairs, 13);
    expect(sss_special_detect_many(rules, hands, N, best, all, 1, NULL), SSS_OK, NULL, "special_detect_many");
    expect(sss_special_detect_many(rules, hands, N, best2, NULL, 2, NULL), SSS_OK, NULL, "without out_all");
    CHECK(memcmp(best, best2, sizeof best) == 0);
    CHECK(best[5] == SSS_SPECIAL_SIX_PAIRS);
    int agree = 1;
    for (int i = 0; i < N && agree; i++) {
        SssSpecialDetection d;
        uint16_t bits = 0;
        agree &= sss_special_detect(rules, hands + 13 * i, 13, &d) == SSS_OK;
        for (int k = 0; k < d.count; k++) bits |= (uint16_t)(1u << d.all[k]);
        agree &= (d.has_best ? d.best : SSS_SPECIAL_NONE) == best[i] && bits == all[i];
    }
    check(agree, "special_detect_many agrees with sss_special_detect on %d mixed hands", N);

    /* Arrangement: rounds dealt from the joker deck. */
    SssArranger *arranger = NULL;
    expect(sss_arranger_new(rules, SEATS, &arranger), SSS_OK, NULL, "arranger");
    static uint8_t dealt[HANDS * 13], arranged[HANDS * 13];
    for (int r = 0; r < ROUNDS; r++) {
        size_t n = 0;
        expect(sss_deal_for(rules, SEATS, 100 + (uint64_t)r, dealt + r * SEATS * 13, SEATS * 13, &n), SSS_OK, NULL,
               "deal");
    }
    expect(sss_arrange_many(arranger, dealt, HANDS, arranged, 2, NULL), SSS_OK, NULL, "arrange_many");
    agree = 1;
    int jokers = 0;
    for (int i = 0; i < HANDS && agree; i++) {
        SssArranged a;
        const uint8_t *o = arranged + 13 * i;
        agree &= sss_arrange(arranger, dealt + 13 * i, 13, &a) == SSS_OK && memcmp(a.front, o, 3) == 0 &&
                 memcmp(a.middle, o + 3, 5) == 0 && memcmp(a.back, o + 8, 5) == 0;
        jokers += has_joker(o, 13);
    }
    check(agree, "arrange_many agrees with sss_arrange on %d hands", HANDS);
    check(jokers > 10, "%d arranged hands keep their jokers", jokers);

    /* Settlement, arranged and as dealt, against sss_settle. */
    const uint8_t *tables[2] = {arranged, dealt};
    for (int t = 0; t < 2; t++) {
        static int64_t units[HANDS];
        expect(sss_settle_many(rules, SEATS, tables[t], ROUNDS, units, 2, NULL), SSS_OK, NULL, "settle_many");
        int same = 1;
        for (int r = 0; r < ROUNDS && same; r++) {
            SssSeat seats[SEATS];
            SssSettlement *s = NULL;
            SssWater totals[SEATS];
            size_t count = 0;
            for (int p = 0; p < SEATS; p++) {
                const uint8_t *h = tables[t] + 13 * (r * SEATS + p);
                same &= sss_seat_arranged(h, 3, h + 3, 5, h + 8, 5, &seats[p]) == SSS_OK;
            }
            same &= sss_settle(rules, seats, SEATS, &s) == SSS_OK;
            same &= sss_settlement_totals(s, totals, SEATS, &count) == SSS_OK && count == SEATS;
            for (int p = 0; p < SEATS; p++) same &= totals[p].units == units[r * SEATS + p];
            sss_settlement_free(s);
        }
        check(same, "settle_many agrees with sss_settle (%s)", t == 0 ? "arranged" : "as dealt");
    }

    /* Errors naming the row: a third joker under two; a joker under none. */
    {
        size_t row = 0;
        static uint8_t out_codes[HANDS * 13];
        static int64_t out_units[HANDS];
        memset(out_codes, 0x5A, sizeof out_codes);
        memset(best2, 0xAB, sizeof best2);
        uint8_t saved[13];
        memcpy(saved, hands + 9 * 13, 13);
        memcpy(hands + 9 * 13, (const uint8_t[13]){52, 53, 52, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36}, 13);
        expect(sss_special_detect_many(rules, hands, N, best2, NULL, 2, &row), SSS_ERR_DUPLICATE_CARD, "row 9: ",
               "special_detect_many, a third joker");
        CHECK(row == 9);
        expect(sss_arrange_many(arranger, hands, 12, out_codes, 2, &row), SSS_ERR_DUPLICATE_CARD, "row 9: ",
               "arrange_many, a third joker");
        CHECK(row == 9);
        memcpy(hands + 9 * 13, saved, 13);
        int untouched = 1;
        for (size_t i = 0; i < sizeof out_codes; i++) untouched &= out_codes[i] == 0x5A;
        for (int i = 0; i < N; i++) untouched &= best2[i] == 0xAB;
        check(untouched, "failed 13-card batches wrote nothing");

        /* Round 6 with the small joker in two seats (one joker of each under two). */
        uint8_t *seat0 = arranged + 13 * (6 * SEATS), *seat1 = arranged + 13 * (6 * SEATS + 1);
        uint8_t keep0 = seat0[0], keep1 = seat1[0];
        seat0[0] = 52, seat1[0] = 52;
        for (int i = 0; i < HANDS; i++) out_units[i] = 777;
        expect(sss_settle_many(rules, SEATS, arranged, ROUNDS, out_units, 2, &row), SSS_ERR_DUPLICATE_CARD,
               "row 6: ", "settle_many, the small joker twice");
        CHECK(row == 6);
        seat0[0] = keep0, seat1[0] = keep1;

        SssRules *none = with_jokers(0, 0);
        SssArranger *plain = NULL;
        expect(sss_arranger_new(none, SEATS, &plain), SSS_OK, NULL, "arranger without jokers");
        size_t first = HANDS;
        for (size_t i = 0; i < HANDS && first == HANDS; i++)
            if (has_joker(dealt + 13 * i, 13)) first = i;
        CHECK(first < HANDS);
        expect(sss_arrange_many(plain, dealt, HANDS, out_codes, 2, &row), SSS_ERR_BAD_CARD_CODE, "card code 5",
               "arrange_many, a joker under none");
        CHECK(row == first);
        expect(sss_special_detect_many(none, dealt, HANDS, best2, NULL, 1, &row), SSS_ERR_BAD_CARD_CODE, NULL,
               "special_detect_many, a joker under none");
        CHECK(row == first);
        expect(sss_settle_many(none, SEATS, dealt, ROUNDS, out_units, 1, &row), SSS_ERR_BAD_CARD_CODE, NULL,
               "settle_many, a joker under none");
        CHECK(row == first / SEATS);
        untouched = 1;
        for (int i = 0; i < HANDS; i++) untouched &= out_units[i] == 777;
        check(untouched, "failed settle_many calls wrote nothing");
        sss_arranger_free(plain);
        sss_rules_free(none);
    }
    sss_arranger_free(arranger);
    sss_rules_free(rules);
}

int main(int argc, char **argv) {
    const char *label = argc > 1 ? argv[1] : "C batch jokers";
    test_evaluate_many();
    test_special_arrange_settle_many();
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
