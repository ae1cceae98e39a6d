/*
 * C tests of dealing and auto-arrangement through the C ABI, against the committed
 * include/shisanshui.h. Built twice by run.sh (static and dynamic linking).
 * Usage: test_arrange <path to tests/vectors> [label]  (reads deal.json, arrange.json and levels.json there)
 *
 * Oracles: the shared vectors written by the Rust tests (core/tests/deal.rs and
 * ffi/tests/arrange_vectors.rs, which check the engine against brute force before writing), the
 * library's own foul check for every arrangement, and card bookkeeping done here.
 */
#include "shisanshui.h"

#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vectors.h"

static int same_codes(const uint8_t *a, const uint8_t *b, size_t n) { return memcmp(a, b, n) == 0; }

static void lane_codes(const SssArranged *a, uint8_t *out13) {
    memcpy(out13, a->front, 3);
    memcpy(out13 + 3, a->middle, 5);
    memcpy(out13 + 8, a->back, 5);
}

/* ------------------------------------------------------------------------------------------ */
/* Dealing                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* JSON numbers are doubles, which cannot hold every u64 seed (2^64 - 1): read each `"seed": N`
 * of the file's text as an integer, in file order, and check it against the parsed number. */
static size_t seeds_in(const char *text, uint64_t *out, size_t cap) {
    const char *p = text;
    size_t n = 0;
    while ((p = strstr(p, "\"seed\": ")) != NULL && n < cap) {
        p += strlen("\"seed\": ");
        errno = 0;
        out[n++] = (uint64_t)strtoull(p, NULL, 10);
        check(errno == 0, "seed %zu parses", n);
    }
    return n;
}

static void test_deal_vectors(const char *dir) {
    char *text = NULL;
    json *doc = load(dir, "deal.json", &text);
    const json *ks, *deals, *errs;
    uint64_t seeds[128];
    size_t nseeds, i, j;
    if (doc == NULL) {
        return;
    }
    ks = json_get(doc, "keystream");
    deals = json_get(doc, "deals");
    errs = json_get(doc, "errors");
    CHECK(ks != NULL && deals != NULL && errs != NULL && deals->count >= 24);
    if (ks == NULL || deals == NULL || errs == NULL) {
        json_free(doc);
        free(text);
        return;
    }
    /* The seeds appear first in "keystream", then in "deals". */
    nseeds = seeds_in(text, seeds, 128);
    CHECK(nseeds == ks->count + deals->count);
    for (i = 0; i < deals->count && ks->count + i < nseeds; i++) {
        const json *d = deals->items[i];
        uint64_t seed = seeds[ks->count + i];
        uint32_t players = (uint32_t)num(d, "players");
        const json *hands = json_get(d, "hands");
        const json *deck = json_get(d, "deck");
        uint8_t got[64], want[64];
        size_t n = 0;
        check((double)seed == num(d, "seed"), "deal %zu: seed %llu read from the text", i, (unsigned long long)seed);
        expect(sss_deal(players, seed, got, sizeof got, &n), SSS_OK, NULL, "deal");
        check(n == 13u * players && hands != NULL && hands->count == players, "deal %zu: %zu cards", i, n);
        for (j = 0; hands != NULL && j < hands->count && j < 4; j++) {
            size_t k = codes_of(hands->items[j], want, 13);
            check(k == 13 && same_codes(got + 13 * j, want, 13), "seed %llu, %u players: seat %zu",
                  (unsigned long long)seed, players, j);
        }
        if (deck != NULL) {
            size_t k = codes_of(deck, want, 52);
            expect(sss_shuffled_deck(seed, got, sizeof got, &n), SSS_OK, NULL, "deck");
            check(k == 52 && n == 52 && same_codes(got, want, 52), "seed %llu: deck", (unsigned long long)seed);
        }
    }
    for (i = 0; i < errs->count; i++) {
        uint8_t got[52];
        size_t n = 99;
        uint32_t players = (uint32_t)num(errs->items[i], "players");
        CHECK(strcmp(str(errs->items[i], "kind"), "invalid_table") == 0);
        expect(sss_deal(players, 1, got, sizeof got, &n), SSS_ERR_INVALID_TABLE, "players", "deal error");
        expect(sss_deal_unseeded(players, got, sizeof got, &n), SSS_ERR_INVALID_TABLE, "players", "unseeded error");
        CHECK(n == 99);
    }
    json_free(doc);
    free(text);
}

static void test_dealing(void) {
    uint8_t a[52], b[52], seen[52];
    size_t n = 0, i;
    int distinct = 1;
    /* An unseeded deal is a partition of one deck and not a replay. */
    expect(sss_deal_unseeded(4, a, sizeof a, &n), SSS_OK, NULL, "unseeded");
    CHECK(n == 52);
    memset(seen, 0, sizeof seen);
    for (i = 0; i < 52; i++) {
        distinct &= a[i] < 52 && !seen[a[i]];
        if (a[i] < 52) seen[a[i]] = 1;
    }
    CHECK(distinct);
    expect(sss_deal_unseeded(4, b, sizeof b, &n), SSS_OK, NULL, "unseeded again");
    CHECK(memcmp(a, b, 52) != 0);
    expect(sss_deal_unseeded(2, b, sizeof b, &n), SSS_OK, NULL, "unseeded 2");
    CHECK(n == 26);
    /* Same seed, same deal; buffers and NULLs. */
    expect(sss_deal(4, 77, a, sizeof a, &n), SSS_OK, NULL, "seeded");
    expect(sss_deal(4, 77, b, sizeof b, &n), SSS_OK, NULL, "seeded again");
    CHECK(memcmp(a, b, 52) == 0);
    expect(sss_deal(3, 77, b, 38, &n), SSS_ERR_BUFFER_TOO_SMALL, "needs 39", "small buffer");
    CHECK(n == 39);
    expect(sss_deal(3, 77, NULL, 0, &n), SSS_ERR_BUFFER_TOO_SMALL, NULL, "size query");
    CHECK(n == 39);
    expect(sss_deal(3, 77, b, sizeof b, NULL), SSS_ERR_NULL_POINTER, "out_count", "null count");
    expect(sss_deal(3, 77, NULL, 52, &n), SSS_ERR_NULL_POINTER, "out_codes", "null codes");
    expect(sss_deal(5, 77, b, sizeof b, &n), SSS_ERR_INVALID_TABLE, "got 5", "5 players");
    expect(sss_deal(1, 77, b, sizeof b, &n), SSS_ERR_INVALID_TABLE, "got 1", "1 player");
    expect(sss_deal_unseeded(0, b, sizeof b, &n), SSS_ERR_INVALID_TABLE, "got 0", "0 players");
    expect(sss_shuffled_deck(77, b, 51, &n), SSS_ERR_BUFFER_TOO_SMALL, NULL, "deck buffer");
    CHECK(n == 52);
    CHECK(SSS_HAND_SIZE == 13 && SSS_DECK_SIZE == 52 && SSS_DEAL_MIN_PLAYERS == 2 && SSS_DEAL_MAX_PLAYERS == 4);
}

