import Foundation

/// Contextual clues the system uses to show relevant widgets in the Smart Stack on watchOS
/// (Apple doc: https://developer.apple.com/documentation/relevancekit/relevantcontext).
///
/// A value only: SimulatedWidgetKit evaluates it against the simulated world on virtual time
/// (the watch's Smart Stack, docs/swift-api.md#relevance). Date, fitness and sleep clues are
/// evaluated; headphones and inferred-location clues compile and are never relevant in the
/// simulation (it has no headphones and no inferred places), as Apple says a clue whose
/// information the system lacks has no effect. `Hashable` is the
/// simulation's addition (Apple declares no conformance on its page), for tests.
public struct RelevantContext: Sendable, Hashable, CustomStringConvertible {
  /// What the clue says, typed (SimulatedWidgetKit switches over it).
  package enum Clue: Sendable, Hashable {
    /// Relevant from `start` through `end` (a closed span), with its hint.
    case date(start: Date, end: Date, kind: DateKind)
    /// A fitness condition.
    case fitness(FitnessCondition)
    /// A sleep condition (from the health store's last night).
    case sleep(SleepCondition)
    /// Headphones connected (never relevant in the simulation).
    case headphones(HeadphonesCondition)
    /// An inferred place (never relevant in the simulation).
    case inferredLocation(InferredLocation)
  }

  /// The clue.
  package let clue: Clue

  init(_ clue: Clue) { self.clue = clue }

  /// How long a clue made with an exact date (``date(_:)``, ``date(_:kind:)``) stays relevant
  /// from that date: one hour (project rule: Apple says the date is the moment the widget is
  /// most relevant and gives no span; docs/swift-api.md#relevance).
  package static let exactDateRelevanceSpan: TimeInterval = 3600

  /// The clue as the run's log writes it: `date(<start>...<end>, default)`,
  /// `fitness(workoutActive)`, `sleep(bedtime)`, `hardware(headphones: connected)`,
  /// `location(inferred: home)`; dates as seconds since 1970.
  public var description: String {
    switch clue {
    case .date(let start, let end, let kind):
      "date(\(start.timeIntervalSince1970)...\(end.timeIntervalSince1970), \(kind.name))"
    case .fitness(let condition): "fitness(\(condition.name))"
    case .sleep(let condition): "sleep(\(condition.name))"
    case .headphones(let condition): "hardware(headphones: \(condition.name))"
    case .inferredLocation(let place): "location(inferred: \(place.name))"
    }
  }

  // MARK: - Date clues

  /// Tells the system a widget is relevant at a specific date (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/date(_:)): in the
  /// simulation from `exact` for one hour (a project rule).
  public static func date(_ exact: Date) -> RelevantContext {
    date(exact, kind: .default)
  }

  /// Tells the system a widget is relevant at a specific date with a hint (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/date(_:kind:)):
  /// in the simulation from `exact` for one hour (a project rule); the hint orders the Smart
  /// Stack (``DateKind``).
  public static func date(_ exact: Date, kind: RelevantContext.DateKind) -> RelevantContext {
    RelevantContext(
      .date(start: exact, end: exact.addingTimeInterval(exactDateRelevanceSpan), kind: kind))
  }

  /// Tells the system a widget is relevant for a known date range with a hint (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/date(range:kind:)):
  /// relevant from `range.lowerBound` through `range.upperBound`, both included.
  public static func date(range: ClosedRange<Date>, kind: RelevantContext.DateKind)
    -> RelevantContext
  {
    RelevantContext(.date(start: range.lowerBound, end: range.upperBound, kind: kind))
  }

  /// Tells the system a widget is relevant during a date interval with a hint (Apple names it
  /// in https://developer.apple.com/documentation/relevancekit/relevantcontext/date(_:), page:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/date(interval:kind:)):
  /// relevant from `interval.start` through `interval.end`, both included (a `DateInterval` is
  /// closed).
  public static func date(interval: DateInterval, kind: RelevantContext.DateKind)
    -> RelevantContext
  {
    RelevantContext(.date(start: interval.start, end: interval.end, kind: kind))
  }

  /// Tells the system a widget is relevant between two dates (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/date(from:to:);
  /// deprecated in watchOS 26): relevant from `from` through `to`, with the `default` hint. A
  /// `to` before `from` is never relevant.
  @available(*, deprecated, message: "use date(range:kind:) or date(interval:kind:)")
  public static func date(from: Date, to: Date) -> RelevantContext {
    RelevantContext(.date(start: from, end: to, kind: .default))
  }

  // MARK: - Other clues

  /// Tells the system a widget is relevant because of a person's fitness activity (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/fitness(_:)); the
  /// simulation evaluates both conditions (``FitnessCondition``).
  public static func fitness(_ condition: RelevantContext.FitnessCondition) -> RelevantContext {
    RelevantContext(.fitness(condition))
  }

