/*
 * Wild jokers (RULES.md §12) through the C ABI: the three rule-set options and their bad values,
 * joker codes and text accepted only where the rule set deals jokers, lanes and arrangements as
 * played, and the shared vectors tests/vectors/jokers.json (rule sets from their JSON, card text,
 * seeded deals, lanes, arrangements, specials, rounds, errors).
 *
 * Usage: test_jokers <tests/vectors> [label]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "vectors.h"

#define MAX_RULE_SETS 16

static const char *g_names[MAX_RULE_SETS];
static SssRules *g_rules[MAX_RULE_SETS];
static size_t g_count;

static SssRules *rules_named(const char *name) {
    size_t i;
    for (i = 0; i < g_count; i++) {
        if (strcmp(g_names[i], name) == 0) return g_rules[i];
    }
    check(0, "rule set %s is in the vectors", name);
    return NULL;
}

static SssRules *classic(void) {
    SssRules *r = NULL;
    expect(sss_rules_new_preset(u8s("classic"), 7, &r), SSS_OK, NULL, "classic preset");
    return r;
}

/* Field by field: the struct has padding that memcmp would read. */
static int same_rank(const SssHandRank *a, const SssHandRank *b) {
    return a->value == b->value && a->category == b->category && a->top_rank == b->top_rank &&
           a->tiebreak_suit == b->tiebreak_suit && a->card_count == b->card_count;
}

static int same_eval(const SssArrangementEval *a, const SssArrangementEval *b) {
    return same_rank(&a->front, &b->front) && same_rank(&a->middle, &b->middle) && same_rank(&a->back, &b->back) &&
           a->foul_bits == b->foul_bits && a->is_foul == b->is_foul;
}

/* ------------------------------------------------------------------------------------------ */
/* Rule-set options                                                                           */
/* ------------------------------------------------------------------------------------------ */

