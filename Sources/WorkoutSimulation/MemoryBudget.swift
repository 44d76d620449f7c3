import WorkoutCore
import WorkoutScenario

/// What a run keeps in memory for its samples, estimated before it starts, and the budget it
/// must fit (a project rule): 4 GiB. A scenario over the budget is a data error (65) with the
/// estimate, from `run`, `check` and `validate` alike, instead of a run that is killed for
/// want of memory hours later.
///
/// The estimate counts, from `t = 0` to the run's end (``runEnd(_:overrides:)``: `--until`,
/// else the last timeline action or the latest `--keys` command, whichever is later; at most
/// the last `end` or `endCollection` that no start, resume, new session or relaunch follows,
/// in the timeline or among the commands: after it nothing collects), for every quantity type
/// the run's activities collect (the scenario's or `--type`'s, and each `newSession`'s; the
/// crown selector's items when the timeline or a command turns the crown) and whose sensor is
/// enabled: `span / interval + 1` samples (whole nanoseconds, the quotient
/// rounded down). Samples that arrive at one instant share one `dataCollected` log entry, so it
/// also counts the delivery instants: one grid per distinct interval, `span / interval + 1`
/// instants each (at most the number of samples). The estimate is
/// `samples × bytesPerSample + instants × bytesPerInstant`.
///
/// Bytes per sample and per delivery instant were measured as peak resident memory on Linux
/// (debug build, `/usr/bin/time -f %M`, runs of 10^5 and 2×10^5 s with 1-second sensors, the
/// difference taken so start-up cancels) and rounded up; see ``Output``. The figures include the
/// 16 bytes per sample of the record's storage (`SampleSeries`: an `Int64` start and a `Double`
/// value) and the 14 more while collecting.
public struct MemoryBudget: Sendable, Equatable {
  /// The budget: 4 GiB (4 294 967 296 bytes).
  public static let bytes = 4 * 1024 * 1024 * 1024

  /// What the run prints or writes, which decides what it holds per sample.
  public enum Output: Sendable, Equatable {
    /// A summary, `check`, `validate`: the engine's samples and log, the run result without
    /// samples: 80 bytes per sample, 480 per delivery instant.
    case summary
    /// `--json` without samples: the result's text too: 160 and 640 bytes.
    case json
    /// `--samples` or `--export`: every sample in the result document, its text or the export
    /// file's bytes too: 480 and 1280 bytes.
    case samples

    /// Bytes per sample.
    public var bytesPerSample: Int {
      switch self {
      case .summary: 80
      case .json: 160
      case .samples: 480
      }
    }

    /// Bytes per delivery instant (one log entry and its share of the result).
    public var bytesPerInstant: Int {
      switch self {
      case .summary: 480
      case .json: 640
      case .samples: 1280
      }
    }
  }

  /// The samples the run would make.
  public var samples: Double
  /// The instants at which samples would be delivered.
  public var instants: Double
  /// The type with the most samples and its sample count (for the message's JSON path).
  public var largest: (type: QuantityType, samples: Double)?
  /// The estimated bytes.
  public var estimatedBytes: Double

  /// The estimate for `scenario` with `overrides`.
  public init(_ scenario: Scenario, overrides: RunOverrides) {
    let runEnd = Self.runEnd(scenario, overrides: overrides)
    var collectionEnd = Self.collectionEnd(scenario)
    if let end = collectionEnd, let start = overrides.commands?.latestStart, start >= end {
      // A command at or after the last `end` (they run after the timeline's actions at their
      // instant) may start a new session or resume: collecting may go on to the run's end.
      collectionEnd = nil
    }
    let span = max(min(runEnd, collectionEnd ?? runEnd).nanoseconds, 0)
    // Counted in whole nanoseconds, exactly: 600 s every 1 ns is 600000000001 samples.
    var samples = 0.0
    var intervals: Set<Int64> = []
    var largest: (type: QuantityType, samples: Double)?
    for (type, interval) in Self.sensors(scenario, overrides: overrides, selector: false) {
      let count = Double(span / interval + 1)
      samples += count
      intervals.insert(interval)
      if count > largest?.samples ?? -1 { largest = (type, count) }
    }
    let instants = min(intervals.reduce(0) { $0 + Double(span / $1 + 1) }, samples)
    self.samples = samples
    self.instants = instants
    self.largest = largest
    self.estimatedBytes =
      samples * Double(overrides.output.bytesPerSample)
      + instants * Double(overrides.output.bytesPerInstant)
  }

