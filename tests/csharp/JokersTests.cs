// Wild jokers through the C# wrapper (RULES.md §12): Rules.Jokers / JokerLanes / JokersInSpecials
// and their bad values, the jokers as cards (SJ, BJ), codes and text accepted only where the rule set
// deals them, lanes and arrangements as played, deals and the arranger with jokers, and every section
// of the shared vectors tests/vectors/jokers.json (written by core/tests/jokers_vectors.rs) the
// wrapper exposes. Compiled with Tests.cs, whose runner (T, Json) it uses; Program.Main calls
// JokersTests.Run.
using System;
using System.Collections.Generic;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class JokersTests
    {
        /// <summary>Every test; `evalPath` is tests/vectors/eval.json (jokers.json sits beside it).</summary>
        internal static void Run(string evalPath)
        {
            string dir = System.IO.Path.GetDirectoryName(evalPath);
            if (dir == null || dir == "") dir = ".";
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("joker options", Options),
                new KeyValuePair<string, Action>("joker cards", Cards),
                new KeyValuePair<string, Action>("lanes as played", Played),
                new KeyValuePair<string, Action>("deals and arranging with jokers", DealsAndArranging),
                new KeyValuePair<string, Action>("joker vectors", () => Vectors(System.IO.Path.Combine(dir, "jokers.json"))),
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

        private static Rules WithJokers(int jokers)
        {
            Rules r = Rules.Classic();
            r.Jokers = jokers;
            return r;
        }

        private static void Options()
        {
            T.Eq(16, (int)StatusCode.JokerNotInDeck, "the number is ABI");
            T.Eq(6, Rules.MaxJokers, "Rules.MaxJokers");
            T.Eq(110, Dealer.MaxDeckSizeWithJokers, "Dealer.MaxDeckSizeWithJokers");
            T.Eq(0u, (uint)JokerLanes.EachBest, "EachBest is 0");
            T.Eq(1u, (uint)JokerLanes.AvoidFoul, "AvoidFoul is 1");
            using (Rules r = Rules.Classic())
            {
                T.Eq(0, r.Jokers, "no jokers by default");
                T.Eq(JokerLanes.EachBest, r.JokerLanes, "each_best by default");
                T.Eq(false, r.JokersInSpecials, "jokers_in_specials off by default");
                T.Check(!r.ToJson().Contains("joker"), "a rule set without jokers writes no joker field");

                r.Jokers = 2;
                r.JokerLanes = JokerLanes.AvoidFoul;
                T.Eq(2, r.Jokers, "jokers 2");
                T.Eq(JokerLanes.AvoidFoul, r.JokerLanes, "avoid_foul");
                T.Eq(4, r.MaxPlayers, "jokers add no seat");
                string json = r.ToJson();
                T.Check(json.Contains("\"jokers\": 2") && json.Contains("\"joker_lanes\": \"avoid_foul\""), "JSON: " + json);
                using (Rules back = Rules.FromJson(json))
                {
                    T.Eq(2, back.Jokers, "JSON round trip: jokers");
                    T.Eq(JokerLanes.AvoidFoul, back.JokerLanes, "JSON round trip: joker_lanes");
                }

                // Bad values: refused, the rule set unchanged.
                var seven = T.Throws<InvalidRulesException>(() => r.Jokers = 7, "jokers", "jokers = 7");
                T.Check(seven != null && seven.Message.Contains("7"), "the message names 7");
                T.Throws<InvalidRulesException>(() => r.Jokers = 255, "255", "jokers = 255");
                T.Throws<InvalidRulesException>(() => r.Jokers = -1, "-1", "jokers = -1");
                T.Throws<InvalidRulesException>(() => r.Jokers = 256, "256", "jokers = 256");
                T.Throws<InvalidArgumentException>(() => r.JokerLanes = (JokerLanes)2, "joker_lanes 2", "joker_lanes 2");
                T.Throws<InvalidArgumentException>(() => r.JokerLanes = (JokerLanes)99, "joker_lanes 99", "joker_lanes 99");
                T.Eq(2, r.Jokers, "unchanged: jokers");
                T.Eq(JokerLanes.AvoidFoul, r.JokerLanes, "unchanged: joker_lanes");
                T.Eq(false, r.JokersInSpecials, "unchanged: jokers_in_specials");
                r.JokersInSpecials = true;
                T.Eq(true, r.JokersInSpecials, "jokers_in_specials with jokers");
                r.JokersInSpecials = false;

                r.Jokers = 6;
                T.Eq(6, r.Jokers, "six jokers is the most");
                r.Jokers = 0;
                r.JokersInSpecials = true;
                T.Eq(true, r.JokersInSpecials, "jokers_in_specials without jokers");
                r.Jokers = 1;
                T.Eq(1, r.Jokers, "jokers with jokers_in_specials");
            }
            T.Throws<InvalidRulesException>(() => Rules.FromJson("{\"jokers\": 7}").Dispose(), "jokers", "JSON jokers 7");
            T.Throws<InvalidRulesException>(() => Rules.FromJson("{\"joker_lanes\": \"greedy\"}").Dispose(), "joker_lanes",
                "JSON joker_lanes greedy");
        }

        private static void Cards()
        {
            T.Eq(52, (int)Card.SmallJoker.Code, "SJ is 52");
            T.Eq(53, (int)Card.BigJoker.Code, "BJ is 53");
            T.Check(Card.SmallJoker.IsJoker && Card.BigJoker.IsJoker && !Card.FromCode(51).IsJoker, "IsJoker");
            T.Eq("SJ", Card.SmallJoker.ToString(), "SJ display");
            T.Eq("BJ", Card.BigJoker.ToSymbolString(), "BJ display with symbols");
            T.Eq(Card.SmallJoker, Card.Parse("sj"), "parse sj");
            T.Eq(Card.BigJoker, Card.Parse("大王"), "parse 大王");
            T.Eq(Card.BigJoker, Card.FromAnyCode(53), "FromAnyCode 53");
            T.Check(Card.SmallJoker > Card.FromCode(51), "the jokers order last");
            T.Throws<BadCardCodeException>(() => Card.FromAnyCode(54), "card code 54", "FromAnyCode 54");
            T.Throws<BadCardCodeException>(() => Card.FromCode(52), "card code 52", "FromCode stays 0..51");
            T.Eq("SJ As BJ", Card.Format(new[] { Card.SmallJoker, Card.FromCode(51), Card.BigJoker }), "Format");
            T.Eq("BJ A\u2660", Card.Format(new[] { Card.BigJoker, Card.FromCode(51) }, true), "Format with symbols");

            using (Rules none = Rules.Classic())
            using (Rules one = WithJokers(1))
            using (Rules two = WithJokers(2))
            {
                Card[] hand = Card.ParseHand("As Ah Ad Ac SJ", two);
                T.Eq(5, hand.Length, "parse with SJ");
                T.Eq(Card.SmallJoker, hand[4], "SJ parsed");
                T.Eq(Category.FiveOfAKind, Evaluator.Evaluate(two, hand).Category, "A A A A + joker is five aces");
                T.Eq(Category.FiveOfAKind, Evaluator.Evaluate(two, "As Ah Ad Ac BJ").Category, "text with BJ");

                // A joker under a rule set without jokers: text names it, a code is a bad code.
                T.Throws<JokerNotInDeckException>(() => Card.ParseHand("As SJ", none), "SJ at position 1", "SJ without jokers");
                T.Throws<JokerNotInDeckException>(() => Card.ParseHand("As SJ"), "SJ", "SJ without a rule set");
                T.Throws<BadCardCodeException>(() => Evaluator.Evaluate(none, new byte[] { 51, 50, 52 }), "52", "code 52 without jokers");
                T.Throws<BadCardCodeException>(() => Card.Validate(new byte[] { 53 }, none), "53", "validate 53 without jokers");
                // One joker is the small one: the big one is not in the deck.
                T.Throws<JokerNotInDeckException>(() => Card.Validate(new byte[] { 0, 53 }, one), "BJ at position 1", "BJ under one joker");
                T.Throws<JokerNotInDeckException>(() => Evaluator.Evaluate(one, new byte[] { 53, 1, 2 }), "position 0", "evaluate BJ under one");
                // A third joker under two: the deck deals one SJ and one BJ.
                T.Throws<DuplicateCardException>(() => Card.Validate(new byte[] { 52, 53, 52 }, two), "SJ at position 2", "a third joker");
                T.Throws<DuplicateCardException>(() => Card.ParseHand("SJ BJ SJ", two), "position 2", "a third joker as text");
                T.Throws<BadCardCodeException>(() => Card.Validate(new byte[] { 0, 54 }, two), "54", "code 54");
                T.Eq(2, Card.FromCodes(new byte[] { 52, 53 }, two).Length, "FromCodes with both jokers");
                T.Check(Card.FromCodes(new byte[] { 52, 53 }, two)[1].IsJoker, "FromCodes keeps the joker");

                // Batches take jokers as the one-hand calls do (tests/csharp/BatchJokersTests.cs).
                T.Eq(Evaluator.Evaluate(two, new byte[] { 51, 50, 49, 48, 52 }).Value,
                    Batch.Evaluate5(two, new byte[] { 51, 50, 49, 48, 52 })[0], "a batch takes jokers");
            }
        }

        private static void Played()
        {
            using (Rules two = WithJokers(2))
            using (Rules avoid = WithJokers(2))
            using (Rules none = Rules.Classic())
            {
                avoid.JokerLanes = JokerLanes.AvoidFoul;
                PlayedLane lane = Evaluator.EvaluatePlayed(two, "As Ah Ad Ac SJ");
                T.Eq(Category.FiveOfAKind, lane.Rank.Category, "five aces");
                T.Eq("As Ah Ad Ac As", Card.Format(lane.Played), "the joker plays As");
                T.Eq(Evaluator.Evaluate(two, "As Ah Ad Ac SJ"), lane.Rank, "EvaluatePlayed agrees with Evaluate");
                PlayedLane plain = Evaluator.EvaluatePlayed(none, "Kd Kc 9h");
                T.Eq("Kd Kc 9h", Card.Format(plain.Played), "a lane without jokers plays as it is");
                PlayedLane front = Evaluator.EvaluatePlayed(two, "SJ BJ 7c");
                T.Eq(Category.ThreeOfAKind, front.Rank.Category, "2 jokers + x is trips of x");
                T.Eq("7c", front.Played[2].ToString(), "the natural card stays");
                T.Check(!front.Played[0].IsJoker && !front.Played[1].IsJoker && front.Played[0].Rank == Rank.Seven,
                    "the jokers play sevens: " + Card.Format(front.Played));
                T.Throws<WrongCardCountException>(() => Evaluator.EvaluatePlayed(two, "As SJ"), "expected 3 cards", "two cards");
                T.Throws<BadCardCodeException>(() => Evaluator.EvaluatePlayed(none, new byte[] { 51, 50, 52 }), "52", "played without jokers");
                T.Throws<ArgumentNullException>(() => Evaluator.EvaluatePlayed(two, (byte[])null), null, "null codes");

                // RULES.md §12's example: back K K 9 9 3, middle Q Q J 5 + joker.
                Card[] f = Card.ParseHand("4d 3c 2h");
                Card[] m = Card.ParseHand("Qs Qh Jd 5c SJ", two);
                Card[] b = Card.ParseHand("Ks Kd 9s 9d 3s");
                PlayedArrangement best = Evaluator.CheckArrangementPlayed(two, f, m, b);
                T.Check(best.IsFoul && best.Eval.MiddleOverBack, "each_best: trips over two pair is a foul");
                T.Eq(Category.ThreeOfAKind, best.Eval.Middle.Category, "each_best: the middle is trips");
                T.Eq(Rank.Queen, best.Played.Middle[4].Rank, "each_best: the joker plays a queen");
                T.Eq("Qs Qh Jd 5c", Card.Format(new List<Card>(best.Played.Middle).GetRange(0, 4)), "each_best: the natural cards stay");
                PlayedArrangement kept = Evaluator.CheckArrangementPlayed(avoid, f, m, b);
                T.Check(!kept.IsFoul, "avoid_foul: legal");
                T.Eq(Category.TwoPair, kept.Eval.Middle.Category, "avoid_foul: the middle is two pair");
                T.Eq(Rank.Jack, kept.Played.Middle[4].Rank, "avoid_foul: the joker plays a jack");
                T.Eq("4d 3c 2h", Card.Format(kept.Played.Front), "a lane without jokers plays as it is");
                var all = new List<Card>(f);
                all.AddRange(m);
                all.AddRange(b);
                ArrangementEval check = Evaluator.CheckArrangement(avoid, all);
                T.Eq(kept.Eval.Middle, check.Middle, "CheckArrangement agrees");
                T.Eq(kept.Eval.FoulBits, check.FoulBits, "CheckArrangement's foul bits agree");
                T.Check(!kept.Played.ToString().Contains("SJ") && best.Played.ToString().Contains(" / "), "played lanes print without jokers");
                T.Throws<WrongCardCountException>(() => Evaluator.CheckArrangementPlayed(two, f, f, b), "expected 5 cards", "a middle of 3");
                T.Throws<BadCardCodeException>(() => Evaluator.CheckArrangementPlayed(none, all), "52", "arrangement without jokers");
            }
        }

        private static void DealsAndArranging()
        {
            using (Rules two = WithJokers(2))
            using (Rules big = WithJokers(6))
            {
                Card[] deck = Dealer.Deck(two);
                T.Eq(54, deck.Length, "52 + 2 jokers");
                T.Eq("SJ BJ", deck[52] + " " + deck[53], "the jokers follow the 52");
                big.ExtraSuits = SuitSet.All;
                T.Eq(110, Dealer.Deck(big).Length, "two decks and six jokers");
                T.Eq(110, Dealer.ShuffledDeck(big, 5).Length, "shuffled: 110 cards");
                T.Eq(8, big.MaxPlayers, "jokers add no seat");
                Card[][] hands = Dealer.Deal(big, 8, 5);
                T.Eq(8, hands.Length, "8 seats from 110 cards");
                int jokers = 0;
                foreach (Card c in Dealer.ShuffledDeck(big, 5)) if (c.IsJoker) jokers++;
                T.Eq(6, jokers, "the shuffled deck holds the six jokers");
                T.ThrowsTable(() => Dealer.Deal(two, 5, 1), 5, 4, "jokers add no seat to a deal");

                using (Arranger arranger = new Arranger(two, 4))
                {
                    Arranged a = arranger.Arrange("SJ BJ As Ah Kd Qc Jh 9s 8d 7c 5h 4s 2d");
                    T.Check(!Evaluator.CheckArrangement(two, a.Arrangement.Cards()).IsFoul, "never a foul with jokers");
                    int placed = 0;
                    foreach (Card c in a.Arrangement.Cards()) if (c.IsJoker) placed++;
                    T.Eq(2, placed, "both jokers placed");
                    T.Throws<DuplicateCardException>(() => arranger.Arrange("SJ BJ SJ Ah Kd Qc Jh 9s 8d 7c 5h 4s 2d"),
                        "SJ at position 2", "a third joker under two");
                    T.Throws<DuplicateCardException>(() => arranger.Arrange(new byte[] { 52, 53, 52, 50, 44, 41, 38, 31, 24, 21, 14, 11, 0 }),
                        "SJ at position 2", "a third joker's code under two");
                    using (Rules copy = arranger.GetRules())
                    {
                        T.Eq(2, copy.Jokers, "the arranger's rules deal two jokers");
                    }
                }
            }
        }

        // ------------------------------------------------------------------------------------------
        // tests/vectors/jokers.json
        // ------------------------------------------------------------------------------------------

        private static List<object> L(Dictionary<string, object> v, string key)
        {
            object o;
            T.Check(v.TryGetValue(key, out o) && o is List<object>, "vector member " + key + " is a list");
            return o as List<object> ?? new List<object>();
        }

        private static string S(Dictionary<string, object> v, string key)
        {
            object o;
            T.Check(v.TryGetValue(key, out o) && o is string, "vector member " + key + " is a string");
            return o as string ?? "";
        }

        private static double N(Dictionary<string, object> v, string key)
        {
            object o;
            T.Check(v.TryGetValue(key, out o) && o is double, "vector member " + key + " is a number");
            return o is double ? (double)o : -1;
        }

        private static bool B(Dictionary<string, object> v, string key)
        {
            object o;
            T.Check(v.TryGetValue(key, out o) && o is bool, "vector member " + key + " is a bool");
            return o is bool && (bool)o;
        }

        private static byte[] Codes(object list)
        {
            var l = list as List<object> ?? new List<object>();
            byte[] codes = new byte[l.Count];
            for (int i = 0; i < codes.Length; i++) codes[i] = (byte)(double)l[i];
            return codes;
        }

        private static string Text(IList<Card> cards)
        {
            var codes = new List<string>();
            foreach (Card c in cards) codes.Add(c.Code.ToString());
            return string.Join(",", codes.ToArray());
        }

        private static Dictionary<string, Type> ErrorTypes()
        {
            return new Dictionary<string, Type>
            {
                { "bad_card_code", typeof(BadCardCodeException) },
                { "duplicate_card", typeof(DuplicateCardException) },
                { "too_many_copies", typeof(TooManyCopiesException) },
                { "joker_not_in_deck", typeof(JokerNotInDeckException) },
                { "invalid_rules", typeof(InvalidRulesException) },
                { "wrong_card_count", typeof(WrongCardCountException) },
            };
        }

        private static void Vectors(string path)
        {
            var doc = (Dictionary<string, object>)Json.Parse(System.IO.File.ReadAllText(path));
            T.Eq(1.0, (double)doc["version"], "jokers.json version");
            var rules = new Dictionary<string, Rules>();
            try
            {
                foreach (object o in L(doc, "rules"))
                {
                    var v = (Dictionary<string, object>)o;
                    string name = S(v, "name"), json = S(v, "json");
                    Rules r = Rules.FromJson(json);
                    rules[name] = r;
                    T.Eq(json, r.ToJson(), name + ": the JSON round-trips");
                    var fields = (Dictionary<string, object>)Json.Parse(json);
                    object jokers, lanes, inSpecials;
                    T.Eq(fields.TryGetValue("jokers", out jokers) ? (int)(double)jokers : 0, r.Jokers, name + ": Jokers");
                    T.Eq(fields.TryGetValue("joker_lanes", out lanes) && (string)lanes == "avoid_foul" ? JokerLanes.AvoidFoul
                        : JokerLanes.EachBest, r.JokerLanes, name + ": JokerLanes");
                    T.Eq(fields.TryGetValue("jokers_in_specials", out inSpecials) && (bool)inSpecials, r.JokersInSpecials,
                        name + ": JokersInSpecials");
                }
                T.Check(rules.ContainsKey("classic_j2") && rules.ContainsKey("classic_j2_avoid"), "both readings in the vectors");

                int n = 0;
                Rules j2 = rules["classic_j2"];
                foreach (object o in L(doc, "cards"))
                {
                    var v = (Dictionary<string, object>)o;
                    string text = S(v, "text");
                    Card c = Card.Parse(text);
                    T.Eq((int)N(v, "code"), (int)c.Code, "card " + text);
                    T.Eq(S(v, "display"), c.ToString(), "card " + text + " display");
                    T.Eq(S(v, "display"), Card.Format(new[] { c }), "card " + text + " formatted by the library");
                    T.Eq(c, Card.ParseHand(text, j2)[0], "card " + text + " under the rule set");
                    n++;
                }
                T.Check(n > 0, "card vectors");

                n = 0;
                foreach (object o in L(doc, "deals"))
                {
                    var v = (Dictionary<string, object>)o;
                    Rules r = rules[S(v, "rules")];
                    int players = (int)N(v, "players");
                    Card[][] hands = Dealer.Deal(r, players, (ulong)N(v, "seed"));
                    List<object> want = L(v, "hands");
                    T.Eq(want.Count, hands.Length, "deal " + n + ": seats");
                    for (int p = 0; p < hands.Length && p < want.Count; p++)
                    {
                        T.Eq(Text(Card.FromCodes(Codes(want[p]), r)), Text(hands[p]), "deal " + n + " seat " + p);
                    }
                    n++;
                }
                T.Check(n > 0, "deal vectors");

                n = 0;
                foreach (object o in L(doc, "lanes"))
                {
                    var v = (Dictionary<string, object>)o;
                    Rules r = rules[S(v, "rules")];
                    byte[] codes = Codes(v["codes"]);
                    PlayedLane lane = Evaluator.EvaluatePlayed(r, codes);
                    T.Eq((uint)N(v, "value"), lane.Rank.Value, "lane " + n + " value");
                    T.Eq((int)N(v, "category"), (int)lane.Rank.Category, "lane " + n + " category");
                    T.Eq(string.Join(",", Array.ConvertAll(Codes(v["played"]), x => x.ToString())), Text(lane.Played),
                        "lane " + n + " played");
                    T.Eq(lane.Rank, Evaluator.Evaluate(r, codes), "lane " + n + ": Evaluate agrees");
                    object text;
                    if (v.TryGetValue("text", out text))
                    {
                        T.Eq(Text(Card.FromCodes(codes, r)), Text(Card.ParseHand((string)text, r)), "lane " + n + " text");
                    }
                    n++;
                }
                T.Check(n > 0, "lane vectors");

                n = 0;
                int avoided = 0;
                foreach (object o in L(doc, "arrangements"))
                {
                    var v = (Dictionary<string, object>)o;
                    string name = S(v, "rules");
                    Rules r = rules[name];
                    Card[] front = Card.FromCodes(Codes(v["front"]), r);
                    Card[] middle = Card.FromCodes(Codes(v["middle"]), r);
                    Card[] back = Card.FromCodes(Codes(v["back"]), r);
                    PlayedArrangement e = Evaluator.CheckArrangementPlayed(r, front, middle, back);
                    string what = "arrangement " + n + " (" + name + ")";
                    T.Eq(B(v, "front_over_middle"), e.Eval.FrontOverMiddle, what + " front over middle");
                    T.Eq(B(v, "middle_over_back"), e.Eval.MiddleOverBack, what + " middle over back");
                    List<object> values = L(v, "values");
                    T.Check(values.Count == 3 && e.Eval.Front.Value == (uint)(double)values[0]
                        && e.Eval.Middle.Value == (uint)(double)values[1] && e.Eval.Back.Value == (uint)(double)values[2],
                        what + " values");
                    List<object> played = L(v, "played");
                    T.Check(played.Count == 3, what + " played lanes");
                    if (played.Count == 3)
                    {
                        T.Eq(string.Join(",", Array.ConvertAll(Codes(played[0]), x => x.ToString())), Text(e.Played.Front), what + " front played");
                        T.Eq(string.Join(",", Array.ConvertAll(Codes(played[1]), x => x.ToString())), Text(e.Played.Middle), what + " middle played");
                        T.Eq(string.Join(",", Array.ConvertAll(Codes(played[2]), x => x.ToString())), Text(e.Played.Back), what + " back played");
                    }
                    ArrangementEval plain = Evaluator.CheckArrangement(r, front, middle, back);
                    T.Check(plain.FoulBits == e.Eval.FoulBits && plain.Middle == e.Eval.Middle && plain.Front == e.Eval.Front
                        && plain.Back == e.Eval.Back, what + ": CheckArrangement agrees");
                    if (name.EndsWith("_avoid")) avoided++;
                    n++;
                }
                T.Check(n > 0 && avoided > 0, "arrangement vectors under both readings");

                n = 0;
                foreach (object o in L(doc, "specials"))
                {
                    var v = (Dictionary<string, object>)o;
                    Rules r = rules[S(v, "rules")];
                    SpecialDetection d = Specials.Detect(r, Card.FromCodes(Codes(v["codes"]), r));
                    object best = v["best"];
                    if (best == null)
                    {
                        T.Check(d.Best == null, "special " + n + ": none, got " + d);
                    }
                    else
                    {
                        T.Eq((string)best, d.Best == null ? "none" : d.Best.Value.Id(), "special " + n);
                    }
                    var all = (List<object>)v["all"];
                    T.Eq(all.Count, d.All.Count, "special " + n + ": every special made");
                    for (int k = 0; k < all.Count && k < d.All.Count; k++)
                        T.Eq((string)all[k], d.All[k].Id(), "special " + n + ": all[" + k + "]");
                    T.Eq(v["arrangement"] == null, d.Arrangement == null, "special " + n + ": arrangement");
                    n++;
                }
                T.Check(n > 0, "special vectors");

                n = 0;
                foreach (object o in L(doc, "rounds"))
                {
                    var v = (Dictionary<string, object>)o;
                    Rules r = rules[S(v, "rules")];
                    var seats = new List<PlayerHand>();
                    foreach (object s in L(v, "seats")) seats.Add(PlayerHand.Arranged(Card.FromCodes(Codes(s), r)));
                    using (Settlement settled = Settlement.Settle(r, seats))
                    {
                        List<object> totals = L(v, "totals");
                        T.Eq(totals.Count, settled.Totals.Count, "round " + n + " seats");
                        for (int i = 0; i < totals.Count && i < settled.Totals.Count; i++)
                        {
                            T.Eq((string)totals[i], settled.Totals[i].ToString(), "round " + n + " seat " + i);
                        }
                    }
                    n++;
                }
                T.Check(n > 0, "round vectors");

                n = 0;
                foreach (object o in L(doc, "arranged"))
                {
                    var v = (Dictionary<string, object>)o;
                    Rules r = rules[S(v, "rules")];
                    using (Arranger arranger = new Arranger(r, (int)N(v, "players")))
                    {
                        Arranged a = arranger.Arrange(Codes(v["codes"]));
                        string what = "arranged " + n + " (" + S(v, "rules") + ")";
                        T.Eq(string.Join(",", Array.ConvertAll(Codes(v["front"]), x => x.ToString())), Text(a.Arrangement.Front), what + " front");
                        T.Eq(string.Join(",", Array.ConvertAll(Codes(v["middle"]), x => x.ToString())), Text(a.Arrangement.Middle), what + " middle");
                        T.Eq(string.Join(",", Array.ConvertAll(Codes(v["back"]), x => x.ToString())), Text(a.Arrangement.Back), what + " back");
                        double want = N(v, "expected_water");
                        T.Check(Math.Abs(a.ExpectedWater - want) < 1e-6, what + ": expected water " + a.ExpectedWater + ", vector " + want);
                        T.Check(Math.Abs(arranger.ExpectedWater(a.Arrangement) - want) < 1e-6, what + ": ExpectedWater of the lanes");
                    }
                    n++;
                }
                T.Check(n > 0, "arranged vectors");

                n = 0;
                Dictionary<string, Type> types = ErrorTypes();
                foreach (object o in L(doc, "errors"))
                {
                    var v = (Dictionary<string, object>)o;
                    string kind = S(v, "kind");
                    Type want;
                    T.Check(types.TryGetValue(kind, out want), "error kind " + kind + " has an exception");
                    object at, json, text, codes;
                    string needle = v.TryGetValue("position", out at) ? "position " + (int)(double)at
                        : v.TryGetValue("path", out at) ? "`" + (string)at + "`" : null;
                    var attempts = new List<Action>();
                    if (v.TryGetValue("rules_json", out json))
                    {
                        attempts.Add(() => Rules.FromJson((string)json).Dispose());
                    }
                    else
                    {
                        Rules r = rules.ContainsKey(S(v, "rules")) ? rules[S(v, "rules")] : null;
                        if (r == null)
                        {
                            // A rule set named but not listed: a preset (classic).
                            r = Rules.Preset(S(v, "rules"));
                            rules[S(v, "rules") + "#preset"] = r;
                        }
                        if (v.TryGetValue("text", out text))
                        {
                            attempts.Add(() => Card.ParseHand((string)text, r));
                        }
                        else if (v.TryGetValue("codes", out codes))
                        {
                            byte[] c = Codes(codes);
                            attempts.Add(() => Card.Validate(c, r));
                            attempts.Add(() => Evaluator.Evaluate(r, c));
                        }
                    }
                    T.Check(attempts.Count > 0, "error " + n + " has an input");
                    foreach (Action attempt in attempts)
                    {
                        try
                        {
                            attempt();
                            T.Check(false, "error " + n + " (" + kind + "): nothing thrown");
                        }
                        catch (Exception e)
                        {
                            T.Check(want != null && e.GetType() == want, "error " + n + ": expected " + kind + ", got " + e.GetType().Name + ": " + e.Message);
                            var typed = e as ShisanshuiException;
                            T.Check(typed != null && Snake(typed.Status.ToString()) == kind, "error " + n + ": status " + (typed == null ? "-" : typed.Status.ToString()));
                            if (needle != null) T.Check(e.Message.Contains(needle), "error " + n + ": \"" + e.Message + "\" names " + needle);
                        }
                    }
                    n++;
                }
                T.Check(n > 0, "error vectors");
            }
            finally
            {
                foreach (Rules r in rules.Values) r.Dispose();
            }
        }

        private static string Snake(string pascal)
        {
            var sb = new System.Text.StringBuilder();
            foreach (char ch in pascal)
            {
                if (char.IsUpper(ch) && sb.Length > 0) sb.Append('_');
                sb.Append(char.ToLowerInvariant(ch));
            }
            return sb.ToString();
        }
    }
}
