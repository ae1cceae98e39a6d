/*
 * C tests of the simulation (sss_simulate and the report) through the C ABI, against the
 * committed include/shisanshui.h. Built twice by run.sh (static and dynamic linking).
 * Usage: test_simulate VECTORS_DIR [label]
 *
 * Oracle: the rounds replayed one by one with the one-hand calls — the documented round seed
 * (SplitMix64 of seed + (i + 1) * 0x9E3779B97F4A7C15), sss_deal, sss_arrange at every seat,
 * sss_settle (at a banker room the arrangers of each role and sss_settle_with_banker) — give
 * each seat's mean water, the swing, shots and fouls the report states; the runs of the shared
 * vectors (tests/vectors/simulate.json: banker rooms, money, shards) report what Rust and Python
 * report; the
 * report is the same for 1 and 2 threads; money conserves; bad configurations are refused;
 * shards (sss_simulate_shard) merged with sss_sim_report_merge, directly or through the state
 * text, give the one-call report byte for byte, and shards that do not fit are refused.
 */
#include "shisanshui.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vectors.h"

static uint64_t round_seed(uint64_t seed, uint64_t round) {
    uint64_t z = seed + (round + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static char *report_json(const SssSimReport *r) {
    size_t len = 0;
    expect(sss_sim_report_to_json(r, NULL, 0, &len), SSS_ERR_BUFFER_TOO_SMALL, NULL, "json length");
    char *buf = malloc(len + 1);
    expect(sss_sim_report_to_json(r, (uint8_t *)buf, len + 1, &len), SSS_OK, NULL, "json");
    return buf;
}

/* Replay `rounds` rounds of `seed` at `players` seats (arranger everywhere, no specials). With
 * `banker` below SSS_SEAT_NONE the preset is played as a banker room with that banker seat. */
static void replay_at(const char *preset, uint32_t players, uint64_t rounds, uint64_t seed, uint8_t banker) {
    SssRules *rules = NULL;
    SssArranger *arranger = NULL, *banker_arranger = NULL;
    expect(sss_rules_new_preset(u8s(preset), strlen(preset), &rules), SSS_OK, NULL, preset);
    if (banker != SSS_SEAT_NONE) {
        expect(sss_rules_set_table(rules, SSS_TABLE_BANKER), SSS_OK, NULL, "banker room");
        expect(sss_arranger_new_for(rules, players, SSS_ROLE_PLAYER, &arranger), SSS_OK, NULL, "player arranger");
        expect(sss_arranger_new_for(rules, players, SSS_ROLE_BANKER, &banker_arranger), SSS_OK, NULL, "banker arranger");
    } else {
        expect(sss_arranger_new(rules, players, &arranger), SSS_OK, NULL, "arranger");
    }

    SssSimConfig config;
    expect(sss_sim_config_init(&config, players, rounds, seed), SSS_OK, NULL, "config init");
    CHECK(config.threads == 1 && config.declare_specials == 1 && config.with_money == 0);
    CHECK(config.has_banker == 0 && config.banker == 0);
    config.declare_specials = 0;
    if (banker != SSS_SEAT_NONE) {
        config.has_banker = 1;
        config.banker = banker;
    }
    SssSimReport *report = NULL;
    expect(sss_simulate(rules, &config, &report), SSS_OK, NULL, "simulate");
    SssSimSummary s;
    expect(sss_sim_report_summary(report, &s), SSS_OK, NULL, "summary");

    int64_t seat_sum[4] = {0, 0, 0, 0}, swing = 0;
    uint64_t shots = 0, fouls = 0;
    int ok = 1;
    for (uint64_t i = 0; i < rounds && ok; i++) {
        uint8_t dealt[52];
        size_t n = 0;
        ok &= sss_deal(players, round_seed(seed, i), dealt, sizeof dealt, &n) == SSS_OK && n == 13u * players;
        SssSeat seats[4];
        for (uint32_t p = 0; p < players; p++) {
            SssArranged a;
            ok &= sss_arrange(p == banker ? banker_arranger : arranger, dealt + 13 * p, 13, &a) == SSS_OK;
            ok &= sss_seat_arranged(a.front, 3, a.middle, 5, a.back, 5, &seats[p]) == SSS_OK;
        }
        SssSettlement *settled = NULL;
        ok &= sss_settle_with_banker(rules, seats, players, banker, &settled) == SSS_OK;
        SssWater totals[4];
        size_t count = 0;
        ok &= sss_settlement_totals(settled, totals, 4, &count) == SSS_OK && count == players;
        for (uint32_t p = 0; p < players; p++) {
            seat_sum[p] += totals[p].units;
            swing += totals[p].units > 0 ? totals[p].units : 0;
        }
        SssSettlementInfo info;
        ok &= sss_settlement_info(settled, &info) == SSS_OK;
        for (size_t e = 0; e < info.event_count; e++) {
            SssEvent ev;
            ok &= sss_settlement_event(settled, e, &ev) == SSS_OK;
            shots += ev.kind == SSS_EVENT_SHOT;
            fouls += ev.kind == SSS_EVENT_FOUL;
        }
        sss_settlement_free(settled);
    }
    check(ok, "%s: %llu rounds replayed", preset, (unsigned long long)rounds);
    check(s.rounds == rounds && s.hands == rounds * players && s.players == players, "%s: counts", preset);
    check(s.shots == shots && s.fouls == fouls && s.declared == 0, "%s: shots %llu (replay %llu), fouls %llu",
          preset, (unsigned long long)s.shots, (unsigned long long)shots, (unsigned long long)s.fouls);
    int means = 1;
    double all = 0;
    for (uint32_t p = 0; p < players; p++) {
        double want = (double)seat_sum[p] / (double)SSS_WATER_DENOMINATOR / (double)rounds;
        means &= fabs(s.seats[p].mean - want) < 1e-9 && s.seats[p].count == rounds;
        all += s.seats[p].mean;
    }
    check(means, "%s: every seat's mean water is the replay's", preset);
    check(fabs(all) < 1e-9 && fabs(s.water.mean) < 1e-9, "%s: water sums to zero", preset);
    check(fabs(s.swing.mean - (double)swing / (double)SSS_WATER_DENOMINATOR / (double)rounds) < 1e-9, "%s: swing %.6f", preset, s.swing.mean);
    check(s.water.ci95_low <= s.water.mean && s.water.mean <= s.water.ci95_high, "%s: interval", preset);

    /* The same report on two threads, byte for byte. */
    config.threads = 2;
    SssSimReport *two = NULL;
    expect(sss_simulate(rules, &config, &two), SSS_OK, NULL, "simulate 2 threads");
    char *a = report_json(report), *b = report_json(two);
    check(strcmp(a, b) == 0 && strstr(a, "\"rounds\"") != NULL, "%s: the same report on 1 and 2 threads", preset);
    free(a);
    free(b);
    sss_sim_report_free(two);
    sss_sim_report_free(report);
    sss_arranger_free(arranger);
    sss_arranger_free(banker_arranger);
    sss_rules_free(rules);
}

static void replay(const char *preset, uint32_t players, uint64_t rounds, uint64_t seed) {
    replay_at(preset, players, rounds, seed, SSS_SEAT_NONE);
}

static int close_to(double a, double b) { return fabs(a - b) < 1e-9; }

/* tests/vectors/simulate.json: each run configured from its record and compared with the figures
 * the engine wrote; each refused configuration refused with SSS_ERR_INVALID_TABLE. */
static void shared_vectors(const char *dir) {
    json *doc = load(dir, "simulate.json", NULL);
    const json *runs = doc ? json_get(doc, "runs") : NULL, *errors = doc ? json_get(doc, "errors") : NULL;
    check(runs != NULL && runs->type == JSON_ARRAY && runs->count >= 5, "simulate.json has runs");
    check(errors != NULL && errors->type == JSON_ARRAY && errors->count >= 3, "simulate.json has errors");
    if (runs == NULL || errors == NULL) {
        json_free(doc);
        return;
    }
    size_t bankers = 0;
    for (size_t i = 0; i < runs->count; i++) {
        const json *v = runs->items[i];
        const char *name = str(v, "name"), *rj = str(v, "rules_json");
        SssRules *rules = NULL;
        expect(sss_rules_from_json(u8s(rj), strlen(rj), &rules), SSS_OK, NULL, name);
        uint32_t players = (uint32_t)num(v, "players");
        SssSimConfig c;
        expect(sss_sim_config_init(&c, players, (uint64_t)num(v, "rounds"), (uint64_t)num(v, "seed")), SSS_OK, NULL, name);
        const json *banker = json_get(v, "banker"), *policies = json_get(v, "policies");
        const json *specials = json_get(v, "specials"), *stakes = json_get(v, "stakes");
        if (banker != NULL && banker->type == JSON_NUMBER) {
            c.has_banker = 1;
            c.banker = (uint32_t)banker->number;
            bankers++;
        }
        c.policy_count = policies != NULL && policies->type == JSON_ARRAY ? (uint32_t)policies->count : 0;
        for (uint32_t p = 0; p < c.policy_count && p < SSS_MAX_SEATS; p++) {
            const char *pn = policies->items[p]->string;
            c.policies[p] = strcmp(pn, "greedy") == 0    ? SSS_POLICY_GREEDY
                            : strcmp(pn, "product") == 0 ? SSS_POLICY_PRODUCT
                                                         : SSS_POLICY_ARRANGER;
        }
        c.declare_specials = (uint8_t)(specials != NULL && specials->type == JSON_BOOL && specials->boolean);
        if (stakes != NULL && stakes->type == JSON_OBJECT) {
            const json *rake = json_get(stakes, "rake"), *carries = json_get(stakes, "carries");
            c.with_money = 1;
            c.stakes.base = (int64_t)num(stakes, "base");
            c.stakes.rake_numerator = (int64_t)rake->items[0]->number;
            c.stakes.rake_denominator = (int64_t)rake->items[1]->number;
            if (carries != NULL && carries->type == JSON_ARRAY) {
                c.carry_count = (uint32_t)carries->count;
                for (size_t k = 0; k < carries->count && k < SSS_MAX_SEATS; k++) c.carries[k] = (int64_t)carries->items[k]->number;
            }
        }
        SssSimReport *r = NULL;
        expect(sss_simulate_shard(rules, &c, (uint64_t)num(v, "first_round"), &r), SSS_OK, NULL, name);
        SssSimSummary s;
        memset(&s, 0, sizeof s);
        if (r != NULL) expect(sss_sim_report_summary(r, &s), SSS_OK, NULL, "summary");
        check(s.hands == (uint64_t)num(v, "hands") && s.declared == (uint64_t)num(v, "declared") &&
                  s.fouls == (uint64_t)num(v, "fouls") && s.shots == (uint64_t)num(v, "shots") &&
                  s.home_runs == (uint64_t)num(v, "home_runs"),
              "%s: hands %llu, declared %llu, fouls %llu, shots %llu, home runs %llu", name,
              (unsigned long long)s.hands, (unsigned long long)s.declared, (unsigned long long)s.fouls,
              (unsigned long long)s.shots, (unsigned long long)s.home_runs);
        const json *means = json_get(v, "seat_means"), *money = json_get(v, "money_seat_means");
        int same = means != NULL && means->type == JSON_ARRAY && means->count == players;
        for (uint32_t p = 0; same && p < players; p++) same &= close_to(s.seats[p].mean, means->items[p]->number);
        check(same, "%s: every seat's mean water", name);
        check(close_to(s.swing.mean, num(v, "swing_mean")), "%s: swing %.6f", name, s.swing.mean);
        if (money != NULL && money->type == JSON_ARRAY) {
            int m = s.has_money == 1 && money->count == players;
            for (uint32_t p = 0; m && p < players; p++) m &= close_to(s.money_seats[p].mean, money->items[p]->number);
            check(m && s.total_rake == (int64_t)num(v, "total_rake") && s.total_house == (int64_t)num(v, "total_house"),
                  "%s: money per seat, rake %lld, house %lld", name, (long long)s.total_rake, (long long)s.total_house);
        } else {
            check(s.has_money == 0, "%s: no money", name);
        }
        sss_sim_report_free(r);
        sss_rules_free(rules);
    }
    check(bankers >= 4, "simulate.json has banker rooms (%zu)", bankers);
    for (size_t i = 0; i < errors->count; i++) {
        const json *v = errors->items[i], *banker = json_get(v, "banker");
        const char *rj = str(v, "rules_json");
        SssRules *rules = NULL;
        expect(sss_rules_from_json(u8s(rj), strlen(rj), &rules), SSS_OK, NULL, "error rules");
        SssSimConfig c;
        expect(sss_sim_config_init(&c, (uint32_t)num(v, "players"), 5, 1), SSS_OK, NULL, "error config");
        if (banker != NULL && banker->type == JSON_NUMBER) {
            c.has_banker = 1;
            c.banker = (uint32_t)banker->number;
        }
        SssSimReport *r = NULL;
        check(strcmp(str(v, "kind"), "invalid_table") == 0, "error %zu is invalid_table", i);
        expect(sss_simulate(rules, &c, &r), SSS_ERR_INVALID_TABLE, NULL, "refused configuration");
        CHECK(r == NULL);
        sss_rules_free(rules);
    }
    /* Beside the engine's refusals, the fields' own: a banker seat without has_banker, a flag not 0 or 1. */
    SssRules *classic = NULL;
    SssSimReport *none = NULL;
    SssSimConfig c;
    expect(sss_rules_new_preset(u8s("classic"), 7, &classic), SSS_OK, NULL, "classic");
    expect(sss_sim_config_init(&c, 4, 5, 1), SSS_OK, NULL, "init");
    c.banker = 2;
    expect(sss_simulate(classic, &c, &none), SSS_ERR_INVALID_ARGUMENT, "without has_banker", "banker without has_banker");
    c.banker = 0;
    c.has_banker = 2;
    expect(sss_simulate(classic, &c, &none), SSS_ERR_INVALID_ARGUMENT, "has_banker must be 0 or 1", "has_banker 2");
    CHECK(none == NULL);
    sss_rules_free(classic);
    json_free(doc);
}

static void money_and_specials(void) {
    SssRules *rules = NULL;
    expect(sss_rules_new_preset(u8s("kx"), 2, &rules), SSS_OK, NULL, "kx");
    SssSimConfig config;
    expect(sss_sim_config_init(&config, 4, 300, 77), SSS_OK, NULL, "init");
    config.with_money = 1;
    config.stakes.base = 100;
    config.stakes.rake_numerator = 5;
    config.stakes.rake_denominator = 100;
    config.policy_count = 4;
    config.policies[0] = SSS_POLICY_ARRANGER;
    config.policies[1] = SSS_POLICY_GREEDY;
    config.policies[2] = SSS_POLICY_PRODUCT;
    config.policies[3] = SSS_POLICY_GREEDY;
    SssSimReport *report = NULL;
    expect(sss_simulate(rules, &config, &report), SSS_OK, NULL, "simulate with money");
    SssSimSummary s;
    expect(sss_sim_report_summary(report, &s), SSS_OK, NULL, "summary");
    CHECK(s.has_money == 1 && s.rake.count == 300);
    /* Money conserved: what the seats win and lose together is minus the house's share. */
    double seats = 0;
    for (int p = 0; p < 4; p++) seats += s.money_seats[p].mean;
    check(fabs(seats * 300 + (double)s.total_house) < 1e-6, "money: seats %.3f per round, house %lld in all", seats,
          (long long)s.total_house);
    check(s.total_rake > 0 && s.total_house >= 0, "money: rake %lld", (long long)s.total_rake);
    check(s.seats[0].mean > s.seats[1].mean, "the arranger beats greedy (%.3f vs %.3f)", s.seats[0].mean,
          s.seats[1].mean);
    check(s.special_count > 0, "kx enables specials");
    uint64_t made = 0;
    for (uint32_t i = 0; i < s.special_count; i++) {
        SssSimSpecial sp;
        expect(sss_sim_report_special(report, i, &sp), SSS_OK, NULL, "special");
        CHECK(sp.declared <= sp.made && sp.water > 0 && sp.special < SSS_SPECIAL_COUNT);
        made += sp.made;
    }
    check(s.declared <= made, "declared %llu of %llu made", (unsigned long long)s.declared, (unsigned long long)made);
    SssSimSpecial sp;
    expect(sss_sim_report_special(report, s.special_count, &sp), SSS_ERR_INVALID_ARGUMENT, "does not exist",
           "special past the end");
    /* Lanes by category: each lane of every hand that played lanes without fouling, once. */
    uint64_t lanes[3] = {0, 0, 0};
    for (uint32_t c = 0; c < 10; c++) {
        SssSimLanes l;
        expect(sss_sim_report_lanes(report, c, &l), SSS_OK, NULL, "lanes");
        CHECK(l.category == c && l.hands_with <= l.front + l.middle + l.back);
        CHECK(c == SSS_CATEGORY_HIGH_CARD || c == SSS_CATEGORY_ONE_PAIR || c == SSS_CATEGORY_THREE_OF_A_KIND ||
              l.front == 0);
        check(fabs(l.hand_rate - (double)l.hands_with / (double)s.hands) < 1e-12, "lanes %u: rate", c);
        lanes[0] += l.front, lanes[1] += l.middle, lanes[2] += l.back;
    }
    {
        uint64_t played = s.hands - s.fouls - s.declared;
        check(lanes[0] == played && lanes[1] == played && lanes[2] == played,
              "lanes: %llu %llu %llu of %llu hands played", (unsigned long long)lanes[0],
              (unsigned long long)lanes[1], (unsigned long long)lanes[2], (unsigned long long)played);
        SssSimLanes l;
        expect(sss_sim_report_lanes(report, 10, &l), SSS_ERR_INVALID_ARGUMENT, "category 10", "no category 10");
    }
    sss_sim_report_free(report);

    /* Bad configurations: typed errors, nothing written. */
    struct {
        SssSimConfig c;
        SssStatus want;
        const char *needle;
    } bad[8];
    for (int i = 0; i < 8; i++) sss_sim_config_init(&bad[i].c, 4, 10, 1);
    bad[0].c.players = 5, bad[0].want = SSS_ERR_INVALID_TABLE, bad[0].needle = "players";
    bad[1].c.rounds = 0, bad[1].want = SSS_ERR_INVALID_ARGUMENT, bad[1].needle = "rounds";
    bad[2].c.policy_count = 3, bad[2].want = SSS_ERR_INVALID_ARGUMENT, bad[2].needle = "policies";
    bad[3].c.policy_count = 1, bad[3].c.policies[0] = 9, bad[3].want = SSS_ERR_INVALID_ARGUMENT,
    bad[3].needle = "unknown policy 9";
    bad[4].c.with_money = 1, bad[4].c.stakes.rake_numerator = 2, bad[4].c.stakes.rake_denominator = 1,
    bad[4].want = SSS_ERR_INVALID_MONEY, bad[4].needle = "rake";
    bad[5].c.with_money = 1, bad[5].c.carry_count = 4, bad[5].c.carries[2] = -5, bad[5].want = SSS_ERR_INVALID_MONEY,
    bad[5].needle = "carr";
    bad[6].c.reserved[0] = 1, bad[6].want = SSS_ERR_INVALID_ARGUMENT, bad[6].needle = "reserved";
    bad[7].c.with_money = 7, bad[7].want = SSS_ERR_INVALID_ARGUMENT, bad[7].needle = "0 or 1";
    for (int i = 0; i < 8; i++) {
        SssSimReport *r = (SssSimReport *)(uintptr_t)0x1;
        char what[32];
        snprintf(what, sizeof what, "bad config %d", i);
        expect(sss_simulate(rules, &bad[i].c, &r), bad[i].want, bad[i].needle, what);
        CHECK(r == (SssSimReport *)(uintptr_t)0x1);
    }
    expect(sss_simulate(rules, NULL, &report), SSS_ERR_NULL_POINTER, "config", "NULL config");
    expect(sss_simulate((const SssRules *)(const void *)&config, &config, &report), SSS_ERR_INVALID_HANDLE, NULL,
           "not a rules handle");
    expect(sss_sim_report_summary(NULL, &s), SSS_ERR_NULL_POINTER, "report", "NULL report");
    sss_sim_report_free(NULL);
    sss_rules_free(rules);
}

static SssSimReport *shard(const SssRules *rules, SssSimConfig config, uint64_t first, uint64_t rounds) {
    config.rounds = rounds;
    SssSimReport *r = NULL;
    expect(sss_simulate_shard(rules, &config, first, &r), SSS_OK, NULL, "shard");
    return r;
}

static void shards(void) {
    SssRules *rules = NULL;
    expect(sss_rules_new_preset(u8s("classic"), 7, &rules), SSS_OK, NULL, "classic");
    SssSimConfig config;
    expect(sss_sim_config_init(&config, 4, 100, 21), SSS_OK, NULL, "init");
    config.with_money = 1;
    config.stakes.base = 10;
    config.policy_count = 1;
    config.policies[0] = SSS_POLICY_GREEDY;
    SssSimReport *whole = NULL;
    expect(sss_simulate(rules, &config, &whole), SSS_OK, NULL, "whole");

    /* Three shards, merged out of order: the middle one takes its neighbours. */
    SssSimReport *a = shard(rules, config, 0, 30), *b = shard(rules, config, 30, 45), *c = shard(rules, config, 75, 25);
    uint64_t first = 99;
    expect(sss_sim_report_first_round(b, &first), SSS_OK, NULL, "first round");
    CHECK(first == 30);
    expect(sss_sim_report_merge(b, c), SSS_OK, NULL, "merge the later shard");
    expect(sss_sim_report_merge(b, a), SSS_OK, NULL, "merge the earlier shard");
    expect(sss_sim_report_first_round(b, &first), SSS_OK, NULL, "merged first round");
    char *want = report_json(whole), *got = report_json(b);
    check(first == 0 && strcmp(want, got) == 0, "three shards merge into the one-call report");
    free(got);

    /* Through the state text, as between processes. */
    size_t len = 0;
    expect(sss_sim_report_to_state(a, NULL, 0, &len), SSS_ERR_BUFFER_TOO_SMALL, NULL, "state length");
    char *state = malloc(len + 1);
    expect(sss_sim_report_to_state(a, (uint8_t *)state, len + 1, &len), SSS_OK, NULL, "state");
    SssSimReport *a2 = NULL, *rest = shard(rules, config, 30, 70);
    expect(sss_sim_report_from_state((const uint8_t *)state, len, &a2), SSS_OK, NULL, "from state");
    expect(sss_sim_report_merge(a2, rest), SSS_OK, NULL, "merge into a rebuilt report");
    got = report_json(a2);
    check(strcmp(want, got) == 0, "a shard rebuilt from its state merges into the same report");
    free(got);

    /* Refused, the report unchanged: overlap, itself, a gap, another run, a bad state. */
    expect(sss_sim_report_merge(a2, rest), SSS_ERR_INVALID_ARGUMENT, "overlap", "overlapping shards");
    expect(sss_sim_report_merge(a2, a2), SSS_ERR_INVALID_ARGUMENT, "itself", "a report with itself");
    SssSimReport *gap = shard(rules, config, 101, 5);
    expect(sss_sim_report_merge(a2, gap), SSS_ERR_INVALID_ARGUMENT, "no report", "a gap");
    SssSimConfig reseeded = config;
    reseeded.seed = 22;
    SssSimReport *other = shard(rules, reseeded, 100, 5);
    expect(sss_sim_report_merge(a2, other), SSS_ERR_INVALID_ARGUMENT, "seed differs", "another run");
    got = report_json(a2);
    check(strcmp(want, got) == 0, "a refused merge leaves the report as it was");
    free(got);
    SssSimReport *none = NULL;
    expect(sss_sim_report_from_state((const uint8_t *)state, len / 2, &none), SSS_ERR_INVALID_ARGUMENT, "not a simulation state",
           "a cut state");
    CHECK(none == NULL);
    expect(sss_sim_report_merge(NULL, a), SSS_ERR_NULL_POINTER, "into", "NULL into");
    expect(sss_simulate_shard(rules, &config, UINT64_MAX - 50, &none), SSS_ERR_INVALID_ARGUMENT, "past",
           "a last round past 2^64 - 1");
    CHECK(none == NULL);

    free(state);
    free(want);
    SssSimReport *all[] = {whole, a, b, c, a2, rest, gap, other};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) sss_sim_report_free(all[i]);
    sss_rules_free(rules);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s VECTORS_DIR [label]\n", argv[0]);
        return 2;
    }
    const char *label = argc > 2 ? argv[2] : "C simulate";
    replay("classic", 4, 40, 5);
    replay("hk", 2, 60, 6);
    replay("ranked", 3, 30, 7);
    replay_at("kx", 4, 30, 8, 1);
    replay_at("classic", 2, 30, 9, 0);
    shared_vectors(argv[1]);
    money_and_specials();
    shards();
    printf("%s: %d passed, %d failed\n", label, g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
