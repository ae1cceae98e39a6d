/*
 * Big tables through the C ABI (RULES.md §11): extra suits on a rule set, the bigger deck and its
 * deals to 5 to 8 seats, hands with copies (five of a kind, flushes with a pair, a third copy
 * refused), seat counts checked against the deck, settlements at up to 8 seats, unseeded deals of
 * the bigger deck (sss_deal_for_unseeded); then every record of the shared vectors
 * tests/vectors/big_tables.json, which Rust writes (core/tests/big_tables.rs).
 *
 * Usage: test_big_tables <path to tests/vectors> [label]
 */
#include <errno.h>

#include "vectors.h"

static int is_null_json(const json *v) { return v == NULL || v->type == JSON_NULL; }

/* A preset with `mask` as its extra suits. */
static SssRules *rules_with(const char *preset, uint8_t mask) {
    SssRules *r = NULL;
    expect(sss_rules_new_preset(u8s(preset), strlen(preset), &r), SSS_OK, NULL, preset);
    expect(sss_rules_set_extra_suits(r, mask), SSS_OK, NULL, "extra suits");
    return r;
}

/* The bit mask of suit letters in code order ("hs" is 4 | 8). */
static uint8_t mask_of(const char *letters) {
    uint8_t m = 0;
    for (; *letters; letters++) {
        const char *p = strchr("dchs", *letters);
        check(p != NULL, "suit letter %c", *letters);
        if (p != NULL) m |= (uint8_t)(1u << (p - "dchs"));
    }
    return m;
}

/* Codes of a hand with copies, parsed under `r`. */
static size_t parse_for(const SssRules *r, const char *text, uint8_t *out, size_t cap) {
    size_t n = 0;
    expect(sss_cards_parse_for(r, u8s(text), strlen(text), out, cap, &n), SSS_OK, NULL, text);
    return n;
}

static SssHandRank eval(const SssRules *r, const char *text) {
    uint8_t c[8];
    size_t n = parse_for(r, text, c, sizeof c);
    SssHandRank hr;
    memset(&hr, 0, sizeof hr);
    expect(sss_evaluate(r, c, n, &hr), SSS_OK, NULL, text);
    return hr;
}

static void test_rules_and_deck(void) {
    SssRules *r = rules_with("classic", 0), *back = NULL;
    uint8_t mask = 0xEE, deck[SSS_MAX_DECK_SIZE + 1];
    uint32_t most = 0;
    size_t n = 0, len = 0;
    char *json;
    CHECK(SSS_MAX_SEATS == 8 && SSS_MAX_DECK_SIZE == 104 && SSS_WATER_DENOMINATOR == 840);
    CHECK(SSS_ERR_TOO_MANY_COPIES == 15 && SSS_DEAL_MAX_PLAYERS == 4);
    expect(sss_rules_get_extra_suits(r, &mask), SSS_OK, NULL, "get");
    expect(sss_rules_get_max_players(r, &most), SSS_OK, NULL, "max players");
    CHECK(mask == 0 && most == 4);
    expect(sss_deck(r, deck, sizeof deck, &n), SSS_OK, NULL, "deck");
    CHECK(n == 52 && deck[0] == 0 && deck[51] == 51);

    /* Spades and hearts: 78 cards, six seats, the copies after the 52 in ascending code. */
    expect(sss_rules_set_extra_suits(r, 8 | 4), SSS_OK, NULL, "set sh");
    expect(sss_rules_get_extra_suits(r, &mask), SSS_OK, NULL, "get");
    expect(sss_rules_get_max_players(r, &most), SSS_OK, NULL, "max players");
    CHECK(mask == 0xC && most == 6);
    expect(sss_deck(r, deck, sizeof deck, &n), SSS_OK, NULL, "deck");
    CHECK(n == 78 && deck[52] == 2 && deck[53] == 3 && deck[77] == 51);
    expect(sss_deck(r, deck, 77, &n), SSS_ERR_BUFFER_TOO_SMALL, "needs 78", "deck into 77");
    CHECK(n == 78);

    /* The JSON field is a list of letters in code order, and reads back. */
    expect(sss_rules_to_json(r, NULL, 0, &len), SSS_ERR_BUFFER_TOO_SMALL, NULL, "json size");
    json = (char *)malloc(len + 1);
    expect(sss_rules_to_json(r, (uint8_t *)json, len + 1, &len), SSS_OK, NULL, "json");
    check(strstr(json, "\"extra_suits\": [\n    \"h\",\n    \"s\"\n  ]") != NULL, "extra_suits in the JSON: %s", json);
    expect(sss_rules_from_json(u8s(json), len, &back), SSS_OK, NULL, "from json");
    mask = 0;
    expect(sss_rules_get_extra_suits(back, &mask), SSS_OK, NULL, "get back");
    CHECK(mask == 0xC);
    sss_rules_free(back);
    back = NULL;
    free(json);

    /* Bad masks are refused and change nothing. */
    expect(sss_rules_set_extra_suits(r, 0x10), SSS_ERR_INVALID_ARGUMENT, "0x10", "mask 0x10");
    expect(sss_rules_set_extra_suits(r, 0xFF), SSS_ERR_INVALID_ARGUMENT, "0xff", "mask 0xFF");
    expect(sss_rules_get_extra_suits(r, &mask), SSS_OK, NULL, "get");
    CHECK(mask == 0xC);
    expect(sss_rules_set_extra_suits(NULL, 1), SSS_ERR_NULL_POINTER, "rules", "NULL rules");
    expect(sss_rules_get_extra_suits(r, NULL), SSS_ERR_NULL_POINTER, "out_mask", "NULL out");
    expect(sss_rules_get_max_players(r, NULL), SSS_ERR_NULL_POINTER, "out", "NULL out");
    sss_rules_free(r);
}

