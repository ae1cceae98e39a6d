// Sample: one round of Thirteen Water (十三水). Deals a seeded round, lets the arranger play every
// seat (declaring a special hand when its advice says that is worth more than the lanes, as the
// Rust demo does), settles the round in water and in money, and prints it with Debug.Log.
// Add the component to any GameObject and press Play; preset, seats and seed are in the Inspector.
using System.Globalization;
using System.Text;
using Shisanshui;
using UnityEngine;

namespace Shisanshui.Samples
{
    public sealed class PlayRound : MonoBehaviour
    {
        [Tooltip("Rule preset: classic, regional, kx, hk, ranked or chinese_poker.")]
        public string preset = "kx";

        [Range(Dealer.MinPlayers, Dealer.MaxPlayers)]
        public int players = 4;

        // long, not ulong: the Inspector of Unity 2021.3 does not edit ulong fields.
        [Tooltip("Deal seed (>= 0): the same seed deals the same cards in Rust, C, Python and C#.")]
        public long seed = 42;

        /// <summary>Money at 1.00 per water: the stake in minor units (cents).</summary>
        public const long BaseStake = 100;

        /// <summary>What each seat carries to the table (50.00); no seat loses more.</summary>
        public const long Carry = 5000;

        /// <summary>The house's share of every win, in percent.</summary>
        public const long RakePercent = 5;

        private void Start()
        {
            // Throws when the native library on this platform is not the one this wrapper was written for.
            ShisanshuiLibrary.EnsureCompatible();
            if (seed < 0)
            {
                Debug.LogError("PlayRound: seed must be 0 or more, not " + seed);
                return;
            }
            Debug.Log(Play(preset, players, (ulong)seed));
        }

        /// <summary>Plays one round and returns it as text (what Start logs).</summary>
        public static string Play(string preset, int players, ulong seed)
        {
            var text = new StringBuilder();
            text.Append("shisanshui ").Append(ShisanshuiLibrary.Version).Append(": preset ").Append(preset)
                .Append(", seed ").Append(seed).Append(", ").Append(players).Append(" seats\n");
            using (Rules rules = Rules.Preset(preset))
            using (Arranger arranger = new Arranger(rules, players))
            {
                Card[][] hands = Dealer.Deal(players, seed);
                var seats = new PlayerHand[players];
                for (int i = 0; i < players; i++)
                {
                    text.Append("seat ").Append(i).Append(" dealt ").Append(Card.Format(hands[i], true)).Append('\n');
                    SpecialAdvice advice = arranger.SpecialAdvice(hands[i]);
                    if (advice != null && advice.Declare)
                    {
                        seats[i] = PlayerHand.Declare(advice.Special, hands[i]);
                        text.Append("  declares ").Append(advice.Special.Name()).Append(" (")
                            .Append(advice.Special.Name(Language.Chinese)).Append(")\n");
                        continue;
                    }
                    Arranged best = arranger.Arrange(hands[i]);
                    seats[i] = PlayerHand.Arranged(best.Arrangement);
                    text.Append("  plays ").Append(best.Arrangement).Append(", expected ")
                        .Append(best.ExpectedWater.ToString("+0.00;-0.00;0.00", CultureInfo.InvariantCulture))
                        .Append(" water\n");
                }

                using (Settlement round = Settlement.Settle(rules, seats))
                {
                    foreach (SettlementEvent e in round.Events)
                    {
                        text.Append("  event: ").Append(e).Append('\n');
                    }
                    var carries = new long[players];
                    for (int i = 0; i < players; i++) carries[i] = Carry;
                    MoneyResult money = round.Money(BaseStake, carries, Rake.Percent(RakePercent));
                    for (int i = 0; i < players; i++)
                    {
                        text.Append("seat ").Append(i).Append(": ").Append(Signed(round.Totals[i])).Append(" water, ")
                            .Append(Cents(money.Lines[i].Amount)).Append('\n');
                    }
                    text.Append("house: ").Append(Cents(money.House));
                }
            }
            return text.ToString();
        }

        private static string Signed(Water w)
        {
            return w.Units > 0 ? "+" + w : w.ToString();
        }

        private static string Cents(long minor)
        {
            long a = minor < 0 ? -minor : minor;
            string sign = minor < 0 ? "-" : minor > 0 ? "+" : "";
            return sign + (a / 100) + "." + (a % 100).ToString("00", CultureInfo.InvariantCulture);
        }
    }
}
