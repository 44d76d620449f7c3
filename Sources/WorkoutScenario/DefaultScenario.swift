extension Scenario {
  /// The scenario `workout-sim run` uses without `--scenario` (docs/command-line.md#run): a steady
  /// 30-minute outdoor run at 2.9 m/s on gently rolling ground.
  ///
  /// The course stands still for the 3 s between `prepare` and `start`, then runs twelve 150 s
  /// segments with grades 1 %, 3 %, 1 %, −1 %, −3 %, −1 % twice over (net climb zero; 3 + 12 ×
  /// 150 = 1803 s, the end). Timeline: `prepare` at 0, `start` at 3 s, `probe` at 10:03 and
  /// 20:03, `end` at 30:03. Everything else has its default (seed 1, `UTC`, start
  /// `2026-01-05T08:00:00Z`, `finish: auto`). Built from ``defaultScenarioJSON`` by the same
  /// decoder as every file.
  public static let defaultScenario: Scenario = {
    do {
      return try Scenario.decode(
        Array(defaultScenarioJSON.utf8), fileName: "default-scenario.json")
    } catch {
      preconditionFailure("the built-in default scenario does not decode: \(error)")
    }
  }()

  /// The JSON text of ``defaultScenario`` (also a valid scenario file to start from).
  public static let defaultScenarioJSON = """
    {
      "version": 1,
      "name": "Steady 30-minute run",
      "activity": "running",
      "location": "outdoor",
      "athlete": { "restingHeartRate": 55, "vo2Max": 50 },
      "course": [
        { "duration": 3, "speed": 0 },
        { "duration": 150, "speed": 2.8, "grade": 0.01 },
        { "duration": 150, "speed": 2.8, "grade": 0.03 },
        { "duration": 150, "speed": 2.8, "grade": 0.01 },
        { "duration": 150, "speed": 2.8, "grade": -0.01 },
        { "duration": 150, "speed": 2.8, "grade": -0.03 },
        { "duration": 150, "speed": 2.8, "grade": -0.01 },
        { "duration": 150, "speed": 2.8, "grade": 0.01 },
        { "duration": 150, "speed": 2.8, "grade": 0.03 },
        { "duration": 150, "speed": 2.8, "grade": 0.01 },
        { "duration": 150, "speed": 2.8, "grade": -0.01 },
        { "duration": 150, "speed": 2.8, "grade": -0.03 },
        { "duration": 150, "speed": 2.8, "grade": -0.01 }
      ],
      "timeline": [
        { "at": 0, "do": "prepare" },
        { "at": 3, "do": "start" },
        { "at": "10:03", "do": "probe" },
        { "at": "20:03", "do": "probe" },
        { "at": "30:03", "do": "end" }
      ]
    }
    """
}
