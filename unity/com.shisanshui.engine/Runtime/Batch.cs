// Batches: many hands or rounds per call over caller arrays (the C ABI's sss_*_many). Each array
// is pinned once for the call (GCHandle) and handed to the library as a pointer at its offset:
// no element is marshalled or copied. Arrays with an offset and a count, not Span<T>: Mono's mcs
// at C# 7 (what the tests compile with) has no System.Memory, and arrays work on every Unity.
using System;
using System.Runtime.InteropServices;

namespace Shisanshui
{
    /// <summary>
    /// Evaluate, detect specials, arrange and settle many hands or rounds in one native call.
    /// </summary>
    /// <remarks>
    /// Inputs are flat arrays of card codes (5, 3 or 13 per hand, hand after hand) or of 64-bit card
    /// masks (bit <c>code</c> set per card). <c>threads</c>: 1 (the default) runs on the calling thread,
    /// n &gt; 1 on up to n threads, 0 on one per core; the results do not depend on it. Every input is
    /// checked before anything is computed, and a failed call writes nothing to its outputs: it throws
    /// the engine's exception (<see cref="BadCardCodeException"/>, <see cref="DuplicateCardException"/>, …)
    /// whose <see cref="ShisanshuiException.Row"/> is the first bad row (hand, or round for
    /// <see cref="Settle(Rules, int, byte[], int, int, long[], int, int)"/>) and whose message starts
    /// with <c>row R: </c>. Where the rule set deals jokers (RULES.md §12) a hand may hold codes 52 and 53
    /// as often as the deck deals them (a mask: bits 52 and 53, one of each), and each row gives what the
    /// one-hand call gives it; a joker code where the rule set deals none is a
    /// <see cref="BadCardCodeException"/>, one the deck does not deal a <see cref="JokerNotInDeckException"/>,
    /// one too many a <see cref="DuplicateCardException"/> or <see cref="TooManyCopiesException"/>.
    /// Offsets and counts outside the arrays throw
    /// <see cref="ArgumentOutOfRangeException"/>, null arrays <see cref="ArgumentNullException"/>.
    /// </remarks>
    public static class Batch
    {
        /// <summary>The <c>best</c> entry of <see cref="DetectSpecials(Rules, byte[], int, int, byte[], int, ushort[], int, int)"/>
        /// for a hand that makes no enabled special.</summary>
        public const byte NoSpecial = 255;

        /// <summary>SIZE_MAX, the native out_error_row of a failure that is not about one row.</summary>
        private static readonly UIntPtr SizeMax = UIntPtr.Size == 8 ? new UIntPtr(ulong.MaxValue) : new UIntPtr(uint.MaxValue);

        /// <summary>
        /// Rank <paramref name="hands"/> five-card hands of <paramref name="codes"/> (5 codes each from
        /// <paramref name="offset"/>) into <paramref name="values"/> from <paramref name="valuesOffset"/>:
        /// each the <see cref="HandRank.Value"/> <see cref="Evaluator.Evaluate(Rules, byte[])"/> gives.
        /// Hands in enumeration (sorted) order are about twice as fast as shuffled ones.
        /// </summary>
        public static void Evaluate5(Rules rules, byte[] codes, int offset, int hands, uint[] values, int valuesOffset, int threads = 1)
        {
            Range(codes, "codes", offset, hands, 5);
            Range(values, "values", valuesOffset, hands, 1);
            using (var c = new Pin(codes, offset))
            using (var v = new Pin(values, valuesOffset * 4))
            {
                Call(Native.sss_evaluate5_many(RulesOf(rules), c.Ptr, N(hands), v.Ptr, Threads(threads), ref c.Row), c.Row);
            }
        }

        /// <summary>The ranks of every five-card hand of <paramref name="codes"/> (its length a multiple of 5).</summary>
        public static uint[] Evaluate5(Rules rules, byte[] codes, int threads = 1)
        {
            int hands = Whole(codes, "codes", 5);
            var values = new uint[hands];
            Evaluate5(rules, codes, 0, hands, values, 0, threads);
            return values;
        }