/* ------------------------------------------------------------------------------------------ */
/* Arrangement                                                                                */
/* ------------------------------------------------------------------------------------------ */

/* One arranger per (preset, players), made on first use. */
typedef struct {
    char preset[16];
    uint32_t players;
    SssArranger *arranger;
    SssRules *rules;
} cached;

static cached g_cache[32];
static size_t g_cached;

static cached *arranger_for(const char *preset, uint32_t players) {
    size_t i;
    cached *c;
    for (i = 0; i < g_cached; i++) {
        if (g_cache[i].players == players && strcmp(g_cache[i].preset, preset) == 0) {
            return &g_cache[i];
        }
    }
    if (g_cached == sizeof g_cache / sizeof g_cache[0]) {
        return NULL;
    }
    c = &g_cache[g_cached];
    memset(c, 0, sizeof *c);
    snprintf(c->preset, sizeof c->preset, "%s", preset);
    c->players = players;
    expect(sss_arranger_new_preset(u8s(preset), strlen(preset), players, &c->arranger), SSS_OK, NULL, preset);
    if (c->arranger == NULL) {
        return NULL;
    }
    expect(sss_arranger_get_rules(c->arranger, &c->rules), SSS_OK, NULL, "arranger rules");
    g_cached++;
    return c;
}

static void free_cache(void) {
    size_t i;
    for (i = 0; i < g_cached; i++) {
        sss_arranger_free(g_cache[i].arranger);
        sss_rules_free(g_cache[i].rules);
    }
    g_cached = 0;
}

/* The arrangement holds exactly the hand's cards, is legal under the rules (the library's own
 * foul check) and reports the evaluator's categories. */
static void check_legal(const SssRules *rules, const uint8_t *hand, const SssArranged *a, const char *what) {
    uint8_t lanes[13];
    int count[52];
    size_t i;
    int ok = 1;
    SssArrangementEval e;
    memset(count, 0, sizeof count);
    lane_codes(a, lanes);
    for (i = 0; i < 13; i++) {
        if (hand[i] < 52) count[hand[i]]++;
        if (lanes[i] < 52) count[lanes[i]]--; else ok = 0;
    }
    for (i = 0; i < 52; i++) ok &= count[i] == 0;
    check(ok, "%s: the arrangement is the hand's 13 cards", what);
    memset(&e, 0, sizeof e);
    expect(sss_arrangement_check13(rules, lanes, 13, &e), SSS_OK, NULL, what);
    check(e.is_foul == 0, "%s: the arrangement fouls (bits %d)", what, e.foul_bits);
    check(e.front.category == a->categories[0] && e.middle.category == a->categories[1] &&
              e.back.category == a->categories[2],
          "%s: categories", what);
}

static int same_arranged(const SssArranged *a, const SssArranged *b) {
    return memcmp(a->front, b->front, 3) == 0 && memcmp(a->middle, b->middle, 5) == 0 &&
           memcmp(a->back, b->back, 5) == 0 && memcmp(a->categories, b->categories, 3) == 0 &&
           a->expected_water == b->expected_water;
}

/* The vector's lanes, categories and water (within 1e-9) in `rec` match `a`. */
static int matches(const json *rec, const SssArranged *a) {
    uint8_t f[3], m[5], b[5], c[3];
    return codes_of(json_get(rec, "front"), f, 3) == 3 && codes_of(json_get(rec, "middle"), m, 5) == 5 &&
           codes_of(json_get(rec, "back"), b, 5) == 5 && codes_of(json_get(rec, "categories"), c, 3) == 3 &&
           same_codes(f, a->front, 3) && same_codes(m, a->middle, 5) && same_codes(b, a->back, 5) &&
           same_codes(c, a->categories, 3) && fabs(num(rec, "expected_water") - a->expected_water) <= 1e-9;
}

static const char *const KINDS[] = {"best", "strongest_back", "strongest_middle", "alternative"};

/* The banker tables' records: the preset with SSS_TABLE_BANKER, an arranger for the seat's role
 * (sss_arranger_new_for), the recorded arrangement; the other role prices every hand differently
 * and arranges some of them differently, so a mixed-up role cannot pass. */
static void test_role_vectors(const json *roles) {
    size_t i, differ = 0;
    check(roles != NULL && roles->count >= 24, "arrange.json has banker-table records");
    for (i = 0; roles != NULL && i < roles->count; i++) {
        const json *r = roles->items[i];
        const char *preset = str(r, "preset"), *role = str(r, "role");
        uint32_t players = (uint32_t)num(r, "players");
        uint8_t hand[13];
        SssRules *rules = NULL;
        SssArranger *arranger = NULL;
        SssArranged a;
        char what[96];
        snprintf(what, sizeof what, "role %zu (%s banker table of %u, %s, seed %d)", i, preset, players, role,
                 (int)num(r, "seed"));
        uint32_t code = strcmp(role, "banker") == 0 ? SSS_ROLE_BANKER : SSS_ROLE_PLAYER;
        check(strcmp(str(r, "table"), "banker") == 0 && (code == SSS_ROLE_BANKER || strcmp(role, "player") == 0),
              "%s: table and role", what);
        if (codes_of(json_get(r, "codes"), hand, 13) != 13) {
            check(0, "%s: codes", what);
            continue;
        }
        expect(sss_rules_new_preset(u8s(preset), strlen(preset), &rules), SSS_OK, NULL, what);
        expect(sss_rules_set_table(rules, SSS_TABLE_BANKER), SSS_OK, NULL, what);
        expect(sss_arranger_new_for(rules, players, code, &arranger), SSS_OK, NULL, what);
        expect(sss_arrange(arranger, hand, 13, &a), SSS_OK, NULL, what);
        check(matches(r, &a), "%s: the arrangement of the vector", what);
        check_legal(rules, hand, &a, what);
        /* The other role at the same table: the same lanes or not, never the same value. */
        SssArranger *other = NULL;
        SssArranged b;
        expect(sss_arranger_new_for(rules, players, code == SSS_ROLE_BANKER ? SSS_ROLE_PLAYER : SSS_ROLE_BANKER, &other),
               SSS_OK, NULL, what);
        expect(sss_arrange(other, hand, 13, &b), SSS_OK, NULL, what);
        check(b.expected_water != a.expected_water, "%s: the other role prices it differently", what);
        differ += memcmp(a.back, b.back, 5) != 0 || memcmp(a.middle, b.middle, 5) != 0;
        sss_arranger_free(other);
        sss_arranger_free(arranger);
        sss_rules_free(rules);
    }
    check(differ >= 4, "the roles arrange %zu of the records differently", differ);
}

/* Card removal off (sss_arranger_with_card_removal): the recorded arrangement and price of the
 * arranger that plays the field as trained; the flag reads back; the arranger it was made from
 * keeps card removal on and plays the records marked `differs` otherwise. */
