/*
 * C tests of the 理牌 hints (sss_combos, sss_complete) through the C ABI, against the committed
 * include/shisanshui.h. Built twice by run.sh (static and dynamic linking).
 * Usage: test_hints <path to tests/vectors> [label]  (reads hints.json there)
 *
 * Oracles: the shared vectors written by ffi/tests/hints_vectors.rs (proven against brute force
 * in core/tests/hints.rs), the library's own foul check for every completion, a size query of
 * every list, and bad input.
 */
#include "shisanshui.h"

#include "json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "vectors.h"

/* Codes of a JSON array, or of null (0 codes), into out (at most cap); returns the count. */
static size_t codes_or_none(const json *arr, uint8_t *out, size_t cap) {
    return arr != NULL && arr->type == JSON_NULL ? 0 : codes_of(arr, out, cap);
}

static SssStatus status_of(const char *kind) {
    static const struct {
        const char *name;
        SssStatus st;
    } kinds[] = {
        {"bad_card_code", SSS_ERR_BAD_CARD_CODE},
        {"duplicate_card", SSS_ERR_DUPLICATE_CARD},
        {"wrong_card_count", SSS_ERR_WRONG_CARD_COUNT},
        {"invalid_argument", SSS_ERR_INVALID_ARGUMENT},
        {"card_not_in_hand", SSS_ERR_CARD_NOT_IN_HAND},
        {"no_legal_arrangement", SSS_ERR_NO_LEGAL_ARRANGEMENT},
    };
    size_t i;
    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(kinds[i].name, kind) == 0) {
            return kinds[i].st;
        }
    }
    check(0, "unknown error kind %s", kind);
    return SSS_OK;
}

static SssRules *rules_for(const json *rec) {
    SssRules *r = NULL;
    expect(sss_rules_new_preset(u8s("classic"), 7, &r), SSS_OK, NULL, "classic");
    expect(sss_rules_set_wheel(r, strcmp(str(rec, "wheel"), "lowest") == 0 ? SSS_WHEEL_LOWEST : SSS_WHEEL_SECOND_HIGHEST),
           SSS_OK, NULL, "wheel");
    expect(sss_rules_set_suit_tiebreak(r, json_get(rec, "suit_tiebreak")->boolean ? 1 : 0), SSS_OK, NULL, "tiebreak");
    return r;
}

/* One arranger per (preset, players), made on first use. */
static SssArranger *g_arrangers[16];
static char g_names[16][16];
static uint32_t g_players[16];
static size_t g_count;

static SssArranger *arranger_for(const char *preset, uint32_t players) {
    size_t i;
    for (i = 0; i < g_count; i++) {
        if (g_players[i] == players && strcmp(g_names[i], preset) == 0) {
            return g_arrangers[i];
        }
    }
    if (g_count == 16) {
        return NULL;
    }
    expect(sss_arranger_new_preset(u8s(preset), strlen(preset), players, &g_arrangers[g_count]), SSS_OK, NULL, preset);
    snprintf(g_names[g_count], sizeof g_names[0], "%s", preset);
    g_players[g_count] = players;
    return g_arrangers[g_count++];
}

static void test_combo_vectors(const json *doc) {
    const json *rows = json_get(doc, "combos");
    size_t i, j;
    static SssCombo buf[SSS_COMBOS_MAX];
    CHECK(rows != NULL && rows->count >= 300);
    for (i = 0; rows != NULL && i < rows->count; i++) {
        const json *rec = rows->items[i];
        const json *want = json_get(rec, "combos");
        uint8_t codes[SSS_HAND_MAX];
        size_t n = codes_or_none(json_get(rec, "codes"), codes, sizeof codes), count = 99, need = 0;
        uint32_t cat = (uint32_t)num(rec, "category");
        SssRules *r = rules_for(rec);
        SssStatus st = sss_combos(r, codes, n, cat, buf, SSS_COMBOS_MAX, &count);
        expect(st, SSS_OK, NULL, "combos");
        check(want != NULL && count == want->count, "combos record %zu: %zu entries", i, count);
        for (j = 0; want != NULL && j < count && j < want->count; j++) {
            uint8_t w[5];
            size_t k = codes_or_none(want->items[j], w, 5);
            check(buf[j].len == k && memcmp(buf[j].cards, w, k) == 0 && buf[j].category == cat && buf[j].reserved == 0,
                  "combos record %zu entry %zu", i, j);
            for (; k < 5; k++) {
                check(buf[j].cards[k] == SSS_NO_CARD, "record %zu entry %zu: unused slot %zu", i, j, k);
            }
        }
        /* The size query reports the same count. */
        st = sss_combos(r, codes, n, cat, NULL, 0, &need);
        check(count == 0 ? st == SSS_OK : st == SSS_ERR_BUFFER_TOO_SMALL, "size query of record %zu", i);
        check(need == count, "record %zu: size query %zu, count %zu", i, need, count);
        sss_rules_free(r);
    }
}