        /// <summary>As <see cref="Evaluate5(Rules, byte[], int, int, uint[], int, int)"/> for three-card hands (fronts).</summary>
        public static void Evaluate3(Rules rules, byte[] codes, int offset, int hands, uint[] values, int valuesOffset, int threads = 1)
        {
            Range(codes, "codes", offset, hands, 3);
            Range(values, "values", valuesOffset, hands, 1);
            using (var c = new Pin(codes, offset))
            using (var v = new Pin(values, valuesOffset * 4))
            {
                Call(Native.sss_evaluate3_many(RulesOf(rules), c.Ptr, N(hands), v.Ptr, Threads(threads), ref c.Row), c.Row);
            }
        }

        /// <summary>The ranks of every three-card hand of <paramref name="codes"/> (its length a multiple of 3).</summary>
        public static uint[] Evaluate3(Rules rules, byte[] codes, int threads = 1)
        {
            int hands = Whole(codes, "codes", 3);
            var values = new uint[hands];
            Evaluate3(rules, codes, 0, hands, values, 0, threads);
            return values;
        }

        /// <summary>
        /// Rank <paramref name="count"/> five-card hands given as card masks (exactly 5 bits each, all
        /// below bit 52 but the jokers' bits 52 and 53 where the rule set deals them;
        /// <see cref="WrongCardCountException"/>, <see cref="BadCardCodeException"/> or
        /// <see cref="JokerNotInDeckException"/> otherwise).
        /// </summary>
        public static void Evaluate5Masks(Rules rules, ulong[] masks, int offset, int count, uint[] values, int valuesOffset, int threads = 1)
        {
            Range(masks, "masks", offset, count, 1);
            Range(values, "values", valuesOffset, count, 1);
            using (var m = new Pin(masks, offset * 8))
            using (var v = new Pin(values, valuesOffset * 4))
            {
                Call(Native.sss_evaluate5_masks_many(RulesOf(rules), m.Ptr, N(count), v.Ptr, Threads(threads), ref m.Row), m.Row);
            }
        }

        /// <summary>As <see cref="Evaluate5Masks"/> for three-card masks.</summary>
        public static void Evaluate3Masks(Rules rules, ulong[] masks, int offset, int count, uint[] values, int valuesOffset, int threads = 1)
        {
            Range(masks, "masks", offset, count, 1);
            Range(values, "values", valuesOffset, count, 1);
            using (var m = new Pin(masks, offset * 8))
            using (var v = new Pin(values, valuesOffset * 4))
            {
                Call(Native.sss_evaluate3_masks_many(RulesOf(rules), m.Ptr, N(count), v.Ptr, Threads(threads), ref m.Row), m.Row);
            }
        }

        /// <summary>
        /// The special hands of <paramref name="hands"/> 13-card hands: <paramref name="best"/> gets each
        /// hand's highest enabled <see cref="Special"/> as a byte, or <see cref="NoSpecial"/>; when
        /// <paramref name="all"/> is not null it gets, per hand, bit <c>(int)special</c> set for every
        /// enabled special the hand makes. The answers of <see cref="Specials.Detect(Rules, byte[])"/>.
        /// </summary>
        public static void DetectSpecials(Rules rules, byte[] codes, int offset, int hands, byte[] best, int bestOffset,
            ushort[] all = null, int allOffset = 0, int threads = 1)
        {
            Range(codes, "codes", offset, hands, 13);
            Range(best, "best", bestOffset, hands, 1);
            if (all != null)
            {
                Range(all, "all", allOffset, hands, 1);
            }
            using (var c = new Pin(codes, offset))
            using (var b = new Pin(best, bestOffset))
            using (var a = new Pin(all, allOffset * 2))
            {
                Call(Native.sss_special_detect_many(RulesOf(rules), c.Ptr, N(hands), b.Ptr, a.Ptr, Threads(threads), ref c.Row), c.Row);
            }
        }