  /// Tells the system a widget is relevant because of a person's sleep schedule (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/sleep(_:)). In the
  /// simulation the typical times are the health store's last night (its sleep-analysis
  /// samples): `bedtime` matches in the hour before its start's local time of day, `wakeup` in
  /// the hour from its end's; without a night in the store neither matches (Apple: without
  /// contextual sleep information the clue has no effect; project rule,
  /// docs/swift-api.md#relevance).
  public static func sleep(_ condition: RelevantContext.SleepCondition) -> RelevantContext {
    RelevantContext(.sleep(condition))
  }

  /// Tells the system a widget is relevant when headphones are connected (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/hardware(headphones:)).
  /// Never relevant in the simulation: the simulated watch has no headphones.
  public static func hardware(headphones: RelevantContext.HeadphonesCondition)
    -> RelevantContext
  {
    RelevantContext(.headphones(headphones))
  }

  /// Tells the system a widget is relevant at a person's inferred location (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/location(inferred:)).
  /// Never relevant in the simulation: it infers no home, work, school or commute.
  public static func location(inferred: RelevantContext.InferredLocation) -> RelevantContext {
    RelevantContext(.inferredLocation(inferred))
  }
}

extension RelevantContext {
  /// Values the system uses as additional context for time-based clues (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/datekind). The
  /// simulation orders suggested widgets by it: `scheduled` first, then `default`, then
  /// `informational` (Apple: increased, default and slightly lower priority).
  public struct DateKind: Sendable, Hashable {
    /// The hint's name, as the log writes it.
    package let name: String
    /// Its priority in the Smart Stack: higher first.
    package let priority: Int

    /// Default priority (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/datekind/default).
    public static var `default`: RelevantContext.DateKind { DateKind(name: "default", priority: 1) }
    /// Slightly lower priority: content without an action (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/datekind/informational).
    public static var informational: RelevantContext.DateKind {
      DateKind(name: "informational", priority: 0)
    }
    /// Increased priority: important content or an action (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/datekind/scheduled).
    public static var scheduled: RelevantContext.DateKind {
      DateKind(name: "scheduled", priority: 2)
    }
  }

  /// Values that represent a person's fitness activity (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/fitnesscondition).
  public struct FitnessCondition: Sendable, Hashable {
    /// The condition's name, as the log writes it.
    package let name: String

    /// A person needs to complete their activity rings (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/fitnesscondition/activityringsincomplete):
    /// in the simulation from 18:00 local time until midnight while the day's Move, Exercise
    /// or Stand ring is below its goal (project rule: Apple gives no hour;
    /// docs/swift-api.md#relevance).
    public static var activityRingsIncomplete: RelevantContext.FitnessCondition {
      FitnessCondition(name: "activityRingsIncomplete")
    }
    /// A person is actively working out (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/fitnesscondition/workoutactive):
    /// in the simulation while a watch workout session is running or paused.
    public static var workoutActive: RelevantContext.FitnessCondition {
      FitnessCondition(name: "workoutActive")
    }
  }

  /// Values that represent a person's typical bedtime or wakeup time (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/sleepcondition).
  public struct SleepCondition: Sendable, Hashable {
    /// The condition's name, as the log writes it.
    package let name: String

    /// Close to when a person typically goes to bed (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/sleepcondition/bedtime).
    public static var bedtime: RelevantContext.SleepCondition { SleepCondition(name: "bedtime") }
    /// Close to when a person typically wakes up (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/sleepcondition/wakeup).
    public static var wakeup: RelevantContext.SleepCondition { SleepCondition(name: "wakeup") }
  }

  /// Whether a person's headphones are connected (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/headphonescondition).
  public struct HeadphonesCondition: Sendable, Hashable {
    /// The condition's name, as the log writes it.
    package let name: String

    /// Headphones are connected to the device (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/headphonescondition/connected).
    public static var connected: RelevantContext.HeadphonesCondition {
      HeadphonesCondition(name: "connected")
    }
  }

  /// A person's inferred home, work, school and commute (Apple doc:
  /// https://developer.apple.com/documentation/relevancekit/relevantcontext/inferredlocation).
  public struct InferredLocation: Sendable, Hashable {
    /// The place's name, as the log writes it.
    package let name: String

    /// A commute between two inferred places (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/inferredlocation/commute).
    public static var commute: RelevantContext.InferredLocation {
      InferredLocation(name: "commute")
    }
    /// The inferred home (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/inferredlocation/home).
    public static var home: RelevantContext.InferredLocation { InferredLocation(name: "home") }
    /// The inferred school (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/inferredlocation/school).
    public static var school: RelevantContext.InferredLocation { InferredLocation(name: "school") }
    /// The inferred workplace (Apple doc:
    /// https://developer.apple.com/documentation/relevancekit/relevantcontext/inferredlocation/work).
    public static var work: RelevantContext.InferredLocation { InferredLocation(name: "work") }
  }
}
