/*
 * C tests of the 理牌 hints with wild jokers (RULES.md §12) through the C ABI: sss_combos offers
 * combinations made with a joker and writes the joker's code (52, 53) in them; sss_complete takes a
 * joker fixed in a lane or left free, returns it in the lanes, and never a foul under the rule
 * set's joker_lanes (checked with sss_arrangement_check13_played, which also says what the joker
 * stands for). Built twice by run.sh (static and dynamic linking).
 * Usage: test_hints_jokers [label]
 *
 * Oracles: hands worked out by hand (RULES.md §12's example of the two readings), the library's
 * own foul check, bad input. The engine's lists are proven against brute force in
 * core/tests/joker_hints.rs.
 */
#include "shisanshui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { SJ = 52, BJ = 53 };

static SssRules *joker_rules(uint8_t jokers, uint32_t lanes) {
    SssRules *r = NULL;
    expect(sss_rules_new_preset(u8s("classic"), 7, &r), SSS_OK, NULL, "classic preset");
    expect(sss_rules_set_jokers(r, jokers), SSS_OK, NULL, "set jokers");
    expect(sss_rules_set_joker_lanes(r, lanes), SSS_OK, NULL, "set joker_lanes");
    return r;
}

static int holds(const uint8_t *codes, size_t n, uint8_t code) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (codes[i] == code) return 1;
    }
    return 0;
}

/* Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ */
static const uint8_t HAND10[10] = {47, 44, 42, 31, 27, 23, 16, 5, 2, SJ};

