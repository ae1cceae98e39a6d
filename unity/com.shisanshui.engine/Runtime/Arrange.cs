// Auto-arrangement (系统自动摆牌, RULES.md §7): an Arranger per (rule set, table size, and at a
// banker table the seat's Role) finds the legal arrangement with the highest expected water, a
// short list of distinct suggestions for a 推荐牌型 button, and whether declaring a special beats
// the best lane play. WithLevel makes a weaker bot (a Level) whose choice is a pure function of
// (seed, level, the 13 cards as a set).
using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Globalization;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Shisanshui
{
    /// <summary>
    /// A seat's role at a banker table (RULES.md §5a): a player is settled against the banker
    /// alone, the banker against every other seat. At an all-pairs table every seat is a Player.
    /// The values are the C ABI's SSS_ROLE_PLAYER and SSS_ROLE_BANKER.
    /// </summary>
    public enum Role : uint
    {
        /// <summary>Settled against the banker alone (at an all-pairs table: every seat).</summary>
        Player = 0,
        /// <summary>Settled against every other seat; at a table of three or four, the only seat that can make a home run.</summary>
        Banker = 1,
    }

    /// <summary>
    /// How strongly an Arranger plays (its bot level), weakest first. The values are the C ABI's
    /// SSS_LEVEL_BEGINNER .. SSS_LEVEL_BEST.
    /// </summary>
    public enum Level : uint
    {
        /// <summary>Often a clearly weaker arrangement (about -1.0 water per hand against Best heads-up).</summary>
        Beginner = 0,
        /// <summary>Sound, with regular slips (about -0.4 water per hand against Best).</summary>
        Casual = 1,
        /// <summary>Nearly the best (about -0.1 water per hand against Best).</summary>
        Strong = 2,
        /// <summary>The highest expected water every time (what every arranger plays unless made weaker).</summary>
        Best = 3,
    }

    /// <summary>Level names: "beginner", "casual", "strong", "best".</summary>
    public static class Levels
    {
        /// <summary>A level from its name (any case, surrounding spaces ignored); InvalidArgumentException otherwise.</summary>
        public static Level Parse(string text)
        {
            byte[] bytes = Native.Utf8(text, "text");
            uint level;
            Native.Check(Native.sss_level_parse(bytes, Native.Len(bytes), out level));
            return (Level)level;
        }

        /// <summary>A level's name ("beginner", "casual", "strong" or "best"); InvalidArgumentException for a value that is no Level.</summary>
        public static string Name(Level level)
        {
            byte[] buf = new byte[16];
            UIntPtr len;
            Native.Check(Native.sss_level_name((uint)level, buf, Native.Len(buf), out len));
            return System.Text.Encoding.UTF8.GetString(buf, 0, checked((int)len.ToUInt64()));
        }
    }

    /// <summary>Why an arrangement is on a suggestion list; the value is the SssSuggestionKind number.</summary>
    public enum SuggestionKind : byte
    {
        /// <summary>The best arrangement overall (what Arranger.Arrange plays); always first.</summary>
        Best = 0,
        /// <summary>The best arrangement among those with the strongest possible back category.</summary>
        StrongestBack = 1,
        /// <summary>The best arrangement among those with the strongest possible middle category.</summary>
        StrongestMiddle = 2,
        /// <summary>The best arrangement of another combination of lane categories.</summary>
        Alternative = 3,
    }

    /// <summary>An arrangement chosen by the engine (never a foul) with its lane categories and expected water.</summary>
    public sealed class Arranged
    {
        private readonly Arrangement arrangement;
        private readonly ReadOnlyCollection<Category> categories;
        private readonly double expectedWater;

        internal Arranged(NativeArranged n)
        {
            arrangement = new Arrangement(
                Lane(n.f0, n.f1, n.f2),
                Lane(n.m0, n.m1, n.m2, n.m3, n.m4),
                Lane(n.b0, n.b1, n.b2, n.b3, n.b4));
            categories = Array.AsReadOnly(new[] { Cat(n.c0), Cat(n.c1), Cat(n.c2) });
            expectedWater = n.expected_water;
        }

        private static Card[] Lane(params byte[] codes)
        {
            Card[] cards = new Card[codes.Length];
            for (int i = 0; i < codes.Length; i++)
            {
                cards[i] = Card.FromAnyCode(codes[i]);
            }
            return cards;
        }

        private static Category Cat(byte c)
        {
            if (c > (byte)Category.FiveOfAKind)
            {
                throw new InvalidArgumentException("native arrangement has category " + c);
            }
            return (Category)c;
        }

        /// <summary>The three lanes, each listed highest card first.</summary>
        public Arrangement Arrangement { get { return arrangement; } }

        /// <summary>Category of the front, middle and back.</summary>
        public IList<Category> Categories { get { return categories; } }

        /// <summary>Expected water against the field at this table (all opponents together); compare with a tolerance.</summary>
        public double ExpectedWater { get { return expectedWater; } }

        /// <summary>"5c 4d 3s / … / …; HighCard, Straight, FullHouse; expected water 0.571".</summary>
        public override string ToString()
        {
            return arrangement + "; " + categories[0] + ", " + categories[1] + ", " + categories[2] + "; expected water " +
                expectedWater.ToString("0.000", CultureInfo.InvariantCulture);
        }
    }

    /// <summary>One entry of a suggestion list (Arranger.Suggest).</summary>
    public sealed class Suggestion
    {
        private readonly SuggestionKind kind;
        private readonly Arranged arranged;

        internal Suggestion(SuggestionKind kind, Arranged arranged)
        {
            this.kind = kind;
            this.arranged = arranged;
        }

        /// <summary>Why it was suggested.</summary>
        public SuggestionKind Kind { get { return kind; } }

        /// <summary>The three lanes (never a foul).</summary>
        public Arrangement Arrangement { get { return arranged.Arrangement; } }

        /// <summary>Category of the front, middle and back.</summary>
        public IList<Category> Categories { get { return arranged.Categories; } }

        /// <summary>Expected water against the field.</summary>
        public double ExpectedWater { get { return arranged.ExpectedWater; } }

        /// <summary>The arrangement with its categories and water, as Arranger.Arrange reports one.</summary>
        public Arranged Arranged { get { return arranged; } }

        public override string ToString() { return kind + ": " + arranged; }
    }

    /// <summary>Whether declaring a special (报到) beats the best lane play (Arranger.SpecialAdvice).</summary>
    public sealed class SpecialAdvice
    {
        private readonly Special special;
        private readonly double declareWater;
        private readonly double laneWater;
        private readonly double advantage;
        private readonly bool declare;
        private readonly Arranged bestLanes;

        internal SpecialAdvice(NativeSpecialAdvice n)
        {
            if (n.special >= SpecialNames.Count)
            {
                throw new InvalidArgumentException("native advice names special " + n.special);
            }
            special = (Special)n.special;
            declareWater = n.declare_water;
            laneWater = n.lane_water;
            advantage = n.advantage;
            declare = n.declare != 0;
            bestLanes = new Arranged(n.best_lanes);
        }

        /// <summary>The special the cards make (the highest the rule set enables).</summary>
        public Special Special { get { return special; } }

        /// <summary>Expected water of declaring it (every other seat pays it, RULES.md §6).</summary>
        public double DeclareWater { get { return declareWater; } }

        /// <summary>Expected water of the best lane arrangement instead.</summary>
        public double LaneWater { get { return laneWater; } }

        /// <summary>DeclareWater - LaneWater (negative: the lanes are worth more).</summary>
        public double Advantage { get { return advantage; } }

        /// <summary>Whether declaring is worth more than playing the lanes.</summary>
        public bool Declare { get { return declare; } }

        /// <summary>The best lane arrangement.</summary>
        public Arranged BestLanes { get { return bestLanes; } }

        public override string ToString()
        {
            return special.Id() + ": " + (declare ? "declare" : "play the lanes") + " (" +
                declareWater.ToString("0.000", CultureInfo.InvariantCulture) + " against lanes " +
                laneWater.ToString("0.000", CultureInfo.InvariantCulture) + ")";
        }
    }

    /// <summary>
    /// Arranges 13 cards for one rule set at one table size (2 to 4 seats). Making one builds the
    /// objective; every later call is only a search, so keep one per table and reuse it. It keeps
    /// its own copy of the rules. Safe to use from several threads at once. Dispose when done (the
    /// finalizer frees it otherwise).
    /// </summary>
    public sealed class Arranger : IDisposable
    {
        /// <summary>Seats assumed when none are given: the standard full table.</summary>
        public const int DefaultPlayers = 4;

        private readonly ArrangerHandle handle;

        private Arranger(ArrangerHandle handle)
        {
            this.handle = handle;
        }

        /// <summary>
        /// An arranger for a rule set at a table of `players` seats where every pair of seats is
        /// settled (InvalidTableException outside 2..4, and for banker-table rules, whose seats
        /// differ: use the overload with a Role).
        /// </summary>
        public Arranger(Rules rules, int players = DefaultPlayers)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            if (rules.Table == Table.Banker)
            {
                // The library's message names its C function; say it in this API's terms.
                throw new InvalidTableException("invalid table: a banker table has two kinds of seat: say which with "
                    + "new Arranger(rules, players, Role.Banker) or Role.Player");
            }
            ArrangerHandle made;
            int st = Native.sss_arranger_new(rules.Handle, PlayersIn(players), out made);
            handle = Adopt(st, made);
        }

        /// <summary>
        /// An arranger for one seat's role: at a banker table (RULES.md §5a) a Player plays the
        /// banker alone and the Banker plays every other seat; at an all-pairs table Role.Player
        /// is every seat. InvalidTableException for Role.Banker at an all-pairs table or a player
        /// count outside 2..4; InvalidArgumentException for a value that is no Role.
        /// </summary>
        public Arranger(Rules rules, int players, Role role)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            ArrangerHandle made;
            int st = Native.sss_arranger_new_for(rules.Handle, PlayersIn(players), (uint)role, out made);
            handle = Adopt(st, made);
        }

        /// <summary>
        /// An arranger for one seat's role playing at a bot level, its draws seeded by `seed`
        /// (as new Arranger(rules, players, role).WithLevel(level, seed), without a second objective).
        /// </summary>
        public Arranger(Rules rules, int players, Role role, Level level, ulong seed)
            : this(rules, new ArrangerOptions(players) { Role = role, Level = level, Seed = seed })
        {
        }

        /// <summary>
        /// An arranger made from options: its seats and role (as new Arranger(rules, players, role)),
        /// its level and seed, and card removal, in one native call. InvalidTableException and
        /// InvalidArgumentException as the other constructors.
        /// </summary>
        public Arranger(Rules rules, ArrangerOptions options)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            if (options == null)
            {
                throw new ArgumentNullException("options");
            }
            NativeArrangerOptions o;
            Native.Check(Native.sss_arranger_options_init(out o, (UIntPtr)Marshal.SizeOf(typeof(NativeArrangerOptions)),
                PlayersIn(options.Players)));
            o.role = (uint)options.Role;
            o.level = (uint)options.Level;
            o.seed = options.Seed;
            o.card_removal = options.CardRemoval ? (byte)1 : (byte)0;
            ArrangerHandle made;
            int st = Native.sss_arranger_new_with(rules.Handle, ref o, out made);
            handle = Adopt(st, made);
        }

        /// <summary>The options it plays with: new Arranger(rules, arranger.Options) makes the same arranger.</summary>
        public ArrangerOptions Options
        {
            get
            {
                var o = new NativeArrangerOptions { size = (uint)Marshal.SizeOf(typeof(NativeArrangerOptions)) };
                Native.Check(Native.sss_arranger_get_options(Handle, ref o));
                return new ArrangerOptions((int)o.players)
                {
                    Role = (Role)o.role,
                    Level = (Level)o.level,
                    Seed = o.seed,
                    CardRemoval = o.card_removal != 0,
                };
            }
        }

        /// <summary>
        /// This arranger at a bot level, its draws seeded by `seed`: a new Arranger sharing the
        /// objective (this one is unchanged; dispose both). Below Level.Best the arrangement is one of
        /// the best of each lane-category combination, never a foul, and a pure function of (seed,
        /// level, the 13 cards as a set); Suggest is the same at every level, SpecialAdvice weighs
        /// declaring against the level's own lanes. InvalidArgumentException for a value that is no Level.
        /// </summary>
        public Arranger WithLevel(Level level, ulong seed)
        {
            ArrangerHandle made;
            int st = Native.sss_arranger_with_level(Handle, (uint)level, seed, out made);
            return new Arranger(Adopt(st, made));
        }

        /// <summary>The bot level (Level.Best unless made by WithLevel).</summary>
        public Level Level
        {
            get
            {
                uint level;
                ulong seed;
                Native.Check(Native.sss_arranger_get_level(Handle, out level, out seed));
                return (Level)level;
            }
        }

        /// <summary>The seed of the level's draws (0 unless made by WithLevel).</summary>
        public ulong Seed
        {
            get
            {
                uint level;
                ulong seed;
                Native.Check(Native.sss_arranger_get_level(Handle, out level, out seed));
                return seed;
            }
        }

        /// <summary>
        /// This arranger with card removal on (the default) or off: a new Arranger sharing the
        /// objective (this one is unchanged; dispose both). On, each hand plays against the field
        /// conditioned on the 13 cards it holds (an opponent cannot hold them: holding three aces
        /// makes an opposing pair of aces rare); off, against the field as trained, whatever the hand
        /// holds (a little weaker, about twice as fast). Bigger decks always play the field as trained.
        /// </summary>
        public Arranger WithCardRemoval(bool on)
        {
            ArrangerHandle made;
            int st = Native.sss_arranger_with_card_removal(Handle, on ? (byte)1 : (byte)0, out made);
            return new Arranger(Adopt(st, made));
        }

        /// <summary>Whether card removal is on (true unless made by WithCardRemoval(false)).</summary>
        public bool CardRemoval
        {
            get
            {
                byte flag;
                Native.Check(Native.sss_arranger_get_card_removal(Handle, out flag));
                return flag != 0;
            }
        }

        /// <summary>An arranger for a preset by name ("classic", "regional", "kx", "hk", "ranked", "chinese_poker"; UnknownPresetException otherwise).</summary>
        public static Arranger ForPreset(string name, int players = DefaultPlayers)
        {
            byte[] bytes = Native.Utf8(name, "name");
            uint p = PlayersIn(players);
            ArrangerHandle made;
            int st = Native.sss_arranger_new_preset(bytes, Native.Len(bytes), p, out made);
            return new Arranger(Adopt(st, made));
        }

        private static uint PlayersIn(int players)
        {
            if (players < 0)
            {
                // The library takes an unsigned count: a negative one is no table.
                throw new InvalidTableException("invalid table: a table has 2 to 8 players, got " + players);
            }
            return (uint)players;
        }

        private static ArrangerHandle Adopt(int status, ArrangerHandle made)
        {
            if (status != Native.Ok)
            {
                string message = Native.LastErrorMessage();
                made.Dispose();
                throw ShisanshuiException.ForStatus(status, message);
            }
            return made;
        }

        /// <summary>The seat's role (Role.Player at an all-pairs table).</summary>
        public Role Role
        {
            get
            {
                uint r;
                Native.Check(Native.sss_arranger_get_role(Handle, out r));
                return (Role)r;
            }
        }

        /// <summary>Seats at the table, 2 to 4.</summary>
        public int Players
        {
            get
            {
                uint p;
                Native.Check(Native.sss_arranger_get_players(Handle, out p));
                return checked((int)p);
            }
        }

        /// <summary>The legal arrangement of 13 cards with the highest expected water (never a foul); below Level.Best, the level's draw.</summary>
        public Arranged Arrange(IList<Card> cards)
        {
            return Arrange(Card.Codes(cards, "cards"));
        }

        /// <summary>Arrange a hand written as text ("As Ad Kh …").</summary>
        public Arranged Arrange(string hand)
        {
            return Arrange(Parse(hand));
        }

        /// <summary>Arrange 13 raw codes (BadCardCode, DuplicateCard, WrongCardCount).</summary>
        public Arranged Arrange(byte[] codes)
        {
            Codes(codes);
            NativeArranged n;
            Native.Check(Native.sss_arrange(Handle, codes, Native.Len(codes), out n));
            return new Arranged(n);
        }

        /// <summary>
        /// Up to n (at least 1) good arrangements with distinct lane categories: the best first (equal
        /// to Arrange), then the best with the strongest back category, the best with the strongest
        /// middle category, then the best of other combinations by expected water.
        /// </summary>
        public IList<Suggestion> Suggest(IList<Card> cards, int n = 3)
        {
            return Suggest(Card.Codes(cards, "cards"), n);
        }

        /// <summary>Suggestions for a hand written as text.</summary>
        public IList<Suggestion> Suggest(string hand, int n = 3)
        {
            return Suggest(Parse(hand), n);
        }

        /// <summary>Suggestions for 13 raw codes.</summary>
        public IList<Suggestion> Suggest(byte[] codes, int n = 3)
        {
            Codes(codes);
            if (n < 0)
            {
                // The library takes an unsigned count; say it as the library would.
                throw new InvalidArgumentException("invalid argument: asked for " + n + " suggestions; n must be at least 1");
            }
            // The list never holds more than one entry per combination of lane categories, far
            // fewer than 256; a larger n asks for them all.
            int cap = Math.Max(1, Math.Min(n, 256));
            NativeSuggestion[] buf = new NativeSuggestion[cap];
            UIntPtr count;
            int st = Native.sss_suggest(Handle, codes, Native.Len(codes), (UIntPtr)(uint)n, buf, (UIntPtr)buf.Length, out count);
            if (st == Native.BufferTooSmall)
            {
                buf = new NativeSuggestion[checked((int)count.ToUInt64())];
                st = Native.sss_suggest(Handle, codes, Native.Len(codes), (UIntPtr)(uint)n, buf, (UIntPtr)buf.Length, out count);
            }
            Native.Check(st);
            var list = new List<Suggestion>();
            for (int i = 0; i < checked((int)count.ToUInt64()); i++)
            {
                if (buf[i].kind > (byte)SuggestionKind.Alternative)
                {
                    throw new InvalidArgumentException("native suggestion has kind " + buf[i].kind);
                }
                list.Add(new Suggestion((SuggestionKind)buf[i].kind, new Arranged(buf[i].arranged)));
            }
            return list.AsReadOnly();
        }

        /// <summary>
        /// When the 13 cards make a special the rules enable: its value if declared against the best
        /// lane play. Null when they make none.
        /// </summary>
        public SpecialAdvice SpecialAdvice(IList<Card> cards)
        {
            return SpecialAdvice(Card.Codes(cards, "cards"));
        }

        /// <summary>Special advice for a hand written as text.</summary>
        public SpecialAdvice SpecialAdvice(string hand)
        {
            return SpecialAdvice(Parse(hand));
        }

        /// <summary>Special advice for 13 raw codes.</summary>
        public SpecialAdvice SpecialAdvice(byte[] codes)
        {
            Codes(codes);
            NativeSpecialAdvice n;
            Native.Check(Native.sss_special_advice(Handle, codes, Native.Len(codes), out n));
            return n.has_special != 0 ? new SpecialAdvice(n) : null;
        }

        /// <summary>
        /// The seat a good player puts on the table with these 13 cards, ready for Settle: the special
        /// declared (报到) where <see cref="SpecialAdvice(IList{Card})"/> says declaring is worth more,
        /// the lanes of <see cref="Arrange(IList{Card})"/> otherwise.
        /// </summary>
        public PlayerHand Play(IList<Card> cards)
        {
            return Play(Card.Codes(cards, "cards"));
        }

        /// <summary>The seat for a hand written as text.</summary>
        public PlayerHand Play(string hand)
        {
            return Play(Parse(hand));
        }

        /// <summary>The seat for 13 raw codes.</summary>
        public PlayerHand Play(byte[] codes)
        {
            Codes(codes);
            byte[] seat = new byte[PlayerHand.SeatSize];
            Native.Check(Native.sss_arranger_play(Handle, codes, Native.Len(codes), seat));
            return PlayerHand.FromSeat(seat);
        }

        /// <summary>Expected water of any arrangement against this arranger's field (a foul is priced as losing every lane).</summary>
        public double ExpectedWater(Arrangement arrangement)
        {
            if (arrangement == null)
            {
                throw new ArgumentNullException("arrangement");
            }
            return ExpectedWater(arrangement.Cards());
        }

        /// <summary>Expected water of 13 cards in lane order: 3 front, 5 middle, 5 back.</summary>
        public double ExpectedWater(IList<Card> thirteen)
        {
            byte[] codes = Card.Codes(thirteen, "thirteen");
            double w;
            Native.Check(Native.sss_arranger_expected_water(Handle, codes, Native.Len(codes), out w));
            return w;
        }

        /// <summary>A copy of the arranger's rule set (dispose it), e.g. to check an arrangement under
        /// exactly these rules.</summary>
        public Rules GetRules()
        {
            RulesHandle made;
            int st = Native.sss_arranger_get_rules(Handle, out made);
            return Shisanshui.Rules.AdoptNative(st, made);
        }

        /// <summary>A hand written as text, read for the arranger's deck (its copies and jokers).</summary>
        private Card[] Parse(string hand)
        {
            using (Rules rules = GetRules())
            {
                return Card.ParseHand(hand, rules);
            }
        }

        private static void Codes(byte[] codes)
        {
            if (codes == null)
            {
                throw new ArgumentNullException("codes");
            }
        }

        /// <summary>Whether Dispose has been called.</summary>
        public bool IsDisposed
        {
            get { return handle.IsClosed; }
        }

        /// <summary>Frees the native arranger; safe to call more than once.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }

        internal ArrangerHandle Handle
        {
            get
            {
                if (handle.IsClosed)
                {
                    throw new ObjectDisposedException("Arranger");
                }
                return handle;
            }
        }
    }

    /// <summary>Owns one SssArranger*; frees it exactly once (Dispose or finalizer).</summary>
    internal sealed class ArrangerHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public ArrangerHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.sss_arranger_free(handle);
            return true;
        }
    }

    /// <summary>
    /// What an arranger is made for and how it plays beyond its rule set (new Arranger(rules, options)):
    /// the seats, the seat's role, the bot level and its seed, and card removal. A new way to play is
    /// a new property here.
    /// </summary>
    public sealed class ArrangerOptions
    {
        /// <summary>The defaults of a table of `players`: a player's seat, Level.Best, seed 0, card removal on.</summary>
        public ArrangerOptions(int players = Arranger.DefaultPlayers)
        {
            Players = players;
            Role = Role.Player;
            Level = Level.Best;
            Seed = 0;
            CardRemoval = true;
        }

        /// <summary>Seats at the table: 2 to the rule set's MaxPlayers.</summary>
        public int Players { get; set; }

        /// <summary>The seat's role: Role.Player (every seat at an all-pairs table) or Role.Banker.</summary>
        public Role Role { get; set; }

        /// <summary>The bot level (Level.Best plays the best arrangement every time).</summary>
        public Level Level { get; set; }

        /// <summary>The seed of a level's draws (kept, not used, at Level.Best).</summary>
        public ulong Seed { get; set; }

        /// <summary>Card removal: on (the default) or off (Arranger.WithCardRemoval).</summary>
        public bool CardRemoval { get; set; }

        public override string ToString()
        {
            return "ArrangerOptions(players " + Players + ", " + Role + ", " + Level + ", seed " + Seed
                + ", card removal " + (CardRemoval ? "on" : "off") + ")";
        }
    }

    /// <summary>Mirror of the C struct SssArrangerOptions (32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeArrangerOptions
    {
        public uint size;
        public uint players;
        public uint role;
        public uint level;
        public ulong seed;
        public byte card_removal;
        public byte r0, r1, r2, r3, r4, r5, r6;
    }

    /// <summary>Mirror of the C struct SssArranged (24 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeArranged
    {
        public double expected_water;
        public byte f0, f1, f2;
        public byte m0, m1, m2, m3, m4;
        public byte b0, b1, b2, b3, b4;
        public byte c0, c1, c2;
    }

    /// <summary>Mirror of the C struct SssSuggestion (32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSuggestion
    {
        public NativeArranged arranged;
        public byte kind;
        public byte r0, r1, r2, r3, r4, r5, r6;
    }

    /// <summary>Mirror of the C struct SssSpecialAdvice (56 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSpecialAdvice
    {
        public double declare_water;
        public double lane_water;
        public double advantage;
        public NativeArranged best_lanes;
        public byte has_special;
        public byte special;
        public byte declare;
        public byte r0, r1, r2, r3, r4;
    }

    internal static partial class Native
    {
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_new(RulesHandle rules, uint players, out ArrangerHandle outArranger);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_get_rules(ArrangerHandle arranger, out RulesHandle outRules);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_new_for(RulesHandle rules, uint players, uint role, out ArrangerHandle outArranger);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_get_role(ArrangerHandle arranger, out uint outRole);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_with_level(ArrangerHandle arranger, uint level, ulong seed, out ArrangerHandle outArranger);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_get_level(ArrangerHandle arranger, out uint outLevel, out ulong outSeed);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_options_init(out NativeArrangerOptions outOptions, UIntPtr size, uint players);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_new_with(RulesHandle rules, ref NativeArrangerOptions options, out ArrangerHandle outArranger);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_get_options(ArrangerHandle arranger, ref NativeArrangerOptions options);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_with_card_removal(ArrangerHandle arranger, byte on, out ArrangerHandle outArranger);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_get_card_removal(ArrangerHandle arranger, out byte outFlag);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_level_parse(byte[] text, UIntPtr len, out uint outLevel);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_level_name(uint level, [Out] byte[] buf, UIntPtr cap, out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_new_preset(byte[] name, UIntPtr len, uint players, out ArrangerHandle outArranger);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void sss_arranger_free(IntPtr arranger);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_get_players(ArrangerHandle arranger, out uint outPlayers);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arrange(ArrangerHandle arranger, byte[] codes, UIntPtr count, out NativeArranged outArranged);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_suggest(ArrangerHandle arranger, byte[] codes, UIntPtr count, UIntPtr n,
            [Out] NativeSuggestion[] outSuggestions, UIntPtr cap, out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_special_advice(ArrangerHandle arranger, byte[] codes, UIntPtr count,
            out NativeSpecialAdvice outAdvice);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_play(ArrangerHandle arranger, byte[] codes, UIntPtr count, [Out] byte[] outSeat);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arranger_expected_water(ArrangerHandle arranger, byte[] codes, UIntPtr count, out double outWater);
    }
}
