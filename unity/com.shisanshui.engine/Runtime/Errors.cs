// Status codes of the C ABI and one exception class per error kind, all under ShisanshuiException.
using System;

namespace Shisanshui
{
    /// <summary>The status codes of the C ABI (SssStatus); the numbers are stable.</summary>
    public enum StatusCode
    {
        Ok = 0,
        UnknownRank = 1,
        UnknownSuit = 2,
        BadCardCode = 3,
        DuplicateCard = 4,
        WrongCardCount = 5,
        InvalidRules = 6,
        UnknownPreset = 7,
        UnknownSpecial = 8,
        SpecialNotAllowed = 9,
        InvalidTable = 10,
        InvalidMoney = 11,
        InvalidArgument = 12,
        CardNotInHand = 13,
        NoLegalArrangement = 14,
        TooManyCopies = 15,
        JokerNotInDeck = 16,
        NullPointer = 100,
        BufferTooSmall = 101,
        InvalidUtf8 = 102,
        Panic = 103,
        InvalidHandle = 104,
    }

    /// <summary>Base of every error the engine reports. Message is the native last-error message.</summary>
    public class ShisanshuiException : Exception
    {
        /// <summary>The status code the native call returned.</summary>
        public StatusCode Status { get; private set; }

        /// <summary>For a failed <see cref="Batch"/> call about one row: the first bad row (a hand,
        /// or a round for settlement); -1 otherwise.</summary>
        public long Row { get; internal set; }

        public ShisanshuiException(StatusCode status, string message) : base(message)
        {
            Status = status;
            Row = -1;
        }

        /// <summary>
        /// The exception a failed native call throws: <see cref="InvalidHandleException"/> (an
        /// <see cref="ObjectDisposedException"/>) for <see cref="StatusCode.InvalidHandle"/>, else
        /// <see cref="FromStatus"/>.
        /// </summary>
        internal static Exception ForStatus(int status, string message)
        {
            if (status == (int)StatusCode.InvalidHandle)
            {
                return new InvalidHandleException(message);
            }
            return FromStatus(status, message);
        }

        /// <summary>The exception of this hierarchy for a native status (an unknown number, and
        /// <see cref="StatusCode.InvalidHandle"/>, whose exception is <see cref="InvalidHandleException"/>
        /// outside it, give this base class).</summary>
        internal static ShisanshuiException FromStatus(int status, string message)
        {
            switch ((StatusCode)status)
            {
                case StatusCode.UnknownRank: return new UnknownRankException(message);
                case StatusCode.UnknownSuit: return new UnknownSuitException(message);
                case StatusCode.BadCardCode: return new BadCardCodeException(message);
                case StatusCode.DuplicateCard: return new DuplicateCardException(message);
                case StatusCode.WrongCardCount: return new WrongCardCountException(message);
                case StatusCode.InvalidRules: return new InvalidRulesException(message);
                case StatusCode.UnknownPreset: return new UnknownPresetException(message);
                case StatusCode.UnknownSpecial: return new UnknownSpecialException(message);
                case StatusCode.SpecialNotAllowed: return new SpecialNotAllowedException(message);
                case StatusCode.InvalidTable: return new InvalidTableException(message);
                case StatusCode.InvalidMoney: return new InvalidMoneyException(message);
                case StatusCode.InvalidArgument: return new InvalidArgumentException(message);
                case StatusCode.CardNotInHand: return new CardNotInHandException(message);
                case StatusCode.NoLegalArrangement: return new NoLegalArrangementException(message);
                case StatusCode.TooManyCopies: return new TooManyCopiesException(message);
                case StatusCode.JokerNotInDeck: return new JokerNotInDeckException(message);
                case StatusCode.NullPointer: return new NullPointerException(message);
                case StatusCode.BufferTooSmall: return new BufferTooSmallException(message);
                case StatusCode.InvalidUtf8: return new InvalidUtf8Exception(message);
                case StatusCode.Panic: return new NativePanicException(message);
                default: return new ShisanshuiException((StatusCode)status, "status " + status + ": " + message);
            }
        }
    }

    /// <summary>A card's rank text is not 2-9, T/10, J, Q, K or A.</summary>
    public sealed class UnknownRankException : ShisanshuiException
    {
        public UnknownRankException(string message) : base(StatusCode.UnknownRank, message) { }
    }

    /// <summary>A card's suit text is not d c h s or a suit symbol.</summary>
    public sealed class UnknownSuitException : ShisanshuiException
    {
        public UnknownSuitException(string message) : base(StatusCode.UnknownSuit, message) { }
    }

    /// <summary>A card code outside 0..51 (0..53 where the rule set deals jokers).</summary>
    public sealed class BadCardCodeException : ShisanshuiException
    {
        public BadCardCodeException(string message) : base(StatusCode.BadCardCode, message) { }
    }

    /// <summary>The same card appears twice (a card the rule set's deck holds once), or, as
    /// <see cref="TooManyCopiesException"/>, more often than the deck holds it.</summary>
    public class DuplicateCardException : ShisanshuiException
    {
        public DuplicateCardException(string message) : base(StatusCode.DuplicateCard, message) { }

        protected DuplicateCardException(StatusCode status, string message) : base(status, message) { }
    }

