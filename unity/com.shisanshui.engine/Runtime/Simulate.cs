// Seeded simulation (the C ABI's sss_simulate): many rounds under a rule set with the engine's
// arranger or a baseline at every seat, and what the table saw. The report is read whole when the
// run ends (its JSON and its mergeable state too), so it holds no native memory and needs no
// Dispose. Shards of a run (SimConfig.FirstRound, sss_simulate_shard) merge exactly
// (SimReport.Merge, sss_sim_report_merge) into the report of one run of all their rounds.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Shisanshui
{
    /// <summary>Who plays a seat in a simulation.</summary>
    public enum Policy : uint
    {
        /// <summary>The engine's auto-arranger, declaring specials per its advice.</summary>
        Arranger = 0,
        /// <summary>Strongest five to the back, then the middle; declares every special.</summary>
        Greedy = 1,
        /// <summary>The legal split with the largest product of lane ranks; declares every special.</summary>
        Product = 2,
    }

    /// <summary>What to simulate: <see cref="Rounds"/> seeded rounds at <see cref="Players"/> seats.</summary>
    public sealed class SimConfig
    {
        /// <summary>The arranger at every seat, specials declared, no money, one thread.</summary>
        public SimConfig(int players, long rounds, ulong seed)
        {
            Players = players;
            Rounds = rounds;
            Seed = seed;
            Threads = 1;
            DeclareSpecials = true;
        }

        /// <summary>Seats at the table, 2 to <see cref="Rules.MaxPlayers"/> (up to 8 with extra suits).</summary>
        public int Players { get; set; }

        /// <summary>Rounds to play, 1 to 2^32.</summary>
        public long Rounds { get; set; }

        /// <summary>Round i is the deal of a seed mixed from this one and i (as <c>sss deal --seed S --round I</c>).</summary>
        public ulong Seed { get; set; }

        /// <summary>The first round played: the run plays rounds FirstRound to FirstRound + Rounds − 1 of the run
        /// (a shard; reports of adjacent shards merge with <see cref="SimReport.Merge(SimReport)"/>). 0 by default.</summary>
        public ulong FirstRound { get; set; }

        /// <summary>Null or empty: the arranger at every seat; one policy for every seat; or one per seat.</summary>
        public Policy[] Policies { get; set; }

        /// <summary>Worker threads, 0 for one per core. The figures do not depend on it.</summary>
        public int Threads { get; set; }

        /// <summary>Whether seats declare specials (the arranger per its advice, baselines always).</summary>
        public bool DeclareSpecials { get; set; }

        /// <summary>The banker's seat (0-based) in a banker room (<see cref="Rules.Table"/> is
        /// <see cref="Table.Banker"/>), the same seat every round: the arranger plays it as the banker and the
        /// other seats as players. Null (the default) at an all-pairs table, where a seat here is an
        /// InvalidTableException, as a banker room without one is.</summary>
        public int? Banker { get; set; }

        /// <summary>Minor units per water point; null reports water only (no money).</summary>
        public long? BaseStake { get; set; }

        /// <summary>The house's cut of positive results (with <see cref="BaseStake"/>); null for none.</summary>
        public Rake? Rake { get; set; }

        /// <summary>Each seat's carry in minor units (with <see cref="BaseStake"/>); null for no caps.</summary>
        public long[] Carries { get; set; }
    }

    /// <summary>Count, mean, sample standard deviation and the 95% interval of the mean of one quantity per round.</summary>
    public struct SimStat
    {
        internal SimStat(NativeSimStat s)
        {
            Count = (long)s.count;
            Mean = s.mean;
            StandardDeviation = s.sd;
            Ci95Low = s.ci95_low;
            Ci95High = s.ci95_high;
        }

        public long Count { get; private set; }
        public double Mean { get; private set; }
        public double StandardDeviation { get; private set; }
        public double Ci95Low { get; private set; }
        public double Ci95High { get; private set; }

        public override string ToString()
        {
            return string.Format(System.Globalization.CultureInfo.InvariantCulture, "{0:F4} ± {1:F4} (n = {2})", Mean,
                StandardDeviation, Count);
        }
    }

    /// <summary>How often one special was made and declared in a run.</summary>
    public struct SimSpecial
    {
        public Special Special { get; internal set; }
        public int Water { get; internal set; }
        public long Made { get; internal set; }
        public long Declared { get; internal set; }
        /// <summary>Made per hand played.</summary>
        public double MadeRate { get; internal set; }
    }

    /// <summary>The lanes of one category a run played: lanes of hands that played lanes and did
    /// not foul, valued as settlement values them (jokers at what they stand for).</summary>
    public struct SimLanes
    {
        public Category Category { get; internal set; }
        public long Front { get; internal set; }
        public long Middle { get; internal set; }
        public long Back { get; internal set; }
        /// <summary>Hands with at least one lane of the category.</summary>
        public long HandsWith { get; internal set; }
        /// <summary>HandsWith per hand played.</summary>
        public double HandRate { get; internal set; }
    }

    /// <summary>What a simulated run saw (<see cref="Simulation.Run"/>).</summary>
    public sealed class SimReport
    {
        internal SimReport(NativeSimSummary s, ulong firstRound, SimSpecial[] specials, SimLanes[] lanes, string json,
            string state)
        {
            Rounds = (long)s.rounds;
            FirstRound = firstRound;
            State = state;
            Hands = (long)s.hands;
            Declared = (long)s.declared;
            Fouls = (long)s.fouls;
            Shots = (long)s.shots;
            HomeRuns = (long)s.home_runs;
            Players = (int)s.players;
            var all = new[] { s.seat0, s.seat1, s.seat2, s.seat3, s.seat4, s.seat5, s.seat6, s.seat7 };
            var money = new[] { s.money0, s.money1, s.money2, s.money3, s.money4, s.money5, s.money6, s.money7 };
            Seats = new SimStat[Players];
            for (int i = 0; i < Players; i++) Seats[i] = new SimStat(all[i]);
            Water = new SimStat(s.water);
            Swing = new SimStat(s.swing);
            HasMoney = s.has_money != 0;
            if (HasMoney)
            {
                MoneySeats = new SimStat[Players];
                for (int i = 0; i < Players; i++) MoneySeats[i] = new SimStat(money[i]);
                RakePerRound = new SimStat(s.rake);
                HousePerRound = new SimStat(s.house);
                TotalRake = s.total_rake;
                TotalHouse = s.total_house;
            }
            Specials = Array.AsReadOnly(specials);
            Lanes = Array.AsReadOnly(lanes);
            Json = json;
        }

        public long Rounds { get; private set; }
        /// <summary>The first round played: the report covers rounds FirstRound to FirstRound + Rounds − 1.</summary>
        public ulong FirstRound { get; private set; }
        /// <summary>The mergeable state (configuration, round range and exact tallies) as compact JSON: what
        /// <see cref="FromState"/> reads, to carry a report between processes.</summary>
        public string State { get; private set; }
        /// <summary>Rounds × players.</summary>
        public long Hands { get; private set; }
        /// <summary>Hands that declared a special.</summary>
        public long Declared { get; private set; }
        /// <summary>Hands that fouled.</summary>
        public long Fouls { get; private set; }
        /// <summary>Shots (one per shooter and victim).</summary>
        public long Shots { get; private set; }
        /// <summary>Rounds with a home run.</summary>
        public long HomeRuns { get; private set; }
        public int Players { get; private set; }
        /// <summary>Each seat's water per round.</summary>
        public SimStat[] Seats { get; private set; }
        /// <summary>Every seat's water per round, together.</summary>
        public SimStat Water { get; private set; }
        /// <summary>The water that changed hands per round.</summary>
        public SimStat Swing { get; private set; }
        /// <summary>Whether the run settled money (the money properties are empty otherwise).</summary>
        public bool HasMoney { get; private set; }
        /// <summary>Each seat's amount per round, in minor units (null without money).</summary>
        public SimStat[] MoneySeats { get; private set; }
        public SimStat RakePerRound { get; private set; }
        /// <summary>The house's share per round (rake and rounding).</summary>
        public SimStat HousePerRound { get; private set; }
        public long TotalRake { get; private set; }
        public long TotalHouse { get; private set; }
        /// <summary>Every special the rule set enables, highest first.</summary>
        public IList<SimSpecial> Specials { get; private set; }
        /// <summary>The lanes played, one entry per category from high card to five of a kind.</summary>
        public IList<SimLanes> Lanes { get; private set; }
        /// <summary>The whole report as pretty-printed JSON (quantiles and histograms included).</summary>
        public string Json { get; private set; }

        /// <summary>
        /// A new report: this one merged with <paramref name="other"/>, the report of the adjacent round range of the
        /// same run (before or after this one). Every figure equals the report of one run of both ranges.
        /// InvalidArgumentException when the reports are of different runs (the message names what differs) or
        /// their ranges overlap or leave a gap.
        /// </summary>
        public SimReport Merge(SimReport other)
        {
            if (other == null)
            {
                throw new ArgumentNullException("other");
            }
            return MergeAll(new[] { this, other });
        }

        /// <summary>
        /// The report of shards of one run given in any order (disjoint round ranges that together are
        /// contiguous): equal, every figure, to one run of all their rounds. ArgumentException for no reports,
        /// ArgumentNullException for a null one, InvalidArgumentException for shards that do not fit.
        /// </summary>
        public static SimReport Merge(params SimReport[] reports)
        {
            if (reports == null)
            {
                throw new ArgumentNullException("reports");
            }
            if (reports.Length == 0)
            {
                throw new ArgumentException("no reports to merge", "reports");
            }
            foreach (SimReport r in reports)
            {
                if (r == null)
                {
                    throw new ArgumentNullException("reports", "a report to merge is null");
                }
            }
            return MergeAll(reports);
        }

        /// <summary>The report whose <see cref="State"/> is <paramref name="state"/>, checked
        /// (InvalidArgumentException for a malformed state; the rule set's and stakes' own errors).</summary>
        public static SimReport FromState(string state)
        {
            using (SimReportHandle h = Simulation.FromState(state))
            {
                return Simulation.Read(h);
            }
        }

        private static SimReport MergeAll(SimReport[] reports)
        {
            // In round order, so each merge adds the adjacent range (the engine checks that it is).
            var sorted = (SimReport[])reports.Clone();
            Array.Sort(sorted, (a, b) => a.FirstRound.CompareTo(b.FirstRound));
            using (SimReportHandle into = Simulation.FromState(sorted[0].State))
            {
                for (int i = 1; i < sorted.Length; i++)
                {
                    using (SimReportHandle other = Simulation.FromState(sorted[i].State))
                    {
                        int st = Native.sss_sim_report_merge(into, other);
                        if (st != Native.Ok)
                        {
                            throw ShisanshuiException.ForStatus(st, Native.LastErrorMessage());
                        }
                    }
                }
                return Simulation.Read(into);
            }
        }
    }

    /// <summary>Seeded simulation of whole rounds (the same figures as Rust's <c>simulate::run</c> and Python's
    /// <c>shisanshui.simulate</c>).</summary>
    public static class Simulation
    {
        /// <summary>Most seats a simulation has (SSS_MAX_SEATS): per-seat policies and carries.</summary>
        private const int MaxSeats = 8;

        /// <summary>
        /// Play the configured rounds and report what the table saw. InvalidTableException (players; a banker
        /// room without <see cref="SimConfig.Banker"/>, a banker seat not at the table or at an all-pairs table),
        /// InvalidArgumentException (rounds, policies, threads), InvalidMoneyException (stakes, rake, carries).
        /// </summary>
        public static SimReport Run(Rules rules, SimConfig config)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            if (config == null)
            {
                throw new ArgumentNullException("config");
            }
            if (config.Players < 0 || config.Rounds < 0 || config.Threads < 0 || config.Banker < 0)
            {
                throw new ArgumentOutOfRangeException("config", "players, rounds, threads and the banker seat are never negative");
            }
            Policy[] policies = config.Policies ?? new Policy[0];
            if (policies.Length > MaxSeats)
            {
                throw new ArgumentException("more than 8 policies (one per seat at most)", "config");
            }
            long[] carries = config.Carries ?? new long[0];
            if (carries.Length > MaxSeats)
            {
                throw new ArgumentException("more than 8 carries (one per seat at most)", "config");
            }
            if (carries.Length > 0 && config.BaseStake == null)
            {
                throw new ArgumentException("carries need a BaseStake", "config");
            }
            var p = new uint[MaxSeats];
            for (int i = 0; i < policies.Length; i++) p[i] = (uint)policies[i];
            var c = new long[MaxSeats];
            Array.Copy(carries, c, carries.Length);
            Rake rake = config.Rake ?? Shisanshui.Rake.None;
            var native = new NativeSimConfig
            {
                rounds = (ulong)config.Rounds,
                seed = config.Seed,
                players = (uint)config.Players,
                policy_count = (uint)policies.Length,
                policy0 = p[0], policy1 = p[1], policy2 = p[2], policy3 = p[3],
                policy4 = p[4], policy5 = p[5], policy6 = p[6], policy7 = p[7],
                threads = (uint)config.Threads,
                declare_specials = (byte)(config.DeclareSpecials ? 1 : 0),
                has_banker = (byte)(config.Banker != null ? 1 : 0),
                banker = (uint)(config.Banker ?? 0),
                with_money = (byte)(config.BaseStake != null ? 1 : 0),
                stakes = new NativeStakes
                {
                    base_stake = config.BaseStake ?? 1,
                    rake_numerator = rake.Numerator,
                    rake_denominator = rake.Denominator,
                },
                carry_count = (uint)carries.Length,
                carry0 = c[0], carry1 = c[1], carry2 = c[2], carry3 = c[3],
                carry4 = c[4], carry5 = c[5], carry6 = c[6], carry7 = c[7],
            };
            SimReportHandle made;
            int st = Native.sss_simulate_shard(rules.Handle, ref native, config.FirstRound, out made);
            if (st != Native.Ok)
            {
                string message = Native.LastErrorMessage();
                made.Dispose();
                throw ShisanshuiException.ForStatus(st, message);
            }
            using (made)
            {
                return Read(made);
            }
        }

        /// <summary>A native report from its state text (the caller disposes it).</summary>
        internal static SimReportHandle FromState(string state)
        {
            byte[] bytes = Native.Utf8(state, "state");
            SimReportHandle made;
            int st = Native.sss_sim_report_from_state(bytes, Native.Len(bytes), out made);
            if (st != Native.Ok)
            {
                string message = Native.LastErrorMessage();
                made.Dispose();
                throw ShisanshuiException.ForStatus(st, message);
            }
            return made;
        }

        /// <summary>Everything of a native report, read whole.</summary>
        internal static SimReport Read(SimReportHandle made)
        {
            NativeSimSummary s;
            Native.Check(Native.sss_sim_report_summary(made, out s));
            var specials = new SimSpecial[s.special_count];
            for (int i = 0; i < specials.Length; i++)
            {
                NativeSimSpecial n;
                Native.Check(Native.sss_sim_report_special(made, (UIntPtr)i, out n));
                specials[i] = new SimSpecial
                {
                    Special = (Special)n.special,
                    Water = checked((int)n.water),
                    Made = (long)n.made,
                    Declared = (long)n.declared,
                    MadeRate = n.made_rate,
                };
            }
            var lanes = new SimLanes[10];
            for (int c = 0; c < lanes.Length; c++)
            {
                NativeSimLanes n;
                Native.Check(Native.sss_sim_report_lanes(made, (uint)c, out n));
                lanes[c] = new SimLanes
                {
                    Category = (Category)n.category,
                    Front = (long)n.front,
                    Middle = (long)n.middle,
                    Back = (long)n.back,
                    HandsWith = (long)n.hands_with,
                    HandRate = n.hand_rate,
                };
            }
            string json = Native.CopyString((byte[] b, UIntPtr cap, out UIntPtr l) => Native.sss_sim_report_to_json(made, b, cap, out l));
            string state = Native.CopyString((byte[] b, UIntPtr cap, out UIntPtr l) => Native.sss_sim_report_to_state(made, b, cap, out l));
            ulong first;
            Native.Check(Native.sss_sim_report_first_round(made, out first));
            return new SimReport(s, first, specials, lanes, json, state);
        }
    }

    /// <summary>Owns one SssSimReport*; frees it exactly once.</summary>
    internal sealed class SimReportHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public SimReportHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.sss_sim_report_free(handle);
            return true;
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSimConfig
    {
        public ulong rounds;
        public ulong seed;
        public uint players;
        public uint policy_count;
        public uint policy0, policy1, policy2, policy3, policy4, policy5, policy6, policy7;
        public uint threads;
        public byte declare_specials;
        public byte with_money;
        public byte has_banker;
        public byte reserved0;
        public NativeStakes stakes;
        public uint carry_count;
        public uint banker;
        public long carry0, carry1, carry2, carry3, carry4, carry5, carry6, carry7;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSimStat
    {
        public ulong count;
        public double mean;
        public double sd;
        public double ci95_low;
        public double ci95_high;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSimSummary
    {
        public ulong rounds, hands, declared, fouls, shots, home_runs;
        public uint players;
        public uint special_count;
        public NativeSimStat seat0, seat1, seat2, seat3, seat4, seat5, seat6, seat7;
        public NativeSimStat water;
        public NativeSimStat swing;
        public uint has_money;
        public uint reserved;
        public NativeSimStat money0, money1, money2, money3, money4, money5, money6, money7;
        public NativeSimStat rake;
        public NativeSimStat house;
        public long total_rake;
        public long total_house;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSimSpecial
    {
        public ulong made;
        public ulong declared;
        public double made_rate;
        public uint water;
        public byte special;
        public byte reserved0, reserved1, reserved2;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSimLanes
    {
        public ulong front;
        public ulong middle;
        public ulong back;
        public ulong hands_with;
        public double hand_rate;
        public byte category;
        public byte reserved0, reserved1, reserved2, reserved3, reserved4, reserved5, reserved6;
    }

    internal static partial class Native
    {
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_simulate(RulesHandle rules, ref NativeSimConfig config, out SimReportHandle outReport);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_simulate_shard(RulesHandle rules, ref NativeSimConfig config, ulong firstRound, out SimReportHandle outReport);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_sim_report_merge(SimReportHandle into, SimReportHandle other);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_sim_report_first_round(SimReportHandle report, out ulong outFirstRound);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_sim_report_to_state(SimReportHandle report, [Out] byte[] buf, UIntPtr cap, out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_sim_report_from_state(byte[] state, UIntPtr len, out SimReportHandle outReport);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void sss_sim_report_free(IntPtr report);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_sim_report_summary(SimReportHandle report, out NativeSimSummary outSummary);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_sim_report_special(SimReportHandle report, UIntPtr index, out NativeSimSpecial outSpecial);
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_sim_report_lanes(SimReportHandle report, uint category, out NativeSimLanes outLanes);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_sim_report_to_json(SimReportHandle report, [Out] byte[] buf, UIntPtr cap, out UIntPtr outLen);
    }
}