static void test_complete_vectors(const json *doc) {
    const json *rows = json_get(doc, "complete");
    size_t i;
    CHECK(rows != NULL && rows->count >= 20);
    for (i = 0; rows != NULL && i < rows->count; i++) {
        const json *rec = rows->items[i];
        uint8_t hand[13], f[3], m[5], b[5], wf[3], wm[5], wb[5];
        size_t nh = codes_or_none(json_get(rec, "codes"), hand, 13);
        size_t nf = codes_or_none(json_get(rec, "fixed_front"), f, 3);
        size_t nm = codes_or_none(json_get(rec, "fixed_middle"), m, 5);
        size_t nb = codes_or_none(json_get(rec, "fixed_back"), b, 5);
        SssArranger *a = arranger_for(str(rec, "preset"), (uint32_t)num(rec, "players"));
        SssArranged out;
        SssRules *rules = NULL;
        SssArrangementEval ev;
        const json *cats = json_get(rec, "categories");
        codes_or_none(json_get(rec, "front"), wf, 3);
        codes_or_none(json_get(rec, "middle"), wm, 5);
        codes_or_none(json_get(rec, "back"), wb, 5);
        expect(sss_complete(a, hand, nh, nf ? f : NULL, nf, nm ? m : NULL, nm, nb ? b : NULL, nb, &out), SSS_OK, NULL,
               "complete");
        check(memcmp(out.front, wf, 3) == 0 && memcmp(out.middle, wm, 5) == 0 && memcmp(out.back, wb, 5) == 0,
              "complete record %zu: lanes", i);
        check(fabs(out.expected_water - num(rec, "expected_water")) < 1e-9, "complete record %zu: water", i);
        check(cats != NULL && cats->count == 3 && out.categories[0] == cats->items[0]->number &&
                  out.categories[1] == cats->items[1]->number && out.categories[2] == cats->items[2]->number,
              "complete record %zu: categories", i);
        /* The library's own foul check agrees that it is legal. */
        expect(sss_arranger_get_rules(a, &rules), SSS_OK, NULL, "rules");
        expect(sss_arrangement_check(rules, out.front, 3, out.middle, 5, out.back, 5, &ev), SSS_OK, NULL, "check");
        check(ev.is_foul == 0, "complete record %zu: legal", i);
        sss_rules_free(rules);
    }
}

static void test_error_vectors(const json *doc) {
    const json *rows = json_get(doc, "errors");
    size_t i;
    CHECK(rows != NULL && rows->count >= 20);
    for (i = 0; rows != NULL && i < rows->count; i++) {
        const json *rec = rows->items[i];
        SssStatus want = status_of(str(rec, "kind"));
        uint8_t hand[16];
        size_t nh = codes_or_none(json_get(rec, "codes"), hand, sizeof hand);
        SssStatus st;
        if (strcmp(str(rec, "call"), "combos") == 0) {
            SssCombo buf[8];
            size_t count = 77;
            SssRules *r = rules_for(rec);
            st = sss_combos(r, hand, nh, (uint32_t)num(rec, "category"), buf, 8, &count);
            check(count == 77, "error record %zu: no count written", i);
            sss_rules_free(r);
        } else {
            uint8_t f[3], m[5], b[5];
            size_t nf = codes_or_none(json_get(rec, "fixed_front"), f, 3);
            size_t nm = codes_or_none(json_get(rec, "fixed_middle"), m, 5);
            size_t nb = codes_or_none(json_get(rec, "fixed_back"), b, 5);
            SssArranger *a = arranger_for(str(rec, "preset"), (uint32_t)num(rec, "players"));
            SssArranged out;
            memset(&out, 0xAB, sizeof out);
            st = sss_complete(a, hand, nh, f, nf, m, nm, b, nb, &out);
            check(out.front[0] == 0xAB, "error record %zu: no write", i);
        }
        check(st == want, "error record %zu (%s): status %d, expected %d: %s", i, str(rec, "kind"), (int)st, (int)want,
              last_error());
        if (json_get(rec, "position") != NULL && st == want) {
            char needle[32];
            snprintf(needle, sizeof needle, "position %d", (int)num(rec, "position"));
            check(strstr(last_error(), needle) != NULL, "error record %zu names %s: %s", i, needle, last_error());
        }
    }
}

