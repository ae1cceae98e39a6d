// Test-only stand-ins for the few UnityEngine types the package sample uses, so tests/csharp/run.sh
// can compile Samples~ with mcs and run it under mono. Not shipped: Unity provides the real ones.
// Debug.Log prints to standard output, as the Console window would show it, and records what it
// is given so the tests read what the sample printed.
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    public class Object
    {
    }

    public class Component : Object
    {
    }

    public class Behaviour : Component
    {
        public bool enabled = true;
    }

    public class MonoBehaviour : Behaviour
    {
    }

    public static class Debug
    {
        public static readonly List<string> Logged = new List<string>();
        public static readonly List<string> Errors = new List<string>();

        public static void Log(object message)
        {
            string text = message == null ? "Null" : message.ToString();
            Logged.Add(text);
            Console.WriteLine(text);
        }

        public static void LogError(object message)
        {
            string text = message == null ? "Null" : message.ToString();
            Errors.Add(text);
            Console.Error.WriteLine("error: " + text);
        }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class RangeAttribute : Attribute
    {
        public readonly float min;
        public readonly float max;

        public RangeAttribute(float min, float max)
        {
            this.min = min;
            this.max = max;
        }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class TooltipAttribute : Attribute
    {
        public readonly string tooltip;

        public TooltipAttribute(string tooltip)
        {
            this.tooltip = tooltip;
        }
    }
}
