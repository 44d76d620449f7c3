import Foundation

/// Runs `scripts/pty-watch.py` on a built binary: the binary in a pseudo-terminal, keys sent,
/// the screen read, the terminal settings compared before and after.
public struct PseudoTerminalRun: Decodable, Sendable {
  /// The exit status (negative: killed by that signal).
  public var exit: Int
  /// Whether the terminal settings after the exit equal those before the start.
  public var restored: Bool
  /// The step that failed (a `wait` that timed out, or "did not exit"), or `nil`.
  public var failed: String?
  /// Everything written to the terminal, escape sequences removed.
  public var screen: String

  /// Runs `binary` (default `workout-sim`) with `arguments` in a `columns` × `rows`
  /// pseudo-terminal, playing `steps` (`wait:TEXT;send:KEY;resize:COLSxROWS;signal:NAME`, as
  /// scripts/pty-watch.py reads them) with `env` (`K=V`) added to the environment; each wait
  /// gives up after 20 s. The calling task is suspended, no thread blocked, until the script
  /// has exited (``ChildProcess``).
  ///
  /// - Throws: When the binary or python3 cannot be started, or the script's JSON does not
  ///   decode.
  public static func run(
    steps: String, binary: Binary = .workoutSim, arguments: [String] = ["run"],
    env: [String] = [], columns: Int = 80, rows: Int = 30
  ) async throws -> PseudoTerminalRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script = packageRoot.appendingPathComponent("scripts/pty-watch.py").path
    process.arguments =
      [
        "python3", script, "--timeout", "20", "--cols", "\(columns)", "--rows", "\(rows)",
        "--steps", steps,
      ]
      + env.flatMap { ["--env", $0] } + ["--", try binary.executable.path] + arguments
    process.currentDirectoryURL = packageRoot
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    let ended = try await ChildProcess.run(process, reading: output)
    return try JSONDecoder().decode(PseudoTerminalRun.self, from: ended.standardOutput)
  }
}
