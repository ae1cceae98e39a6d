// C++ smoke test of include/shisanshui.h: the header compiles as C++ (extern "C", typed enums),
// the structs have the documented layout, and the ABI is usable with RAII and std::string.
#include "shisanshui.h"

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

static_assert(sizeof(SssHandRank) == 8, "SssHandRank is 8 bytes");
static_assert(alignof(SssHandRank) == 4, "SssHandRank is 4-aligned");
static_assert(sizeof(SssArrangementEval) == 28, "SssArrangementEval is 28 bytes");
static_assert(offsetof(SssArrangementEval, foul_bits) == 24, "foul_bits follows the three ranks");
static_assert(offsetof(SssHandRank, card_count) == 7, "card_count is the last byte");
static_assert(std::is_same<std::underlying_type<SssStatus>::type, int32_t>::value, "SssStatus is int32_t");
static_assert(std::is_same<decltype(sss_abi_version()), uint32_t>::value, "sss_abi_version returns uint32_t");
static_assert(SSS_ABI_VERSION >= 1, "ABI version");
// Special hands: a byte-only struct, so C# can read it as a plain byte[33].
static_assert(sizeof(SssSpecialDetection) == 33, "SssSpecialDetection is 33 bytes");
static_assert(alignof(SssSpecialDetection) == 1, "SssSpecialDetection has no padding");
static_assert(offsetof(SssSpecialDetection, all) == 3, "all follows has_best, best, count");
static_assert(offsetof(SssSpecialDetection, has_arrangement) == 3 + SSS_SPECIAL_COUNT, "has_arrangement");
static_assert(offsetof(SssSpecialDetection, front) == 20 && offsetof(SssSpecialDetection, middle) == 23 &&
                  offsetof(SssSpecialDetection, back) == 28,
              "lanes follow has_arrangement");
static_assert(SSS_SPECIAL_THREE_STRAIGHTS == 13 && SSS_SPECIAL_COUNT == 16, "special numbers");
static_assert(std::is_same<std::underlying_type<SssSpecial>::type, uint8_t>::value, "SssSpecial is uint8_t");

namespace {

int passed = 0;
int failed = 0;

void check(bool ok, const char *what, int line) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::fprintf(stderr, "FAIL: test_sss.cpp:%d: %s\n", line, what);
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

struct RulesDeleter {
    void operator()(SssRules *r) const { sss_rules_free(r); }
};
using Rules = std::unique_ptr<SssRules, RulesDeleter>;

Rules preset(const std::string &name) {
    SssRules *r = nullptr;
    SssStatus st = sss_rules_new_preset(reinterpret_cast<const uint8_t *>(name.data()), name.size(), &r);
    return Rules(st == SSS_OK ? r : nullptr);
}

std::string last_error() {
    std::size_t len = 0;
    sss_last_error_message(nullptr, 0, &len);
    std::string s(len, '\0');
    if (len > 0) {
        sss_last_error_message(reinterpret_cast<uint8_t *>(&s[0]), s.size(), &len);
    }
    return s;
}

std::vector<uint8_t> parse(const std::string &text) {
    std::vector<uint8_t> codes(SSS_MAX_CARDS);
    std::size_t n = 0;
    if (sss_cards_parse(reinterpret_cast<const uint8_t *>(text.data()), text.size(), codes.data(), codes.size(), &n) !=
        SSS_OK) {
        return {};
    }
    codes.resize(n);
    return codes;
}

std::string to_json(const SssRules *r) {
    std::size_t len = 0;
    if (sss_rules_to_json(r, nullptr, 0, &len) != SSS_ERR_BUFFER_TOO_SMALL) {
        return {};
    }
    std::string s(len, '\0');
    if (sss_rules_to_json(r, reinterpret_cast<uint8_t *>(&s[0]), s.size(), &len) != SSS_OK) {
        return {};
    }
    return s;
}

}  // namespace