static void test_plain_vectors(const json *plain) {
    size_t i, differ = 0;
    check(plain != NULL && plain->count >= 12, "arrange.json has card-removal-off records");
    for (i = 0; plain != NULL && i < plain->count; i++) {
        const json *r = plain->items[i];
        const char *preset = str(r, "preset");
        uint32_t players = (uint32_t)num(r, "players");
        const json *d = json_get(r, "differs");
        uint8_t hand[13], flag = 9;
        cached *c = arranger_for(preset, players);
        SssArranger *off = NULL;
        SssArranged a, b;
        char what[96];
        snprintf(what, sizeof what, "plain %zu (%s %u, seed %d)", i, preset, players, (int)num(r, "seed"));
        if (c == NULL || codes_of(json_get(r, "codes"), hand, 13) != 13 || d == NULL) {
            check(0, "%s: arranger, codes and differs", what);
            continue;
        }
        expect(sss_arranger_with_card_removal(c->arranger, 0, &off), SSS_OK, NULL, what);
        expect(sss_arranger_get_card_removal(off, &flag), SSS_OK, NULL, what);
        check(flag == 0, "%s: the flag reads 0", what);
        expect(sss_arranger_get_card_removal(c->arranger, &flag), SSS_OK, NULL, what);
        check(flag == 1, "%s: the first arranger keeps card removal on", what);
        expect(sss_arrange(off, hand, 13, &a), SSS_OK, NULL, what);
        check(matches(r, &a), "%s: the arrangement of the vector", what);
        check_legal(c->rules, hand, &a, what);
        expect(sss_arrange(c->arranger, hand, 13, &b), SSS_OK, NULL, what);
        int apart = memcmp(a.front, b.front, 3) != 0 || memcmp(a.middle, b.middle, 5) != 0;
        check(d->type == JSON_BOOL && apart == d->boolean, "%s: card removal on plays %s", what, apart ? "apart" : "the same");
        differ += apart;
        sss_arranger_free(off);
    }
    check(differ >= 6, "card removal plays %zu records apart", differ);
    {
        SssArranger *none = NULL;
        cached *c = arranger_for("classic", 4);
        expect(sss_arranger_with_card_removal(c->arranger, 2, &none), SSS_ERR_INVALID_ARGUMENT, "`on`",
               "with_card_removal(2)");
        check(none == NULL, "no handle on an error");
        expect(sss_arranger_with_card_removal(NULL, 0, &none), SSS_ERR_NULL_POINTER, NULL, "NULL arranger");
        expect(sss_arranger_get_card_removal(c->arranger, NULL), SSS_ERR_NULL_POINTER, NULL, "NULL out_flag");
    }
}

static void test_arrange_vectors(const char *dir) {
    json *doc = load(dir, "arrange.json", NULL);
    const json *hands, *advice, *errs;
    size_t i, n_sugg;
    if (doc == NULL) {
        return;
    }
    hands = json_get(doc, "hands");
    advice = json_get(doc, "advice");
    errs = json_get(doc, "errors");
    n_sugg = (size_t)num(doc, "suggestions_n");
    CHECK(hands != NULL && advice != NULL && errs != NULL && hands->count >= 100 && n_sugg >= 1 && n_sugg <= 8);
    if (hands == NULL || advice == NULL || errs == NULL) {
        json_free(doc);
        return;
    }
    for (i = 0; i < hands->count; i++) {
        const json *h = hands->items[i];
        cached *c = arranger_for(str(h, "preset"), (uint32_t)num(h, "players"));
        const json *want = json_get(h, "suggestions");
        uint8_t hand[13], reversed[13];
        SssArranged a, again;
        SssSuggestion list[8];
        size_t n = 0, k;
        char what[96];
        snprintf(what, sizeof what, "hand %zu (%s, %d players, seed %d)", i, str(h, "preset"), (int)num(h, "players"),
                 (int)num(h, "seed"));
        if (c == NULL || codes_of(json_get(h, "codes"), hand, 13) != 13) {
            check(0, "%s: set-up", what);
            continue;
        }
        expect(sss_arrange(c->arranger, hand, 13, &a), SSS_OK, NULL, what);
        check(matches(h, &a), "%s: the arrangement of the vector", what);
        check_legal(c->rules, hand, &a, what);
        /* Same input, same output, whatever the order of the codes. */
        for (k = 0; k < 13; k++) reversed[k] = hand[12 - k];
        expect(sss_arrange(c->arranger, reversed, 13, &again), SSS_OK, NULL, what);
        check(same_arranged(&a, &again), "%s: the order of the codes does not matter", what);

        expect(sss_suggest(c->arranger, hand, 13, n_sugg, list, 8, &n), SSS_OK, NULL, what);
        check(want != NULL && n == want->count && n >= 1 && n <= n_sugg, "%s: %zu suggestions", what, n);
        check(n >= 1 && list[0].kind == SSS_SUGGESTION_BEST && same_arranged(&list[0].arranged, &a),
              "%s: the first suggestion is the arrangement", what);
        for (k = 0; want != NULL && k < n && k < want->count; k++) {
            size_t m;
            check(list[k].kind < 4 && strcmp(KINDS[list[k].kind < 4 ? list[k].kind : 0], str(want->items[k], "kind")) == 0,
                  "%s: suggestion %zu kind", what, k);
            check(matches(want->items[k], &list[k].arranged), "%s: suggestion %zu", what, k);
            check_legal(c->rules, hand, &list[k].arranged, what);
            for (m = 0; m < k; m++) {
                check(memcmp(list[m].arranged.categories, list[k].arranged.categories, 3) != 0,
                      "%s: suggestions %zu and %zu share categories", what, m, k);
            }
        }
    }

    for (i = 0; i < advice->count; i++) {
        const json *r = advice->items[i];
        cached *c = arranger_for(str(r, "preset"), (uint32_t)num(r, "players"));
        const json *sp = json_get(r, "special");
        uint8_t hand[13];
        SssSpecialAdvice out;
        memset(&out, 0xEE, sizeof out);
        if (c == NULL || codes_of(json_get(r, "codes"), hand, 13) != 13) {
            check(0, "advice %zu: set-up", i);
            continue;
        }
        expect(sss_special_advice(c->arranger, hand, 13, &out), SSS_OK, NULL, "advice");
        if (sp == NULL || sp->type == JSON_NULL) {
            check(out.has_special == 0 && out.special == SSS_SPECIAL_NONE && out.declare == 0 && out.declare_water == 0 &&
                      out.lane_water == 0 && out.best_lanes.front[0] == SSS_SPECIAL_NONE,
                  "advice %zu: no special", i);
        } else {
            uint8_t special = 0xEE;
            const json *decl = json_get(r, "declare");
            SssArranged best;
            expect(sss_special_parse(u8s(sp->string), sp->string_len, &special), SSS_OK, NULL, "special id");
            check(out.has_special == 1 && out.special == special, "advice %zu: special %s", i, sp->string);
            check(decl != NULL && decl->type == JSON_BOOL && out.declare == (uint8_t)decl->boolean, "advice %zu: declare", i);
            check(fabs(out.declare_water - num(r, "declare_water")) <= 1e-9, "advice %zu: declare water %f", i,
                  out.declare_water);
            check(fabs(out.lane_water - num(r, "lane_water")) <= 1e-9, "advice %zu: lane water %f", i, out.lane_water);
            check(out.advantage == out.declare_water - out.lane_water, "advice %zu: advantage", i);
            check(out.lane_water == out.best_lanes.expected_water, "advice %zu: lane water is the lanes'", i);
            expect(sss_arrange(c->arranger, hand, 13, &best), SSS_OK, NULL, "advice lanes");
            check(same_arranged(&best, &out.best_lanes), "advice %zu: the lanes are the best arrangement", i);
            check_legal(c->rules, hand, &out.best_lanes, "advice lanes");
            check(memcmp(out.reserved, "\0\0\0\0\0", 5) == 0, "advice %zu: reserved", i);
        }
        /* sss_arranger_play: the special declared where the advice says so, else the best lanes. */
        {
            SssSeat seat;
            SssArranged best;
            uint8_t lanes[13];
            memset(&seat, 0xEE, sizeof seat);
            expect(sss_arranger_play(c->arranger, hand, 13, &seat), SSS_OK, NULL, "play");
            expect(sss_arrange(c->arranger, hand, 13, &best), SSS_OK, NULL, "play lanes");
            lane_codes(&best, lanes);
            if (out.declare == 1) {
                check(seat.kind == SSS_SEAT_SPECIAL && seat.special == out.special, "play %zu: declared", i);
            } else {
                check(seat.kind == SSS_SEAT_ARRANGED && memcmp(seat.cards, lanes, 13) == 0, "play %zu: the best lanes", i);
            }
        }
    }

    for (i = 0; i < errs->count; i++) {
        const json *e = errs->items[i];
        const char *call = str(e, "call");
        const char *preset = str(e, "preset");
        const char *kind = str(e, "kind");
        uint32_t players = (uint32_t)num(e, "players");
        const json *pos = json_get(e, "position");
        SssArranger *made = NULL;
        SssStatus st;
        char name[64], what[96];
        size_t len = 0;
        snprintf(what, sizeof what, "error %zu (%s %s)", i, call, kind);
        if (strcmp(call, "arranger") == 0) {
            st = sss_arranger_new_preset(u8s(preset), strlen(preset), players, &made);
            check(made == NULL, "%s: nothing made", what);
            sss_arranger_free(made);
        } else {
            cached *c = arranger_for(preset, players);
            uint8_t codes[64];
            size_t n = codes_of(json_get(e, "codes"), codes, sizeof codes);
            if (c == NULL) {
                check(0, "%s: set-up", what);
                continue;
            }
            if (strcmp(call, "arrange") == 0) {
                SssArranged out;
                st = sss_arrange(c->arranger, n ? codes : NULL, n, &out);
            } else if (strcmp(call, "suggest") == 0) {
                SssSuggestion list[8];
                size_t count = 0;
                st = sss_suggest(c->arranger, n ? codes : NULL, n, (size_t)num(e, "n"), list, 8, &count);
            } else {
                SssSpecialAdvice out;
                st = sss_special_advice(c->arranger, n ? codes : NULL, n, &out);
            }
        }
        check(st != SSS_OK, "%s: fails", what);
        if (st != SSS_OK) {
            expect(sss_status_name((int32_t)st, (uint8_t *)name, sizeof name, &len), SSS_OK, NULL, "status name");
            check(strcmp(name, kind) == 0, "%s: status %s", what, name);
            if (pos != NULL) {
                char needle[32];
                snprintf(needle, sizeof needle, "position %d", (int)pos->number);
                check(strstr(last_error(), needle) != NULL, "%s: message %s names %s", what, last_error(), needle);
            }
        }
    }
    test_role_vectors(json_get(doc, "roles"));
    test_plain_vectors(json_get(doc, "plain"));
    json_free(doc);
}