        /// <summary>
        /// Arrange <paramref name="hands"/> 13-card hands: <paramref name="output"/> gets, hand after hand
        /// from <paramref name="outputOffset"/>, the 13 codes of <see cref="Arranger.Arrange(byte[])"/>'s
        /// arrangement in lane order (front 3, middle 5, back 5). Threads share the arranger.
        /// </summary>
        public static void Arrange(Arranger arranger, byte[] codes, int offset, int hands, byte[] output, int outputOffset, int threads = 1)
        {
            if (arranger == null)
            {
                throw new ArgumentNullException("arranger");
            }
            Range(codes, "codes", offset, hands, 13);
            Range(output, "output", outputOffset, hands, 13);
            using (var c = new Pin(codes, offset))
            using (var o = new Pin(output, outputOffset))
            {
                Call(Native.sss_arrange_many(arranger.Handle, c.Ptr, N(hands), o.Ptr, Threads(threads), ref c.Row), c.Row);
            }
        }

        /// <summary>The arrangements of every 13-card hand of <paramref name="codes"/>, 13 codes each.</summary>
        public static byte[] Arrange(Arranger arranger, byte[] codes, int threads = 1)
        {
            int hands = Whole(codes, "codes", 13);
            var output = new byte[codes.Length];
            Arrange(arranger, codes, 0, hands, output, 0, threads);
            return output;
        }

        /// <summary>
        /// Settle <paramref name="rounds"/> rounds of <paramref name="seats"/> players (2 to
        /// <see cref="Rules.MaxPlayers"/>: up to 8 with extra suits, RULES.md §11) who all play
        /// their lanes: <paramref name="codes"/> holds, round after round and seat after seat, 13 codes per
        /// hand in lane order (as <see cref="Arrange(Arranger, byte[], int)"/> writes them; a foul is settled
        /// as a foul). <paramref name="units"/> gets each seat's total in units of 1/840 of a water point
        /// (<see cref="Water.Units"/>; divide by <see cref="Water.Denominator"/>), entry
        /// <c>round × seats + seat</c> from <paramref name="unitsOffset"/>.
        /// </summary>
        public static void Settle(Rules rules, int seats, byte[] codes, int offset, int rounds, long[] units, int unitsOffset, int threads = 1)
        {
            if (seats < 0)
            {
                throw new ArgumentOutOfRangeException("seats");
            }
            int hands = checked(rounds * seats);
            Range(codes, "codes", offset, hands, 13);
            Range(units, "units", unitsOffset, hands, 1);
            using (var c = new Pin(codes, offset))
            using (var t = new Pin(units, unitsOffset * 8))
            {
                Call(Native.sss_settle_many(RulesOf(rules), (uint)seats, c.Ptr, N(rounds), t.Ptr, Threads(threads), ref c.Row), c.Row);
            }
        }

        /// <summary>
        /// As <see cref="Settle(Rules, int, byte[], int, int, long[], int, int)"/>, for a banker room (rules with
        /// <see cref="Table.Banker"/>, RULES.md §5a): <c>bankers[bankersOffset + round]</c> is that round's banker
        /// seat (0 to seats − 1; it may move from round to round), and only the pairs with it are settled; 255 (no
        /// banker) for a round of rules that settle all pairs. <see cref="InvalidTableException"/> (with
        /// <see cref="ShisanshuiException.Row"/> the round) for a banker seat not at the table, 255 under banker
        /// mode, a seat under all pairs, and from <c>Settle</c> for banker rules.
        /// </summary>
        public static void SettleWithBanker(Rules rules, int seats, byte[] bankers, int bankersOffset, byte[] codes, int offset, int rounds,
            long[] units, int unitsOffset, int threads = 1)
        {
            if (seats < 0)
            {
                throw new ArgumentOutOfRangeException("seats");
            }
            int hands = checked(rounds * seats);
            Range(bankers, "bankers", bankersOffset, rounds, 1);
            Range(codes, "codes", offset, hands, 13);
            Range(units, "units", unitsOffset, hands, 1);
            using (var b = new Pin(bankers, bankersOffset))
            using (var c = new Pin(codes, offset))
            using (var t = new Pin(units, unitsOffset * 8))
            {
                Call(Native.sss_settle_many_with_banker(RulesOf(rules), (uint)seats, b.Ptr, c.Ptr, N(rounds), t.Ptr, Threads(threads), ref c.Row),
                    c.Row);
            }
        }

