/*
 * C tests of the shisanshui C ABI, against the committed include/shisanshui.h. Built twice by
 * run.sh (static and dynamic linking). Usage: test_sss <path to tests/vectors/eval.json> [label]
 * (the special-hand vectors are read from special.json beside eval.json).
 *
 * Oracles are independent of the engine where they can be: the card code formula of RULES.md §1,
 * poker hand order known by heart, and the shared vectors written by the core's own test.
 */
#include "shisanshui.h"

#include "json.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static SssRules *preset(const char *name) {
    SssRules *r = NULL;
    SssStatus st = sss_rules_new_preset(u8s(name), strlen(name), &r);
    check(st == SSS_OK && r != NULL, "preset %s: %d", name, (int)st);
    return r;
}

/* Parse hand text into codes (at most 13); returns the count or -1. */
static int hand(const char *text, uint8_t *codes) {
    size_t n = 0;
    SssStatus st = sss_cards_parse(u8s(text), strlen(text), codes, 13, &n);
    check(st == SSS_OK, "parse \"%s\": %d (%s)", text, (int)st, st == SSS_OK ? "" : last_error());
    return st == SSS_OK ? (int)n : -1;
}

static SssHandRank eval_text(const SssRules *r, const char *text) {
    uint8_t codes[13];
    SssHandRank out;
    int n = hand(text, codes);
    memset(&out, 0, sizeof out);
    if (n >= 0) {
        SssStatus st = sss_evaluate(r, codes, (size_t)n, &out);
        check(st == SSS_OK, "evaluate \"%s\": %d", text, (int)st);
    }
    return out;
}

static int compare_text(const SssRules *r, const char *a, const char *b) {
    uint8_t ca[13], cb[13];
    int32_t order = 99;
    int na = hand(a, ca), nb = hand(b, cb);
    SssStatus st = sss_compare(r, ca, (size_t)na, cb, (size_t)nb, &order);
    check(st == SSS_OK, "compare \"%s\" / \"%s\": %d", a, b, (int)st);
    return order;
}

/* ------------------------------------------------------------------------------------------ */
/* Version                                                                                    */
/* ------------------------------------------------------------------------------------------ */

static void test_version(void) {
    char buf[32];
    size_t len = 0, i;
    int dots = 0;
    CHECK(sss_abi_version() == SSS_ABI_VERSION);
    memset(buf, 'x', sizeof buf);
    expect(sss_version((uint8_t *)buf, sizeof buf, &len), SSS_OK, NULL, "version");
    CHECK(len > 0 && len < sizeof buf && buf[len] == '\0');
    for (i = 0; i < len; i++) {
        dots += buf[i] == '.';
        CHECK(buf[i] == '.' || (buf[i] >= '0' && buf[i] <= '9') || buf[i] == '-' || (buf[i] >= 'a' && buf[i] <= 'z'));
    }
    CHECK(dots >= 2);
    expect(sss_version(NULL, 0, &len), SSS_ERR_BUFFER_TOO_SMALL, "buffer too small", "version size query");
    CHECK(len == strlen(buf));
}

/* ------------------------------------------------------------------------------------------ */
/* Cards                                                                                      */
/* ------------------------------------------------------------------------------------------ */