static void test_options(void) {
    SssRules *r = classic();
    uint8_t jokers = 99, flag = 99;
    uint32_t lanes = 99;
    char json[4096];
    size_t len = 0;

    CHECK(SSS_ERR_JOKER_NOT_IN_DECK == 16 && SSS_MAX_JOKERS == 6);
    CHECK(SSS_MAX_DECK_SIZE == 104 && SSS_MAX_DECK_SIZE_WITH_JOKERS == 110);
    CHECK(SSS_JOKER_LANES_EACH_BEST == 0 && SSS_JOKER_LANES_AVOID_FOUL == 1);
    expect(sss_status_name(SSS_ERR_JOKER_NOT_IN_DECK, (uint8_t *)json, sizeof json, &len), SSS_OK, NULL, "name");
    CHECK(strcmp(json, "joker_not_in_deck") == 0);

    /* Defaults. */
    expect(sss_rules_get_jokers(r, &jokers), SSS_OK, NULL, "get jokers");
    expect(sss_rules_get_joker_lanes(r, &lanes), SSS_OK, NULL, "get joker_lanes");
    expect(sss_rules_get_jokers_in_specials(r, &flag), SSS_OK, NULL, "get jokers_in_specials");
    CHECK(jokers == 0 && lanes == SSS_JOKER_LANES_EACH_BEST && flag == 0);

    /* Set and read back; the JSON carries them. */
    expect(sss_rules_set_jokers(r, 2), SSS_OK, NULL, "jokers 2");
    expect(sss_rules_set_joker_lanes(r, SSS_JOKER_LANES_AVOID_FOUL), SSS_OK, NULL, "avoid foul");
    expect(sss_rules_get_jokers(r, &jokers), SSS_OK, NULL, "get jokers");
    expect(sss_rules_get_joker_lanes(r, &lanes), SSS_OK, NULL, "get joker_lanes");
    CHECK(jokers == 2 && lanes == SSS_JOKER_LANES_AVOID_FOUL);
    expect(sss_rules_to_json(r, (uint8_t *)json, sizeof json, &len), SSS_OK, NULL, "to json");
    CHECK(strstr(json, "\"jokers\": 2") != NULL && strstr(json, "\"avoid_foul\"") != NULL);
    expect(sss_rules_get_max_players(r, &lanes), SSS_OK, NULL, "max players");
    CHECK(lanes == 4); /* jokers add no seat */
    {
        uint8_t deck[SSS_MAX_DECK_SIZE_WITH_JOKERS];
        size_t n = 0;
        expect(sss_deck(r, deck, sizeof deck, &n), SSS_OK, NULL, "deck with jokers");
        CHECK(n == 54 && deck[52] == 52 && deck[53] == 53);
    }

    /* Bad values: refused, the rule set unchanged. */
    expect(sss_rules_set_jokers(r, 7), SSS_ERR_INVALID_RULES, "jokers", "jokers 7");
    CHECK(strstr(last_error(), "7") != NULL);
    expect(sss_rules_set_jokers(r, 255), SSS_ERR_INVALID_RULES, "jokers", "jokers 255");
    expect(sss_rules_set_joker_lanes(r, 5), SSS_ERR_INVALID_ARGUMENT, "joker_lanes 5", "joker_lanes 5");
    expect(sss_rules_set_joker_lanes(r, 2), SSS_ERR_INVALID_ARGUMENT, "joker_lanes 2", "joker_lanes 2");
    expect(sss_rules_set_jokers_in_specials(r, 2), SSS_ERR_INVALID_ARGUMENT, "flag", "jokers_in_specials 2");
    expect(sss_rules_get_jokers(r, &jokers), SSS_OK, NULL, "get jokers");
    expect(sss_rules_get_joker_lanes(r, &lanes), SSS_OK, NULL, "get joker_lanes");
    expect(sss_rules_get_jokers_in_specials(r, &flag), SSS_OK, NULL, "get jokers_in_specials");
    CHECK(jokers == 2 && lanes == SSS_JOKER_LANES_AVOID_FOUL && flag == 0);

    /* Six jokers is the most. */
    expect(sss_rules_set_jokers(r, 6), SSS_OK, NULL, "jokers 6");
    {
        uint8_t deck[SSS_MAX_DECK_SIZE_WITH_JOKERS];
        size_t n = 0;
        expect(sss_shuffled_deck_for(r, 3, deck, sizeof deck, &n), SSS_OK, NULL, "shuffled deck with jokers");
        CHECK(n == 58);
    }

    /* Specials made with jokers: on with or without jokers in the deck, in either order. */
    expect(sss_rules_set_jokers_in_specials(r, 1), SSS_OK, NULL, "jokers_in_specials with jokers");
    expect(sss_rules_get_jokers_in_specials(r, &flag), SSS_OK, NULL, "get jokers_in_specials");
    CHECK(flag == 1);
    expect(sss_rules_set_jokers(r, 0), SSS_OK, NULL, "jokers 0");
    expect(sss_rules_set_jokers(r, 1), SSS_OK, NULL, "jokers 1 with jokers_in_specials");
    expect(sss_rules_to_json(r, (uint8_t *)json, sizeof json, &len), SSS_OK, NULL, "to json");
    CHECK(strstr(json, "\"jokers_in_specials\": true") != NULL);

    expect(sss_rules_get_jokers(NULL, &jokers), SSS_ERR_NULL_POINTER, "rules", "null rules");
    expect(sss_rules_get_joker_lanes(r, NULL), SSS_ERR_NULL_POINTER, "out_lanes", "null out");
    sss_rules_free(r);
}

/* ------------------------------------------------------------------------------------------ */
/* Codes and text under rule sets with and without jokers                                     */
/* ------------------------------------------------------------------------------------------ */

