import WorkoutCore
import WorkoutSimulation

/// The table from keys to watch commands, shared by interactive mode and `--keys`
/// (docs/command-line.md#run: the footer's keys).
///
/// | key | command |
/// |---|---|
/// | Enter | start |
/// | space | pause or resume |
/// | `s` | stop |
/// | `e` | end (finish and save) |
/// | `l` | lap |
/// | `m` | marker |
/// | `c` | crash the app |
/// | `r` | relaunch with recovery |
/// | `w` | wrist down, or up when it is down |
/// | `h` | press the Digital Crown (the app goes to the background) |
/// | up arrow, `k` | turn the crown one key press towards the first item |
/// | down arrow, `j` | turn the crown one key press towards the last item |
/// | `q` | quit (no confirmation from `--keys`) |
///
/// Keys that only move wall-clock playback (`+`, `-`, `p`, `.`, `n`, `>`) and `?` have no command:
/// headless runs ignore them.
public enum KeyBindings {
  /// The command bound to `key`, or `nil` for playback-only and unbound keys.
  public static func command(for key: KeyPress.Key) -> WatchCommand? {
    switch key {
    case .enter: .start
    case .space: .pauseOrResume
    case .character("s"): .stop
    case .character("e"): .end
    case .character("l"): .lap
    case .character("m"): .marker
    case .character("c"): .crash
    case .character("r"): .relaunch
    case .character("w"): .wrist
    case .character("h"): .crownPress
    case .character("q"): .quit
    case .up, .character("k"): .crown(keyPresses: -1)
    case .down, .character("j"): .crown(keyPresses: 1)
    case .character, .left, .right, .escape: nil
    }
  }

  /// The timed commands of `--keys`, in the order given; unbound keys are dropped.
  public static func commands(for keys: [KeyPress]) -> [(
    at: SimulationInstant, command: WatchCommand
  )] {
    keys.compactMap { press in command(for: press.key).map { (press.at, $0) } }
  }
}