        private static RulesHandle RulesOf(Rules rules)
        {
            if (rules == null)
            {
                throw new ArgumentNullException("rules");
            }
            return rules.Handle;
        }

        private static UIntPtr N(int n)
        {
            return (UIntPtr)(uint)n;
        }

        private static uint Threads(int threads)
        {
            if (threads < 0)
            {
                throw new ArgumentOutOfRangeException("threads", threads, "threads must be 0 (one per core) or more");
            }
            return (uint)threads;
        }

        /// <summary>`count` rows of `width` items from `offset` must lie inside `array`.</summary>
        private static void Range(Array array, string name, int offset, int count, int width)
        {
            if (array == null)
            {
                throw new ArgumentNullException(name);
            }
            if (offset < 0 || count < 0 || (long)offset + (long)count * width > array.Length)
            {
                throw new ArgumentOutOfRangeException(name,
                    name + ": " + count + " rows of " + width + " from offset " + offset + " do not fit " + array.Length + " elements");
            }
        }

        private static int Whole(Array array, string name, int width)
        {
            if (array == null)
            {
                throw new ArgumentNullException(name);
            }
            if (array.Length % width != 0)
            {
                throw new ArgumentException(name + " has " + array.Length + " codes, not a whole number of " + width + "-card hands", name);
            }
            return array.Length / width;
        }

        private static void Call(int status, UIntPtr row)
        {
            if (status == Native.Ok)
            {
                return;
            }
            Exception e = ShisanshuiException.ForStatus(status, Native.LastErrorMessage());
            var typed = e as ShisanshuiException;
            // SIZE_MAX: not about one row (also what Pin starts with, for argument failures).
            if (typed != null && row != SizeMax)
            {
                typed.Row = (long)row.ToUInt64();
            }
            throw e;
        }

        /// <summary>One array pinned for a call; `Ptr` points at `byteOffset` (IntPtr.Zero for null).</summary>
        private sealed class Pin : IDisposable
        {
            private GCHandle handle;
            internal readonly IntPtr Ptr;
            /// <summary>The native out_error_row of the call made with this pin (SIZE_MAX until written).</summary>
            internal UIntPtr Row = SizeMax;

            internal Pin(Array array, int byteOffset)
            {
                if (array == null)
                {
                    Ptr = IntPtr.Zero;
                    return;
                }
                handle = GCHandle.Alloc(array, GCHandleType.Pinned);
                Ptr = array.Length == 0 ? IntPtr.Zero : new IntPtr(handle.AddrOfPinnedObject().ToInt64() + byteOffset);
            }

            public void Dispose()
            {
                if (handle.IsAllocated)
                {
                    handle.Free();
                }
            }
        }
    }

    internal static partial class Native
    {
        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_evaluate5_many(RulesHandle rules, IntPtr codes, UIntPtr nHands, IntPtr outValues, uint threads, ref UIntPtr outErrorRow);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_evaluate5_masks_many(RulesHandle rules, IntPtr masks, UIntPtr nHands, IntPtr outValues, uint threads, ref UIntPtr outErrorRow);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_evaluate3_many(RulesHandle rules, IntPtr codes, UIntPtr nHands, IntPtr outValues, uint threads, ref UIntPtr outErrorRow);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_evaluate3_masks_many(RulesHandle rules, IntPtr masks, UIntPtr nHands, IntPtr outValues, uint threads, ref UIntPtr outErrorRow);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_special_detect_many(RulesHandle rules, IntPtr codes, UIntPtr nHands, IntPtr outBest, IntPtr outAll, uint threads, ref UIntPtr outErrorRow);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_arrange_many(ArrangerHandle arranger, IntPtr codes, UIntPtr nHands, IntPtr outCodes, uint threads, ref UIntPtr outErrorRow);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settle_many(RulesHandle rules, uint seats, IntPtr codes, UIntPtr nRounds, IntPtr outUnits, uint threads, ref UIntPtr outErrorRow);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_settle_many_with_banker(RulesHandle rules, uint seats, IntPtr bankers, IntPtr codes, UIntPtr nRounds,
            IntPtr outUnits, uint threads, ref UIntPtr outErrorRow);
    }
}