static void test_hands_with_copies(void) {
    SssRules *r = rules_with("classic", 0xF), *one = rules_with("classic", 0);
    SssHandRank five = eval(r, "As As Ah Ah Ad"), flush = eval(r, "As As Ks 7s 2s"), sf = eval(r, "Ks Qs Js Ts 9s");
    uint8_t c[16];
    size_t n;
    int order = 99;
    CHECK(five.category == SSS_CATEGORY_FIVE_OF_A_KIND && five.category == 9 && five.top_rank == 12);
    CHECK(flush.category == SSS_CATEGORY_FLUSH && flush.category == 5);
    CHECK(five.value > sf.value && flush.value > eval(r, "As Ks Qs Js 9s").value);

    /* A third copy names the card and its position; one deck refuses the second. */
    n = parse_for(r, "As As Ks", c, sizeof c);
    c[n++] = 51;
    c[n++] = 43;
    expect(sss_evaluate(r, c, n, &five), SSS_ERR_TOO_MANY_COPIES, "card As at position 3 is one copy too many",
           "third copy");
    expect(sss_cards_validate_for(r, c, n), SSS_ERR_TOO_MANY_COPIES, "As at position 3", "validate");
    expect(sss_cards_parse_for(r, u8s("As As As"), 8, c, sizeof c, &n), SSS_ERR_TOO_MANY_COPIES,
           "card As at position 2", "parse");
    expect(sss_cards_parse_for(one, u8s("As As"), 5, c, sizeof c, &n), SSS_ERR_DUPLICATE_CARD,
           "duplicate card As at position 1", "one deck");
    expect(sss_cards_parse(u8s("As As"), 5, c, sizeof c, &n), SSS_ERR_DUPLICATE_CARD, "As", "plain parse");
    n = parse_for(r, "As As Ah Ah Ad", c, sizeof c);
    expect(sss_evaluate(one, c, n, &five), SSS_ERR_DUPLICATE_CARD, "As at position 1", "one deck eval");
    expect(sss_compare(r, c, 5, c, 5, &order), SSS_OK, NULL, "compare");
    CHECK(order == 0);

    /* Batches take copies as codes; a mask cannot hold them and says so. */
    {
        uint32_t v[2] = {0, 0};
        uint64_t mask = (1ull << 51) | (1ull << 50) | (1ull << 49) | (1ull << 48);
        size_t row = 7;
        n = parse_for(r, "As As Ah Ah Ad", c, sizeof c);
        n += parse_for(r, "As As Ks 7s 2s", c + n, sizeof c - n);
        expect(sss_evaluate5_many(r, c, 2, v, 1, NULL), SSS_OK, NULL, "evaluate5_many");
        CHECK(v[0] >> 22 == 9 && v[1] >> 22 == 5);
        expect(sss_evaluate5_masks_many(r, &mask, 1, v, 1, &row), SSS_ERR_WRONG_CARD_COUNT,
               "a card mask holds each card once", "mask");
        CHECK(row == 0);
    }

    /* 理牌 hints read copies: two copies of a card are a pair, five of a rank five of a kind. */
    {
        SssCombo combos[64];
        size_t nc = 0, k;
        int pair_of_copies = 0;
        n = parse_for(r, "As As Ah Ah Ad Kd 9c 7h 6s 5d 4c 3h 2s", c, sizeof c);
        expect(sss_combos(r, c, n, SSS_CATEGORY_ONE_PAIR, combos, 64, &nc), SSS_OK, NULL, "pairs with copies");
        for (k = 0; k < nc; k++) pair_of_copies |= combos[k].len == 2 && combos[k].cards[0] == 51 && combos[k].cards[1] == 51;
        check(pair_of_copies, "As As is a pair (%zu pairs)", nc);
        expect(sss_combos(r, c, n, SSS_CATEGORY_FIVE_OF_A_KIND, combos, 64, &nc), SSS_OK, NULL, "five of a kind");
        CHECK(nc == 1 && combos[0].len == 5 && combos[0].category == SSS_CATEGORY_FIVE_OF_A_KIND);
    }

    /* An arrangement with copies, checked and built into a seat. */
    {
        SssArrangementEval e;
        SssSeat seat;
        n = parse_for(r, "Kd Kc 9h Qs Qs Qh Qh 3c As As Ah Ah Ad", c, sizeof c);
        expect(sss_arrangement_check13(r, c, n, &e), SSS_OK, NULL, "check13");
        CHECK(e.is_foul == 0 && e.middle.category == SSS_CATEGORY_FOUR_OF_A_KIND &&
              e.back.category == SSS_CATEGORY_FIVE_OF_A_KIND);
        expect(sss_seat_arranged(c, 3, c + 3, 5, c + 8, 5, &seat), SSS_OK, NULL, "seat with copies");
        c[0] = 51;
        expect(sss_seat_arranged(c, 3, c + 3, 5, c + 8, 5, &seat), SSS_ERR_TOO_MANY_COPIES, "As at position",
               "third copy in a seat");
    }
    sss_rules_free(r);
    sss_rules_free(one);
}