static void test_bad_input(void) {
    static const uint8_t hand[13] = {51, 50, 45, 44, 31, 30, 22, 17, 14, 11, 6, 1, 36};
    SssRules *r = NULL;
    SssCombo buf[4];
    size_t n = 0;
    SssArranged out;
    SssArranger *a = arranger_for("classic", 4);
    char name[64];
    size_t len = 0;
    expect(sss_rules_new_preset(u8s("classic"), 7, &r), SSS_OK, NULL, "classic");
    /* Unknown category numbers and high card; NULLs. */
    expect(sss_combos(r, hand, 13, 10, buf, 4, &n), SSS_ERR_INVALID_ARGUMENT, "category 10", "category 10");
    expect(sss_combos(r, hand, 13, 0xFFFFFFFFu, buf, 4, &n), SSS_ERR_INVALID_ARGUMENT, NULL, "category max");
    expect(sss_combos(r, hand, 13, 0, buf, 4, &n), SSS_ERR_INVALID_ARGUMENT, "high card", "high card");
    expect(sss_combos(NULL, hand, 13, 1, buf, 4, &n), SSS_ERR_NULL_POINTER, "rules", "NULL rules");
    expect(sss_combos(r, hand, 13, 1, NULL, 4, &n), SSS_ERR_NULL_POINTER, "out_combos", "NULL buffer");
    expect(sss_combos(r, hand, 13, 1, buf, 4, NULL), SSS_ERR_NULL_POINTER, "out_count", "NULL count");
    expect(sss_combos((const SssRules *)(const void *)a, hand, 13, 1, buf, 4, &n), SSS_ERR_INVALID_HANDLE, NULL,
           "an arranger as rules");
    /* Too small a buffer: the needed count. Two pairs here (A and K, 9, 5 ...): count them. */
    expect(sss_combos(r, hand, 13, 1, buf, 1, &n), SSS_ERR_BUFFER_TOO_SMALL, NULL, "small buffer");
    check(n > 1, "needed count %zu", n);
    /* Completion: a lane pointer NULL with a length, an unknown card, the status names. */
    expect(sss_complete(a, hand, 13, NULL, 3, NULL, 0, NULL, 0, &out), SSS_ERR_NULL_POINTER, "front", "NULL front");
    expect(sss_complete(a, hand, 13, NULL, 0, NULL, 0, NULL, 0, NULL), SSS_ERR_NULL_POINTER, "out", "NULL out");
    expect(sss_complete(NULL, hand, 13, NULL, 0, NULL, 0, NULL, 0, &out), SSS_ERR_NULL_POINTER, "arranger", "NULL");
    {
        static const uint8_t front[3] = {51, 50, 0};
        expect(sss_complete(a, hand, 13, front, 3, NULL, 0, NULL, 0, &out), SSS_ERR_CARD_NOT_IN_HAND, "position 2",
               "2d is not in the hand");
    }
    expect(sss_status_name(SSS_ERR_CARD_NOT_IN_HAND, (uint8_t *)name, sizeof name, &len), SSS_OK, NULL, "name");
    check(strcmp(name, "card_not_in_hand") == 0 && SSS_ERR_CARD_NOT_IN_HAND == 13, "status 13 is %s", name);
    expect(sss_status_name(SSS_ERR_NO_LEGAL_ARRANGEMENT, (uint8_t *)name, sizeof name, &len), SSS_OK, NULL, "name");
    check(strcmp(name, "no_legal_arrangement") == 0 && SSS_ERR_NO_LEGAL_ARRANGEMENT == 14, "status 14 is %s", name);
    CHECK(sizeof(SssCombo) == 8);
    sss_rules_free(r);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "tests/vectors";
    const char *label = argc > 2 ? argv[2] : "C hints";
    json *doc = load(dir, "hints.json", NULL);
    size_t i;
    if (doc != NULL) {
        test_combo_vectors(doc);
        test_complete_vectors(doc);
        test_error_vectors(doc);
        json_free(doc);
    }
    test_bad_input();
    for (i = 0; i < g_count; i++) {
        sss_arranger_free(g_arrangers[i]);
    }
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