/* Many seeded deals under every preset and table size: never a foul, suggestions distinct,
 * and an arranger made from a rule-set handle agrees with one made from the preset's name. */
static void test_many_deals(void) {
    static const char *const presets[] = {"classic", "regional", "kx", "hk", "ranked"};
    size_t p, seed, seat;
    int fouls = 0, checked = 0;
    for (p = 0; p < 5; p++) {
        uint32_t players;
        for (players = 2; players <= 4; players++) {
            cached *c = arranger_for(presets[p], players);
            SssRules *rules = NULL;
            SssArranger *from_rules = NULL;
            if (c == NULL) {
                check(0, "arranger %s %u", presets[p], players);
                continue;
            }
            expect(sss_rules_new_preset(u8s(presets[p]), strlen(presets[p]), &rules), SSS_OK, NULL, "rules");
            expect(sss_arranger_new(rules, players, &from_rules), SSS_OK, NULL, "arranger from rules");
            for (seed = 0; seed < 12; seed++) {
                uint8_t deal[52];
                size_t n = 0;
                expect(sss_deal(players, 1000 + seed, deal, sizeof deal, &n), SSS_OK, NULL, "deal");
                for (seat = 0; seat < players; seat++) {
                    SssArranged a, b;
                    SssArrangementEval e;
                    uint8_t lanes[13];
                    SssSuggestion list[4];
                    size_t k, count = 0;
                    char what[64];
                    snprintf(what, sizeof what, "%s %up seed %zu seat %zu", presets[p], players, 1000 + seed, seat);
                    expect(sss_arrange(c->arranger, deal + 13 * seat, 13, &a), SSS_OK, NULL, what);
                    lane_codes(&a, lanes);
                    memset(&e, 0, sizeof e);
                    expect(sss_arrangement_check13(rules, lanes, 13, &e), SSS_OK, NULL, what);
                    fouls += e.is_foul != 0;
                    checked++;
                    expect(sss_arrange(from_rules, deal + 13 * seat, 13, &b), SSS_OK, NULL, what);
                    check(same_arranged(&a, &b), "%s: same arranger, same answer", what);
                    expect(sss_suggest(c->arranger, deal + 13 * seat, 13, 4, list, 4, &count), SSS_OK, NULL, what);
                    check(count >= 1 && count <= 4 && same_arranged(&list[0].arranged, &a), "%s: suggestions", what);
                    for (k = 0; k < count; k++) {
                        size_t m;
                        check_legal(rules, deal + 13 * seat, &list[k].arranged, what);
                        for (m = 0; m < k; m++) {
                            check(memcmp(list[m].arranged.categories, list[k].arranged.categories, 3) != 0,
                                  "%s: distinct suggestions", what);
                        }
                    }
                }
            }
            sss_arranger_free(from_rules);
            sss_rules_free(rules);
        }
    }
    check(fouls == 0, "%d of %d arrangements foul", fouls, checked);
    CHECK(checked == 5 * 12 * (2 + 3 + 4));
}

