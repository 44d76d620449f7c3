import Foundation
import Testing
import WorkoutScenario
import WorkoutSimTestSupport

@testable import SimulatedHealthKit

/// The person's characteristics through `HKHealthStore`: values from the scenario's `athlete`,
/// Apple's raw values, and HealthKit's authorization rules (not determined throws, denied looks
/// like not set).
@Suite struct CharacteristicsTests {
  /// A scenario starting 2026-03-30 10:00 in Berlin with `athlete` members and more top-level
  /// keys in `extra`.
  private func simulation(_ athlete: String, extra: String = "") throws -> HealthKitSimulation {
    try HealthKitSimulation(
      scenario: decodeScenario(
        """
        { "version": 1, "start": "2026-03-30T10:00:00+02:00", "timeZone": "Europe/Berlin",
          \(extra) "athlete": { \(athlete) } }
        """))
  }

  private static let all: Set<HKObjectType> = [
    HKCharacteristicType(.dateOfBirth), HKCharacteristicType(.biologicalSex),
    HKCharacteristicType(.bloodType), HKCharacteristicType(.fitzpatrickSkinType),
    HKCharacteristicType(.wheelchairUse), HKCharacteristicType(.activityMoveMode),
  ]

  /// A 40-year-old: born 1986-03-30, the scenario starts on 2026-03-30 (Berlin), so the age at
  /// the start is 2026 − 1986 = 40 (the birthday is that day).
  @Test func aFortyYearOldsDateOfBirth() async throws {
    let simulation = try simulation(#""dateOfBirth": "1986-03-30", "sex": "male""#)
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: Self.all)
      let birth = try store.dateOfBirthComponents()
      #expect(birth.year == 1986)
      #expect(birth.month == 3)
      #expect(birth.day == 30)
      #expect(birth.calendar?.identifier == .gregorian)
      // The app's usual age computation, in the simulation's calendar.
      var components = birth
      components.calendar = simulation.calendar
      let born = try #require(simulation.calendar.date(from: components))
      let age = simulation.calendar.dateComponents([.year], from: born, to: simulation.now).year
      #expect(age == 40)
      #expect(try store.biologicalSex().biologicalSex == .male)
    }
  }

  /// Every characteristic the scenario gives, with Apple's raw values: AB− is 6, skin type III
  /// is 3, wheelchair use yes is 2, move time is 2 (age 15 may choose it).
  @Test func theScenariosValuesWithRawValues() async throws {
    let simulation = try simulation(
      #""age": 15, "bloodType": "abNegative", "skinType": "III", "wheelchairUse": true, "moveMode": "appleMoveTime""#
    )
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: Self.all)
      #expect(try store.bloodType().bloodType.rawValue == 6)
      #expect(try store.fitzpatrickSkinType().skinType.rawValue == 3)
      #expect(try store.wheelchairUse().wheelchairUse.rawValue == 2)
      #expect(try store.activityMoveMode().activityMoveMode.rawValue == 2)
      // No sex given: not set (0), though the physiology takes female (trial19).
      #expect(try store.biologicalSex().biologicalSex.rawValue == 0)
    }
  }

  /// Nothing given: the values the person never entered (`notSet`, 0), no date of birth, and
  /// the move mode of a 35-year-old, active energy (1).
  @Test func notSetByDefault() async throws {
    let simulation = try simulation(#""age": 35"#)
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: Self.all)
      #expect(try store.bloodType() == HKBloodTypeObject(.notSet))
      #expect(try store.biologicalSex().biologicalSex == .notSet)
      #expect(try store.fitzpatrickSkinType().skinType == .notSet)
      #expect(try store.wheelchairUse().wheelchairUse == .notSet)
      #expect(try store.activityMoveMode().activityMoveMode == .activeEnergy)
      do {
        _ = try store.dateOfBirthComponents()
        Issue.record("a date of birth nobody set")
      } catch let error as HKError {
        #expect(error.code == .errorNoData)
      }
    }
  }

  /// Never asked to read: `errorAuthorizationNotDetermined` (5), "Authorization not determined",
  /// from every read.
  @Test func notDeterminedThrows() async throws {
    let simulation = try simulation(#""dateOfBirth": "1986-03-30", "bloodType": "oPositive""#)
    try await simulation.run {
      let store = HKHealthStore()
      let reads: [(String, () throws -> Any)] = [
        ("dateOfBirth", { try store.dateOfBirthComponents() }),
        ("biologicalSex", { try store.biologicalSex() }),
        ("bloodType", { try store.bloodType() }),
        ("fitzpatrickSkinType", { try store.fitzpatrickSkinType() }),
        ("wheelchairUse", { try store.wheelchairUse() }),
        ("activityMoveMode", { try store.activityMoveMode() }),
      ]
      for (name, read) in reads {
        do {
          _ = try read()
          Issue.record("\(name) read without authorization")
        } catch let error as HKError {
          #expect(error.code == .errorAuthorizationNotDetermined)
          #expect(error.localizedDescription == "Authorization not determined")
          #expect((error as NSError).code == 5)
        }
      }
    }
  }

  /// Denied reads look like values never entered (Apple documents `notSet` and no date of
  /// birth for a denied read), without an authorization error.
  @Test func deniedLooksNotSet() async throws {
    let simulation = try simulation(
      #""dateOfBirth": "1986-03-30", "bloodType": "oPositive", "sex": "male", "wheelchairUse": false"#,
      extra:
        #""authorization": { "healthKit": { "read": { "denied": ["dateOfBirth", "bloodType", "biologicalSex", "wheelchairUse"] } } },"#
    )
    try await simulation.run {
      let store = HKHealthStore()
      try await store.requestAuthorization(toShare: [], read: Self.all)
      #expect(try store.bloodType().bloodType == .notSet)
      #expect(try store.biologicalSex().biologicalSex == .notSet)
      #expect(try store.wheelchairUse().wheelchairUse == .notSet)
      do {
        _ = try store.dateOfBirthComponents()
        Issue.record("a denied date of birth")
      } catch let error as HKError {
        #expect(error.code == .errorNoData)
      }
    }
  }

  /// Characteristics are read-only: they are not sample types (so `toShare:` cannot take them),
  /// and `authorizationStatus(for:)` reports sharing them denied.
  @Test func characteristicsAreReadOnly() async throws {
    let simulation = try simulation(#""age": 35"#)
    await simulation.run {
      let store = HKHealthStore()
      let birth: HKObjectType = HKCharacteristicType(.dateOfBirth)
      #expect(!(birth is HKSampleType))
      #expect(store.authorizationStatus(for: birth) == .sharingDenied)
      #expect(store.authorizationStatus(for: HKObjectType.activitySummaryType()) == .sharingDenied)
      // A sample type still starts undetermined.
      #expect(store.authorizationStatus(for: HKQuantityType(.dietaryWater)) == .notDetermined)
    }
  }

  /// The enumerations' raw values, as `HKCharacteristicValues.h` gives them.
  @Test func rawValues() {
    #expect(HKBiologicalSex.allCases.map(\.rawValue) == [0, 1, 2, 3])
    #expect(HKBloodType.allCases.map(\.rawValue) == Array(0...8))
    #expect(HKBloodType.oNegative.rawValue == 8)
    #expect(HKFitzpatrickSkinType.VI.rawValue == 6)
    #expect(HKWheelchairUse.no.rawValue == 1)
    #expect(HKActivityMoveMode.activeEnergy.rawValue == 1)
    #expect(HKBiologicalSexObject(.male) == HKBiologicalSexObject(.male))
    #expect(HKBiologicalSexObject(.male) != HKBiologicalSexObject(.female))
  }
}
