// P/Invoke plumbing shared by every capability: the library name, status checks, the
// thread-local last error and copy-out of text. Each capability file (Card.cs, Rules.cs,
// Evaluator.cs, ...) declares its own imports in a `partial class Native` beside its public API.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Shisanshui
{
    internal static partial class Native
    {
#if UNITY_IOS && !UNITY_EDITOR
        // iOS links the static library into the app binary.
        internal const string LibName = "__Internal";
#else
        internal const string LibName = "shisanshui";
#endif

        internal const int Ok = 0;
        internal const int BufferTooSmall = 101;

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern uint sss_abi_version();

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_version(byte[] buf, UIntPtr cap, out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_last_error_message(byte[] buf, UIntPtr cap, out UIntPtr outLen);

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern UIntPtr sss_last_error_length();

        [DllImport(LibName, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int sss_status_name(int status, byte[] buf, UIntPtr cap, out UIntPtr outLen);

        /// <summary>A native copy-out function: (buf, cap, out len) -> status.</summary>
        internal delegate int CopyOut(byte[] buf, UIntPtr cap, out UIntPtr len);

        /// <summary>Throws the exception for a failed status (with the native message).</summary>
        internal static void Check(int status)
        {
            if (status != Ok)
            {
                throw ShisanshuiException.ForStatus(status, LastErrorMessage());
            }
        }

        /// <summary>The calling thread's last native error message ("" when none).</summary>
        internal static string LastErrorMessage()
        {
            byte[] buf = new byte[256];
            UIntPtr len;
            int st = sss_last_error_message(buf, (UIntPtr)buf.Length, out len);
            if (st == BufferTooSmall)
            {
                buf = new byte[checked((int)len.ToUInt64()) + 1];
                st = sss_last_error_message(buf, (UIntPtr)buf.Length, out len);
            }
            if (st != Ok)
            {
                return "(no message: sss_last_error_message returned " + st + ")";
            }
            return Encoding.UTF8.GetString(buf, 0, checked((int)len.ToUInt64()));
        }

        /// <summary>Runs a copy-out, growing the buffer once to the size the library asks for.</summary>
        internal static string CopyString(CopyOut call)
        {
            byte[] buf = new byte[128];
            UIntPtr len;
            int st = call(buf, (UIntPtr)buf.Length, out len);
            if (st == BufferTooSmall)
            {
                buf = new byte[checked((int)len.ToUInt64()) + 1];
                st = call(buf, (UIntPtr)buf.Length, out len);
            }
            Check(st);
            return Encoding.UTF8.GetString(buf, 0, checked((int)len.ToUInt64()));
        }

        /// <summary>UTF-8 bytes of a managed string (no terminator: lengths are passed).</summary>
        internal static byte[] Utf8(string text, string paramName)
        {
            if (text == null)
            {
                throw new ArgumentNullException(paramName);
            }
            return Encoding.UTF8.GetBytes(text);
        }

        internal static UIntPtr Len(byte[] bytes)
        {
            return (UIntPtr)bytes.Length;
        }
    }

    /// <summary>Version information of the native library.</summary>
    public static class ShisanshuiLibrary
    {
        /// <summary>The C ABI version this wrapper was written against (SSS_ABI_VERSION).</summary>
        public const uint ExpectedAbiVersion = 2;

        /// <summary>The C ABI version of the loaded native library.</summary>
        public static uint AbiVersion
        {
            get { return Native.sss_abi_version(); }
        }

        /// <summary>The native library's version, e.g. "0.2.0".</summary>
        public static string Version
        {
            get { return Native.CopyString((byte[] b, UIntPtr c, out UIntPtr l) => Native.sss_version(b, c, out l)); }
        }

        /// <summary>Throws when the loaded native library has another ABI version than this wrapper.</summary>
        public static void EnsureCompatible()
        {
            uint v = AbiVersion;
            if (v != ExpectedAbiVersion)
            {
                throw new InvalidOperationException(
                    "native shisanshui library has ABI version " + v + ", this wrapper needs " + ExpectedAbiVersion);
            }
        }
    }
}