static void test_cards(void) {
    static const char ranks[] = "23456789TJQKA";
    static const char suits[] = "dchs";
    static const char *symbols[] = {"\xE2\x99\xA6", "\xE2\x99\xA3", "\xE2\x99\xA5", "\xE2\x99\xA0"}; /* ♦♣♥♠ */
    int r, s;
    uint8_t code, codes[64];
    size_t n;
    char buf[256];

    /* Every card, by the RULES.md §1 formula: letters, lower/upper case, symbols, "10". */
    for (r = 0; r < 13; r++) {
        for (s = 0; s < 4; s++) {
            char text[16];
            uint8_t want = (uint8_t)(r * 4 + s);
            text[0] = ranks[r];
            text[1] = suits[s];
            text[2] = '\0';
            code = 0xEE;
            expect(sss_card_parse(u8s(text), 2, &code), SSS_OK, NULL, text);
            check(code == want, "%s -> %d, expected %d", text, code, want);
            text[0] = (char)(r < 8 ? ranks[r] : ranks[r] + ('a' - 'A'));
            text[1] = (char)(suits[s] - ('a' - 'A'));
            code = 0xEE;
            expect(sss_card_parse(u8s(text), 2, &code), SSS_OK, NULL, text);
            check(code == want, "%s -> %d, expected %d", text, code, want);
            snprintf(text, sizeof text, "%s%s", r == 8 ? "10" : (char[]){ranks[r], 0}, symbols[s]);
            code = 0xEE;
            expect(sss_card_parse(u8s(text), strlen(text), &code), SSS_OK, NULL, text);
            check(code == want, "%s -> %d, expected %d", text, code, want);
            /* And back: letters and symbols. */
            expect(sss_cards_format(&want, 1, SSS_CARD_STYLE_LETTERS, (uint8_t *)buf, sizeof buf, &n), SSS_OK,
                   NULL, "format one");
            check(n == 2 && buf[0] == ranks[r] && buf[1] == suits[s] && buf[2] == '\0', "format %d: %s", want, buf);
            expect(sss_cards_format(&want, 1, SSS_CARD_STYLE_SYMBOLS, (uint8_t *)buf, sizeof buf, &n), SSS_OK,
                   NULL, "format one symbol");
            check(n == 4 && buf[0] == ranks[r] && memcmp(buf + 1, symbols[s], 3) == 0, "symbol %d: %s", want, buf);
        }
    }

    /* Hands: separators, no separators, order kept. */
    expect(sss_cards_parse(u8s("As Kd 10h"), 9, codes, sizeof codes, &n), SSS_OK, NULL, "hand");
    CHECK(n == 3 && codes[0] == 51 && codes[1] == 44 && codes[2] == 34);
    expect(sss_cards_parse(u8s("2c,3c, 4c"), 9, codes, sizeof codes, &n), SSS_OK, NULL, "hand commas");
    CHECK(n == 3 && codes[0] == 1 && codes[1] == 5 && codes[2] == 9);
    expect(sss_cards_parse(u8s("AsKsQsJsTs"), 10, codes, sizeof codes, &n), SSS_OK, NULL, "hand packed");
    CHECK(n == 5 && codes[0] == 51 && codes[4] == 35);
    expect(sss_cards_parse(u8s(""), 0, codes, sizeof codes, &n), SSS_OK, NULL, "empty hand");
    CHECK(n == 0);
    expect(sss_cards_parse(NULL, 0, codes, sizeof codes, &n), SSS_OK, NULL, "NULL empty hand");
    CHECK(n == 0);
    {
        uint8_t hk[3] = {51, 44, 34};
        expect(sss_cards_format(hk, 3, SSS_CARD_STYLE_LETTERS, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "fmt");
        CHECK(n == 8 && strcmp(buf, "As Kd Th") == 0);
        expect(sss_cards_format(hk, 3, SSS_CARD_STYLE_SYMBOLS, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "fmt");
        CHECK(strcmp(buf, "A\xE2\x99\xA0 K\xE2\x99\xA6 T\xE2\x99\xA5") == 0);
        expect(sss_cards_format(NULL, 0, SSS_CARD_STYLE_LETTERS, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL,
               "fmt empty");
        CHECK(n == 0 && buf[0] == '\0');
    }
    /* The whole deck round-trips, and SSS_MAX_CARDS codes always suffice. */
    {
        uint8_t deck[52], back[SSS_MAX_CARDS];
        char text[52 * 3 + 1];
        int i;
        for (i = 0; i < 52; i++) {
            deck[i] = (uint8_t)(51 - i);
        }
        expect(sss_cards_format(deck, 52, SSS_CARD_STYLE_LETTERS, (uint8_t *)text, sizeof text, &n), SSS_OK, NULL,
               "deck");
        CHECK(n == 52 * 3 - 1);
        expect(sss_cards_parse(u8s(text), n, back, SSS_MAX_CARDS, &n), SSS_OK, NULL, "deck back");
        CHECK(n == 52 && memcmp(deck, back, 52) == 0);
        expect(sss_cards_validate(deck, 52), SSS_OK, NULL, "validate deck");
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Errors: every kind, with its message                                                      */
/* ------------------------------------------------------------------------------------------ */

static void test_errors(void) {
    uint8_t code = 0xEE, codes[16];
    size_t n = 12345;
    char buf[256];
    SssRules *classic = preset("classic");
    SssHandRank hr;
    SssRules *out = NULL;

    /* Unknown rank / suit: the token and its position are named. */
    expect(sss_card_parse(u8s("Xs"), 2, &code), SSS_ERR_UNKNOWN_RANK, "unknown rank in card \"Xs\" at position 0",
           "rank");
    expect(sss_card_parse(u8s("1s"), 2, &code), SSS_ERR_UNKNOWN_RANK, "\"1s\"", "rank 1");
    expect(sss_card_parse(u8s("Ax"), 2, &code), SSS_ERR_UNKNOWN_SUIT, "unknown suit in card \"Ax\"", "suit");
    expect(sss_cards_parse(u8s("As Kd Qx"), 8, codes, 16, &n), SSS_ERR_UNKNOWN_SUIT, "at position 2", "suit pos");
    expect(sss_cards_parse(u8s("As Zd"), 5, codes, 16, &n), SSS_ERR_UNKNOWN_RANK, "\"Zd\" at position 1", "rank pos");
    CHECK(code == 0xEE && n == 12345); /* nothing written on failure */
    /* One card expected. */
    expect(sss_card_parse(u8s("As Kd"), 5, &code), SSS_ERR_WRONG_CARD_COUNT, "expected 1 cards, got 2", "one card");
    /* Duplicate card: the card and the second position. */
    expect(sss_cards_parse(u8s("As Kd As"), 8, codes, 16, &n), SSS_ERR_DUPLICATE_CARD,
           "duplicate card As at position 2", "dup text");
    codes[0] = 7;
    codes[1] = 7;
    expect(sss_cards_validate(codes, 2), SSS_ERR_DUPLICATE_CARD, "position 1", "dup codes");
    /* Bad card code. */
    codes[0] = 3;
    codes[1] = 52;
    expect(sss_cards_validate(codes, 2), SSS_ERR_BAD_CARD_CODE, "card code 52 is out of range", "code 52");
    codes[1] = 255;
    expect(sss_cards_format(codes, 2, SSS_CARD_STYLE_LETTERS, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_BAD_CARD_CODE,
           "card code 255", "code 255");
    /* Wrong card count for evaluation. */
    memcpy(codes, "\x00\x01\x02\x03", 4);
    memset(&hr, 0xAB, sizeof hr);
    expect(sss_evaluate(classic, codes, 4, &hr), SSS_ERR_WRONG_CARD_COUNT, "expected 5 cards, got 4", "eval 4");
    expect(sss_evaluate(classic, codes, 2, &hr), SSS_ERR_WRONG_CARD_COUNT, "expected 3 cards, got 2", "eval 2");
    expect(sss_evaluate(classic, NULL, 0, &hr), SSS_ERR_WRONG_CARD_COUNT, "got 0", "eval 0");
    CHECK(hr.value == 0xABABABABu); /* untouched */
    /* Invalid UTF-8: the offset is named. */
    expect(sss_card_parse(u8s("A\xFF"), 2, &code), SSS_ERR_INVALID_UTF8, "offset 1", "utf8");
    expect(sss_rules_new_preset(u8s("\xC3"), 1, &out), SSS_ERR_INVALID_UTF8, "`name`", "utf8 preset");
    /* Unknown preset. */
    expect(sss_rules_new_preset(u8s("macau"), 5, &out), SSS_ERR_UNKNOWN_PRESET, "unknown preset \"macau\"", "preset");
    CHECK(out == NULL);
    /* Invalid arguments: integers that encode no enum value. */
    expect(sss_cards_format(codes, 1, 2, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT, "card style 2",
           "style");
    expect(sss_rules_set_wheel(classic, 2), SSS_ERR_INVALID_ARGUMENT, "wheel 2", "wheel");
    expect(sss_rules_set_suit_tiebreak(classic, 2), SSS_ERR_INVALID_ARGUMENT, "must be 0 or 1", "flag");
    expect(sss_rules_set_strict_order(classic, 0xFF), SSS_ERR_INVALID_ARGUMENT, "got 255", "flag 255");
    expect(sss_category_name(10, SSS_LANGUAGE_ENGLISH, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT,
           "category 10", "category");
    expect(sss_category_name(0, 2, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT, "language 2", "lang");
    expect(sss_hand_rank_describe(0xFFFFFFFFu, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT,
           "not a hand rank", "describe");
    expect(sss_status_name(42, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT, "42 is not a status",
           "status 42");

    /* NULL pointers, each named. */
    expect(sss_card_parse(NULL, 2, &code), SSS_ERR_NULL_POINTER, "argument `text` is NULL", "null text");
    expect(sss_card_parse(u8s("As"), 2, NULL), SSS_ERR_NULL_POINTER, "argument `out_code` is NULL", "null out");
    expect(sss_cards_parse(u8s("As"), 2, NULL, 4, &n), SSS_ERR_NULL_POINTER, "`out_codes`", "null codes");
    expect(sss_cards_parse(u8s("As"), 2, codes, 4, NULL), SSS_ERR_NULL_POINTER, "`out_count`", "null count");
    expect(sss_cards_validate(NULL, 3), SSS_ERR_NULL_POINTER, "`codes`", "null validate");
    expect(sss_cards_format(codes, 1, 0, NULL, 10, &n), SSS_ERR_NULL_POINTER, "`buf`", "null buf");
    expect(sss_cards_format(codes, 1, 0, (uint8_t *)buf, 10, NULL), SSS_ERR_NULL_POINTER, "`out_len`", "null len");
    expect(sss_evaluate(NULL, codes, 3, &hr), SSS_ERR_NULL_POINTER, "`rules`", "null rules");
    expect(sss_evaluate(classic, NULL, 3, &hr), SSS_ERR_NULL_POINTER, "`codes`", "null eval codes");
    expect(sss_evaluate(classic, codes, 3, NULL), SSS_ERR_NULL_POINTER, "`out`", "null eval out");
    expect(sss_compare(classic, codes, 3, codes, 3, NULL), SSS_ERR_NULL_POINTER, "`out_order`", "null order");
    expect(sss_compare(classic, NULL, 3, codes, 3, NULL), SSS_ERR_NULL_POINTER, "`a`", "null a");
    expect(sss_rules_new_preset(u8s("kx"), 2, NULL), SSS_ERR_NULL_POINTER, "`out`", "null preset out");
    expect(sss_rules_new_preset(NULL, 2, &out), SSS_ERR_NULL_POINTER, "`name`", "null name");
    expect(sss_rules_from_json(NULL, 5, &out), SSS_ERR_NULL_POINTER, "`json`", "null json");
    expect(sss_rules_to_json(NULL, (uint8_t *)buf, 10, &n), SSS_ERR_NULL_POINTER, "`rules`", "null to_json");
    expect(sss_rules_clone(classic, NULL), SSS_ERR_NULL_POINTER, "`out`", "null clone");
    expect(sss_rules_validate(NULL), SSS_ERR_NULL_POINTER, "`rules`", "null validate rules");
    expect(sss_rules_get_wheel(classic, NULL), SSS_ERR_NULL_POINTER, "`out_wheel`", "null wheel");
    expect(sss_rules_set_wheel(NULL, 0), SSS_ERR_NULL_POINTER, "`rules`", "null set wheel");
    expect(sss_rules_get_suit_tiebreak(NULL, &code), SSS_ERR_NULL_POINTER, "`rules`", "null get tb");
    expect(sss_rules_get_strict_order(classic, NULL), SSS_ERR_NULL_POINTER, "`out_flag`", "null get so");
    expect(sss_arrangement_check13(classic, codes, 13, NULL), SSS_ERR_NULL_POINTER, "`out`", "null arr");
    expect(sss_category_name(0, 0, (uint8_t *)buf, sizeof buf, NULL), SSS_ERR_NULL_POINTER, "`out_len`", "null cat");
    expect(sss_version(NULL, 5, &n), SSS_ERR_NULL_POINTER, "`buf`", "null version buf");
    expect(sss_status_name(0, (uint8_t *)buf, sizeof buf, NULL), SSS_ERR_NULL_POINTER, "`out_len`", "null status");
    sss_rules_free(NULL); /* NULL is ignored: no crash, and the thread's last error is left as it was */
    CHECK(strstr(last_error(), "`out_len`") != NULL);

    /* Buffer too small: the needed size comes back, the buffer is untouched. */
    memset(buf, 'z', sizeof buf);
    n = 0;
    codes[0] = 51;
    codes[1] = 44;
    expect(sss_cards_format(codes, 2, 0, (uint8_t *)buf, 4, &n), SSS_ERR_BUFFER_TOO_SMALL, "needs 5", "small fmt");
    CHECK(n == 5 && buf[0] == 'z');
    expect(sss_cards_format(codes, 2, 0, (uint8_t *)buf, 5, &n), SSS_OK, NULL, "exact fmt");
    CHECK(n == 5 && memcmp(buf, "As Kd", 5) == 0 && buf[5] == 'z'); /* fits; no room for the NUL */
    expect(sss_cards_parse(u8s("As Kd Qh"), 8, codes, 2, &n), SSS_ERR_BUFFER_TOO_SMALL, "needs 3", "small parse");
    CHECK(n == 3);
    expect(sss_category_name(SSS_CATEGORY_FULL_HOUSE, SSS_LANGUAGE_CHINESE, NULL, 0, &n), SSS_ERR_BUFFER_TOO_SMALL,
           NULL, "size query");
    CHECK(n == 6); /* 葫芦: two 3-byte characters */

    /* The last error message itself: too small, size query, exact, per thread below. */
    expect(sss_card_parse(u8s("Qx"), 2, &code), SSS_ERR_UNKNOWN_SUIT, NULL, "make an error");
    {
        size_t need = sss_last_error_length();
        char small[4];
        const char *want = "unknown suit in card \"Qx\" at position 0";
        CHECK(need == strlen(want));
        memset(small, 'q', sizeof small);
        CHECK(sss_last_error_message((uint8_t *)small, sizeof small, &n) == SSS_ERR_BUFFER_TOO_SMALL);
        CHECK(n == need && small[0] == 'q');
        CHECK(sss_last_error_message(NULL, 0, &n) == SSS_ERR_BUFFER_TOO_SMALL && n == need);
        CHECK(sss_last_error_message(NULL, 0, NULL) == SSS_ERR_NULL_POINTER);
        CHECK(strcmp(last_error(), want) == 0); /* reading never replaces the message */
        /* A successful call leaves the last error as it was (documented choice). */
        CHECK(sss_card_parse(u8s("Qs"), 2, &code) == SSS_OK);
        CHECK(strcmp(last_error(), want) == 0);
    }

    /* Status names: the snake_case kinds of the test vectors. */
    {
        static const struct {
            SssStatus st;
            const char *name;
        } names[] = {
            {SSS_OK, "ok"},
            {SSS_ERR_UNKNOWN_RANK, "unknown_rank"},
            {SSS_ERR_UNKNOWN_SUIT, "unknown_suit"},
            {SSS_ERR_BAD_CARD_CODE, "bad_card_code"},
            {SSS_ERR_DUPLICATE_CARD, "duplicate_card"},
            {SSS_ERR_WRONG_CARD_COUNT, "wrong_card_count"},
            {SSS_ERR_INVALID_RULES, "invalid_rules"},
            {SSS_ERR_UNKNOWN_PRESET, "unknown_preset"},
            {SSS_ERR_UNKNOWN_SPECIAL, "unknown_special"},
            {SSS_ERR_SPECIAL_NOT_ALLOWED, "special_not_allowed"},
            {SSS_ERR_INVALID_TABLE, "invalid_table"},
            {SSS_ERR_INVALID_MONEY, "invalid_money"},
            {SSS_ERR_INVALID_ARGUMENT, "invalid_argument"},
            {SSS_ERR_TOO_MANY_COPIES, "too_many_copies"},
            {SSS_ERR_JOKER_NOT_IN_DECK, "joker_not_in_deck"},
            {SSS_ERR_NULL_POINTER, "null_pointer"},
            {SSS_ERR_BUFFER_TOO_SMALL, "buffer_too_small"},
            {SSS_ERR_INVALID_UTF8, "invalid_utf8"},
            {SSS_ERR_PANIC, "panic"},
            {SSS_ERR_INVALID_HANDLE, "invalid_handle"},
        };
        size_t i;
        /* The numbers are ABI. */
        CHECK(SSS_OK == 0 && SSS_ERR_UNKNOWN_RANK == 1 && SSS_ERR_INVALID_ARGUMENT == 12 && SSS_ERR_TOO_MANY_COPIES == 15);
        CHECK(SSS_ERR_NULL_POINTER == 100 && SSS_ERR_BUFFER_TOO_SMALL == 101 && SSS_ERR_INVALID_UTF8 == 102 &&
              SSS_ERR_PANIC == 103 && SSS_ERR_INVALID_HANDLE == 104);
        for (i = 0; i < sizeof names / sizeof names[0]; i++) {
            expect(sss_status_name(names[i].st, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, names[i].name);
            check(strcmp(buf, names[i].name) == 0, "status %d is named %s", (int)names[i].st, buf);
        }
    }
    sss_rules_free(classic);
}

/* ------------------------------------------------------------------------------------------ */
/* Rule sets: presets, options, JSON                                                          */
/* ------------------------------------------------------------------------------------------ */

static char *to_json(const SssRules *r, size_t *len) {
    char *buf;
    size_t need = 0;
    expect(sss_rules_to_json(r, NULL, 0, &need), SSS_ERR_BUFFER_TOO_SMALL, NULL, "json size");
    buf = (char *)malloc(need + 1);
    expect(sss_rules_to_json(r, (uint8_t *)buf, need + 1, len), SSS_OK, NULL, "json");
    CHECK(*len == need && buf[need] == '\0');
    return buf;
}

/* Replace the first `from` in `s` with `to` (new allocation). */
static char *replace(const char *s, const char *from, const char *to) {
    const char *at = strstr(s, from);
    size_t a, lf = strlen(from), lt = strlen(to);
    char *out;
    if (at == NULL) {
        check(0, "\"%s\" not found in the JSON", from);
        at = s + strlen(s);
        lf = 0;
    }
    a = (size_t)(at - s);
    out = (char *)malloc(strlen(s) - lf + lt + 1);
    memcpy(out, s, a);
    memcpy(out + a, to, lt);
    strcpy(out + a + lt, at + lf);
    return out;
}

static void test_rules(void) {
    static const struct {
        const char *name;
        uint32_t wheel;
        uint8_t suit_tiebreak;
    } presets[] = {
        {"classic", SSS_WHEEL_SECOND_HIGHEST, 0}, {"regional", SSS_WHEEL_SECOND_HIGHEST, 0},
        {"kx", SSS_WHEEL_SECOND_HIGHEST, 0},      {"hk", SSS_WHEEL_LOWEST, 1},
        {"ranked", SSS_WHEEL_SECOND_HIGHEST, 0},  {"HK", SSS_WHEEL_LOWEST, 1},
        {"chinese_poker", SSS_WHEEL_LOWEST, 0},
    };
    size_t i, len, len2;
    uint32_t wheel;
    uint8_t flag;
    char *json, *json2, *bad;
    SssRules *r, *back, *copy;

    for (i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        r = preset(presets[i].name);
        expect(sss_rules_validate(r), SSS_OK, NULL, presets[i].name);
        expect(sss_rules_get_wheel(r, &wheel), SSS_OK, NULL, "get wheel");
        check(wheel == presets[i].wheel, "%s wheel %u", presets[i].name, wheel);
        expect(sss_rules_get_suit_tiebreak(r, &flag), SSS_OK, NULL, "get tb");
        check(flag == presets[i].suit_tiebreak, "%s suit_tiebreak %u", presets[i].name, flag);
        expect(sss_rules_get_strict_order(r, &flag), SSS_OK, NULL, "get so");
        check(flag == 0, "%s strict_order %u", presets[i].name, flag);
        /* Every preset settles all pairs; only chinese_poker pays a majority bonus (RULES.md §9). */
        expect(sss_rules_get_table(r, &wheel), SSS_OK, NULL, "get table");
        check(wheel == SSS_TABLE_ALL_PAIRS, "%s table %u", presets[i].name, wheel);
        expect(sss_rules_get_majority_bonus(r, &wheel), SSS_OK, NULL, "get majority bonus");
        check(wheel == (strcmp(presets[i].name, "chinese_poker") == 0 ? 1u : 0u), "%s majority_bonus %u",
              presets[i].name, wheel);
        sss_rules_free(r);
    }

    /* Setters and clone. */
    r = preset("classic");
    expect(sss_rules_set_wheel(r, SSS_WHEEL_LOWEST), SSS_OK, NULL, "set wheel");
    expect(sss_rules_set_suit_tiebreak(r, 1), SSS_OK, NULL, "set tb");
    expect(sss_rules_set_strict_order(r, 1), SSS_OK, NULL, "set so");
    expect(sss_rules_clone(r, &copy), SSS_OK, NULL, "clone");
    CHECK(copy != r);
    expect(sss_rules_set_strict_order(copy, 0), SSS_OK, NULL, "set so on clone");
    CHECK(sss_rules_get_strict_order(r, &flag) == SSS_OK && flag == 1);
    CHECK(sss_rules_get_strict_order(copy, &flag) == SSS_OK && flag == 0);
    CHECK(sss_rules_get_wheel(copy, &wheel) == SSS_OK && wheel == SSS_WHEEL_LOWEST);
    CHECK(sss_rules_get_suit_tiebreak(copy, &flag) == SSS_OK && flag == 1);
    /* A failed set changes nothing. */
    CHECK(sss_rules_set_wheel(r, 9) == SSS_ERR_INVALID_ARGUMENT);
    CHECK(sss_rules_get_wheel(r, &wheel) == SSS_OK && wheel == SSS_WHEEL_LOWEST);

    /* JSON round trip keeps every option, including those set above. */
    json = to_json(r, &len);
    CHECK(strstr(json, "\"wheel\": \"lowest\"") != NULL);
    CHECK(strstr(json, "\"strict_order\": true") != NULL);
    expect(sss_rules_from_json(u8s(json), len, &back), SSS_OK, NULL, "from json");
    json2 = to_json(back, &len2);
    CHECK(len == len2 && strcmp(json, json2) == 0);
    CHECK(sss_rules_get_strict_order(back, &flag) == SSS_OK && flag == 1);
    free(json2);
    sss_rules_free(back);

    /* Edited JSON is read back. */
    bad = replace(json, "\"strict_order\": true", "\"strict_order\": false");
    expect(sss_rules_from_json(u8s(bad), strlen(bad), &back), SSS_OK, NULL, "edited json");
    CHECK(sss_rules_get_strict_order(back, &flag) == SSS_OK && flag == 0);
    sss_rules_free(back);
    free(bad);

    /* Bad JSON: each names the JSON path (or the syntax problem). */
    back = NULL;
    bad = replace(json, "\"front_trips\": 3", "\"front_trips\": \"three\"");
    expect(sss_rules_from_json(u8s(bad), strlen(bad), &back), SSS_ERR_INVALID_RULES, "lane_water.front_trips",
           "wrong type");
    free(bad);
    bad = replace(json, "\"front_trips\": 3", "\"front_trips\": 0");
    expect(sss_rules_from_json(u8s(bad), strlen(bad), &back), SSS_ERR_INVALID_RULES, "lane_water.front_trips",
           "zero water");
    free(bad);
    bad = replace(json, "\"wheel\": \"lowest\"", "\"wheel\": \"sideways\"");
    expect(sss_rules_from_json(u8s(bad), strlen(bad), &back), SSS_ERR_INVALID_RULES, "wheel", "unknown variant");
    free(bad);
    bad = replace(json, "\"strict_order\": true", "\"strict_order\": true, \"wild_cards\": 2");
    expect(sss_rules_from_json(u8s(bad), strlen(bad), &back), SSS_ERR_INVALID_RULES, "wild_cards", "unknown field");
    free(bad);
    expect(sss_rules_from_json(u8s(json), len / 2, &back), SSS_ERR_INVALID_RULES, "invalid rule set", "truncated");
    expect(sss_rules_from_json(u8s("[]"), 2, &back), SSS_ERR_INVALID_RULES, NULL, "array");
    expect(sss_rules_from_json(NULL, 0, &back), SSS_ERR_INVALID_RULES, NULL, "empty");
    CHECK(back == NULL);
    free(json);
    sss_rules_free(r);
    sss_rules_free(copy);

    /* A partial rule set: a "preset" to start from (default classic), then only the changes. */
    {
        static const char *partials[2][3] = {
            {"{\"lane_water\": {\"front_trips\": 4}}", "classic", "\"front_trips\": 3"},
            {"{\"preset\": \"kx\", \"lane_water\": {\"front_trips\": 4}}", "kx", "\"front_trips\": 3"},
        };
        for (int k = 0; k < 2; k++) {
            SssRules *partial = NULL, *preset = NULL;
            char *got, *want, *edited;
            expect(sss_rules_from_json(u8s(partials[k][0]), strlen(partials[k][0]), &partial), SSS_OK, NULL,
                   "partial json");
            expect(sss_rules_new_preset(u8s(partials[k][1]), strlen(partials[k][1]), &preset), SSS_OK, NULL,
                   "partial's preset");
            got = to_json(partial, &len);
            want = to_json(preset, &len2);
            edited = replace(want, partials[k][2], "\"front_trips\": 4");
            CHECK(strcmp(got, edited) == 0);
            free(got);
            free(want);
            free(edited);
            sss_rules_free(partial);
            sss_rules_free(preset);
        }
        expect(sss_rules_from_json(u8s("{\"preset\": \"macau\"}"), 19, &back), SSS_ERR_UNKNOWN_PRESET, "macau",
               "partial's unknown preset");
        expect(sss_rules_from_json(u8s("{\"front_trip\": 4}"), 17, &back), SSS_ERR_INVALID_RULES, "front_trip",
               "partial's unknown field");
        CHECK(back == NULL);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Evaluation and comparison (poker order known by heart)                                     */
/* ------------------------------------------------------------------------------------------ */

static void test_evaluation(void) {
    /* Strictly increasing under classic (wheel second highest). */
    static const struct {
        const char *text;
        uint8_t category;
        uint8_t top_rank;
    } ladder5[] = {
        {"7c 5d 4h 3s 2c", SSS_CATEGORY_HIGH_CARD, 5},
        {"Ac Kd Qh Js 9c", SSS_CATEGORY_HIGH_CARD, 12},
        {"2c 2d 3h 4s 5c", SSS_CATEGORY_ONE_PAIR, 0},
        {"Ac Ad Kh Qs Jc", SSS_CATEGORY_ONE_PAIR, 12},
        {"3c 3d 2h 2s 4c", SSS_CATEGORY_TWO_PAIR, 1},
        {"Ac Ad Kh Ks Qc", SSS_CATEGORY_TWO_PAIR, 12},
        {"2c 2d 2h 3s 4c", SSS_CATEGORY_THREE_OF_A_KIND, 0},
        {"Ac Ad Ah Ks Qc", SSS_CATEGORY_THREE_OF_A_KIND, 12},
        {"6c 5d 4h 3s 2c", SSS_CATEGORY_STRAIGHT, 4},
        {"Kc Qd Jh Ts 9c", SSS_CATEGORY_STRAIGHT, 11},
        {"5c 4d 3h 2s Ac", SSS_CATEGORY_STRAIGHT, 12}, /* the wheel, second highest */
        {"Ac Kd Qh Js Tc", SSS_CATEGORY_STRAIGHT, 12},
        {"7c 5c 4c 3c 2c", SSS_CATEGORY_FLUSH, 5},
        {"Ac Kc Qc Jc 9c", SSS_CATEGORY_FLUSH, 12},
        {"2c 2d 2h 3s 3c", SSS_CATEGORY_FULL_HOUSE, 0},
        {"Ac Ad Ah Ks Kc", SSS_CATEGORY_FULL_HOUSE, 12},
        {"2c 2d 2h 2s 3c", SSS_CATEGORY_FOUR_OF_A_KIND, 0},
        {"Ac Ad Ah As Kc", SSS_CATEGORY_FOUR_OF_A_KIND, 12},
        {"6h 5h 4h 3h 2h", SSS_CATEGORY_STRAIGHT_FLUSH, 4},
        {"Kh Qh Jh Th 9h", SSS_CATEGORY_STRAIGHT_FLUSH, 11},
        {"5d 4d 3d 2d Ad", SSS_CATEGORY_STRAIGHT_FLUSH, 12},
        {"As Ks Qs Js Ts", SSS_CATEGORY_STRAIGHT_FLUSH, 12},
    };
    static const char *ladder3[] = {"4c 3d 2h", "Ac Kd Qh", "2c 2d 3h", "Ac Ad Kh", "2c 2d 2h", "Ac Ad Ah"};
    size_t i;
    SssRules *classic = preset("classic"), *hk = preset("hk");
    SssHandRank prev, cur;
    char buf[128];
    size_t n;

    for (i = 0; i < sizeof ladder5 / sizeof ladder5[0]; i++) {
        cur = eval_text(classic, ladder5[i].text);
        check(cur.category == ladder5[i].category, "%s: category %d", ladder5[i].text, cur.category);
        check(cur.top_rank == ladder5[i].top_rank, "%s: top rank %d", ladder5[i].text, cur.top_rank);
        check(cur.card_count == 5 && cur.tiebreak_suit == 0, "%s: count/suit", ladder5[i].text);
        check((cur.value >> 22) == cur.category, "%s: value carries the category", ladder5[i].text);
        if (i > 0) {
            check(cur.value > prev.value, "%s above %s", ladder5[i].text, ladder5[i - 1].text);
            check(compare_text(classic, ladder5[i].text, ladder5[i - 1].text) == 1, "compare %s", ladder5[i].text);
            check(compare_text(classic, ladder5[i - 1].text, ladder5[i].text) == -1, "compare %s", ladder5[i].text);
        }
        prev = cur;
    }
    for (i = 0; i < sizeof ladder3 / sizeof ladder3[0]; i++) {
        cur = eval_text(classic, ladder3[i]);
        check(cur.card_count == 3, "%s: 3 cards", ladder3[i]);
        if (i > 0) {
            check(cur.value > prev.value, "%s above %s", ladder3[i], ladder3[i - 1]);
        }
        prev = cur;
    }
    CHECK(eval_text(classic, "Ac Ad Ah").category == SSS_CATEGORY_THREE_OF_A_KIND);
    CHECK(eval_text(classic, "Ac Kc Qc").category == SSS_CATEGORY_HIGH_CARD); /* no 3-card flush/straight */

    /* Ties and kickers. */
    CHECK(compare_text(classic, "As Kd Qh Js 9c", "Ac Kh Qd Jc 9s") == 0);
    CHECK(compare_text(classic, "Kc Kd 9h 5s 3c", "Kh Ks 9c 5d 2c") == 1);
    CHECK(compare_text(classic, "Qc Qd 9h 9s Ac", "Qh Qs 9c 9d Kc") == 1);
    /* Lowest wheel: below 6-high. */
    expect(sss_rules_set_wheel(classic, SSS_WHEEL_LOWEST), SSS_OK, NULL, "lowest");
    CHECK(compare_text(classic, "5c 4d 3h 2s Ac", "6c 5d 4h 3s 2c") == -1);
    CHECK(compare_text(classic, "5d 4d 3d 2d Ad", "6h 5h 4h 3h 2h") == -1);
    CHECK(eval_text(classic, "5c 4d 3h 2s Ac").top_rank == 3); /* the 5 tops a low wheel */
    /* Suit tie-break (hk): the top group's suit decides, spades highest. */
    CHECK(compare_text(hk, "As Kd Qh Js 9c", "Ac Kh Qd Jc 9s") == 1);
    CHECK(compare_text(hk, "Kc Kd 9h 5s 3c", "Kh Ks 9c 5d 3d") == -1);
    CHECK(eval_text(hk, "As Kd Qh Js 9c").tiebreak_suit == 3);
    CHECK(eval_text(hk, "Kc Kh 9h 5s 3c").tiebreak_suit == 2);
    /* Different sizes cannot be compared. */
    {
        uint8_t a[3] = {0, 4, 8}, b[5] = {1, 5, 9, 13, 21};
        int32_t order = 5;
        expect(sss_compare(classic, a, 3, b, 5, &order), SSS_ERR_WRONG_CARD_COUNT, "expected 3 cards, got 5", "3v5");
        CHECK(order == 5);
    }
    /* Names and descriptions. */
    {
        static const char *en[] = {"high card", "one pair",  "two pair",       "three of a kind", "straight",
                                   "flush",     "full house", "four of a kind", "straight flush",  "five of a kind"};
        static const char *zh[] = {"乌龙", "对子", "两对", "三条", "顺子", "同花", "葫芦", "铁支", "同花顺", "五同"};
        uint32_t c;
        for (c = 0; c < 10; c++) {
            expect(sss_category_name(c, SSS_LANGUAGE_ENGLISH, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "en");
            check(strcmp(buf, en[c]) == 0, "category %u is \"%s\"", c, buf);
            expect(sss_category_name(c, SSS_LANGUAGE_CHINESE, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "zh");
            check(strcmp(buf, zh[c]) == 0, "category %u is \"%s\"", c, buf);
        }
        cur = eval_text(hk, "Kc Kd Kh 9c 9d");
        expect(sss_hand_rank_describe(cur.value, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "describe");
        CHECK(strcmp(buf, "full house, K over 9") == 0);
    }
    sss_rules_free(classic);
    sss_rules_free(hk);
}

/* ------------------------------------------------------------------------------------------ */
/* Arrangements and fouls                                                                     */
/* ------------------------------------------------------------------------------------------ */

static SssArrangementEval check_lanes(const SssRules *r, const char *f, const char *m, const char *b, SssStatus want,
                                      const char *needle) {
    uint8_t cf[13], cm[13], cb[13], all[39];
    int nf = hand(f, cf), nm = hand(m, cm), nb = hand(b, cb);
    SssArrangementEval e, e13;
    memset(&e, 0xCD, sizeof e);
    expect(sss_arrangement_check(r, cf, (size_t)nf, cm, (size_t)nm, cb, (size_t)nb, &e), want, needle, f);
    if (want == SSS_OK) {
        /* The 13-code form agrees. */
        memcpy(all, cf, (size_t)nf);
        memcpy(all + nf, cm, (size_t)nm);
        memcpy(all + nf + nm, cb, (size_t)nb);
        expect(sss_arrangement_check13(r, all, (size_t)(nf + nm + nb), &e13), SSS_OK, NULL, "13");
        CHECK(e.foul_bits == e13.foul_bits && e.is_foul == e13.is_foul && e.front.value == e13.front.value &&
              e.middle.value == e13.middle.value && e.back.value == e13.back.value);
        CHECK(e.is_foul == (e.foul_bits != 0));
        CHECK(e.front.card_count == 3 && e.middle.card_count == 5 && e.back.card_count == 5);
    }
    return e;
}

static void test_arrangements(void) {
    SssRules *r = preset("classic");
    SssArrangementEval e;
    uint8_t codes[13];

    e = check_lanes(r, "Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d", SSS_OK, NULL);
    CHECK(e.foul_bits == 0 && e.is_foul == 0); /* K K 9 equals K K 9 5 3: legal */
    CHECK(e.front.category == SSS_CATEGORY_ONE_PAIR && e.back.category == SSS_CATEGORY_FULL_HOUSE);
    e = check_lanes(r, "As Ad Ah", "Ks Kh 9s 5s 3h", "Qs Qd 7h 4c 3d", SSS_OK, NULL);
    CHECK(e.foul_bits == 3 && e.is_foul == 1);
    e = check_lanes(r, "2d 3c 5h", "Ks Kh 9s 9c 3h", "Qs Qd 7h 4c 3d", SSS_OK, NULL);
    CHECK(e.foul_bits == 2 && e.is_foul == 1);
    e = check_lanes(r, "Qh Qc 2s", "Js Jh 9s 5s 3h", "As Ad Ah 2c 2d", SSS_OK, NULL);
    CHECK(e.foul_bits == 1);
    /* Equal middle and back are legal, a foul under strict_order. */
    e = check_lanes(r, "2d 3c 4d", "As Qs 9s 5s 3s", "Ah Qh 9h 5h 3h", SSS_OK, NULL);
    CHECK(e.foul_bits == 0);
    expect(sss_rules_set_strict_order(r, 1), SSS_OK, NULL, "strict");
    e = check_lanes(r, "2d 3c 4d", "As Qs 9s 5s 3s", "Ah Qh 9h 5h 3h", SSS_OK, NULL);
    CHECK(e.foul_bits == 2);
    e = check_lanes(r, "Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d", SSS_OK, NULL);
    CHECK(e.foul_bits == 1);
    /* Suits never decide a foul, even with the suit tie-break on. */
    expect(sss_rules_set_strict_order(r, 0), SSS_OK, NULL, "not strict");
    expect(sss_rules_set_suit_tiebreak(r, 1), SSS_OK, NULL, "tb");
    e = check_lanes(r, "2d 3c 4h", "As Qs 9s 5s 3s", "Ah Qh 9h 5h 3h", SSS_OK, NULL);
    CHECK(e.foul_bits == 0 && e.middle.value > e.back.value);
    /* Errors: lane sizes, duplicates across lanes (position counts across lanes), codes. */
    check_lanes(r, "As Kd", "Qh Jh Th 9h 8h", "2c 3c 4c 5c 6c", SSS_ERR_WRONG_CARD_COUNT, "expected 3 cards, got 2");
    check_lanes(r, "As Kd Qh", "Qh Jh Th 9h", "2c 3c 4c 5c 6c", SSS_ERR_WRONG_CARD_COUNT, "expected 5 cards, got 4");
    check_lanes(r, "As Kd Qh", "As Jh Th 9h 8h", "2c 3c 4c 5c 6c", SSS_ERR_DUPLICATE_CARD,
                "duplicate card As at position 3");
    check_lanes(r, "As Kd Qh", "Js Jh Th 9h 8h", "2c 3c 4c 5c Qh", SSS_ERR_DUPLICATE_CARD, "position 12");
    CHECK(hand("As Kd Qh Js Jh Th 9h 8h 2c 3c 4c 5c 6c", codes) == 13);
    codes[12] = 52;
    {
        SssArrangementEval out;
        expect(sss_arrangement_check13(r, codes, 13, &out), SSS_ERR_BAD_CARD_CODE, "52", "bad code 13");
        codes[12] = 0;
        expect(sss_arrangement_check13(r, codes, 12, &out), SSS_ERR_WRONG_CARD_COUNT, "expected 13 cards, got 12",
               "12 cards");
        expect(sss_arrangement_check(r, NULL, 3, codes, 5, codes, 5, &out), SSS_ERR_NULL_POINTER, "`front`", "null f");
    }
    sss_rules_free(r);
}

/* ------------------------------------------------------------------------------------------ */
/* Threads: the last error is per thread; const rules are shared safely                       */
/* ------------------------------------------------------------------------------------------ */

typedef struct {
    const SssRules *rules;
    size_t fresh_len;
    int errors;
    uint32_t value;
} thread_arg;

static void *thread_main(void *p) {
    thread_arg *a = (thread_arg *)p;
    uint8_t codes[5] = {51, 47, 43, 39, 35};
    uint8_t bad[2] = {60, 1};
    int i;
    SssHandRank hr;
    a->fresh_len = sss_last_error_length();
    for (i = 0; i < 2000; i++) {
        if (sss_evaluate(a->rules, codes, 5, &hr) != SSS_OK) {
            a->errors++;
        }
    }
    a->value = hr.value;
    if (sss_cards_validate(bad, 2) != SSS_ERR_BAD_CARD_CODE) {
        a->errors++;
    }
    return NULL;
}

static void test_threads(void) {
    pthread_t t[2];
    thread_arg args[2];
    int i;
    SssRules *r = preset("classic");
    uint8_t code;
    SssHandRank royal = eval_text(r, "As Ks Qs Js Ts");
    CHECK(sss_card_parse(u8s("Zz"), 2, &code) == SSS_ERR_UNKNOWN_RANK);
    for (i = 0; i < 2; i++) {
        memset(&args[i], 0, sizeof args[i]);
        args[i].rules = r;
        CHECK(pthread_create(&t[i], NULL, thread_main, &args[i]) == 0);
    }
    for (i = 0; i < 2; i++) {
        CHECK(pthread_join(t[i], NULL) == 0);
        CHECK(args[i].fresh_len == 0); /* a new thread has no last error */
        CHECK(args[i].errors == 0);
        CHECK(args[i].value == royal.value);
    }
    CHECK(strstr(last_error(), "\"Zz\"") != NULL); /* other threads' errors did not leak here */
    sss_rules_free(r);
}

/* ------------------------------------------------------------------------------------------ */
/* Shared vectors (tests/vectors/eval.json)                                                   */
/* ------------------------------------------------------------------------------------------ */

static int json_int(const json *obj, const char *key) {
    const json *v = json_get(obj, key);
    check(v != NULL && v->type == JSON_NUMBER, "vector member %s is a number", key);
    return v != NULL && v->type == JSON_NUMBER ? (int)v->number : -1;
}

static int json_bool(const json *obj, const char *key) {
    const json *v = json_get(obj, key);
    check(v != NULL && v->type == JSON_BOOL, "vector member %s is a boolean", key);
    return v != NULL && v->type == JSON_BOOL ? v->boolean : -1;
}

static const char *json_str(const json *obj, const char *key) {
    const json *v = json_get(obj, key);
    check(v != NULL && v->type == JSON_STRING, "vector member %s is a string", key);
    return v != NULL && v->type == JSON_STRING ? v->string : "";
}

/* Codes of a JSON array of numbers; returns the count (codes above 255 are kept as 255+). */
static size_t json_codes(const json *arr, uint8_t *out, size_t cap) {
    size_t i;
    check(arr != NULL && arr->type == JSON_ARRAY && arr->count <= cap, "vector codes array");
    if (arr == NULL || arr->type != JSON_ARRAY || arr->count > cap) {
        return 0;
    }
    for (i = 0; i < arr->count; i++) {
        out[i] = (uint8_t)arr->items[i]->number;
    }
    return arr->count;
}

/* The rule set of a vector: classic with wheel / suit_tiebreak / strict_order changed. */
static SssRules *vector_rules(const json *v, int with_strict) {
    SssRules *r = preset("classic");
    const char *wheel = json_str(v, "wheel");
    uint32_t w = strcmp(wheel, "lowest") == 0 ? SSS_WHEEL_LOWEST : SSS_WHEEL_SECOND_HIGHEST;
    check(strcmp(wheel, "lowest") == 0 || strcmp(wheel, "second_highest") == 0, "wheel %s", wheel);
    CHECK(sss_rules_set_wheel(r, w) == SSS_OK);
    CHECK(sss_rules_set_suit_tiebreak(r, (uint8_t)json_bool(v, "suit_tiebreak")) == SSS_OK);
    if (with_strict) {
        CHECK(sss_rules_set_strict_order(r, (uint8_t)json_bool(v, "strict_order")) == SSS_OK);
    }
    return r;
}

static SssStatus kind_status(const char *kind) {
    /* Spelled out here, independently of sss_status_name. */
    if (strcmp(kind, "unknown_rank") == 0) return SSS_ERR_UNKNOWN_RANK;
    if (strcmp(kind, "unknown_suit") == 0) return SSS_ERR_UNKNOWN_SUIT;
    if (strcmp(kind, "bad_card_code") == 0) return SSS_ERR_BAD_CARD_CODE;
    if (strcmp(kind, "duplicate_card") == 0) return SSS_ERR_DUPLICATE_CARD;
    if (strcmp(kind, "wrong_card_count") == 0) return SSS_ERR_WRONG_CARD_COUNT;
    check(0, "unknown error kind %s in the vectors", kind);
    return SSS_OK;
}

static void test_vectors(const char *path) {
    size_t len, i, n;
    char *text = read_file(path, &len);
    json *doc;
    const json *cards, *hands, *arrs, *errs;
    int counts[4] = {0, 0, 0, 0};
    char buf[256];
    uint8_t codes[64], want[64];

    check(text != NULL, "read %s", path);
    if (text == NULL) {
        return;
    }
    doc = json_parse(text, len);
    check(doc != NULL, "parse %s", path);
    if (doc == NULL) {
        free(text);
        return;
    }
    CHECK(json_int(doc, "version") == 1);
    cards = json_get(doc, "cards");
    hands = json_get(doc, "hands");
    arrs = json_get(doc, "arrangements");
    errs = json_get(doc, "errors");
    CHECK(cards != NULL && hands != NULL && arrs != NULL && errs != NULL);
    if (cards == NULL || hands == NULL || arrs == NULL || errs == NULL) {
        json_free(doc);
        free(text);
        return;
    }
    CHECK(cards->count >= 52 && hands->count > 0 && arrs->count > 0 && errs->count > 0);

    for (i = 0; i < cards->count; i++) {
        const json *c = cards->items[i];
        const char *t = json_str(c, "text");
        uint8_t code = 0xEE, expected = (uint8_t)json_int(c, "code");
        expect(sss_card_parse(u8s(t), strlen(t), &code), SSS_OK, NULL, t);
        check(code == expected, "card %s -> %d, vector says %d", t, code, expected);
        expect(sss_cards_format(&expected, 1, SSS_CARD_STYLE_LETTERS, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL,
               "format");
        check(strcmp(buf, json_str(c, "display")) == 0, "card %d displays %s", expected, buf);
        if (i < 52) {
            check(expected == i, "the first 52 cards are codes 0..51 (%s)", t);
        }
        counts[0]++;
    }

    for (i = 0; i < hands->count; i++) {
        const json *h = hands->items[i];
        const char *t = json_str(h, "text");
        size_t nw = json_codes(json_get(h, "codes"), want, sizeof want);
        SssRules *r = vector_rules(h, 0);
        SssHandRank hr;
        expect(sss_cards_parse(u8s(t), strlen(t), codes, sizeof codes, &n), SSS_OK, NULL, t);
        check(n == nw && memcmp(codes, want, n) == 0, "hand \"%s\" parses to the vector's codes", t);
        expect(sss_evaluate(r, want, nw, &hr), SSS_OK, NULL, t);
        check(hr.value == (uint32_t)json_int(h, "value"), "hand \"%s\" (%s, tb %d): value %u, vector %d", t,
              json_str(h, "wheel"), json_bool(h, "suit_tiebreak"), hr.value, json_int(h, "value"));
        check(hr.category == json_int(h, "category"), "hand \"%s\": category %d", t, hr.category);
        check(hr.card_count == nw, "hand \"%s\": card count", t);
        sss_rules_free(r);
        counts[1]++;
    }

    for (i = 0; i < arrs->count; i++) {
        const json *a = arrs->items[i];
        uint8_t f[8], m[8], b[8];
        size_t nf = json_codes(json_get(a, "front"), f, 8), nm = json_codes(json_get(a, "middle"), m, 8),
               nb = json_codes(json_get(a, "back"), b, 8);
        SssRules *r = vector_rules(a, 1);
        SssArrangementEval e;
        uint8_t bits = (uint8_t)(json_bool(a, "front_over_middle") | (json_bool(a, "middle_over_back") << 1));
        expect(sss_arrangement_check(r, f, nf, m, nm, b, nb, &e), SSS_OK, NULL, "vector arrangement");
        check(e.foul_bits == bits, "arrangement %zu: foul bits %d, vector %d", i, e.foul_bits, bits);
        check(e.is_foul == (bits != 0), "arrangement %zu: is_foul", i);
        sss_rules_free(r);
        counts[2]++;
    }

    {
        SssRules *classic = preset("classic");
        for (i = 0; i < errs->count; i++) {
            const json *e = errs->items[i];
            SssStatus wantst = kind_status(json_str(e, "kind"));
            const json *pos = json_get(e, "position");
            const json *jt = json_get(e, "text");
            SssStatus got;
            SssHandRank hr;
            char needle[32];
            if (jt != NULL) {
                /* Text inputs: parse as a hand, then evaluate. */
                got = sss_cards_parse(u8s(jt->string), jt->string_len, codes, sizeof codes, &n);
                if (got == SSS_OK) {
                    got = sss_evaluate(classic, codes, n, &hr);
                }
            } else {
                n = json_codes(json_get(e, "codes"), codes, sizeof codes);
                got = sss_evaluate(classic, codes, n, &hr);
            }
            snprintf(needle, sizeof needle, "position %d", pos != NULL ? (int)pos->number : 0);
            expect(got, wantst, pos != NULL ? needle : NULL, jt != NULL ? jt->string : "codes");
            {
                size_t nn;
                expect(sss_status_name(got, (uint8_t *)buf, sizeof buf, &nn), SSS_OK, NULL, "status name");
                check(strcmp(buf, json_str(e, "kind")) == 0, "error %zu: kind %s, vector %s", i, buf,
                      json_str(e, "kind"));
            }
            counts[3]++;
        }
        sss_rules_free(classic);
    }
    printf("vectors: %d cards, %d hands, %d arrangements, %d errors\n", counts[0], counts[1], counts[2], counts[3]);
    json_free(doc);
    free(text);
}

/* ------------------------------------------------------------------------------------------ */
/* Special hands: detection, names, water, errors, shared vectors                             */
/* ------------------------------------------------------------------------------------------ */

/* RULES.md §6 in table order: the SssSpecial numbers, spelled out independently of the library. */
static const char *const SPECIAL_IDS[SSS_SPECIAL_COUNT] = {"SD", "DR", "TR",  "TSF", "TQ", "AB", "AS", "OC",
                                                           "TTQ", "FT", "FPT", "SP", "TF", "TS", "BR", "RB"};

static int special_number(const char *id) {
    int i;
    for (i = 0; i < SSS_SPECIAL_COUNT; i++) {
        if (strcmp(SPECIAL_IDS[i], id) == 0) {
            return i;
        }
    }
    check(0, "unknown special id %s", id);
    return -1;
}

/* The ids of `all`, space-separated ("" for none). */
static const char *special_ids(const SssSpecialDetection *d) {
    static char buf[128];
    size_t i, at = 0;
    buf[0] = '\0';
    for (i = 0; i < d->count && i < SSS_SPECIAL_COUNT; i++) {
        const char *id = d->all[i] < SSS_SPECIAL_COUNT ? SPECIAL_IDS[d->all[i]] : "?";
        at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%s", i ? " " : "", id);
    }
    return buf;
}

/* "front / middle / back" of a detection's arrangement, each lane as the library formats it. */
static const char *special_lanes(const SssSpecialDetection *d) {
    static char buf[128];
    char f[32], m[32], b[32];
    size_t n;
    CHECK(sss_cards_format(d->front, 3, SSS_CARD_STYLE_LETTERS, (uint8_t *)f, sizeof f, &n) == SSS_OK);
    CHECK(sss_cards_format(d->middle, 5, SSS_CARD_STYLE_LETTERS, (uint8_t *)m, sizeof m, &n) == SSS_OK);
    CHECK(sss_cards_format(d->back, 5, SSS_CARD_STYLE_LETTERS, (uint8_t *)b, sizeof b, &n) == SSS_OK);
    snprintf(buf, sizeof buf, "%s / %s / %s", f, m, b);
    return buf;
}

/* Lane shapes, from RULES.md §6 (A-2-3 and Q-K-A count, K-A-2 does not; the wheel counts). */
static int lane_straight(const uint8_t *codes, size_t n) {
    int seen[13] = {0}, i, lo = 13, run = 0;
    for (i = 0; i < (int)n; i++) {
        if (seen[codes[i] / 4]++) {
            return 0;
        }
    }
    if (seen[12] && seen[0] && seen[1] && (n == 3 || (seen[2] && seen[3]))) {
        return 1; /* A-2-3, A-2-3-4-5 */
    }
    for (i = 0; i < 13; i++) {
        if (seen[i] && lo == 13) {
            lo = i;
        }
    }
    for (i = lo; i < 13 && seen[i]; i++) {
        run++;
    }
    return run == (int)n;
}

static int lane_flush(const uint8_t *codes, size_t n) {
    size_t i;
    for (i = 1; i < n; i++) {
        if (codes[i] % 4 != codes[0] % 4) {
            return 0;
        }
    }
    return 1;
}

/* The detection's arrangement is present exactly for TSF/TF/TS, uses the hand's 13 cards, lists
 * each lane highest first, has the special's shape in every lane, and is legal (the library's own
 * foul check, under the same rules). */
static void check_special_arrangement(const SssRules *r, const uint8_t *hand, const SssSpecialDetection *d,
                                      const char *what) {
    int lane_split = d->has_best && (d->best == SSS_SPECIAL_THREE_STRAIGHT_FLUSHES ||
                                     d->best == SSS_SPECIAL_THREE_FLUSHES || d->best == SSS_SPECIAL_THREE_STRAIGHTS);
    uint8_t all[13];
    int used[52] = {0}, i, ok = 1;
    const uint8_t *lanes[3];
    const size_t sizes[3] = {3, 5, 5};
    SssArrangementEval e;
    check(d->has_arrangement == lane_split, "%s: has_arrangement %d", what, d->has_arrangement);
    if (!d->has_arrangement) {
        for (i = 0; i < 3; i++) {
            check(d->front[i] == SSS_SPECIAL_NONE, "%s: empty front slot", what);
        }
        return;
    }
    lanes[0] = d->front;
    lanes[1] = d->middle;
    lanes[2] = d->back;
    memcpy(all, d->front, 3);
    memcpy(all + 3, d->middle, 5);
    memcpy(all + 8, d->back, 5);
    for (i = 0; i < 13; i++) {
        ok &= all[i] < 52 && !used[all[i]];
        if (all[i] < 52) {
            used[all[i]] = 1;
        }
    }
    for (i = 0; i < 13; i++) {
        ok &= used[hand[i]];
    }
    check(ok, "%s: the arrangement %s is the hand's 13 cards", what, special_lanes(d));
    for (i = 0; i < 3; i++) {
        size_t k;
        int straight = lane_straight(lanes[i], sizes[i]), flush = lane_flush(lanes[i], sizes[i]);
        int shape = d->best == SSS_SPECIAL_THREE_FLUSHES ? flush
                    : d->best == SSS_SPECIAL_THREE_STRAIGHTS ? straight
                                                              : straight && flush;
        check(shape, "%s: lane %d of %s has the special's shape", what, i, special_lanes(d));
        for (k = 1; k < sizes[i]; k++) {
            check(lanes[i][k - 1] / 4 >= lanes[i][k] / 4, "%s: lane %d highest first", what, i);
        }
    }
    expect(sss_arrangement_check(r, d->front, 3, d->middle, 5, d->back, 5, &e), SSS_OK, NULL, what);
    check(e.is_foul == 0, "%s: the arrangement %s fouls (bits %d)", what, special_lanes(d), e.foul_bits);
}

static SssSpecialDetection detect_text(const SssRules *r, const char *text) {
    uint8_t codes[13];
    SssSpecialDetection d;
    int n = hand(text, codes);
    memset(&d, 0xCD, sizeof d);
    check(n == 13, "\"%s\" has 13 cards", text);
    if (n == 13) {
        expect(sss_special_detect(r, codes, 13, &d), SSS_OK, NULL, text);
        check_special_arrangement(r, codes, &d, text);
    }
    return d;
}

/* `rules` is a preset name, or "extras": regional with the two regional extras put first
 * through its JSON. */
static SssRules *special_rules(const char *name) {
    SssRules *r, *extras = NULL;
    size_t len;
    char *json, *edited;
    if (strcmp(name, "extras") != 0) {
        return preset(name);
    }
    r = preset("regional");
    json = to_json(r, &len);
    edited = replace(json, "\"specials\": [",
                     "\"specials\": [{\"special\": \"BR\", \"water\": 7}, {\"special\": \"RB\", \"water\": 9},");
    expect(sss_rules_from_json(u8s(edited), strlen(edited), &extras), SSS_OK, NULL, "extras JSON");
    free(edited);
    free(json);
    sss_rules_free(r);
    return extras;
}

static void test_specials(void) {
    /* Hand-written: the answer worked out from RULES.md §6 and §9 for each hand. */
    static const struct {
        const char *rules;
        const char *hand;
        const char *all;         /* ids in the rule set's order */
        const char *arrangement; /* NULL: none */
    } cases[] = {
        /* Supreme dragon: SD first; hk lists no SD, so there it is a dragon. */
        {"classic", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "SD DR TSF OC TF TS", NULL},
        {"hk", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "DR TF TS", NULL},
        {"classic", "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad", "DR TS", NULL},
        {"classic", "2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad", "", NULL}, /* no 9: no dragon */
        /* Twelve royals: 13 royals (three quads, six pairs by split quads); 12 only under hk. */
        {"classic", "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", "TR TQ AB SP", NULL},
        {"hk", "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", "TR SP", NULL},
        {"hk", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c", "TR", NULL},
        {"classic", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c", "FT", NULL},
        {"hk", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah 3d 2c", "", NULL},
        /* Three straight flushes, with its arrangement; under hk (no TSF) three flushes. */
        {"classic", "Ah 2h 3h 5c 6c 7c 8c 9c 9d Td Jd Qd Kd", "TSF TF TS", "Ah 3h 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d"},
        {"classic", "Jh Qh Kh Ac 2c 3c 4c 5c 5d 6d 7d 8d 9d", "TSF TF TS", "Kh Qh Jh / 9d 8d 7d 6d 5d / Ac 5c 4c 3c 2c"},
        {"hk", "Jh Qh Kh Ac 2c 3c 4c 5c 5d 6d 7d 8d 9d", "TF TS", "Kh Qh Jh / Ac 5c 4c 3c 2c / 9d 8d 7d 6d 5d"},
        {"classic", "Ah 2h 3d 5c 6c 7c 8c 9c 9d Td Jd Qd Kd", "TS", "Ah 3d 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d"},
        /* Three quads; without a TQ (hk) six pairs. */
        {"classic", "2s 2h 2d 2c 5s 5h 5d 5c 9s 9h 9d 9c Kd", "TQ SP", NULL},
        {"hk", "2s 2h 2d 2c 5s 5h 5d 5c 9s 9h 9d 9c Kd", "SP", NULL},
        /* All big, all small (8 is in both), and near misses. */
        {"classic", "8s 9h Td Jc Qs Kh Ad 8d 9c Tc Js Qd 8c", "AB", NULL},
        {"classic", "2s 2h 2d 3c 4s 5h 6d 7c 8s 3h 4d 5c 6s", "AS", NULL},
        {"classic", "2s 2h 2d 3c 4s 5h 6d 7c 9s 3h 4d 5c 6s", "", NULL},
        /* One colour, black and red. */
        {"classic", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qc", "OC", NULL},
        {"classic", "2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Td Qd", "OC", NULL},
        {"classic", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qh", "", NULL},
        /* Three trips and a quad (regional); classic has no TTQ: four trips by splitting the quad. */
        {"regional", "2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd", "TTQ FT", NULL},
        {"classic", "2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd", "FT", NULL},
        /* Four trips (hk has none), five pairs + trips (a quad as two pairs), six pairs. */
        {"classic", "2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh Kd 3c", "FT", NULL},
        {"hk", "2s 2h 2d 5s 5h 5d 9s 9h 9d Ks Kh Kd 3c", "", NULL},
        {"classic", "2s 2h 2d 5s 5h 7d 7c 9s 9h Jd Jc Ks Kh", "FPT", NULL},
        {"classic", "2s 2h 2d 2c 5s 5h 5d 7d 7c 9s 9h Ks Kh", "FPT", NULL},
        {"classic", "2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Qc As", "SP", NULL},
        {"classic", "2s 2h 2d 2c 4d 4c 6s 6h 8d 8c Ts Th As", "SP", NULL},
        {"classic", "2s 2h 4d 4c 6s 6h 8d 8c Ts Th Qd Kc As", "", NULL},
        /* Trips never split: five pairs + trips is not six pairs. */
        {"classic", "2s 2h 2d 4d 4c 6s 6h 8d 8c Ts Th Qd Qc", "FPT", NULL},
        /* Three flushes (hearts front, the stronger flush behind). */
        {"classic", "2h 5h 9h 3c 6c 8c Tc Qc 4d 7d Jd Kd 2d", "TF", "9h 5h 2h / Qc Tc 8c 6c 3c / Kd Jd 7d 4d 2d"},
        /* Three straights: the worked case, front 3-4-5, middle 7-J, back 9-K. */
        {"classic", "3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc", "TS", "5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s"},
        {"classic", "3s 4d 6c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc", "", NULL},
        /* Several specials at once, in each preset's order. */
        {"classic", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "AS OC SP", NULL},
        {"regional", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "OC AS SP", NULL},
        {"hk", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "SP", NULL},
        /* The regional extras, enabled (first) through JSON. */
        {"extras", "2s 3s 5s 7s 9s Js Ks 2c 4c 6c 8c Tc Qh", "BR", NULL},
        {"extras", "2h 3h 5h 7h 9h Jh Kh 2d 4d 6d 8d Td Qs", "RB", NULL},
        {"extras", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah", "BR DR TS", NULL},
        /* Nothing at all. */
        {"classic", "As Kd Qh Js 9c 8d 7h 5s 4c 3d 2h Tc Td", "", NULL},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        SssRules *r = special_rules(cases[i].rules);
        SssSpecialDetection d = detect_text(r, cases[i].hand);
        char what[128];
        snprintf(what, sizeof what, "%s under %s", cases[i].hand, cases[i].rules);
        check(strcmp(special_ids(&d), cases[i].all) == 0, "%s: specials \"%s\", expected \"%s\"", what,
              special_ids(&d), cases[i].all);
        if (cases[i].all[0] == '\0') {
            check(d.has_best == 0 && d.best == SSS_SPECIAL_NONE && d.count == 0, "%s: nothing", what);
        } else {
            check(d.has_best == 1 && d.best == d.all[0], "%s: best is the first", what);
        }
        check(d.count == SSS_SPECIAL_COUNT || d.all[d.count] == SSS_SPECIAL_NONE, "%s: unused slots", what);
        if (cases[i].arrangement != NULL) {
            check(d.has_arrangement && strcmp(special_lanes(&d), cases[i].arrangement) == 0,
                  "%s: arrangement \"%s\", expected \"%s\"", what, d.has_arrangement ? special_lanes(&d) : "-",
                  cases[i].arrangement);
        } else {
            check(!d.has_arrangement, "%s: no arrangement", what);
        }
        sss_rules_free(r);
    }

    /* Two flushes of the same ranks: legal as middle and back; a foul under strict_order, where
     * no other split makes three flushes (each suit is one whole lane). */
    {
        SssRules *r = preset("classic");
        const char *tf = "2c 3c 5c As Qs 9s 5s 3s Ah Qh 9h 5h 3h";
        SssSpecialDetection d = detect_text(r, tf);
        CHECK(strcmp(special_ids(&d), "TF") == 0);
        CHECK(sss_rules_set_strict_order(r, 1) == SSS_OK);
        d = detect_text(r, tf);
        CHECK(d.has_best == 0 && d.count == 0 && !d.has_arrangement);
        sss_rules_free(r);
    }

    /* Names and ids of every special (independent table), and parsing them back. */
    {
        static const char *const en[SSS_SPECIAL_COUNT] = {
            "supreme dragon", "dragon",     "twelve royals",        "three straight flushes",
            "three quads",    "all big",    "all small",            "one color",
            "three trips and a quad", "four trips", "five pairs and trips", "six pairs",
            "three flushes",  "three straights", "twelve black one red", "twelve red one black"};
        static const char *const zh[SSS_SPECIAL_COUNT] = {
            "至尊清龙", "一条龙", "十二皇族", "三同花顺", "三套炸弹", "全大",   "全小",      "凑一色",
            "三套冲三加炸弹", "四套冲三", "五对冲三", "六对半", "三同花", "三顺子", "全黑一点红", "全红一点黑"};
        char buf[64];
        size_t n;
        uint8_t s;
        uint32_t k;
        for (k = 0; k < SSS_SPECIAL_COUNT; k++) {
            expect(sss_special_id(k, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "id");
            check(strcmp(buf, SPECIAL_IDS[k]) == 0, "special %u id %s", k, buf);
            expect(sss_special_name(k, SSS_LANGUAGE_ENGLISH, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "en");
            check(strcmp(buf, en[k]) == 0, "special %u English %s", k, buf);
            expect(sss_special_name(k, SSS_LANGUAGE_CHINESE, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "zh");
            check(strcmp(buf, zh[k]) == 0 && n == strlen(zh[k]), "special %u Chinese %s", k, buf);
            s = 0xEE;
            expect(sss_special_parse(u8s(SPECIAL_IDS[k]), strlen(SPECIAL_IDS[k]), &s), SSS_OK, NULL, "parse id");
            check(s == k, "parse %s -> %d", SPECIAL_IDS[k], s);
            s = 0xEE;
            expect(sss_special_parse(u8s(en[k]), strlen(en[k]), &s), SSS_OK, NULL, "parse en");
            check(s == k, "parse %s -> %d", en[k], s);
            s = 0xEE;
            expect(sss_special_parse(u8s(zh[k]), strlen(zh[k]), &s), SSS_OK, NULL, "parse zh");
            check(s == k, "parse %s -> %d", zh[k], s);
        }
        CHECK(SSS_SPECIAL_SUPREME_DRAGON == 0 && SSS_SPECIAL_THREE_STRAIGHTS == 13 &&
              SSS_SPECIAL_TWELVE_RED_ONE_BLACK == 15 && SSS_SPECIAL_COUNT == 16 && SSS_SPECIAL_NONE == 255);
        expect(sss_special_parse(u8s("Three_Straights"), 15, &s), SSS_OK, NULL, "underscores");
        CHECK(s == SSS_SPECIAL_THREE_STRAIGHTS);
        /* 三顺子 is 9 bytes: a size query and a too-small buffer. */
        expect(sss_special_name(SSS_SPECIAL_THREE_STRAIGHTS, SSS_LANGUAGE_CHINESE, NULL, 0, &n),
               SSS_ERR_BUFFER_TOO_SMALL, NULL, "size query");
        CHECK(n == 9);
    }

    /* Water and order under the presets of RULES.md §9. */
    {
        SssRules *kx = preset("kx"), *hk = preset("hk"), *classic = preset("classic");
        uint32_t w = 99;
        uint8_t list[SSS_SPECIAL_COUNT];
        size_t n = 0;
        static const uint8_t hk_order[] = {SSS_SPECIAL_DRAGON,         SSS_SPECIAL_TWELVE_ROYALS,
                                           SSS_SPECIAL_THREE_FLUSHES,  SSS_SPECIAL_THREE_STRAIGHTS,
                                           SSS_SPECIAL_SIX_PAIRS,      SSS_SPECIAL_FIVE_PAIRS_TRIPS};
        static const uint32_t classic_water[] = {108, 36, 24, 22, 20, 15, 12, 10, 6, 5, 4, 3, 3};
        expect(sss_special_water(kx, SSS_SPECIAL_SUPREME_DRAGON, &w), SSS_OK, NULL, "kx SD");
        CHECK(w == 32);
        expect(sss_special_water(kx, SSS_SPECIAL_THREE_STRAIGHTS, &w), SSS_OK, NULL, "kx TS");
        CHECK(w == 4);
        expect(sss_special_water(kx, SSS_SPECIAL_THREE_FLUSHES, &w), SSS_OK, NULL, "kx TF");
        CHECK(w == 3);
        expect(sss_special_water(hk, SSS_SPECIAL_SUPREME_DRAGON, &w), SSS_OK, NULL, "hk SD");
        CHECK(w == 0); /* not enabled */
        expect(sss_special_water(hk, SSS_SPECIAL_DRAGON, &w), SSS_OK, NULL, "hk DR");
        CHECK(w == 13);
        expect(sss_rules_get_specials(hk, list, sizeof list, &n), SSS_OK, NULL, "hk order");
        CHECK(n == 6 && memcmp(list, hk_order, 6) == 0);
        expect(sss_rules_get_specials(classic, list, sizeof list, &n), SSS_OK, NULL, "classic order");
        CHECK(n == 13 && list[0] == SSS_SPECIAL_SUPREME_DRAGON && list[12] == SSS_SPECIAL_THREE_STRAIGHTS);
        for (i = 0; i < n && i < 13; i++) {
            expect(sss_special_water(classic, list[i], &w), SSS_OK, NULL, "classic water");
            check(w == classic_water[i], "classic %s water %u", SPECIAL_IDS[list[i]], w);
        }
        expect(sss_rules_get_specials(kx, NULL, 0, &n), SSS_ERR_BUFFER_TOO_SMALL, NULL, "size query");
        CHECK(n == 13);
        expect(sss_rules_get_specials(kx, list, 4, &n), SSS_ERR_BUFFER_TOO_SMALL, "needs 13", "small list");
        sss_rules_free(kx);
        sss_rules_free(hk);
        sss_rules_free(classic);
    }

    /* Bad input: each error typed and named; nothing written on failure. */
    {
        SssRules *r = preset("classic"), *out = NULL;
        uint8_t codes[16], s = 0xEE;
        SssSpecialDetection d;
        char buf[64], *json, *bad;
        size_t n, len;
        uint32_t w = 77;
        CHECK(hand("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad", codes) == 13);
        memset(&d, 0xAB, sizeof d);
        expect(sss_special_detect(r, codes, 12, &d), SSS_ERR_WRONG_CARD_COUNT, "expected 13 cards, got 12", "12");
        codes[13] = 0;
        expect(sss_special_detect(r, codes, 14, &d), SSS_ERR_WRONG_CARD_COUNT, "expected 13 cards, got 14", "14");
        expect(sss_special_detect(r, NULL, 0, &d), SSS_ERR_WRONG_CARD_COUNT, "got 0", "0");
        codes[7] = codes[2];
        expect(sss_special_detect(r, codes, 13, &d), SSS_ERR_DUPLICATE_CARD, "duplicate card 4s at position 7", "dup");
        codes[7] = 200;
        expect(sss_special_detect(r, codes, 13, &d), SSS_ERR_BAD_CARD_CODE, "card code 200", "bad code");
        codes[7] = 52;
        expect(sss_special_detect(r, codes, 3, &d), SSS_ERR_WRONG_CARD_COUNT, "expected 13 cards, got 3", "3");
        expect(sss_special_detect(r, codes, 8, &d), SSS_ERR_BAD_CARD_CODE, "card code 52", "codes before count");
        CHECK(d.has_best == 0xAB && d.count == 0xAB); /* untouched */
        expect(sss_special_detect(NULL, codes, 13, &d), SSS_ERR_NULL_POINTER, "`rules`", "null rules");
        expect(sss_special_detect(r, NULL, 13, &d), SSS_ERR_NULL_POINTER, "`codes`", "null codes");
        expect(sss_special_detect(r, codes, 13, NULL), SSS_ERR_NULL_POINTER, "`out`", "null out");
        /* Numbers that are no special; languages that are none. */
        expect(sss_special_name(SSS_SPECIAL_COUNT, 0, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT,
               "special 16 is not an SssSpecial", "name 16");
        expect(sss_special_name(0xFFFFFFFFu, 0, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT,
               "4294967295", "name max");
        expect(sss_special_name(0, 2, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT, "language 2", "lang");
        expect(sss_special_id(SSS_SPECIAL_NONE, (uint8_t *)buf, sizeof buf, &n), SSS_ERR_INVALID_ARGUMENT, "255", "id");
        expect(sss_special_water(r, 16, &w), SSS_ERR_INVALID_ARGUMENT, "special 16", "water 16");
        CHECK(w == 77);
        expect(sss_special_water(r, 0, NULL), SSS_ERR_NULL_POINTER, "`out_water`", "null water");
        /* Unknown special names. */
        expect(sss_special_parse(u8s("XYZ"), 3, &s), SSS_ERR_UNKNOWN_SPECIAL, "unknown special hand \"XYZ\"", "XYZ");
        expect(sss_special_parse(u8s("三顺"), strlen("三顺"), &s), SSS_ERR_UNKNOWN_SPECIAL, "三顺", "partial");
        expect(sss_special_parse(NULL, 0, &s), SSS_ERR_UNKNOWN_SPECIAL, NULL, "empty");
        expect(sss_special_parse(u8s("\xFF"), 1, &s), SSS_ERR_INVALID_UTF8, NULL, "utf8");
        expect(sss_special_parse(u8s("SD"), 2, NULL), SSS_ERR_NULL_POINTER, "`out_special`", "null parse out");
        CHECK(s == 0xEE);
        /* Malformed rule sets: the JSON path of the bad special is named. */
        json = to_json(r, &len);
        bad = replace(json, "\"TSF\"", "\"XYZ\"");
        expect(sss_rules_from_json(u8s(bad), strlen(bad), &out), SSS_ERR_INVALID_RULES, "specials[3].special",
               "unknown special in JSON");
        free(bad);
        bad = replace(json, "\"TSF\"", "\"DR\"");
        expect(sss_rules_from_json(u8s(bad), strlen(bad), &out), SSS_ERR_INVALID_RULES, "specials[3].special",
               "special listed twice");
        CHECK(strstr(last_error(), "listed twice") != NULL);
        free(bad);
        bad = replace(json, "\"twelve_royals_min\": 13", "\"twelve_royals_min\": 14");
        expect(sss_rules_from_json(u8s(bad), strlen(bad), &out), SSS_ERR_INVALID_RULES, "twelve_royals_min", "tr 14");
        free(bad);
        CHECK(out == NULL);
        free(json);
        sss_rules_free(r);
    }
}

/* Shared special-hand vectors (tests/vectors/special.json, made by ffi/tests/special_vectors.rs). */

static SssStatus special_kind_status(const char *kind) {
    if (strcmp(kind, "bad_card_code") == 0) return SSS_ERR_BAD_CARD_CODE;
    if (strcmp(kind, "duplicate_card") == 0) return SSS_ERR_DUPLICATE_CARD;
    if (strcmp(kind, "wrong_card_count") == 0) return SSS_ERR_WRONG_CARD_COUNT;
    if (strcmp(kind, "invalid_rules") == 0) return SSS_ERR_INVALID_RULES;
    if (strcmp(kind, "unknown_special") == 0) return SSS_ERR_UNKNOWN_SPECIAL;
    check(0, "unknown error kind %s in the special vectors", kind);
    return SSS_OK;
}

static void test_special_vectors(const char *path) {
    size_t len, i, j, n;
    char *text = read_file(path, &len);
    json *doc;
    const json *specials, *sets, *hands, *names, *errs;
    SssRules *rules[32];
    const char *rule_names[32];
    size_t nrules = 0;
    int counts[4] = {0, 0, 0, 0};
    char buf[256];
    uint8_t codes[64], want[64];

    check(text != NULL, "read %s", path);
    if (text == NULL) {
        return;
    }
    doc = json_parse(text, len);
    check(doc != NULL, "parse %s", path);
    if (doc == NULL) {
        free(text);
        return;
    }
    CHECK(json_int(doc, "version") == 1);
    specials = json_get(doc, "specials");
    sets = json_get(doc, "rule_sets");
    hands = json_get(doc, "hands");
    names = json_get(doc, "names");
    errs = json_get(doc, "errors");
    CHECK(specials != NULL && sets != NULL && hands != NULL && names != NULL && errs != NULL);
    if (specials == NULL || sets == NULL || hands == NULL || names == NULL || errs == NULL) {
        json_free(doc);
        free(text);
        return;
    }
    CHECK(specials->count == SSS_SPECIAL_COUNT && hands->count >= 100 && sets->count <= 32);

    for (i = 0; i < specials->count; i++) {
        const json *s = specials->items[i];
        uint32_t k = (uint32_t)json_int(s, "number");
        check(k == i && strcmp(json_str(s, "id"), SPECIAL_IDS[i]) == 0, "special %zu is %s", i, json_str(s, "id"));
        expect(sss_special_name(k, SSS_LANGUAGE_ENGLISH, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "name");
        check(strcmp(buf, json_str(s, "name")) == 0, "special %u is named %s", k, buf);
        expect(sss_special_name(k, SSS_LANGUAGE_CHINESE, (uint8_t *)buf, sizeof buf, &n), SSS_OK, NULL, "chinese");
        check(strcmp(buf, json_str(s, "chinese")) == 0, "special %u is named %s", k, buf);
    }

    for (i = 0; i < sets->count && nrules < 32; i++) {
        const json *js = json_get(sets->items[i], "json");
        SssRules *r = NULL;
        rule_names[nrules] = json_str(sets->items[i], "name");
        expect(js != NULL ? sss_rules_from_json(u8s(js->string), js->string_len, &r) : SSS_ERR_NULL_POINTER, SSS_OK,
               NULL, rule_names[nrules]);
        rules[nrules++] = r;
    }

    for (i = 0; i < hands->count; i++) {
        const json *h = hands->items[i];
        const char *t = json_str(h, "text"), *rname = json_str(h, "rules");
        const json *all = json_get(h, "all"), *best = json_get(h, "best"), *arr = json_get(h, "arrangement");
        size_t nw = json_codes(json_get(h, "codes"), want, sizeof want);
        SssRules *r = NULL;
        SssSpecialDetection d;
        char what[128];
        for (j = 0; j < nrules; j++) {
            if (strcmp(rule_names[j], rname) == 0) {
                r = rules[j];
            }
        }
        snprintf(what, sizeof what, "vector hand \"%s\" under %s", t, rname);
        check(r != NULL, "%s: rule set known", what);
        expect(sss_cards_parse(u8s(t), strlen(t), codes, sizeof codes, &n), SSS_OK, NULL, t);
        check(n == nw && memcmp(codes, want, n) == 0, "%s parses to the vector's codes", what);
        if (r == NULL || all == NULL || all->type != JSON_ARRAY || best == NULL || arr == NULL) {
            check(0, "%s: malformed record", what);
            continue;
        }
        memset(&d, 0xCD, sizeof d);
        expect(sss_special_detect(r, want, nw, &d), SSS_OK, NULL, what);
        check((size_t)d.count == all->count, "%s: %u specials, vector %zu", what, d.count, all->count);
        for (j = 0; j < all->count && j < d.count; j++) {
            check(d.all[j] == special_number(all->items[j]->string), "%s: special %zu is %s", what, j,
                  SPECIAL_IDS[d.all[j] % SSS_SPECIAL_COUNT]);
        }
        if (best->type == JSON_NULL) {
            check(d.has_best == 0 && d.best == SSS_SPECIAL_NONE, "%s: no best", what);
        } else {
            uint32_t w = 0;
            check(d.has_best == 1 && d.best == special_number(best->string), "%s: best %s", what, best->string);
            expect(sss_special_water(r, d.best, &w), SSS_OK, NULL, "water");
            check(w == (uint32_t)json_int(h, "water"), "%s: water %u, vector %d", what, w, json_int(h, "water"));
        }
        if (arr->type == JSON_NULL) {
            check(d.has_arrangement == 0, "%s: no arrangement", what);
        } else {
            uint8_t f[8], m[8], b[8];
            size_t nf = json_codes(json_get(arr, "front"), f, 8), nm = json_codes(json_get(arr, "middle"), m, 8),
                   nb = json_codes(json_get(arr, "back"), b, 8);
            check(d.has_arrangement == 1 && nf == 3 && nm == 5 && nb == 5 && memcmp(d.front, f, 3) == 0 &&
                      memcmp(d.middle, m, 5) == 0 && memcmp(d.back, b, 5) == 0,
                  "%s: arrangement %s", what, special_lanes(&d));
        }
        check_special_arrangement(r, want, &d, what);
        counts[0]++;
    }

    for (i = 0; i < names->count; i++) {
        const json *nm = names->items[i];
        const json *t = json_get(nm, "text"), *sp = json_get(nm, "special");
        uint8_t s = 0xEE;
        if (t == NULL || t->type != JSON_STRING) {
            check(0, "name %zu: malformed", i);
            continue;
        }
        if (sp != NULL) {
            expect(sss_special_parse(u8s(t->string), t->string_len, &s), SSS_OK, NULL, t->string);
            check(s == special_number(sp->string), "parse \"%s\" -> %d, vector %s", t->string, s, sp->string);
        } else {
            expect(sss_special_parse(u8s(t->string), t->string_len, &s),
                   special_kind_status(json_str(nm, "kind")), NULL, t->string);
        }
        counts[1]++;
    }

    for (i = 0; i < errs->count; i++) {
        const json *e = errs->items[i];
        const json *pos = json_get(e, "position"), *rj = json_get(e, "rules_json");
        SssStatus wantst = special_kind_status(json_str(e, "kind"));
        char needle[64];
        if (rj != NULL) {
            SssRules *out = NULL;
            expect(sss_rules_from_json(u8s(rj->string), rj->string_len, &out), wantst, json_str(e, "path"),
                   "vector rule set");
            check(out == NULL, "no rules made from a bad rule set");
            counts[3]++;
            continue;
        }
        {
            const char *rname = json_str(e, "rules");
            SssRules *r = NULL;
            SssSpecialDetection d;
            n = json_codes(json_get(e, "codes"), codes, sizeof codes);
            for (j = 0; j < nrules; j++) {
                if (strcmp(rule_names[j], rname) == 0) {
                    r = rules[j];
                }
            }
            snprintf(needle, sizeof needle, "position %d", pos != NULL ? (int)pos->number : 0);
            expect(sss_special_detect(r, codes, n, &d), wantst, pos != NULL ? needle : NULL, "vector error");
        }
        counts[2]++;
    }
    for (i = 0; i < nrules; i++) {
        sss_rules_free(rules[i]);
    }
    printf("special vectors: %d hands, %d names, %d detection errors, %d rule-set errors\n", counts[0], counts[1],
           counts[2], counts[3]);
    CHECK(counts[0] >= 100 && counts[1] > 0 && counts[2] > 0 && counts[3] > 0);
    json_free(doc);
    free(text);
}

/* tests/vectors/special.json beside the eval.json given on the command line. */
static char *special_vectors_path(const char *eval_path) {
    const char *slash = strrchr(eval_path, '/');
    size_t dir = slash != NULL ? (size_t)(slash - eval_path) + 1 : 0;
    char *p = (char *)malloc(dir + sizeof "special.json");
    memcpy(p, eval_path, dir);
    strcpy(p + dir, "special.json");
    return p;
}

/* ------------------------------------------------------------------------------------------ */

/* Safety nets: huge bad text, positional JSON, water that does not sum to zero, handles of the
 * wrong type. */
static void test_safety(void) {
    const size_t big = 10u * 1000 * 1000;
    char *text = (char *)malloc(big);
    uint8_t codes[SSS_MAX_CARDS];
    uint8_t code = 0xEE;
    size_t n = 0, i;
    SssRules *rules = NULL;
    SssArranger *arranger = NULL;
    uint32_t players = 0;

    /* 10 MB of one bad token: a small error quoting its start and length. */
    memset(text, 'x', big);
    expect(sss_cards_parse((const uint8_t *)text, big, codes, SSS_MAX_CARDS, &n), SSS_ERR_UNKNOWN_RANK,
           "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"\xE2\x80\xA6 (10000000 bytes) at position 0", "huge token");
    CHECK(sss_last_error_length() < 100);
    expect(sss_card_parse((const uint8_t *)text, big, &code), SSS_ERR_UNKNOWN_RANK, "(10000000 bytes)", "huge card");
    CHECK(code == 0xEE);
    /* 10 MB of "x x x ...": fails at the first token. */
    for (i = 1; i < big; i += 2) text[i] = ' ';
    expect(sss_cards_parse((const uint8_t *)text, big, codes, SSS_MAX_CARDS, &n), SSS_ERR_UNKNOWN_RANK,
           "card \"x\" at position 0", "many tokens");
    expect(sss_card_parse((const uint8_t *)text, big, &code), SSS_ERR_WRONG_CARD_COUNT, "got 5000000", "count");
    free(text);

    /* Rule-set JSON: named fields only. */
    {
        const char *array = "[\"second_highest\", false, false]";
        const char *nested = "{\"shooting\": [true, {\"fixed\": 1}, 1, true, 3]}";
        expect(sss_rules_from_json(u8s(array), strlen(array), &rules), SSS_ERR_INVALID_RULES,
               "expected a JSON object of named fields (struct Rules)", "positional rules");
        CHECK(rules == NULL);
        expect(sss_rules_from_json(u8s(nested), strlen(nested), &rules), SSS_ERR_INVALID_RULES,
               "at `shooting`: invalid type: sequence", "positional shooting");
        CHECK(rules == NULL);
    }

    /* Money: water must sum to zero (an escape has its own call). */
    {
        const int64_t water[3] = {3 * SSS_WATER_DENOMINATOR, -1 * SSS_WATER_DENOMINATOR, -1 * SSS_WATER_DENOMINATOR};
        const int64_t fair[3] = {2 * SSS_WATER_DENOMINATOR, -1 * SSS_WATER_DENOMINATOR, -1 * SSS_WATER_DENOMINATOR};
        SssStakes stakes = {100, 0, 1};
        SssMoneyLine lines[SSS_MAX_SEATS];
        SssMoneyTotals totals;
        expect(sss_money_settle(water, 3, &stakes, NULL, 0, lines, SSS_MAX_SEATS, &n, &totals), SSS_ERR_INVALID_MONEY,
               "water sums to 1, not 0", "not zero-sum");
        expect(sss_money_settle(fair, 3, &stakes, NULL, 0, lines, SSS_MAX_SEATS, &n, &totals), SSS_OK, NULL, "fair");
        CHECK(n == 3 && lines[0].amount == 200 && lines[1].amount == -100);
    }

    /* Handles: one of another type is refused, and not freed by the wrong free function. */
    expect(sss_rules_new_preset(u8s("classic"), 7, &rules), SSS_OK, NULL, "rules");
    expect(sss_arranger_new(rules, 4, &arranger), SSS_OK, NULL, "arranger");
    {
        SssRules *wrong = (SssRules *)(void *)arranger;
        SssArranger *wrong_arranger = (SssArranger *)(void *)rules;
        uint32_t wheel = 7;
        uint64_t junk[4] = {0, 0, 0, 0};
        expect(sss_rules_get_wheel(wrong, &wheel), SSS_ERR_INVALID_HANDLE,
               "argument `rules` is not a live SssRules handle", "arranger as rules");
        CHECK(wheel == 7);
        expect(sss_rules_set_wheel(wrong, 1), SSS_ERR_INVALID_HANDLE, NULL, "set through arranger");
        expect(sss_arranger_get_players(wrong_arranger, &players), SSS_ERR_INVALID_HANDLE,
               "not a live SssArranger handle", "rules as arranger");
        expect(sss_rules_validate((const SssRules *)(const void *)junk), SSS_ERR_INVALID_HANDLE, NULL, "junk");
        sss_rules_free(wrong); /* not freed: the arranger lives on */
        check(strstr(last_error(), "not a live SssRules handle") != NULL, "free of a wrong type: %s", last_error());
        sss_arranger_free(wrong_arranger);
        check(strstr(last_error(), "not a live SssArranger handle") != NULL, "free of a wrong type: %s", last_error());
        expect(sss_arranger_get_players(arranger, &players), SSS_OK, NULL, "arranger still alive");
        CHECK(players == 4);
        expect(sss_rules_get_wheel(rules, &wheel), SSS_OK, NULL, "rules still alive");
        CHECK(wheel == 0);
    }
    sss_arranger_free(arranger);
    sss_rules_free(rules);
}

int main(int argc, char **argv) {
    const char *vectors = argc > 1 ? argv[1] : "tests/vectors/eval.json";
    const char *label = argc > 2 ? argv[2] : "C";
    test_version();
    test_cards();
    test_errors();
    test_rules();
    test_evaluation();
    test_arrangements();
    test_threads();
    test_safety();
    test_vectors(vectors);
    /* Special hands. */
    test_specials();
    {
        char *special = special_vectors_path(vectors);
        test_special_vectors(special);
        free(special);
    }
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
