// Settling a round (RULES.md §4–§6, §9 ranked) and money (§8): seats in, a Settlement out with
// totals, the pairwise matrix, every pair's lanes, shots, home runs and specials, the events a
// client animates, and the whole round as JSON; money with carries, rake and escape.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace Shisanshui
{
    /// <summary>
    /// An exact amount of water (水), positive when received. Held in units of 1/<see cref="Denominator"/>
    /// (840) of a point: every amount a round can produce is a whole number of units (840 is the
    /// least common multiple of 1 to 8, so ranked specials shared among 5 to 8 normal players stay
    /// exact). <see cref="Num"/> / <see cref="Den"/> is the same amount as a reduced fraction.
    /// </summary>
    public struct Water : IEquatable<Water>, IComparable<Water>
    {
        private readonly long units;

        private Water(long units)
        {
            this.units = units;
        }

        /// <summary>Units in one water point (SSS_WATER_DENOMINATOR).</summary>
        public const long Denominator = 840;

        /// <summary>Whole water.</summary>
        public static Water FromInt(long n) { return new Water(checked(n * Denominator)); }

        /// <summary>From a count of units of 1/840 of a point (SssWater.units).</summary>
        public static Water FromUnits(long units) { return new Water(units); }

        /// <summary>The amount in units of 1/840 of a point.</summary>
        public long Units { get { return units; } }

        /// <summary>Numerator of the reduced fraction (sign included).</summary>
        public long Num { get { return units / Gcd(units); } }

        /// <summary>Denominator of the reduced fraction: a divisor of 840 (1 for whole water).</summary>
        public long Den { get { return Denominator / Gcd(units); } }

        /// <summary>Whether this is a whole number of water points.</summary>
        public bool IsInteger { get { return units % Denominator == 0; } }

        /// <summary>An approximation for display only; never settle with it.</summary>
        public double ToDouble() { return units / (double)Denominator; }

        private static long Gcd(long t)
        {
            long a = Math.Abs(t % Denominator), b = Denominator;
            while (a != 0)
            {
                long r = b % a;
                b = a;
                a = r;
            }
            return b;
        }

        /// <summary>"7", "-3", "3/2", "-40/3" (the engine's text form).</summary>
        public override string ToString()
        {
            return IsInteger ? Num.ToString() : Num + "/" + Den;
        }

        public bool Equals(Water other) { return units == other.units; }

        public override bool Equals(object obj) { return obj is Water && Equals((Water)obj); }

        public override int GetHashCode() { return units.GetHashCode(); }

        public int CompareTo(Water other) { return units.CompareTo(other.units); }

        public static bool operator ==(Water a, Water b) { return a.units == b.units; }

        public static bool operator !=(Water a, Water b) { return a.units != b.units; }

        public static Water operator +(Water a, Water b) { return new Water(checked(a.units + b.units)); }

        public static Water operator -(Water a, Water b) { return new Water(checked(a.units - b.units)); }

        public static Water operator -(Water a) { return new Water(checked(-a.units)); }

        internal static Water From(NativeWater n) { return new Water(n.units); }
    }

    /// <summary>How a round is scored (RULES.md §9).</summary>
    public enum ScoringMode : byte
    {
        /// <summary>Every pair of players compares lane by lane.</summary>
        Pairwise = 0,
        /// <summary>Each lane ranks the players (seed 002).</summary>
        Ranked = 1,
    }

    /// <summary>A lane: front (头墩, 3 cards), middle (中墩, 5), back (尾墩, 5).</summary>
    public enum Lane : byte
    {
        Front = 0,
        Middle = 1,
        Back = 2,
    }

    /// <summary>How a pair of seats was settled.</summary>
    public enum PairKind : byte
    {
        /// <summary>Two legal arrangements compared lane by lane.</summary>
        Lanes = 0,
        /// <summary>One seat fouled and loses every lane to the other.</summary>
        OneFouled = 1,
        /// <summary>Both fouled: nothing moves.</summary>
        BothFouled = 2,
        /// <summary>A declared special against lanes: the lanes pay the special.</summary>
        SpecialVsNormal = 3,
        /// <summary>Two declared specials: the higher wins its water, equal specials tie.</summary>
        SpecialVsSpecial = 4,
    }

    /// <summary>What a settlement event shows.</summary>
    public enum SettlementEventKind : byte
    {
        /// <summary>A seat fouled (倒水).</summary>
        Foul = 0,
        /// <summary>A seat declared a special (报到).</summary>
        Special = 1,
        /// <summary>A shot (打枪).</summary>
        Shot = 2,
        /// <summary>A home run (全垒打).</summary>
        HomeRun = 3,
        /// <summary>The banker seat of a banker-mode round (庄家); always the first event.</summary>
        Banker = 4,
    }

    /// <summary>
    /// What one seat puts on the table: three lanes, or a declared special with its 13 cards.
    /// Built through the library, so a lane of the wrong size or a card twice is reported here.
    /// </summary>
    public sealed class PlayerHand
    {
        internal const int SeatSize = 15;
        private readonly byte[] seat;

        private PlayerHand(byte[] seat)
        {
            this.seat = seat;
        }

        /// <summary>A seat filled by the engine (15 bytes, the C ABI's SssSeat).</summary>
        internal static PlayerHand FromSeat(byte[] seat)
        {
            return new PlayerHand(seat);
        }

        /// <summary>The arranger's answer as a seat: its lanes.</summary>
        public static implicit operator PlayerHand(Arranged arranged)
        {
            if (arranged == null)
            {
                throw new ArgumentNullException("arranged");
            }
            return Arranged(arranged.Arrangement);
        }

        /// <summary>Three lanes (3 + 5 + 5 cards); WrongCardCountException for a lane of another size.
        /// No rule set is needed: up to two copies of a card are accepted (two decks, RULES.md §11;
        /// TooManyCopiesException for a third), and settling checks the table against the rule
        /// set's deck.</summary>
        public static PlayerHand Arranged(IList<Card> front, IList<Card> middle, IList<Card> back)
        {
            byte[] f = Card.Codes(front, "front"), m = Card.Codes(middle, "middle"), b = Card.Codes(back, "back");
            byte[] seat = new byte[SeatSize];
            Native.Check(Native.sss_seat_arranged(f, Native.Len(f), m, Native.Len(m), b, Native.Len(b), seat));
            return new PlayerHand(seat);
        }

        /// <summary>Thirteen cards in lane order: 3 front, 5 middle, 5 back.</summary>
        public static PlayerHand Arranged(IList<Card> thirteen)
        {
            if (thirteen == null)
            {
                throw new ArgumentNullException("thirteen");
            }
            // Cut as 3 / 5 / rest, so the library names the lane that is the wrong size.
            var cards = new List<Card>(thirteen);
            int f = Math.Min(3, cards.Count), m = Math.Min(5, cards.Count - f);
            return Arranged(cards.GetRange(0, f), cards.GetRange(f, m), cards.GetRange(f + m, cards.Count - f - m));
        }

        /// <summary>"Qs Qh Qd / 2c 2d 2h 2s 9c / Tc Jc Qc Kc Ac" (lanes split by '/' or '|'), or 13 cards in lane order.</summary>
        public static PlayerHand Arranged(string text)
        {
            if (text == null)
            {
                throw new ArgumentNullException("text");
            }
            string[] lanes = text.Split('/', '|');
            if (lanes.Length == 3)
            {
                return Arranged(Card.ParseHand(lanes[0]), Card.ParseHand(lanes[1]), Card.ParseHand(lanes[2]));
            }
            return Arranged(Card.ParseHand(text));
        }

        /// <summary>As <see cref="Arranged(string)"/>, the cards read for the rule set's deck, so a lane
        /// may hold two copies of a card of an extra suit (RULES.md §11).</summary>
        public static PlayerHand Arranged(string text, Rules rules)
        {
            if (text == null)
            {
                throw new ArgumentNullException("text");
            }
            string[] lanes = text.Split('/', '|');
            if (lanes.Length == 3)
            {
                return Arranged(Card.ParseHand(lanes[0], rules), Card.ParseHand(lanes[1], rules), Card.ParseHand(lanes[2], rules));
            }
            return Arranged(Card.ParseHand(text, rules));
        }

        /// <summary>The lanes of an Arrangement (e.g. a detected special's).</summary>
        public static PlayerHand Arranged(Arrangement arrangement)
        {
            if (arrangement == null)
            {
                throw new ArgumentNullException("arrangement");
            }
            return Arranged(arrangement.Front, arrangement.Middle, arrangement.Back);
        }

        /// <summary>A declared special (报到) with the seat's 13 cards; whether the cards make it and the
        /// rules enable it is checked when settling (SpecialNotAllowedException).</summary>
        public static PlayerHand Declare(Special special, IList<Card> cards)
        {
            byte[] codes = Card.Codes(cards, "cards");
            byte[] seat = new byte[SeatSize];
            Native.Check(Native.sss_seat_special((uint)special, codes, Native.Len(codes), seat));
            return new PlayerHand(seat);
        }

        /// <summary>A declared special with its 13 cards written as text.</summary>
        public static PlayerHand Declare(Special special, string cards)
        {
            return Declare(special, Card.ParseHand(cards));
        }

        /// <summary>As <see cref="Declare(Special, string)"/>, the cards read for the rule set's deck.</summary>
        public static PlayerHand Declare(Special special, string cards, Rules rules)
        {
            return Declare(special, Card.ParseHand(cards, rules));
        }

        /// <summary>Whether the seat declares a special.</summary>
        public bool IsSpecial { get { return seat[0] == 1; } }

        /// <summary>The declared special, or null for lanes.</summary>
        public Special? Special { get { return IsSpecial ? (Special)seat[1] : (Special?)null; } }

        /// <summary>The 13 cards (lane order for lanes).</summary>
        public Card[] Cards()
        {
            Card[] cards = new Card[13];
            for (int i = 0; i < 13; i++) cards[i] = Card.FromAnyCode(seat[2 + i]);
            return cards;
        }

        internal void CopyTo(byte[] seats, int index)
        {
            Buffer.BlockCopy(seat, 0, seats, index * SeatSize, SeatSize);
        }

        public override string ToString()
        {
            Card[] c = Cards();
            if (IsSpecial)
            {
                return Special.Value.Id() + " " + Card.Format(c);
            }
            return Card.Format(new ArraySegment<Card>(c, 0, 3)) + " / " + Card.Format(new ArraySegment<Card>(c, 3, 5))
                + " / " + Card.Format(new ArraySegment<Card>(c, 8, 5));
        }
    }

    /// <summary>What one seat played and its total.</summary>
    public sealed class SeatResult
    {
        internal SeatResult(NativeSeatResult n)
        {
            Total = Water.From(n.total);
            IsSpecial = n.kind == 1;
            if (IsSpecial)
            {
                Special = (Special)n.special;
                SpecialWater = checked((int)n.special_water);
            }
            else
            {
                Eval = new ArrangementEval(n.eval);
            }
            IsFoul = n.is_foul != 0;
        }

        /// <summary>The seat's result for the round.</summary>
        public Water Total { get; private set; }

        /// <summary>Whether the seat declared a special.</summary>
        public bool IsSpecial { get; private set; }

        /// <summary>Lane ranks and the engine's foul check (lanes only).</summary>
        public ArrangementEval? Eval { get; private set; }

        /// <summary>Whether the seat played lanes and fouled.</summary>
        public bool IsFoul { get; private set; }

        /// <summary>The declared special, or null.</summary>
        public Special? Special { get; private set; }

        /// <summary>The declared special's water under the rules, or null.</summary>
        public int? SpecialWater { get; private set; }
    }

    /// <summary>One lane of one pair.</summary>
    public struct LaneResult
    {
        private readonly NativeLaneResult n;

        internal LaneResult(NativeLaneResult n) { this.n = n; }

        /// <summary>Which lane.</summary>
        public Lane Lane { get { return (Lane)n.lane; } }

        /// <summary>The seat that won the lane; null for a tie or two fouled seats.</summary>
        public int? Winner { get { return n.winner == Settlement.NoSeat ? (int?)null : n.winner; } }

        /// <summary>Water the loser pays for this lane before any shot (pairwise: the winner's own
        /// hand's value; ranked: the lane's t); 0 without a winner.</summary>
        public int Water { get { return checked((int)n.water); } }

        /// <summary>The category of the winning hand, or null.</summary>
        public Category? Hand { get { return n.hand == 255 ? (Category?)null : (Category)n.hand; } }
    }

    /// <summary>A shot (打枪) within a pair.</summary>
    public sealed class Shot
    {
        internal Shot(int shooter, int victim, long laneWater, long value)
        {
            Shooter = shooter;
            Victim = victim;
            LaneWater = laneWater;
            Value = value;
        }

        public int Shooter { get; private set; }

        public int Victim { get; private set; }

        /// <summary>The lane water the shooter won (what the pair moved before the shot).</summary>
        public long LaneWater { get; private set; }

        /// <summary>What the victim pays after the shot: lane water × multiplier + bonus.</summary>
        public long Value { get; private set; }
    }

    /// <summary>A pair settled by a special.</summary>
    public sealed class SpecialPayment
    {
        internal SpecialPayment(int? winner, Special? special, Water water)
        {
            Winner = winner;
            Special = special;
            Water = water;
        }

        /// <summary>The seat that is paid; null when two equal specials tie.</summary>
        public int? Winner { get; private set; }

        /// <summary>The special that is paid, or null.</summary>
        public Special? Special { get; private set; }

        /// <summary>What the winner receives (ranked: w / p, maybe a fraction).</summary>
        public Water Water { get; private set; }
    }

    /// <summary>The settlement of one pair of seats; every signed amount is from SeatA's side.</summary>
    public sealed class PairResult
    {
        private readonly LaneResult[] lanes;

        internal PairResult(NativePairResult n)
        {
            SeatA = n.seat_a;
            SeatB = n.seat_b;
            Kind = (PairKind)n.kind;
            LaneWater = n.lane_water;
            Water = Water.From(n.water);
            if (n.has_lanes != 0)
            {
                lanes = new[] { new LaneResult(n.lane0), new LaneResult(n.lane1), new LaneResult(n.lane2) };
            }
            if (n.has_shot != 0)
            {
                Shot = new Shot(n.shooter, n.victim, n.shot_lane_water, n.shot_value);
            }
            if (n.has_home_run != 0)
            {
                HomeRun = n.home_run_value;
            }
            MajorityWinner = n.majority_winner == Settlement.NoSeat ? (int?)null : n.majority_winner;
            if (n.has_special != 0)
            {
                Special = new SpecialPayment(
                    n.special_winner == Settlement.NoSeat ? (int?)null : n.special_winner,
                    n.special == 255 ? (Special?)null : (Special)n.special,
                    Water.From(n.special_water));
            }
        }

        /// <summary>The lower seat.</summary>
        public int SeatA { get; private set; }

        /// <summary>The higher seat.</summary>
        public int SeatB { get; private set; }

        public PairKind Kind { get; private set; }

        /// <summary>Front, middle, back when lanes were compared; else null.</summary>
        public IList<LaneResult> Lanes { get { return lanes == null ? null : Array.AsReadOnly(lanes); } }

        /// <summary>Net lane water from SeatA's side, majority bonus included, before any shot or home run.</summary>
        public long LaneWater { get; private set; }

        /// <summary>The seat that won more lanes than it lost and received the rule set's majority bonus
        /// (2-4 scoring, Rules.MajorityBonus), or null when none was paid.</summary>
        public int? MajorityWinner { get; private set; }

        /// <summary>The shot, if one seat shot the other.</summary>
        public Shot Shot { get; private set; }

        /// <summary>What the victim pays after a home run, if the shot is part of one.</summary>
        public long? HomeRun { get; private set; }

        /// <summary>The special payment, for a pair settled by a special.</summary>
        public SpecialPayment Special { get; private set; }

        /// <summary>What SeatA receives from SeatB in the end (negative: pays).</summary>
        public Water Water { get; private set; }
    }

    /// <summary>Something worth showing, in the order a client animates it.</summary>
    public sealed class SettlementEvent
    {
        internal SettlementEvent(NativeEvent n)
        {
            Kind = (SettlementEventKind)n.kind;
            Seat = n.seat;
            Victim = n.victim == Settlement.NoSeat ? (int?)null : n.victim;
            Value = Kind == SettlementEventKind.Shot || Kind == SettlementEventKind.HomeRun ? n.value : (long?)null;
            FoulBits = n.foul_bits;
            Special = n.special == 255 ? (Special?)null : (Special)n.special;
        }

        public SettlementEventKind Kind { get; private set; }

        /// <summary>The seat that fouled, declared, shot, made the home run, or is the banker.</summary>
        public int Seat { get; private set; }

        /// <summary>A shot's victim; else null.</summary>
        public int? Victim { get; private set; }

        /// <summary>A shot: what the victim pays (before any home run); a home run: what the victims
        /// pay together; else null.</summary>
        public long? Value { get; private set; }

        /// <summary>A foul: bit 0 front over middle, bit 1 middle over back; else 0.</summary>
        public int FoulBits { get; private set; }

        /// <summary>A special: the declared special; else null.</summary>
        public Special? Special { get; private set; }

        public override string ToString()
        {
            switch (Kind)
            {
                case SettlementEventKind.Foul: return "foul " + Seat + " (" + FoulBits + ")";
                case SettlementEventKind.Special: return "special " + Seat + " " + Special.Value.Id();
                case SettlementEventKind.Shot: return "shot " + Seat + " -> " + Victim + ": " + Value;
                case SettlementEventKind.Banker: return "banker " + Seat;
                default: return "home run " + Seat + ": " + Value;
            }
        }
    }

    /// <summary>
    /// A settled round. Everything is read from the library when it is made; the native handle is
    /// kept for ToJson and freed by Dispose (or the finalizer).
    /// </summary>
    public sealed class Settlement : IDisposable
    {
        internal const byte NoSeat = 255;
        private readonly SettlementHandle handle;
        private readonly Water[] totals;
        private readonly Water[][] matrix;
        private readonly SeatResult[] seats;
        private readonly PairResult[] pairs;
        private readonly SettlementEvent[] events;
        private readonly int[] rankedLaneWater;

        private Settlement(SettlementHandle handle)
        {
            this.handle = handle;
            NativeSettlementInfo info;
            Native.Check(Native.sss_settlement_info(handle, out info));
            int n = info.seat_count;
            Mode = (ScoringMode)info.mode;
            HomeRunSeat = info.home_run_seat == NoSeat ? (int?)null : info.home_run_seat;
            Banker = info.banker_seat == NoSeat ? (int?)null : info.banker_seat;
            if (info.has_ranked_lane_water != 0)
            {
                rankedLaneWater = new[] { checked((int)info.ranked_lane_water0), checked((int)info.ranked_lane_water1),
                    checked((int)info.ranked_lane_water2) };
            }
            var raw = new NativeWater[n * n];
            UIntPtr count;
            Native.Check(Native.sss_settlement_totals(handle, raw, (UIntPtr)raw.Length, out count));
            totals = new Water[n];
            seats = new SeatResult[n];
            for (int i = 0; i < n; i++)
            {
                totals[i] = Water.From(raw[i]);
                NativeSeatResult s;
                Native.Check(Native.sss_settlement_seat(handle, (UIntPtr)i, out s));
                seats[i] = new SeatResult(s);
            }
            Native.Check(Native.sss_settlement_matrix(handle, raw, (UIntPtr)raw.Length, out count));
            matrix = new Water[n][];
            for (int i = 0; i < n; i++)
            {
                matrix[i] = new Water[n];
                for (int j = 0; j < n; j++) matrix[i][j] = Water.From(raw[i * n + j]);
            }
            pairs = new PairResult[info.pair_count];
            for (int i = 0; i < pairs.Length; i++)
            {
                NativePairResult p;
                Native.Check(Native.sss_settlement_pair(handle, (UIntPtr)i, out p));
                pairs[i] = new PairResult(p);
            }
            events = new SettlementEvent[info.event_count];
            for (int i = 0; i < events.Length; i++)
            {
                NativeEvent e;
                Native.Check(Native.sss_settlement_event(handle, (UIntPtr)i, out e));
                events[i] = new SettlementEvent(e);
            }
        }

        /// <summary>
        /// Settle one round: 2 to <see cref="Rules.MaxPlayers"/> hands in seat order (4 for one deck,
        /// up to 8 with extra suits, RULES.md §11) under a rule set that settles all pairs.
        /// Everything is checked first: InvalidTableException (a seat count the deck does not seat,
        /// naming both numbers; a banker-mode rule set, which needs the banker seat),
        /// DuplicateCardException (a card the deck holds once, twice at the table) or its
        /// TooManyCopiesException (a third copy of a card of an extra suit), position
        /// seat × 13 + index, SpecialNotAllowedException (a special the cards do not make or the rules
        /// do not enable).
        /// </summary>
        public static Settlement Settle(Rules rules, IList<PlayerHand> hands)
        {
            return Settle(rules, hands, null);
        }

        /// <summary>
        /// Settle one round with its banker seat: `banker` is the banker's seat when rules.Table is
        /// Table.Banker (only the pairs with the banker are settled, RULES.md §5a), null when the rules
        /// settle all pairs. InvalidTableException for a missing banker, a banker seat not at the table
        /// or a banker seat under all pairs; otherwise as Settle(rules, hands).
        /// </summary>
        public static Settlement Settle(Rules rules, IList<PlayerHand> hands, int? banker)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            if (hands == null)
            {
                throw new ArgumentNullException("hands");
            }
            byte[] seats = new byte[hands.Count * PlayerHand.SeatSize];
            for (int i = 0; i < hands.Count; i++)
            {
                if (hands[i] == null)
                {
                    throw new ArgumentNullException("hands", "seat " + i + " is null");
                }
                hands[i].CopyTo(seats, i);
            }
            byte bankerSeat = NoSeat;
            if (banker == null && rules.Table == Table.Banker)
            {
                throw new InvalidTableException("invalid table: the rules are in banker mode (table = banker): name the "
                    + "banker seat with Settlement.Settle(rules, hands, banker)");
            }
            if (banker != null)
            {
                if (banker.Value < 0 || banker.Value >= NoSeat)
                {
                    throw new InvalidTableException("invalid table: banker seat " + banker.Value + " is not at the table");
                }
                bankerSeat = (byte)banker.Value;
            }
            SettlementHandle made;
            int st = Native.sss_settle_with_banker(rules.Handle, seats, (UIntPtr)hands.Count, bankerSeat, out made);
            if (st != Native.Ok)
            {
                string message = Native.LastErrorMessage();
                made.Dispose();
                throw ShisanshuiException.ForStatus(st, message);
            }
            try
            {
                return new Settlement(made);
            }
            catch
            {
                made.Dispose();
                throw;
            }
        }

        /// <summary>Settle one round given as hands.</summary>
        public static Settlement Settle(Rules rules, params PlayerHand[] hands)
        {
            return Settle(rules, (IList<PlayerHand>)hands);
        }

        /// <summary>Settle one banker-mode round given as hands (see Settle(rules, hands, banker)).</summary>
        public static Settlement SettleWithBanker(Rules rules, int banker, params PlayerHand[] hands)
        {
            return Settle(rules, (IList<PlayerHand>)hands, banker);
        }

        /// <summary>The banker seat of a banker-mode round, or null when every pair was settled.</summary>
        public int? Banker { get; private set; }

        /// <summary>How the round was scored.</summary>
        public ScoringMode Mode { get; private set; }

        /// <summary>Number of seats.</summary>
        public int SeatCount { get { return totals.Length; } }

        /// <summary>Each seat's result (positive: received); they sum to zero.</summary>
        public IList<Water> Totals { get { return Array.AsReadOnly(totals); } }

        /// <summary>Matrix[i][j]: what seat i receives from seat j (negative: pays).</summary>
        public Water MatrixAt(int i, int j) { return matrix[i][j]; }

        /// <summary>What each seat played, with its total.</summary>
        public IList<SeatResult> Seats { get { return Array.AsReadOnly(seats); } }

        /// <summary>Every settled pair (i, j), i &lt; j, in the order (0,1), (0,2), …: all of them, or in
        /// banker mode the pairs with the banker.</summary>
        public IList<PairResult> Pairs { get { return Array.AsReadOnly(pairs); } }

        /// <summary>The pair of seats a and b (either order), or null.</summary>
        public PairResult Pair(int a, int b)
        {
            int lo = Math.Min(a, b), hi = Math.Max(a, b);
            foreach (PairResult p in pairs)
            {
                if (p.SeatA == lo && p.SeatB == hi) return p;
            }
            return null;
        }

        /// <summary>The banker (banker mode), fouls and specials by seat, then shots by pair, then the home run.</summary>
        public IList<SettlementEvent> Events { get { return Array.AsReadOnly(events); } }

        /// <summary>Ranked mode: the water of a lane win in the front, middle and back; else null.</summary>
        public IList<int> RankedLaneWater { get { return rankedLaneWater == null ? null : Array.AsReadOnly(rankedLaneWater); } }

        /// <summary>The seat that shot every other seat (全垒打), or null.</summary>
        public int? HomeRunSeat { get; private set; }

        /// <summary>The whole settlement as pretty-printed JSON (water as {"num": n, "den": d}).</summary>
        public string ToJson()
        {
            if (handle.IsClosed)
            {
                throw new ObjectDisposedException("Settlement");
            }
            SettlementHandle h = handle;
            return Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) => Native.sss_settlement_to_json(h, b, c, out l));
        }

        /// <summary>The round in money (see Money.Settle).</summary>
        public MoneyResult Money(long baseStake, IList<long> carries = null, Rake? rake = null)
        {
            return Shisanshui.Money.Settle(totals, baseStake, carries, rake);
        }

        /// <summary>Frees the native settlement (ToJson is then unavailable); safe to call more than once.</summary>
        public void Dispose()
        {
            handle.Dispose();
        }
    }

    /// <summary>Owns one SssSettlement*; frees it exactly once.</summary>
    internal sealed class SettlementHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        public SettlementHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.sss_settlement_free(handle);
            return true;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Money
    // ---------------------------------------------------------------------------------------------

    /// <summary>The house's cut of positive results, as an exact fraction (0 ≤ rake ≤ 1).
    /// InvalidMoneyException at once for a denominator below 1 or a rake below 0 or over 100%.</summary>
    public struct Rake
    {
        /// <summary>
        /// numerator / denominator of each positive result; the library checks it (a denominator
        /// below 1, a negative rake or one over 100% is an InvalidMoneyException with its message).
        /// </summary>
        public Rake(long numerator, long denominator)
        {
            Native.Check(Native.sss_rake_check(numerator, denominator));
            Numerator = numerator;
            Denominator = denominator;
        }

        public long Numerator { get; private set; }

        public long Denominator { get; private set; }

        /// <summary>No rake.</summary>
        public static Rake None { get { return new Rake(0, 1); } }

        /// <summary>A whole percentage: Percent(5) is KX's 5%; 0 to 100 (InvalidMoneyException otherwise).</summary>
        public static Rake Percent(long p) { return new Rake(p, 100); }

        /// <summary>Basis points (1/100 of a percent): 250 is 2.5%; 0 to 10000.</summary>
        public static Rake BasisPoints(long bp) { return new Rake(bp, 10000); }
    }

    /// <summary>One seat's way from water to money (minor units).</summary>
    public sealed class MoneyLine
    {
        internal MoneyLine(NativeMoneyLine n)
        {
            Water = Water.From(n.water);
            Raw = n.raw;
            Capped = n.capped;
            Scaled = n.scaled;
            Rake = n.rake;
            Amount = n.amount;
        }

        public Water Water { get; private set; }

        /// <summary>trunc(water × base).</summary>
        public long Raw { get; private set; }

        /// <summary>After the carry cap.</summary>
        public long Capped { get; private set; }

        /// <summary>After the proportional scaling of the larger side.</summary>
        public long Scaled { get; private set; }

        /// <summary>Rake taken from a positive result.</summary>
        public long Rake { get; private set; }

        /// <summary>What the seat receives (negative: pays).</summary>
        public long Amount { get; private set; }
    }

    /// <summary>A round in money: Σ amounts + House + Unclaimed == 0.</summary>
    public sealed class MoneyResult
    {
        private readonly MoneyLine[] lines;

        internal MoneyResult(NativeMoneyLine[] raw, int n, NativeMoneyTotals t)
        {
            lines = new MoneyLine[n];
            for (int i = 0; i < n; i++) lines[i] = new MoneyLine(raw[i]);
            Rake = t.rake;
            Rounding = t.rounding;
            House = t.house;
            Unclaimed = t.unclaimed;
        }

        public IList<MoneyLine> Lines { get { return Array.AsReadOnly(lines); } }

        /// <summary>Each seat's final amount.</summary>
        public long[] Amounts()
        {
            long[] a = new long[lines.Length];
            for (int i = 0; i < a.Length; i++) a[i] = lines[i].Amount;
            return a;
        }

        /// <summary>Total rake.</summary>
        public long Rake { get; private set; }

        /// <summary>What truncation left over: −Σ scaled (signed).</summary>
        public long Rounding { get; private set; }

        /// <summary>The house's share: Rake + Rounding.</summary>
        public long House { get; private set; }

        /// <summary>Escape only: what the leaver pays that no one receives.</summary>
        public long Unclaimed { get; private set; }
    }

    /// <summary>Money (RULES.md §8): water × base stake, carry caps, rake; escape.</summary>
    public static class Money
    {
        private static NativeStakes Stakes(long baseStake, Rake? rake)
        {
            Rake r = rake ?? Shisanshui.Rake.None;
            return new NativeStakes { base_stake = baseStake, rake_numerator = r.Numerator, rake_denominator = r.Denominator };
        }

        private static long[] Carries(IList<long> carries)
        {
            if (carries == null) return new long[0];
            long[] c = new long[carries.Count];
            carries.CopyTo(c, 0);
            return c;
        }

        /// <summary>
        /// Settle water in money: each seat trunc(water × baseStake) minor units, capped at its carry
        /// (null: no caps), the larger side scaled to the smaller, rake on positive results.
        /// InvalidMoneyException for a negative stake or carry, carries not one per seat, a rake
        /// below 0 or over 100%; InvalidTableException for not 2 to 8 seats.
        /// </summary>
        public static MoneyResult Settle(IList<Water> water, long baseStake, IList<long> carries = null, Rake? rake = null)
        {
            if (water == null)
            {
                throw new ArgumentNullException("water");
            }
            long[] t = new long[water.Count];
            for (int i = 0; i < t.Length; i++) t[i] = water[i].Units;
            NativeStakes stakes = Stakes(baseStake, rake);
            long[] c = Carries(carries);
            var lines = new NativeMoneyLine[Math.Max(t.Length, 1)];
            UIntPtr n;
            NativeMoneyTotals totals;
            Native.Check(Native.sss_money_settle(t, (UIntPtr)t.Length, ref stakes, c, (UIntPtr)c.Length, lines,
                (UIntPtr)lines.Length, out n, out totals));
            return new MoneyResult(lines, checked((int)n.ToUInt64()), totals);
        }

        /// <summary>An escape (逃跑): the leaver pays 18 water × base, every other seat receives 1 × base,
        /// each capped at its carry; not zero-sum (Unclaimed).</summary>
        public static MoneyResult Escape(int seats, int leaver, long baseStake, IList<long> carries = null, Rake? rake = null)
        {
            if (seats < 0 || leaver < 0)
            {
                throw new ArgumentOutOfRangeException(seats < 0 ? "seats" : "leaver");
            }
            NativeStakes stakes = Stakes(baseStake, rake);
            long[] c = Carries(carries);
            var lines = new NativeMoneyLine[Math.Max(seats, 1)];
            UIntPtr n;
            NativeMoneyTotals totals;
            Native.Check(Native.sss_money_escape((UIntPtr)seats, (UIntPtr)leaver, ref stakes, c, (UIntPtr)c.Length, lines,
                (UIntPtr)lines.Length, out n, out totals));
            return new MoneyResult(lines, checked((int)n.ToUInt64()), totals);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Native mirrors (layouts fixed by the C header; checked by the tests)
    // ---------------------------------------------------------------------------------------------

    /// <summary>SssWater (24 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeWater
    {
        public long units;
        public long num;
        public long den;
    }

    /// <summary>SssSettlementInfo (20 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSettlementInfo
    {
        public uint ranked_lane_water0;
        public uint ranked_lane_water1;
        public uint ranked_lane_water2;
        public byte seat_count;
        public byte pair_count;
        public byte event_count;
        public byte mode;
        public byte has_ranked_lane_water;
        public byte home_run_seat;
        public byte banker_seat;
        public byte reserved;
    }

    /// <summary>SssSeatResult (64 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSeatResult
    {
        public NativeWater total;
        public NativeArrangementEval eval;
        public uint special_water;
        public byte kind;
        public byte special;
        public byte is_foul;
        public byte reserved0;
        public byte reserved1;
        public byte reserved2;
        public byte reserved3;
        public byte reserved4;
    }

    /// <summary>SssLaneResult (8 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeLaneResult
    {
        public uint water;
        public byte lane;
        public byte winner;
        public byte hand;
        public byte reserved;
    }

    /// <summary>SssPairResult (120 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativePairResult
    {
        public NativeWater water;
        public NativeWater special_water;
        public long lane_water;
        public long shot_lane_water;
        public long shot_value;
        public long home_run_value;
        public NativeLaneResult lane0;
        public NativeLaneResult lane1;
        public NativeLaneResult lane2;
        public byte seat_a;
        public byte seat_b;
        public byte kind;
        public byte has_lanes;
        public byte has_shot;
        public byte shooter;
        public byte victim;
        public byte has_home_run;
        public byte has_special;
        public byte special_winner;
        public byte special;
        public byte majority_winner;
        public byte reserved0;
        public byte reserved1;
        public byte reserved2;
        public byte reserved3;
    }

    /// <summary>SssEvent (16 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeEvent
    {
        public long value;
        public byte kind;
        public byte seat;
        public byte victim;
        public byte foul_bits;
        public byte special;
        public byte reserved0;
        public byte reserved1;
        public byte reserved2;
    }

    /// <summary>SssStakes (24 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeStakes
    {
        public long base_stake;
        public long rake_numerator;
        public long rake_denominator;
    }

    /// <summary>SssMoneyLine (64 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMoneyLine
    {
        public NativeWater water;
        public long raw;
        public long capped;
        public long scaled;
        public long rake;
        public long amount;
    }

    /// <summary>SssMoneyTotals (32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeMoneyTotals
    {
        public long rake;
        public long rounding;
        public long house;
        public long unclaimed;
    }

    internal static partial class Native
    {
        /// <summary>`out` is an SssSeat*: 15 bytes, all uint8_t.</summary>
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_seat_arranged(byte[] front, UIntPtr frontCount, byte[] middle, UIntPtr middleCount,
            byte[] back, UIntPtr backCount, [Out] byte[] outSeat);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_seat_special(uint special, byte[] codes, UIntPtr count, [Out] byte[] outSeat);

        /// <summary>`seats` is an SssSeat array: 15 bytes per seat.</summary>
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settle_with_banker(RulesHandle rules, byte[] seats, UIntPtr count, byte banker,
            out SettlementHandle outSettlement);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void sss_settlement_free(IntPtr settlement);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settlement_info(SettlementHandle settlement, out NativeSettlementInfo info);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settlement_totals(SettlementHandle settlement, [Out] NativeWater[] outWater,
            UIntPtr cap, out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settlement_matrix(SettlementHandle settlement, [Out] NativeWater[] outWater,
            UIntPtr cap, out UIntPtr outCount);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settlement_seat(SettlementHandle settlement, UIntPtr index, out NativeSeatResult seat);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settlement_pair(SettlementHandle settlement, UIntPtr index, out NativePairResult pair);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settlement_event(SettlementHandle settlement, UIntPtr index, out NativeEvent ev);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settlement_to_json(SettlementHandle settlement, [Out] byte[] buf, UIntPtr cap,
            out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_rake_check(long numerator, long denominator);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_money_settle(long[] waterUnits, UIntPtr count, ref NativeStakes stakes,
            long[] carries, UIntPtr carryCount, [Out] NativeMoneyLine[] outLines, UIntPtr cap, out UIntPtr outCount,
            out NativeMoneyTotals outTotals);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_money_escape(UIntPtr seats, UIntPtr leaver, ref NativeStakes stakes,
            long[] carries, UIntPtr carryCount, [Out] NativeMoneyLine[] outLines, UIntPtr cap, out UIntPtr outCount,
            out NativeMoneyTotals outTotals);
    }
}
