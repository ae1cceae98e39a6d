// Safety nets through the C# wrapper: huge bad card text makes a small error, rule-set JSON is an
// object (never a positional array), money refuses water that does not sum to zero, and a native
// handle of the wrong type or with a freed tag is refused (SSS_ERR_INVALID_HANDLE, thrown as
// InvalidHandleException, an ObjectDisposedException) and not freed by the wrong free function.
// Compiled with Tests.cs, whose runner (T) it uses; Program.Main calls SafetyTests.Run.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;
using Shisanshui;

namespace Shisanshui.Tests
{
    internal static class SafetyTests
    {
        /// <summary>Every safety test.</summary>
        internal static void Run()
        {
            var tests = new KeyValuePair<string, Action>[]
            {
                new KeyValuePair<string, Action>("safety: huge card text", HugeText),
                new KeyValuePair<string, Action>("safety: positional json", PositionalJson),
                new KeyValuePair<string, Action>("safety: money sums to zero", MoneySum),
                new KeyValuePair<string, Action>("safety: invalid handle status", InvalidHandleStatus),
                new KeyValuePair<string, Action>("safety: handles of the wrong type", WrongHandles),
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

        private static void HugeText()
        {
            string x = new string('x', 10000000);
            var e = T.Throws<UnknownRankException>(() => Card.ParseHand(x), "(10000000 bytes) at position 0", "one huge token");
            if (e != null)
            {
                T.Check(e.Message.Length < 100, "message length " + e.Message.Length);
                T.Check(e.Message.StartsWith("unknown rank in card \"" + new string('x', 32) + "\"\u2026"), e.Message);
            }
            var sb = new StringBuilder(10000000);
            for (int i = 0; i < 5000000; i++) sb.Append("x ");
            string spaced = sb.ToString();
            T.Throws<UnknownRankException>(() => Card.ParseHand(spaced), "card \"x\" at position 0", "many tokens");
            T.Throws<WrongCardCountException>(() => Card.Parse(spaced), "got 5000000", "one card of many tokens");
            // Short tokens are quoted whole, as before.
            T.Throws<UnknownRankException>(() => Card.ParseHand("As Xs"), "unknown rank in card \"Xs\" at position 1", "short");
        }

        private static void PositionalJson()
        {
            T.Throws<InvalidRulesException>(() => Rules.FromJson("[\"second_highest\", false, false]"),
                "expected a JSON object of named fields (struct Rules)", "positional rules");
            using (Rules classic = Rules.Classic())
            {
                string json = classic.ToJson();
                int start = json.IndexOf("\"shooting\"");
                int end = json.IndexOf('}', start) + 1;
                string positional = json.Substring(0, start) + "\"shooting\": [true, {\"fixed\": 1}, 1, true, 3]" + json.Substring(end);
                T.Throws<InvalidRulesException>(() => Rules.FromJson(positional), "at `shooting`: invalid type: sequence", "nested");
                using (Rules back = Rules.FromJson(json))
                {
                    T.Eq(json, back.ToJson(), "the object form loads");
                }
            }
        }

        private static void MoneySum()
        {
            var lopsided = new[] { Water.FromInt(3), Water.FromInt(-1), Water.FromInt(-1) };
            T.Throws<InvalidMoneyException>(() => Money.Settle(lopsided, 100), "water sums to 1, not 0", "not zero-sum");
            var escapeWater = new[] { Water.FromInt(-18), Water.FromInt(1), Water.FromInt(1), Water.FromInt(1) };
            T.Throws<InvalidMoneyException>(() => Money.Settle(escapeWater, 100), "an escape has its own call", "escape water");
            var fair = new[] { Water.FromInt(2), Water.FromInt(-1), Water.FromInt(-1) };
            T.Eq(200L, Money.Settle(fair, 100).Amounts()[0], "zero-sum water settles");
        }

        private static void InvalidHandleStatus()
        {
            T.Eq(104, (int)StatusCode.InvalidHandle, "the number is ABI");
            string name = Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) => Native.sss_status_name(104, b, c, out l));
            T.Eq("invalid_handle", name, "native name");
            Exception e = ShisanshuiException.ForStatus(104, "msg");
            T.Check(e is ObjectDisposedException, "an ObjectDisposedException: " + e.GetType());
            T.Eq(typeof(InvalidHandleException), e.GetType(), "its own type");
            T.Eq(StatusCode.InvalidHandle, ((InvalidHandleException)e).Status, "status");
            T.Check(e.Message.Contains("msg"), e.Message);
            T.Eq(typeof(InvalidArgumentException), ShisanshuiException.ForStatus(12, "x").GetType(), "others unchanged");
            // A disposed wrapper object still throws ObjectDisposedException itself, before any native call.
            Rules r = Rules.Classic();
            r.Dispose();
            T.Throws<ObjectDisposedException>(() => r.ToJson(), null, "disposed rules");
        }

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        private static extern int sss_rules_get_wheel(IntPtr rules, out uint wheel);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        private static extern int sss_arranger_get_players(IntPtr arranger, out uint players);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        private static extern int sss_settlement_to_json(IntPtr settlement, byte[] buf, UIntPtr cap, out UIntPtr len);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        private static extern void sss_rules_free(IntPtr rules);

        [DllImport(Native.LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        private static extern void sss_arranger_free(IntPtr arranger);

        private static void WrongHandles()
        {
            using (Rules rules = Rules.Classic())
            using (Arranger arranger = new Arranger(rules, 4))
            using (Settlement s = Settlement.Settle(rules, PlayerHand.Arranged("As Ks Qs / Jh Th 9h 8h 7h / 6d 5d 4d 3d 2d"),
                       PlayerHand.Arranged("Ac Kc Qc / Jd Td 9d 8d 6c / 5c 4c 3c 2c 7c")))
            {
                IntPtr r = rules.Handle.DangerousGetHandle();
                IntPtr a = arranger.Handle.DangerousGetHandle();
                uint wheel = 7, players = 0;
                UIntPtr len;
                var e = T.Throws<InvalidHandleException>(() => Native.Check(sss_rules_get_wheel(a, out wheel)),
                    "argument `rules` is not a live SssRules handle", "arranger as rules");
                T.Eq(7u, wheel, "nothing written");
                T.Throws<InvalidHandleException>(() => Native.Check(sss_arranger_get_players(r, out players)),
                    "not a live SssArranger handle", "rules as arranger");
                T.Throws<InvalidHandleException>(() => Native.Check(sss_settlement_to_json(a, null, UIntPtr.Zero, out len)),
                    "not a live SssSettlement handle", "arranger as settlement");
                // Code that handles disposal catches a wrong handle too.
                ObjectDisposedException caught = null;
                try
                {
                    Native.Check(sss_rules_get_wheel(a, out wheel));
                }
                catch (ObjectDisposedException ex)
                {
                    caught = ex;
                }
                T.Check(caught != null, "a wrong handle is caught as ObjectDisposedException");
                // The wrong free function leaves the handle alone (and says so in the last error).
                sss_rules_free(a);
                T.Check(Native.LastErrorMessage().Contains("not a live SssRules handle"), Native.LastErrorMessage());
                sss_arranger_free(r);
                T.Check(Native.LastErrorMessage().Contains("not a live SssArranger handle"), Native.LastErrorMessage());
                T.Eq(4, arranger.Players, "the arranger still works");
                T.Check(rules.ToJson().Contains("second_highest"), "the rules still work");
                T.Check(s.ToJson().Length > 0, "the settlement still works");
                T.Check(e == null || e.Status == StatusCode.InvalidHandle, "status");
            }
        }
    }
}
