/*
 * shisanshui.hpp: a thin, header-only C++17 wrapper of the C ABI in shisanshui.h.
 *
 * Every function here calls one C function and converts at the edge, nothing more:
 *  - Handles (Rules, Arranger, Settlement) are move-only and call *_free in their destructor.
 *  - A failed call throws shisanshui::error, a std::runtime_error carrying the SssStatus and the
 *    library's last-error message for this thread.
 *  - Text in is std::string_view, text out is std::string; card codes in are any contiguous
 *    range of uint8_t (std::vector, std::array, a C array), card codes out are
 *    std::vector<uint8_t> or std::array<uint8_t, N>. The C structs (SssHandRank, SssArranged,
 *    SssPairResult, ...) are returned as they are.
 * The conventions, errors and meaning of each call are documented in shisanshui.h.
 *
 * SPDX-License-Identifier: MIT OR Apache-2.0
 */

#ifndef SHISANSHUI_HPP
#define SHISANSHUI_HPP

#include "shisanshui.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#if __cplusplus < 201703L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201703L)
#error "shisanshui.hpp needs C++17"
#endif

static_assert(SSS_ABI_VERSION == 2, "shisanshui.hpp wraps ABI version 2 of shisanshui.h");

namespace shisanshui {

/// A failed call: the status the C function returned and the message it left.
class error : public std::runtime_error {
public:
    error(SssStatus status, const char *function, std::string message)
        : std::runtime_error(std::string(function) + ": " + message), status_(status), message_(std::move(message)) {}

    /// The C status (never SSS_OK).
    SssStatus status() const noexcept { return status_; }
    /// The library's message alone (what() prefixes the C function's name).
    const std::string &message() const noexcept { return message_; }

private:
    SssStatus status_;
    std::string message_;
};

/// A read-only view of card codes: anything with data() and size() of uint8_t.
class codes_view {
public:
    constexpr codes_view() noexcept = default;
    constexpr codes_view(const std::uint8_t *data, std::size_t size) noexcept : data_(data), size_(size) {}
    template <class Range,
              class = std::enable_if_t<std::is_convertible_v<decltype(std::data(std::declval<const Range &>())),
                                                             const std::uint8_t *>>>
    constexpr codes_view(const Range &range) noexcept : data_(std::data(range)), size_(std::size(range)) {}

