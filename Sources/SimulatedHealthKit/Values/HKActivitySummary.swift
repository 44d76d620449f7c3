import Synchronization

/// The move, exercise and stand data of one day, HealthKit's `HKActivitySummary` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkactivitysummary).
///
/// Read them with ``HKActivitySummaryQuery`` (or ``HKActivitySummaryQueryDescriptor``). As in
/// HealthKit, a summary is mutable, but changing it changes nothing in the store, and it cannot
/// be saved. ``init()`` makes a summary of zero quantities for the app's own use (a preview's
/// rings). How the simulation computes a day's values: docs/healthkit-behaviour.md#activity-summaries.
public final class HKActivitySummary: NSObject, @unchecked Sendable {
  /// The values, behind a lock: a summary crosses from the callback lane to the app's tasks.
  private let values: Mutex<Values>

  struct Values: Equatable, Sendable {
    var day: DateComponents?
    var activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
    var activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
    var activityMoveMode = HKActivityMoveMode.activeEnergy
    var appleMoveTime = HKQuantity(unit: .minute(), doubleValue: 0)
    var appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
    var appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 0)
    var appleExerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
    var exerciseTimeGoal: HKQuantity?
    var appleStandHours = HKQuantity(unit: .count(), doubleValue: 0)
    var appleStandHoursGoal = HKQuantity(unit: .count(), doubleValue: 0)
    var standHoursGoal: HKQuantity?
    var isPaused = false
  }

  /// A summary with zero quantities, move mode ``HKActivityMoveMode/activeEnergy`` and no day
  /// (Apple doc: https://developer.apple.com/documentation/healthkit/hkactivitysummary/init()).
  public override init() {
    self.values = Mutex(Values())
    super.init()
  }

  init(_ values: Values) {
    self.values = Mutex(values)
    super.init()
  }

  private func read<T>(_ key: KeyPath<Values, T>) -> T { values.withLock { $0 }[keyPath: key] }
  private func write<T>(_ key: WritableKeyPath<Values, T>, _ value: T) {
    values.withLock { $0[keyPath: key] = value }
  }

  /// The day's active energy, in energy units (kcal) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/activeenergyburned).
  public var activeEnergyBurned: HKQuantity {
    get { read(\.activeEnergyBurned) }
    set { write(\.activeEnergyBurned, newValue) }
  }

  /// The Move goal in energy units (kcal): the scenario's `goals.activeEnergyBurned` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/activeenergyburnedgoal).
  public var activeEnergyBurnedGoal: HKQuantity {
    get { read(\.activeEnergyBurnedGoal) }
    set { write(\.activeEnergyBurnedGoal, newValue) }
  }

  /// What the Move ring measured that day (iOS 14; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/activitymovemode).
  public var activityMoveMode: HKActivityMoveMode {
    get { read(\.activityMoveMode) }
    set { write(\.activityMoveMode, newValue) }
  }

  /// The day's move time, in time units (iOS 14; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/applemovetime); zero
  /// unless the move mode is ``HKActivityMoveMode/appleMoveTime``.
  public var appleMoveTime: HKQuantity {
    get { read(\.appleMoveTime) }
    set { write(\.appleMoveTime, newValue) }
  }

  /// The move-time goal, in time units (iOS 14; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/applemovetimegoal).
  public var appleMoveTimeGoal: HKQuantity {
    get { read(\.appleMoveTimeGoal) }
    set { write(\.appleMoveTimeGoal, newValue) }
  }

  /// The day's exercise time, in time units (minutes) (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/appleexercisetime).
  public var appleExerciseTime: HKQuantity {
    get { read(\.appleExerciseTime) }
    set { write(\.appleExerciseTime, newValue) }
  }

  /// The exercise goal, in time units (minutes): the scenario's `goals.appleExerciseTime`
  /// (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/appleexercisetimegoal;
  /// deprecated in the iOS 27 SDK in favour of ``exerciseTimeGoal``).
  public var appleExerciseTimeGoal: HKQuantity {
    get { read(\.appleExerciseTimeGoal) }
    set { write(\.appleExerciseTimeGoal, newValue) }
  }

  /// The exercise goal, in time units, or `nil` (iOS 16; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/exercisetimegoal); the
  /// store's summaries carry the same goal as ``appleExerciseTimeGoal``.
  public var exerciseTimeGoal: HKQuantity? {
    get { read(\.exerciseTimeGoal) }
    set { write(\.exerciseTimeGoal, newValue) }
  }

  /// The day's stand hours, in count units (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/applestandhours).
  public var appleStandHours: HKQuantity {
    get { read(\.appleStandHours) }
    set { write(\.appleStandHours, newValue) }
  }

  /// The stand goal, in count units (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/applestandhoursgoal;
  /// deprecated in the iOS 27 SDK in favour of ``standHoursGoal``).
  public var appleStandHoursGoal: HKQuantity {
    get { read(\.appleStandHoursGoal) }
    set { write(\.appleStandHoursGoal, newValue) }
  }

  /// The stand goal, in count units, or `nil` (iOS 16; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/standhoursgoal); the
  /// store's summaries carry the same goal as ``appleStandHoursGoal``.
  public var standHoursGoal: HKQuantity? {
    get { read(\.standHoursGoal) }
    set { write(\.standHoursGoal, newValue) }
  }

  /// Whether the user paused their rings that day (iOS 18; Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/ispaused); the
  /// simulated person never pauses them: `false`.
  public var isPaused: Bool {
    get { read(\.isPaused) }
    set { write(\.isPaused, newValue) }
  }

  /// The summary's day as era, year, month and day in `calendar` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary/datecomponents(for:)),
  /// with `calendar` set; empty components for a summary the app made with ``init()``.
  ///
  /// The day is the local day of the simulation's calendar (the scenario's `timeZone`); in
  /// another calendar it is the day holding that day's noon.
  public func dateComponents(for calendar: Calendar) -> DateComponents {
    guard let day = read(\.day), let dayCalendar = day.calendar else {
      var empty = DateComponents()
      empty.calendar = calendar
      return empty
    }
    var noon = day
    noon.hour = 12
    guard let date = dayCalendar.date(from: noon) else { return day }
    var components = calendar.dateComponents([.era, .year, .month, .day], from: date)
    components.calendar = calendar
    return components
  }

  /// Equal when every value is (the day, each quantity, the move mode, paused).
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? HKActivitySummary else { return false }
    return other === self || values.withLock { $0 } == other.values.withLock { $0 }
  }

  /// Hashes the day and the active energy, which equal summaries share.
  public override var hash: Int {
    values.withLock { values in
      var hasher = Hasher()
      hasher.combine(values.day)
      hasher.combine(values.activeEnergyBurned)
      return hasher.finalize()
    }
  }

  /// The day in the simulation's calendar (`nil` for a summary the app made).
  var day: DateComponents? { read(\.day) }

  /// `<HKActivitySummary 2026-03-30: 128.5 kcal / 500 kcal, 40 min / 30 min, 3 / 12>`.
  public override var description: String {
    values.withLock { values in
      let day = values.day.map { "\($0.year ?? 0)-\($0.month ?? 0)-\($0.day ?? 0)" } ?? "-"
      return
        "<HKActivitySummary \(day): \(values.activeEnergyBurned) / \(values.activeEnergyBurnedGoal), \(values.appleExerciseTime) / \(values.appleExerciseTimeGoal), \(values.appleStandHours) / \(values.appleStandHoursGoal)>"
    }
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The key path of an activity summary's day in predicates (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkpredicatekeypathdatecomponents; the
/// page gives no value: `"dateComponents"` here). The simulated store reads only the predicate
/// helpers' predicates, not format strings made with it.
public let HKPredicateKeyPathDateComponents = "dateComponents"

extension HKActivitySummary: NSSecureCoding {
  /// `true`: a summary archives with `NSKeyedArchiver` under `requiringSecureCoding: true`, as
  /// Apple declares `HKActivitySummary` `NSSecureCoding` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkactivitysummary).
  public static var supportsSecureCoding: Bool { true }

  /// The quantities by their archive keys (this package's own keys).
  private static var quantities: [(String, WritableKeyPath<Values, HKQuantity>)] {
    [
      ("activeEnergyBurned", \.activeEnergyBurned),
      ("activeEnergyBurnedGoal", \.activeEnergyBurnedGoal),
      ("appleMoveTime", \.appleMoveTime), ("appleMoveTimeGoal", \.appleMoveTimeGoal),
      ("appleExerciseTime", \.appleExerciseTime),
      ("appleExerciseTimeGoal", \.appleExerciseTimeGoal),
      ("appleStandHours", \.appleStandHours), ("appleStandHoursGoal", \.appleStandHoursGoal),
    ]
  }

  /// The optional goals by their archive keys.
  private static var optionalQuantities: [(String, WritableKeyPath<Values, HKQuantity?>)] {
    [
      ("exerciseTimeGoal", \.exerciseTimeGoal), ("standHoursGoal", \.standHoursGoal),
    ]
  }

  /// Writes the day, every quantity, the move mode and whether the rings were paused.
  public func encode(with coder: NSCoder) {
    let values = values.withLock { $0 }
    if let day = values.day { coder.encode(day as NSDateComponents, forKey: "day") }
    for (key, path) in Self.quantities { coder.encode(values[keyPath: path], forKey: key) }
    for (key, path) in Self.optionalQuantities {
      if let quantity = values[keyPath: path] { coder.encode(quantity, forKey: key) }
    }
    coder.encode(values.activityMoveMode.rawValue, forKey: "activityMoveMode")
    coder.encode(values.isPaused, forKey: "isPaused")
  }

  /// Reads what ``encode(with:)`` wrote; `nil` when a quantity or the move mode is missing.
  public convenience init?(coder: NSCoder) {
    var values = Values()
    // swift-corelibs-foundation fails the whole decoding on a missing key: ask first.
    if coder.containsValue(forKey: "day") {
      values.day = coder.decodeObject(of: NSDateComponents.self, forKey: "day") as DateComponents?
    }
    for (key, path) in Self.quantities {
      guard let quantity = coder.decodeObject(of: HKQuantity.self, forKey: key) else {
        return nil
      }
      values[keyPath: path] = quantity
    }
    for (key, path) in Self.optionalQuantities {
      guard coder.containsValue(forKey: key) else { continue }
      values[keyPath: path] = coder.decodeObject(of: HKQuantity.self, forKey: key)
    }
    guard
      let mode = HKActivityMoveMode(rawValue: coder.decodeInteger(forKey: "activityMoveMode"))
    else { return nil }
    values.activityMoveMode = mode
    values.isPaused = coder.decodeBool(forKey: "isPaused")
    self.init(values)
  }
}