static void test_arrange_errors(void) {
    static const char *const hand_text = "As Ad Kh Kc 9s 9d 7h 6c 5d 4s 3h 2c Jd";
    uint8_t hand[13], bad[14];
    size_t n = 0;
    SssRules *rules = NULL;
    SssArranger *a = NULL, *made = (SssArranger *)&n; /* a non-NULL sentinel: must not change */
    SssArranged out;
    SssSpecialAdvice adv;
    SssSuggestion list[3];
    uint32_t players = 0;
    double w = 0;
    expect(sss_cards_parse(u8s(hand_text), strlen(hand_text), hand, 13, &n), SSS_OK, NULL, "parse");
    expect(sss_rules_new_preset(u8s("classic"), 7, &rules), SSS_OK, NULL, "rules");
    expect(sss_arranger_new(rules, 4, &a), SSS_OK, NULL, "arranger");
    expect(sss_arranger_get_players(a, &players), SSS_OK, NULL, "players");
    CHECK(players == 4);

    /* Making arrangers. */
    expect_table(sss_arranger_new(rules, 5, &made), 5, 4, "5 players");
    expect_table(sss_arranger_new(rules, 1, &made), 1, 4, "1 player");
    expect(sss_arranger_new_preset(u8s("macau"), 5, 4, &made), SSS_ERR_UNKNOWN_PRESET, "\"macau\"", "preset");
    expect(sss_arranger_new_preset(u8s("\xff"), 1, 4, &made), SSS_ERR_INVALID_UTF8, NULL, "utf8");
    CHECK(made == (SssArranger *)&n);
    expect(sss_arranger_new(NULL, 4, &made), SSS_ERR_NULL_POINTER, "`rules`", "null rules");
    expect(sss_arranger_new(rules, 4, NULL), SSS_ERR_NULL_POINTER, "`out`", "null out");

    /* Bad hands: the count, duplicates, bad codes. */
    expect(sss_arrange(a, hand, 12, &out), SSS_ERR_WRONG_CARD_COUNT, "expected 13 cards, got 12", "12 cards");
    memcpy(bad, hand, 13);
    bad[13] = 0;
    expect(sss_arrange(a, bad, 14, &out), SSS_ERR_WRONG_CARD_COUNT, "got 14", "14 cards");
    expect(sss_arrange(a, NULL, 0, &out), SSS_ERR_WRONG_CARD_COUNT, "got 0", "no cards");
    bad[7] = bad[1];
    expect(sss_arrange(a, bad, 13, &out), SSS_ERR_DUPLICATE_CARD, "position 7", "duplicate");
    memcpy(bad, hand, 13);
    bad[3] = 52;
    expect(sss_arrange(a, bad, 13, &out), SSS_ERR_BAD_CARD_CODE, "card code 52", "bad code");
    expect(sss_special_advice(a, bad, 13, &adv), SSS_ERR_BAD_CARD_CODE, "card code 52", "advice bad code");
    expect(sss_arranger_expected_water(a, bad, 13, &w), SSS_ERR_BAD_CARD_CODE, NULL, "water bad code");

    /* Suggestions: n = 0, a small buffer. */
    n = 77;
    expect(sss_suggest(a, hand, 13, 0, list, 3, &n), SSS_ERR_INVALID_ARGUMENT, "0 suggestions", "n = 0");
    CHECK(n == 77);
    expect(sss_suggest(a, hand, 13, 3, list, 0, &n), SSS_ERR_BUFFER_TOO_SMALL, NULL, "size query");
    CHECK(n >= 1 && n <= 3);
    expect(sss_suggest(a, hand, 13, 3, NULL, 3, &n), SSS_ERR_NULL_POINTER, "out_suggestions", "null list");
    expect(sss_suggest(a, hand, 13, 3, list, 3, NULL), SSS_ERR_NULL_POINTER, "out_count", "null count");

    /* NULL handles and outputs. */
    expect(sss_arrange(NULL, hand, 13, &out), SSS_ERR_NULL_POINTER, "`arranger`", "null arranger");
    expect(sss_arrange(a, NULL, 13, &out), SSS_ERR_NULL_POINTER, "`codes`", "null codes");
    expect(sss_arrange(a, hand, 13, NULL), SSS_ERR_NULL_POINTER, "`out`", "null out");
    expect(sss_special_advice(a, hand, 13, NULL), SSS_ERR_NULL_POINTER, "`out`", "null advice");
    expect(sss_arranger_get_players(NULL, &players), SSS_ERR_NULL_POINTER, NULL, "null players");
    expect(sss_arranger_get_rules(a, NULL), SSS_ERR_NULL_POINTER, NULL, "null rules out");

    /* The arranger's price of its own answer is the answer's water. */
    expect(sss_arrange(a, hand, 13, &out), SSS_OK, NULL, "arrange");
    {
        uint8_t lanes[13];
        lane_codes(&out, lanes);
        expect(sss_arranger_expected_water(a, lanes, 13, &w), SSS_OK, NULL, "water");
        check(fabs(w - out.expected_water) < 1e-9, "water %f vs %f", w, out.expected_water);
    }
    sss_arranger_free(NULL);
    sss_arranger_free(a);
    sss_rules_free(rules);
}

/* The rule set of a preset with `table = banker`: its JSON with the table's value replaced. */
static SssRules *banker_rules(const char *preset) {
    SssRules *base = NULL, *out = NULL;
    static char json[65536], changed[65536];
    size_t len = 0;
    char *at;
    expect(sss_rules_new_preset(u8s(preset), strlen(preset), &base), SSS_OK, NULL, "preset rules");
    expect(sss_rules_to_json(base, (uint8_t *)json, sizeof json - 1, &len), SSS_OK, NULL, "rules json");
    json[len < sizeof json ? len : sizeof json - 1] = '\0';
    at = strstr(json, "\"all_pairs\"");
    check(at != NULL, "the rules JSON names its table");
    if (at != NULL) {
        snprintf(changed, sizeof changed, "%.*s\"banker\"%s", (int)(at - json), json, at + strlen("\"all_pairs\""));
        expect(sss_rules_from_json(u8s(changed), strlen(changed), &out), SSS_OK, NULL, "banker rules");
    }
    sss_rules_free(base);
    return out;
}

/* Banker tables (RULES.md §5a): a seat's role. sss_arranger_new refuses banker rules,
 * sss_arranger_new_for takes the role; the banker role needs a banker table; a table of two is
 * the heads-up game in either role; the banker's special is paid by every player, a player's
 * by the banker alone. */
