// 理牌 hints with wild jokers (RULES.md §12) through the C# wrapper: Hints.Combos offers the
// combinations a joker makes, holds the joker in their Cards and the card it stands for in Played
// (worked out by hand from the engine's hints docs: a group's missing highest suit, a run's
// missing rank in ♠, the strongest flush); Arranger.Complete takes a joker
// fixed in a lane or left free, returns it in the lanes, and never a foul under the rule set's
// JokerLanes (RULES.md §12's example of the two readings; the library's own foul check). The
// engine's lists are proven against brute force in core/tests/joker_hints.rs. Compiled with
// Tests.cs, whose runner (T) it uses; Program.Main calls HintsJokersTests.Run.
using System;
using System.Collections.Generic;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class HintsJokersTests
    {
        // Ks Kd Qh 9s 8s 7s 6d 3c 2h SJ
        private static readonly byte[] Hand10 = { 47, 44, 42, 31, 27, 23, 16, 5, 2, 52 };
        // RULES.md §12's example: back K K 9 9 3, middle Q Q J 5 + joker.
        private static readonly byte[] Hand13 = { 47, 46, 31, 30, 5, 43, 42, 36, 13, 52, 8, 1, 22 };
        private static readonly byte[] Back = { 47, 46, 31, 30, 5 };
        private static readonly byte[] Middle = { 43, 42, 36, 13, 52 };

        internal static void Run()
        {
            string outer = T.Current;
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("hints with jokers: combos", Combos),
                new KeyValuePair<string, Action>("hints with jokers: complete", Complete),
            };
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

        private static Rules WithJokers(int jokers, JokerLanes lanes)
        {
            var rules = Rules.Preset("classic");
            rules.Jokers = jokers;
            rules.JokerLanes = lanes;
            return rules;
        }

        private static string Codes(IList<Card> cards)
        {
            var parts = new string[cards.Count];
            for (int i = 0; i < parts.Length; i++) parts[i] = cards[i].Code.ToString();
            return string.Join(",", parts);
        }

        private static void Combos()
        {
            using (Rules rules = WithJokers(2, JokerLanes.EachBest))
            {
                IList<Combo> pairs = Hints.Combos(Hand10, Category.OnePair, rules);
                T.Eq(8, pairs.Count, "the kings, and the joker with each other rank");
                T.Eq("47,44", Codes(pairs[0].Cards), "kings without the joker");
                T.Eq("52,42", Codes(pairs[1].Cards), "the joker and the queen");
                T.Check(pairs[1].Cards[0].IsJoker && pairs[1].FitsFront, "the joker is reported");
                // What the jokers stand for: in a pair, the highest suit the pair lacks (Qh + joker is
                // Qs Qh); the kings hold no joker and play as they are.
                T.Eq("47,44", Codes(pairs[0].Played), "kings as they are");
                T.Check(!pairs[0].HasJokers && pairs[1].HasJokers, "HasJokers");
                T.Eq("43,42", Codes(pairs[1].Played), "the joker as Q♠");
                T.Eq("19,16", Codes(pairs[5].Played), "the joker with 6♦ as 6♠");
                T.Eq("3,2", Codes(pairs[pairs.Count - 1].Played), "the joker with 2♥ as 2♠");
                foreach (Combo c in pairs) T.Eq(c.Cards.Count, c.Played.Count, "slot by slot");
                IList<Combo> aces = Hints.Combos(new byte[] { 51, 50, 44, 52 }, Category.OnePair, rules); // As Ah Kd SJ
                T.Eq(2, aces.Count, "aces, then the joker's kings");
                T.Eq("51,50", Codes(aces[0].Played), "the aces as they are");
                T.Eq("47,44", Codes(aces[1].Played), "the joker with K♦ as K♠");
                IList<Combo> jokersOnly = Hints.Combos(new byte[] { 53, 52 }, Category.OnePair, rules);
                T.Eq(13, jokersOnly.Count, "two jokers pair every rank");
                T.Eq("51,50", Codes(jokersOnly[0].Played), "aces: the big joker as A♠, the small as A♥");
                T.Eq("3,2", Codes(jokersOnly[12].Played), "twos");
                IList<Combo> trips = Hints.Combos(Hand10, Category.ThreeOfAKind, rules);
                T.Eq("46,47,44", Codes(trips[0].Played), "trips: the joker as K♥, the suit the kings lack");
                T.Eq(1, trips.Count, "trips");
                T.Eq("52,47,44", Codes(trips[0].Cards), "trips of kings with the joker");
                IList<Combo> flushes = Hints.Combos(Hand10, Category.Flush, rules);
                T.Eq("52,47,31,27,23", Codes(flushes[0].Cards), "the strongest flush");
                T.Eq("51,47,31,27,23", Codes(flushes[0].Played), "the flush's joker as A♠, as EvaluatePlayed reads the lane");
                IList<Combo> straights = Hints.Combos(Hand10, Category.Straight, rules);
                T.Eq(2, straights.Count, "6-7-8-9 with a T or a 5");
                T.Eq((byte)35, straights[0].Played[0].Code, "the joker as T♠ on top");
                T.Eq((byte)15, straights[1].Played[0].Code, "then as 5♠ below");
                // What the joker stands for, read as a lane: the ace of spades.
                PlayedLane lane = Evaluator.EvaluatePlayed(rules, flushes[0].Cards);
                T.Eq("51,47,31,27,23", Codes(lane.Played), "the joker as A♠");
                IList<Combo> five = Hints.Combos(new byte[] { 51, 50, 49, 48, 52, 1 }, Category.FiveOfAKind, rules);
                T.Eq(1, five.Count, "five of a kind");
                T.Eq("52,51,50,49,48", Codes(five[0].Cards), "four aces and the joker");
                T.Eq(0, Hints.Combos(new byte[] { 51, 50, 49, 48, 1 }, Category.FiveOfAKind, rules).Count, "none without a joker");
            }
            using (Rules none = WithJokers(0, JokerLanes.EachBest))
            {
                // Without jokers the played cards are the cards.
                foreach (Category cat in new[] { Category.OnePair, Category.Straight, Category.Flush, Category.FullHouse })
                {
                    foreach (Combo c in Hints.Combos("Ks Kh Kd 9s 9c 5h 6h 7h 8h 4h 2d 3d Ad", cat, none))
                    {
                        T.Eq(Codes(c.Cards), Codes(c.Played), "no joker: " + c);
                        T.Check(!c.HasJokers, "no joker: HasJokers");
                    }
                }
                try
                {
                    Hints.Combos(Hand10, Category.OnePair, none);
                    T.Check(false, "a joker the deck lacks: nothing thrown");
                }
                catch (ShisanshuiException e)
                {
                    T.Check(e.Message.Contains("52"), "a joker the deck lacks: " + e.Message);
                }
            }
        }

        private static void Complete()
        {
            foreach (JokerLanes mode in new[] { JokerLanes.EachBest, JokerLanes.AvoidFoul })
            {
                using (Rules rules = WithJokers(2, mode))
                using (var arranger = new Arranger(rules, 4))
                {
                    try
                    {
                        Arranged both = arranger.Complete(Hand13, null, Middle, Back);
                        T.Check(mode == JokerLanes.AvoidFoul, mode + ": legal only under avoid_foul");
                        T.Eq((byte)52, both.Arrangement.Middle[0].Code, "the joker stays in the middle");
                        T.Eq(Category.TwoPair, both.Categories[1], "the middle is two pair");
                        PlayedArrangement p = Evaluator.CheckArrangementPlayed(rules, both.Arrangement.Cards());
                        T.Check(!p.IsFoul && p.Played.Middle[0].Rank == Rank.Jack, "the joker as a jack: " + p);
                    }
                    catch (NoLegalArrangementException)
                    {
                        T.Check(mode == JokerLanes.EachBest, mode + ": each_best fouls");
                    }
                    foreach (var fixedLanes in new[] { new[] { null, null, Back }, new[] { new byte[] { 52, 8, 1 }, null, null } })
                    {
                        Arranged done = arranger.Complete(Hand13, fixedLanes[0], fixedLanes[1], fixedLanes[2]);
                        Card[] cards = done.Arrangement.Cards();
                        var got = new List<byte>();
                        foreach (Card c in cards) got.Add(c.Code);
                        got.Sort();
                        var want = new List<byte>(Hand13);
                        want.Sort();
                        T.Eq(string.Join(",", want), string.Join(",", got), mode + ": the hand's cards");
                        T.Check(!Evaluator.CheckArrangement(rules, cards).IsFoul, mode + ": legal");
                        T.Check(Math.Abs(done.ExpectedWater - arranger.ExpectedWater(done.Arrangement)) < 1e-12, "water");
                    }
                    try
                    {
                        arranger.Complete(Hand13, null, new byte[] { 43, 42, 36, 13, 53 }, null);
                        T.Check(false, "a joker the hand lacks: nothing thrown");
                    }
                    catch (CardNotInHandException e)
                    {
                        T.Check(e.Message.Contains("BJ"), "a joker the hand lacks: " + e.Message);
                    }
                }
            }
        }
    }
}