static void test_codes_and_text(void) {
    SssRules *none = classic();
    SssRules *two = classic();
    uint8_t c[16], played[16];
    size_t n = 0;
    SssHandRank rank;
    SssArrangementEval eval;
    char text[64];
    expect(sss_rules_set_jokers(two, 2), SSS_OK, NULL, "jokers 2");

    /* Without jokers: code 52 stays a bad code, text SJ names the joker. */
    c[0] = 51; c[1] = 50; c[2] = 52;
    expect(sss_evaluate(none, c, 3, &rank), SSS_ERR_BAD_CARD_CODE, "52", "code 52 without jokers");
    expect(sss_cards_validate_for(none, c, 3), SSS_ERR_BAD_CARD_CODE, "52", "validate 52 without jokers");
    expect(sss_cards_parse_for(none, u8s("As SJ"), 5, c, sizeof c, &n), SSS_ERR_JOKER_NOT_IN_DECK,
           "SJ at position 1", "SJ without jokers");
    expect(sss_cards_parse_for(none, u8s("BJ"), 2, c, sizeof c, &n), SSS_ERR_JOKER_NOT_IN_DECK, "BJ",
           "BJ without jokers");

    /* With two: codes and text work. */
    expect(sss_cards_parse_for(two, u8s("As Ah Ad Ac SJ"), 14, c, sizeof c, &n), SSS_OK, NULL, "parse SJ");
    CHECK(n == 5 && c[4] == 52);
    expect(sss_cards_validate_for(two, c, 5), SSS_OK, NULL, "validate with SJ");
    expect(sss_evaluate(two, c, 5, &rank), SSS_OK, NULL, "evaluate with SJ");
    CHECK(rank.category == SSS_CATEGORY_FIVE_OF_A_KIND);
    memset(played, 0xEE, sizeof played);
    expect(sss_evaluate_played(two, c, 5, &rank, played), SSS_OK, NULL, "evaluate played");
    CHECK(rank.category == SSS_CATEGORY_FIVE_OF_A_KIND && played[4] == 51 && played[5] == 0xEE);
    CHECK(played[0] == 51 && played[1] == 50 && played[2] == 48 && played[3] == 49);
    expect(sss_evaluate_played(two, c, 5, &rank, NULL), SSS_ERR_NULL_POINTER, "out_played", "null played");
    expect(sss_evaluate_played(none, c, 5, &rank, played), SSS_ERR_BAD_CARD_CODE, "52", "played without jokers");
    /* Lane without jokers is itself as played. */
    c[0] = 0; c[1] = 5; c[2] = 10;
    expect(sss_evaluate_played(none, c, 3, &rank, played), SSS_OK, NULL, "played without a joker");
    CHECK(memcmp(c, played, 3) == 0);

    /* The same joker twice is a duplicate; a third joker of four is too many copies of SJ. */
    c[0] = 52; c[1] = 52; c[2] = 0;
    expect(sss_cards_validate_for(two, c, 3), SSS_ERR_DUPLICATE_CARD, "position 1", "SJ twice");
    c[0] = 53; c[1] = 52; c[2] = 0;
    expect(sss_cards_validate_for(two, c, 3), SSS_OK, NULL, "SJ and BJ");

    /* Formatting takes no rule set: the jokers are SJ and BJ in both styles, a code above 53 is bad. */
    c[0] = 52; c[1] = 53; c[2] = 51;
    expect(sss_cards_format(c, 3, SSS_CARD_STYLE_LETTERS, (uint8_t *)text, sizeof text, &n), SSS_OK, NULL,
           "format jokers");
    check(strcmp(text, "SJ BJ As") == 0, "jokers written \"%s\"", text);
    expect(sss_cards_format(c, 2, SSS_CARD_STYLE_SYMBOLS, (uint8_t *)text, sizeof text, &n), SSS_OK, NULL,
           "format jokers with symbols");
    check(strcmp(text, "SJ BJ") == 0, "jokers written \"%s\" with symbols", text);
    c[2] = 54;
    expect(sss_cards_format(c, 3, SSS_CARD_STYLE_LETTERS, (uint8_t *)text, sizeof text, &n), SSS_ERR_BAD_CARD_CODE,
           "card code 54", "format code 54");

    /* A whole arrangement as played. */
    {
        const char *hand = "2d 3c SJ  As Ah Ad Ac BJ  Ks Qs Js Ts 9s";
        expect(sss_cards_parse_for(two, u8s(hand), strlen(hand), c, sizeof c, &n), SSS_OK, NULL, "parse 13");
    }
    CHECK(n == 13);
    memset(played, 0, sizeof played);
    expect(sss_arrangement_check13_played(two, c, 13, &eval, played), SSS_OK, NULL, "check13 played");
    /* Each lane its best: five aces beat the straight flush behind them, a foul. */
    CHECK(eval.middle.category == SSS_CATEGORY_FIVE_OF_A_KIND && played[7] == 51 && eval.foul_bits == 2);
    CHECK(played[2] != 52 && played[2] != 53 && memcmp(c + 8, played + 8, 5) == 0);
    {
        SssArrangementEval plain;
        expect(sss_arrangement_check13(two, c, 13, &plain), SSS_OK, NULL, "check13");
        CHECK(same_eval(&plain, &eval));
    }
    expect(sss_arrangement_check13(none, c, 13, &eval), SSS_ERR_BAD_CARD_CODE, "52", "check13 without jokers");
    expect(sss_arrangement_check13_played(two, c, 13, &eval, NULL), SSS_ERR_NULL_POINTER, "out_played",
           "check13 null played");

    /* Seats take no rule set and accept jokers; settling checks them against the deck, the position
     * counted across the table (seat x 13 + index). */
    {
        SssRules *one = classic();
        SssSeat seats[2];
        SssSettlement *st = NULL;
        uint8_t a[13] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        uint8_t b[13] = {13, 14, 15, 16, 53, 17, 18, 19, 20, 21, 22, 23, 24};
        expect(sss_rules_set_jokers(one, 1), SSS_OK, NULL, "jokers 1");
        expect(sss_seat_arranged(a, 3, a + 3, 5, a + 8, 5, &seats[0]), SSS_OK, NULL, "seat 0");
        expect(sss_seat_arranged(b, 3, b + 3, 5, b + 8, 5, &seats[1]), SSS_OK, NULL, "seat with BJ");
        expect(sss_settle(one, seats, 2, &st), SSS_ERR_JOKER_NOT_IN_DECK, "BJ at position 17", "BJ under one joker");
        CHECK(st == NULL);
        expect(sss_settle(none, seats, 2, &st), SSS_ERR_BAD_CARD_CODE, "53", "BJ under no joker");
        b[4] = 52;
        expect(sss_seat_arranged(b, 3, b + 3, 5, b + 8, 5, &seats[1]), SSS_OK, NULL, "seat with SJ");
        expect(sss_settle(one, seats, 2, &st), SSS_OK, NULL, "SJ under one joker");
        sss_settlement_free(st);
        st = NULL;
        expect(sss_seat_special(0, b, 13, &seats[1]), SSS_OK, NULL, "special seat with SJ");
        b[0] = 52; b[1] = 52; b[2] = 52; b[3] = 52;
        expect(sss_seat_arranged(b, 3, b + 3, 5, b + 8, 5, &seats[1]), SSS_ERR_TOO_MANY_COPIES, "SJ at position 3",
               "more SJ than six jokers deal");
        sss_rules_free(one);
    }

    sss_rules_free(none);
    sss_rules_free(two);
}

