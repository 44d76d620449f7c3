import Foundation
import WorkoutHealth

extension Scenario {
  /// `authorization`: how the simulated user answers the permission sheets
  /// (docs/scenario-format.md#authorization). Without the key every request is granted.
  public struct Authorization: Sendable, Equatable {
    /// One answer of the user to one data type on HealthKit's sheet.
    public enum Answer: String, Sendable, Equatable, CaseIterable {
      /// The user turned the type on.
      case granted
      /// The user left the type off.
      case denied
    }

    /// The history a person lets an app read, HealthKit's second authorization screen in iOS 27
    /// and watchOS 27 (Apple: "a second screen prompts them to choose how much historical data
    /// to grant your app, either a recent limited window or their full history",
    /// https://developer.apple.com/documentation/healthkit/authorizing-access-to-health-data).
    /// The two options are Apple's, as the sheet names them: "Past 30 Days and Future Data" and
    /// "All Recorded Data and Future Data"
    /// (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.healthkit.research).
    public enum HistoryAnswer: String, Sendable, Equatable, CaseIterable {
      /// "All Recorded Data and Future Data": full access, no earliest date.
      case all
      /// "Past 30 Days and Future Data": samples ending at most 30 days (30 × 86,400 s) before
      /// the sheet was answered are hidden (docs/scenario-format.md#authorization).
      case past30Days
    }

    /// `healthKit.default`: the answer for types not listed; default `.granted`.
    public var defaultAnswer: Answer
    /// `healthKit.read`: answers to reading, by HealthKit type identifier
    /// (`"HKQuantityTypeIdentifierStepCount"`).
    public var read: [String: Answer]
    /// `healthKit.share`: answers to sharing (writing), by HealthKit type identifier.
    public var share: [String: Answer]
    /// `healthKit.history` (a string, or its `default`): the history granted with a read of a
    /// sample type not in ``history``; default `.all`.
    public var defaultHistory: HistoryAnswer = .all
    /// `healthKit.history`'s lists: the history granted with a read, by HealthKit type
    /// identifier (sample types only: HealthKit limits sample types alone).
    public var history: [String: HistoryAnswer] = [:]
    /// `notifications`: the answer to UserNotifications' permission prompt
    /// (`UNUserNotificationCenter.requestAuthorization(options:)`); `nil`, granted.
    public var notifications: Answer? = nil
    /// `motion`: the answer to Core Motion's Motion & Fitness permission
    /// (`CMMotionActivityManager`, `CMPedometer`); `nil`, granted.
    public var motion: Answer? = nil
    /// `workoutScheduler`: the answer to WorkoutKit's prompt to schedule workouts
    /// (`WorkoutScheduler.requestAuthorization()`); `nil`, granted.
    public var workoutScheduler: Answer? = nil
    /// `fallDetection`: the answer to Core Motion's fall detection prompt
    /// (`CMFallDetectionManager.requestAuthorization(handler:)`); `nil`, granted.
    public var fallDetection: Answer? = nil
    /// `location`: the answer to Core Location's permission prompt
    /// (`CLLocationManager.requestWhenInUseAuthorization()`, `requestAlwaysAuthorization()`);
    /// `nil`, granted with precise locations.
    public var location: LocationAnswer? = nil

    /// Answers with `defaultAnswer` for types not in `read` or `share`.
    public init(
      defaultAnswer: Answer = .granted, read: [String: Answer] = [:], share: [String: Answer] = [:]
    ) {
      self.defaultAnswer = defaultAnswer
      self.read = read
      self.share = share
    }

    /// The answer to reading the type with HealthKit identifier `identifier`.
    public func readAnswer(for identifier: String) -> Answer { read[identifier] ?? defaultAnswer }

    /// The history granted with a read of the type with HealthKit identifier `identifier`
    /// (meaningful for sample types only).
    public func historyAnswer(for identifier: String) -> HistoryAnswer {
      history[identifier] ?? defaultHistory
    }

    /// The answer to sharing the type with HealthKit identifier `identifier`.
    public func shareAnswer(for identifier: String) -> Answer {
      share[identifier] ?? defaultAnswer
    }

    /// The HealthKit type identifiers the key accepts, in full (`"HKQuantityTypeIdentifierStepCount"`);
    /// the short form is the type's Swift name, the identifier without its prefix, first letter
    /// lower-cased (`"stepCount"`, `"sleepAnalysis"`, `"dateOfBirth"`, `"workout"`,
    /// `"electrocardiogram"`, `"vo2Max"`). Every type of WorkoutHealth's `HealthTypeCatalog`
    /// but the correlation types, which HealthKit does not authorize (an app asks for their
    /// quantity types).
    public static let typeIdentifiers: [String] = HealthTypeCatalog.entries.filter {
      $0.kind != .correlation
    }.map(\.identifier)

    /// The full identifier of a name as the key accepts it (full or short), or `nil`.
    public static func identifier(named name: String) -> String? {
      if accepted.contains(name) { return name }
      return shortNames[name]
    }

    /// The short name of a full identifier the key accepts (`"HKQuantityTypeIdentifierHeartRate"`
    /// → `"heartRate"`: its Swift name), or `nil` for an identifier it does not accept.
    public static func shortName(of identifier: String) -> String? {
      accepted.contains(identifier) ? HealthTypeCatalog.entry(identifier)?.name : nil
    }

    private static let accepted = Set(typeIdentifiers)

    /// Short name → full identifier.
    static let shortNames: [String: String] = {
      var names: [String: String] = [:]
      for identifier in typeIdentifiers {
        // Every accepted identifier is in the catalog.
        names[HealthTypeCatalog.entry(identifier)!.name] = identifier
      }
      return names
    }()
  }

  /// `app`: facts about the app under test that the simulated system reads
  /// (docs/scenario-format.md#the-app).
  public struct App: Sendable, Equatable {
    /// Where the app's Info.plist comes from.
    public enum InfoPlist: Sendable, Equatable {
      /// An inline object: key → string value (keys with other values are kept with an empty
      /// string).
      case keys([String: String])
      /// A path to a `.plist` file (XML or binary), relative to the scenario file's folder,
      /// read when a run is prepared (`validate`, `run`, `check`, the Swift API's simulation),
      /// which refuses a file it cannot open (exit 66) or that is not a dictionary (exit 65).
      case file(String)
    }

    /// `infoPlist`: the app's Info.plist, or `nil` for the default (both HealthKit usage
    /// descriptions present).
    public var infoPlist: InfoPlist?

    /// The members of an inline `infoPlist` (``InfoPlist/keys(_:)``) whose value is an array of
    /// strings, key → the strings in order (`"BGTaskSchedulerPermittedIdentifiers":
    /// ["com.example.refresh"]`); empty for a `.plist` file or no Info.plist. Read either kind
    /// with `Scenario.infoPlistStringArray(_:fileName:)` (WorkoutSimulation), which opens the
    /// file.
    public var infoPlistStringArrays: [String: [String]] = [:]

    /// An app with the given Info.plist.
    ///
    /// - Parameters:
    ///   - infoPlist: where the Info.plist comes from; `nil`, the default.
    ///   - infoPlistStringArrays: with an inline Info.plist, its members whose value is an array
    ///     of strings (their keys must be in the `.keys` dictionary too).
    public init(infoPlist: InfoPlist? = nil, infoPlistStringArrays: [String: [String]] = [:]) {
      self.infoPlist = infoPlist
      self.infoPlistStringArrays = infoPlistStringArrays
    }
  }
}
