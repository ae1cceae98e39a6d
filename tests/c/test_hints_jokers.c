/*
 * C tests of the 理牌 hints with wild jokers (RULES.md §12) through the C ABI: sss_combos offers
 * combinations made with a joker and writes the joker's code (52, 53) in them, sss_combos_played
 * the same entries with the card each joker stands for; sss_complete takes a
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

/* The same entry as sss_combos, slot by slot, each joker replaced by the card given for it. */
static void check_played(const SssCombo *c, const SssCombo *p, const uint8_t *as, const char *what) {
    size_t i;
    check(p->len == c->len && p->category == c->category && p->reserved == 0, "%s: same entry", what);
    for (i = 0; i < 5; i++) {
        uint8_t want = c->cards[i] == SJ || c->cards[i] == BJ ? as[i] : c->cards[i];
        check(p->cards[i] == want, "%s: slot %u is %u, not %u", what, (unsigned)i, p->cards[i], want);
    }
}

/* What sss_combos_played says each joker stands for, worked out by hand from the engine's hints
 * docs (a group's highest missing suit, a run's missing rank in ♠, the strongest flush). */
static void test_combos_played(void) {
    SssRules *r = joker_rules(2, SSS_JOKER_LANES_EACH_BEST);
    SssCombo c[SSS_COMBOS_MAX], p[SSS_COMBOS_MAX];
    size_t n = 0, m = 0;
    unsigned cat;
    /* As Ah Kd SJ: the aces as they are, then the joker with K♦ as K♠ (47). */
    const uint8_t aces[4] = {51, 50, 44, SJ};
    const uint8_t ace_pair[5] = {51, 50, 255, 255, 255}, king_pair[5] = {47, 44, 255, 255, 255};
    expect(sss_combos(r, aces, 4, 1, c, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "aces");
    expect(sss_combos_played(r, aces, 4, 1, p, SSS_COMBOS_MAX, &m), SSS_OK, NULL, "aces played");
    CHECK(n == 2 && m == 2);
    CHECK(memcmp(p[0].cards, ace_pair, 5) == 0 && memcmp(p[1].cards, king_pair, 5) == 0);
    CHECK(c[1].cards[0] == SJ && p[1].cards[0] == 47 && p[1].len == 2 && p[1].category == 1);
    /* HAND10's pairs: the kings as they are; the joker with Q♥ as Q♠ (43), with 2♥ as 2♠ (3). */
    expect(sss_combos(r, HAND10, 10, 1, c, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "pairs");
    expect(sss_combos_played(r, HAND10, 10, 1, p, SSS_COMBOS_MAX, &m), SSS_OK, NULL, "pairs played");
    CHECK(n == 8 && m == 8);
    {
        const uint8_t as0[5] = {0, 0, 0, 0, 0}, as1[5] = {43, 0, 0, 0, 0}, as7[5] = {3, 0, 0, 0, 0};
        check_played(&c[0], &p[0], as0, "kings");
        check_played(&c[1], &p[1], as1, "queens");
        check_played(&c[7], &p[7], as7, "twos");
    }
    /* Trips: the joker as K♥ (46), the suit the kings lack. */
    expect(sss_combos(r, HAND10, 10, 3, c, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "trips");
    expect(sss_combos_played(r, HAND10, 10, 3, p, SSS_COMBOS_MAX, &m), SSS_OK, NULL, "trips played");
    {
        const uint8_t as[5] = {46, 0, 0, 0, 0};
        CHECK(n == 1 && m == 1);
        check_played(&c[0], &p[0], as, "trips");
    }
    /* Straights: the joker as T♠ (35) over 9-8-7-6, then as 5♠ (15) under them. */
    expect(sss_combos(r, HAND10, 10, 4, c, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "straights");
    expect(sss_combos_played(r, HAND10, 10, 4, p, SSS_COMBOS_MAX, &m), SSS_OK, NULL, "straights played");
    {
        const uint8_t t[5] = {35, 0, 0, 0, 0}, five[5] = {15, 0, 0, 0, 0};
        CHECK(n == 2 && m == 2);
        check_played(&c[0], &p[0], t, "straight to the ten");
        check_played(&c[1], &p[1], five, "straight from the five");
    }
    /* The strongest flush: the joker as A♠ (51) with K♠ 9♠ 8♠ 7♠. */
    expect(sss_combos(r, HAND10, 10, 5, c, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "flushes");
    expect(sss_combos_played(r, HAND10, 10, 5, p, SSS_COMBOS_MAX, &m), SSS_OK, NULL, "flushes played");
    {
        const uint8_t as[5] = {51, 0, 0, 0, 0};
        CHECK(n == m && n >= 1);
        check_played(&c[0], &p[0], as, "flush");
    }
    /* Both jokers: a pair of aces played A♠ A♥ (大王 first, the higher suit). */
    {
        const uint8_t two[2] = {BJ, SJ};
        expect(sss_combos_played(r, two, 2, 1, p, SSS_COMBOS_MAX, &m), SSS_OK, NULL, "two jokers");
        CHECK(m == 13 && p[0].cards[0] == 51 && p[0].cards[1] == 50 && p[12].cards[0] == 3 && p[12].cards[1] == 2);
    }
    /* A hand without jokers: the played list is sss_combos's, byte for byte. */
    for (cat = 1; cat <= 8; cat++) {
        const uint8_t plain[9] = {47, 46, 44, 31, 29, 22, 18, 26, 30};
        expect(sss_combos(r, plain, 9, cat, c, SSS_COMBOS_MAX, &n), SSS_OK, NULL, "plain");
        expect(sss_combos_played(r, plain, 9, cat, p, SSS_COMBOS_MAX, &m), SSS_OK, NULL, "plain played");
        check(n == m && memcmp(c, p, n * sizeof(SssCombo)) == 0, "category %u: same list without jokers", cat);
    }
    /* The buffer protocol and errors of sss_combos. */
    expect(sss_combos_played(r, HAND10, 10, 1, NULL, 0, &m), SSS_ERR_BUFFER_TOO_SMALL, NULL, "size query");
    CHECK(m == 8);
    memset(p, 0xAB, sizeof(SssCombo));
    expect(sss_combos_played(r, HAND10, 10, 1, p, 2, &m), SSS_ERR_BUFFER_TOO_SMALL, NULL, "too small");
    CHECK(m == 8 && p[0].len == 0xAB);
    expect(sss_combos_played(r, HAND10, 10, 0, p, SSS_COMBOS_MAX, &m), SSS_ERR_INVALID_ARGUMENT, "high card",
           "high card");
    expect(sss_combos_played(r, HAND10, 10, 1, p, SSS_COMBOS_MAX, NULL), SSS_ERR_NULL_POINTER, "out_count",
           "NULL count");
    expect(sss_combos_played(NULL, HAND10, 10, 1, p, SSS_COMBOS_MAX, &m), SSS_ERR_NULL_POINTER, "rules",
           "NULL rules");
    {
        const uint8_t dup[3] = {51, SJ, SJ};
        expect(sss_combos_played(r, dup, 3, 1, p, SSS_COMBOS_MAX, &m), SSS_ERR_DUPLICATE_CARD, NULL, "one SJ twice");
    }
    sss_rules_free(r);
    r = joker_rules(0, SSS_JOKER_LANES_EACH_BEST);
    expect(sss_combos_played(r, HAND10, 10, 1, p, SSS_COMBOS_MAX, &m), SSS_ERR_BAD_CARD_CODE, "52", "no jokers dealt");
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
    test_combos_played();
    test_complete();
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
