// Tests of the package sample (Samples~/PlayRound/PlayRound.cs), compiled against the assembled
// package's Shisanshui.dll and the stand-in UnityEngine.dll (UnityEngineStub.cs), the way Unity
// compiles an imported sample into its own assembly.
// Usage: mono sample.exe <demo rounds file>; the file holds, for each case, a line
// "### <preset> <seed> <players>" and then what `cargo run --example demo` printed for it, so the
// sample's totals, money and declared specials are checked against the Rust demo's.
// Last line: "sample tests: N passed, M failed".
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Text.RegularExpressions;
using Shisanshui;
using Shisanshui.Samples;

namespace Shisanshui.Tests
{
    internal static class SampleTests
    {
        private static int passed;
        private static int failed;

        private static void Check(bool ok, string what)
        {
            if (ok)
            {
                passed++;
            }
            else
            {
                failed++;
                Console.Error.WriteLine("FAIL: " + what);
            }
        }

        private static void Eq<TV>(TV expected, TV actual, string what)
        {
            Check(EqualityComparer<TV>.Default.Equals(expected, actual),
                what + ": expected <" + expected + ">, got <" + actual + ">");
        }

        private sealed class DemoRound
        {
            internal string Preset;
            internal ulong Seed;
            internal int Players;
            internal readonly List<string> Lines = new List<string>();
        }

        // "seat 0:     +1 water     +0.95  (lanes)" in the demo; "seat 0: +1 water, +0.95" in the sample.
        private static readonly Regex DemoTotal = new Regex(@"^\s*seat (\d+):\s+(\S+) water\s+(\S+)\s+\(");
        private static readonly Regex DemoHouse = new Regex(@"^\s*house:\s+(\S+)\s*$");
        private static readonly Regex SampleTotal = new Regex(@"^seat (\d+): (\S+) water, (\S+)$");
        private static readonly Regex SampleHouse = new Regex(@"^house: (\S+)$");

        private static List<DemoRound> ReadDemo(string path)
        {
            var rounds = new List<DemoRound>();
            foreach (string line in File.ReadAllLines(path))
            {
                if (line.StartsWith("### ", StringComparison.Ordinal))
                {
                    string[] f = line.Substring(4).Split(' ');
                    rounds.Add(new DemoRound { Preset = f[0], Seed = ulong.Parse(f[1]), Players = int.Parse(f[2]) });
                }
                else if (rounds.Count > 0)
                {
                    rounds[rounds.Count - 1].Lines.Add(line);
                }
            }
            return rounds;
        }

        // Money as the demo prints it: " 0.00" for nothing, else signed.
        private static string Money(string text)
        {
            return text.Trim();
        }

