/*
 * C tests of settlement and money through the C ABI, against the committed
 * include/shisanshui.h. Built static and dynamic by run.sh. Usage: test_settle <path to
 * tests/vectors/settle.json> [label]. Last line: "<label>: N passed, M failed".
 *
 * The worked examples are those of core/tests/settle_examples.rs (numbers computed by hand from
 * RULES.md there); the shared vectors are made by ffi/tests/settle_vectors.rs, which checks every
 * table against an oracle written from RULES.md before writing it.
 */
#include "shisanshui.h"

#include "json.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The layouts the header documents (C# reads them as raw bytes or sequential structs). */
_Static_assert(sizeof(SssSeat) == 15, "SssSeat is 15 bytes, all uint8_t");
_Static_assert(sizeof(SssWater) == 24, "SssWater is three int64_t");
_Static_assert(sizeof(SssSettlementInfo) == 20, "SssSettlementInfo is 20 bytes");
_Static_assert(sizeof(SssSeatResult) == 64 && offsetof(SssSeatResult, eval) == 24 &&
                   offsetof(SssSeatResult, special_water) == 52 && offsetof(SssSeatResult, kind) == 56,
               "SssSeatResult layout");
_Static_assert(sizeof(SssLaneResult) == 8, "SssLaneResult is 8 bytes");
_Static_assert(sizeof(SssPairResult) == 120 && offsetof(SssPairResult, lanes) == 80 &&
                   offsetof(SssPairResult, seat_a) == 104 && offsetof(SssPairResult, special) == 114,
               "SssPairResult layout");
_Static_assert(sizeof(SssEvent) == 16 && offsetof(SssEvent, kind) == 8, "SssEvent layout");
_Static_assert(sizeof(SssStakes) == 24 && sizeof(SssMoneyLine) == 64 && sizeof(SssMoneyTotals) == 32,
               "money structs");

#include "check.h"

static SssRules *preset(const char *name) {
    SssRules *r = NULL;
    expect(sss_rules_new_preset(u8s(name), strlen(name), &r), SSS_OK, NULL, name);
    return r;
}

/* A preset with one JSON field changed (the C ABI sets the rest of a rule set through JSON). */
static SssRules *preset_with(const char *name, const char *from, const char *to) {
    SssRules *r = preset(name), *out = NULL;
    size_t len = 0;
    char *json, *edited, *at;
    sss_rules_to_json(r, NULL, 0, &len);
    json = (char *)malloc(len + 1);
    expect(sss_rules_to_json(r, (uint8_t *)json, len + 1, &len), SSS_OK, NULL, "to_json");
    at = strstr(json, from);
    check(at != NULL, "%s lacks %s", name, from);
    edited = (char *)malloc(len + strlen(to) + 1);
    if (at != NULL) {
        size_t head = (size_t)(at - json);
        memcpy(edited, json, head);
        strcpy(edited + head, to);
        strcat(edited, at + strlen(from));
        expect(sss_rules_from_json(u8s(edited), strlen(edited), &out), SSS_OK, NULL, "edited rules");
    }
    free(json);
    free(edited);
    sss_rules_free(r);
    return out;
}

/* Codes of card text (at most 14, so a test can make an oversized lane). */
static size_t codes_of(const char *text, uint8_t *codes) {
    size_t n = 0;
    expect(sss_cards_parse(u8s(text), strlen(text), codes, 14, &n), SSS_OK, NULL, text);
    return n;
}

/* An arrangement seat from "front / middle / back". */
static SssSeat arr(const char *text) {
    char lane[3][64];
    uint8_t codes[3][14];
    size_t n[3] = {0, 0, 0};
    const char *p = text;
    int i;
    SssSeat seat;
    memset(&seat, 0, sizeof seat);
    for (i = 0; i < 3; i++) {
        const char *slash = strchr(p, '/');
        size_t len = slash != NULL ? (size_t)(slash - p) : strlen(p);
        memcpy(lane[i], p, len);
        lane[i][len] = '\0';
        n[i] = codes_of(lane[i], codes[i]);
        p = slash != NULL ? slash + 1 : p + len;
    }
    expect(sss_seat_arranged(codes[0], n[0], codes[1], n[1], codes[2], n[2], &seat), SSS_OK, NULL, text);
    return seat;
}

static SssSeat sp(uint32_t special, const char *text) {
    uint8_t codes[14];
    size_t n = codes_of(text, codes);
    SssSeat seat;
    memset(&seat, 0, sizeof seat);
    expect(sss_seat_special(special, codes, n, &seat), SSS_OK, NULL, text);
    return seat;
}

static SssSettlement *settle_ok(const SssRules *r, const SssSeat *seats, size_t n, const char *what) {
    SssSettlement *s = NULL;
    expect(sss_settle(r, seats, n, &s), SSS_OK, NULL, what);
    return s;
}

static SssSettlementInfo info_of(const SssSettlement *s) {
    SssSettlementInfo info;
    memset(&info, 0xEE, sizeof info);
    expect(sss_settlement_info(s, &info), SSS_OK, NULL, "info");
    return info;
}

/* Totals in whole water, then each seat's total as returned by sss_settlement_seat. */
static void totals_are(const SssSettlement *s, const int64_t *whole, size_t n, const char *what) {
    SssWater w[SSS_MAX_SEATS];
    size_t count = 0, i;
    expect(sss_settlement_totals(s, w, SSS_MAX_SEATS, &count), SSS_OK, NULL, what);
    check(count == n, "%s: %zu seats, expected %zu", what, count, n);
    for (i = 0; i < n && i < count; i++) {
        SssSeatResult seat;
        check(w[i].units == SSS_WATER_DENOMINATOR * whole[i] && w[i].num == whole[i] && w[i].den == 1,
              "%s: seat %zu total %lld/%lld, expected %lld", what, i, (long long)w[i].num, (long long)w[i].den,
              (long long)whole[i]);
        expect(sss_settlement_seat(s, i, &seat), SSS_OK, NULL, what);
        check(seat.total.units == w[i].units, "%s: seat %zu result total", what, i);
    }
}

/* The pair of seats a < b. */
static SssPairResult pair_of(const SssSettlement *s, int a, int b) {
    SssSettlementInfo info = info_of(s);
    SssPairResult p;
    size_t i;
    memset(&p, 0, sizeof p);
    for (i = 0; i < info.pair_count; i++) {
        expect(sss_settlement_pair(s, i, &p), SSS_OK, NULL, "pair");
        if (p.seat_a == a && p.seat_b == b) {
            return p;
        }
    }
    check(0, "no pair (%d, %d)", a, b);
    memset(&p, 0, sizeof p);
    return p;
}

static SssEvent event_of(const SssSettlement *s, size_t i) {
    SssEvent e;
    memset(&e, 0, sizeof e);
    expect(sss_settlement_event(s, i, &e), SSS_OK, NULL, "event");
    return e;
}

static char *json_of(const SssSettlement *s) {
    size_t len = 0;
    char *buf;
    expect(sss_settlement_to_json(s, NULL, 0, &len), SSS_ERR_BUFFER_TOO_SMALL, NULL, "json size");
    buf = (char *)malloc(len + 1);
    expect(sss_settlement_to_json(s, (uint8_t *)buf, len + 1, &len), SSS_OK, NULL, "json");
    check(buf[len] == '\0', "json is NUL-terminated");
    return buf;
}

/* ------------------------------------------------------------------------------------------ */
/* Worked examples (core/tests/settle_examples.rs)                                            */
/* ------------------------------------------------------------------------------------------ */

static const char *const A0 = "Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah";
static const char *const A1 = "9c 5c 4c / Ts Td Tc 4s 4h / 6s 6d 6h 6c 2s";
static const char *const B0 = "Ad Ac 5d / Jc Jd Js 3c 3d / 5h 6h 7h 8h 9h";
static const char *const B1 = "Ks Qd 2c / 4s 4d 7c 8d Ts / As Ah 2d 6s Qh";
static const char *const C0 = "Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac";
static const char *const C1 = "As Ad 3c / Ks Kd 5c 5d 7s / 3s 4s 6s 8s Js";
static const char *const C2 = "Ah Kh 4c / 6c 6d 7c 8c 9d / Th Td Ts 8d 8h";
static const char *const DRAGON = "2s 3d 4c 5h 6s 7d 8c 9h Ts Jd Qc Kh As";
static const char *const SIX_PAIRS = "2d 2c 3s 3c 5s 5d 7s 7c 9s 9d Js Jc 4s";

