//! `sss`: the shisanshui engine on the command line (see `sss --help` and
//! `shisanshui_tools::sss`).

fn main() -> std::process::ExitCode {
    shisanshui_tools::sss::main_with(std::env::args_os())
}