int main(int argc, char **argv) {
    const char *label = argc > 1 ? argv[1] : "C++";
    CHECK(sss_abi_version() == SSS_ABI_VERSION);

    Rules classic = preset("classic");
    CHECK(classic != nullptr);
    Rules none = preset("nowhere");
    CHECK(none == nullptr);
    CHECK(last_error().find("unknown preset \"nowhere\"") != std::string::npos);

    // Evaluate and compare.
    std::vector<uint8_t> royal = parse("As Ks Qs Js Ts");
    std::vector<uint8_t> quads = parse("Ac Ad Ah As Kc");
    CHECK(royal.size() == 5 && royal[0] == 51 && royal[4] == 35);
    SssHandRank a{}, b{};
    CHECK(sss_evaluate(classic.get(), royal.data(), royal.size(), &a) == SSS_OK);
    CHECK(sss_evaluate(classic.get(), quads.data(), quads.size(), &b) == SSS_OK);
    CHECK(a.category == SSS_CATEGORY_STRAIGHT_FLUSH && b.category == SSS_CATEGORY_FOUR_OF_A_KIND);
    CHECK(a.value > b.value);
    int32_t order = 0;
    CHECK(sss_compare(classic.get(), quads.data(), quads.size(), royal.data(), royal.size(), &order) == SSS_OK);
    CHECK(order == -1);

    // Errors are typed and named.
    std::vector<uint8_t> four = {0, 1, 2, 3};
    CHECK(sss_evaluate(classic.get(), four.data(), four.size(), &a) == SSS_ERR_WRONG_CARD_COUNT);
    CHECK(last_error() == "expected 5 cards, got 4");
    CHECK(parse("As Xx").empty());
    CHECK(last_error().find("\"Xx\" at position 1") != std::string::npos);

    // Arrangement.
    std::vector<uint8_t> thirteen = parse("Kd Kc 9h Ks Kh 9s 5s 3h As Ad Ah 2c 2d");
    SssArrangementEval e{};
    CHECK(sss_arrangement_check13(classic.get(), thirteen.data(), thirteen.size(), &e) == SSS_OK);
    CHECK(e.foul_bits == 0 && e.is_foul == 0 && e.back.category == SSS_CATEGORY_FULL_HOUSE);

    // JSON round trip through std::string, and a clone owned by RAII.
    std::string json = to_json(classic.get());
    CHECK(json.find("\"wheel\": \"second_highest\"") != std::string::npos);
    SssRules *raw = nullptr;
    CHECK(sss_rules_from_json(reinterpret_cast<const uint8_t *>(json.data()), json.size(), &raw) == SSS_OK);
    Rules back(raw);
    CHECK(to_json(back.get()) == json);
    SssRules *copy_raw = nullptr;
    CHECK(sss_rules_clone(back.get(), &copy_raw) == SSS_OK);
    Rules copy(copy_raw);
    CHECK(sss_rules_set_wheel(copy.get(), SSS_WHEEL_LOWEST) == SSS_OK);
    uint32_t wheel = 99;
    CHECK(sss_rules_get_wheel(back.get(), &wheel) == SSS_OK && wheel == SSS_WHEEL_SECOND_HIGHEST);
    CHECK(sss_rules_get_wheel(copy.get(), &wheel) == SSS_OK && wheel == SSS_WHEEL_LOWEST);

    // Names (UTF-8).
    char name[32];
    std::size_t n = 0;
    CHECK(sss_category_name(SSS_CATEGORY_STRAIGHT_FLUSH, SSS_LANGUAGE_CHINESE, reinterpret_cast<uint8_t *>(name),
                            sizeof name, &n) == SSS_OK);
    CHECK(std::string(name, n) == "同花顺");

    // Special hands: the worked three-straights case, with its arrangement, and the names.
    {
        std::vector<uint8_t> ts = parse("3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc");
        SssSpecialDetection d{};
        CHECK(sss_special_detect(classic.get(), ts.data(), ts.size(), &d) == SSS_OK);
        CHECK(d.has_best == 1 && d.best == SSS_SPECIAL_THREE_STRAIGHTS && d.count == 1);
        CHECK(d.all[1] == SSS_SPECIAL_NONE && d.has_arrangement == 1);
        std::vector<uint8_t> lanes(d.front, d.front + 3);
        lanes.insert(lanes.end(), d.middle, d.middle + 5);
        lanes.insert(lanes.end(), d.back, d.back + 5);
        CHECK(lanes == parse("5c 4d 3s Jc Td 9d 8h 7h Kc Qd Jh Ts 9s"));
        CHECK(sss_arrangement_check13(classic.get(), lanes.data(), lanes.size(), &e) == SSS_OK && e.is_foul == 0);
        char zh[32];
        std::size_t zn = 0;
        CHECK(sss_special_name(d.best, SSS_LANGUAGE_CHINESE, reinterpret_cast<uint8_t *>(zh), sizeof zh, &zn) ==
              SSS_OK);
        CHECK(std::string(zh, zn) == "三顺子");
        uint8_t s = 0;
        const std::string six = "六对半";
        CHECK(sss_special_parse(reinterpret_cast<const uint8_t *>(six.data()), six.size(), &s) == SSS_OK &&
              s == SSS_SPECIAL_SIX_PAIRS);
        CHECK(sss_special_detect(classic.get(), ts.data(), 12, &d) == SSS_ERR_WRONG_CARD_COUNT);
        CHECK(last_error() == "expected 13 cards, got 12");
    }

    std::printf("%s: %d passed, %d failed\n", label, passed, failed);
    return failed == 0 ? 0 : 1;
}