/* ------------------------------------------------------------------------------------------ */
/* tests/vectors/jokers.json                                                                  */
/* ------------------------------------------------------------------------------------------ */

static SssStatus status_of(const char *name) {
    static const struct {
        const char *name;
        SssStatus st;
    } names[] = {
        {"joker_not_in_deck", SSS_ERR_JOKER_NOT_IN_DECK}, {"too_many_copies", SSS_ERR_TOO_MANY_COPIES},
        {"duplicate_card", SSS_ERR_DUPLICATE_CARD},       {"invalid_rules", SSS_ERR_INVALID_RULES},
        {"bad_card_code", SSS_ERR_BAD_CARD_CODE},         {"wrong_card_count", SSS_ERR_WRONG_CARD_COUNT},
    };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(names[i].name, name) == 0) return names[i].st;
    }
    check(0, "unknown error name %s", name);
    return SSS_OK;
}

static void load_rules(const json *list) {
    size_t i;
    check(list != NULL && list->type == JSON_ARRAY && list->count > 0 && list->count <= MAX_RULE_SETS, "rules list");
    for (i = 0; list != NULL && i < list->count && i < MAX_RULE_SETS; i++) {
        const char *name = str(list->items[i], "name");
        const char *text = str(list->items[i], "json");
        SssRules *r = NULL;
        expect(sss_rules_from_json(u8s(text), strlen(text), &r), SSS_OK, NULL, name);
        g_names[g_count] = name;
        g_rules[g_count] = r;
        g_count++;
        if (r != NULL) {
            /* The JSON round-trips: what the library writes is what the vector holds. */
            char back[8192];
            size_t len = 0;
            expect(sss_rules_to_json(r, (uint8_t *)back, sizeof back, &len), SSS_OK, NULL, "to json");
            check(strcmp(back, text) == 0, "%s: JSON round-trips", name);
        }
    }
}