static void test_combos(void) {
    SssRules *r = joker_rules(2, SSS_JOKER_LANES_EACH_BEST);
    SssCombo buf[SSS_COMBOS_MAX];
    size_t n = 0, i;

    /* Pairs: the kings without the joker, then the joker with each other rank held. */
    expect(sss_combos(r, HAND10, 10, 1, buf, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "pairs");
    CHECK(n == 8);
    CHECK(buf[0].len == 2 && buf[0].cards[0] == 47 && buf[0].cards[1] == 44 && buf[0].category == 1);
    CHECK(buf[1].len == 2 && buf[1].cards[0] == SJ && buf[1].cards[1] == 42);
    CHECK(buf[1].cards[2] == SSS_NO_CARD && buf[1].reserved == 0);
    for (i = 1; i < n; i++) {
        CHECK(buf[i].cards[0] == SJ);
    }
    /* Trips: the kings and the joker. */
    expect(sss_combos(r, HAND10, 10, 3, buf, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "trips");
    CHECK(n == 1 && buf[0].len == 3 && buf[0].cards[0] == SJ && buf[0].cards[1] == 47 && buf[0].cards[2] == 44);
    /* Straights: 6-7-8-9 with the joker as a 5 or a T (and no more). */
    expect(sss_combos(r, HAND10, 10, 4, buf, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "straights");
    CHECK(n == 2);
    for (i = 0; i < n && i < 2; i++) {
        CHECK(buf[i].len == 5 && buf[i].cards[0] == SJ && holds(buf[i].cards, 5, 31) && holds(buf[i].cards, 5, 16));
    }
    /* Flushes: the strongest is the joker with the four spades. */
    expect(sss_combos(r, HAND10, 10, 5, buf, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "flushes");
    CHECK(n >= 1);
    CHECK(buf[0].cards[0] == SJ && buf[0].cards[1] == 47 && buf[0].cards[2] == 31 && buf[0].cards[3] == 27 &&
          buf[0].cards[4] == 23);
    /* Size query. */
    expect(sss_combos(r, HAND10, 10, 1, NULL, 0, &n), SSS_ERR_BUFFER_TOO_SMALL, NULL, "size query");
    CHECK(n == 8);
    /* Five of a kind: quads and a joker; none in a hand without a joker's help. */
    {
        const uint8_t quads[6] = {51, 50, 49, 48, SJ, 1};
        expect(sss_combos(r, quads, 6, 9, buf, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "five of a kind");
        CHECK(n == 1 && buf[0].len == 5 && buf[0].category == 9 && buf[0].cards[0] == SJ && buf[0].cards[1] == 51);
        expect(sss_combos(r, HAND10, 9, 9, buf, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "no five of a kind");
        CHECK(n == 0);
    }
    /* Both jokers: a pair of any rank. */
    {
        const uint8_t two[3] = {SJ, BJ, 0};
        expect(sss_combos(r, two, 3, 1, buf, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "two jokers");
        CHECK(n == 13 && buf[0].cards[0] == BJ && buf[0].cards[1] == SJ && buf[12].cards[1] == 0);
    }
    sss_rules_free(r);

    /* A joker the deck lacks. */
    r = joker_rules(0, SSS_JOKER_LANES_EACH_BEST);
    expect(sss_combos(r, HAND10, 10, 1, buf, SSS_COMBOS_MAX, &n), SSS_ERR_BAD_CARD_CODE, "52", "no jokers dealt");
    sss_rules_free(r);
}

/* Ks Kh 9s 9h 3c | Qs Qh Jd 5c SJ | 4d 2c 7h (RULES.md §12's example). */
static const uint8_t HAND13[13] = {47, 46, 31, 30, 5, 43, 42, 36, 13, SJ, 8, 1, 22};
static const uint8_t BACK[5] = {47, 46, 31, 30, 5};
static const uint8_t MIDDLE[5] = {43, 42, 36, 13, SJ};

static void check_out(SssRules *r, const SssArranged *out, const char *what) {
    uint8_t lanes[13], played[13];
    SssArrangementEval e;
    uint8_t sorted_hand[13], sorted_out[13];
    size_t i, j;
    memcpy(lanes, out->front, 3);
    memcpy(lanes + 3, out->middle, 5);
    memcpy(lanes + 8, out->back, 5);
    expect(sss_arrangement_check13_played(r, lanes, 13, &e, played), SSS_OK, NULL, what);
    check(!e.is_foul, "%s: fouls", what);
    check(e.middle.category == out->categories[1] && e.back.category == out->categories[2], "%s: categories", what);
    check(holds(lanes, 13, SJ), "%s: the joker is in the lanes", what);
    /* The same cards as the hand. */
    memcpy(sorted_hand, HAND13, 13);
    memcpy(sorted_out, lanes, 13);
    for (i = 0; i < 13; i++) {
        for (j = i + 1; j < 13; j++) {
            if (sorted_hand[j] < sorted_hand[i]) {
                uint8_t t = sorted_hand[i];
                sorted_hand[i] = sorted_hand[j];
                sorted_hand[j] = t;
            }
            if (sorted_out[j] < sorted_out[i]) {
                uint8_t t = sorted_out[i];
                sorted_out[i] = sorted_out[j];
                sorted_out[j] = t;
            }
        }
    }
    check(memcmp(sorted_hand, sorted_out, 13) == 0, "%s: not the hand's cards", what);
}

static void test_complete(void) {
    SssArranged out;
    SssArrangementEval e;
    uint8_t lanes[13], played[13];
    int k;
    for (k = 0; k < 2; k++) {
        uint32_t mode = k == 0 ? SSS_JOKER_LANES_EACH_BEST : SSS_JOKER_LANES_AVOID_FOUL;
        SssRules *r = joker_rules(2, mode);
        SssArranger *a = NULL;
        SssStatus st;
        expect(sss_arranger_new(r, 4, &a), SSS_OK, NULL, "arranger");
        /* Middle and back fixed: each_best reads the middle as trips over the back's two pair. */
        st = sss_complete(a, HAND13, 13, NULL, 0, MIDDLE, 5, BACK, 5, &out);
        if (k == 0) {
            expect(st, SSS_ERR_NO_LEGAL_ARRANGEMENT, "foul", "each_best: the fixed lanes foul");
        } else {
            expect(st, SSS_OK, NULL, "avoid_foul: the fixed lanes are legal");
            check_out(r, &out, "avoid_foul, middle and back fixed");
            CHECK(out.middle[0] == SJ && out.categories[1] == 2);
            /* The joker plays as a jack: Q Q J J 5, below the back's kings and nines. */
            memcpy(lanes, out.front, 3);
            memcpy(lanes + 3, out.middle, 5);
            memcpy(lanes + 8, out.back, 5);
            expect(sss_arrangement_check13_played(r, lanes, 13, &e, played), SSS_OK, NULL, "played");
            CHECK(played[3] >> 2 == 9 && played[3] < 52);
        }
        /* The joker free: only the back fixed. */
        expect(sss_complete(a, HAND13, 13, NULL, 0, NULL, 0, BACK, 5, &out), SSS_OK, NULL, "back fixed");
        check_out(r, &out, "back fixed");
        CHECK(memcmp(out.back, BACK, 5) == 0);
        /* The joker fixed in the front. */
        {
            const uint8_t front[3] = {SJ, 8, 1};
            expect(sss_complete(a, HAND13, 13, front, 3, NULL, 0, NULL, 0, &out), SSS_OK, NULL, "front fixed");
            check_out(r, &out, "front fixed");
            CHECK(out.front[0] == SJ);
        }
        /* A joker the hand lacks, fixed. */
        {
            const uint8_t middle[5] = {43, 42, 36, 13, BJ};
            expect(sss_complete(a, HAND13, 13, NULL, 0, middle, 5, NULL, 0, &out), SSS_ERR_CARD_NOT_IN_HAND, "BJ",
                   "a joker not in the hand");
        }
        sss_arranger_free(a);
        sss_rules_free(r);
    }
    /* A rule set without jokers. */
    {
        SssRules *r = joker_rules(0, SSS_JOKER_LANES_EACH_BEST);
        SssArranger *a = NULL;
        expect(sss_arranger_new(r, 4, &a), SSS_OK, NULL, "arranger");
        expect(sss_complete(a, HAND13, 13, NULL, 0, NULL, 0, BACK, 5, &out), SSS_ERR_BAD_CARD_CODE, "52",
               "no jokers dealt");
        sss_arranger_free(a);
        sss_rules_free(r);
    }
}

int main(int argc, char **argv) {
    const char *label = argc > 1 ? argv[1] : "C hints with jokers";
    test_combos();
    test_complete();
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
