// Big tables through the C# wrapper (RULES.md §11): Rules.ExtraSuits and MaxPlayers, the bigger
// deck and its deals to 5 to 8 seats, hands with copies (five of a kind, flushes with a pair, a
// third copy refused), seat counts checked against the deck, settlement and money at up to 8
// seats, unseeded deals of the bigger deck, and every record of the shared vectors
// tests/vectors/big_tables.json (written by core/tests/big_tables.rs). Compiled with Tests.cs,
// whose runner (T, Json) it uses; Program.Main calls BigTablesTests.Run.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text.RegularExpressions;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class BigTablesTests
    {
        /// <summary>Every test; `evalPath` is tests/vectors/eval.json (big_tables.json sits beside it).</summary>
        internal static void Run(string evalPath)
        {
            string dir = System.IO.Path.GetDirectoryName(evalPath);
            if (dir == null || dir == "") dir = ".";
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("extra suits", ExtraSuits),
                new KeyValuePair<string, Action>("hands with copies", HandsWithCopies),
                new KeyValuePair<string, Action>("seat counts and 8 seats", SeatCounts),
                new KeyValuePair<string, Action>("unseeded deals of a rule set", UnseededDeals),
                new KeyValuePair<string, Action>("big table vectors", () => Vectors(System.IO.Path.Combine(dir, "big_tables.json"))),
            };
            string outer = T.Current;
            foreach (var t in tests)
            {
                T.Current = t.Key;
                try
                {
                    t.Value();
                }
                catch (Exception e)
                {
                    T.Check(false, "unexpected exception: " + e);
                }
            }
            T.Current = outer;
        }

        private static Rules With(string preset, SuitSet suits)
        {
            Rules r = Rules.Preset(preset);
            r.ExtraSuits = suits;
            return r;
        }

        private static void ExtraSuits()
        {
            T.Eq(840L, Water.Denominator, "Water.Denominator");
            T.Eq(104, Dealer.MaxDeckSize, "Dealer.MaxDeckSize");
            T.Eq(15, (int)StatusCode.TooManyCopies, "the number is ABI");
            T.Eq(2u, ShisanshuiLibrary.ExpectedAbiVersion, "ABI 2");
            using (Rules r = Rules.Classic())
            {
                T.Eq(SuitSet.None, r.ExtraSuits, "one deck");
                T.Eq(4, r.MaxPlayers, "4 seats");
                T.Eq(52, Dealer.Deck(r).Length, "52 cards");
                r.ExtraSuits = SuitSet.Spades | SuitSet.Hearts;
                T.Eq(SuitSet.Spades | SuitSet.Hearts, r.ExtraSuits, "sh");
                T.Eq(6, r.MaxPlayers, "6 seats");
                Card[] deck = Dealer.Deck(r);
                T.Eq(78, deck.Length, "78 cards");
                T.Eq("2h 2s", deck[52] + " " + deck[53], "the copies follow the 52 in code order");
                string json = r.ToJson();
                T.Check(json.Contains("\"extra_suits\": [\n    \"h\",\n    \"s\"\n  ]"), "extra_suits in the JSON: " + json);
                using (Rules back = Rules.FromJson(json))
                {
                    T.Eq(SuitSet.Hearts | SuitSet.Spades, back.ExtraSuits, "JSON round trip");
                }
                T.Throws<InvalidArgumentException>(() => r.ExtraSuits = (SuitSet)0x10, "0x10", "mask 0x10");
                T.Throws<InvalidArgumentException>(() => r.ExtraSuits = (SuitSet)0xFF, "0xff", "mask 0xFF");
                T.Eq(SuitSet.Hearts | SuitSet.Spades, r.ExtraSuits, "unchanged by a bad mask");
                T.Throws<InvalidRulesException>(() => Rules.FromJson(json.Replace("\"h\",", "\"h\", \"h\",")).Dispose(),
                    "extra_suits", "a suit twice in JSON");
                r.ExtraSuits = SuitSet.All;
                T.Eq(8, r.MaxPlayers, "two decks seat 8");
                T.Eq(104, Dealer.Deck(r).Length, "104 cards");
            }
        }

        private static void HandsWithCopies()
        {
            using (Rules r = With("classic", SuitSet.All))
            using (Rules one = Rules.Classic())
            {
                HandRank five = Evaluator.Evaluate(r, "As As Ah Ah Ad");
                HandRank flush = Evaluator.Evaluate(r, "As As Ks 7s 2s");
                T.Eq(Category.FiveOfAKind, five.Category, "five of a kind");
                T.Eq(9, (int)five.Category, "category 9");
                T.Eq(Category.Flush, flush.Category, "a flush with a pair");
                T.Eq(5, (int)flush.Category, "category 5");
                T.Check(five > Evaluator.Evaluate(r, "Ks Qs Js Ts 9s"), "five of a kind beats a straight flush");
                T.Check(flush > Evaluator.Evaluate(r, "As Ks Qs Js 9s"), "A A K 7 2 beats A K Q J 9 (card by card)");

                var third = T.Throws<TooManyCopiesException>(() => Card.ParseHand("As As Ks As", r),
                    "card As at position 3 is one copy too many", "a third copy");
                T.Check(third is DuplicateCardException, "TooManyCopiesException is a DuplicateCardException");
                T.Eq(StatusCode.TooManyCopies, third == null ? StatusCode.Ok : third.Status, "status");
                T.Throws<TooManyCopiesException>(() => Evaluator.Evaluate(r, new byte[] { 51, 51, 51, 47, 43 }),
                    "card As at position 2", "evaluate a third copy");
                T.Throws<TooManyCopiesException>(() => Card.Validate(new byte[] { 51, 51, 51 }, r), "As", "validate");
                T.Throws<DuplicateCardException>(() => Card.ParseHand("As As", one), "duplicate card As at position 1", "one deck");
                T.Throws<DuplicateCardException>(() => Card.ParseHand("As As"), "As", "ParseHand without rules");
                T.Eq(5, Card.FromCodes(new byte[] { 51, 51, 50, 50, 49 }, r).Length, "FromCodes with copies");

                // Batches take copies as codes; a mask cannot hold them and says so.
                uint[] v = Batch.Evaluate5(r, new byte[] { 51, 51, 50, 50, 49, 51, 51, 47, 27, 3 });
                T.Eq(9u, v[0] >> 22, "batch five of a kind");
                T.Eq(5u, v[1] >> 22, "batch paired flush");
                T.Throws<WrongCardCountException>(
                    () => Batch.Evaluate5Masks(r, new ulong[] { (1UL << 51) | (1UL << 50) | (1UL << 49) | (1UL << 48) }, 0, 1, new uint[1], 0),
                    "a card mask holds each card once", "mask");

                // A seat with copies (the builders take no rule set), settled under two decks.
                PlayerHand seat = PlayerHand.Arranged("Kd Kc 9h / Qs Qs Qh Qh 3c / As As Ah Ah Ad", r);
                T.Check(!seat.IsSpecial, "an arranged seat");
                T.Throws<TooManyCopiesException>(() => PlayerHand.Arranged(Card.FromCodes(new byte[] { 51, 47, 43 }),
                    Card.FromCodes(new byte[] { 39, 35, 31, 27, 23 }), Card.FromCodes(new byte[] { 51, 51, 15, 11, 7 }, r)),
                    "As at position 9", "a third copy in a seat");
            }
        }

        /// <summary>`cards` holds no card more often than the rule set's deck does.</summary>
        private static bool WithinDeck(Rules rules, Card[][] hands)
        {
            var held = new int[Dealer.DeckSize];
            foreach (Card c in Dealer.Deck(rules)) held[c.Code]++;
            foreach (Card[] h in hands)
                foreach (Card c in h)
                    if (--held[c.Code] < 0) return false;
            return true;
        }

        private static void UnseededDeals()
        {
            foreach (SuitSet suits in new[] { SuitSet.None, SuitSet.Spades, SuitSet.Hearts | SuitSet.Spades, SuitSet.All })
            {
                using (Rules r = With("classic", suits))
                {
                    for (int players = 2; players <= r.MaxPlayers; players++)
                    {
                        Card[][] hands = Dealer.DealUnseeded(r, players);
                        T.Eq(players, hands.Length, suits + ": " + players + " seats");
                        bool thirteen = true;
                        foreach (Card[] h in hands) thirteen &= h.Length == Dealer.HandSize;
                        T.Check(thirteen, suits + ": 13 cards a seat");
                        T.Check(WithinDeck(r, hands), suits + ", " + players + " seats: no card more often than the deck holds it");
                    }
                    int most = r.MaxPlayers;
                    T.ThrowsTable(() => Dealer.DealUnseeded(r, most + 1), most + 1, most, suits + ": one seat too many");
                    T.ThrowsTable(() => Dealer.DealUnseeded(r, 1), 1, most, suits + ": one seat");
                    T.Throws<InvalidTableException>(() => Dealer.DealUnseeded(r, -1), "got -1", suits + ": -1 seats");
                }
            }
            using (Rules two = With("classic", SuitSet.All))
            {
                // Eight seats from two decks: every card twice, and two OS-keyed deals differ.
                Card[][] a = Dealer.DealUnseeded(two, 8), b = Dealer.DealUnseeded(two, 8);
                var count = new int[Dealer.DeckSize];
                foreach (Card[] h in a) foreach (Card c in h) count[c.Code]++;
                bool twice = true;
                foreach (int n in count) twice &= n == 2;
                T.Check(twice, "eight unseeded seats at two decks hold every card twice");
                string sa = "", sb = "";
                for (int p = 0; p < 8; p++)
                {
                    sa += Card.Format(a[p]) + "|";
                    sb += Card.Format(b[p]) + "|";
                }
                T.Check(sa != sb, "two unseeded deals of two decks differ");
            }
            T.Throws<ArgumentNullException>(() => Dealer.DealUnseeded(null, 4), "rules", "no rule set");
        }

        private static void SeatCounts()
        {
            using (Rules one = Rules.Classic())
            using (Rules two = With("classic", SuitSet.All))
            {
                T.ThrowsTable(() => Dealer.Deal(one, 5, 7), 5, 4, "5 players at one deck");
                T.ThrowsTable(() => Dealer.Deal(two, 9, 7), 9, 8, "9 players at two decks");
                T.Throws<InvalidTableException>(() => Dealer.Deal(5, 7), "5", "Deal(players, seed) is one deck");

                // With no extra suit the rule set's deal is the one-deck deal.
                Card[][] a = Dealer.Deal(one, 4, 11), b = Dealer.Deal(4, 11);
                bool same = true;
                for (int p = 0; p < 4; p++) same &= Card.Format(a[p]) == Card.Format(b[p]);
                T.Check(same, "Deal(classic rules) is Deal(players, seed)");

                // Eight seats from two decks, played in deal order: zero-sum, as the engine settles.
                Card[][] dealt = Dealer.Deal(two, 8, 99);
                var hands = new PlayerHand[8];
                for (int p = 0; p < 8; p++) hands[p] = PlayerHand.Arranged(dealt[p]);
                using (Settlement s = Settlement.Settle(two, hands))
                {
                    T.Eq(8, s.SeatCount, "8 seats");
                    Water sum = Water.FromInt(0);
                    long units = 0;
                    foreach (Water w in s.Totals)
                    {
                        sum += w;
                        units += w.Units;
                        T.Eq(w.Num * Water.Denominator, w.Units * w.Den, "units agree with num/den");
                    }
                    T.Eq(Water.FromInt(0), sum, "8 seats sum to zero");
                    T.Eq(0L, units, "in units too");
                    MoneyResult m = Money.Settle(s.Totals, 100);
                    T.Eq(8, m.Lines.Count, "money at 8 seats");
                    // The batch settles the same round, seats with a card twice included.
                    var flat = new byte[8 * 13];
                    for (int p = 0; p < 8; p++)
                        for (int k = 0; k < 13; k++) flat[13 * p + k] = (byte)dealt[p][k].Code;
                    var batch = new long[8];
                    Batch.Settle(two, 8, flat, 0, 1, batch, 0);
                    bool sameTotals = true;
                    for (int p = 0; p < 8; p++) sameTotals &= batch[p] == s.Totals[p].Units;
                    T.Check(sameTotals, "the batch settles 8 seats as Settle does");
                }
                var nine = new List<PlayerHand>(hands);
                nine.Add(hands[0]);
                T.ThrowsTable(() => Settlement.Settle(two, nine).Dispose(), 9, 8, "settle 9");
                T.ThrowsTable(() => Settlement.Settle(one, nine.GetRange(0, 5)).Dispose(), 5, 4, "settle 5 at one deck");
                T.ThrowsTable(() => Batch.Settle(one, 5, new byte[65], 0, 1, new long[5], 0), 5, 4, "batch 5 at one deck");

                // The arranger at 8 seats plays hands with copies, never a foul, and they settle.
                using (var arranger = new Arranger(two, 8))
                {
                    var played = new PlayerHand[8];
                    for (int p = 0; p < 8; p++)
                    {
                        Arranged a8 = arranger.Arrange(dealt[p]);
                        ArrangementEval e = Evaluator.CheckArrangement(two, a8.Arrangement.Front, a8.Arrangement.Middle,
                            a8.Arrangement.Back);
                        T.Check(!e.IsFoul, "seat " + p + ": the arranger never fouls: " + a8.Arrangement);
                        played[p] = PlayerHand.Arranged(a8.Arrangement);
                    }
                    using (Settlement s = Settlement.Settle(two, played))
                    {
                        long units = 0;
                        foreach (Water w in s.Totals) units += w.Units;
                        T.Eq(0L, units, "the arranged 8 seats sum to zero");
                    }
                }
                T.ThrowsTable(() => new Arranger(two, 9).Dispose(), 9, 8, "an arranger for 9");
                T.ThrowsTable(() => new Arranger(one, 5).Dispose(), 5, 4, "an arranger for 5 at one deck");

                // A simulation at 8 seats, a policy and a carry per seat.
                var config = new SimConfig(8, 3, 5)
                {
                    Policies = new[] { Policy.Arranger, Policy.Greedy, Policy.Product, Policy.Arranger,
                        Policy.Greedy, Policy.Product, Policy.Arranger, Policy.Greedy },
                    BaseStake = 100,
                    Carries = new long[] { 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000 },
                };
                SimReport report = Simulation.Run(two, config);
                T.Eq(8, report.Players, "simulated seats");
                T.Eq(24L, report.Hands, "3 rounds of 8 hands");
                T.Eq(8, report.Seats.Length, "a figure per seat");
                T.Eq(8, report.MoneySeats.Length, "money per seat");
                double mean = 0;
                foreach (SimStat st in report.Seats) mean += st.Mean;
                T.Check(Math.Abs(mean) < 1e-9, "the seats' water sums to zero: " + mean);
                T.ThrowsTable(() => Simulation.Run(two, new SimConfig(9, 3, 5)), 9, 8, "simulate 9");
                T.ThrowsTable(() => Simulation.Run(one, new SimConfig(5, 3, 5)), 5, 4, "simulate 5 at one deck");
            }
        }

        private static Dictionary<string, object> O(object o) { return (Dictionary<string, object>)o; }

        private static List<object> L(object o) { return (List<object>)o; }

        private static long N(object o) { return (long)(double)o; }

        private static byte[] B(object o)
        {
            var l = L(o);
            var b = new byte[l.Count];
            for (int i = 0; i < l.Count; i++) b[i] = (byte)(double)l[i];
            return b;
        }

        private static SuitSet SuitsOf(string letters)
        {
            SuitSet s = SuitSet.None;
            foreach (char c in letters) s |= (SuitSet)(1 << "dchs".IndexOf(c));
            return s;
        }

        private static Rules RulesOf(Dictionary<string, object> v)
        {
            return With(v.ContainsKey("preset") ? (string)v["preset"] : "classic", SuitsOf((string)v["extra_suits"]));
        }

        private static string Join(byte[] codes)
        {
            var parts = new string[codes.Length];
            for (int i = 0; i < parts.Length; i++) parts[i] = codes[i].ToString(CultureInfo.InvariantCulture);
            return string.Join(",", parts);
        }

        private static string Join(IList<Card> cards)
        {
            var parts = new string[cards.Count];
            for (int i = 0; i < parts.Length; i++) parts[i] = cards[i].Code.ToString(CultureInfo.InvariantCulture);
            return string.Join(",", parts);
        }

        private static readonly Dictionary<string, Type> Kinds = new Dictionary<string, Type>
        {
            { "too_many_copies", typeof(TooManyCopiesException) },
            { "duplicate_card", typeof(DuplicateCardException) },
            { "invalid_table", typeof(InvalidTableException) },
            { "invalid_rules", typeof(InvalidRulesException) },
            { "wrong_card_count", typeof(WrongCardCountException) },
            { "bad_card_code", typeof(BadCardCodeException) },
        };

        /// <summary>The action throws the vector's exception type with exactly its message.</summary>
        private static void ExpectError(Action a, Dictionary<string, object> v, string what)
        {
            string kind = (string)v["error"];
            Exception caught = null;
            try { a(); } catch (Exception e) { caught = e; }
            T.Check(caught != null && Kinds.ContainsKey(kind) && caught.GetType() == Kinds[kind],
                what + " (" + kind + "): got " + (caught == null ? "nothing" : caught.GetType().Name + ": " + caught.Message));
            if (caught != null) T.Eq((string)v["message"], caught.Message, what + ": message");
        }

        private static List<PlayerHand> Seats(object list)
        {
            var hands = new List<PlayerHand>();
            foreach (object o in L(list))
            {
                var seat = O(o);
                if (seat.ContainsKey("arranged"))
                {
                    byte[] c = B(seat["arranged"]);
                    hands.Add(PlayerHand.Arranged(Card.FromCodes(c, c.Length)));
                }
                else
                {
                    byte[] c = B(seat["cards"]);
                    hands.Add(PlayerHand.Declare(SpecialNames.Parse((string)seat["special"]), Card.FromCodes(c, c.Length)));
                }
            }
            return hands;
        }

        private static void Vectors(string path)
        {
            string text = System.IO.File.ReadAllText(path);
            var doc = O(Json.Parse(text));
            T.Eq(1L, N(doc["version"]), "version");
            // The JSON reader keeps numbers as doubles, which cannot hold every u64 seed (2^64 - 1):
            // read the seeds from the text, in file order (the deals, then the deal errors).
            var seeds = new List<ulong>();
            foreach (Match m in Regex.Matches(text, "\"seed\": ([0-9]+)"))
            {
                seeds.Add(ulong.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture));
            }
            int next = 0, sixSh = 0, eight = 0;

            foreach (object o in L(doc["deals"]))
            {
                var d = O(o);
                ulong seed = seeds[next++];
                T.Check((double)seed == (double)d["seed"], "seed " + seed + " from the text is the record's");
                int players = (int)N(d["players"]);
                using (Rules r = RulesOf(d))
                {
                    string what = "deal " + d["extra_suits"] + " " + players + " seed " + seed;
                    T.Eq(Join(B(d["deck"])), Join(Dealer.ShuffledDeck(r, seed)), what + ": shuffled deck");
                    Card[][] hands = Dealer.Deal(r, players, seed);
                    var want = L(d["hands"]);
                    T.Eq(want.Count, hands.Length, what + ": seats");
                    for (int p = 0; p < hands.Length && p < want.Count; p++)
                    {
                        T.Eq(Join(B(want[p])), Join(hands[p]), what + ": seat " + p);
                    }
                    if (players == 6 && (string)d["extra_suits"] == "sh") sixSh++;
                }
            }
            T.Eq(1, sixSh, "the vectors hold the 6-seat deal with extra suits sh");

            foreach (object o in L(doc["evaluations"]))
            {
                var v = O(o);
                using (Rules r = With("classic", SuitsOf((string)v["extra_suits"])))
                {
                    r.Wheel = (string)v["wheel"] == "lowest" ? Wheel.Lowest : Wheel.SecondHighest;
                    r.SuitTiebreak = (bool)v["suit_tiebreak"];
                    byte[] c = B(v["cards"]);
                    HandRank h = Evaluator.Evaluate(r, c);
                    T.Eq((uint)N(v["value"]), h.Value, "evaluation " + Join(c) + ": value");
                    T.Eq((int)N(v["category"]), (int)h.Category, "evaluation " + Join(c) + ": category");
                    uint[] batch = c.Length == 5 ? Batch.Evaluate5(r, c) : Batch.Evaluate3(r, c);
                    T.Eq(h.Value, batch[0], "evaluation " + Join(c) + ": batch");
                }
            }

            foreach (object o in L(doc["specials"]))
            {
                var v = O(o);
                using (Rules p = RulesOf(v))
                {
                    // split_quads has no property: through the rule set's JSON.
                    string json = p.ToJson();
                    if (!(bool)v["split_quads"]) json = json.Replace("\"split_quads\": true", "\"split_quads\": false");
                    using (Rules r = Rules.FromJson(json))
                    {
                        r.StrictOrder = (bool)v["strict_order"];
                        byte[] c = B(v["cards"]);
                        SpecialDetection d = Specials.Detect(r, c);
                        var ids = new List<string>();
                        foreach (Special s in d.All) ids.Add(s.Id());
                        var want = new List<string>();
                        foreach (object id in L(v["all"])) want.Add((string)id);
                        T.Eq(string.Join(" ", want.ToArray()), string.Join(" ", ids.ToArray()), "special " + Join(c));
                        T.Eq(v["best"] == null ? "none" : (string)v["best"], d.Best == null ? "none" : d.Best.Value.Id(),
                            "special " + Join(c) + ": best");
                    }
                }
            }

            foreach (object o in L(doc["settlements"]))
            {
                var v = O(o);
                using (Rules r = RulesOf(v))
                {
                    if ((string)v["table"] == "banker") r.Table = Table.Banker;
                    List<PlayerHand> hands = Seats(v["seats"]);
                    int? banker = v["banker"] == null ? (int?)null : (int)N(v["banker"]);
                    string what = "settlement " + v["preset"] + " " + v["extra_suits"] + " at " + hands.Count;
                    using (Settlement s = Settlement.Settle(r, hands, banker))
                    {
                        var totals = L(v["totals"]);
                        var units = L(v["units"]);
                        T.Eq(units.Count, s.SeatCount, what + ": seats");
                        long sum = 0;
                        for (int i = 0; i < s.SeatCount && i < units.Count; i++)
                        {
                            Water w = s.Totals[i];
                            T.Eq(N(units[i]), w.Units, what + ": seat " + i + " units");
                            T.Eq(N(O(totals[i])["num"]) + "/" + N(O(totals[i])["den"]), w.Num + "/" + w.Den, what + ": seat " + i);
                            sum += w.Units;
                        }
                        T.Eq(0L, sum, what + ": zero sum");
                    }
                    if (hands.Count == 8) eight++;
                }
            }
            T.Check(eight >= 1, "the vectors hold a settlement at 8 seats");

            foreach (object o in L(doc["errors"]))
            {
                var v = O(o);
                string kind = (string)v["kind"];
                using (Rules r = RulesOf(v))
                {
                    if (kind == "evaluate")
                    {
                        ExpectError(() => Evaluator.Evaluate(r, B(v["cards"])), v, "vector evaluate error");
                    }
                    else if (kind == "parse")
                    {
                        ExpectError(() => Card.ParseHand((string)v["text"], r), v, "vector parse error");
                    }
                    else if (kind == "deal")
                    {
                        ulong seed = seeds[next++];
                        T.Check((double)seed == (double)v["seed"], "error seed " + seed + " from the text is the record's");
                        ExpectError(() => Dealer.Deal(r, (int)N(v["players"]), seed), v, "vector deal error");
                    }
                    else if (kind == "settle")
                    {
                        // The seat builders take no rule set: a third copy within a seat is theirs to refuse.
                        ExpectError(() => Settlement.Settle(r, Seats(v["seats"])).Dispose(), v, "vector settle error");
                    }
                    else if (kind == "rules_json")
                    {
                        ExpectError(() => Rules.FromJson((string)v["json"]).Dispose(), v, "vector rules error");
                    }
                    else
                    {
                        T.Check(false, "unknown error kind " + kind);
                    }
                }
            }
            T.Eq(seeds.Count, next, "every seed of the file read");
        }
    }
}
