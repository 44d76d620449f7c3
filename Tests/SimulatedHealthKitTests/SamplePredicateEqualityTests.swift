import Foundation
import Testing

@testable import SimulatedHealthKit

/// `HKSamplePredicate` is `Equatable` and `Hashable`, as HealthKit's is
/// (https://developer.apple.com/documentation/healthkit/hksamplepredicate): two predicates of one
/// sample type and equal `NSPredicate`s (the same helper with the same arguments) compare equal
/// and hash alike, so a `Set` or a dictionary keyed by them holds one; another type, another
/// helper, other arguments or no `NSPredicate` differ.
@Suite struct SamplePredicateEqualityTests {
  /// 2026-03-30 00:00 UTC and a day later.
  static let day = Date(timeIntervalSince1970: 1_774_828_800)
  static let nextDay = day.addingTimeInterval(86_400)

  @Test func predicatesOfOneTypeAndEqualPredicatesAreEqual() {
    let today = HKQuery.predicateForSamples(withStart: Self.day, end: Self.nextDay)
    let sameDay = HKQuery.predicateForSamples(withStart: Self.day, end: Self.nextDay)
    let first = HKSamplePredicate.quantitySample(type: steps, predicate: today)
    let second = HKSamplePredicate.quantitySample(type: steps, predicate: sameDay)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1)
    let counts = [first: 1]
    #expect(counts[second] == 1)
    #expect(HKSamplePredicate.quantitySample(type: steps) == .quantitySample(type: steps))
    #expect(HKSamplePredicate.workout() == .workout())
    #expect(
      HKSamplePredicate.workout(HKQuery.predicateForWorkouts(with: .running))
        == .workout(HKQuery.predicateForWorkouts(with: .running)))
    // Compounds of equal helper predicates are equal (Foundation compares their parts).
    func mine(_ day: NSPredicate) -> NSPredicate {
      NSCompoundPredicate(andPredicateWithSubpredicates: [
        day, HKQuery.predicateForObjects(from: .default()),
      ])
    }
    let compound = HKSamplePredicate.quantitySample(type: steps, predicate: mine(today))
    let sameCompound = HKSamplePredicate.quantitySample(type: steps, predicate: mine(sameDay))
    #expect(compound == sameCompound)
    #expect(Set([compound, sameCompound]).count == 1)
    #expect(
      compound
        != .quantitySample(
          type: steps,
          predicate: mine(
            HKQuery.predicateForSamples(withStart: Self.nextDay, end: nil))))
  }

  @Test func anotherTypeHelperOrArgumentDiffers() {
    let today = HKQuery.predicateForSamples(withStart: Self.day, end: Self.nextDay)
    let first = HKSamplePredicate.quantitySample(type: steps, predicate: today)
    // Another type, the same predicate.
    #expect(first != .quantitySample(type: heartRate, predicate: today))
    // No predicate.
    #expect(first != .quantitySample(type: steps))
    // Another day, other options.
    #expect(
      first
        != .quantitySample(
          type: steps,
          predicate: HKQuery.predicateForSamples(
            withStart: Self.nextDay, end: Self.nextDay.addingTimeInterval(86_400))))
    #expect(
      first
        != .quantitySample(
          type: steps,
          predicate: HKQuery.predicateForSamples(
            withStart: Self.day, end: Self.nextDay, options: .strictStartDate)))
    // Another helper: every helper's predicate is an `NSPredicate(value: true)` underneath,
    // which Foundation's own `isEqual` would call equal.
    #expect(
      first
        != .quantitySample(type: steps, predicate: HKQuery.predicateForObjects(from: .default())))
    #expect(
      first != .quantitySample(type: steps, predicate: NSPredicate(value: true)))
    #expect(
      HKSamplePredicate.quantitySample(type: steps, predicate: NSPredicate(value: true))
        != first)
    #expect(Set([first, .quantitySample(type: heartRate, predicate: today)]).count == 2)
  }
  /// `predicateForWorkouts(activityPredicate:)` around an `NSCompoundPredicate` compares by the
  /// compound's kind and parts, as every other helper predicate does: "running or cycling"
  /// built twice gives equal predicates with one hash (one element of a `Set`, one key of a
  /// dictionary); "running and cycling" and "running or swimming" differ from it.
  @Test func workoutsByACompoundActivityPredicateCompareByItsParts() {
    func workouts(_ type: NSCompoundPredicate.LogicalType, _ second: HKWorkoutActivityType)
      -> NSPredicate
    {
      HKQuery.predicateForWorkouts(
        activityPredicate: NSCompoundPredicate(
          type: type,
          subpredicates: [
            HKQuery.predicateForWorkoutActivities(workoutActivityType: .running),
            HKQuery.predicateForWorkoutActivities(workoutActivityType: second),
          ]))
    }
    let first = workouts(.or, .cycling)
    let second = workouts(.or, .cycling)
    #expect(first.isEqual(second))
    #expect(first.hash == second.hash)
    #expect(HKSamplePredicate.workout(first) == .workout(second))
    #expect(Set([HKSamplePredicate.workout(first), .workout(second)]).count == 1)
    #expect([HKSamplePredicate.workout(first): 1][.workout(second)] == 1)
    #expect(!first.isEqual(workouts(.and, .cycling)))
    #expect(!first.isEqual(workouts(.or, .swimming)))
    #expect(HKSamplePredicate.workout(first) != .workout(workouts(.or, .swimming)))
  }
}