        private static void CheckRound(DemoRound demo)
        {
            string label = demo.Preset + " seed " + demo.Seed + " " + demo.Players + " seats";
            var sample = new PlayRound { preset = demo.Preset, players = demo.Players, seed = (long)demo.Seed };
            int logged = UnityEngine.Debug.Logged.Count;
            // Unity calls Start itself; it is private, as a MonoBehaviour's message methods usually are.
            MethodInfo start = typeof(PlayRound).GetMethod("Start", BindingFlags.Instance | BindingFlags.NonPublic);
            Check(start != null, "PlayRound has a Start method");
            if (start == null) return;
            start.Invoke(sample, null);
            Eq(logged + 1, UnityEngine.Debug.Logged.Count, label + ": Start logs once");
            Eq(0, UnityEngine.Debug.Errors.Count, label + ": Start logs no error");
            if (UnityEngine.Debug.Logged.Count != logged + 1) return;
            string text = UnityEngine.Debug.Logged[logged];
            Eq(text, PlayRound.Play(demo.Preset, demo.Players, demo.Seed), label + ": the same round again");
            string[] lines = text.Split('\n');
            Check(lines[0].Contains(ShisanshuiLibrary.Version) && lines[0].Contains("preset " + demo.Preset),
                label + ": header names the library version and the preset: " + lines[0]);

            // The deal is the library's seeded deal, seat by seat.
            Card[][] hands = Dealer.Deal(demo.Players, demo.Seed);
            var dealt = new List<string>();
            foreach (string l in lines)
            {
                if (l.StartsWith("seat ", StringComparison.Ordinal) && l.Contains(" dealt ")) dealt.Add(l);
            }
            Eq(demo.Players, dealt.Count, label + ": one dealt line per seat");
            for (int i = 0; i < Math.Min(dealt.Count, hands.Length); i++)
            {
                Eq("seat " + i + " dealt " + Card.Format(hands[i], true), dealt[i], label + ": seat " + i + " cards");
            }

            // Totals, money and the house's share against the Rust demo of the same round.
            var want = new List<string>();
            var got = new List<string>();
            string wantHouse = null, gotHouse = null;
            int wantDeclared = 0, gotDeclared = 0;
            foreach (string l in demo.Lines)
            {
                Match m = DemoTotal.Match(l);
                if (m.Success) want.Add(m.Groups[1].Value + " " + m.Groups[2].Value + " " + Money(m.Groups[3].Value));
                m = DemoHouse.Match(l);
                if (m.Success) wantHouse = Money(m.Groups[1].Value);
                if (l.Contains("declared (报到)")) wantDeclared++;
            }
            foreach (string l in lines)
            {
                Match m = SampleTotal.Match(l);
                if (m.Success) got.Add(m.Groups[1].Value + " " + m.Groups[2].Value + " " + Money(m.Groups[3].Value));
                m = SampleHouse.Match(l);
                if (m.Success) gotHouse = Money(m.Groups[1].Value);
                if (l.StartsWith("  declares ", StringComparison.Ordinal)) gotDeclared++;
            }
            Eq(demo.Players, want.Count, label + ": the demo printed a total per seat");
            Check(want.Count > 0 && want[0].StartsWith("0 ", StringComparison.Ordinal), label + ": seats are numbered from 0");
            Eq(string.Join(" | ", want), string.Join(" | ", got), label + ": totals and money as the Rust demo");
            Check(wantHouse != null, label + ": the demo printed the house's share");
            Eq(wantHouse, gotHouse, label + ": house share as the Rust demo");
            Eq(wantDeclared, gotDeclared, label + ": specials declared as the Rust demo");
        }

        private static int Main(string[] args)
        {
            if (args.Length != 1)
            {
                Console.Error.WriteLine("usage: sample.exe <demo rounds file>");
                return 2;
            }
            try
            {
                ShisanshuiLibrary.EnsureCompatible();
                List<DemoRound> rounds = ReadDemo(args[0]);
                Check(rounds.Count >= 3, "the demo file has rounds (" + rounds.Count + ")");
                int declaring = 0;
                foreach (DemoRound r in rounds)
                {
                    foreach (string l in r.Lines) if (l.Contains("declared (报到)")) declaring++;
                    CheckRound(r);
                }
                Check(declaring > 0, "some demo round declares a special (so the sample's declaring path is checked)");

                // A negative seed is refused with an error in the console, not an exception.
                var bad = new PlayRound { seed = -1 };
                int logged = UnityEngine.Debug.Logged.Count;
                typeof(PlayRound).GetMethod("Start", BindingFlags.Instance | BindingFlags.NonPublic).Invoke(bad, null);
                Eq(logged, UnityEngine.Debug.Logged.Count, "negative seed: nothing logged");
                Eq(1, UnityEngine.Debug.Errors.Count, "negative seed: one error logged");
                Check(UnityEngine.Debug.Errors.Count == 1 && UnityEngine.Debug.Errors[0].Contains("seed"),
                    "negative seed: the error names the seed");

                // Bad settings surface as the wrapper's typed exceptions.
                Exception caught = null;
                try { PlayRound.Play("no-such-preset", 4, 1); } catch (Exception e) { caught = e; }
                Check(caught is UnknownPresetException, "unknown preset: UnknownPresetException, got " +
                    (caught == null ? "nothing" : caught.GetType().Name));
                caught = null;
                try { PlayRound.Play("kx", 5, 1); } catch (Exception e) { caught = e; }
                Check(caught is InvalidTableException, "five seats: InvalidTableException, got " +
                    (caught == null ? "nothing" : caught.GetType().Name));
            }
            catch (Exception e)
            {
                failed++;
                Console.Error.WriteLine("FAIL: unexpected " + e);
            }
            Console.WriteLine("sample tests: " + passed + " passed, " + failed + " failed");
            return failed == 0 ? 0 : 1;
        }
    }
}