static void vector_cards(const json *list) {
    size_t i;
    SssRules *r = rules_named("classic_j2");
    for (i = 0; list != NULL && i < list->count; i++) {
        const json *v = list->items[i];
        const char *text = str(v, "text");
        uint8_t code = 0xFF, codes[4];
        size_t n = 0;
        expect(sss_card_parse(u8s(text), strlen(text), &code), SSS_OK, NULL, text);
        check(code == (uint8_t)num(v, "code"), "card %s is code %d", text, (int)code);
        expect(sss_cards_parse_for(r, u8s(text), strlen(text), codes, sizeof codes, &n), SSS_OK, NULL, text);
        check(n == 1 && codes[0] == code, "card %s parses for the rule set", text);
        {
            char shown[16];
            size_t len = 0;
            const char *display = str(v, "display");
            expect(sss_cards_format(&code, 1, SSS_CARD_STYLE_LETTERS, (uint8_t *)shown, sizeof shown, &len), SSS_OK,
                   NULL, "display");
            check(strcmp(shown, display) == 0, "card %s displays as %s, vector %s", text, shown, display);
        }
    }
}

static void vector_deals(const json *list) {
    size_t i, p, k;
    for (i = 0; list != NULL && i < list->count; i++) {
        const json *v = list->items[i];
        SssRules *r = rules_named(str(v, "rules"));
        const json *hands = json_get(v, "hands");
        uint8_t codes[SSS_MAX_DECK_SIZE], want[13];
        size_t n = 0;
        uint32_t players = (uint32_t)num(v, "players");
        expect(sss_deal_for(r, players, (uint64_t)num(v, "seed"), codes, sizeof codes, &n), SSS_OK, NULL, "deal");
        check(hands != NULL && n == players * 13u && hands->count == players, "deal %zu: %zu codes", i, n);
        for (p = 0; hands != NULL && p < hands->count && p * 13 < n; p++) {
            int same = 1;
            codes_of(hands->items[p], want, 13);
            for (k = 0; k < 13; k++) same &= codes[p * 13 + k] == want[k];
            check(same, "deal %zu seat %zu", i, p);
        }
    }
}