static void test_banker_roles(void) {
    static const char *const dragon_text = "Ac 2d 3h 4s 5c 6d 7h 8s 9c Td Jh Qs Kc";
    SssRules *classic = NULL, *banker = banker_rules("classic");
    SssArranger *player = NULL, *bank = NULL, *heads_up = NULL, *made = (SssArranger *)&classic;
    SssArranger *two[2] = {NULL, NULL};
    uint8_t dragon[13];
    uint32_t role = 99;
    size_t n = 0, seed, seat, r;
    SssSpecialAdvice adv;
    expect(sss_rules_new_preset(u8s("classic"), 7, &classic), SSS_OK, NULL, "classic");
    if (banker == NULL) {
        check(0, "banker rules");
        return;
    }
    expect(sss_arranger_new(banker, 4, &made), SSS_ERR_INVALID_TABLE, "sss_arranger_new_for(rules, players, SSS_ROLE_BANKER",
           "new at a banker table: the error names this ABI's call");
    expect(sss_arranger_new_for(classic, 4, SSS_ROLE_BANKER, &made), SSS_ERR_INVALID_TABLE, "banker",
           "banker role at an all-pairs table");
    expect(sss_arranger_new_for(banker, 4, 7, &made), SSS_ERR_INVALID_ARGUMENT, "unknown seat role 7", "role 7");
    expect_table(sss_arranger_new_for(banker, 5, SSS_ROLE_PLAYER, &made), 5, 4, "5 seats");
    expect(sss_arranger_new_for(NULL, 4, SSS_ROLE_PLAYER, &made), SSS_ERR_NULL_POINTER, "`rules`", "null rules");
    expect(sss_arranger_new_for(banker, 4, SSS_ROLE_PLAYER, NULL), SSS_ERR_NULL_POINTER, "`out`", "null out");
    CHECK(made == (SssArranger *)&classic);

    expect(sss_arranger_new_for(banker, 4, SSS_ROLE_PLAYER, &player), SSS_OK, NULL, "player");
    expect(sss_arranger_new_for(banker, 4, SSS_ROLE_BANKER, &bank), SSS_OK, NULL, "banker");
    expect(sss_arranger_get_role(player, &role), SSS_OK, NULL, "player role");
    CHECK(role == SSS_ROLE_PLAYER);
    expect(sss_arranger_get_role(bank, &role), SSS_OK, NULL, "banker role");
    CHECK(role == SSS_ROLE_BANKER);
    expect(sss_arranger_get_role(NULL, &role), SSS_ERR_NULL_POINTER, NULL, "null arranger role");
    expect(sss_arranger_get_role(bank, NULL), SSS_ERR_NULL_POINTER, NULL, "null role out");

    /* Who pays a dragon (36): the banker alone for a player, all three players for the banker. */
    expect(sss_cards_parse(u8s(dragon_text), strlen(dragon_text), dragon, 13, &n), SSS_OK, NULL, "parse");
    expect(sss_special_advice(player, dragon, 13, &adv), SSS_OK, NULL, "player advice");
    check(adv.has_special == 1 && adv.declare_water == 36.0, "player's dragon: %f", adv.declare_water);
    expect(sss_special_advice(bank, dragon, 13, &adv), SSS_OK, NULL, "banker advice");
    check(adv.has_special == 1 && adv.declare_water == 108.0, "banker's dragon: %f", adv.declare_water);

    /* Legal in both roles; a table of two plays the heads-up game in either role. */
    expect(sss_arranger_new(classic, 2, &heads_up), SSS_OK, NULL, "heads-up");
    expect(sss_arranger_new_for(banker, 2, SSS_ROLE_PLAYER, &two[0]), SSS_OK, NULL, "two seats, player");
    expect(sss_arranger_new_for(banker, 2, SSS_ROLE_BANKER, &two[1]), SSS_OK, NULL, "two seats, banker");
    for (seed = 0; seed < 6; seed++) {
        uint8_t deal[52];
        expect(sss_deal(4, 500 + seed, deal, sizeof deal, &n), SSS_OK, NULL, "deal");
        for (seat = 0; seat < 4; seat++) {
            SssArranged a, b, h;
            char what[64];
            snprintf(what, sizeof what, "banker table seed %zu seat %zu", 500 + seed, seat);
            expect(sss_arrange(player, deal + 13 * seat, 13, &a), SSS_OK, NULL, what);
            check_legal(banker, deal + 13 * seat, &a, what);
            expect(sss_arrange(bank, deal + 13 * seat, 13, &b), SSS_OK, NULL, what);
            check_legal(banker, deal + 13 * seat, &b, what);
            expect(sss_arrange(heads_up, deal + 13 * seat, 13, &h), SSS_OK, NULL, what);
            for (r = 0; r < 2; r++) {
                SssArranged t;
                expect(sss_arrange(two[r], deal + 13 * seat, 13, &t), SSS_OK, NULL, what);
                check(same_arranged(&t, &h), "%s: two seats, role %zu, is heads-up", what, r);
            }
        }
    }
    sss_arranger_free(two[0]);
    sss_arranger_free(two[1]);
    sss_arranger_free(heads_up);
    sss_arranger_free(player);
    sss_arranger_free(bank);
    sss_rules_free(banker);
    sss_rules_free(classic);
}

/* 2-4 scoring (chinese_poker): an arranger by preset name at two and four seats, never a foul. */
static void test_chinese_poker(void) {
    SssRules *rules = NULL;
    uint32_t players;
    size_t seed, seat, n = 0;
    expect(sss_rules_new_preset(u8s("chinese_poker"), 13, &rules), SSS_OK, NULL, "chinese_poker rules");
    for (players = 2; players <= 4; players += 2) {
        SssArranger *a = NULL;
        expect(sss_arranger_new_preset(u8s("chinese_poker"), 13, players, &a), SSS_OK, NULL, "chinese_poker");
        for (seed = 0; seed < 4; seed++) {
            uint8_t deal[52];
            expect(sss_deal(4, 900 + seed, deal, sizeof deal, &n), SSS_OK, NULL, "deal");
            for (seat = 0; seat < 4; seat++) {
                SssArranged out;
                expect(sss_arrange(a, deal + 13 * seat, 13, &out), SSS_OK, NULL, "chinese_poker arrange");
                check_legal(rules, deal + 13 * seat, &out, "chinese_poker");
                /* Three lanes and the majority, each worth 1, against each opponent. */
                check(fabs(out.expected_water) <= 4.0 * (players - 1) + 1e-9,
                      "chinese_poker water %f within the lanes' and majority's range", out.expected_water);
            }
        }
        sss_arranger_free(a);
    }
    sss_rules_free(rules);
}

/* ------------------------------------------------------------------------------------------ */
/* Bot levels (levels.json)                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* Each record: the preset (table set), an arranger for the role at the level and seed made by
 * sss_arranger_with_level, the recorded arrangement, the same for the cards reversed; level
 * names and errors through sss_level_parse, sss_level_name and sss_arranger_with_level. */
