/*
 * A C program using an installed libshisanshui: evaluate and compare hands, check arrangements
 * for a foul, detect a special, then play one round: deal, auto-arrange (or declare a special
 * when that is worth more), settle in water and in money.
 *
 *   round [PRESET [SEED [PLAYERS]]]      defaults: kx 42 4
 *
 * Every call's SssStatus is checked; on failure the program prints the status name and the
 * library's message (sss_last_error_message) and exits 1. Build it with the Makefile beside it.
 */
#include <shisanshui.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Print what failed and why, then exit: the library names the bad argument in its message. */
static void die(const char *call, SssStatus status) {
    char name[64] = "";
    char message[512] = "";
    size_t len = 0;
    sss_status_name(status, (uint8_t *)name, sizeof name, &len);
    sss_last_error_message((uint8_t *)message, sizeof message, &len);
    fprintf(stderr, "%s failed: %s (%d): %s\n", call, name, (int)status, message);
    exit(1);
}

#define CHECK(call)                          \
    do {                                     \
        SssStatus st_ = (call);              \
        if (st_ != SSS_OK) die(#call, st_);  \
    } while (0)

static const uint8_t *text(const char *s) { return (const uint8_t *)s; }

/* Card codes as letters ("As Kd Th"), written into buf. */
static const char *cards(const uint8_t *codes, size_t count, char *buf, size_t cap) {
    size_t len = 0;
    CHECK(sss_cards_format(codes, count, SSS_CARD_STYLE_LETTERS, (uint8_t *)buf, cap, &len));
    return buf;
}

static void print_codes(const uint8_t *codes, size_t count) {
    for (size_t i = 0; i < count; i++) printf(" %u", (unsigned)codes[i]);
}

static const char *category(uint8_t cat, char *buf, size_t cap) {
    size_t len = 0;
    CHECK(sss_category_name(cat, SSS_LANGUAGE_ENGLISH, (uint8_t *)buf, cap, &len));
    return buf;
}

static size_t parse(const char *hand, uint8_t *codes) {
    size_t n = 0;
    CHECK(sss_cards_parse(text(hand), strlen(hand), codes, SSS_MAX_CARDS, &n));
    return n;
}

static void check_arrangement(const SssRules *rules, const char *front, const char *middle, const char *back) {
    uint8_t f[SSS_MAX_CARDS], m[SSS_MAX_CARDS], b[SSS_MAX_CARDS];
    size_t nf = parse(front, f), nm = parse(middle, m), nb = parse(back, b);
    SssArrangementEval eval;
    CHECK(sss_arrangement_check(rules, f, nf, m, nm, b, nb, &eval));
    printf("check %s / %s / %s: ", front, middle, back);
    if (eval.is_foul) {
        printf("foul %u\n", (unsigned)eval.foul_bits);
    } else {
        printf("legal\n");
    }
}

static void print_water(const SssWater *w) {
    if (w->den == 1) {
        printf("%+" PRId64, w->num);
    } else {
        printf("%+" PRId64 "/%" PRId64, w->num, w->den);
    }
}

int main(int argc, char **argv) {
    const char *preset = argc > 1 ? argv[1] : "kx";
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 42;
    uint32_t players = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 4;
    char buf[256], buf2[256];

    /* A header/library mismatch would misread every struct: check it first. */
    if (sss_abi_version() != SSS_ABI_VERSION) {
        fprintf(stderr, "library ABI %u, header ABI %u\n", (unsigned)sss_abi_version(), (unsigned)SSS_ABI_VERSION);
        return 1;
    }
    size_t len = 0;
    CHECK(sss_version((uint8_t *)buf, sizeof buf, &len));
    printf("shisanshui %s (ABI %u)\n", buf, (unsigned)sss_abi_version());

    SssRules *rules = NULL;
    CHECK(sss_rules_new_preset(text(preset), strlen(preset), &rules));

    /* Evaluate and compare. */
    uint8_t a[SSS_MAX_CARDS], b[SSS_MAX_CARDS];
    size_t na = parse("As Ks Qs Js Ts", a);
    SssHandRank rank;
    CHECK(sss_evaluate(rules, a, na, &rank));
    printf("evaluate As Ks Qs Js Ts: %s (category %u)\n", category(rank.category, buf, sizeof buf),
           (unsigned)rank.category);
    na = parse("Ah 9h 7h 4h 2h", a);
    size_t nb = parse("Ks Qd Jc Th 9s", b);
    int32_t order = 0;
    CHECK(sss_compare(rules, a, na, b, nb, &order));
    printf("compare Ah 9h 7h 4h 2h vs Ks Qd Jc Th 9s: %d\n", (int)order);

    /* Arrangements: the back must be at least the middle, the middle at least the front. */
    check_arrangement(rules, "Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d");
    check_arrangement(rules, "As Ad Ah", "Ks Kh 9s 5s 3h", "Kd Kc 9h 2c 2d");

    /* A special hand (报到). */
    na = parse("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", a);
    SssSpecialDetection det;
    CHECK(sss_special_detect(rules, a, na, &det));
    if (det.has_best) {
        CHECK(sss_special_id(det.best, (uint8_t *)buf, sizeof buf, &len));
        CHECK(sss_special_name(det.best, SSS_LANGUAGE_ENGLISH, (uint8_t *)buf2, sizeof buf2, &len));
        printf("special 2s..As of spades: %s %s\n", buf, buf2);
    } else {
        printf("special 2s..As of spades: none\n");
    }

    /* Bad input is a status and a message, never a crash. */
    SssStatus bad = sss_cards_parse(text("As Xs"), 5, a, SSS_MAX_CARDS, &na);
    CHECK(sss_status_name(bad, (uint8_t *)buf, sizeof buf, &len));
    CHECK(sss_last_error_message((uint8_t *)buf2, sizeof buf2, &len));
    printf("error As Xs: %s (%s)\n", buf, buf2);

    /* One round. */
    printf("table %s seed %" PRIu64 " players %u\n", preset, seed, (unsigned)players);
    SssArranger *arranger = NULL;
    CHECK(sss_arranger_new(rules, players, &arranger));
    uint8_t deck[SSS_DECK_SIZE];
    size_t dealt = 0;
    CHECK(sss_deal(players, seed, deck, sizeof deck, &dealt));

    SssSeat seats[SSS_MAX_SEATS];
    for (uint32_t p = 0; p < players; p++) {
        const uint8_t *hand = deck + p * SSS_HAND_SIZE;
        printf("seat %u dealt %s codes", (unsigned)p, cards(hand, SSS_HAND_SIZE, buf, sizeof buf));
        print_codes(hand, SSS_HAND_SIZE);
        printf("\n");

        SssSpecialAdvice advice;
        CHECK(sss_special_advice(arranger, hand, SSS_HAND_SIZE, &advice));
        if (advice.has_special && advice.declare) {
            CHECK(sss_special_id(advice.special, (uint8_t *)buf, sizeof buf, &len));
            printf("seat %u declares %s\n", (unsigned)p, buf);
            CHECK(sss_seat_special(advice.special, hand, SSS_HAND_SIZE, &seats[p]));
            continue;
        }
        SssArranged best;
        CHECK(sss_arrange(arranger, hand, SSS_HAND_SIZE, &best));
        const struct {
            const char *name;
            const uint8_t *codes;
            size_t count;
        } lanes[3] = {{"front", best.front, 3}, {"middle", best.middle, 5}, {"back", best.back, 5}};
        for (int l = 0; l < 3; l++) {
            printf("seat %u %s %s, %s, codes", (unsigned)p, lanes[l].name,
                   cards(lanes[l].codes, lanes[l].count, buf, sizeof buf), category(best.categories[l], buf2, sizeof buf2));
            print_codes(lanes[l].codes, lanes[l].count);
            printf("\n");
        }
        printf("seat %u expected %.9f\n", (unsigned)p, best.expected_water);
        CHECK(sss_seat_arranged(best.front, 3, best.middle, 5, best.back, 5, &seats[p]));
    }

    SssSettlement *settlement = NULL;
    CHECK(sss_settle(rules, seats, players, &settlement));
    SssWater totals[SSS_MAX_SEATS];
    size_t n_totals = 0;
    CHECK(sss_settlement_totals(settlement, totals, SSS_MAX_SEATS, &n_totals));
    SssSettlementInfo info;
    CHECK(sss_settlement_info(settlement, &info));
    for (uint8_t e = 0; e < info.event_count; e++) {
        SssEvent ev;
        CHECK(sss_settlement_event(settlement, e, &ev));
        if (ev.kind == SSS_EVENT_SHOT) {
            printf("event seat %u shoots seat %u worth %" PRId64 "\n", (unsigned)ev.seat, (unsigned)ev.victim,
                   ev.value);
        } else if (ev.kind == SSS_EVENT_HOME_RUN) {
            printf("event seat %u home run worth %" PRId64 "\n", (unsigned)ev.seat, ev.value);
        } else if (ev.kind == SSS_EVENT_FOUL) {
            printf("event seat %u fouls\n", (unsigned)ev.seat);
        } else if (ev.kind == SSS_EVENT_SPECIAL) {
            printf("event seat %u declares special %u\n", (unsigned)ev.seat, (unsigned)ev.special);
        }
    }

    /* Money: 1.00 per water point (base 100 cents), 50.00 carried by each seat, 5% rake. */
    int64_t units[SSS_MAX_SEATS], carries[SSS_MAX_SEATS];
    for (size_t i = 0; i < n_totals; i++) {
        units[i] = totals[i].units;
        carries[i] = 5000;
    }
    SssStakes stakes = {100, 5, 100};
    SssMoneyLine lines[SSS_MAX_SEATS];
    SssMoneyTotals money;
    size_t n_lines = 0;
    CHECK(sss_money_settle(units, n_totals, &stakes, carries, n_totals, lines, SSS_MAX_SEATS, &n_lines, &money));
    for (size_t i = 0; i < n_totals; i++) {
        printf("seat %u total ", (unsigned)i);
        print_water(&totals[i]);
        printf(" water (%" PRId64 " units of 1/%d), money %+" PRId64 " cents\n", totals[i].units,
               (int)SSS_WATER_DENOMINATOR, lines[i].amount);
    }
    printf("house %+" PRId64 " cents\n", money.house);

    sss_settlement_free(settlement);
    sss_arranger_free(arranger);
    sss_rules_free(rules);
    return 0;
}
