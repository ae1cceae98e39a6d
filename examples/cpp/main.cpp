// The C example's round (examples/c/main.c) through the C++17 wrapper shisanshui.hpp: the same
// calls and the same output, line for line, with RAII handles and exceptions instead of status
// checks.
//
//   round [PRESET [SEED [PLAYERS]]]      defaults: kx 42 4
#include <shisanshui.hpp>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace sss = shisanshui;

namespace {

std::string codes_text(sss::codes_view codes) {
    std::string out;
    for (std::size_t i = 0; i < codes.size(); ++i) out += " " + std::to_string(codes.data()[i]);
    return out;
}

void check_arrangement(const sss::Rules &rules, const char *front, const char *middle, const char *back) {
    SssArrangementEval eval =
        rules.check_arrangement(sss::parse_cards(front), sss::parse_cards(middle), sss::parse_cards(back));
    std::printf("check %s / %s / %s: ", front, middle, back);
    if (eval.is_foul) {
        std::printf("foul %u\n", unsigned{eval.foul_bits});
    } else {
        std::printf("legal\n");
    }
}

std::string water_text(const SssWater &w) {
    std::string sign = w.num > 0 ? "+" : "";
    std::string text = sign + std::to_string(w.num);
    if (w.den != 1) text += "/" + std::to_string(w.den);
    return text;
}

void run(const std::string &preset, std::uint64_t seed, std::uint32_t players) {
    // A header/library mismatch would misread every struct: check it first.
    if (sss::abi_version() != SSS_ABI_VERSION) throw std::runtime_error("header and library ABI differ");
    std::printf("shisanshui %s (ABI %u)\n", sss::version().c_str(), unsigned{sss::abi_version()});

    const sss::Rules rules = sss::Rules::preset(preset);

    SssHandRank rank = rules.evaluate(sss::parse_cards("As Ks Qs Js Ts"));
    std::printf("evaluate As Ks Qs Js Ts: %s (category %u)\n", sss::category_name(rank.category).c_str(),
                unsigned{rank.category});
    int order = rules.compare(sss::parse_cards("Ah 9h 7h 4h 2h"), sss::parse_cards("Ks Qd Jc Th 9s"));
    std::printf("compare Ah 9h 7h 4h 2h vs Ks Qd Jc Th 9s: %d\n", order);

    check_arrangement(rules, "Kd Kc 9h", "Ks Kh 9s 5s 3h", "As Ad Ah 2c 2d");
    check_arrangement(rules, "As Ad Ah", "Ks Kh 9s 5s 3h", "Kd Kc 9h 2c 2d");

    SssSpecialDetection det = rules.detect_special(sss::parse_cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"));
    if (det.has_best) {
        std::printf("special 2s..As of spades: %s %s\n", sss::special_id(det.best).c_str(),
                    sss::special_name(det.best).c_str());
    } else {
        std::printf("special 2s..As of spades: none\n");
    }

    try {
        sss::parse_cards("As Xs");
        throw std::runtime_error("\"As Xs\" parsed");
    } catch (const sss::error &e) {
        std::printf("error As Xs: %s (%s)\n", sss::status_name(e.status()).c_str(), e.message().c_str());
    }

    std::printf("table %s seed %" PRIu64 " players %u\n", preset.c_str(), seed, unsigned{players});
    const sss::Arranger arranger(rules, players);
    std::vector<SssSeat> seats;
    unsigned p = 0;
    for (const sss::Hand &hand : sss::deal(players, seed)) {
        std::printf("seat %u dealt %s codes%s\n", p, sss::format_cards(hand).c_str(), codes_text(hand).c_str());
        SssSpecialAdvice advice = arranger.special_advice(hand);
        if (advice.has_special && advice.declare) {
            std::printf("seat %u declares %s\n", p, sss::special_id(advice.special).c_str());
            seats.push_back(sss::seat_special(advice.special, hand));
            ++p;
            continue;
        }
        SssArranged best = arranger.arrange(hand);
        const sss::codes_view lanes[3] = {best.front, best.middle, best.back};
        const char *names[3] = {"front", "middle", "back"};
        for (int l = 0; l < 3; ++l) {
            std::printf("seat %u %s %s, %s, codes%s\n", p, names[l], sss::format_cards(lanes[l]).c_str(),
                        sss::category_name(best.categories[l]).c_str(), codes_text(lanes[l]).c_str());
        }
        std::printf("seat %u expected %.9f\n", p, best.expected_water);
        seats.push_back(sss::seat_arranged(best));
        ++p;
    }

    const sss::Settlement settlement = sss::settle(rules, seats);
    SssSettlementInfo info = settlement.info();
    for (std::size_t e = 0; e < info.event_count; ++e) {
        SssEvent ev = settlement.event(e);
        unsigned seat = unsigned{ev.seat};
        if (ev.kind == SSS_EVENT_SHOT) {
            std::printf("event seat %u shoots seat %u worth %" PRId64 "\n", seat, unsigned{ev.victim}, ev.value);
        } else if (ev.kind == SSS_EVENT_HOME_RUN) {
            std::printf("event seat %u home run worth %" PRId64 "\n", seat, ev.value);
        } else if (ev.kind == SSS_EVENT_FOUL) {
            std::printf("event seat %u fouls\n", seat);
        } else if (ev.kind == SSS_EVENT_SPECIAL) {
            std::printf("event seat %u declares special %u\n", seat, unsigned{ev.special});
        }
    }

    // Money: 1.00 per water point (base 100 cents), 50.00 carried by each seat, 5% rake.
    const std::vector<SssWater> totals = settlement.totals();
    const sss::MoneyResult money =
        sss::money_settle(settlement, SssStakes{100, 5, 100}, std::vector<std::int64_t>(totals.size(), 5000));
    for (std::size_t i = 0; i < totals.size(); ++i) {
        std::printf("seat %zu total %s water (%" PRId64 " units of 1/%d), money %+" PRId64 " cents\n", i,
                    water_text(totals[i]).c_str(), totals[i].units, int{SSS_WATER_DENOMINATOR}, money.lines[i].amount);
    }
    std::printf("house %+" PRId64 " cents\n", money.totals.house);
}

}  // namespace

int main(int argc, char **argv) {
    try {
        run(argc > 1 ? argv[1] : "kx", argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 42,
            argc > 3 ? static_cast<std::uint32_t>(std::strtoul(argv[3], nullptr, 10)) : 4);
    } catch (const sss::error &e) {
        // what() names the C function and the library's message; status() is the SssStatus.
        std::fprintf(stderr, "%s (status %d)\n", e.what(), static_cast<int>(e.status()));
        return 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