static void test_seat_counts_and_settlement(void) {
    SssRules *one = rules_with("classic", 0), *two = rules_with("classic", 0xF);
    uint8_t codes[SSS_MAX_DECK_SIZE];
    size_t n = 0, i;
    SssSeat seats[SSS_MAX_SEATS + 1];
    SssSettlement *s = NULL;
    SssWater w[SSS_MAX_SEATS];
    SssSettlementInfo info;
    int64_t sum = 0, units[SSS_MAX_SEATS];

    expect_table(sss_deal_for(one, 5, 7, codes, sizeof codes, &n), 5, 4, "5 players at one deck");
    expect_table(sss_deal_for(two, 9, 7, codes, sizeof codes, &n), 9, 8, "9 players at two decks");
    expect(sss_deal(5, 7, codes, sizeof codes, &n), SSS_ERR_INVALID_TABLE, "5", "sss_deal is one deck");

    /* Eight seats from two decks, played in deal order (legal or fouled, both settle). */
    expect(sss_deal_for(two, 8, 99, codes, sizeof codes, &n), SSS_OK, NULL, "deal 8");
    CHECK(n == 104);
    for (i = 0; i < 8; i++) {
        expect(sss_seat_arranged(codes + 13 * i, 3, codes + 13 * i + 3, 5, codes + 13 * i + 8, 5, &seats[i]), SSS_OK,
               NULL, "seat");
    }
    expect(sss_settle(two, seats, 8, &s), SSS_OK, NULL, "settle 8");
    expect(sss_settlement_totals(s, w, SSS_MAX_SEATS, &n), SSS_OK, NULL, "totals");
    expect(sss_settlement_info(s, &info), SSS_OK, NULL, "info");
    CHECK(n == 8 && info.seat_count == 8 && info.pair_count == 28);
    for (i = 0; i < n; i++) {
        sum += w[i].units;
        units[i] = w[i].units;
        check(w[i].units * w[i].den == w[i].num * SSS_WATER_DENOMINATOR, "seat %zu: units agree with num/den", i);
    }
    CHECK(sum == 0);
    sss_settlement_free(s);

    /* The same round through the batch, seats holding a card twice included. */
    {
        int copies = 0;
        size_t j, k;
        int64_t many[SSS_MAX_SEATS];
        for (i = 0; i < 8; i++)
            for (j = 0; j < 13; j++)
                for (k = j + 1; k < 13; k++) copies += codes[13 * i + j] == codes[13 * i + k];
        check(copies > 0, "some seat of the deal holds a card twice");
        expect(sss_settle_many(two, 8, codes, 1, many, 1, NULL), SSS_OK, NULL, "settle_many 8");
        CHECK(memcmp(many, units, sizeof many) == 0);
    }

    /* Money at 8 seats. */
    {
        SssStakes st;
        SssMoneyLine lines[SSS_MAX_SEATS];
        SssMoneyTotals totals;
        int64_t paid = 0;
        st.base = 100;
        st.rake_numerator = 0;
        st.rake_denominator = 1;
        expect(sss_money_settle(units, 8, &st, NULL, 0, lines, SSS_MAX_SEATS, &n, &totals), SSS_OK, NULL, "money 8");
        for (i = 0; i < n; i++) paid += lines[i].amount;
        CHECK(n == 8 && paid + totals.house == 0);
    }

    /* The arranger at 8 seats plays the dealt hands (copies included), never a foul. */
    {
        SssArranger *arranger = NULL, *none = NULL;
        SssSeat played[SSS_MAX_SEATS];
        SssSettlement *round = NULL;
        int64_t total = 0;
        uint32_t seated = 0;
        expect(sss_arranger_new(two, 8, &arranger), SSS_OK, NULL, "arranger for 8");
        expect(sss_arranger_get_players(arranger, &seated), SSS_OK, NULL, "players");
        CHECK(seated == 8);
        for (i = 0; i < 8; i++) {
            SssArranged a;
            SssArrangementEval e;
            uint8_t lanes[13];
            expect(sss_arrange(arranger, codes + 13 * i, 13, &a), SSS_OK, NULL, "arrange at 8");
            memcpy(lanes, a.front, 3);
            memcpy(lanes + 3, a.middle, 5);
            memcpy(lanes + 8, a.back, 5);
            expect(sss_arrangement_check13(two, lanes, 13, &e), SSS_OK, NULL, "check");
            check(e.is_foul == 0, "seat %zu: the arranger never fouls", i);
            expect(sss_seat_arranged(a.front, 3, a.middle, 5, a.back, 5, &played[i]), SSS_OK, NULL, "seat");
        }
        expect(sss_settle(two, played, 8, &round), SSS_OK, NULL, "settle the arranged 8");
        expect(sss_settlement_totals(round, w, SSS_MAX_SEATS, &n), SSS_OK, NULL, "totals");
        for (i = 0; i < n; i++) total += w[i].units;
        CHECK(n == 8 && total == 0);
        sss_settlement_free(round);
        sss_arranger_free(arranger);
        expect_table(sss_arranger_new(two, 9, &none), 9, 8, "arranger for 9");
        expect_table(sss_arranger_new(one, 5, &none), 5, 4, "arranger for 5 at one deck");
        CHECK(none == NULL);
    }

    /* A simulation at 8 seats: a policy and a carry per seat, a figure per seat. */
    {
        SssSimConfig config;
        SssSimReport *report = NULL;
        SssSimSummary sum;
        double mean = 0;
        expect(sss_sim_config_init(&config, 8, 3, 5), SSS_OK, NULL, "config");
        config.policy_count = 8;
        config.with_money = 1;
        config.stakes.base = 100;
        config.carry_count = 8;
        for (i = 0; i < 8; i++) {
            config.policies[i] = (uint32_t)(i % 3);
            config.carries[i] = 10000;
        }
        expect(sss_simulate(two, &config, &report), SSS_OK, NULL, "simulate 8");
        expect(sss_sim_report_summary(report, &sum), SSS_OK, NULL, "summary");
        CHECK(sum.players == 8 && sum.hands == 24 && sum.has_money == 1);
        for (i = 0; i < 8; i++) {
            check(sum.seats[i].count == 3 && sum.money_seats[i].count == 3, "seat %zu figures", i);
            mean += sum.seats[i].mean;
        }
        check(mean > -1e-9 && mean < 1e-9, "the seats' water sums to zero (%f)", mean);
        sss_sim_report_free(report);
        report = NULL;
        config.players = 9;
        expect_table(sss_simulate(two, &config, &report), 9, 8, "simulate 9");
        CHECK(report == NULL);
    }

    /* Nine seats, and five at one deck, are refused naming both numbers. */
    seats[8] = seats[0];
    expect_table(sss_settle(two, seats, 9, &s), 9, 8, "settle 9");
    expect_table(sss_settle(one, seats, 5, &s), 5, 4, "settle 5 at one deck");
    expect_table(sss_settle_many(one, 5, codes, 1, units, 1, NULL), 5, 4, "settle_many 5 at one deck");
    sss_rules_free(one);
    sss_rules_free(two);
}