static void vector_lanes(const json *list) {
    size_t i;
    for (i = 0; list != NULL && i < list->count; i++) {
        const json *v = list->items[i];
        SssRules *r = rules_named(str(v, "rules"));
        uint8_t codes[5], played[5], want[5], parsed[8];
        size_t n = codes_of(json_get(v, "codes"), codes, 5), m = 0;
        SssHandRank rank, plain;
        const json *text = json_get(v, "text");
        codes_of(json_get(v, "played"), want, 5);
        expect(sss_evaluate_played(r, codes, n, &rank, played), SSS_OK, NULL, "lane");
        check(rank.value == (uint32_t)num(v, "value"), "lane %zu value %u", i, rank.value);
        check(rank.category == (uint8_t)num(v, "category"), "lane %zu category %u", i, rank.category);
        check(memcmp(played, want, n) == 0, "lane %zu played", i);
        expect(sss_evaluate(r, codes, n, &plain), SSS_OK, NULL, "lane evaluate");
        check(same_rank(&plain, &rank), "lane %zu: sss_evaluate agrees", i);
        if (text != NULL && text->type == JSON_STRING) {
            expect(sss_cards_parse_for(r, u8s(text->string), strlen(text->string), parsed, sizeof parsed, &m), SSS_OK,
                   NULL, text->string);
            check(m == n && memcmp(parsed, codes, n) == 0, "lane %zu text parses to its codes", i);
        }
    }
}

static int flag_of(const json *v, const char *key) {
    const json *b = json_get(v, key);
    check(b != NULL && b->type == JSON_BOOL, "vector member %s is a bool", key);
    return b != NULL && b->boolean;
}

static void vector_arrangements(const json *list) {
    size_t i, k;
    for (i = 0; list != NULL && i < list->count; i++) {
        const json *v = list->items[i];
        SssRules *r = rules_named(str(v, "rules"));
        const json *values = json_get(v, "values"), *pl = json_get(v, "played");
        uint8_t codes[13], want[13], played[13];
        SssArrangementEval eval, split;
        uint8_t bits = (uint8_t)(flag_of(v, "front_over_middle") | (flag_of(v, "middle_over_back") << 1));
        codes_of(json_get(v, "front"), codes, 3);
        codes_of(json_get(v, "middle"), codes + 3, 5);
        codes_of(json_get(v, "back"), codes + 8, 5);
        check(pl != NULL && pl->count == 3, "arrangement %zu played lanes", i);
        if (pl == NULL || pl->count != 3) continue;
        codes_of(pl->items[0], want, 3);
        codes_of(pl->items[1], want + 3, 5);
        codes_of(pl->items[2], want + 8, 5);
        expect(sss_arrangement_check13_played(r, codes, 13, &eval, played), SSS_OK, NULL, "arrangement");
        check(eval.foul_bits == bits && eval.is_foul == (bits != 0), "arrangement %zu foul bits %u", i,
              eval.foul_bits);
        check(values != NULL && values->count == 3 && eval.front.value == (uint32_t)values->items[0]->number &&
                  eval.middle.value == (uint32_t)values->items[1]->number &&
                  eval.back.value == (uint32_t)values->items[2]->number,
              "arrangement %zu values", i);
        for (k = 0; k < 13; k++) {
            if (played[k] != want[k]) break;
        }
        check(k == 13, "arrangement %zu played (first difference at %zu)", i, k);
        expect(sss_arrangement_check(r, codes, 3, codes + 3, 5, codes + 8, 5, &split), SSS_OK, NULL, "lanes");
        check(same_eval(&split, &eval), "arrangement %zu: sss_arrangement_check agrees", i);
    }
}