static void test_plain_and_shot(void) {
    /* A: split lanes with bonus hands; classic 1 − 2 − 4 = −5, regional −6, hk −1. */
    SssSeat a[2], b[2];
    const char *presets[5] = {"classic", "regional", "kx", "hk", "ranked"};
    const int64_t want_a[5] = {-5, -6, -5, -1, -5};
    const int64_t want_b[5] = {8, 9, 16, 4, 21};
    int i;
    a[0] = arr(A0);
    a[1] = arr(A1);
    b[0] = arr(B0);
    b[1] = arr(B1);
    for (i = 0; i < 5; i++) {
        SssRules *r = preset(presets[i]);
        SssSettlement *s = settle_ok(r, a, 2, presets[i]);
        int64_t t[2];
        t[0] = want_a[i];
        t[1] = -want_a[i];
        totals_are(s, t, 2, presets[i]);
        if (i == 0) {
            SssPairResult p = pair_of(s, 0, 1);
            CHECK(p.kind == SSS_PAIR_LANES && p.has_lanes == 1 && p.has_shot == 0);
            CHECK(p.lanes[0].lane == 0 && p.lanes[0].winner == 0 && p.lanes[0].water == 1 &&
                  p.lanes[0].hand == SSS_CATEGORY_ONE_PAIR);
            CHECK(p.lanes[1].winner == 1 && p.lanes[1].water == 2 && p.lanes[1].hand == SSS_CATEGORY_FULL_HOUSE);
            CHECK(p.lanes[2].winner == 1 && p.lanes[2].water == 4 && p.lanes[2].hand == SSS_CATEGORY_FOUR_OF_A_KIND);
            CHECK(info_of(s).event_count == 0);
        }
        if (i == 4) {
            SssSettlementInfo info = info_of(s);
            CHECK(info.mode == SSS_SCORING_RANKED && info.has_ranked_lane_water == 1);
            CHECK(info.ranked_lane_water[0] == 1 && info.ranked_lane_water[1] == 2 && info.ranked_lane_water[2] == 4);
        }
        sss_settlement_free(s);

        /* B: P0 sweeps; classic shoots only from 3 seats; kx ×2; ranked shot + home run. */
        s = settle_ok(r, b, 2, presets[i]);
        t[0] = want_b[i];
        t[1] = -want_b[i];
        totals_are(s, t, 2, presets[i]);
        {
            SssPairResult p = pair_of(s, 0, 1);
            SssSettlementInfo info = info_of(s);
            if (i <= 1) {
                CHECK(p.has_shot == 0 && info.event_count == 0);
            } else {
                SssEvent e = event_of(s, 0);
                CHECK(p.has_shot == 1 && p.shooter == 0 && p.victim == 1);
                CHECK(e.kind == SSS_EVENT_SHOT && e.seat == 0 && e.victim == 1);
            }
            if (i == 2) {
                CHECK(p.shot_lane_water == 8 && p.shot_value == 16 && info.home_run_seat == SSS_SEAT_NONE);
            }
            if (i == 4) {
                /* Shot 8 + (p − 1) = 9; home run from 2 seats: (9 + 12) × 1 = 21. */
                SssEvent hr = event_of(s, 1);
                CHECK(p.shot_value == 9 && p.has_home_run == 1 && p.home_run_value == 21);
                CHECK(info.home_run_seat == 0 && hr.kind == SSS_EVENT_HOME_RUN && hr.value == 21);
            }
        }
        sss_settlement_free(s);
        sss_rules_free(r);
    }
}

static void test_home_run(void) {
    /* C: P0 beats both in every lane; P1 beats P2 by 1. */
    SssSeat c[3];
    SssRules *r = preset("classic");
    SssSettlement *s;
    const int64_t classic[3] = {136, -67, -69}, kx[3] = {64, -31, -33}, ranked[3] = {124, -55, -69};
    SssWater m[16];
    size_t n = 0;
    c[0] = arr(C0);
    c[1] = arr(C1);
    c[2] = arr(C2);
    s = settle_ok(r, c, 3, "C classic");
    totals_are(s, classic, 3, "C classic");
    {
        SssEvent e0 = event_of(s, 0), e1 = event_of(s, 1), e2 = event_of(s, 2);
        SssPairResult p = pair_of(s, 0, 2);
        CHECK(info_of(s).event_count == 3 && info_of(s).home_run_seat == 0);
        CHECK(e0.kind == SSS_EVENT_SHOT && e0.seat == 0 && e0.victim == 1 && e0.value == 17);
        CHECK(e1.kind == SSS_EVENT_SHOT && e1.seat == 0 && e1.victim == 2 && e1.value == 17);
        CHECK(e2.kind == SSS_EVENT_HOME_RUN && e2.seat == 0 && e2.value == 136 && e2.victim == SSS_SEAT_NONE);
        CHECK(p.shot_lane_water == 16 && p.shot_value == 17 && p.home_run_value == 68 && p.water.num == 68);
        CHECK(pair_of(s, 1, 2).has_home_run == 0 && pair_of(s, 1, 2).water.units == SSS_WATER_DENOMINATOR);
    }
    expect(sss_settlement_matrix(s, m, 16, &n), SSS_OK, NULL, "matrix");
    CHECK(n == 9 && m[1].num == 68 && m[3].num == -68 && m[5].num == 1 && m[7].num == -1 && m[4].num == 0);
    sss_settlement_free(s);
    sss_rules_free(r);

    r = preset("kx");
    s = settle_ok(r, c, 3, "C kx");
    totals_are(s, kx, 3, "C kx: home runs need 4 seats");
    CHECK(info_of(s).home_run_seat == SSS_SEAT_NONE);
    sss_settlement_free(s);
    sss_rules_free(r);

    r = preset("ranked");
    s = settle_ok(r, c, 3, "C ranked");
    totals_are(s, ranked, 3, "C ranked");
    CHECK(info_of(s).ranked_lane_water[0] == 4 && info_of(s).ranked_lane_water[1] == 8 &&
          info_of(s).ranked_lane_water[2] == 5);
    CHECK(event_of(s, 0).value == 19 && event_of(s, 2).value == 124);
    sss_settlement_free(s);
    sss_rules_free(r);
}

static void test_ties(void) {
    /* C': two wins and a tie shoot under classic (辗过): P0 4, P1 −4, P2 0; kx does not. */
    SssSeat t[3];
    SssRules *r = preset("classic");
    SssSettlement *s;
    const int64_t classic[3] = {4, -4, 0}, kx[3] = {3, -3, 0};
    t[0] = arr("9s 7h 4d / Jc Jd 5c 5d 2c / Ac Ad Ah 3c 3d");
    t[1] = arr("9d 7s 4h / Tc Td 6c 6d 2d / Kc Kd Kh 8c 7c");
    t[2] = arr("Qs Qh 3s / 8s 8h 6s 6h Qd / Ts Js Qc Ks As");
    s = settle_ok(r, t, 3, "ties classic");
    totals_are(s, classic, 3, "ties classic");
    {
        SssPairResult p = pair_of(s, 0, 1);
        CHECK(p.lanes[0].winner == SSS_SEAT_NONE && p.lanes[0].water == 0 && p.lanes[0].hand == SSS_CATEGORY_NONE);
        CHECK(p.has_shot == 1 && p.shot_lane_water == 2 && p.shot_value == 3);
    }
    sss_settlement_free(s);
    sss_rules_free(r);
    r = preset("kx");
    s = settle_ok(r, t, 3, "ties kx");
    totals_are(s, kx, 3, "ties kx");
    CHECK(info_of(s).event_count == 0);
    sss_settlement_free(s);
    sss_rules_free(r);
}