/* `codes[0 .. n)` holds no card more often than the rule set's deck (sss_deck) does. */
static int within_deck(const SssRules *r, const uint8_t *codes, size_t n) {
    uint8_t deck[SSS_MAX_DECK_SIZE];
    int held[SSS_DECK_SIZE] = {0};
    size_t nd = 0, i;
    expect(sss_deck(r, deck, sizeof deck, &nd), SSS_OK, NULL, "deck");
    for (i = 0; i < nd; i++) held[deck[i]]++;
    for (i = 0; i < n; i++) {
        if (codes[i] >= SSS_DECK_SIZE || --held[codes[i]] < 0) return 0;
    }
    return 1;
}

/* sss_deal_for_unseeded: the rule set's deck keyed from the operating system. */
static void test_unseeded_big_deals(void) {
    static const struct {
        uint8_t mask;
        uint32_t most;
    } tables[] = {{0, 4}, {0x8, 5}, {0xC, 6}, {0xE, 7}, {0xF, 8}};
    uint8_t a[SSS_MAX_DECK_SIZE], b[SSS_MAX_DECK_SIZE], sa[SSS_MAX_DECK_SIZE], sb[SSS_MAX_DECK_SIZE];
    size_t t, n = 0, nb = 0, i;
    uint32_t players;
    SssRules *r;
    SssArranger *arranger = NULL;
    int same_cards = 1;

    /* Every seat count of every table size: players x 13 codes, a sub-multiset of the deck. */
    for (t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        r = rules_with("classic", tables[t].mask);
        for (players = 2; players <= tables[t].most; players++) {
            n = 0;
            expect(sss_deal_for_unseeded(r, players, a, sizeof a, &n), SSS_OK, NULL, "unseeded deal_for");
            check(n == 13 * players, "mask %#x, %u seats: %zu codes", (unsigned)tables[t].mask, players, n);
            check(within_deck(r, a, n), "mask %#x, %u seats: no card more often than the deck holds it",
                  (unsigned)tables[t].mask, players);
        }
        expect_table(sss_deal_for_unseeded(r, tables[t].most + 1, a, sizeof a, &n), tables[t].most + 1,
                     tables[t].most, "one seat too many, unseeded");
        sss_rules_free(r);
    }

    /* Two decks to eight seats: both deals are the whole deck, in different orders (two OS-keyed
     * shuffles of 104 cards agree with negligible probability). */
    r = rules_with("classic", 0xF);
    expect(sss_deal_for_unseeded(r, 8, a, sizeof a, &n), SSS_OK, NULL, "unseeded 8");
    expect(sss_deal_for_unseeded(r, 8, b, sizeof b, &nb), SSS_OK, NULL, "unseeded 8 again");
    CHECK(n == 104 && nb == 104);
    check(memcmp(a, b, sizeof a) != 0, "two unseeded deals of two decks differ");
    memset(sa, 0, sizeof sa);
    memset(sb, 0, sizeof sb);
    for (i = 0; i < 104; i++) {
        sa[a[i]]++;
        sb[b[i]]++;
    }
    for (i = 0; i < SSS_DECK_SIZE; i++) same_cards = same_cards && sa[i] == 2 && sb[i] == 2;
    check(same_cards, "eight seats at two decks hold every card twice");

    /* Errors: the seat count (naming both numbers) before the buffer, nothing written. */
    n = 77;
    memset(b, 0xEE, sizeof b);
    expect_table(sss_deal_for_unseeded(r, 9, b, sizeof b, &n), 9, 8, "9 seats unseeded");
    expect_table(sss_deal_for_unseeded(r, 1, NULL, 0, &n), 1, 8, "1 seat unseeded, no buffer");
    CHECK(n == 77 && b[0] == 0xEE);
    expect(sss_deal_for_unseeded(r, 8, b, 103, &n), SSS_ERR_BUFFER_TOO_SMALL, "needs 104", "103 codes for 8 seats");
    CHECK(n == 104 && b[0] == 0xEE && b[102] == 0xEE);
    expect(sss_deal_for_unseeded(r, 6, NULL, 0, &n), SSS_ERR_BUFFER_TOO_SMALL, "needs 78", "size query");
    CHECK(n == 78);
    expect(sss_deal_for_unseeded(NULL, 2, b, sizeof b, &n), SSS_ERR_NULL_POINTER, "rules", "NULL rules");
    expect(sss_deal_for_unseeded(r, 2, NULL, 26, &n), SSS_ERR_NULL_POINTER, "out_codes", "NULL out_codes");
    expect(sss_deal_for_unseeded(r, 2, b, sizeof b, NULL), SSS_ERR_NULL_POINTER, "out_count", "NULL out_count");
    expect(sss_arranger_new(r, 4, &arranger), SSS_OK, NULL, "arranger");
    expect(sss_deal_for_unseeded((const SssRules *)(const void *)arranger, 2, b, sizeof b, &n),
           SSS_ERR_INVALID_HANDLE, "SssRules", "an arranger as the rule set");
    sss_arranger_free(arranger);
    sss_rules_free(r);
}