    /// <summary>A card held more often than the rule set's deck holds it (RULES.md §11): a third
    /// copy of a card of an extra suit. The message names the card and its position. A
    /// <see cref="DuplicateCardException"/>, so one catch covers every repeated card.</summary>
    public sealed class TooManyCopiesException : DuplicateCardException
    {
        public TooManyCopiesException(string message) : base(StatusCode.TooManyCopies, message) { }
    }

    /// <summary>A joker (SJ, code 52; BJ, code 53) where the rule set's deck deals none, or that
    /// one (RULES.md §12): written as text under a rule set without jokers, or the big joker under
    /// one that deals a single joker. The message names the card and its position. Codes 52 and 53
    /// under a rule set without jokers are <see cref="BadCardCodeException"/>, as any code above 51
    /// is for one deck.</summary>
    public sealed class JokerNotInDeckException : ShisanshuiException
    {
        public JokerNotInDeckException(string message) : base(StatusCode.JokerNotInDeck, message) { }
    }

    /// <summary>A hand, lane or deal with the wrong number of cards.</summary>
    public sealed class WrongCardCountException : ShisanshuiException
    {
        public WrongCardCountException(string message) : base(StatusCode.WrongCardCount, message) { }
    }

    /// <summary>A rule set value out of range or contradicting another, or malformed rule-set JSON.</summary>
    public sealed class InvalidRulesException : ShisanshuiException
    {
        public InvalidRulesException(string message) : base(StatusCode.InvalidRules, message) { }
    }

    /// <summary>A preset name other than classic, regional, kx, hk, ranked or chinese_poker.</summary>
    public sealed class UnknownPresetException : ShisanshuiException
    {
        public UnknownPresetException(string message) : base(StatusCode.UnknownPreset, message) { }
    }

    /// <summary>A special-hand name or id the engine does not know.</summary>
    public sealed class UnknownSpecialException : ShisanshuiException
    {
        public UnknownSpecialException(string message) : base(StatusCode.UnknownSpecial, message) { }
    }

    /// <summary>A declared special the cards do not make or the rules do not enable.</summary>
    public sealed class SpecialNotAllowedException : ShisanshuiException
    {
        public SpecialNotAllowedException(string message) : base(StatusCode.SpecialNotAllowed, message) { }
    }

    /// <summary>A table or round that cannot be settled or dealt.</summary>
    public sealed class InvalidTableException : ShisanshuiException
    {
        public InvalidTableException(string message) : base(StatusCode.InvalidTable, message) { }
    }

    /// <summary>A money setting out of range.</summary>
    public sealed class InvalidMoneyException : ShisanshuiException
    {
        public InvalidMoneyException(string message) : base(StatusCode.InvalidMoney, message) { }
    }

    /// <summary>Any other argument out of range (e.g. an undefined enum value).</summary>
    public sealed class InvalidArgumentException : ShisanshuiException
    {
        public InvalidArgumentException(string message) : base(StatusCode.InvalidArgument, message) { }
    }

    /// <summary>A card given as part of a hand (a fixed lane to complete) that the hand does not hold.</summary>
    public sealed class CardNotInHandException : ShisanshuiException
    {
        public CardNotInHandException(string message) : base(StatusCode.CardNotInHand, message) { }
    }

    /// <summary>No legal (non-fouled) arrangement keeps the lanes the player fixed.</summary>
    public sealed class NoLegalArrangementException : ShisanshuiException
    {
        public NoLegalArrangementException(string message) : base(StatusCode.NoLegalArrangement, message) { }
    }

    /// <summary>A NULL pointer reached the native library (a wrapper bug if seen through the public API).</summary>
    public sealed class NullPointerException : ShisanshuiException
    {
        public NullPointerException(string message) : base(StatusCode.NullPointer, message) { }
    }

    /// <summary>An output buffer was too small (the wrapper retries; seen only through raw calls).</summary>
    public sealed class BufferTooSmallException : ShisanshuiException
    {
        public BufferTooSmallException(string message) : base(StatusCode.BufferTooSmall, message) { }
    }

    /// <summary>Text passed to the library was not valid UTF-8.</summary>
    public sealed class InvalidUtf8Exception : ShisanshuiException
    {
        public InvalidUtf8Exception(string message) : base(StatusCode.InvalidUtf8, message) { }
    }

    /// <summary>
    /// A native handle was not a live handle of its type (one of another type, or one already
    /// freed). The wrapper's own handles never cause it (a disposed object throws
    /// <see cref="ObjectDisposedException"/> before any native call); it reports raw misuse of
    /// the native library, and derives from <see cref="ObjectDisposedException"/> so that one
    /// catch covers both. The native check is best effort: freed memory may be reused.
    /// </summary>
    public sealed class InvalidHandleException : ObjectDisposedException
    {
        public InvalidHandleException(string message) : base("native handle", message) { }

        /// <summary>Always <see cref="StatusCode.InvalidHandle"/>.</summary>
        public StatusCode Status { get { return StatusCode.InvalidHandle; } }
    }

    /// <summary>The native engine panicked (a bug in the engine); the call had no effect.</summary>
    public sealed class NativePanicException : ShisanshuiException
    {
        public NativePanicException(string message) : base(StatusCode.Panic, message) { }
    }
}