static void test_fouls(void) {
    /* F: P0 and P1 foul; P2 takes 10 from each, P3 3; P2 shoots P3 (11). */
    SssSeat f[4];
    SssRules *r = preset("classic"), *shot = preset_with("classic", "\"foul_counts_as_shot\": false",
                                                        "\"foul_counts_as_shot\": true");
    SssSettlement *s;
    const int64_t classic[4] = {-13, -13, 31, -5}, counted[4] = {-48, -48, 132, -36};
    f[0] = arr("5d 6d 8c / Kc Kd 3s 3h 9c / Ac Qd Jd 7s 4s");
    f[1] = arr("Qs Qh 2d / Ah Kh 9d 7d 5s / Th Tc 6c 6s 2s");
    f[2] = arr("4c 4d 4h / Jc Jh Js 8d 8s / 5h 6h 7h 8h 9h");
    f[3] = arr("5c 2c 2h / 3c 3d Qc 9s 7c / Ad As Td Ts Ks");
    s = settle_ok(r, f, 4, "F classic");
    totals_are(s, classic, 4, "F classic");
    {
        SssEvent e0 = event_of(s, 0), e1 = event_of(s, 1);
        SssPairResult p = pair_of(s, 0, 1);
        SssSeatResult seat;
        CHECK(e0.kind == SSS_EVENT_FOUL && e0.seat == 0 && e0.foul_bits == 2);
        CHECK(e1.kind == SSS_EVENT_FOUL && e1.seat == 1 && e1.foul_bits == 1);
        CHECK(p.kind == SSS_PAIR_BOTH_FOULED && p.water.units == 0 && p.lanes[2].winner == SSS_SEAT_NONE);
        CHECK(pair_of(s, 0, 2).kind == SSS_PAIR_ONE_FOULED && pair_of(s, 0, 2).has_shot == 0);
        CHECK(info_of(s).home_run_seat == SSS_SEAT_NONE);
        expect(sss_settlement_seat(s, 1, &seat), SSS_OK, NULL, "seat 1");
        CHECK(seat.kind == SSS_SEAT_ARRANGED && seat.is_foul == 1 && seat.eval.foul_bits == 1);
    }
    sss_settlement_free(s);
    /* Counted as shots: P2 shoots all three (11 each), a home run ×4 = 44 each. */
    s = settle_ok(shot, f, 4, "F foul_counts_as_shot");
    totals_are(s, counted, 4, "F foul_counts_as_shot");
    CHECK(info_of(s).home_run_seat == 2 && pair_of(s, 0, 1).has_shot == 0);
    sss_settlement_free(s);
    sss_rules_free(r);
    sss_rules_free(shot);
}

static void test_specials(void) {
    /* G: six pairs against a legal hand and a foul; the foul pays the special in full. */
    SssSeat g[3], h[4];
    SssRules *r = preset("classic"), *ranked = preset("ranked");
    SssSettlement *s;
    const int64_t g_classic[3] = {8, 3, -11}, g_ranked[3] = {4, 5, -9};
    const int64_t h_classic[4] = {108, -28, -33, -47}, h_ranked[4] = {72, -32, -12, -28};
    g[0] = sp(SSS_SPECIAL_SIX_PAIRS, "2c 2d 5c 5d 7c 7d 9c 9d Jc Jd Kc Kd Ac");
    g[1] = arr("Qs Qh 3s / 8s 8h 8d 4s 4h / Ts Th Td Tc 6s");
    g[2] = arr("As Ah Ad / Ks Kh 2s 3h 5s / Js Jh 9s 9h 6h");
    s = settle_ok(r, g, 3, "G classic");
    totals_are(s, g_classic, 3, "G classic");
    {
        SssEvent e0 = event_of(s, 0), e1 = event_of(s, 1);
        SssPairResult p = pair_of(s, 0, 2);
        SssSeatResult seat;
        CHECK(e0.kind == SSS_EVENT_SPECIAL && e0.seat == 0 && e0.special == SSS_SPECIAL_SIX_PAIRS);
        CHECK(e1.kind == SSS_EVENT_FOUL && e1.seat == 2 && e1.foul_bits == 1);
        CHECK(p.kind == SSS_PAIR_SPECIAL_VS_NORMAL && p.has_lanes == 0 && p.has_shot == 0);
        CHECK(p.has_special == 1 && p.special_winner == 0 && p.special == SSS_SPECIAL_SIX_PAIRS);
        CHECK(p.special_water.num == 4 && p.water.num == 4);
        expect(sss_settlement_seat(s, 0, &seat), SSS_OK, NULL, "seat 0");
        CHECK(seat.kind == SSS_SEAT_SPECIAL && seat.special == SSS_SPECIAL_SIX_PAIRS && seat.special_water == 4);
    }
    sss_settlement_free(s);
    s = settle_ok(ranked, g, 3, "G ranked");
    totals_are(s, g_ranked, 3, "G ranked: each normal pays 4 / 2");
    sss_settlement_free(s);

    /* H: a dragon and six pairs against two normals. */
    h[0] = sp(SSS_SPECIAL_DRAGON, DRAGON);
    h[1] = sp(SSS_SPECIAL_SIX_PAIRS, SIX_PAIRS);
    h[2] = arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c");
    h[3] = arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh");
    s = settle_ok(r, h, 4, "H classic");
    totals_are(s, h_classic, 4, "H classic");
    {
        SssPairResult p = pair_of(s, 0, 1);
        CHECK(p.kind == SSS_PAIR_SPECIAL_VS_SPECIAL && p.special == SSS_SPECIAL_DRAGON && p.special_winner == 0);
        CHECK(info_of(s).home_run_seat == SSS_SEAT_NONE);
    }
    sss_settlement_free(s);
    s = settle_ok(ranked, h, 4, "H ranked");
    totals_are(s, h_ranked, 4, "H ranked");
    sss_settlement_free(s);
    sss_rules_free(r);
    sss_rules_free(ranked);
}

static void test_ranked_fraction_and_json(void) {
    /* I: ranked, six pairs and three normals: each normal pays 4/3. */
    SssSeat t[4];
    SssRules *r = preset("ranked");
    SssSettlement *s;
    SssWater w[4], m[16];
    size_t n = 0;
    const int64_t num[4] = {-40, 4, 50, -22}, den[4] = {3, 1, 3, 3};
    int i;
    t[0] = arr("2s 3d 4c / 5h 6s 7d 8c 9h / Ts Jd Qc Kh As");
    t[1] = sp(SSS_SPECIAL_SIX_PAIRS, SIX_PAIRS);
    t[2] = arr("Ad Ac Ah / Qs Qd Qh Td Tc / Ks Kd Kc 6d 6c");
    t[3] = arr("4d 4h 2h / 8s 8d 8h 5c 9c / 3h 6h 7h Th Jh");
    s = settle_ok(r, t, 4, "I ranked");
    expect(sss_settlement_totals(s, w, 4, &n), SSS_OK, NULL, "totals");
    for (i = 0; i < 4; i++) {
        check(w[i].num == num[i] && w[i].den == den[i] && w[i].units * den[i] == SSS_WATER_DENOMINATOR * num[i],
              "I: seat %d total %lld/%lld", i, (long long)w[i].num, (long long)w[i].den);
    }
    expect(sss_settlement_matrix(s, m, 16, &n), SSS_OK, NULL, "matrix");
    CHECK(m[1 * 4 + 0].num == 4 && m[1 * 4 + 0].den == 3 && m[0 * 4 + 2].num == -9 && m[2 * 4 + 3].num == 9);
    CHECK(info_of(s).home_run_seat == SSS_SEAT_NONE);
    {
        char *text = json_of(s);
        json *doc = json_parse(text, strlen(text));
        const json *totals = json_get(doc, "totals"), *events = json_get(doc, "events");
        const json *rlw = json_get(doc, "ranked_lane_water");
        check(doc != NULL, "the settlement JSON parses");
        CHECK(json_get(doc, "mode") != NULL && strcmp(json_get(doc, "mode")->string, "ranked") == 0);
        CHECK(totals != NULL && totals->count == 4 && json_get(totals->items[0], "num")->number == -40 &&
              json_get(totals->items[0], "den")->number == 3);
        CHECK(events != NULL && events->count == 3 && strcmp(json_get(events->items[0], "kind")->string, "special") == 0 &&
              strcmp(json_get(events->items[0], "special")->string, "SP") == 0);
        CHECK(rlw != NULL && rlw->count == 3 && rlw->items[0]->number == 4 && rlw->items[1]->number == 2);
        CHECK(json_get(doc, "pairs") != NULL && json_get(doc, "pairs")->count == 6);
        json_free(doc);
        free(text);
    }
    sss_settlement_free(s);
    sss_rules_free(r);
}

static void test_settle_into(void) {
    SssSeat c[3], dup[2];
    SssRules *r = preset("classic");
    SssSettlement *s;
    const int64_t three[3] = {136, -67, -69}, two[2] = {16, -16};
    c[0] = arr(C0);
    c[1] = arr(C1);
    c[2] = arr(C2);
    s = settle_ok(r, c, 3, "C");
    expect(sss_settle_into(r, c, 2, s), SSS_OK, NULL, "into 2 seats");
    totals_are(s, two, 2, "refilled with 2 seats");
    dup[0] = c[0];
    dup[1] = c[0];
    expect(sss_settle_into(r, dup, 2, s), SSS_ERR_DUPLICATE_CARD, "position 13", "into a bad table");
    totals_are(s, two, 2, "a failed refill leaves the settlement as it was");
    expect(sss_settle_into(r, c, 3, s), SSS_OK, NULL, "into 3 seats");
    totals_are(s, three, 3, "refilled with 3 seats");
    expect(sss_settle_into(r, c, 3, NULL), SSS_ERR_NULL_POINTER, "settlement", "NULL settlement");
    sss_settlement_free(s);
    sss_rules_free(r);
}