/* ------------------------------------------------------------------------------------------ */
/* tests/vectors/big_tables.json                                                              */
/* ------------------------------------------------------------------------------------------ */

/* JSON numbers are doubles, which cannot hold every u64 seed (2^64 - 1): read each `"seed": N`
 * from the text, in file order (the deals first, then the errors of kind "deal"). */
static size_t seeds_in(const char *text, uint64_t *out, size_t cap) {
    const char *p = text;
    size_t n = 0;
    while ((p = strstr(p, "\"seed\": ")) != NULL && n < cap) {
        p += strlen("\"seed\": ");
        errno = 0;
        out[n] = strtoull(p, NULL, 10);
        check(errno == 0, "seed %zu parses", n);
        n++;
    }
    return n;
}

static SssStatus status_of(const char *name) {
    static const struct {
        const char *name;
        SssStatus st;
    } names[] = {
        {"too_many_copies", SSS_ERR_TOO_MANY_COPIES}, {"duplicate_card", SSS_ERR_DUPLICATE_CARD},
        {"invalid_table", SSS_ERR_INVALID_TABLE},     {"invalid_rules", SSS_ERR_INVALID_RULES},
        {"wrong_card_count", SSS_ERR_WRONG_CARD_COUNT}, {"bad_card_code", SSS_ERR_BAD_CARD_CODE},
        {"invalid_argument", SSS_ERR_INVALID_ARGUMENT},
    };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(names[i].name, name) == 0) return names[i].st;
    }
    check(0, "unknown error name %s", name);
    return SSS_OK;
}