static void vector_specials(const json *list) {
    size_t i;
    for (i = 0; list != NULL && i < list->count; i++) {
        const json *v = list->items[i];
        SssRules *r = rules_named(str(v, "rules"));
        const json *best = json_get(v, "best");
        uint8_t codes[13];
        SssSpecialDetection found;
        codes_of(json_get(v, "codes"), codes, 13);
        expect(sss_special_detect(r, codes, 13, &found), SSS_OK, NULL, "special");
        if (best == NULL || best->type == JSON_NULL) {
            check(found.has_best == 0, "special %zu: none", i);
        } else {
            uint8_t want = 0xFF;
            expect(sss_special_parse(u8s(best->string), strlen(best->string), &want), SSS_OK, NULL, best->string);
            check(found.has_best == 1 && found.best == want, "special %zu: %s", i, best->string);
        }
        {
            /* Every special made, in order, and a three-piece one's arrangement, jokers in it. */
            const json *all = json_get(v, "all");
            const json *lanes = json_get(v, "arrangement");
            size_t k;
            check(all != NULL && found.count == all->count, "special %zu: count", i);
            for (k = 0; all != NULL && k < all->count && k < found.count; k++) {
                uint8_t want = 0xFF;
                const char *id = all->items[k]->string;
                expect(sss_special_parse(u8s(id), strlen(id), &want), SSS_OK, NULL, id);
                check(found.all[k] == want, "special %zu: all[%zu] %s", i, k, id);
            }
            if (lanes == NULL || lanes->type == JSON_NULL) {
                check(found.has_arrangement == 0, "special %zu: no arrangement", i);
            } else {
                /* The lanes' text, front / middle / back, is the record's without the slashes. */
                uint8_t text[64];
                char want[64];
                size_t n = 0, w = 0;
                const char *p;
                uint8_t cards[13];
                memcpy(cards, found.front, 3);
                memcpy(cards + 3, found.middle, 5);
                memcpy(cards + 8, found.back, 5);
                check(found.has_arrangement == 1, "special %zu: an arrangement", i);
                expect(sss_cards_format(cards, 13, SSS_CARD_STYLE_LETTERS, text, sizeof text, &n), SSS_OK, NULL,
                       "format");
                for (p = lanes->string; *p != '\0' && w + 1 < sizeof want; p++) {
                    if (*p == '/' && p[1] == ' ') {
                        p++;
                        continue;
                    }
                    want[w++] = *p;
                }
                want[w] = '\0';
                check(strcmp((const char *)text, want) == 0, "special %zu: lanes %s, want %s", i, (const char *)text,
                      want);
            }
        }
    }
}

static void vector_rounds(const json *list) {
    size_t i, s;
    for (i = 0; list != NULL && i < list->count; i++) {
        const json *v = list->items[i];
        SssRules *r = rules_named(str(v, "rules"));
        const json *seats = json_get(v, "seats"), *totals = json_get(v, "totals");
        SssSeat table[SSS_MAX_SEATS];
        SssWater w[SSS_MAX_SEATS];
        SssSettlement *st = NULL;
        size_t n = 0, count = seats == NULL ? 0 : seats->count;
        check(count >= 2 && count <= SSS_MAX_SEATS && totals != NULL && totals->count == count, "round %zu", i);
        if (count < 2 || count > SSS_MAX_SEATS || totals == NULL || totals->count != count) continue;
        for (s = 0; s < count; s++) {
            uint8_t c[13];
            codes_of(seats->items[s], c, 13);
            expect(sss_seat_arranged(c, 3, c + 3, 5, c + 8, 5, &table[s]), SSS_OK, NULL, "seat");
        }
        expect(sss_settle(r, table, count, &st), SSS_OK, NULL, "settle");
        if (st == NULL) continue;
        expect(sss_settlement_totals(st, w, SSS_MAX_SEATS, &n), SSS_OK, NULL, "totals");
        for (s = 0; s < n && s < count; s++) {
            char got[48];
            if (w[s].den == 1) {
                snprintf(got, sizeof got, "%lld", (long long)w[s].num);
            } else {
                snprintf(got, sizeof got, "%lld/%lld", (long long)w[s].num, (long long)w[s].den);
            }
            check(strcmp(got, totals->items[s]->string) == 0, "round %zu seat %zu: %s, vector %s", i, s, got,
                  totals->items[s]->string);
        }
        sss_settlement_free(st);
    }
}

