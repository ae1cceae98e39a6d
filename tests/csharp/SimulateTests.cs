// Simulation through the C# wrapper (Runtime/Simulate.cs): a run replayed round by round with the
// one-hand calls (the documented round seed, Dealer.Deal, Arranger.Arrange, Settlement.Settle; at a
// banker room the arrangers of each role and the banker's settlement), the same report on 1 and 2
// threads, money conserved, the runs of tests/vectors/simulate.json (banker rooms, money, shards)
// reported as Rust and Python report them, and bad configurations refused with typed exceptions.
// Compiled with Tests.cs; Program.Main calls Run.
using System;
using System.Collections.Generic;
using System.Text;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class SimulateTests
    {
        internal static void Run(string evalPath)
        {
            Replay("classic", 4, 30, 5);
            Replay("kx", 3, 40, 8);
            Replay("kx", 4, 30, 8, 1);
            MoneyAndErrors();
            string dir = System.IO.Path.GetDirectoryName(evalPath);
            SharedVectors(string.IsNullOrEmpty(dir) ? "." : dir);
        }

        private static Dictionary<string, object> O(object o) { return (Dictionary<string, object>)o; }

        private static List<object> L(object o) { return (List<object>)o; }

        /// <summary>tests/vectors/simulate.json: each run configured from its record reports the engine's figures;
        /// each refused configuration throws InvalidTableException.</summary>
        private static void SharedVectors(string dir)
        {
            var doc = O(Json.Parse(System.IO.File.ReadAllText(System.IO.Path.Combine(dir, "simulate.json"), Encoding.UTF8)));
            T.Eq(1.0, (double)doc["version"], "simulate vector version");
            var runs = L(doc["runs"]);
            int bankers = 0;
            foreach (object o in runs)
            {
                var v = O(o);
                string name = (string)v["name"];
                int players = (int)(double)v["players"];
                var config = new SimConfig(players, (long)(double)v["rounds"], (ulong)(double)v["seed"])
                {
                    FirstRound = (ulong)(double)v["first_round"],
                    DeclareSpecials = (bool)v["specials"],
                };
                if (v["banker"] != null)
                {
                    config.Banker = (int)(double)v["banker"];
                    bankers++;
                }
                var policies = L(v["policies"]);
                config.Policies = new Policy[policies.Count];
                for (int i = 0; i < policies.Count; i++)
                {
                    string p = (string)policies[i];
                    config.Policies[i] = p == "greedy" ? Policy.Greedy : p == "product" ? Policy.Product : Policy.Arranger;
                }
                if (v["stakes"] != null)
                {
                    var stakes = O(v["stakes"]);
                    var rake = L(stakes["rake"]);
                    config.BaseStake = (long)(double)stakes["base"];
                    config.Rake = new Rake((long)(double)rake[0], (long)(double)rake[1]);
                    if (stakes["carries"] != null)
                    {
                        var carries = L(stakes["carries"]);
                        config.Carries = new long[carries.Count];
                        for (int i = 0; i < carries.Count; i++) config.Carries[i] = (long)(double)carries[i];
                    }
                }
                SimReport r;
                using (var rules = Rules.FromJson((string)v["rules_json"]))
                {
                    r = Simulation.Run(rules, config);
                }
                T.Eq((long)(double)v["hands"], r.Hands, name + ": hands");
                T.Eq((long)(double)v["declared"], r.Declared, name + ": declared");
                T.Eq((long)(double)v["fouls"], r.Fouls, name + ": fouls");
                T.Eq((long)(double)v["shots"], r.Shots, name + ": shots");
                T.Eq((long)(double)v["home_runs"], r.HomeRuns, name + ": home runs");
                var means = L(v["seat_means"]);
                bool same = means.Count == r.Seats.Length;
                for (int p = 0; same && p < players; p++) same &= Math.Abs(r.Seats[p].Mean - (double)means[p]) < 1e-9;
                T.Check(same, name + ": every seat's mean water");
                T.Check(Math.Abs(r.Swing.Mean - (double)v["swing_mean"]) < 1e-9, name + ": the swing");
                if (v["money_seat_means"] == null)
                {
                    T.Check(!r.HasMoney, name + ": no money");
                }
                else
                {
                    var money = L(v["money_seat_means"]);
                    bool m = r.HasMoney && money.Count == r.MoneySeats.Length;
                    for (int p = 0; m && p < players; p++) m &= Math.Abs(r.MoneySeats[p].Mean - (double)money[p]) < 1e-9;
                    T.Check(m, name + ": money per seat");
                    T.Eq((long)(double)v["total_rake"], r.TotalRake, name + ": rake");
                    T.Eq((long)(double)v["total_house"], r.TotalHouse, name + ": house");
                }
            }
            T.Check(bankers >= 4, "simulate.json has banker rooms");
            foreach (object o in L(doc["errors"]))
            {
                var v = O(o);
                using (var rules = Rules.FromJson((string)v["rules_json"]))
                {
                    var config = new SimConfig((int)(double)v["players"], 5, 1);
                    if (v["banker"] != null) config.Banker = (int)(double)v["banker"];
                    T.Eq("invalid_table", (string)v["kind"], "a refused configuration's kind");
                    T.Throws<InvalidTableException>(() => Simulation.Run(rules, config), null, "refused: " + (string)v["rules_json"]);
                }
            }
            using (var rules = Rules.Preset("classic"))
            {
                T.Throws<ArgumentOutOfRangeException>(() => Simulation.Run(rules, new SimConfig(4, 5, 1) { Banker = -1 }), null,
                    "a negative banker seat");
            }
        }

        /// <summary>SplitMix64 of seed + (round + 1) · 0x9E3779B97F4A7C15, as documented.</summary>
        private static ulong RoundSeed(ulong seed, ulong round)
        {
            unchecked
            {
                ulong z = seed + (round + 1) * 0x9E3779B97F4A7C15UL;
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
                z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
                return z ^ (z >> 31);
            }
        }

        /// <summary>Replay a run round by round; with a banker seat, the preset as a banker room.</summary>
        private static void Replay(string preset, int players, int rounds, ulong seed, int? banker = null)
        {
            using (var rules = Rules.Preset(preset))
            {
                if (banker != null) rules.Table = Table.Banker;
                using (var arranger = new Arranger(rules, players, Role.Player))
                using (var bankerArranger = banker != null ? new Arranger(rules, players, Role.Banker) : null)
                {
                    ReplayWith(rules, arranger, bankerArranger, preset, players, rounds, seed, banker);
                }
            }
        }

        private static void ReplayWith(Rules rules, Arranger arranger, Arranger bankerArranger, string preset, int players, int rounds,
            ulong seed, int? banker)
        {
            {
                var config = new SimConfig(players, rounds, seed) { DeclareSpecials = false, Banker = banker };
                SimReport report = Simulation.Run(rules, config);
                var sums = new long[players];
                long swing = 0;
                for (int r = 0; r < rounds; r++)
                {
                    Card[][] dealt = Dealer.Deal(players, RoundSeed(seed, (ulong)r));
                    var table = new PlayerHand[players];
                    for (int p = 0; p < players; p++)
                    {
                        Arranger a = p == banker ? bankerArranger : arranger;
                        table[p] = PlayerHand.Arranged(a.Arrange(dealt[p]).Arrangement);
                    }
                    using (Settlement s = Settlement.Settle(rules, table, banker))
                    {
                        for (int p = 0; p < players; p++)
                        {
                            long t = s.Totals[p].Units;
                            sums[p] += t;
                            swing += Math.Max(t, 0);
                        }
                    }
                }
                T.Eq((long)rounds, report.Rounds, preset + " rounds");
                T.Eq((long)rounds * players, report.Hands, preset + " hands");
                T.Eq(players, report.Seats.Length, preset + " seats");
                T.Eq(0L, report.Declared, preset + " nobody declares");
                bool means = true;
                for (int p = 0; p < players; p++) means &= Math.Abs(report.Seats[p].Mean - sums[p] / (double)Water.Denominator / rounds) < 1e-9;
                T.Check(means, preset + ": every seat's mean water is the replay's");
                T.Check(Math.Abs(report.Swing.Mean - swing / (double)Water.Denominator / rounds) < 1e-9, preset + ": the swing is the replay's");
                T.Check(Math.Abs(report.Water.Mean) < 1e-9, preset + ": water sums to zero");
                T.Check(!report.HasMoney && report.MoneySeats == null, preset + ": no money");
                config.Threads = 2;
                T.Eq(report.Json, Simulation.Run(rules, config).Json, preset + ": the same report on 2 threads");
                T.Check(report.Json.Contains("\"swing\""), preset + ": the JSON is the whole report");
            }
        }

        private static void MoneyAndErrors()
        {
            using (var rules = Rules.Preset("classic"))
            {
                var config = new SimConfig(4, 200, 3)
                {
                    Policies = new[] { Policy.Arranger, Policy.Greedy, Policy.Product, Policy.Greedy },
                    BaseStake = 100,
                    Rake = Rake.Percent(5),
                };
                SimReport report = Simulation.Run(rules, config);
                T.Check(report.HasMoney && report.MoneySeats.Length == 4, "money reported");
                double seats = 0;
                foreach (SimStat s in report.MoneySeats) seats += s.Mean;
                T.Check(Math.Abs(seats * 200 + report.TotalHouse) < 1e-6, "money conserved: seats and house");
                T.Check(report.TotalRake > 0, "rake taken");
                T.Check(report.Seats[0].Mean > report.Seats[1].Mean, "the arranger beats greedy");
                T.Check(report.Specials.Count == 13, "classic enables 13 specials");
                long made = 0;
                foreach (SimSpecial s in report.Specials) made += s.Made;
                T.Check(report.Declared <= made, "declared specials were made");
                T.Eq(Special.SupremeDragon, report.Specials[0].Special, "the highest special first");
                // Lanes by category: each lane of every hand that played lanes without fouling, once.
                T.Eq(10, report.Lanes.Count, "one lane entry per category");
                long front = 0, middle = 0, back = 0;
                for (int c = 0; c < report.Lanes.Count; c++)
                {
                    SimLanes l = report.Lanes[c];
                    T.Eq((Category)c, l.Category, "lanes in category order");
                    T.Check(Math.Abs(l.HandRate - (double)l.HandsWith / report.Hands) < 1e-12, "lanes: hand rate");
                    front += l.Front; middle += l.Middle; back += l.Back;
                }
                long played = report.Hands - report.Fouls - report.Declared;
                T.Check(front == played && middle == played && back == played,
                    "lanes: " + front + " " + middle + " " + back + " of " + played + " hands played");
                T.Check(report.Json.Contains("\"lanes\""), "the JSON holds the lanes");

                T.Throws<InvalidTableException>(() => Simulation.Run(rules, new SimConfig(5, 10, 1)), "players", "five seats");
                T.Throws<InvalidArgumentException>(() => Simulation.Run(rules, new SimConfig(4, 0, 1)), "rounds", "no rounds");
                T.Throws<InvalidArgumentException>(
                    () => Simulation.Run(rules, new SimConfig(4, 10, 1) { Policies = new[] { Policy.Greedy, Policy.Product } }),
                    "2 policies", "two policies at four seats");
                T.Throws<InvalidArgumentException>(
                    () => Simulation.Run(rules, new SimConfig(4, 10, 1) { Policies = new[] { (Policy)9 } }), "unknown policy 9",
                    "an unknown policy");
                T.Throws<InvalidMoneyException>(
                    () => Simulation.Run(rules, new SimConfig(4, 10, 1) { BaseStake = 100, Rake = new Rake(3, 2) }), "rake",
                    "a rake over 100%");
                T.Throws<InvalidMoneyException>(
                    () => Simulation.Run(rules, new SimConfig(4, 10, 1) { BaseStake = -5 }), null, "a negative stake");
                T.Throws<ArgumentException>(() => Simulation.Run(rules, new SimConfig(4, 10, 1) { Carries = new long[] { 1, 2, 3, 4 } }),
                    "BaseStake", "carries without money");
                T.Throws<ArgumentNullException>(() => Simulation.Run(null, new SimConfig(4, 10, 1)), null, "null rules");
                T.Throws<ArgumentNullException>(() => Simulation.Run(rules, null), null, "null config");
                T.Throws<ArgumentOutOfRangeException>(() => Simulation.Run(rules, new SimConfig(4, -1, 1)), null, "negative rounds");
            }
            var disposed = Rules.Preset("classic");
            disposed.Dispose();
            T.Throws<ObjectDisposedException>(() => Simulation.Run(disposed, new SimConfig(4, 10, 1)), null, "disposed rules");
        }

        // Shards (SimConfig.FirstRound) merge into the one-run report, every figure; shards that do not fit throw.
        internal static void Shards()
        {
            using (var rules = Rules.Preset("kx"))
            {
                Func<ulong, long, SimConfig> config = (first, rounds) => new SimConfig(3, rounds, 12)
                {
                    FirstRound = first,
                    Policies = new[] { Policy.Greedy, Policy.Product, Policy.Arranger },
                    BaseStake = 100,
                    Rake = new Rake(5, 100),
                };
                SimReport whole = Simulation.Run(rules, config(0, 150));
                SimReport a = Simulation.Run(rules, config(0, 40));
                SimReport b = Simulation.Run(rules, config(40, 60));
                SimReport c = Simulation.Run(rules, config(100, 50));
                T.Eq(40UL, b.FirstRound, "a shard's first round");
                T.Eq(whole.Json, SimReport.Merge(c, a, b).Json, "three shards in any order");
                T.Eq(whole.Json, a.Merge(b).Merge(c).Json, "merged one by one");
                T.Eq(whole.Json, c.Merge(b.Merge(a)).Json, "merged from the end");
                T.Eq(whole.State, SimReport.Merge(c, a, b).State, "the merged state");
                T.Eq(0UL, SimReport.Merge(b, a).FirstRound, "the merged first round");
                T.Eq(b.Json, SimReport.FromState(b.State).Json, "a report rebuilt from its state");
                T.Eq(b.Json, SimReport.Merge(new[] { b }).Json, "one report merged alone");
                SimReport late = Simulation.Run(rules, config(1UL << 40, 20));
                T.Eq(1UL << 40, late.FirstRound, "a first round far into the run");

                T.Throws<InvalidArgumentException>(() => a.Merge(a), "overlap", "a report with itself");
                T.Throws<InvalidArgumentException>(() => a.Merge(c), "in no report", "a gap");
                T.Throws<InvalidArgumentException>(() => SimReport.Merge(a, b, Simulation.Run(rules, config(90, 20))), "overlap",
                    "overlapping shards");
                SimConfig reseeded = config(40, 60);
                reseeded.Seed = 13;
                T.Throws<InvalidArgumentException>(() => a.Merge(Simulation.Run(rules, reseeded)), "seed differs", "another seed");
                SimConfig water = config(40, 60);
                water.BaseStake = null;
                water.Rake = null;
                T.Throws<InvalidArgumentException>(() => a.Merge(Simulation.Run(rules, water)), "stakes differ", "other stakes");
                T.Throws<InvalidArgumentException>(() => Simulation.Run(rules, config(ulong.MaxValue - 5, 10)), "past",
                    "a last round past 2^64 - 1");
                T.Throws<InvalidArgumentException>(() => SimReport.FromState("{}"), "not a simulation state", "a bad state");
                T.Throws<ArgumentNullException>(() => a.Merge((SimReport)null), null, "merge with null");
                T.Throws<ArgumentNullException>(() => SimReport.Merge(a, null), null, "a null shard");
                T.Throws<ArgumentException>(() => SimReport.Merge(), "no reports", "nothing to merge");
            }
        }
    }
}