static void test_level_vectors(const char *dir) {
    json *doc = load(dir, "levels.json", NULL);
    const json *hands, *names, *errs;
    size_t i, apart = 0;
    if (doc == NULL) {
        return;
    }
    hands = json_get(doc, "hands");
    names = json_get(doc, "names");
    errs = json_get(doc, "errors");
    check(hands != NULL && hands->count >= 100, "levels.json has hands");
    for (i = 0; hands != NULL && i < hands->count; i++) {
        const json *r = hands->items[i];
        const char *preset = str(r, "preset"), *table = str(r, "table"), *role = str(r, "role");
        const char *lname = str(r, "level");
        uint32_t players = (uint32_t)num(r, "players"), level = 99, got_level = 99;
        uint64_t seed = (uint64_t)num(r, "seed"), got_seed = 1;
        uint8_t hand[13], reversed[13];
        SssRules *rules = NULL;
        SssArranger *base = NULL, *arranger = NULL;
        SssArranged a, b, best;
        size_t k;
        char what[128];
        snprintf(what, sizeof what, "level record %zu (%s %s %s %u, %s, seed %llu)", i, preset, table, role, players,
                 lname, (unsigned long long)seed);
        if (codes_of(json_get(r, "codes"), hand, 13) != 13) {
            check(0, "%s: codes", what);
            continue;
        }
        for (k = 0; k < 13; k++) reversed[k] = hand[12 - k];
        expect(sss_level_parse(u8s(lname), strlen(lname), &level), SSS_OK, NULL, what);
        expect(sss_rules_new_preset(u8s(preset), strlen(preset), &rules), SSS_OK, NULL, what);
        expect(sss_rules_set_table(rules, strcmp(table, "banker") == 0 ? SSS_TABLE_BANKER : SSS_TABLE_ALL_PAIRS), SSS_OK,
               NULL, what);
        expect(sss_arranger_new_for(rules, players, strcmp(role, "banker") == 0 ? SSS_ROLE_BANKER : SSS_ROLE_PLAYER,
                                    &base),
               SSS_OK, NULL, what);
        expect(sss_arranger_with_level(base, level, seed, &arranger), SSS_OK, NULL, what);
        expect(sss_arranger_get_level(arranger, &got_level, &got_seed), SSS_OK, NULL, what);
        check(got_level == level && got_seed == seed, "%s: level and seed read back", what);
        expect(sss_arrange(arranger, hand, 13, &a), SSS_OK, NULL, what);
        check(matches(r, &a), "%s: the arrangement of the vector", what);
        check_legal(rules, hand, &a, what);
        {
            /* The same arranger from one options struct (sss_arranger_new_with), and its options back. */
            SssArrangerOptions o, back;
            SssArranger *made = NULL;
            SssArranged c;
            expect(sss_arranger_options_init(&o, sizeof o, players), SSS_OK, NULL, what);
            o.role = strcmp(role, "banker") == 0 ? SSS_ROLE_BANKER : SSS_ROLE_PLAYER;
            o.level = level;
            o.seed = seed;
            expect(sss_arranger_new_with(rules, &o, &made), SSS_OK, NULL, what);
            expect(sss_arrange(made, hand, 13, &c), SSS_OK, NULL, what);
            check(matches(r, &c), "%s: the arranger made from options plays the vector", what);
            memset(&back, 0xAB, sizeof back);
            back.size = sizeof back;
            expect(sss_arranger_get_options(made, &back), SSS_OK, NULL, what);
            check(memcmp(&back, &o, sizeof o) == 0, "%s: the options read back", what);
            sss_arranger_free(made);
        }
        expect(sss_arrange(arranger, reversed, 13, &b), SSS_OK, NULL, what);
        check(same_arranged(&a, &b), "%s: the order of the cards does not matter", what);
        expect(sss_arrange(base, hand, 13, &best), SSS_OK, NULL, what);
        if (level == SSS_LEVEL_BEST) {
            check(same_arranged(&a, &best), "%s: best is the plain arranger", what);
        } else {
            check(a.expected_water <= best.expected_water, "%s: no better than the best", what);
            apart += !same_arranged(&a, &best);
        }
        sss_arranger_free(arranger);
        sss_arranger_free(base);
        sss_rules_free(rules);
    }
    check(apart > 0, "some lower-level record plays apart from the best");
    for (i = 0; names != NULL && i < names->count; i++) {
        const json *r = names->items[i];
        const char *text = str(r, "text");
        uint32_t want = (uint32_t)num(r, "level"), level = 99;
        char name[16];
        size_t len = 0;
        expect(sss_level_parse(u8s(text), strlen(text), &level), SSS_OK, NULL, "sss_level_parse");
        check(level == want, "level name \"%s\" parses to %u, not %u", text, level, want);
        expect(sss_level_name(want, (uint8_t *)name, sizeof name - 1, &len), SSS_OK, NULL, "sss_level_name");
        name[len < sizeof name ? len : sizeof name - 1] = 0;
        if (i < 4) check(strcmp(name, text) == 0, "level %u is named \"%s\", not \"%s\"", want, name, text);
    }
    check(names != NULL && names->count >= 4, "levels.json has names");
    for (i = 0; errs != NULL && i < errs->count; i++) {
        const json *e = errs->items[i];
        const json *text = json_get(e, "text");
        check(strcmp(str(e, "kind"), "invalid_argument") == 0, "level error %zu is invalid_argument", i);
        if (text != NULL) {
            uint32_t level = 99;
            const char *t = str(e, "text");
            expect(sss_level_parse(u8s(t), strlen(t), &level), SSS_ERR_INVALID_ARGUMENT, "beginner, casual, strong or best",
                   "sss_level_parse of a bad name");
            check(level == 99, "nothing written on a bad level name");
        } else {
            uint32_t level = (uint32_t)num(e, "level");
            SssArranger *base = NULL, *out = NULL;
            uint8_t name[16];
            size_t len = 0;
            expect(sss_arranger_new_preset(u8s("classic"), 7, 2, &base), SSS_OK, NULL, "classic arranger");
            expect(sss_arranger_with_level(base, level, 1, &out), SSS_ERR_INVALID_ARGUMENT, "SSS_LEVEL_BEST = 3",
                   "sss_arranger_with_level of a bad level");
            check(out == NULL, "nothing written on a bad level");
            expect(sss_level_name(level, name, sizeof name, &len), SSS_ERR_INVALID_ARGUMENT, NULL, "sss_level_name");
            sss_arranger_free(base);
        }
    }
    check(errs != NULL && errs->count >= 2, "levels.json has errors");
    {
        /* NULL pointers are status codes, never crashes. */
        SssArranger *base = NULL, *out = NULL;
        uint32_t level = 0;
        uint64_t seed = 0;
        expect(sss_arranger_with_level(NULL, SSS_LEVEL_CASUAL, 1, &out), SSS_ERR_NULL_POINTER, NULL, "NULL arranger");
        expect(sss_arranger_new_preset(u8s("classic"), 7, 2, &base), SSS_OK, NULL, "classic arranger");
        expect(sss_arranger_with_level(base, SSS_LEVEL_CASUAL, 1, NULL), SSS_ERR_NULL_POINTER, NULL, "NULL out");
        expect(sss_arranger_get_level(base, NULL, &seed), SSS_ERR_NULL_POINTER, NULL, "NULL out_level");
        expect(sss_arranger_get_level(base, &level, &seed), SSS_OK, NULL, "sss_arranger_get_level");
        check(level == SSS_LEVEL_BEST && seed == 0, "a plain arranger plays its best");
        sss_arranger_free(base);
    }
    json_free(doc);
}