    constexpr const std::uint8_t *data() const noexcept { return data_; }
    constexpr std::size_t size() const noexcept { return size_; }

private:
    const std::uint8_t *data_ = nullptr;
    std::size_t size_ = 0;
};

namespace detail {

inline const std::uint8_t *bytes(std::string_view text) noexcept {
    return reinterpret_cast<const std::uint8_t *>(text.data());
}

/// The calling thread's last error message.
inline std::string last_error_message() {
    std::string message(sss_last_error_length(), '\0');
    std::size_t len = 0;
    if (!message.empty() &&
        sss_last_error_message(reinterpret_cast<std::uint8_t *>(message.data()), message.size(), &len) == SSS_OK) {
        message.resize(len);
    }
    return message;
}

inline void check(SssStatus status, const char *function) {
    if (status != SSS_OK) throw error(status, function, last_error_message());
}

/// Run a copy-out call (buf, cap, out_len) twice: once for the length, once to copy.
template <class Call>
std::string copy_text(const char *function, Call call) {
    std::size_t len = 0;
    SssStatus status = call(nullptr, 0, &len);
    if (status == SSS_OK && len == 0) return std::string();
    if (status != SSS_ERR_BUFFER_TOO_SMALL) check(status, function);
    std::string text(len, '\0');
    check(call(reinterpret_cast<std::uint8_t *>(text.data()), text.size(), &len), function);
    text.resize(len);
    return text;
}

}  // namespace detail

// ---- library -------------------------------------------------------------------------------

/// The ABI version of the loaded library (compare with SSS_ABI_VERSION).
inline std::uint32_t abi_version() noexcept { return sss_abi_version(); }

/// The library version, e.g. "0.1.0".
inline std::string version() {
    return detail::copy_text("sss_version", [](std::uint8_t *b, std::size_t c, std::size_t *n) { return sss_version(b, c, n); });
}

/// The snake_case name of a status ("ok", "unknown_rank", ...).
inline std::string status_name(SssStatus status) {
    return detail::copy_text("sss_status_name", [status](std::uint8_t *b, std::size_t c, std::size_t *n) {
        return sss_status_name(static_cast<std::int32_t>(status), b, c, n);
    });
}

// ---- cards ---------------------------------------------------------------------------------

inline std::uint8_t parse_card(std::string_view text) {
    std::uint8_t code = 0;
    detail::check(sss_card_parse(detail::bytes(text), text.size(), &code), "sss_card_parse");
    return code;
}

/// Parse a hand ("As Kd 10h") into codes, in the order written.
inline std::vector<std::uint8_t> parse_cards(std::string_view text) {
    std::vector<std::uint8_t> codes(SSS_MAX_CARDS);
    std::size_t count = 0;
    detail::check(sss_cards_parse(detail::bytes(text), text.size(), codes.data(), codes.size(), &count),
                  "sss_cards_parse");
    codes.resize(count);
    return codes;
}

inline std::string format_cards(codes_view codes, SssCardStyle style = SSS_CARD_STYLE_LETTERS) {
    return detail::copy_text("sss_cards_format", [&](std::uint8_t *b, std::size_t c, std::size_t *n) {
        return sss_cards_format(codes.data(), codes.size(), static_cast<std::uint32_t>(style), b, c, n);
    });
}

inline void validate_cards(codes_view codes) {
    detail::check(sss_cards_validate(codes.data(), codes.size()), "sss_cards_validate");
}

inline std::string category_name(std::uint8_t category, SssLanguage language = SSS_LANGUAGE_ENGLISH) {
    return detail::copy_text("sss_category_name", [&](std::uint8_t *b, std::size_t c, std::size_t *n) {
        return sss_category_name(category, static_cast<std::uint32_t>(language), b, c, n);
    });
}

/// A short English description of a hand ("full house, K over 9").
inline std::string describe(const SssHandRank &rank) {
    return detail::copy_text("sss_hand_rank_describe", [&](std::uint8_t *b, std::size_t c, std::size_t *n) {
        return sss_hand_rank_describe(rank.value, b, c, n);
    });
}

// ---- specials (names) ----------------------------------------------------------------------

inline std::string special_name(std::uint8_t special, SssLanguage language = SSS_LANGUAGE_ENGLISH) {
    return detail::copy_text("sss_special_name", [&](std::uint8_t *b, std::size_t c, std::size_t *n) {
        return sss_special_name(special, static_cast<std::uint32_t>(language), b, c, n);
    });
}

/// The short id of a special ("SD", "TSF", ...).
inline std::string special_id(std::uint8_t special) {
    return detail::copy_text("sss_special_id", [&](std::uint8_t *b, std::size_t c, std::size_t *n) {
        return sss_special_id(special, b, c, n);
    });
}

/// A special from its id, English or Chinese name.
inline std::uint8_t parse_special(std::string_view text) {
    std::uint8_t special = 0;
    detail::check(sss_special_parse(detail::bytes(text), text.size(), &special), "sss_special_parse");
    return special;
}

// ---- bot levels (names) --------------------------------------------------------------------

/// A level's name ("beginner", "casual", "strong", "best").
inline std::string level_name(std::uint32_t level) {
    return detail::copy_text("sss_level_name", [&](std::uint8_t *b, std::size_t c, std::size_t *n) {
        return sss_level_name(level, b, c, n);
    });
}

/// A level (SSS_LEVEL_*) from its name, ASCII case-insensitive.
inline std::uint32_t parse_level(std::string_view text) {
    std::uint32_t level = 0;
    detail::check(sss_level_parse(detail::bytes(text), text.size(), &level), "sss_level_parse");
    return level;
}

// ---- rules ---------------------------------------------------------------------------------

/// A rule set (RULES.md §2–§9). Move-only; clone() copies.
class Rules {
public:
    /// classic, regional, kx, hk, ranked or chinese_poker.
    static Rules preset(std::string_view name) {
        SssRules *raw = nullptr;
        detail::check(sss_rules_new_preset(detail::bytes(name), name.size(), &raw), "sss_rules_new_preset");
        return Rules(raw);
    }
    static Rules from_json(std::string_view json) {
        SssRules *raw = nullptr;
        detail::check(sss_rules_from_json(detail::bytes(json), json.size(), &raw), "sss_rules_from_json");
        return Rules(raw);
    }
    /// Take ownership of a handle from the C API (e.g. sss_arranger_get_rules).
    explicit Rules(SssRules *raw) noexcept : raw_(raw) {}