  /// When the run stops by itself: `--until` (``RunOverrides/until``), else the later of the
  /// timeline's last action and the commands' end (``RunOverrides/commands``), as
  /// ``Simulation/run(_:commands:)`` plays it.
  public static func runEnd(_ scenario: Scenario, overrides: RunOverrides) -> SimulationInstant {
    if let until = overrides.until { return until }
    let last = scenario.timeline.last?.at ?? .zero
    guard let commands = overrides.commands else { return last }
    return max(last, commands.end)
  }

  /// The instant after which no session collects: the timeline's last `end` or
  /// `endCollection` when no `prepare`, `start`, `resume`, `newSession` or `relaunch` follows
  /// it; `nil` otherwise. A run that goes on past it (`--until` far beyond the workout) makes no
  /// more samples, so the estimate stops there.
  static func collectionEnd(_ scenario: Scenario) -> SimulationInstant? {
    var end: SimulationInstant?
    for action in scenario.timeline {
      guard case .app(let app) = action.kind else { continue }
      switch app {
      case .end, .endCollection: end = action.at
      case .prepare, .start, .resume, .newSession, .relaunch: end = nil
      default: break
      }
    }
    return end
  }

  /// The latest scenario time the watch face may play to within the budget: the budget over
  /// the bytes one second of collecting costs (every collected type's and every grid's share,
  /// the crown selector's items counted since the face can select any of them), at most
  /// `latest`. The face holds time there, however fast `--speed` plays.
  public static func horizon(
    _ scenario: Scenario, overrides: RunOverrides, latest: SimulationInstant
  ) -> SimulationInstant {
    let sensors = sensors(scenario, overrides: overrides, selector: true)
    let perSecond =
      sensors.reduce(0.0) { $0 + Double(overrides.output.bytesPerSample) * 1e9 / Double($1.1) }
      + Set(sensors.map(\.1)).reduce(0.0) {
        $0 + Double(overrides.output.bytesPerInstant) * 1e9 / Double($1)
      }
    guard perSecond > 0 else { return latest }
    let seconds = Double(bytes) / perSecond
    guard seconds < latest.seconds else { return latest }
    return SimulationInstant.rounding(seconds: seconds)
  }

  /// The enabled sensors of the types the run's activities collect, with their intervals in
  /// nanoseconds (above 0): the scenario's or `--type`'s activity, each `newSession`'s, and the
  /// crown selector's items when `selector` is true or the timeline or a command turns the
  /// crown.
  static func sensors(_ scenario: Scenario, overrides: RunOverrides, selector: Bool)
    -> [(QuantityType, Int64)]
  {
    var activities: Set<WorkoutActivityType> = [overrides.activity ?? scenario.activity]
    if selector || overrides.commands?.turnsCrown == true {
      activities.formUnion(scenario.selector.items)
    }
    for action in scenario.timeline {
      switch action.kind {
      case .app(.newSession(let activity?)): activities.insert(activity)
      case .crown: activities.formUnion(scenario.selector.items)
      default: break
      }
    }
    var sensors: [(QuantityType, Int64)] = []
    for type in QuantityType.allCases
    where activities.contains(where: { $0.collectedTypes.contains(type) }) {
      let settings = scenario.sensorSettings(for: type)
      let interval = settings.interval.wholeNanoseconds
      guard settings.enabled, interval > 0 else { continue }
      sensors.append((type, interval))
    }
    return sensors
  }

  /// Whether the estimate is within ``bytes``.
  public var fits: Bool { estimatedBytes <= Double(Self.bytes) }

  /// Compares the counts, the largest type and the estimate.
  public static func == (lhs: MemoryBudget, rhs: MemoryBudget) -> Bool {
    lhs.samples == rhs.samples && lhs.instants == rhs.instants
      && lhs.largest?.type == rhs.largest?.type && lhs.largest?.samples == rhs.largest?.samples
      && lhs.estimatedBytes == rhs.estimatedBytes
  }
}