/* SssArrangerOptions' size protocol: the defaults, a bigger caller struct whose unknown tail is 0,
 * and the refusals (a size too small or absurd, a set reserved byte, an option past what this
 * library knows, bad values). Nothing is written on failure. */
static void test_arranger_options(void) {
    struct {
        SssArrangerOptions o;
        uint8_t newer[8]; /* a newer header's options */
    } big;
    SssArrangerOptions o, got;
    SssRules *rules = NULL;
    SssArranger *a = NULL, *none = NULL;
    uint8_t card_removal = 9;
    uint32_t players = 0, role = 9, level = 9;
    uint64_t seed = 9;
    size_t i;
    expect(sss_rules_new_preset(u8s("classic"), 7, &rules), SSS_OK, NULL, "classic");
    memset(&o, 0xCD, sizeof o);
    expect(sss_arranger_options_init(&o, sizeof o, 3), SSS_OK, NULL, "sss_arranger_options_init");
    check(o.size == sizeof o && o.players == 3 && o.role == SSS_ROLE_PLAYER && o.level == SSS_LEVEL_BEST &&
              o.seed == 0 && o.card_removal == 1,
          "the default options");
    for (i = 0; i < sizeof o.reserved; i++) check(o.reserved[i] == 0, "reserved byte %zu is 0", i);
    expect(sss_arranger_new_with(rules, &o, &a), SSS_OK, NULL, "sss_arranger_new_with");
    expect(sss_arranger_get_players(a, &players), SSS_OK, NULL, "players");
    expect(sss_arranger_get_role(a, &role), SSS_OK, NULL, "role");
    expect(sss_arranger_get_level(a, &level, &seed), SSS_OK, NULL, "level");
    expect(sss_arranger_get_card_removal(a, &card_removal), SSS_OK, NULL, "card removal");
    check(players == 3 && role == SSS_ROLE_PLAYER && level == SSS_LEVEL_BEST && seed == 0 && card_removal == 1,
          "the arranger of the default options");
    sss_arranger_free(a);
    a = NULL;
    o.level = SSS_LEVEL_CASUAL;
    o.seed = 11;
    o.card_removal = 0;
    expect(sss_arranger_new_with(rules, &o, &a), SSS_OK, NULL, "casual, seed 11, card removal off");
    memset(&got, 0, sizeof got);
    got.size = sizeof got;
    expect(sss_arranger_get_options(a, &got), SSS_OK, NULL, "sss_arranger_get_options");
    check(memcmp(&got, &o, sizeof o) == 0, "the options read back");

    /* A caller with a newer, bigger struct: its tail set to 0 by init, accepted while 0. */
    memset(&big, 0xEE, sizeof big);
    expect(sss_arranger_options_init(&big.o, sizeof big, 4), SSS_OK, NULL, "init of a bigger struct");
    check(big.o.size == sizeof big, "the bigger struct's size");
    for (i = 0; i < sizeof big.newer; i++) check(big.newer[i] == 0, "newer option byte %zu is 0", i);
    expect(sss_arranger_new_with(rules, &big.o, &none), SSS_OK, NULL, "a bigger struct with its tail 0");
    sss_arranger_free(none);
    none = NULL;
    memset(big.newer, 0xEE, sizeof big.newer);
    expect(sss_arranger_get_options(a, &big.o), SSS_OK, NULL, "get_options into a bigger struct");
    for (i = 0; i < sizeof big.newer; i++) check(big.newer[i] == 0, "get_options zeroes newer byte %zu", i);
    big.newer[3] = 1;
    expect(sss_arranger_new_with(rules, &big.o, &none), SSS_ERR_INVALID_ARGUMENT, "byte 35", "an option unknown here");
    check(none == NULL, "nothing made for an unknown option");

    /* Refusals. */
    expect(sss_arranger_options_init(&o, sizeof o - 1, 4), SSS_ERR_INVALID_ARGUMENT, "sizeof(SssArrangerOptions)",
           "init with a short size");
    expect(sss_arranger_options_init(NULL, sizeof o, 4), SSS_ERR_NULL_POINTER, NULL, "init of NULL");
    expect(sss_arranger_options_init(&o, sizeof o, 4), SSS_OK, NULL, "init");
    o.size = 8;
    expect(sss_arranger_new_with(rules, &o, &none), SSS_ERR_INVALID_ARGUMENT, "options.size", "a short size");
    o.size = 1u << 20;
    expect(sss_arranger_new_with(rules, &o, &none), SSS_ERR_INVALID_ARGUMENT, "options.size", "an absurd size");
    o.size = sizeof o;
    o.reserved[6] = 1;
    expect(sss_arranger_new_with(rules, &o, &none), SSS_ERR_INVALID_ARGUMENT, "reserved", "a reserved byte set");
    o.reserved[6] = 0;
    o.level = 4;
    expect(sss_arranger_new_with(rules, &o, &none), SSS_ERR_INVALID_ARGUMENT, "SSS_LEVEL_BEST = 3", "level 4");
    o.level = SSS_LEVEL_BEST;
    o.role = 2;
    expect(sss_arranger_new_with(rules, &o, &none), SSS_ERR_INVALID_ARGUMENT, "SSS_ROLE_BANKER = 1", "role 2");
    o.role = SSS_ROLE_BANKER;
    expect(sss_arranger_new_with(rules, &o, &none), SSS_ERR_INVALID_TABLE, "banker", "the banker at all pairs");
    o.role = SSS_ROLE_PLAYER;
    o.card_removal = 2;
    expect(sss_arranger_new_with(rules, &o, &none), SSS_ERR_INVALID_ARGUMENT, "card_removal", "card removal 2");
    o.card_removal = 1;
    o.players = 5;
    expect(sss_arranger_new_with(rules, &o, &none), SSS_ERR_INVALID_TABLE, NULL, "five seats at one deck");
    o.players = 4;
    expect(sss_arranger_new_with(NULL, &o, &none), SSS_ERR_NULL_POINTER, NULL, "NULL rules");
    expect(sss_arranger_new_with(rules, NULL, &none), SSS_ERR_NULL_POINTER, NULL, "NULL options");
    expect(sss_arranger_new_with(rules, &o, NULL), SSS_ERR_NULL_POINTER, NULL, "NULL out");
    check(none == NULL, "nothing made on a refusal");
    got.size = 4;
    expect(sss_arranger_get_options(a, &got), SSS_ERR_INVALID_ARGUMENT, "out.size", "get_options with a short size");
    expect(sss_arranger_get_options(a, NULL), SSS_ERR_NULL_POINTER, NULL, "get_options into NULL");
    sss_arranger_free(a);
    sss_rules_free(rules);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "tests/vectors";
    const char *label = argc > 2 ? argv[2] : "C arrange";
    test_deal_vectors(dir);
    test_dealing();
    test_arrange_vectors(dir);
    test_level_vectors(dir);
    test_arranger_options();
    test_many_deals();
    test_arrange_errors();
    test_banker_roles();
    test_chinese_poker();
    free_cache();
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