    Rules(Rules &&other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
    Rules &operator=(Rules &&other) noexcept {
        if (this != &other) {
            sss_rules_free(raw_);
            raw_ = std::exchange(other.raw_, nullptr);
        }
        return *this;
    }
    Rules(const Rules &) = delete;
    Rules &operator=(const Rules &) = delete;
    ~Rules() { sss_rules_free(raw_); }

    /// The C handle (still owned by this object); null after a move.
    SssRules *get() const noexcept { return raw_; }

    Rules clone() const {
        SssRules *raw = nullptr;
        detail::check(sss_rules_clone(raw_, &raw), "sss_rules_clone");
        return Rules(raw);
    }
    std::string to_json() const {
        return detail::copy_text("sss_rules_to_json", [this](std::uint8_t *b, std::size_t c, std::size_t *n) {
            return sss_rules_to_json(raw_, b, c, n);
        });
    }
    void validate() const { detail::check(sss_rules_validate(raw_), "sss_rules_validate"); }

    SssWheel wheel() const {
        std::uint32_t value = 0;
        detail::check(sss_rules_get_wheel(raw_, &value), "sss_rules_get_wheel");
        return static_cast<SssWheel>(value);
    }
    void set_wheel(SssWheel value) {
        detail::check(sss_rules_set_wheel(raw_, static_cast<std::uint32_t>(value)), "sss_rules_set_wheel");
    }
    bool suit_tiebreak() const {
        std::uint8_t flag = 0;
        detail::check(sss_rules_get_suit_tiebreak(raw_, &flag), "sss_rules_get_suit_tiebreak");
        return flag != 0;
    }
    void set_suit_tiebreak(bool on) {
        detail::check(sss_rules_set_suit_tiebreak(raw_, on ? 1 : 0), "sss_rules_set_suit_tiebreak");
    }
    bool strict_order() const {
        std::uint8_t flag = 0;
        detail::check(sss_rules_get_strict_order(raw_, &flag), "sss_rules_get_strict_order");
        return flag != 0;
    }
    void set_strict_order(bool on) {
        detail::check(sss_rules_set_strict_order(raw_, on ? 1 : 0), "sss_rules_set_strict_order");
    }
    /// The suits the deck holds twice (RULES.md §11) as a mask, bit = suit code: diamonds 1,
    /// clubs 2, hearts 4, spades 8; 0 for one deck, 0xF for two.
    std::uint8_t extra_suits() const {
        std::uint8_t mask = 0;
        detail::check(sss_rules_get_extra_suits(raw_, &mask), "sss_rules_get_extra_suits");
        return mask;
    }
    /// Set the extra suits (a mask above 0xF is an error, the rules unchanged).
    void set_extra_suits(std::uint8_t mask) {
        detail::check(sss_rules_set_extra_suits(raw_, mask), "sss_rules_set_extra_suits");
    }
    /// Most seats the deck deals to: 4 plus one per extra suit.
    std::uint32_t max_players() const {
        std::uint32_t most = 0;
        detail::check(sss_rules_get_max_players(raw_, &most), "sss_rules_get_max_players");
        return most;
    }
    /// How many jokers the deck deals (RULES.md §12): 0 to SSS_MAX_JOKERS.
    std::uint8_t jokers() const {
        std::uint8_t count = 0;
        detail::check(sss_rules_get_jokers(raw_, &count), "sss_rules_get_jokers");
        return count;
    }
    /// Set how many jokers the deck deals (above SSS_MAX_JOKERS is an error, the rules unchanged).
    void set_jokers(std::uint8_t count) { detail::check(sss_rules_set_jokers(raw_, count), "sss_rules_set_jokers"); }
    /// How lanes with jokers are read when an arrangement is valued.
    SssJokerLanes joker_lanes() const {
        std::uint32_t value = 0;
        detail::check(sss_rules_get_joker_lanes(raw_, &value), "sss_rules_get_joker_lanes");
        return static_cast<SssJokerLanes>(value);
    }
    void set_joker_lanes(SssJokerLanes value) {
        detail::check(sss_rules_set_joker_lanes(raw_, static_cast<std::uint32_t>(value)), "sss_rules_set_joker_lanes");
    }
    /// Whether a hand holding a joker may make a special (RULES.md §12, `jokers_in_specials`).
    bool jokers_in_specials() const {
        std::uint8_t flag = 0;
        detail::check(sss_rules_get_jokers_in_specials(raw_, &flag), "sss_rules_get_jokers_in_specials");
        return flag != 0;
    }
    void set_jokers_in_specials(bool on) {
        detail::check(sss_rules_set_jokers_in_specials(raw_, on ? 1 : 0), "sss_rules_set_jokers_in_specials");
    }
    /// The deck in deal order: codes 0..51, one more copy of each card of the extra suits, then
    /// the jokers (codes 52 and 53, RULES.md §12).
    std::vector<std::uint8_t> deck() const {
        std::vector<std::uint8_t> codes(SSS_MAX_DECK_SIZE_WITH_JOKERS);
        std::size_t count = 0;
        detail::check(sss_deck(raw_, codes.data(), codes.size(), &count), "sss_deck");
        codes.resize(count);
        return codes;
    }
    /// Parse a hand that may hold the deck's copies (a third copy is an error naming it).
    std::vector<std::uint8_t> parse_cards(std::string_view text) const {
        std::vector<std::uint8_t> codes(SSS_MAX_DECK_SIZE_WITH_JOKERS);
        std::size_t count = 0;
        detail::check(sss_cards_parse_for(raw_, detail::bytes(text), text.size(), codes.data(), codes.size(), &count),
                      "sss_cards_parse_for");
        codes.resize(count);
        return codes;
    }
    /// Check codes against the deck (range, and no card more often than the deck holds it).
    void validate_cards(codes_view codes) const {
        detail::check(sss_cards_validate_for(raw_, codes.data(), codes.size()), "sss_cards_validate_for");
    }

    /// Evaluate 3 or 5 cards.
    SssHandRank evaluate(codes_view cards) const {
        SssHandRank rank{};
        detail::check(sss_evaluate(raw_, cards.data(), cards.size(), &rank), "sss_evaluate");
        return rank;
    }
    /// Evaluate 3 or 5 cards that may hold jokers; `played` receives the lane as played (each
    /// joker replaced by the card it stands for).
    SssHandRank evaluate_played(codes_view cards, std::vector<std::uint8_t> &played) const {
        SssHandRank rank{};
        std::vector<std::uint8_t> out(cards.size());
        detail::check(sss_evaluate_played(raw_, cards.data(), cards.size(), &rank, out.data()), "sss_evaluate_played");
        played = std::move(out);
        return rank;
    }
    /// -1 when a is weaker, 0 for a tie, 1 when a is stronger (hands of one size).
    int compare(codes_view a, codes_view b) const {
        std::int32_t order = 0;
        detail::check(sss_compare(raw_, a.data(), a.size(), b.data(), b.size(), &order), "sss_compare");
        return static_cast<int>(order);
    }
    /// The lanes of an arrangement and whether it fouls.
    SssArrangementEval check_arrangement(codes_view front, codes_view middle, codes_view back) const {
        SssArrangementEval eval{};
        detail::check(sss_arrangement_check(raw_, front.data(), front.size(), middle.data(), middle.size(),
                                            back.data(), back.size(), &eval),
                      "sss_arrangement_check");
        return eval;
    }
    /// As above, 13 codes in lane order (3 front, 5 middle, 5 back).
    SssArrangementEval check_arrangement(codes_view thirteen) const {
        SssArrangementEval eval{};
        detail::check(sss_arrangement_check13(raw_, thirteen.data(), thirteen.size(), &eval),
                      "sss_arrangement_check13");
        return eval;
    }
    /// As check_arrangement(thirteen); `played` receives the 13 codes as played (each joker
    /// replaced by the card it stands for under the rule set's joker_lanes reading).
    SssArrangementEval check_arrangement_played(codes_view thirteen, std::array<std::uint8_t, SSS_HAND_SIZE> &played) const {
        SssArrangementEval eval{};
        std::array<std::uint8_t, SSS_HAND_SIZE> out{};
        detail::check(sss_arrangement_check13_played(raw_, thirteen.data(), thirteen.size(), &eval, out.data()),
                      "sss_arrangement_check13_played");
        played = out;
        return eval;
    }
    /// The specials 13 cards qualify for under these rules.
    SssSpecialDetection detect_special(codes_view thirteen) const {
        SssSpecialDetection detection{};
        detail::check(sss_special_detect(raw_, thirteen.data(), thirteen.size(), &detection), "sss_special_detect");
        return detection;
    }
    /// The water a special wins (0 when these rules do not enable it).
    std::uint32_t special_water(std::uint8_t special) const {
        std::uint32_t water = 0;
        detail::check(sss_special_water(raw_, special, &water), "sss_special_water");
        return water;
    }
    /// The enabled specials, highest first.
    std::vector<std::uint8_t> specials() const {
        std::vector<std::uint8_t> out(SSS_SPECIAL_COUNT);
        std::size_t count = 0;
        detail::check(sss_rules_get_specials(raw_, out.data(), out.size(), &count), "sss_rules_get_specials");
        out.resize(count);
        return out;
    }

private:
    SssRules *raw_ = nullptr;
};

// ---- dealing -------------------------------------------------------------------------------

using Hand = std::array<std::uint8_t, SSS_HAND_SIZE>;

namespace detail {
inline std::vector<Hand> split_hands(const std::array<std::uint8_t, SSS_DECK_SIZE> &codes, std::size_t count) {
    std::vector<Hand> hands(count / SSS_HAND_SIZE);
    for (std::size_t i = 0; i < count; ++i) hands[i / SSS_HAND_SIZE][i % SSS_HAND_SIZE] = codes[i];
    return hands;
}
}  // namespace detail

/// Deal `players` hands of 13 from one deck shuffled by `seed` (same seed, same deal everywhere).
inline std::vector<Hand> deal(std::uint32_t players, std::uint64_t seed) {
    std::array<std::uint8_t, SSS_DECK_SIZE> codes{};
    std::size_t count = 0;
    detail::check(sss_deal(players, seed, codes.data(), codes.size(), &count), "sss_deal");
    return detail::split_hands(codes, count);
}

/// As deal(), shuffled from the operating system's random source.
inline std::vector<Hand> deal_unseeded(std::uint32_t players) {
    std::array<std::uint8_t, SSS_DECK_SIZE> codes{};
    std::size_t count = 0;
    detail::check(sss_deal_unseeded(players, codes.data(), codes.size(), &count), "sss_deal_unseeded");
    return detail::split_hands(codes, count);
}

/// Deal `players` hands of 13 from the rule set's deck shuffled by `seed` (RULES.md §11): 2 to
/// rules.max_players() seats; with no extra suit, deal(players, seed) card for card.
inline std::vector<Hand> deal(const Rules &rules, std::uint32_t players, std::uint64_t seed) {
    std::vector<std::uint8_t> codes(SSS_MAX_DECK_SIZE);
    std::size_t count = 0;
    detail::check(sss_deal_for(rules.get(), players, seed, codes.data(), codes.size(), &count), "sss_deal_for");
    std::vector<Hand> hands(count / SSS_HAND_SIZE);
    for (std::size_t i = 0; i < count; ++i) hands[i / SSS_HAND_SIZE][i % SSS_HAND_SIZE] = codes[i];
    return hands;
}

/// As deal(rules, players, seed), the rule set's deck shuffled from the operating system's random
/// source (a big table's deal that cannot be predicted or replayed).
inline std::vector<Hand> deal_unseeded(const Rules &rules, std::uint32_t players) {
    std::vector<std::uint8_t> codes(SSS_MAX_DECK_SIZE);
    std::size_t count = 0;
    detail::check(sss_deal_for_unseeded(rules.get(), players, codes.data(), codes.size(), &count),
                  "sss_deal_for_unseeded");
    std::vector<Hand> hands(count / SSS_HAND_SIZE);
    for (std::size_t i = 0; i < count; ++i) hands[i / SSS_HAND_SIZE][i % SSS_HAND_SIZE] = codes[i];
    return hands;
}

/// The rule set's whole deck shuffled by `seed`, before it is dealt.
inline std::vector<std::uint8_t> shuffled_deck(const Rules &rules, std::uint64_t seed) {
    std::vector<std::uint8_t> codes(SSS_MAX_DECK_SIZE_WITH_JOKERS);
    std::size_t count = 0;
    detail::check(sss_shuffled_deck_for(rules.get(), seed, codes.data(), codes.size(), &count),
                  "sss_shuffled_deck_for");
    codes.resize(count);
    return codes;
}

inline std::array<std::uint8_t, SSS_DECK_SIZE> shuffled_deck(std::uint64_t seed) {
    std::array<std::uint8_t, SSS_DECK_SIZE> codes{};
    std::size_t count = 0;
    detail::check(sss_shuffled_deck(seed, codes.data(), codes.size(), &count), "sss_shuffled_deck");
    return codes;
}

// ---- arranging -----------------------------------------------------------------------------

/// An arranger for one rule set at one table size. Move-only; const calls may run on several
/// threads at once.
class Arranger {
public:
    Arranger(const Rules &rules, std::uint32_t players) {
        detail::check(sss_arranger_new(rules.get(), players, &raw_), "sss_arranger_new");
    }
    static Arranger preset(std::string_view name, std::uint32_t players) {
        SssArranger *raw = nullptr;
        detail::check(sss_arranger_new_preset(detail::bytes(name), name.size(), players, &raw),
                      "sss_arranger_new_preset");
        return Arranger(raw);
    }
    /// An arranger from options: `Arranger::options(players)` gives the defaults, then change fields
    /// (role, level, seed, card_removal).
    Arranger(const Rules &rules, const SssArrangerOptions &options) {
        detail::check(sss_arranger_new_with(rules.get(), &options, &raw_), "sss_arranger_new_with");
    }
    /// The default options of a table of `players` (a player's seat, SSS_LEVEL_BEST, seed 0, card
    /// removal on).
    static SssArrangerOptions options(std::uint32_t players) {
        SssArrangerOptions o{};
        detail::check(sss_arranger_options_init(&o, sizeof o, players), "sss_arranger_options_init");
        return o;
    }
    explicit Arranger(SssArranger *raw) noexcept : raw_(raw) {}