/* A failure with the vector's status and exactly its message. */
static void expect_error(SssStatus got, const json *v, const char *what) {
    const char *want = str(v, "message");
    expect(got, status_of(str(v, "error")), NULL, what);
    check(strcmp(last_error(), want) == 0, "%s: message \"%s\", vector \"%s\"", what, last_error(), want);
}

/* The record's preset with its extra suits. */
static SssRules *rules_of(const json *v) {
    const json *p = json_get(v, "preset");
    return rules_with(p != NULL && p->type == JSON_STRING ? p->string : "classic", mask_of(str(v, "extra_suits")));
}

/* The record's seats through the builders; returns the count. */
static size_t seats_of(const json *arr, SssSeat *seats, size_t cap) {
    size_t i;
    check(arr != NULL && arr->type == JSON_ARRAY && arr->count <= cap, "seat list");
    if (arr == NULL || arr->type != JSON_ARRAY) return 0;
    for (i = 0; i < arr->count && i < cap; i++) {
        const json *a = json_get(arr->items[i], "arranged");
        uint8_t c[13];
        if (a != NULL) {
            codes_of(a, c, 13);
            expect(sss_seat_arranged(c, 3, c + 3, 5, c + 8, 5, &seats[i]), SSS_OK, NULL, "vector seat");
        } else {
            uint8_t sp = 0xEE;
            const char *id = str(arr->items[i], "special");
            codes_of(json_get(arr->items[i], "cards"), c, 13);
            expect(sss_special_parse(u8s(id), strlen(id), &sp), SSS_OK, NULL, id);
            expect(sss_seat_special(sp, c, 13, &seats[i]), SSS_OK, NULL, "vector special seat");
        }
    }
    return arr->count < cap ? arr->count : cap;
}

