// Tests of include/shisanshui.hpp, the header-only C++17 wrapper: each wrapper call gives what the
// C call it wraps gives, failures throw shisanshui::error with the C status and message, handles
// are move-only and freed once (tests/c/consumers.sh also runs this under valgrind).
// Ends with "hpp: N passed, M failed".
#include <shisanshui.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace sss = shisanshui;

static_assert(!std::is_copy_constructible_v<sss::Rules> && !std::is_copy_assignable_v<sss::Rules>, "Rules is move-only");
static_assert(std::is_nothrow_move_constructible_v<sss::Rules> && std::is_nothrow_move_assignable_v<sss::Rules>,
              "Rules moves without throwing");
static_assert(!std::is_copy_constructible_v<sss::Arranger> && std::is_nothrow_move_constructible_v<sss::Arranger>,
              "Arranger is move-only");
static_assert(!std::is_copy_constructible_v<sss::Settlement> && std::is_nothrow_move_constructible_v<sss::Settlement>,
              "Settlement is move-only");
static_assert(std::is_base_of_v<std::runtime_error, sss::error>, "error is a runtime_error");

namespace {

int passed = 0;
int failed = 0;

void check(bool ok, const char *what, int line) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::fprintf(stderr, "FAIL: test_hpp.cpp:%d: %s\n", line, what);
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

// Run f, expecting shisanshui::error with this status, a message and what() naming `function`.
template <class F>
void expect_error(F f, SssStatus status, const char *function, int line) {
    try {
        f();
        check(false, "no exception", line);
    } catch (const sss::error &e) {
        check(e.status() == status, "status", line);
        check(!e.message().empty(), "message", line);
        check(std::string(e.what()).rfind(std::string(function) + ": ", 0) == 0, "what() names the C function", line);
    }
}
#define EXPECT_ERROR(expr, status, function) expect_error([&] { (void)(expr); }, status, function, __LINE__)

bool same_codes(sss::codes_view a, sss::codes_view b) {
    return a.size() == b.size() && std::equal(a.data(), a.data() + a.size(), b.data());
}

void library_and_cards() {
    char buf[32];
    std::size_t len = 0;
    CHECK(sss_version(reinterpret_cast<uint8_t *>(buf), sizeof buf, &len) == SSS_OK);
    CHECK(sss::version() == std::string(buf, len));
    CHECK(sss::abi_version() == SSS_ABI_VERSION);
    CHECK(sss::status_name(SSS_ERR_UNKNOWN_RANK) == "unknown_rank");
    CHECK(sss::status_name(SSS_OK) == "ok");

    // code = (rank - 2) * 4 + suit, suit 0 diamonds 1 clubs 2 hearts 3 spades (shisanshui.h).
    CHECK(sss::parse_card("10h") == (10 - 2) * 4 + 2);
    CHECK(sss::parse_card("As") == (14 - 2) * 4 + 3);
    CHECK(sss::parse_card("2d") == 0);
    std::vector<uint8_t> hand = sss::parse_cards("As Kd 10h");
    CHECK((hand == std::vector<uint8_t>{51, 44, 34}));
    CHECK(sss::format_cards(hand) == "As Kd Th");
    CHECK(sss::format_cards(hand, SSS_CARD_STYLE_SYMBOLS) == "A\u2660 K\u2666 T\u2665");
    CHECK(sss::format_cards(std::vector<uint8_t>{}).empty());
    CHECK(sss::parse_cards("").empty());
    sss::validate_cards(hand);

    EXPECT_ERROR(sss::parse_cards("As Xs"), SSS_ERR_UNKNOWN_RANK, "sss_cards_parse");
    EXPECT_ERROR(sss::parse_card("Aq"), SSS_ERR_UNKNOWN_SUIT, "sss_card_parse");
    EXPECT_ERROR(sss::parse_cards("As As"), SSS_ERR_DUPLICATE_CARD, "sss_cards_parse");
    EXPECT_ERROR(sss::validate_cards(std::vector<uint8_t>{1, 52}), SSS_ERR_BAD_CARD_CODE, "sss_cards_validate");
    EXPECT_ERROR(sss::format_cards(hand, static_cast<SssCardStyle>(7)), SSS_ERR_INVALID_ARGUMENT, "sss_cards_format");
    EXPECT_ERROR(sss::category_name(200), SSS_ERR_INVALID_ARGUMENT, "sss_category_name");
    // The message is the library's own, and the error is a std::runtime_error.
    try {
        sss::parse_cards("As Xs");
        CHECK(false);
    } catch (const std::runtime_error &e) {
        CHECK(std::strstr(e.what(), "Xs") != nullptr);
    }

    CHECK(sss::category_name(SSS_CATEGORY_FULL_HOUSE) == "full house");
    CHECK(sss::category_name(SSS_CATEGORY_FULL_HOUSE, SSS_LANGUAGE_CHINESE) == "\u846b\u82a6");
    CHECK(sss::special_id(SSS_SPECIAL_THREE_STRAIGHT_FLUSHES) == "TSF");
    CHECK(sss::special_name(SSS_SPECIAL_THREE_STRAIGHTS) == "three straights");
    CHECK(sss::parse_special("TSF") == SSS_SPECIAL_THREE_STRAIGHT_FLUSHES);
    EXPECT_ERROR(sss::parse_special("no such hand"), SSS_ERR_UNKNOWN_SPECIAL, "sss_special_parse");
}

void rules_and_evaluation() {
    sss::Rules rules = sss::Rules::preset("kx");
    CHECK(rules.get() != nullptr);
    EXPECT_ERROR(sss::Rules::preset("nope"), SSS_ERR_UNKNOWN_PRESET, "sss_rules_new_preset");
    EXPECT_ERROR(sss::Rules::from_json("{"), SSS_ERR_INVALID_RULES, "sss_rules_from_json");

    // JSON round trip, clone and moves.
    std::string json = rules.to_json();
    CHECK(!json.empty() && json.front() == '{');
    sss::Rules copy = sss::Rules::from_json(json);
    CHECK(copy.to_json() == json);
    sss::Rules cloned = rules.clone();
    CHECK(cloned.get() != rules.get() && cloned.to_json() == json);
    sss::Rules moved = std::move(cloned);
    CHECK(cloned.get() == nullptr && moved.get() != nullptr);
    moved = sss::Rules::preset("classic");  // frees the kx copy it held
    CHECK(moved.to_json() != json);
    sss::Rules &alias = moved;
    moved = std::move(alias);  // self-move keeps the handle
    CHECK(moved.get() != nullptr);
    rules.validate();

    // Setters and getters are the C ones.
    bool strict = rules.strict_order();
    rules.set_strict_order(!strict);
    CHECK(rules.strict_order() == !strict);
    rules.set_strict_order(strict);
    rules.set_wheel(SSS_WHEEL_LOWEST);
    CHECK(rules.wheel() == SSS_WHEEL_LOWEST);
    rules.set_wheel(SSS_WHEEL_SECOND_HIGHEST);
    EXPECT_ERROR(rules.set_wheel(static_cast<SssWheel>(9)), SSS_ERR_INVALID_ARGUMENT, "sss_rules_set_wheel");
    rules.set_suit_tiebreak(true);
    CHECK(rules.suit_tiebreak());
    rules.set_suit_tiebreak(false);

    // Known hands: a royal flush is a straight flush; a flush beats a straight.
    std::vector<uint8_t> royal = sss::parse_cards("As Ks Qs Js Ts");
    SssHandRank rank = rules.evaluate(royal);
    SssHandRank c_rank{};
    CHECK(sss_evaluate(rules.get(), royal.data(), royal.size(), &c_rank) == SSS_OK);
    CHECK(rank.value == c_rank.value && rank.category == SSS_CATEGORY_STRAIGHT_FLUSH && rank.card_count == 5);
    CHECK(sss::describe(rank).find("straight flush") == 0);
    std::vector<uint8_t> flush = sss::parse_cards("Ah 9h 7h 4h 2h");
    std::vector<uint8_t> straight = sss::parse_cards("Ks Qd Jc Th 9s");
    CHECK(rules.compare(flush, straight) == 1);
    CHECK(rules.compare(straight, flush) == -1);
    CHECK(rules.compare(flush, flush) == 0);
    EXPECT_ERROR(rules.compare(flush, sss::parse_cards("Ad Ac Ah")), SSS_ERR_WRONG_CARD_COUNT, "sss_compare");
    EXPECT_ERROR(rules.evaluate(sss::parse_cards("As Ks Qs Js")), SSS_ERR_WRONG_CARD_COUNT, "sss_evaluate");
    std::array<uint8_t, 3> trips{sss::parse_card("Ad"), sss::parse_card("Ac"), sss::parse_card("Ah")};
    CHECK(rules.evaluate(trips).category == SSS_CATEGORY_THREE_OF_A_KIND);

    // Arrangements: both forms, legal and fouled (front trips over a middle pair).
    SssArrangementEval legal = rules.check_arrangement(sss::parse_cards("Kd Kc 9h"), sss::parse_cards("Ks Kh 9s 5s 3h"),
                                                       sss::parse_cards("As Ad Ah 2c 2d"));
    CHECK(!legal.is_foul && legal.foul_bits == 0 && legal.back.category == SSS_CATEGORY_FULL_HOUSE);
    SssArrangementEval foul = rules.check_arrangement(sss::parse_cards("As Ad Ah Ks Kh 9s 5s 3h Kd Kc 9h 2c 2d"));
    CHECK(foul.is_foul && foul.foul_bits == 1);
    EXPECT_ERROR(rules.check_arrangement(sss::parse_cards("As Ad Ah Ks")), SSS_ERR_WRONG_CARD_COUNT,
                 "sss_arrangement_check13");

    // Specials: thirteen spades A to K are a supreme dragon under kx.
    SssSpecialDetection det = rules.detect_special(sss::parse_cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"));
    CHECK(det.has_best && det.best == SSS_SPECIAL_SUPREME_DRAGON);
    CHECK(rules.special_water(SSS_SPECIAL_SUPREME_DRAGON) > 0);
    std::vector<uint8_t> enabled = rules.specials();
    CHECK(!enabled.empty() && enabled.front() == SSS_SPECIAL_SUPREME_DRAGON);
    EXPECT_ERROR(rules.special_water(99), SSS_ERR_INVALID_ARGUMENT, "sss_special_water");
}

void dealing_arranging_settling() {
    const sss::Rules rules = sss::Rules::preset("kx");
    std::vector<sss::Hand> hands = sss::deal(4, 42);
    CHECK(hands.size() == 4);
    uint8_t c_codes[SSS_DECK_SIZE];
    std::size_t n = 0;
    CHECK(sss_deal(4, 42, c_codes, sizeof c_codes, &n) == SSS_OK && n == 52);
    std::array<uint8_t, SSS_DECK_SIZE> deck = sss::shuffled_deck(42);
    bool dealt_as_c = true;
    for (std::size_t i = 0; i < 52; ++i) {
        dealt_as_c = dealt_as_c && hands[i / 13][i % 13] == c_codes[i] && deck[i] == c_codes[i];
    }
    CHECK(dealt_as_c);
    CHECK(sss::deal(2, 7).size() == 2);
    CHECK(sss::deal_unseeded(3).size() == 3);
    EXPECT_ERROR(sss::deal(5, 1), SSS_ERR_INVALID_TABLE, "sss_deal");

    sss::Arranger arranger(rules, 4);
    CHECK(arranger.players() == 4);
    CHECK(arranger.rules().to_json() == rules.to_json());
    EXPECT_ERROR(sss::Arranger(rules, 5), SSS_ERR_INVALID_TABLE, "sss_arranger_new");
    EXPECT_ERROR(sss::Arranger::preset("nope", 4), SSS_ERR_UNKNOWN_PRESET, "sss_arranger_new_preset");
    sss::Arranger other = sss::Arranger::preset("kx", 4);
    sss::Arranger taken = std::move(other);
    CHECK(other.get() == nullptr && taken.players() == 4);

    // Bot levels: a new arranger at the level, the same draw for the same seed and cards.
    sss::Arranger casual = arranger.with_level(SSS_LEVEL_CASUAL, 7);
    CHECK(casual.level() == SSS_LEVEL_CASUAL && casual.seed() == 7);
    CHECK(arranger.level() == SSS_LEVEL_BEST && arranger.seed() == 0);
    CHECK(sss::level_name(SSS_LEVEL_STRONG) == "strong" && sss::parse_level(" Beginner ") == SSS_LEVEL_BEGINNER);
    EXPECT_ERROR(sss::parse_level("expert"), SSS_ERR_INVALID_ARGUMENT, "sss_level_parse");
    EXPECT_ERROR(arranger.with_level(4, 1), SSS_ERR_INVALID_ARGUMENT, "sss_arranger_with_level");
    for (const sss::Hand &hand : hands) {
        SssArranged a = casual.arrange(hand), b = casual.arrange(hand);
        CHECK(same_codes(a.front, b.front) && same_codes(a.back, b.back) && a.expected_water == b.expected_water);
        CHECK(!rules.check_arrangement(a.front, a.middle, a.back).is_foul);
    }

    // Card removal off: a new arranger playing the field as trained; this one keeps it on.
    sss::Arranger plain = arranger.with_card_removal(false);
    CHECK(!plain.card_removal() && arranger.card_removal() && plain.with_card_removal(true).card_removal());
    bool priced_apart = false;
    for (const sss::Hand &hand : hands) {
        SssArranged a = plain.arrange(hand), b = arranger.arrange(hand);
        CHECK(!rules.check_arrangement(a.front, a.middle, a.back).is_foul);
        priced_apart = priced_apart || a.expected_water != b.expected_water;
    }
    CHECK(priced_apart);

    // One options struct: the casual bot without card removal, the same as the calls above make.
    SssArrangerOptions options = sss::Arranger::options(4);
    CHECK(options.size == sizeof options && options.players == 4 && options.level == SSS_LEVEL_BEST &&
          options.card_removal == 1);
    options.level = SSS_LEVEL_CASUAL;
    options.seed = 7;
    options.card_removal = 0;
    sss::Arranger optioned(rules, options);
    sss::Arranger chained = arranger.with_card_removal(false).with_level(SSS_LEVEL_CASUAL, 7);
    SssArrangerOptions back = optioned.options();
    CHECK(back.level == SSS_LEVEL_CASUAL && back.seed == 7 && back.card_removal == 0 && back.players == 4);
    for (const sss::Hand &hand : hands) {
        SssArranged a = optioned.arrange(hand), b = chained.arrange(hand);
        CHECK(same_codes(a.front, b.front) && same_codes(a.middle, b.middle) && a.expected_water == b.expected_water);
    }
    options.level = 9;
    EXPECT_ERROR(sss::Arranger(rules, options), SSS_ERR_INVALID_ARGUMENT, "sss_arranger_new_with");

    std::vector<SssSeat> seats;
    for (const sss::Hand &hand : hands) {
        SssArranged best = arranger.arrange(hand);
        SssArranged c_best{};
        CHECK(sss_arrange(arranger.get(), hand.data(), hand.size(), &c_best) == SSS_OK);
        CHECK(same_codes(best.front, c_best.front) && same_codes(best.middle, c_best.middle) &&
              same_codes(best.back, c_best.back) && best.expected_water == c_best.expected_water);
        CHECK(!rules.check_arrangement(best.front, best.middle, best.back).is_foul);
        std::vector<uint8_t> lanes(best.front, best.front + 3);
        lanes.insert(lanes.end(), best.middle, best.middle + 5);
        lanes.insert(lanes.end(), best.back, best.back + 5);
        CHECK(arranger.expected_water(lanes) == best.expected_water);
        std::vector<SssSuggestion> suggestions = arranger.suggest(hand, 3);
        CHECK(!suggestions.empty() && suggestions.size() <= 3 && suggestions[0].kind == SSS_SUGGESTION_BEST &&
              same_codes(suggestions[0].arranged.back, best.back));
        SssSpecialAdvice advice = arranger.special_advice(hand);
        CHECK(advice.has_special <= 1);
        seats.push_back(sss::seat_arranged(best));
    }
    // play: the seat a good player puts down, the lanes of arrange where no special is worth
    // declaring; a dragon declared, paid its water by each of the other three seats (RULES.md §6).
    for (const sss::Hand &hand : hands) {
        SssSeat seat = arranger.play(hand);
        SssSpecialAdvice advice = arranger.special_advice(hand);
        if (seat.kind == SSS_SEAT_SPECIAL) {
            CHECK(advice.declare == 1 && seat.special == advice.special);
        } else {
            SssSeat lanes = sss::seat_arranged(arranger.arrange(hand));
            CHECK(advice.declare == 0 && std::memcmp(&seat, &lanes, sizeof seat) == 0);
        }
    }
    {
        SssSeat dragon = arranger.play(sss::parse_cards("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad"));
        CHECK(dragon.kind == SSS_SEAT_SPECIAL && dragon.special == SSS_SPECIAL_DRAGON);
        std::vector<uint8_t> rest;
        for (uint8_t c = 0; c < 52; c++) {
            if (std::find(dragon.cards, dragon.cards + 13, c) == dragon.cards + 13) rest.push_back(c);
        }
        std::vector<SssSeat> table{dragon};
        for (int k = 0; k < 3; k++) {
            std::vector<uint8_t> hand;
            for (int i = 0; i < 13; i++) hand.push_back(rest[(13 * k + i) * 7 % 39]);
            table.push_back(arranger.play(hand));
        }
        CHECK(sss::settle(rules, table).totals()[0].units ==
              int64_t{3} * rules.special_water(SSS_SPECIAL_DRAGON) * SSS_WATER_DENOMINATOR);
        EXPECT_ERROR(arranger.play(sss::parse_cards("As Ks")), SSS_ERR_WRONG_CARD_COUNT, "sss_arranger_play");
    }
    EXPECT_ERROR(arranger.arrange(std::vector<uint8_t>(hands[0].begin(), hands[0].begin() + 12)),
                 SSS_ERR_WRONG_CARD_COUNT, "sss_arrange");
    EXPECT_ERROR(arranger.suggest(hands[0], 0), SSS_ERR_INVALID_ARGUMENT, "sss_suggest");
    EXPECT_ERROR(sss::seat_arranged(std::vector<uint8_t>{0, 1}, std::vector<uint8_t>{2, 3, 4, 5, 6},
                                    std::vector<uint8_t>{7, 8, 9, 10, 11}),
                 SSS_ERR_WRONG_CARD_COUNT, "sss_seat_arranged");

    sss::Settlement settlement = sss::settle(rules, seats);
    SssSettlementInfo info = settlement.info();
    CHECK(info.seat_count == 4 && info.pair_count == 6);
    std::vector<SssWater> totals = settlement.totals();
    CHECK(totals.size() == 4);
    int64_t sum = 0;
    for (const SssWater &w : totals) sum += w.units;
    CHECK(sum == 0);
    std::vector<SssWater> matrix = settlement.matrix();
    bool antisymmetric = matrix.size() == 16;
    for (std::size_t i = 0; antisymmetric && i < 4; ++i) {
        for (std::size_t j = 0; j < 4; ++j) antisymmetric = antisymmetric && matrix[i * 4 + j].units == -matrix[j * 4 + i].units;
    }
    CHECK(antisymmetric);
    CHECK(settlement.seat(0).total.units == totals[0].units);
    CHECK(settlement.pair(0).seat_a == 0 && settlement.pair(0).seat_b == 1);
    for (std::size_t e = 0; e < info.event_count; ++e) CHECK(settlement.event(e).seat < 4);
    EXPECT_ERROR(settlement.pair(6), SSS_ERR_INVALID_ARGUMENT, "sss_settlement_pair");
    std::string json = settlement.to_json();
    CHECK(json.front() == '{' && json.find("\"totals\"") != std::string::npos);
    // settle_into reuses the handle; on error it is left as it was.
    std::vector<SssSeat> two(seats.begin(), seats.begin() + 2);
    settlement.settle_into(rules, two);
    CHECK(settlement.info().seat_count == 2);
    EXPECT_ERROR(settlement.settle_into(rules, std::vector<SssSeat>(seats.begin(), seats.begin() + 1)),
                 SSS_ERR_INVALID_TABLE, "sss_settle_into");
    CHECK(settlement.info().seat_count == 2);
    std::vector<SssSeat> dup = {seats[0], seats[0]};
    EXPECT_ERROR(sss::settle(rules, dup), SSS_ERR_DUPLICATE_CARD, "sss_settle");

    // A declared special seat.
    SssSeat dragon = sss::seat_special(SSS_SPECIAL_SUPREME_DRAGON,
                                       sss::parse_cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"));
    CHECK(dragon.kind == SSS_SEAT_SPECIAL && dragon.special == SSS_SPECIAL_SUPREME_DRAGON);
    EXPECT_ERROR(sss::seat_special(99, hands[0]), SSS_ERR_INVALID_ARGUMENT, "sss_seat_special");

    // Money: one water at 100 cents, no rake, no carries; then the settlement's own totals.
    sss::MoneyResult m = sss::money_settle(std::vector<int64_t>{SSS_WATER_DENOMINATOR, -SSS_WATER_DENOMINATOR}, SssStakes{100, 0, 1});
    CHECK(m.lines.size() == 2 && m.lines[0].amount == 100 && m.lines[1].amount == -100 && m.totals.house == 0);
    sss::MoneyResult raked = sss::money_settle(std::vector<int64_t>{SSS_WATER_DENOMINATOR, -SSS_WATER_DENOMINATOR}, SssStakes{100, 5, 100});
    CHECK(raked.lines[0].amount == 95 && raked.totals.rake == 5);
    sss::MoneyResult table = sss::money_settle(settlement, SssStakes{100, 0, 1}, {5000, 5000});
    CHECK(table.lines.size() == 2);
    EXPECT_ERROR(sss::money_settle(std::vector<int64_t>{SSS_WATER_DENOMINATOR, -SSS_WATER_DENOMINATOR}, SssStakes{-1, 0, 1}), SSS_ERR_INVALID_MONEY,
                 "sss_money_settle");
    EXPECT_ERROR(sss::money_settle(std::vector<int64_t>{SSS_WATER_DENOMINATOR, -SSS_WATER_DENOMINATOR}, SssStakes{100, 0, 1}, {5000}),
                 SSS_ERR_INVALID_MONEY, "sss_money_settle");
    sss::MoneyResult escape = sss::money_escape(4, 0, SssStakes{100, 0, 1});
    CHECK(escape.lines.size() == 4 && escape.lines[0].amount == -1800 && escape.lines[1].amount == 100);
    EXPECT_ERROR(sss::money_escape(4, 4, SssStakes{100, 0, 1}), SSS_ERR_INVALID_TABLE, "sss_money_escape");
}

// The record of tests/vectors/big_tables.json (one record a line) whose line holds `key`: the
// numbers after `"member": ` up to the closing bracket, in order.
std::vector<long long> vector_numbers(const std::string &key, const std::string &member) {
    std::ifstream file("tests/vectors/big_tables.json");
    std::string line;
    std::vector<long long> out;
    while (std::getline(file, line)) {
        if (line.find(key) == std::string::npos) continue;
        std::size_t at = line.find("\"" + member + "\": ");
        if (at == std::string::npos) break;
        at += member.size() + 4;
        int depth = 0;
        std::string digits;
        for (std::size_t i = at; i < line.size(); ++i) {
            char c = line[i];
            if (c == '[') ++depth;
            if (c >= '0' && c <= '9') {
                digits += c;
                continue;
            }
            if (!digits.empty()) out.push_back(std::stoll(digits)), digits.clear();
            if (c == ']' && --depth == 0) break;
        }
        break;
    }
    return out;
}

void big_tables() {
    // Extra suits: setter, getter, seats, deck, JSON.
    sss::Rules rules = sss::Rules::preset("classic");
    CHECK(rules.extra_suits() == 0 && rules.max_players() == 4 && rules.deck().size() == 52);
    rules.set_extra_suits(8 | 4);
    CHECK(rules.extra_suits() == 0xC && rules.max_players() == 6 && rules.deck().size() == 78);
    sss::Rules back = sss::Rules::from_json(rules.to_json());
    CHECK(back.extra_suits() == 0xC);
    EXPECT_ERROR(rules.set_extra_suits(0x10), SSS_ERR_INVALID_ARGUMENT, "sss_rules_set_extra_suits");
    CHECK(rules.extra_suits() == 0xC);

    // The 6-seat deal of seed 1 with spades and hearts doubled is Rust's (core/tests/big_tables.rs).
    std::vector<sss::Hand> hands = sss::deal(rules, 6, 1);
    std::vector<long long> want = vector_numbers("\"extra_suits\": \"sh\", \"players\": 6, \"seed\": 1,", "hands");
    std::vector<long long> got;
    for (const sss::Hand &h : hands) got.insert(got.end(), h.begin(), h.end());
    CHECK(hands.size() == 6 && want.size() == 78 && got == want);
    std::vector<long long> deck = vector_numbers("\"extra_suits\": \"sh\", \"players\": 6, \"seed\": 1,", "deck");
    std::vector<std::uint8_t> shuffled = sss::shuffled_deck(rules, 1);
    CHECK(deck.size() == 78 && std::equal(deck.begin(), deck.end(), shuffled.begin(), shuffled.end()));
    EXPECT_ERROR(sss::deal(rules, 7, 1), SSS_ERR_INVALID_TABLE, "sss_deal_for");

    // Unseeded: six hands from the 78-card deck, no card more often than the deck holds it.
    {
        std::vector<sss::Hand> a = sss::deal_unseeded(rules, 6);
        std::vector<int> held(52, 0);
        for (std::uint8_t c : rules.deck()) held[c]++;
        bool within = a.size() == 6;
        for (const sss::Hand &h : a)
            for (std::uint8_t c : h) within = within && c < 52 && --held[c] >= 0;
        CHECK(within);
        EXPECT_ERROR(sss::deal_unseeded(rules, 7), SSS_ERR_INVALID_TABLE, "sss_deal_for_unseeded");
    }

    // Five of a kind, a flush with a pair, a third copy.
    CHECK(rules.evaluate(rules.parse_cards("As As Ah Ah Ac")).category == SSS_CATEGORY_FIVE_OF_A_KIND);
    CHECK(rules.evaluate(rules.parse_cards("As As Ks 7s 2s")).category == SSS_CATEGORY_FLUSH);
    EXPECT_ERROR(rules.parse_cards("As As As"), SSS_ERR_TOO_MANY_COPIES, "sss_cards_parse_for");
    EXPECT_ERROR(sss::parse_cards("As As"), SSS_ERR_DUPLICATE_CARD, "sss_cards_parse");
    try {
        rules.validate_cards(std::vector<std::uint8_t>{51, 51, 51});
        CHECK(false);
    } catch (const sss::error &e) {
        CHECK(e.status() == SSS_ERR_TOO_MANY_COPIES && e.message().find("As at position 2") != std::string::npos);
    }

    // Eight seats from two decks settle to zero; nine do not settle.
    rules.set_extra_suits(0xF);
    std::vector<SssSeat> seats;
    for (const sss::Hand &h : sss::deal(rules, 8, 5)) {
        seats.push_back(sss::seat_arranged(sss::codes_view(h.data(), 3), sss::codes_view(h.data() + 3, 5),
                                           sss::codes_view(h.data() + 8, 5)));
    }
    sss::Settlement s = sss::settle(rules, seats);
    std::int64_t sum = 0;
    for (const SssWater &w : s.totals()) sum += w.units;
    CHECK(s.info().seat_count == 8 && s.totals().size() == 8 && sum == 0 && s.matrix().size() == 64);
    CHECK(sss::money_settle(s, SssStakes{100, 0, 1}).lines.size() == 8);
    seats.push_back(seats[0]);
    EXPECT_ERROR(sss::settle(rules, seats), SSS_ERR_INVALID_TABLE, "sss_settle");
    rules.set_extra_suits(0);
    seats.resize(5);
    EXPECT_ERROR(sss::settle(rules, seats), SSS_ERR_INVALID_TABLE, "sss_settle");
}

void jokers() {
    // The three options (RULES.md §12): setters, getters, refusals that leave the rules unchanged.
    sss::Rules rules = sss::Rules::preset("classic");
    CHECK(rules.jokers() == 0 && rules.joker_lanes() == SSS_JOKER_LANES_EACH_BEST && !rules.jokers_in_specials());
    rules.set_jokers(2);
    rules.set_joker_lanes(SSS_JOKER_LANES_AVOID_FOUL);
    CHECK(rules.jokers() == 2 && rules.joker_lanes() == SSS_JOKER_LANES_AVOID_FOUL && rules.deck().size() == 54);
    EXPECT_ERROR(rules.set_jokers(7), SSS_ERR_INVALID_RULES, "sss_rules_set_jokers");
    EXPECT_ERROR(rules.set_joker_lanes(static_cast<SssJokerLanes>(5)), SSS_ERR_INVALID_ARGUMENT,
                 "sss_rules_set_joker_lanes");
    CHECK(rules.jokers() == 2 && !rules.jokers_in_specials());
    rules.set_jokers_in_specials(true);
    CHECK(rules.jokers_in_specials() && rules.to_json().find("\"jokers_in_specials\": true") != std::string::npos);
    rules.set_jokers_in_specials(false);
    sss::Rules back = sss::Rules::from_json(rules.to_json());
    CHECK(back.jokers() == 2 && back.joker_lanes() == SSS_JOKER_LANES_AVOID_FOUL);
    CHECK(sss::shuffled_deck(rules, 1).size() == 54);

    // A lane and an arrangement as played: each joker replaced by the card it stands for.
    std::vector<std::uint8_t> played;
    std::vector<std::uint8_t> lane = rules.parse_cards("As Ah Ad Ac SJ");
    CHECK(rules.evaluate_played(lane, played).category == SSS_CATEGORY_FIVE_OF_A_KIND);
    CHECK(played.size() == 5 && played[4] == 51);
    std::array<std::uint8_t, SSS_HAND_SIZE> all{};
    SssArrangementEval eval =
        rules.check_arrangement_played(rules.parse_cards("2d 3c SJ As Ah Ad Ac BJ Ks Qs Js Ts 9s"), all);
    // Five aces would beat the straight flush behind them; avoid_foul reads the big joker otherwise.
    CHECK(eval.is_foul == 0 && eval.middle.category != SSS_CATEGORY_FIVE_OF_A_KIND && all[2] < 52 && all[7] < 52);
    rules.set_joker_lanes(SSS_JOKER_LANES_EACH_BEST);
    eval = rules.check_arrangement_played(rules.parse_cards("2d 3c SJ As Ah Ad Ac BJ Ks Qs Js Ts 9s"), all);
    CHECK(eval.is_foul == 1 && eval.middle.category == SSS_CATEGORY_FIVE_OF_A_KIND && all[7] == 51);

    // Without jokers: text SJ names the joker, code 52 stays a bad code.
    sss::Rules none = sss::Rules::preset("classic");
    EXPECT_ERROR(none.parse_cards("As SJ"), SSS_ERR_JOKER_NOT_IN_DECK, "sss_cards_parse_for");
    EXPECT_ERROR(none.evaluate(lane), SSS_ERR_BAD_CARD_CODE, "sss_evaluate");

    // The jokers display as SJ and BJ; a third joker under two is a duplicate; the arranger plays them.
    CHECK(sss::format_cards(lane) == "As Ah Ad Ac SJ");
    CHECK(sss::format_cards(std::vector<std::uint8_t>{53, 52}, SSS_CARD_STYLE_SYMBOLS) == "BJ SJ");
    EXPECT_ERROR(rules.parse_cards("SJ BJ SJ"), SSS_ERR_DUPLICATE_CARD, "sss_cards_parse_for");
    sss::Arranger arranger(rules, 4);
    SssArranged best = arranger.arrange(rules.parse_cards("SJ BJ As Ah Kd Qc Jh 9s 8d 7c 5h 4s 2d"));
    CHECK(rules.check_arrangement(best.front, best.middle, best.back).is_foul == 0);
    CHECK(sss::deal(rules, 4, 1).size() == 4);
}

}  // namespace

int main(int argc, char **argv) {
    const char *label = argc > 1 ? argv[1] : "hpp";
    try {
        library_and_cards();
        rules_and_evaluation();
        dealing_arranging_settling();
        big_tables();
        jokers();
    } catch (const std::exception &e) {
        ++failed;
        std::fprintf(stderr, "FAIL: unexpected exception: %s\n", e.what());
    }
    std::printf("%s: %d passed, %d failed\n", label, passed, failed);
    return failed == 0 ? 0 : 1;
}