static void vector_arranged(const json *list) {
    size_t i;
    for (i = 0; list != NULL && i < list->count; i++) {
        const json *v = list->items[i];
        SssRules *r = rules_named(str(v, "rules"));
        SssArranger *arranger = NULL;
        SssArranged a;
        uint8_t codes[13], front[3], middle[5], back[5];
        double want = num(v, "expected_water");
        codes_of(json_get(v, "codes"), codes, 13);
        codes_of(json_get(v, "front"), front, 3);
        codes_of(json_get(v, "middle"), middle, 5);
        codes_of(json_get(v, "back"), back, 5);
        expect(sss_arranger_new(r, (uint32_t)num(v, "players"), &arranger), SSS_OK, NULL, "arranger");
        if (arranger == NULL) continue;
        expect(sss_arrange(arranger, codes, 13, &a), SSS_OK, NULL, "arrange with jokers");
        check(memcmp(a.front, front, 3) == 0 && memcmp(a.middle, middle, 5) == 0 && memcmp(a.back, back, 5) == 0,
              "arranged %zu lanes", i);
        check(a.expected_water - want < 1e-6 && want - a.expected_water < 1e-6, "arranged %zu: %.9f, vector %.9f", i,
              a.expected_water, want);
        sss_arranger_free(arranger);
    }
}

static void vector_errors(const json *list) {
    size_t i;
    for (i = 0; list != NULL && i < list->count; i++) {
        const json *v = list->items[i];
        const json *rules_json = json_get(v, "rules_json"), *text = json_get(v, "text");
        const json *position = json_get(v, "position"), *path = json_get(v, "path");
        SssStatus want = status_of(str(v, "kind"));
        SssStatus got;
        char what[64];
        snprintf(what, sizeof what, "error %zu (%s)", i, str(v, "kind"));
        if (rules_json != NULL) {
            SssRules *r = NULL;
            got = sss_rules_from_json(u8s(rules_json->string), strlen(rules_json->string), &r);
            sss_rules_free(r);
        } else {
            SssRules *r = rules_named(str(v, "rules"));
            uint8_t codes[16];
            size_t n = 0;
            if (text != NULL) {
                got = sss_cards_parse_for(r, u8s(text->string), strlen(text->string), codes, sizeof codes, &n);
            } else {
                n = codes_of(json_get(v, "codes"), codes, sizeof codes);
                got = sss_cards_validate_for(r, codes, n);
            }
        }
        expect(got, want, path != NULL ? path->string : NULL, what);
        if (position != NULL && got == want) {
            char at[32];
            snprintf(at, sizeof at, "position %d", (int)position->number);
            check(strstr(last_error(), at) != NULL, "%s: message \"%s\" lacks \"%s\"", what, last_error(), at);
        }
    }
}

static void test_vectors(const char *dir) {
    json *doc = load(dir, "jokers.json", NULL);
    size_t i;
    if (doc == NULL) return;
    load_rules(json_get(doc, "rules"));
    vector_cards(json_get(doc, "cards"));
    vector_deals(json_get(doc, "deals"));
    vector_lanes(json_get(doc, "lanes"));
    vector_arrangements(json_get(doc, "arrangements"));
    vector_specials(json_get(doc, "specials"));
    vector_rounds(json_get(doc, "rounds"));
    vector_arranged(json_get(doc, "arranged"));
    vector_errors(json_get(doc, "errors"));
    for (i = 0; i < g_count; i++) sss_rules_free(g_rules[i]);
    json_free(doc);
}

int main(int argc, char **argv) {
    const char *label = argc > 2 ? argv[2] : "jokers";
    if (argc < 2) {
        fprintf(stderr, "usage: %s <tests/vectors> [label]\n", argv[0]);
        return 2;
    }
    test_options();
    test_codes_and_text();
    test_vectors(argv[1]);
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