static void test_vectors(const char *dir) {
    char *text = NULL;
    json *doc = load(dir, "big_tables.json", &text);
    const json *deals, *evals, *specials, *settlements, *errors;
    uint64_t seeds[64];
    size_t nseeds, next_seed = 0, i, j, n;
    int six_sh = 0, eight = 0;
    if (doc == NULL) return;
    deals = json_get(doc, "deals");
    evals = json_get(doc, "evaluations");
    specials = json_get(doc, "specials");
    settlements = json_get(doc, "settlements");
    errors = json_get(doc, "errors");
    CHECK(deals && evals && specials && settlements && errors);
    if (!(deals && evals && specials && settlements && errors)) {
        json_free(doc);
        free(text);
        return;
    }
    nseeds = seeds_in(text, seeds, 64);

    for (i = 0; i < deals->count && next_seed < nseeds; i++) {
        const json *d = deals->items[i], *hands = json_get(d, "hands");
        SssRules *r = rules_of(d);
        uint32_t players = (uint32_t)num(d, "players");
        uint64_t seed = seeds[next_seed++];
        uint8_t want[SSS_MAX_DECK_SIZE], got[SSS_MAX_DECK_SIZE];
        size_t nw = codes_of(json_get(d, "deck"), want, sizeof want), ng = 0;
        check((double)seed == num(d, "seed"), "deal %zu: seed %llu read from the text", i, (unsigned long long)seed);
        expect(sss_shuffled_deck_for(r, seed, got, sizeof got, &ng), SSS_OK, NULL, "shuffled deck");
        check(ng == nw && memcmp(got, want, nw) == 0, "deal %zu: the shuffled deck", i);
        expect(sss_deal_for(r, players, seed, got, sizeof got, &ng), SSS_OK, NULL, "deal_for");
        check(ng == 13 * players && hands != NULL && hands->count == players, "deal %zu: %u hands", i, players);
        for (j = 0; hands != NULL && j < hands->count && 13 * j < ng; j++) {
            uint8_t h[13];
            n = codes_of(hands->items[j], h, 13);
            check(n == 13 && memcmp(got + 13 * j, h, 13) == 0, "deal %zu (%s, %u players): seat %zu", i,
                  str(d, "extra_suits"), players, j);
        }
        six_sh += players == 6 && strcmp(str(d, "extra_suits"), "sh") == 0;
        sss_rules_free(r);
    }
    check(six_sh == 1, "the vectors hold the 6-seat deal with extra suits sh");

    for (i = 0; i < evals->count; i++) {
        const json *v = evals->items[i];
        SssRules *r = rules_with("classic", mask_of(str(v, "extra_suits")));
        const json *tb = json_get(v, "suit_tiebreak");
        uint8_t c[5];
        SssHandRank hr;
        uint32_t many = 0;
        n = codes_of(json_get(v, "cards"), c, 5);
        expect(sss_rules_set_wheel(r, strcmp(str(v, "wheel"), "lowest") == 0 ? SSS_WHEEL_LOWEST
                                                                               : SSS_WHEEL_SECOND_HIGHEST),
               SSS_OK, NULL, "wheel");
        expect(sss_rules_set_suit_tiebreak(r, (uint8_t)(tb != NULL && tb->boolean)), SSS_OK, NULL, "tiebreak");
        expect(sss_evaluate(r, c, n, &hr), SSS_OK, NULL, "vector evaluation");
        check(hr.value == (uint32_t)num(v, "value") && hr.category == (uint8_t)num(v, "category"),
              "evaluation %zu: value %u category %u", i, hr.value, hr.category);
        expect(n == 5 ? sss_evaluate5_many(r, c, 1, &many, 1, NULL) : sss_evaluate3_many(r, c, 1, &many, 1, NULL),
               SSS_OK, NULL, "batch evaluation");
        check(many == hr.value, "evaluation %zu: the batch agrees", i);
        sss_rules_free(r);
    }

    for (i = 0; i < specials->count; i++) {
        const json *v = specials->items[i], *all = json_get(v, "all"), *best = json_get(v, "best");
        const json *split = json_get(v, "split_quads"), *strict = json_get(v, "strict_order");
        SssRules *p = rules_of(v), *r = NULL;
        SssSpecialDetection d;
        uint8_t c[13];
        size_t len = 0;
        char *rj, *at;
        /* split_quads has no setter: through the rule set's JSON. */
        expect(sss_rules_to_json(p, NULL, 0, &len), SSS_ERR_BUFFER_TOO_SMALL, NULL, "json size");
        rj = (char *)malloc(len + 8);
        expect(sss_rules_to_json(p, (uint8_t *)rj, len + 1, &len), SSS_OK, NULL, "json");
        at = strstr(rj, "\"split_quads\": ");
        check(at != NULL, "split_quads in the JSON");
        if (at != NULL && !(split != NULL && split->boolean) && strncmp(at + 15, "true", 4) == 0) {
            memmove(at + 20, at + 19, strlen(at + 19) + 1);
            memcpy(at + 15, "false", 5);
            len++;
        }
        expect(sss_rules_from_json(u8s(rj), len, &r), SSS_OK, NULL, "special rules");
        free(rj);
        expect(sss_rules_set_strict_order(r, (uint8_t)(strict != NULL && strict->boolean)), SSS_OK, NULL, "strict");
        codes_of(json_get(v, "cards"), c, 13);
        expect(sss_special_detect(r, c, 13, &d), SSS_OK, NULL, "vector special");
        check(all != NULL && d.count == all->count, "special %zu: %u found", i, d.count);
        for (j = 0; all != NULL && j < all->count && j < d.count; j++) {
            char id[8];
            size_t idn = 0;
            expect(sss_special_id(d.all[j], (uint8_t *)id, sizeof id, &idn), SSS_OK, NULL, "id");
            check(strcmp(id, all->items[j]->string) == 0, "special %zu: #%zu is %s, vector %s", i, j, id,
                  all->items[j]->string);
        }
        check(is_null_json(best) ? d.has_best == 0 : d.has_best == 1, "special %zu: best", i);
        sss_rules_free(p);
        sss_rules_free(r);
    }

    for (i = 0; i < settlements->count; i++) {
        const json *v = settlements->items[i], *totals = json_get(v, "totals"), *units = json_get(v, "units");
        const json *banker = json_get(v, "banker");
        SssRules *r = rules_of(v);
        SssSeat seats[SSS_MAX_SEATS];
        SssSettlement *s = NULL;
        SssWater w[SSS_MAX_SEATS];
        size_t nseats = seats_of(json_get(v, "seats"), seats, SSS_MAX_SEATS);
        int64_t sum = 0;
        if (strcmp(str(v, "table"), "banker") == 0) {
            expect(sss_rules_set_table(r, SSS_TABLE_BANKER), SSS_OK, NULL, "banker table");
        }
        expect(sss_settle_with_banker(r, seats, nseats,
                                      is_null_json(banker) ? SSS_SEAT_NONE : (uint8_t)banker->number, &s),
               SSS_OK, NULL, "vector settlement");
        if (s == NULL) {
            sss_rules_free(r);
            continue;
        }
        expect(sss_settlement_totals(s, w, SSS_MAX_SEATS, &n), SSS_OK, NULL, "totals");
        check(totals != NULL && units != NULL && n == totals->count && n == units->count, "settlement %zu: seats", i);
        for (j = 0; totals != NULL && units != NULL && j < n && j < totals->count; j++) {
            check(w[j].units == (int64_t)units->items[j]->number && w[j].num == (int64_t)num(totals->items[j], "num") &&
                      w[j].den == (int64_t)num(totals->items[j], "den"),
                  "settlement %zu (%s, %s, %zu seats): seat %zu %lld/%lld (%lld units)", i, str(v, "preset"),
                  str(v, "extra_suits"), nseats, j, (long long)w[j].num, (long long)w[j].den, (long long)w[j].units);
            sum += w[j].units;
        }
        CHECK(sum == 0);
        eight += nseats == 8;
        sss_settlement_free(s);
        sss_rules_free(r);
    }
    check(eight >= 1, "the vectors hold a settlement at 8 seats");

    for (i = 0; i < errors->count; i++) {
        const json *v = errors->items[i];
        const char *kind = str(v, "kind");
        SssRules *r = rules_of(v);
        uint8_t c[SSS_MAX_DECK_SIZE];
        if (strcmp(kind, "evaluate") == 0) {
            SssHandRank hr;
            n = codes_of(json_get(v, "cards"), c, sizeof c);
            expect_error(sss_evaluate(r, c, n, &hr), v, "vector evaluate error");
        } else if (strcmp(kind, "parse") == 0) {
            const char *t = str(v, "text");
            expect_error(sss_cards_parse_for(r, u8s(t), strlen(t), c, sizeof c, &n), v, "vector parse error");
        } else if (strcmp(kind, "deal") == 0) {
            uint64_t seed = next_seed < nseeds ? seeds[next_seed++] : 0;
            check((double)seed == num(v, "seed"), "error %zu: seed read from the text", i);
            expect_error(sss_deal_for(r, (uint32_t)num(v, "players"), seed, c, sizeof c, &n), v, "vector deal error");
        } else if (strcmp(kind, "settle") == 0) {
            const json *arr = json_get(v, "seats");
            SssSeat seats[SSS_MAX_SEATS + 1];
            SssSettlement *s = NULL;
            /* Seats filled directly: the builders take no rule set, so the settlement checks. */
            size_t k, ns = arr != NULL && arr->type == JSON_ARRAY && arr->count <= SSS_MAX_SEATS + 1 ? arr->count : 0;
            for (k = 0; k < ns; k++) {
                seats[k].kind = SSS_SEAT_ARRANGED;
                seats[k].special = SSS_SPECIAL_NONE;
                codes_of(json_get(arr->items[k], "arranged"), seats[k].cards, 13);
            }
            expect_error(sss_settle(r, seats, ns, &s), v, "vector settle error");
            CHECK(s == NULL);
        } else if (strcmp(kind, "rules_json") == 0) {
            const char *j = str(v, "json");
            SssRules *bad = NULL;
            expect_error(sss_rules_from_json(u8s(j), strlen(j), &bad), v, "vector rules error");
            CHECK(bad == NULL);
        } else {
            check(0, "unknown error kind %s", kind);
        }
        sss_rules_free(r);
    }
    check(next_seed == nseeds, "every seed of the file read (%zu of %zu)", next_seed, nseeds);
    json_free(doc);
    free(text);
}

int main(int argc, char **argv) {
    const char *label = argc > 2 ? argv[2] : "big-tables";
    if (argc < 2) {
        fprintf(stderr, "usage: %s <tests/vectors> [label]\n", argv[0]);
        return 2;
    }
    test_rules_and_deck();
    test_hands_with_copies();
    test_seat_counts_and_settlement();
    test_unseeded_big_deals();
    test_vectors(argv[1]);
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