/* ------------------------------------------------------------------------------------------ */
/* Money                                                                                      */
/* ------------------------------------------------------------------------------------------ */

static void test_money(void) {
    /* Seed 003: carries 1000/500/200/500 yuan, results −200/−800/+900/+100 at 1 yuan (100 cents)
     * a water point, 5% rake: −85.71, −214.28, +190.00, +95.00. */
    const int64_t water[4] = {-200 * SSS_WATER_DENOMINATOR, -800 * SSS_WATER_DENOMINATOR, 900 * SSS_WATER_DENOMINATOR,
                              100 * SSS_WATER_DENOMINATOR};
    const int64_t carries[4] = {100000, 50000, 20000, 50000};
    const int64_t want[4] = {-8571, -21428, 19000, 9500};
    SssStakes kx;
    SssMoneyLine lines[4];
    SssMoneyTotals totals;
    size_t n = 0;
    int i;
    kx.base = 100;
    kx.rake_numerator = 5;
    kx.rake_denominator = 100;
    expect(sss_money_settle(water, 4, &kx, carries, 4, lines, 4, &n, &totals), SSS_OK, NULL, "seed 003");
    CHECK(n == 4);
    for (i = 0; i < 4; i++) {
        check(lines[i].amount == want[i], "seed 003 seat %d: %lld, expected %lld", i, (long long)lines[i].amount,
              (long long)want[i]);
    }
    CHECK(lines[1].raw == -80000 && lines[1].capped == -50000 && lines[1].scaled == -21428);
    CHECK(lines[2].rake == 1000 && lines[3].rake == 500 && lines[1].water.num == -800);
    CHECK(totals.rake == 1500 && totals.rounding == -1 && totals.house == 1499 && totals.unclaimed == 0);
    CHECK(want[0] + want[1] + want[2] + want[3] + totals.house == 0);

    /* Escape: seat 2 of 4 leaves; 5% rake: 95 each, 1500 belongs to no one, the house 15. */
    expect(sss_money_escape(4, 2, &kx, NULL, 0, lines, 4, &n, &totals), SSS_OK, NULL, "escape");
    CHECK(n == 4 && lines[0].amount == 95 && lines[2].amount == -1800 && lines[3].amount == 95);
    CHECK(totals.unclaimed == 1500 && totals.house == 15);

    /* From a settlement: example C classic at 250 cents a point, no caps, no rake. */
    {
        SssSeat c[3];
        SssRules *r = preset("classic");
        SssSettlement *s;
        SssWater w[4];
        int64_t t[4];
        SssStakes plain;
        plain.base = 250;
        plain.rake_numerator = 0;
        plain.rake_denominator = 1;
        c[0] = arr(C0);
        c[1] = arr(C1);
        c[2] = arr(C2);
        s = settle_ok(r, c, 3, "C");
        expect(sss_settlement_totals(s, w, 4, &n), SSS_OK, NULL, "totals");
        for (i = 0; i < 3; i++) {
            t[i] = w[i].units;
        }
        expect(sss_money_settle(t, 3, &plain, NULL, 0, lines, 4, &n, &totals), SSS_OK, NULL, "C money");
        CHECK(n == 3 && lines[0].amount == 34000 && lines[1].amount == -16750 && lines[2].amount == -17250);
        CHECK(totals.house == 0);
        sss_settlement_free(s);
        sss_rules_free(r);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Bad input                                                                                  */
/* ------------------------------------------------------------------------------------------ */

static void test_errors(void) {
    SssRules *r = preset("classic"), *hk = preset("hk");
    SssSeat seats[5], seat;
    SssSettlement *sentinel = (SssSettlement *)&seat, *out = sentinel;
    uint8_t f[14], m[14], b[14];
    size_t nf, nm, nb;
    seats[0] = arr("Ac Ad Ah / Kc Kd Kh Ks 2c / 4s 5s 6s 7s 8s");
    seats[1] = arr("Qc Qd 2d / Jc Jd Jh 3c 3d / 9c 9d 9h 9s 5c");
    seats[2] = arr("Tc Td 4c / 6c 6d 6h 3h 3s / 7c 7d 7h Th Ts");
    seats[3] = arr("Qh Qs As / 5d 5h 4d 4h Js / 8c 8d 8h 2h 2s");
    seats[4] = arr("Qs Qh 4d / 7c 7d 8s 8h Kc / 2h 3h 9h Jh Ah");

    /* Player count: 1 and 5 seats (and 0). */
    expect_table(sss_settle(r, seats, 1, &out), 1, 4, "1 seat");
    expect_table(sss_settle(r, seats, 5, &out), 5, 4, "5 seats at one deck");
    expect_table(sss_settle(r, NULL, 0, &out), 0, 4, "no seats");
    CHECK(out == sentinel);

    /* A lane of the wrong size cannot become a seat. */
    memset(&seat, 0x77, sizeof seat);
    nf = codes_of("As Kd", f);
    nm = codes_of("Qh Jh Th 9h 8h", m);
    nb = codes_of("2c 3c 4c 5c 6c", b);
    expect(sss_seat_arranged(f, nf, m, nm, b, nb, &seat), SSS_ERR_WRONG_CARD_COUNT, "expected 3 cards, got 2",
           "2-card front");
    nf = codes_of("As Kd Qd", f);
    nm = codes_of("Qh Jh Th 9h 8h 7h", m);
    expect(sss_seat_arranged(f, nf, m, nm, b, nb, &seat), SSS_ERR_WRONG_CARD_COUNT, "expected 5 cards, got 6",
           "6-card middle");
    nb = codes_of("2c 3c 4c 5c", b);
    expect(sss_seat_arranged(f, nf, m, 5, b, nb, &seat), SSS_ERR_WRONG_CARD_COUNT, "got 4", "4-card back");
    expect(sss_seat_special(SSS_SPECIAL_DRAGON, m, 6, &seat), SSS_ERR_WRONG_CARD_COUNT, "expected 13", "6 cards");
    expect(sss_seat_special(16, m, 6, &seat), SSS_ERR_INVALID_ARGUMENT, "special 16", "special 16");
    CHECK(seat.kind == 0x77);

    /* A card used twice across the table: seat 1's last card is seat 0's first (Ac). */
    {
        SssSeat two[2];
        two[0] = seats[0];
        two[1] = seats[1];
        two[1].cards[12] = seats[0].cards[0];
        expect(sss_settle(r, two, 2, &out), SSS_ERR_DUPLICATE_CARD, "duplicate card Ac at position 25", "dup");
        /* The seats that hold it are named too. */
        expect(sss_settle(r, two, 2, &out), SSS_ERR_DUPLICATE_CARD, "seat 1 holds Ac, and so does seat 0", "dup by seat");
        two[1] = seats[1];
        two[1].cards[3] = 52;
        expect(sss_settle(r, two, 2, &out), SSS_ERR_BAD_CARD_CODE, "card code 52", "bad code");
        two[1] = seats[1];
        two[1].kind = 7;
        expect(sss_settle(r, two, 2, &out), SSS_ERR_INVALID_ARGUMENT, "seat 1: kind 7", "bad kind");
        /* A special the cards do not make, and one the rules do not enable. */
        two[1] = seats[1];
        two[1].kind = SSS_SEAT_SPECIAL;
        two[1].special = SSS_SPECIAL_DRAGON;
        expect(sss_settle(r, two, 2, &out), SSS_ERR_SPECIAL_NOT_ALLOWED, "do not make", "not a dragon");
        two[0] = seats[3];
        two[1] = sp(SSS_SPECIAL_ALL_BIG, "8s 9c 9d Ts Jd Qc Kh Ac Kd Qd Jc Th Ad");
        expect(sss_settle(hk, two, 2, &out), SSS_ERR_SPECIAL_NOT_ALLOWED, "not enabled", "all big under hk");
        CHECK(out == sentinel);
        out = NULL;
        expect(sss_settle(r, two, 2, &out), SSS_OK, NULL, "all big under classic");
        sss_settlement_free(out);
        out = sentinel;
    }
    expect(sss_settle(NULL, seats, 2, &out), SSS_ERR_NULL_POINTER, "rules", "NULL rules");
    expect(sss_settle(r, seats, 2, NULL), SSS_ERR_NULL_POINTER, "out", "NULL out");
    CHECK(out == sentinel);

    /* Accessors. */
    {
        SssSettlement *s = settle_ok(r, seats, 4, "D");
        SssSeatResult sr;
        SssPairResult pr;
        SssEvent ev;
        SssWater w[4];
        size_t n = 0;
        const int64_t d[4] = {204, -55, -76, -73};
        totals_are(s, d, 4, "D classic");
        expect(sss_settlement_seat(s, 4, &sr), SSS_ERR_INVALID_ARGUMENT, "seat 4 does not exist", "seat 4");
        expect(sss_settlement_pair(s, 6, &pr), SSS_ERR_INVALID_ARGUMENT, "pair 6", "pair 6");
        expect(sss_settlement_event(s, 5, &ev), SSS_ERR_INVALID_ARGUMENT, "event 5", "event 5");
        expect(sss_settlement_totals(s, w, 3, &n), SSS_ERR_BUFFER_TOO_SMALL, NULL, "totals into 3");
        CHECK(n == 4);
        expect(sss_settlement_matrix(s, NULL, 0, &n), SSS_ERR_BUFFER_TOO_SMALL, NULL, "matrix size");
        CHECK(n == 16);
        expect(sss_settlement_info(NULL, NULL), SSS_ERR_NULL_POINTER, NULL, "NULL info");
        sss_settlement_free(s);
    }
    sss_settlement_free(NULL);

    /* Money. */
    {
        const int64_t water[2] = {-SSS_WATER_DENOMINATOR, SSS_WATER_DENOMINATOR}, carries[2] = {5, -3};
        SssStakes st;
        SssMoneyLine lines[4];
        SssMoneyTotals totals;
        size_t n = 99;
        totals.house = 77;
        st.base = 1;
        st.rake_numerator = 0;
        st.rake_denominator = 1;
        expect(sss_money_settle(water, 2, &st, carries, 2, lines, 4, &n, &totals), SSS_ERR_INVALID_MONEY,
               "the carry of seat 1 is negative (-3)", "negative carry");
        expect(sss_money_settle(water, 2, &st, carries, 1, lines, 4, &n, &totals), SSS_ERR_INVALID_MONEY,
               "1 carries for 2 seats", "one carry");
        st.base = -1;
        expect(sss_money_settle(water, 2, &st, NULL, 0, lines, 4, &n, &totals), SSS_ERR_INVALID_MONEY,
               "the base stake is negative (-1)", "negative stake");
        st.base = 1;
        st.rake_numerator = 101;
        st.rake_denominator = 100;
        expect(sss_money_settle(water, 2, &st, NULL, 0, lines, 4, &n, &totals), SSS_ERR_INVALID_MONEY,
               "rake 101/100 is over 100%", "rake over 100%");
        /* The same check alone, for a wrapper that refuses a bad rake where it is made. */
        expect(sss_rake_check(101, 100), SSS_ERR_INVALID_MONEY, "rake 101/100 is over 100%", "rake_check over");
        expect(sss_rake_check(-1, 100), SSS_ERR_INVALID_MONEY, "rake -1/100 is negative", "rake_check negative");
        expect(sss_rake_check(5, 0), SSS_ERR_INVALID_MONEY, "denominator must be at least 1", "rake_check 5/0");
        CHECK(sss_rake_check(5, 100) == SSS_OK && sss_rake_check(0, 1) == SSS_OK && sss_rake_check(1, 1) == SSS_OK);
        st.rake_numerator = 0;
        st.rake_denominator = 0;
        expect(sss_money_settle(water, 2, &st, NULL, 0, lines, 4, &n, &totals), SSS_ERR_INVALID_MONEY,
               "denominator", "rake 0/0");
        st.rake_denominator = 1;
        expect(sss_money_settle(water, 1, &st, NULL, 0, lines, 4, &n, &totals), SSS_ERR_INVALID_TABLE,
               "2 to 8 players, got 1", "one seat");
        expect(sss_money_escape(4, 4, &st, NULL, 0, lines, 4, &n, &totals), SSS_ERR_INVALID_TABLE, "leaver",
               "leaver 4");
        CHECK(n == 99 && totals.house == 77);
        expect(sss_money_settle(water, 2, &st, NULL, 0, lines, 1, &n, &totals), SSS_ERR_BUFFER_TOO_SMALL, NULL,
               "one line");
        CHECK(n == 2 && totals.house == 77);
        expect(sss_money_settle(water, 2, NULL, NULL, 0, lines, 4, &n, &totals), SSS_ERR_NULL_POINTER, "stakes",
               "NULL stakes");
    }
    sss_rules_free(r);
    sss_rules_free(hk);
}

/* ------------------------------------------------------------------------------------------ */
/* Shared vectors (tests/vectors/settle.json)                                                 */
/* ------------------------------------------------------------------------------------------ */

static int64_t num(const json *obj, const char *key) {
    const json *v = json_get(obj, key);
    check(v != NULL && v->type == JSON_NUMBER, "vector member %s is a number", key);
    return v != NULL && v->type == JSON_NUMBER ? (int64_t)v->number : -999999;
}

static const char *str(const json *obj, const char *key) {
    const json *v = json_get(obj, key);
    check(v != NULL && v->type == JSON_STRING, "vector member %s is a string", key);
    return v != NULL && v->type == JSON_STRING ? v->string : "";
}

static int is_null(const json *v) { return v == NULL || v->type == JSON_NULL; }

static uint32_t special_number(const char *id) {
    uint8_t s = 0xEE;
    expect(sss_special_parse(u8s(id), strlen(id), &s), SSS_OK, NULL, id);
    return s;
}

static size_t codes_in(const json *arr, uint8_t *out, size_t cap) {
    size_t i;
    if (arr == NULL || arr->type != JSON_ARRAY || arr->count > cap) {
        check(0, "vector codes array");
        return 0;
    }
    for (i = 0; i < arr->count; i++) {
        out[i] = (uint8_t)arr->items[i]->number;
    }
    return arr->count;
}

/* Seats of a vector table, through the builders; returns the count. */
static size_t seats_in(const json *arr, SssSeat *seats, size_t cap) {
    size_t i;
    if (arr == NULL || arr->type != JSON_ARRAY || arr->count > cap) {
        check(0, "vector seats array");
        return 0;
    }
    for (i = 0; i < arr->count; i++) {
        const json *s = arr->items[i];
        uint8_t c[13];
        size_t n = codes_in(json_get(s, "cards"), c, 13);
        memset(&seats[i], 0, sizeof seats[i]);
        if (strcmp(str(s, "kind"), "special") == 0) {
            expect(sss_seat_special(special_number(str(s, "special")), c, n, &seats[i]), SSS_OK, NULL, "seat");
        } else {
            expect(sss_seat_arranged(c, 3, c + 3, 5, c + 8, n - 8, &seats[i]), SSS_OK, NULL, "seat");
        }
    }
    return arr->count;
}

static SssStatus kind_status(const char *kind) {
    if (strcmp(kind, "bad_card_code") == 0) return SSS_ERR_BAD_CARD_CODE;
    if (strcmp(kind, "duplicate_card") == 0) return SSS_ERR_DUPLICATE_CARD;
    if (strcmp(kind, "wrong_card_count") == 0) return SSS_ERR_WRONG_CARD_COUNT;
    if (strcmp(kind, "special_not_allowed") == 0) return SSS_ERR_SPECIAL_NOT_ALLOWED;
    if (strcmp(kind, "invalid_table") == 0) return SSS_ERR_INVALID_TABLE;
    if (strcmp(kind, "invalid_money") == 0) return SSS_ERR_INVALID_MONEY;
    check(0, "unknown error kind %s in the vectors", kind);
    return SSS_OK;
}

static uint8_t pair_kind(const char *kind) {
    if (strcmp(kind, "lanes") == 0) return SSS_PAIR_LANES;
    if (strcmp(kind, "one_fouled") == 0) return SSS_PAIR_ONE_FOULED;
    if (strcmp(kind, "both_fouled") == 0) return SSS_PAIR_BOTH_FOULED;
    if (strcmp(kind, "special_vs_normal") == 0) return SSS_PAIR_SPECIAL_VS_NORMAL;
    if (strcmp(kind, "special_vs_special") == 0) return SSS_PAIR_SPECIAL_VS_SPECIAL;
    check(0, "unknown pair kind %s", kind);
    return 99;
}

static uint8_t event_kind(const char *kind) {
    if (strcmp(kind, "foul") == 0) return SSS_EVENT_FOUL;
    if (strcmp(kind, "special") == 0) return SSS_EVENT_SPECIAL;
    if (strcmp(kind, "shot") == 0) return SSS_EVENT_SHOT;
    if (strcmp(kind, "home_run") == 0) return SSS_EVENT_HOME_RUN;
    if (strcmp(kind, "banker") == 0) return SSS_EVENT_BANKER;
    check(0, "unknown event kind %s", kind);
    return 99;
}

static uint8_t seat_or_none(const json *v) { return is_null(v) ? SSS_SEAT_NONE : (uint8_t)v->number; }

/* Stakes and carries of a vector; returns the carry count (0: no caps). */
/* Room for every seat a vector records: the money errors hold one seat more than SSS_MAX_SEATS,
 * and the counts passed to the library must never exceed the arrays. */
#define VECTOR_SEATS 16

static size_t stakes_in(const json *v, SssStakes *st, int64_t *carries) {
    const json *c = json_get(v, "carries"), *rake = json_get(v, "rake");
    size_t i, n = 0;
    st->base = num(v, "base");
    st->rake_numerator = rake != NULL && rake->count == 2 ? (int64_t)rake->items[0]->number : 0;
    st->rake_denominator = rake != NULL && rake->count == 2 ? (int64_t)rake->items[1]->number : 1;
    if (!is_null(c)) {
        for (i = 0; i < c->count && i < VECTOR_SEATS; i++) {
            carries[i] = (int64_t)c->items[i]->number;
        }
        n = c->count < VECTOR_SEATS ? c->count : VECTOR_SEATS;
    }
    return n;
}

static void check_money(const json *v, const SssMoneyLine *lines, size_t n, const SssMoneyTotals *t, const char *what) {
    const json *amounts = json_get(v, "amounts");
    size_t i;
    check(amounts != NULL && amounts->count == n, "%s: %zu money lines", what, n);
    for (i = 0; amounts != NULL && i < n && i < amounts->count; i++) {
        check(lines[i].amount == (int64_t)amounts->items[i]->number, "%s: seat %zu amount %lld, vector %.0f", what, i,
              (long long)lines[i].amount, amounts->items[i]->number);
    }
    check(t->rake == num(v, "rake") && t->rounding == num(v, "rounding") && t->house == num(v, "house"),
          "%s: rake %lld rounding %lld house %lld", what, (long long)t->rake, (long long)t->rounding,
          (long long)t->house);
    if (json_get(v, "unclaimed") != NULL) {
        check(t->unclaimed == num(v, "unclaimed"), "%s: unclaimed %lld", what, (long long)t->unclaimed);
    }
}

/* A table of settle.json, or of banker.json (with "banker", and "majority" per pair). */
static void check_table(const json *t, SssRules *r, const char *what) {
    SssSeat seats[4];
    size_t n = seats_in(json_get(t, "seats"), seats, 4), i, j, count = 0;
    const json *totals = json_get(t, "totals"), *units = json_get(t, "units"), *matrix = json_get(t, "matrix");
    const json *pairs = json_get(t, "pairs"), *events = json_get(t, "events"), *rlw = json_get(t, "ranked_lane_water");
    const json *banker = json_get(t, "banker");
    SssSettlement *s = NULL;
    SssSettlementInfo info;
    SssWater w[16];
    int64_t water[4];
    if (banker == NULL) {
        expect(sss_settle(r, seats, n, &s), SSS_OK, NULL, what);
    } else {
        expect(sss_settle_with_banker(r, seats, n, seat_or_none(banker), &s), SSS_OK, NULL, what);
    }
    if (s == NULL || totals == NULL || units == NULL || matrix == NULL || pairs == NULL || events == NULL) {
        check(0, "%s: malformed or unsettled", what);
        return;
    }
    info = info_of(s);
    check(info.banker_seat == (banker == NULL ? SSS_SEAT_NONE : seat_or_none(banker)), "%s: banker seat %u", what,
          info.banker_seat);
    expect(sss_settlement_totals(s, w, 16, &count), SSS_OK, NULL, what);
    check(count == n && totals->count == n, "%s: totals count", what);
    for (i = 0; i < n && i < count; i++) {
        char text[64];
        if (w[i].den == 1) {
            snprintf(text, sizeof text, "%lld", (long long)w[i].num);
        } else {
            snprintf(text, sizeof text, "%lld/%lld", (long long)w[i].num, (long long)w[i].den);
        }
        water[i] = w[i].units;
        check(w[i].units == (int64_t)units->items[i]->number && strcmp(text, totals->items[i]->string) == 0,
              "%s: seat %zu total %s (%lld units), vector %s", what, i, text, (long long)w[i].units,
              totals->items[i]->string);
    }
    expect(sss_settlement_matrix(s, w, 16, &count), SSS_OK, NULL, what);
    for (i = 0; i < n && count == n * n; i++) {
        for (j = 0; j < n; j++) {
            check(w[i * n + j].units == (int64_t)matrix->items[i]->items[j]->number, "%s: matrix %zu %zu", what,
                  i, j);
        }
    }
    /* Pairs, field by field. */
    check(info.pair_count == pairs->count, "%s: %u pairs", what, info.pair_count);
    for (i = 0; i < pairs->count && i < info.pair_count; i++) {
        const json *v = pairs->items[i], *seat = json_get(v, "seats"), *winners = json_get(v, "winners");
        const json *lw = json_get(v, "lane_water"), *shot = json_get(v, "shot"), *hr = json_get(v, "home_run");
        const json *special = json_get(v, "special"), *majority = json_get(v, "majority");
        SssPairResult p;
        int ok;
        expect(sss_settlement_pair(s, i, &p), SSS_OK, NULL, what);
        ok = p.seat_a == (uint8_t)seat->items[0]->number && p.seat_b == (uint8_t)seat->items[1]->number &&
             p.kind == pair_kind(str(v, "kind")) && p.lane_water == num(v, "net") && p.water.units == num(v, "units");
        if (is_null(winners)) {
            ok = ok && p.has_lanes == 0;
        } else {
            for (j = 0; j < 3; j++) {
                ok = ok && p.has_lanes == 1 && p.lanes[j].lane == j && p.lanes[j].winner == seat_or_none(winners->items[j]) &&
                     p.lanes[j].water == (uint32_t)lw->items[j]->number;
            }
        }
        if (is_null(shot)) {
            ok = ok && p.has_shot == 0 && p.shooter == SSS_SEAT_NONE;
        } else {
            ok = ok && p.has_shot == 1 && p.shooter == num(shot, "shooter") && p.victim == num(shot, "victim") &&
                 p.shot_lane_water == num(shot, "lane_water") && p.shot_value == num(shot, "value");
        }
        ok = ok && (is_null(hr) ? p.has_home_run == 0 : p.has_home_run == 1 && p.home_run_value == (int64_t)hr->number);
        ok = ok && p.majority_winner == (is_null(majority) ? SSS_SEAT_NONE : (uint8_t)num(majority, "winner"));
        if (is_null(special)) {
            ok = ok && p.has_special == 0;
        } else {
            const json *sw = json_get(special, "winner"), *sid = json_get(special, "special");
            ok = ok && p.has_special == 1 && p.special_winner == seat_or_none(sw) &&
                 p.special == (is_null(sid) ? SSS_SPECIAL_NONE : special_number(sid->string)) &&
                 p.special_water.units == num(special, "units");
        }
        check(ok, "%s: pair %zu (%u, %u) differs from the vector", what, i, p.seat_a, p.seat_b);
    }
    /* Events. */
    check(info.event_count == events->count, "%s: %u events", what, info.event_count);
    for (i = 0; i < events->count && i < info.event_count; i++) {
        const json *v = events->items[i];
        SssEvent e = event_of(s, i);
        const char *kind = str(v, "kind");
        int ok = e.kind == event_kind(kind) && e.seat == num(v, "seat");
        if (e.kind == SSS_EVENT_FOUL) ok = ok && e.foul_bits == num(v, "foul_bits");
        if (e.kind == SSS_EVENT_SPECIAL) ok = ok && e.special == special_number(str(v, "special"));
        if (e.kind == SSS_EVENT_SHOT) ok = ok && e.victim == num(v, "victim") && e.value == num(v, "value");
        if (e.kind == SSS_EVENT_HOME_RUN) ok = ok && e.value == num(v, "value") && info.home_run_seat == e.seat;
        if (e.kind == SSS_EVENT_BANKER) ok = ok && i == 0 && info.banker_seat == e.seat;
        check(ok, "%s: event %zu (%s)", what, i, kind);
    }
    if (is_null(rlw)) {
        check(info.has_ranked_lane_water == 0 && info.mode == SSS_SCORING_PAIRWISE, "%s: pairwise", what);
    } else {
        check(info.has_ranked_lane_water == 1 && info.mode == SSS_SCORING_RANKED &&
                  info.ranked_lane_water[0] == (uint32_t)rlw->items[0]->number &&
                  info.ranked_lane_water[1] == (uint32_t)rlw->items[1]->number &&
                  info.ranked_lane_water[2] == (uint32_t)rlw->items[2]->number,
              "%s: ranked lane water", what);
    }
    /* Money on the totals. */
    {
        SssStakes st;
        int64_t carries[VECTOR_SEATS];
        size_t nc = stakes_in(json_get(t, "stakes"), &st, carries), nl = 0;
        SssMoneyLine lines[4];
        SssMoneyTotals mt;
        expect(sss_money_settle(water, n, &st, carries, nc, lines, 4, &nl, &mt), SSS_OK, NULL, what);
        check_money(json_get(t, "money"), lines, nl, &mt, what);
    }
    sss_settlement_free(s);
}

static void test_vectors(const char *path) {
    size_t len = 0, i, j;
    char *text = read_file(path, &len);
    json *doc;
    const json *sets, *tables, *money, *escapes, *errors, *seat_errors, *money_errors;
    SssRules *rules[16];
    const char *names[16];
    size_t nrules = 0;
    int counts[6] = {0, 0, 0, 0, 0, 0};
    check(text != NULL, "read %s", path);
    if (text == NULL) {
        return;
    }
    doc = json_parse(text, len);
    check(doc != NULL && num(doc, "version") == 1, "settle vectors parse, version 1");
    sets = json_get(doc, "rule_sets");
    tables = json_get(doc, "tables");
    money = json_get(doc, "money");
    escapes = json_get(doc, "escapes");
    errors = json_get(doc, "errors");
    seat_errors = json_get(doc, "seat_errors");
    money_errors = json_get(doc, "money_errors");
    if (sets == NULL || tables == NULL || money == NULL || escapes == NULL || errors == NULL || seat_errors == NULL ||
        money_errors == NULL) {
        check(0, "settle vectors: a section is missing");
        json_free(doc);
        free(text);
        return;
    }
    for (i = 0; i < sets->count && nrules < 16; i++) {
        const json *rs = sets->items[i];
        const char *rj = str(rs, "json");
        rules[nrules] = NULL;
        names[nrules] = str(rs, "name");
        expect(sss_rules_from_json(u8s(rj), strlen(rj), &rules[nrules]), SSS_OK, NULL, names[nrules]);
        nrules++;
    }
#define RULES_NAMED(name, out)                                                                                         \
    do {                                                                                                              \
        (out) = NULL;                                                                                                 \
        for (j = 0; j < nrules; j++) {                                                                                \
            if (strcmp(names[j], (name)) == 0) (out) = rules[j];                                                      \
        }                                                                                                             \
        check((out) != NULL, "rule set %s", (name));                                                                  \
    } while (0)
    for (i = 0; i < tables->count; i++) {
        SssRules *r;
        char what[64];
        snprintf(what, sizeof what, "vector table %zu (%s)", i, str(tables->items[i], "rules"));
        RULES_NAMED(str(tables->items[i], "rules"), r);
        if (r != NULL) {
            check_table(tables->items[i], r, what);
        }
        counts[0]++;
    }
    for (i = 0; i < money->count; i++) {
        const json *v = money->items[i], *tw = json_get(v, "units");
        SssStakes st;
        int64_t carries[VECTOR_SEATS], water[VECTOR_SEATS];
        size_t nc = stakes_in(json_get(v, "stakes"), &st, carries), nl = 0;
        SssMoneyLine lines[4];
        SssMoneyTotals mt;
        for (j = 0; j < tw->count && j < VECTOR_SEATS; j++) {
            water[j] = (int64_t)tw->items[j]->number;
        }
        expect(sss_money_settle(water, tw->count, &st, carries, nc, lines, 4, &nl, &mt), SSS_OK, NULL, "vector money");
        check_money(v, lines, nl, &mt, "vector money");
        counts[1]++;
    }
    for (i = 0; i < escapes->count; i++) {
        const json *v = escapes->items[i];
        SssStakes st;
        int64_t carries[VECTOR_SEATS];
        size_t nc = stakes_in(json_get(v, "stakes"), &st, carries), nl = 0;
        SssMoneyLine lines[4];
        SssMoneyTotals mt;
        expect(sss_money_escape((size_t)num(v, "seats"), (size_t)num(v, "leaver"), &st, carries, nc, lines, 4, &nl, &mt),
               SSS_OK, NULL, "vector escape");
        check_money(v, lines, nl, &mt, "vector escape");
        counts[2]++;
    }
    for (i = 0; i < errors->count; i++) {
        const json *v = errors->items[i], *pos = json_get(v, "position"), *sj = json_get(v, "seats");
        SssRules *r;
        SssSeat seats[5];
        SssSettlement *s = NULL;
        size_t n = 0;
        char needle[64];
        RULES_NAMED(str(v, "rules"), r);
        /* Seats one by one (a 5-seat table does not fit a real table). */
        for (j = 0; sj != NULL && j < sj->count && j < 5; j++) {
            const json *one = sj->items[j];
            uint8_t c[13];
            size_t nc = codes_in(json_get(one, "cards"), c, 13);
            if (strcmp(str(one, "kind"), "special") == 0) {
                expect(sss_seat_special(special_number(str(one, "special")), c, nc, &seats[j]), SSS_OK, NULL, "seat");
            } else {
                expect(sss_seat_arranged(c, 3, c + 3, 5, c + 8, nc - 8, &seats[j]), SSS_OK, NULL, "seat");
            }
            n++;
        }
        snprintf(needle, sizeof needle, "position %d", pos != NULL ? (int)pos->number : 0);
        expect(sss_settle(r, seats, n, &s), kind_status(str(v, "kind")), pos != NULL ? needle : NULL, "vector error");
        check(s == NULL, "vector error %zu: nothing settled", i);
        counts[3]++;
    }
    for (i = 0; i < seat_errors->count; i++) {
        const json *v = seat_errors->items[i], *pos = json_get(v, "position");
        SssSeat seat;
        uint8_t a[16], b[16], c[16];
        char needle[64];
        SssStatus st;
        snprintf(needle, sizeof needle, "position %d", pos != NULL ? (int)pos->number : 0);
        if (json_get(v, "special") != NULL) {
            size_t n = codes_in(json_get(v, "cards"), a, 16);
            st = sss_seat_special(special_number(str(v, "special")), a, n, &seat);
        } else {
            size_t nf = codes_in(json_get(v, "front"), a, 16), nm = codes_in(json_get(v, "middle"), b, 16),
                   nb = codes_in(json_get(v, "back"), c, 16);
            st = sss_seat_arranged(a, nf, b, nm, c, nb, &seat);
        }
        if (kind_status(str(v, "kind")) == SSS_ERR_DUPLICATE_CARD) {
            /* The builders take no rule set and accept a second copy (two decks); settling the
             * seat under a one-deck rule set refuses it as the vector says. */
            SssSeat table[2];
            SssSettlement *s = NULL;
            expect(st, SSS_OK, NULL, "vector seat with a card twice builds");
            table[0] = seat;
            table[1] = seat;
            expect(sss_settle(rules[0], table, 2, &s), SSS_ERR_DUPLICATE_CARD, needle, "vector seat error settled");
            check(s == NULL, "vector seat error %zu: nothing settled", i);
        } else {
            expect(st, kind_status(str(v, "kind")), pos != NULL ? needle : NULL, "vector seat error");
        }
        counts[4]++;
    }
    for (i = 0; i < money_errors->count; i++) {
        const json *v = money_errors->items[i], *tw = json_get(v, "units");
        SssStakes st;
        int64_t carries[VECTOR_SEATS], water[VECTOR_SEATS];
        size_t nc = stakes_in(json_get(v, "stakes"), &st, carries), nl = 0;
        SssMoneyLine lines[VECTOR_SEATS];
        SssMoneyTotals mt;
        for (j = 0; j < tw->count && j < VECTOR_SEATS; j++) {
            water[j] = (int64_t)tw->items[j]->number;
        }
        expect(sss_money_settle(water, tw->count, &st, carries, nc, lines, VECTOR_SEATS, &nl, &mt), kind_status(str(v, "kind")),
               NULL, "vector money error");
        counts[5]++;
    }
#undef RULES_NAMED
    for (i = 0; i < nrules; i++) {
        sss_rules_free(rules[i]);
    }
    printf("settle vectors: %d tables, %d money, %d escapes, %d table errors, %d seat errors, %d money errors\n",
           counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]);
    CHECK(counts[0] >= 50 && counts[1] > 0 && counts[2] > 0 && counts[3] > 0 && counts[4] > 0 && counts[5] > 0);
    json_free(doc);
    free(text);
}

/* tests/vectors/banker.json: banker mode, 2-4 scoring and "players − 1" (the worked examples,
 * computed by hand in ffi/tests/settle_vectors.rs, come first). */
static void test_banker_vectors(const char *path) {
    size_t len = 0, i, j;
    char *text = read_file(path, &len);
    json *doc;
    const json *sets, *tables, *errors, *rules_errors;
    SssRules *rules[16];
    const char *names[16];
    size_t nrules = 0;
    int counts[3] = {0, 0, 0};
    check(text != NULL, "read %s", path);
    if (text == NULL) {
        return;
    }
    doc = json_parse(text, len);
    check(doc != NULL && num(doc, "version") == 1, "banker vectors parse, version 1");
    sets = json_get(doc, "rule_sets");
    tables = json_get(doc, "tables");
    errors = json_get(doc, "errors");
    rules_errors = json_get(doc, "rules_errors");
    if (sets == NULL || tables == NULL || errors == NULL || rules_errors == NULL) {
        check(0, "banker vectors: a section is missing");
        json_free(doc);
        free(text);
        return;
    }
    for (i = 0; i < sets->count && nrules < 16; i++) {
        const char *rj = str(sets->items[i], "json");
        rules[nrules] = NULL;
        names[nrules] = str(sets->items[i], "name");
        expect(sss_rules_from_json(u8s(rj), strlen(rj), &rules[nrules]), SSS_OK, NULL, names[nrules]);
        nrules++;
    }
    for (i = 0; i < tables->count + errors->count; i++) {
        const json *v = i < tables->count ? tables->items[i] : errors->items[i - tables->count];
        SssRules *r = NULL;
        char what[96];
        for (j = 0; j < nrules; j++) {
            if (strcmp(names[j], str(v, "rules")) == 0) r = rules[j];
        }
        check(r != NULL, "banker rule set %s", str(v, "rules"));
        if (r == NULL) continue;
        snprintf(what, sizeof what, "banker vector %zu (%s)", i, str(v, "rules"));
        if (i < tables->count) {
            check_table(v, r, what);
            counts[0]++;
        } else {
            SssSeat seats[4];
            size_t n = seats_in(json_get(v, "seats"), seats, 4);
            SssSettlement *s = NULL;
            expect(sss_settle_with_banker(r, seats, n, seat_or_none(json_get(v, "banker")), &s),
                   kind_status(str(v, "kind")), "banker", what);
            check(s == NULL, "%s: nothing settled", what);
            counts[1]++;
        }
    }
    for (i = 0; i < rules_errors->count; i++) {
        const json *v = rules_errors->items[i];
        const char *rj = str(v, "json");
        SssRules *r = NULL;
        char needle[64];
        snprintf(needle, sizeof needle, "at `%s`", str(v, "path"));
        expect(sss_rules_from_json(u8s(rj), strlen(rj), &r), SSS_ERR_INVALID_RULES, needle, "banker rules error");
        check(r == NULL, "rules error %zu: nothing made", i);
        counts[2]++;
    }
    for (i = 0; i < nrules; i++) {
        sss_rules_free(rules[i]);
    }
    printf("banker vectors: %d tables, %d table errors, %d rule-set errors\n", counts[0], counts[1], counts[2]);
    CHECK(counts[0] >= 30 && counts[1] >= 5 && counts[2] >= 5);
    json_free(doc);
    free(text);
}

/* Banker mode and the majority bonus through the setters and the banker entry points. */
static void test_banker(void) {
    SssRules *r = preset("classic"), *ranked = preset("ranked"), *cp = preset("chinese_poker");
    SssSeat c[3];
    SssSettlement *s = NULL;
    uint32_t t = 99, m = 99;
    c[0] = arr(C0);
    c[1] = arr(C1);
    c[2] = arr(C2);
    expect(sss_rules_get_table(r, &t), SSS_OK, NULL, "get table");
    CHECK(t == SSS_TABLE_ALL_PAIRS);
    /* A banker seat under all pairs, then banker mode without one: typed errors. */
    expect(sss_settle_with_banker(r, c, 3, 0, &s), SSS_ERR_INVALID_TABLE, "all_pairs", "banker under all pairs");
    expect(sss_rules_set_table(r, SSS_TABLE_BANKER), SSS_OK, NULL, "set banker");
    expect(sss_settle(r, c, 3, &s), SSS_ERR_INVALID_TABLE, "banker mode", "banker mode without a banker");
    expect(sss_settle_with_banker(r, c, 3, 3, &s), SSS_ERR_INVALID_TABLE, "banker seat 3", "banker out of range");
    CHECK(s == NULL);
    /* Banker 1: C0 shoots the banker (3 + 8 + 5 + 1 = 17); the banker beats C2 by 1. */
    s = NULL;
    expect(sss_settle_with_banker(r, c, 3, 1, &s), SSS_OK, NULL, "banker 1");
    {
        static const int64_t want[3] = {17, -16, -1};
        totals_are(s, want, 3, "banker 1");
        CHECK(info_of(s).banker_seat == 1 && info_of(s).pair_count == 2 && event_of(s, 0).kind == SSS_EVENT_BANKER);
    }
    /* Into the same settlement, banker 0: a home run, 68 from each. */
    expect(sss_settle_into_with_banker(r, c, 3, 0, s), SSS_OK, NULL, "banker 0 into");
    {
        static const int64_t want[3] = {136, -68, -68};
        totals_are(s, want, 3, "banker 0");
        CHECK(info_of(s).home_run_seat == 0);
    }
    sss_settlement_free(s);
    /* Pairwise-only options are refused on a ranked rule set; a negative bonus is out of range. */
    expect(sss_rules_set_table(ranked, SSS_TABLE_BANKER), SSS_ERR_INVALID_RULES, "at `table`", "ranked banker");
    expect(sss_rules_set_majority_bonus(ranked, 1), SSS_ERR_INVALID_RULES, "at `majority_bonus`", "ranked bonus");
    expect(sss_rules_set_majority_bonus(cp, (uint32_t)-1), SSS_ERR_INVALID_RULES, "majority_bonus", "negative bonus");
    expect(sss_rules_set_table(cp, 7), SSS_ERR_INVALID_ARGUMENT, "table 7", "table 7");
    expect(sss_rules_get_majority_bonus(cp, &m), SSS_OK, NULL, "get bonus");
    CHECK(m == 1);
    /* 2-4: C0 wins all three lanes against C1: 3 + 1. */
    s = settle_ok(cp, c, 2, "chinese_poker");
    {
        static const int64_t want[2] = {4, -4};
        totals_are(s, want, 2, "chinese_poker 3-0");
        CHECK(pair_of(s, 0, 1).majority_winner == 0 && pair_of(s, 0, 1).lane_water == 4);
    }
    sss_settlement_free(s);
    sss_rules_free(r);
    sss_rules_free(ranked);
    sss_rules_free(cp);
}

int main(int argc, char **argv) {
    const char *vectors = argc > 1 ? argv[1] : "tests/vectors/settle.json";
    const char *label = argc > 2 ? argv[2] : "C settle";
    test_plain_and_shot();
    test_home_run();
    test_ties();
    test_fouls();
    test_specials();
    test_ranked_fraction_and_json();
    test_settle_into();
    test_money();
    test_errors();
    test_banker();
    test_vectors(vectors);
    {
        /* banker.json sits beside settle.json. */
        char path[4096];
        size_t n = strlen(vectors);
        const char *slash = strrchr(vectors, '/');
        size_t dir = slash != NULL ? (size_t)(slash - vectors) + 1 : 0;
        if (n < sizeof path - 16) {
            memcpy(path, vectors, dir);
            strcpy(path + dir, "banker.json");
            test_banker_vectors(path);
        } else {
            check(0, "vector path too long");
        }
    }
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