    Arranger(Arranger &&other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
    Arranger &operator=(Arranger &&other) noexcept {
        if (this != &other) {
            sss_arranger_free(raw_);
            raw_ = std::exchange(other.raw_, nullptr);
        }
        return *this;
    }
    Arranger(const Arranger &) = delete;
    Arranger &operator=(const Arranger &) = delete;
    ~Arranger() { sss_arranger_free(raw_); }

    SssArranger *get() const noexcept { return raw_; }

    std::uint32_t players() const {
        std::uint32_t value = 0;
        detail::check(sss_arranger_get_players(raw_, &value), "sss_arranger_get_players");
        return value;
    }
    /// A copy of the arranger's rule set.
    Rules rules() const {
        SssRules *raw = nullptr;
        detail::check(sss_arranger_get_rules(raw_, &raw), "sss_arranger_get_rules");
        return Rules(raw);
    }
    /// The same arranger at a bot level (SSS_LEVEL_BEGINNER .. SSS_LEVEL_BEST), its draws
    /// seeded by `seed`; the objective is shared, and this arranger is unchanged.
    Arranger with_level(std::uint32_t level, std::uint64_t seed) const {
        SssArranger *raw = nullptr;
        detail::check(sss_arranger_with_level(raw_, level, seed, &raw), "sss_arranger_with_level");
        return Arranger(raw);
    }
    /// The bot level (SSS_LEVEL_BEST unless made by with_level).
    std::uint32_t level() const {
        std::uint32_t level = 0;
        std::uint64_t seed = 0;
        detail::check(sss_arranger_get_level(raw_, &level, &seed), "sss_arranger_get_level");
        return level;
    }
    /// The seed of the level's draws (0 unless made by with_level).
    std::uint64_t seed() const {
        std::uint32_t level = 0;
        std::uint64_t seed = 0;
        detail::check(sss_arranger_get_level(raw_, &level, &seed), "sss_arranger_get_level");
        return seed;
    }
    /// The same arranger with card removal on (the default) or off (the field as trained,
    /// whatever the hand holds); the objective is shared, and this arranger is unchanged.
    Arranger with_card_removal(bool on) const {
        SssArranger *raw = nullptr;
        detail::check(sss_arranger_with_card_removal(raw_, on ? 1 : 0, &raw), "sss_arranger_with_card_removal");
        return Arranger(raw);
    }
    /// Whether card removal is on (true unless made by with_card_removal(false)).
    bool card_removal() const {
        std::uint8_t flag = 0;
        detail::check(sss_arranger_get_card_removal(raw_, &flag), "sss_arranger_get_card_removal");
        return flag != 0;
    }
    /// The options it plays with (Arranger(rules, options) makes the same arranger).
    SssArrangerOptions options() const {
        SssArrangerOptions o{};
        o.size = sizeof o;
        detail::check(sss_arranger_get_options(raw_, &o), "sss_arranger_get_options");
        return o;
    }
    /// The legal arrangement of 13 cards with the highest expected water (never a foul); at a
    /// lower bot level, the level's draw among the best of each lane-category combination.
    SssArranged arrange(codes_view thirteen) const {
        SssArranged arranged{};
        detail::check(sss_arrange(raw_, thirteen.data(), thirteen.size(), &arranged), "sss_arrange");
        return arranged;
    }
    /// Up to n arrangements with distinct lane categories, the best first.
    std::vector<SssSuggestion> suggest(codes_view thirteen, std::size_t n) const {
        std::vector<SssSuggestion> out(n);
        std::size_t count = 0;
        detail::check(sss_suggest(raw_, thirteen.data(), thirteen.size(), n, out.data(), out.size(), &count),
                      "sss_suggest");
        out.resize(count);
        return out;
    }
    /// Whether declaring the special the cards make beats the best lanes.
    SssSpecialAdvice special_advice(codes_view thirteen) const {
        SssSpecialAdvice advice{};
        detail::check(sss_special_advice(raw_, thirteen.data(), thirteen.size(), &advice), "sss_special_advice");
        return advice;
    }
    /// The seat a good player puts on the table, ready for `settle`: the special declared where
    /// that is worth more, the best lanes otherwise (`sss_arranger_play`).
    SssSeat play(codes_view thirteen) const {
        SssSeat seat{};
        detail::check(sss_arranger_play(raw_, thirteen.data(), thirteen.size(), &seat), "sss_arranger_play");
        return seat;
    }
    /// The expected water of any arrangement (13 codes in lane order).
    double expected_water(codes_view thirteen) const {
        double water = 0;
        detail::check(sss_arranger_expected_water(raw_, thirteen.data(), thirteen.size(), &water),
                      "sss_arranger_expected_water");
        return water;
    }

private:
    SssArranger *raw_ = nullptr;
};

// ---- settling ------------------------------------------------------------------------------

/// A seat that plays three lanes (3 + 5 + 5 codes).
inline SssSeat seat_arranged(codes_view front, codes_view middle, codes_view back) {
    SssSeat seat{};
    detail::check(sss_seat_arranged(front.data(), front.size(), middle.data(), middle.size(), back.data(),
                                    back.size(), &seat),
                  "sss_seat_arranged");
    return seat;
}

/// A seat that plays the lanes an arranger chose.
inline SssSeat seat_arranged(const SssArranged &arranged) {
    return seat_arranged(arranged.front, arranged.middle, arranged.back);
}

/// A seat that declares a special (报到) with its 13 cards.
inline SssSeat seat_special(std::uint8_t special, codes_view thirteen) {
    SssSeat seat{};
    detail::check(sss_seat_special(special, thirteen.data(), thirteen.size(), &seat), "sss_seat_special");
    return seat;
}

/// A settled round. Move-only.
class Settlement {
public:
    explicit Settlement(SssSettlement *raw) noexcept : raw_(raw) {}
    Settlement(Settlement &&other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
    Settlement &operator=(Settlement &&other) noexcept {
        if (this != &other) {
            sss_settlement_free(raw_);
            raw_ = std::exchange(other.raw_, nullptr);
        }
        return *this;
    }
    Settlement(const Settlement &) = delete;
    Settlement &operator=(const Settlement &) = delete;
    ~Settlement() { sss_settlement_free(raw_); }

    SssSettlement *get() const noexcept { return raw_; }

    /// Settle again into this object, reusing its memory; unchanged on error.
    void settle_into(const Rules &rules, const std::vector<SssSeat> &seats) {
        detail::check(sss_settle_into(rules.get(), seats.data(), seats.size(), raw_), "sss_settle_into");
    }

    SssSettlementInfo info() const {
        SssSettlementInfo out{};
        detail::check(sss_settlement_info(raw_, &out), "sss_settlement_info");
        return out;
    }
    /// Each seat's result (seat order); they sum to zero.
    std::vector<SssWater> totals() const {
        std::vector<SssWater> out(SSS_MAX_SEATS);
        std::size_t count = 0;
        detail::check(sss_settlement_totals(raw_, out.data(), out.size(), &count), "sss_settlement_totals");
        out.resize(count);
        return out;
    }
    /// Row by row: entry i * n + j is what seat i receives from seat j.
    std::vector<SssWater> matrix() const {
        std::vector<SssWater> out(SSS_MAX_SEATS * SSS_MAX_SEATS);
        std::size_t count = 0;
        detail::check(sss_settlement_matrix(raw_, out.data(), out.size(), &count), "sss_settlement_matrix");
        out.resize(count);
        return out;
    }
    SssSeatResult seat(std::size_t index) const {
        SssSeatResult out{};
        detail::check(sss_settlement_seat(raw_, index, &out), "sss_settlement_seat");
        return out;
    }
    SssPairResult pair(std::size_t index) const {
        SssPairResult out{};
        detail::check(sss_settlement_pair(raw_, index, &out), "sss_settlement_pair");
        return out;
    }
    SssEvent event(std::size_t index) const {
        SssEvent out{};
        detail::check(sss_settlement_event(raw_, index, &out), "sss_settlement_event");
        return out;
    }
    std::string to_json() const {
        return detail::copy_text("sss_settlement_to_json", [this](std::uint8_t *b, std::size_t c, std::size_t *n) {
            return sss_settlement_to_json(raw_, b, c, n);
        });
    }

private:
    SssSettlement *raw_ = nullptr;
};

/// Settle one round of 2 to rules.max_players() seats (seat order; at most SSS_MAX_SEATS).
inline Settlement settle(const Rules &rules, const std::vector<SssSeat> &seats) {
    SssSettlement *raw = nullptr;
    detail::check(sss_settle(rules.get(), seats.data(), seats.size(), &raw), "sss_settle");
    return Settlement(raw);
}

// ---- money ---------------------------------------------------------------------------------

/// A round in money: one line per seat and the table's side.
struct MoneyResult {
    std::vector<SssMoneyLine> lines;
    SssMoneyTotals totals{};
};

/// Water (in units of 1/SSS_WATER_DENOMINATOR, SssWater::units) to money, 2 to SSS_MAX_SEATS
/// seats; carries empty or one per seat.
inline MoneyResult money_settle(const std::vector<std::int64_t> &water_units, const SssStakes &stakes,
                                const std::vector<std::int64_t> &carries = {}) {
    MoneyResult result;
    result.lines.resize(SSS_MAX_SEATS);
    std::size_t count = 0;
    detail::check(sss_money_settle(water_units.data(), water_units.size(), &stakes, carries.data(),
                                   carries.size(), result.lines.data(), result.lines.size(), &count, &result.totals),
                  "sss_money_settle");
    result.lines.resize(count);
    return result;
}

/// As money_settle() for the seats' totals of a settlement.
inline MoneyResult money_settle(const Settlement &settlement, const SssStakes &stakes,
                                const std::vector<std::int64_t> &carries = {}) {
    std::vector<std::int64_t> units;
    for (const SssWater &w : settlement.totals()) units.push_back(w.units);
    return money_settle(units, stakes, carries);
}

/// An escape (逃跑): seat `leaver` of a `seats`-seat table leaves the round.
inline MoneyResult money_escape(std::size_t seats, std::size_t leaver, const SssStakes &stakes,
                                const std::vector<std::int64_t> &carries = {}) {
    MoneyResult result;
    result.lines.resize(SSS_MAX_SEATS);
    std::size_t count = 0;
    detail::check(sss_money_escape(seats, leaver, &stakes, carries.data(), carries.size(), result.lines.data(),
                                   result.lines.size(), &count, &result.totals),
                  "sss_money_escape");
    result.lines.resize(count);
    return result;
}

}  // namespace shisanshui

#endif /* SHISANSHUI_HPP */
