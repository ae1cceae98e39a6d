// The rule set: a native handle owned by a SafeHandle, made from a preset or JSON.
using System;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Shisanshui
{
    /// <summary>Where the wheel A-2-3-4-5 ranks among straights (SssWheel).</summary>
    public enum Wheel : uint
    {
        /// <summary>Below A-K-Q-J-10, above K-Q-J-10-9.</summary>
        SecondHighest = 0,
        /// <summary>Below 6-5-4-3-2, as in ordinary poker.</summary>
        Lowest = 1,
    }

    /// <summary>Which pairs of seats a round settles (SssTable, RULES.md §5a).</summary>
    public enum Table : uint
    {
        /// <summary>Every pair of seats (the default).</summary>
        AllPairs = 0,
        /// <summary>Banker mode (庄家): only the pairs with the round's banker seat
        /// (Settlement.Settle(rules, hands, banker)); pairwise scoring only.</summary>
        Banker = 1,
    }

    /// <summary>How the foul check reads lanes that hold jokers (SssJokerLanes, RULES.md §12).</summary>
    public enum JokerLanes : uint
    {
        /// <summary>Each lane takes its own best value; a foul where those are out of order (the default).</summary>
        EachBest = 0,
        /// <summary>The lanes are valued from the back, each at its best not above the lane behind
        /// it: a foul only where no choice of the jokers keeps the order.</summary>
        AvoidFoul = 1,
    }

    /// <summary>
    /// A set of suits, bit = suit code (♦ 0, ♣ 1, ♥ 2, ♠ 3): the suits a rule set's deck holds
    /// twice (加色, RULES.md §11). None is one deck of 52 cards for 2 to 4 seats; each suit adds 13
    /// cards and a seat; All is two decks of 104 for up to 8.
    /// </summary>
    [Flags]
    public enum SuitSet : byte
    {
        /// <summary>No suit: one deck.</summary>
        None = 0,
        Diamonds = 1,
        Clubs = 2,
        Hearts = 4,
        Spades = 8,
        /// <summary>Every suit: two decks.</summary>
        All = 15,
    }

    /// <summary>
    /// A rule set (house rules). Build from a preset ("classic", "regional", "kx", "hk", "ranked",
    /// "chinese_poker") or JSON; change wheel / suit tie-break / strict order / table mode /
    /// majority bonus / extra suits / jokers through properties and everything else through JSON. Dispose when done (the finalizer frees it otherwise). Reading from
    /// several threads is safe; a setter needs exclusive access.
    /// </summary>
    public sealed class Rules : IDisposable
    {
        private readonly RulesHandle handle;

        private Rules(RulesHandle handle)
        {
            this.handle = handle;
        }

        private static Rules Adopt(int status, RulesHandle made)
        {
            if (status != Native.Ok)
            {
                string message = Native.LastErrorMessage();
                made.Dispose();
                throw ShisanshuiException.ForStatus(status, message);
            }
            return new Rules(made);
        }

        /// <summary>A rule set from a native call that made one (sss_arranger_get_rules).</summary>
        internal static Rules AdoptNative(int status, RulesHandle made)
        {
            return Adopt(status, made);
        }

        /// <summary>The rules of a preset (ASCII case-insensitive); UnknownPresetException otherwise.</summary>
        public static Rules Preset(string name)
        {
            byte[] bytes = Native.Utf8(name, "name");
            RulesHandle made;
            int st = Native.sss_rules_new_preset(bytes, Native.Len(bytes), out made);
            return Adopt(st, made);
        }

        /// <summary>The classic preset.</summary>
        public static Rules Classic()
        {
            return Preset("classic");
        }

        /// <summary>Load and validate JSON; InvalidRulesException names the JSON path of a bad field.
        /// The JSON may name a "preset" to start from (default classic) and give only the fields it
        /// changes: <c>{"preset": "kx", "lane_water": {"front_trips": 4}}</c>; a complete rule set
        /// loads as itself.</summary>
        public static Rules FromJson(string json)
        {
            byte[] bytes = Native.Utf8(json, "json");
            RulesHandle made;
            int st = Native.sss_rules_from_json(bytes, Native.Len(bytes), out made);
            return Adopt(st, made);
        }

        /// <summary>The rule set as pretty-printed JSON.</summary>
        public string ToJson()
        {
            RulesHandle h = Handle;
            return Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) => Native.sss_rules_to_json(h, b, c, out l));
        }

        /// <summary>An independent copy (dispose it separately).</summary>
        public Rules Clone()
        {
            RulesHandle made;
            int st = Native.sss_rules_clone(Handle, out made);
            return Adopt(st, made);
        }

        /// <summary>Check every value; InvalidRulesException names the field.</summary>
        public void Validate()
        {
            Native.Check(Native.sss_rules_validate(Handle));
        }

        public Wheel Wheel
        {
            get
            {
                uint w;
                Native.Check(Native.sss_rules_get_wheel(Handle, out w));
                return (Wheel)w;
            }
            set { Native.Check(Native.sss_rules_set_wheel(Handle, (uint)value)); }
        }

        /// <summary>Suits break ties when every rank is equal (seed 001).</summary>
        public bool SuitTiebreak
        {
            get
            {
                byte f;
                Native.Check(Native.sss_rules_get_suit_tiebreak(Handle, out f));
                return f != 0;
            }
            set { Native.Check(Native.sss_rules_set_suit_tiebreak(Handle, value ? (byte)1 : (byte)0)); }
        }

        /// <summary>Equal lanes are a foul too (seed 003).</summary>
        public bool StrictOrder
        {
            get
            {
                byte f;
                Native.Check(Native.sss_rules_get_strict_order(Handle, out f));
                return f != 0;
            }
            set { Native.Check(Native.sss_rules_set_strict_order(Handle, value ? (byte)1 : (byte)0)); }
        }

        /// <summary>
        /// Which pairs a round settles. Banker mode is pairwise only: setting Table.Banker on a ranked
        /// rule set throws InvalidRulesException and changes nothing.
        /// </summary>
        public Table Table
        {
            get
            {
                uint t;
                Native.Check(Native.sss_rules_get_table(Handle, out t));
                return (Table)t;
            }
            set { Native.Check(Native.sss_rules_set_table(Handle, (uint)value)); }
        }

        /// <summary>
        /// Majority bonus (2-4 scoring, RULES.md §4): water for winning more lanes of a pair than
        /// losing, inside the pair's lane water; 0 (none) to 1000, and 0 under ranked scoring.
        /// Anything else throws InvalidRulesException and changes nothing.
        /// </summary>
        public int MajorityBonus
        {
            get
            {
                uint m;
                Native.Check(Native.sss_rules_get_majority_bonus(Handle, out m));
                return checked((int)m);
            }
            set
            {
                if (value < 0)
                {
                    throw new InvalidRulesException("invalid rule set at `majority_bonus`: " + value
                        + " is negative (0 to 1000)");
                }
                Native.Check(Native.sss_rules_set_majority_bonus(Handle, (uint)value));
            }
        }

        /// <summary>
        /// The suits the deck holds twice (RULES.md §11; JSON field <c>extra_suits</c>): each adds
        /// 13 cards and a seat, and a hand may hold two copies of a card of such a suit. A value
        /// with a bit above <see cref="SuitSet.All"/> throws InvalidArgumentException and changes
        /// nothing.
        /// </summary>
        public SuitSet ExtraSuits
        {
            get
            {
                byte m;
                Native.Check(Native.sss_rules_get_extra_suits(Handle, out m));
                return (SuitSet)m;
            }
            set { Native.Check(Native.sss_rules_set_extra_suits(Handle, (byte)value)); }
        }

        /// <summary>Most jokers a rule set deals (SSS_MAX_JOKERS).</summary>
        public const int MaxJokers = 6;

        /// <summary>
        /// How many wild jokers the deck deals (RULES.md §12; JSON field <c>jokers</c>): 0 to
        /// <see cref="MaxJokers"/>, alternately the small joker (SJ, code 52) and the big one (BJ, 53).
        /// Jokers add no seat. Anything else throws InvalidRulesException naming the value and changes
        /// nothing.
        /// </summary>
        public int Jokers
        {
            get
            {
                byte n;
                Native.Check(Native.sss_rules_get_jokers(Handle, out n));
                return n;
            }
            set
            {
                if (value < 0 || value > byte.MaxValue)
                {
                    // The library takes a byte; say it as the library would.
                    throw new InvalidRulesException("invalid rule set at `jokers`: " + value + " jokers (expected 0 to "
                        + MaxJokers + ")");
                }
                Native.Check(Native.sss_rules_set_jokers(Handle, (byte)value));
            }
        }

        /// <summary>How the foul check reads lanes with jokers (JSON field <c>joker_lanes</c>); a value
        /// that is no <see cref="Shisanshui.JokerLanes"/> throws InvalidArgumentException and changes nothing.</summary>
        public JokerLanes JokerLanes
        {
            get
            {
                uint l;
                Native.Check(Native.sss_rules_get_joker_lanes(Handle, out l));
                return (JokerLanes)l;
            }
            set { Native.Check(Native.sss_rules_set_joker_lanes(Handle, (uint)value)); }
        }

        /// <summary>Whether a hand holding a joker may make a special (JSON field
        /// <c>jokers_in_specials</c>, RULES.md §12): on, it makes every special some choice of its
        /// jokers' cards makes, and a three-piece special's arrangement holds the jokers.</summary>
        public bool JokersInSpecials
        {
            get
            {
                byte f;
                Native.Check(Native.sss_rules_get_jokers_in_specials(Handle, out f));
                return f != 0;
            }
            set { Native.Check(Native.sss_rules_set_jokers_in_specials(Handle, value ? (byte)1 : (byte)0)); }
        }

        /// <summary>The most seats the deck deals to: 4, plus one per extra suit (at most 8).</summary>
        public int MaxPlayers
        {
            get
            {
                uint n;
                Native.Check(Native.sss_rules_get_max_players(Handle, out n));
                return checked((int)n);
            }
        }

        /// <summary>Whether Dispose has been called.</summary>
        public bool IsDisposed
        {
            get { return handle.IsClosed; }
        }

        /// <summary>Frees the native rule set; safe to call more than once.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal RulesHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("Rules");
                }
                return handle;
            }
        }
    }

    /// <summary>Owns one SssRules*; frees it exactly once (Dispose or finalizer).</summary>
    internal sealed class RulesHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public RulesHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.sss_rules_free(handle);
            return true;
        }
    }

    internal static partial class Native
    {
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_new_preset(byte[] name, UIntPtr len, out RulesHandle outRules);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_from_json(byte[] json, UIntPtr len, out RulesHandle outRules);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_to_json(RulesHandle rules, [Out] byte[] buf, UIntPtr cap, out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_clone(RulesHandle rules, out RulesHandle outRules);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void sss_rules_free(IntPtr rules);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_validate(RulesHandle rules);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_wheel(RulesHandle rules, out uint outWheel);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_wheel(RulesHandle rules, uint wheel);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_suit_tiebreak(RulesHandle rules, out byte outFlag);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_suit_tiebreak(RulesHandle rules, byte flag);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_strict_order(RulesHandle rules, out byte outFlag);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_strict_order(RulesHandle rules, byte flag);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_table(RulesHandle rules, out uint outTable);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_table(RulesHandle rules, uint table);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_majority_bonus(RulesHandle rules, out uint outWater);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_majority_bonus(RulesHandle rules, uint water);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_extra_suits(RulesHandle rules, out byte outMask);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_extra_suits(RulesHandle rules, byte mask);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_max_players(RulesHandle rules, out uint outPlayers);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_jokers(RulesHandle rules, out byte outJokers);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_jokers(RulesHandle rules, byte jokers);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_joker_lanes(RulesHandle rules, out uint outLanes);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_joker_lanes(RulesHandle rules, uint lanes);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_get_jokers_in_specials(RulesHandle rules, out byte outFlag);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rules_set_jokers_in_specials(RulesHandle rules, byte flag);
    }
}
